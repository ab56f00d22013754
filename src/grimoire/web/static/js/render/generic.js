// A table for any game: the view's data laid out, card ids drawn as cards. A field is
// named by the game's `ui.field.<key>` board word (else its key); a word value by its term.
import { cardEl, cardInfo, el } from "../cards.js";
import { term, uiOr } from "../catalog.js";
import { t } from "../i18n.js";

function isCardId(v) {
  return typeof v === "string" && cardInfo(v) !== null;
}

function valueEl(key, value) {
  if (Array.isArray(value) && value.length && value.every(isCardId)) {
    const row = el("div", "card-row");
    for (const id of value) row.append(cardEl(id, { small: true }));
    return row;
  }
  if (isCardId(value)) return cardEl(value, { small: true });
  if (value && typeof value === "object") {
    const box = el("dl", "kv");
    for (const [k, v] of Object.entries(value)) {
      box.append(el("dt", "", uiOr(`field.${k}`, k)));
      const dd = el("dd");
      dd.append(valueEl(k, v));
      box.append(dd);
    }
    return box;
  }
  if (typeof value === "string") return el("span", "val", term(value));
  return el("span", "val", value === null ? "—" : String(value));
}

export function render(board, view, ctx) {
  board.replaceChildren();
  const players = Array.isArray(view.players) ? view.players : null;
  const rest = Object.fromEntries(Object.entries(view).filter(([k]) => k !== "players"));
  const info = el("div", "generic-info");
  info.append(valueEl("", rest));
  board.append(info);
  if (players) {
    const order = ctx.seat === 1 ? [0, 1] : [1, 0];
    for (const i of order) {
      const zone = el("section", `player-zone ${i === ctx.seat ? "me" : "them"}`);
      zone.append(el("h3", "", `${t("seat", i + 1)}${i === ctx.seat ? ` (${t("you")})` : ""}`));
      zone.append(valueEl("", players[i]));
      board.append(zone);
    }
  }
}

export function targets() {
  return [];
}
