// 運命予報祭 Destiny Saga table: users with power, attribute and veteran mark; threads;
// crisis zone; hand; the battle and the effect stack.
import { L, attributeName, backEl, cardEl, cardList, cardName, el, renderTable, stat, zone } from "/static/js/cards.js";
import { getLang, t } from "/static/js/i18n.js";

const ABILITIES = {
  chimyaku_houki: ["地脈蜂起", "Ley Uprising"],
  chimyaku_kijutsu: ["地脈記述", "Ley Inscription"],
  chimyaku_kanchi: ["地脈感知", "Ley Sense"],
  chimyaku_no_hako: ["地脈の函", "Ley Box"],
  none: ["なし", "none"],
};

const PHASES = {
  ability: ["予報能力の選択", "Choosing forecast abilities"],
  mulligan: ["手札の引き直し", "Mulligan"],
  upkeep: ["維持", "Upkeep"],
  summon: ["召喚", "Summon"],
  houki: ["地脈蜂起", "Ley Uprising"],
  kijutsu: ["地脈記述", "Ley Inscription"],
  declare: ["攻撃宣言", "Declare attackers"],
  block: ["防御", "Block"],
  window_attacker: ["エフェクト（攻撃側）", "Effect window (attacker)"],
  window_defender: ["エフェクト（防御側）", "Effect window (defender)"],
  fate: ["運命の選別", "Fate selection"],
  over: ["終了", "Over"],
};

const pick = (pair, fallback) => (pair ? pair[getLang() === "ja" ? 0 : 1] : fallback);

function userCard(u, view) {
  const diff = u.power - u.printed;
  const stats = [{ key: "power", label: L("力", "P"), value: diff ? `${u.power} (${u.printed}${diff > 0 ? "+" : ""}${diff})` : u.power, cls: diff > 0 ? "up" : diff < 0 ? "down" : "" }];
  const marks = [];
  if (u.veteran) marks.push({ text: L("★古参", "★Veteran"), cls: "veteran" });
  if (u.ready) marks.push({ text: L("効果使用可", "Effect-ready"), cls: "ready" });
  const b = view.battle;
  if (b && b.attacker && b.attacker.uid === u.uid) marks.push({ text: L("攻撃中", "Attacking"), cls: "attacking" });
  if (b && b.blocker && b.blocker.uid === u.uid) marks.push({ text: L("防御中", "Blocking"), cls: "blocking" });
  if ((view.declared || []).includes(u.uid) && !(b && b.attacker && b.attacker.uid === u.uid)) marks.push({ text: L("攻撃宣言", "Declared"), cls: "declared" });
  const c = cardEl(u.card, { stats, marks, extraClass: u.veteran ? "veteran" : "" });
  c.dataset.uid = String(u.uid);
  return c;
}

function playerZone(view, p, ctx) {
  const pl = view.players[p];
  const me = ctx.seat === p;
  const z = el("section", `player-zone ${me ? "me" : "them"} ${view.active === p ? "active" : ""}`);
  z.dataset.seat = String(p);
  const head = el("h3");
  head.append(el("span", "", `${t("seat", p + 1)}${me ? ` (${t("you")})` : ""}${view.active === p ? L(" ・手番", " · turn") : ""}`));
  head.append(stat("threads", L("運命の糸", "Threads"), pl.threads));
  head.append(stat("", L("予報能力", "Ability"), pl.ability ? pick(ABILITIES[pl.ability], pl.ability) : "?"));
  head.append(stat("", L("山札", "Deck"), pl.deck));
  head.append(stat("", L("手札", "Hand"), pl.hand_count));
  if (pl.saved) head.append(stat("", "Lucky!", L("使用済", "used")));
  z.append(head);

  const field = el("div", "card-row field-row");
  for (const u of pl.field) field.append(userCard(u, view));
  if (!pl.field.length) field.append(el("div", "slot-empty"));
  const fieldZone = zone(`${L("場の能力者", "Users on the field")} (${pl.field.length})`, field, "field");

  const hand = el("div", "card-row hand-row");
  if (pl.hand) for (const item of pl.hand) {
    const c = cardEl(item.card);
    c.dataset.uid = String(item.uid);
    hand.append(c);
  } else for (let i = 0; i < pl.hand_count; i++) hand.append(backEl("", true));
  const handZone = zone(`${L("手札", "Hand")} (${pl.hand_count})`, hand, "hand");

  const piles = el("div", "zone-row");
  piles.append(zone(`${L("クライシス場", "Crisis zone")} (${pl.crisis.length})`, cardList(pl.crisis), "crisis"));
  const discard = el("details", "zone pile-zone");
  const top = pl.discard.length ? ` — ${L("一番上", "top")}: ${cardName(pl.discard[pl.discard.length - 1].card)}` : "";
  discard.append(el("summary", "zone-title", `${L("捨て札", "Discard pile")} (${pl.discard.length})${top}`), cardList(pl.discard));
  piles.append(discard);

  if (me) z.append(fieldZone, piles, handZone);
  else z.append(handZone, piles, fieldZone);
  return z;
}

function centre(view) {
  const c = el("div", "center-line");
  const parts = [L(`ターン${view.turn}`, `Turn ${view.turn}`)];
  if (view.active !== null && view.active !== undefined) parts.push(`${t("seat", view.active + 1)} ${pick(PHASES[view.phase], view.phase)}`);
  if (view.phase === "summon") parts.push(L(`召喚 ${view.summons}/2`, `Summons ${view.summons}/2`));
  c.textContent = parts.join(" — ");
  const b = view.battle;
  if (b) {
    const line = el("div", "battle-line");
    const atk = `${cardName(b.attacker.card)}`;
    const blk = b.blocker ? cardName(b.blocker.card) : L("防御なし", "unblocked");
    line.textContent = `${L("バトル", "Battle")}: ${atk} ⚔ ${blk}`;
    c.append(line);
  }
  if (view.pending) c.append(el("div", "pending-line", `${L("対象", "About")}: ${cardName(view.pending.card)}`));
  for (const f of view.stack || []) {
    const tg = f.all ? L("全ての能力者", "all users") : f.targets.map((x) => cardName(x.card)).join(", ");
    const line = el("div", `stack-line ${f.cancelled ? "cancelled" : ""}`);
    line.textContent = `${t("seat", f.controller + 1)}: ${cardName(f.source.card)}${tg ? ` → ${tg}` : ""}${f.cancelled ? L("（相殺）", " (cancelled)") : ""}`;
    c.append(line);
  }
  return c;
}

export function render(board, view, ctx) {
  renderTable(board, view, ctx, playerZone, centre);
}

// The card an option is about: "summon:10", "attack:3", "block:59", "effect:2", "pay:3"…
export function targets(option, view, board) {
  const [, arg] = option.id.split(":");
  if (arg === undefined || !/^\d+$/.test(arg)) return [];
  return [...board.querySelectorAll(`.card[data-uid="${arg}"]`)];
}

export { attributeName };
