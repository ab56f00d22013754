// Cards as the table shows them: coloured by attribute, with their numbers. Every word
// on a card comes from the game's catalog (see catalog.js):
//   ui.attr.<attribute>  the attribute badge (else the attribute's term)
//   ui.kind.<kind>       a badge for cards of that kind
//   ui.badge.<field>     a badge for cards whose <field> is true
//   ui.stat.<field>      a number badge for cards with that <field>, in catalog order
import { hasUi, ui, uiFields, uiOr, term } from "./catalog.js";
import { getLang, localized, t } from "./i18n.js";

let catalogue = {};
const names = { lang: null, pattern: null, byName: new Map() };

export async function loadCards(game) {
  const res = await fetch(`/api/cards/${encodeURIComponent(game)}`);
  catalogue = res.ok ? (await res.json()).cards : {};
  names.lang = null;
  return catalogue;
}

// The card names of the current language as one pattern (longest first; names of two or
// more characters) and the id of each name: what linkNames (cardpop.js) looks for in text.
export function catalogueNames() {
  const lang = getLang();
  if (names.lang === lang) return names;
  names.lang = lang;
  names.byName = new Map();
  for (const [id, c] of Object.entries(catalogue)) {
    const name = c.name && (c.name[lang] || c.name.ja);
    if (name && name.length >= 2 && !names.byName.has(name)) names.byName.set(name, id);
  }
  const sorted = [...names.byName.keys()].sort((a, b) => b.length - a.length);
  const escaped = sorted.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  names.pattern = escaped.length ? new RegExp(escaped.join("|"), "g") : null;
  return names;
}

export function cardInfo(id) {
  return catalogue[id] || null;
}

export function cardName(id) {
  const c = catalogue[id];
  return c ? localized(c.name) : String(id);
}

// An attribute's name: the game's `ui.attr.<id>` board word, else its term.
export function attributeName(attr) {
  if (!attr) return "";
  return uiOr(`attr.${attr}`, term(attr));
}

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

// A face-up card. `stats` adds or overrides numbers ({label, value, cls}).
export function cardEl(id, { stats = [], marks = [], small = false, extraClass = "" } = {}) {
  const c = catalogue[id] || { id, name: { ja: id, en: id } };
  const card = el("div", `card attr-${c.attribute || "none"} kind-${c.kind || "card"} ${small ? "small" : ""} ${extraClass}`);
  card.dataset.card = id;
  const head = el("div", "card-head");
  head.append(el("span", "card-attr", attributeName(c.attribute)));
  for (const field of uiFields("badge.")) {
    if (c[field] === true) head.append(el("span", `card-badge card-${field}`, ui(`badge.${field}`)));
  }
  if (c.kind && hasUi(`kind.${c.kind}`)) head.append(el("span", "card-kind", ui(`kind.${c.kind}`)));
  card.append(head);
  card.append(el("div", "card-name", localized(c.name)));
  const nums = el("div", "card-nums");
  const base = [];
  for (const field of uiFields("stat.")) {
    const value = c[field];
    if (value !== undefined && value !== null && typeof value !== "object") {
      base.push({ key: field, label: ui(`stat.${field}`), value });
    }
  }
  const merged = [...base.filter((b) => !stats.some((s) => s.key === b.key)), ...stats];
  for (const s of merged) {
    const n = el("span", `num num-${s.key || "x"} ${s.cls || ""}`);
    if (s.label) n.append(el("b", "", s.label));
    n.append(document.createTextNode(String(s.value)));
    nums.append(n);
  }
  card.append(nums);
  for (const m of marks) if (m) card.append(el("div", `mark ${m.cls || ""}`, m.text));
  // The full face opens on hover or tap (cardpop.js); the name and text stay readable to screen readers.
  const text = c.text ? localized(c.text) : "";
  card.setAttribute("aria-label", `${localized(c.name)}${c.attribute ? ` [${attributeName(c.attribute)}]` : ""} ${text}`);
  return card;
}

// A face-down card (a hidden hand card, a deck).
export function backEl(label = "", small = false) {
  const e = el("div", `card back ${small ? "small" : ""}`);
  if (label) e.append(el("div", "back-label", label));
  return e;
}

// A pile: face-down stack with a count, or the top card face-up.
export function pileEl(title, count, topId = null) {
  const wrap = el("div", "pile");
  wrap.append(el("div", "pile-title", title));
  const face = topId ? cardEl(topId, { small: true }) : backEl("", true);
  if (!count) face.classList.add("empty");
  wrap.append(face);
  wrap.append(el("div", "pile-count", String(count ?? 0)));
  return wrap;
}

export { el };

// Building blocks the game renderers share.
export function stat(cls, label, value) {
  const s = el("span", `stat ${cls}`);
  s.append(`${label} `, el("b", "", String(value)));
  return s;
}

export function cardList(items, small = true) {
  const row = el("div", "card-row");
  for (const item of items) {
    const c = cardEl(item.card, { small });
    c.dataset.uid = String(item.uid);
    row.append(c);
  }
  return row;
}

// A button that opens the faces of a pile's cards (items: [{card, uid}]) as a gallery.
export function browseButton(title, items) {
  const b = el("button", "browse-pile", t("browse"));
  b.type = "button";
  b.dataset.pile = title;
  b.disabled = !items.length;
  b.addEventListener("click", (e) => {
    e.preventDefault();
    // the page's card pop-ups (installCardPopups, cardpop.js) open the gallery: cardpop.js imports this module
    b.dispatchEvent(new CustomEvent("grimoire:gallery", { bubbles: true,
                                                          detail: { title, ids: items.map((i) => i.card) } }));
  });
  return b;
}

export function zone(title, content, cls = "") {
  const z = el("div", `zone ${cls}`);
  z.append(el("div", "zone-title", title), content);
  return z;
}

// A table: the opponent's zone on top, the shared centre, the seat's own zone below
// (a spectator sees seat 1 on top).
export function renderTable(board, view, ctx, playerZone, centre) {
  board.replaceChildren();
  const me = ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat;
  board.append(playerZone(view, 1 - me, ctx), centre(view), playerZone(view, me, ctx));
}
