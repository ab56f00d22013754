// Cards as the table shows them: coloured by attribute, with their numbers.
import { getLang, localized } from "./i18n.js";

let catalogue = {};

export async function loadCards(game) {
  const res = await fetch(`/api/cards/${encodeURIComponent(game)}`);
  catalogue = res.ok ? (await res.json()).cards : {};
  return catalogue;
}

export function cardInfo(id) {
  return catalogue[id] || null;
}

export function cardName(id) {
  const c = catalogue[id];
  return c ? localized(c.name) : String(id);
}

const ATTRIBUTES = {
  science: { ja: "科学", en: "Science" },
  fantasy: { ja: "幻想", en: "Fantasy" },
  matter: { ja: "物質", en: "Matter" },
  spirit: { ja: "精神", en: "Spirit" },
  kiryoku: { ja: "気魄", en: "Vigour" },
  jutsushiki: { ja: "術式", en: "Formula" },
  shinpi: { ja: "神秘", en: "Mystery" },
  zenno: { ja: "全能", en: "Omnipotent" },
};

export function attributeName(attr) {
  return ATTRIBUTES[attr] ? ATTRIBUTES[attr][getLang()] : attr || "";
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
  if (c.lucky) head.append(el("span", "card-lucky", "Lucky!"));
  if (c.kind === "forbidden") head.append(el("span", "card-kind", getLang() === "ja" ? "禁書" : "Forbidden"));
  card.append(head);
  card.append(el("div", "card-name", localized(c.name)));
  const nums = el("div", "card-nums");
  const base = [];
  if (c.chant !== undefined && c.chant !== null) base.push({ key: "chant", label: getLang() === "ja" ? "詠" : "C", value: c.chant });
  const powerLabel = c.chant !== undefined ? (getLang() === "ja" ? "威" : "P") : (getLang() === "ja" ? "力" : "P");
  if (c.power !== undefined && c.power !== null) base.push({ key: "power", label: powerLabel, value: c.power });
  if (c.required !== undefined && c.required !== null) base.push({ key: "required", label: getLang() === "ja" ? "要" : "R", value: c.required });
  if (c.value !== undefined && c.value !== null) base.push({ key: "value", label: "", value: c.value });
  const merged = [...base.filter((b) => !stats.some((s) => s.key === b.key)), ...stats];
  for (const s of merged) {
    const n = el("span", `num num-${s.key || "x"} ${s.cls || ""}`);
    if (s.label) n.append(el("b", "", s.label));
    n.append(document.createTextNode(String(s.value)));
    nums.append(n);
  }
  card.append(nums);
  for (const m of marks) if (m) card.append(el("div", `mark ${m.cls || ""}`, m.text));
  const text = c.text ? localized(c.text) : "";
  card.title = `${localized(c.name)}${c.attribute ? ` [${attributeName(c.attribute)}]` : ""}\n${text}`;
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

// Building blocks both tables share.
export const L = (ja, en) => (getLang() === "ja" ? ja : en);

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
