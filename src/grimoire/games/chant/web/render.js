// 詠唱 Chant table: both chant areas (front slots + overflow), underlay, depth, life, piles.
import { L, backEl, cardEl, cardList, cardName, el, renderTable, stat, zone } from "/static/js/cards.js";
import { t } from "/static/js/i18n.js";

const PHASES = {
  C: () => L("詠唱フェイズ", "C phase (chant)"),
  A: () => L("発動フェイズ", "A phase (activate)"),
  R: () => L("暴走判定", "Runaway check"),
  E: () => L("終了フェイズ", "E phase (end)"),
  D: () => L("ドローフェイズ", "D phase (draw)"),
};

function areaCard(entry) {
  const ready = entry.ready;
  const stats = [
    { key: "progress", label: L("進", "▶"), value: `${entry.progress}/${entry.chant}`, cls: ready ? "up" : "" },
  ];
  if (entry.power !== null && entry.power !== undefined) stats.push({ key: "power", label: L("威", "P"), value: entry.power });
  const marks = [];
  if (ready) marks.push({ text: L("発動待ち", "Ready"), cls: "ready" });
  if (entry.activated) marks.push({ text: L("発動済", "Activated"), cls: "used" });
  const card = cardEl(entry.card, { stats, marks, extraClass: `${ready ? "ready" : "chanting"} ${entry.activated ? "used" : ""}` });
  card.dataset.uid = String(entry.uid);
  const bar = el("div", "progress-bar");
  const fill = el("span");
  fill.style.width = `${Math.min(100, entry.chant ? (100 * entry.progress) / entry.chant : 100)}%`;
  bar.append(fill);
  card.append(bar);
  const slot = el("div", "stack-slot");
  slot.append(card);
  if (entry.underlay && entry.underlay.length) {
    const under = el("div", "underlay");
    under.title = L("下地", "Underlay");
    for (const u of entry.underlay) {
      const c = cardEl(u.card, { small: true });
      c.dataset.uid = String(u.uid);
      under.append(c);
    }
    slot.append(el("div", "zone-title", `${L("下地", "Underlay")} ${entry.underlay.length}`), under);
  }
  return slot;
}

function pileBox(title, items) {
  const box = el("details", "zone pile-zone");
  const summary = el("summary", "zone-title", `${title} (${items.length})`);
  box.append(summary);
  if (items.length) {
    summary.append(` — ${L("一番上", "top")}: ${cardName(items[items.length - 1].card)}`);
    box.append(cardList(items));
  }
  return box;
}

function playerZone(view, p, ctx) {
  const pl = view.players[p];
  const me = ctx.seat === p;
  const z = el("section", `player-zone ${me ? "me" : "them"} ${view.active === p ? "active" : ""}`);
  z.dataset.seat = String(p);
  const head = el("h3");
  head.append(el("span", "", `${t("seat", p + 1)}${me ? ` (${t("you")})` : ""}${view.active === p ? L(" ・手番", " · turn") : ""}`));
  head.append(stat("life", L("ライフ", "Life"), pl.life));
  head.append(stat("depth", L("深度", "Depth"), pl.depth));
  head.append(stat("", L("詠唱中", "Chanting"), `${pl.chanting}/5`));
  head.append(stat("", L("書庫", "Library"), pl.library));
  head.append(stat("", L("手札", "Hand"), pl.hand_count));
  head.append(stat("", L("禁書", "Forbidden"), pl.forbidden_count));
  z.append(head);

  const front = el("div", "card-row front-row");
  const areaFront = pl.area.filter((e) => e.slot === "front");
  for (const entry of areaFront) front.append(areaCard(entry));
  for (let i = areaFront.length; i < 5; i++) front.append(el("div", "slot-empty"));
  const overflow = pl.area.filter((e) => e.slot !== "front");
  const areaRow = el("div", "zone-row");
  areaRow.append(zone(L("詠唱エリア（前列5枠）", "Chant area (5 front slots)"), front, "area-front"));
  if (overflow.length) {
    const row = el("div", "card-row overflow-row");
    for (const entry of overflow) row.append(areaCard(entry));
    areaRow.append(zone(L(`はみ出し列（深度${pl.depth}）`, `Overflow row (depth ${pl.depth})`), row, "area-overflow"));
  }

  const hand = el("div", "card-row hand-row");
  if (pl.hand) for (const item of pl.hand) {
    const c = cardEl(item.card);
    c.dataset.uid = String(item.uid);
    hand.append(c);
  } else for (let i = 0; i < pl.hand_count; i++) hand.append(backEl("", true));
  const handZone = zone(`${L("手札", "Hand")} (${pl.hand_count})`, hand, "hand");

  const piles = el("div", "zone-row");
  piles.append(pileBox(L("空書置場", "Blank pile"), pl.blank));
  if (pl.forbidden) piles.append(zone(`${L("禁書", "Forbidden books")} (${pl.forbidden_count})`, cardList(pl.forbidden), "forbidden"));
  if (pl.shown && pl.shown.length) piles.append(zone(L("公開中", "Shown"), cardList(pl.shown), "shown"));

  if (me) z.append(areaRow, handZone, piles);
  else z.append(handZone, piles, areaRow);
  return z;
}

function centre(view) {
  const c = el("div", "center-line");
  const phase = (PHASES[view.phase] || (() => view.phase))();
  const parts = [
    L(`ターン${view.turn}`, `Turn ${view.turn}`),
    `${t("seat", view.active + 1)} ${phase}`,
    L(`発動待ち合計 ${view.ready_total}（10を超えると暴走判定）`, `Ready cards ${view.ready_total} (runaway check above 10)`),
  ];
  const f = view.turn_flags || {};
  const done = [];
  if (f.placed) done.push(L("配置済", "placed"));
  if (f.book_placed) done.push(L("禁書配置済", "book placed"));
  if (f.advanced) done.push(L("進行済", "advanced"));
  if (f.discarded) done.push(L("捨て札済", "discarded"));
  if (done.length) parts.push(done.join("・"));
  c.textContent = parts.join(" — ");
  if (view.stack && view.stack.length) {
    const s = el("div", "stack-line");
    s.textContent = `${L("解決中", "Resolving")}: ${view.stack.map((f) => `${f.card ? cardName(f.card) : ""} (${f.frame})`).join(" › ")}`;
    c.append(s);
  }
  return c;
}

export function render(board, view, ctx) {
  renderTable(board, view, ctx, playerZone, centre);
}

// The card an option is about: "place:45", "under:5", "counter:12", "reveal:fireball"…
export function targets(option, view, board) {
  const [, arg] = option.id.split(":");
  if (arg === undefined) return [];
  if (/^\d+$/.test(arg)) return [...board.querySelectorAll(`.card[data-uid="${arg}"]`)];
  return [...board.querySelectorAll(`.shown .card[data-card="${CSS.escape(arg)}"]`)];
}
