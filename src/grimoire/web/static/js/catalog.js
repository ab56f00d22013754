// A game's own words, from its message catalog on the server (GET /api/catalog/{game}):
// `ui.*` board words and phrases (templates with {name} fields) and terms (rules words
// such as attributes or abilities). The table's JavaScript holds no game words itself.
import { getLang } from "./i18n.js";

let catalog = { ui: {}, terms: {} };

export async function loadCatalog(game) {
  const res = await fetch(`/api/catalog/${encodeURIComponent(game)}`);
  catalog = res.ok ? await res.json() : { ui: {}, terms: {} };
  return catalog;
}

function pick(entry) {
  return entry[getLang()] ?? entry.en ?? entry.ja ?? "";
}

// Whether the game's catalog has the board word `ui.<key>`.
export function hasUi(key) {
  return Object.hasOwn(catalog.ui, key);
}

// The board word `ui.<key>` in the current language, its {fields} filled from `args`
// (a missing field shows "?", an unknown key shows the key).
export function ui(key, args = {}) {
  if (!hasUi(key)) return key;
  return pick(catalog.ui[key]).replace(/\{(\w+)\}/g, (_, name) => (args[name] ?? "?").toString());
}

// `ui.<key>` if the catalog has it, else `fallback`.
export function uiOr(key, fallback, args = {}) {
  return hasUi(key) ? ui(key, args) : fallback;
}

// The fields named by `ui.<prefix>*` keys, in catalog order (uiFields("stat.") → the card fields with a number).
export function uiFields(prefix) {
  return Object.keys(catalog.ui).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
}

// A rules word (attribute, ability, reason…) in the current language; unknown words as they are.
export function term(word) {
  if (word === null || word === undefined) return "";
  return Object.hasOwn(catalog.terms, word) ? pick(catalog.terms[word]) : String(word);
}
