// The Chant table: both chant areas (front slots + overflow), underlay, depth, life, piles.
// Every word comes from the game's catalog (ui.* keys of chant/messages.py).
import { backEl, browseButton, cardEl, cardList, cardName, el, renderTable, stat, zone } from "/static/js/cards.js";
import { ui, uiFields, uiOr } from "/static/js/catalog.js";
import { t } from "/static/js/i18n.js";

function areaCard(entry) {
  const ready = entry.ready;
  const stats = [
    { key: "progress", label: ui("stat.progress"), value: `${entry.progress}/${entry.chant}`, cls: ready ? "up" : "" },
  ];
  if (entry.power !== null && entry.power !== undefined) stats.push({ key: "power", label: ui("stat.power"), value: entry.power });
  const marks = [];
  if (ready) marks.push({ text: ui("ready"), cls: "ready" });
  if (entry.activated) marks.push({ text: ui("activated"), cls: "used" });
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
    under.title = ui("underlay");
    for (const u of entry.underlay) {
      const c = cardEl(u.card, { small: true });
      c.dataset.uid = String(u.uid);
      under.append(c);
    }
    slot.append(el("div", "zone-title", `${ui("underlay")} ${entry.underlay.length}`), under);
  }
  return slot;
}

function pileBox(title, items) {
  const box = el("details", "zone pile-zone");
  const summary = el("summary", "zone-title", `${title} (${items.length})`);
  box.append(summary);
  if (items.length) {
    summary.append(` — ${ui("top")}: ${cardName(items[items.length - 1].card)}`);
    box.append(cardList(items));
  }
  summary.append(" ", browseButton(title, items));
  return box;
}

function playerZone(view, p, ctx) {
  const pl = view.players[p];
  const me = ctx.seat === p;
  const z = el("section", `player-zone ${me ? "me" : "them"} ${view.active === p ? "active" : ""}`);
  z.dataset.seat = String(p);
  const head = el("h3");
  head.append(el("span", "", `${t("seat", p + 1)}${me ? ` (${t("you")})` : ""}${view.active === p ? ui("turn_mark") : ""}`));
  head.append(stat("life", ui("life"), pl.life));
  head.append(stat("depth", ui("depth"), pl.depth));
  head.append(stat("", ui("chanting"), `${pl.chanting}/5`));
  head.append(stat("", ui("library"), pl.library));
  head.append(stat("", ui("hand"), pl.hand_count));
  head.append(stat("", ui("forbidden"), pl.forbidden_count));
  z.append(head);

  const front = el("div", "card-row front-row");
  const areaFront = pl.area.filter((e) => e.slot === "front");
  for (const entry of areaFront) front.append(areaCard(entry));
  for (let i = areaFront.length; i < 5; i++) front.append(el("div", "slot-empty"));
  const overflow = pl.area.filter((e) => e.slot !== "front");
  const areaRow = el("div", "zone-row");
  areaRow.append(zone(ui("area_front"), front, "area-front"));
  if (overflow.length) {
    const row = el("div", "card-row overflow-row");
    for (const entry of overflow) row.append(areaCard(entry));
    areaRow.append(zone(ui("overflow_row", { depth: pl.depth }), row, "area-overflow"));
  }

  const hand = el("div", "card-row hand-row");
  if (pl.hand) for (const item of pl.hand) {
    const c = cardEl(item.card);
    c.dataset.uid = String(item.uid);
    hand.append(c);
  } else for (let i = 0; i < pl.hand_count; i++) hand.append(backEl("", true));
  const handZone = zone(`${ui("hand")} (${pl.hand_count})`, hand, "hand");

  const piles = el("div", "zone-row");
  piles.append(pileBox(ui("blank"), pl.blank));
  if (pl.forbidden) piles.append(zone(`${ui("forbidden_books")} (${pl.forbidden_count})`, cardList(pl.forbidden), "forbidden"));
  if (pl.shown && pl.shown.length) piles.append(zone(ui("shown"), cardList(pl.shown), "shown"));

  if (me) z.append(areaRow, handZone, piles);
  else z.append(handZone, piles, areaRow);
  return z;
}

function centre(view) {
  const c = el("div", "center-line");
  const phase = uiOr(`phase.${view.phase}`, view.phase);
  const parts = [
    ui("turn", { n: view.turn }),
    ui("phase_line", { n: view.active + 1, phase }),
    ui("ready_total", { n: view.ready_total }),
  ];
  const flags = view.turn_flags || {};
  const done = uiFields("flag.").filter((f) => flags[f]).map((f) => ui(`flag.${f}`));
  if (done.length) parts.push(done.join(ui("flag_sep")));
  c.textContent = parts.join(" — ");
  if (view.stack && view.stack.length) {
    const s = el("div", "stack-line");
    // each frame by its card and what it is, in the page's language (never the engine's id)
    const what = (f) => uiOr(`frame.${f.kind}`, "");
    s.textContent = `${ui("resolving")}: ${view.stack.map((f) => [f.card ? cardName(f.card) : "", what(f) ? `(${what(f)})` : ""]
      .filter(Boolean).join(" ")).join(" › ")}`;
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
