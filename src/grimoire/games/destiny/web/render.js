// The Destiny Saga table: users with power, attribute and veteran mark; threads; crisis
// zone; hand; the battle and the effect stack. Every word comes from the game's catalog
// (ui.* keys and terms of destiny/messages.py).
import { attributeName, backEl, browseButton, cardEl, cardList, cardName, el, renderTable, stat, zone } from "/static/js/cards.js";
import { term, ui, uiOr } from "/static/js/catalog.js";
import { t } from "/static/js/i18n.js";

function userCard(u, view) {
  const diff = u.power - u.printed;
  const stats = [{ key: "power", label: ui("stat.power"), value: diff ? `${u.power} (${u.printed}${diff > 0 ? "+" : ""}${diff})` : u.power, cls: diff > 0 ? "up" : diff < 0 ? "down" : "" }];
  const marks = [];
  if (u.veteran) marks.push({ text: ui("veteran_mark"), cls: "veteran" });
  if (u.ready) marks.push({ text: ui("effect_ready"), cls: "ready" });
  const b = view.battle;
  if (b && b.attacker && b.attacker.uid === u.uid) marks.push({ text: ui("attacking"), cls: "attacking" });
  if (b && b.blocker && b.blocker.uid === u.uid) marks.push({ text: ui("blocking"), cls: "blocking" });
  if ((view.declared || []).includes(u.uid) && !(b && b.attacker && b.attacker.uid === u.uid)) marks.push({ text: ui("declared"), cls: "declared" });
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
  head.append(el("span", "", `${t("seat", p + 1)}${me ? ` (${t("you")})` : ""}${view.active === p ? ui("turn_mark") : ""}`));
  head.append(stat("threads", ui("threads"), pl.threads));
  head.append(stat("", ui("ability"), pl.ability ? term(pl.ability) : "?"));
  head.append(stat("", ui("deck"), pl.deck));
  head.append(stat("", ui("hand"), pl.hand_count));
  if (pl.saved) head.append(stat("", ui("lucky"), ui("used")));
  z.append(head);

  const field = el("div", "card-row field-row");
  for (const u of pl.field) field.append(userCard(u, view));
  if (!pl.field.length) field.append(el("div", "slot-empty"));
  const fieldZone = zone(`${ui("users")} (${pl.field.length})`, field, "field");

  const hand = el("div", "card-row hand-row");
  if (pl.hand) for (const item of pl.hand) {
    const c = cardEl(item.card);
    c.dataset.uid = String(item.uid);
    hand.append(c);
  } else for (let i = 0; i < pl.hand_count; i++) hand.append(backEl("", true));
  const handZone = zone(`${ui("hand")} (${pl.hand_count})`, hand, "hand");

  const piles = el("div", "zone-row");
  piles.append(zone(`${ui("crisis")} (${pl.crisis.length})`, cardList(pl.crisis), "crisis"));
  const discard = el("details", "zone pile-zone");
  const top = pl.discard.length ? ` — ${ui("top")}: ${cardName(pl.discard[pl.discard.length - 1].card)}` : "";
  const summary = el("summary", "zone-title", `${ui("discard_pile")} (${pl.discard.length})${top}`);
  summary.append(" ", browseButton(ui("discard_pile"), pl.discard));
  discard.append(summary, cardList(pl.discard));
  piles.append(discard);

  if (me) z.append(fieldZone, piles, handZone);
  else z.append(handZone, piles, fieldZone);
  return z;
}

function centre(view) {
  const c = el("div", "center-line");
  const parts = [ui("turn", { n: view.turn })];
  if (view.active !== null && view.active !== undefined) {
    parts.push(ui("phase_line", { n: view.active + 1, phase: uiOr(`phase.${view.phase}`, view.phase) }));
  }
  if (view.phase === "summon") parts.push(ui("summons", { n: view.summons }));
  c.textContent = parts.join(" — ");
  const b = view.battle;
  if (b) {
    const line = el("div", "battle-line");
    const blk = b.blocker ? cardName(b.blocker.card) : ui("unblocked");
    line.textContent = ui("battle_line", { a: cardName(b.attacker.card), d: blk });
    c.append(line);
  }
  if (view.pending) c.append(el("div", "pending-line", `${ui("about")}: ${cardName(view.pending.card)}`));
  for (const f of view.stack || []) {
    const tg = f.all ? ui("all_users") : f.targets.map((x) => cardName(x.card)).join(", ");
    const line = el("div", `stack-line ${f.cancelled ? "cancelled" : ""}`);
    line.textContent = `${t("seat", f.controller + 1)}: ${cardName(f.source.card)}${tg ? ` → ${tg}` : ""}${f.cancelled ? ui("cancelled") : ""}`;
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
