// The Toy Race table (docs/protocol.md 11): each side's track to the goal, its hand and its played cards.
// It imports only the shared modules the protocol lists, and every word comes from the game's catalog
// (ui.* keys of grimoire_toy_race/game.py; ui.field.<key> names a field of the view, as on the generic table).
import { backEl, cardEl, el, renderTable, stat, zone } from "/static/js/cards.js";
import { ui, uiOr } from "/static/js/catalog.js";
import { t } from "/static/js/i18n.js";

function field(key) {
  return uiOr(`field.${key}`, key);
}

function track(pos, goal) {
  const bar = el("div", "progress-bar");
  const fill = el("span");
  fill.style.width = `${Math.min(100, (100 * pos) / Math.max(1, goal))}%`;
  bar.append(fill);
  return bar;
}

function playerZone(view, p, ctx) {
  const pl = view.players[p];
  const me = ctx.seat === p;
  const z = el("section", `player-zone ${me ? "me" : "them"} ${view.turn_player === p ? "active" : ""}`);
  z.dataset.seat = String(p);
  const head = el("h3");
  head.append(el("span", "", `${t("seat", p + 1)}${me ? ` (${t("you")})` : ""}${view.turn_player === p ? ui("turn_mark") : ""}`));
  head.append(stat("pos", field("pos"), `${pl.pos} / ${view.goal}`));
  head.append(stat("", field("library_count"), pl.library_count));
  z.append(head, track(pl.pos, view.goal));
  const hand = el("div", "card-row hand");
  if (pl.hand) for (const id of pl.hand) hand.append(cardEl(id));
  else for (let i = 0; i < pl.hand_count; i++) hand.append(backEl("", true));
  z.append(zone(`${field("hand")} (${pl.hand_count})`, hand, "shown"));
  const played = el("div", "card-row");
  for (const id of pl.played) played.append(cardEl(id, { small: true }));
  z.append(zone(`${field("played")} (${pl.played.length})`, played));
  return z;
}

function centre(view) {
  return el("div", "center-line", `${ui("turn", { n: view.turn })} — ${field("goal")} ${view.goal}`);
}

export function render(board, view, ctx) {
  renderTable(board, view, ctx, playerZone, centre);
}

// The cards an option is about: "play:step2" and "trip:step1" name a card id of the seat's own hand.
export function targets(option, view, board, ctx) {
  const [, card] = option.id.split(":");
  if (card === undefined || ctx.seat === null || ctx.seat === undefined) return [];
  return [...board.querySelectorAll(`.player-zone[data-seat="${ctx.seat}"] .hand .card[data-card="${CSS.escape(card)}"]`)];
}
