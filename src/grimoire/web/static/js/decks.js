// The deck builder: the server's card pool (built-in and saved cards) searched by name
// (Japanese or English, kana-insensitive) and filtered by the cards' fields; the deck
// counted against the deck rules, every violation listed at once (checked by the server,
// in the page's language); decks saved by name on the server; the plain-text deck format
// read and written.
import { attributeName, loadCards } from "./cards.js";
import { installCardPopups } from "./cardpop.js";
import { loadCatalog, uiOr } from "./catalog.js";
import { getLang, langSwitch, localized, setLang, t, translatePage } from "./i18n.js";
import { $, el, gameChoices } from "./dom.js";
import { ownerToken } from "./owner.js";

// the fields to filter by and the numbers on the cards come with the pool, from the game's plugin
const S = { meta: null, game: null, pool: [], rules: [], labels: {}, deck: new Map(), timer: null, seq: 0, filters: {},
  fields: ["kind"], numbers: [] };

// Text for searching: width-folded, lower case, katakana as hiragana, without spaces and dots.
export function fold(text) {
  return (text || "").normalize("NFKC").toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/[\s・･.\-_]/g, "");
}

function byId(id) {
  return S.pool.find((c) => c.id === id);
}

function sectionOf(card) {
  return S.rules.find((s) => !s.kinds.length || s.kinds.includes(card.kind)) || S.rules[0];
}

function fieldLabel(field) {
  if (field === "kind") return t("db_kind");
  if (field === "attribute") return t("db_attr");
  return S.labels[field] || uiOr(`stat.${field}`, field);
}

function valueLabel(field, value) {
  if (value === null || value === undefined) return "--";
  if (field === "attribute") return attributeName(value);
  if (field === "kind") return (S.rules.find((s) => s.kinds.includes(value)) || {}).title || uiOr(`kind.${value}`, value);
  return String(value);
}

// ----- the pool ------------------------------------------------------------------------
function buildFilters() {
  const box = $("filters");
  for (const old of box.querySelectorAll("[data-filter]")) old.parentElement.remove();
  for (const field of S.fields) {
    const values = [...new Set(S.pool.map((c) => c[field]).filter((v) => v !== undefined))];
    if (values.length < 2) continue;
    values.sort((a, b) => (a === null) - (b === null) || (typeof a === "number" ? a - b : String(a).localeCompare(String(b))));
    const select = el("select");
    select.dataset.filter = field;
    select.append(el("option", { value: "", textContent: t("db_any") }));
    for (const v of values) select.append(el("option", { value: JSON.stringify(v), textContent: valueLabel(field, v) }));
    select.value = S.filters[field] ?? "";
    select.addEventListener("change", () => { S.filters[field] = select.value; renderPool(); });
    box.append(el("label", {}, el("span", { textContent: fieldLabel(field) }), select));
  }
  // the designers' tags (generic utility, a theme): a card matches when it carries the chosen tag
  const tags = [...new Set(S.pool.flatMap((c) => c.tags || []))].sort((a, b) => a.localeCompare(b));
  if (tags.length) {
    const select = el("select");
    select.dataset.filter = "tags";
    select.append(el("option", { value: "", textContent: t("db_any") }));
    for (const tag of tags) select.append(el("option", { value: tag, textContent: tag }));
    select.value = S.tag && tags.includes(S.tag) ? S.tag : "";
    select.addEventListener("change", () => { S.tag = select.value; renderPool(); });
    box.append(el("label", {}, el("span", { textContent: t("db_tag") }), select));
  }
}

// Every word of the query (spaces between) is in the card's rules text, in either language.
function textMatches(card, query) {
  const hay = fold([card.text?.ja, card.text?.en].join("\n"));
  return query.split(/\s+/).filter(Boolean).every((word) => hay.includes(fold(word)));
}

function matches(card, query) {
  if (query) {
    const hay = [card.name.ja, card.name.en, card.ruby, card.id].map(fold).join("\n");
    if (!hay.includes(query)) return false;
  }
  for (const field of S.fields) {
    const want = S.filters[field];
    if (want && JSON.stringify(card[field] ?? null) !== want) return false;
  }
  if (S.tag && !(card.tags || []).includes(S.tag)) return false;
  return textMatches(card, $("text-search").value);
}

function cardMeta(card) {
  const parts = [valueLabel("kind", card.kind)];
  if (card.attribute) parts.push(attributeName(card.attribute));
  for (const f of S.numbers) if (f in card && S.fields.includes(f)) parts.push(`${fieldLabel(f)} ${valueLabel(f, card[f])}`);
  if (card.lucky) parts.push("Lucky!");
  if (card.author) parts.push(t("db_custom", card.author));
  return parts.join(" · ");
}

function renderPool() {
  const query = fold($("search").value);
  const list = $("pool");
  list.replaceChildren();
  const shown = S.pool.filter((c) => matches(c, query));
  for (const card of shown) {
    const name = el("div", {}, el("span", { className: "card-ref", textContent: localized(card.name) }),
      el("div", { className: "meta", textContent: cardMeta(card) }));
    name.firstChild.dataset.card = card.id;
    const count = el("span", { className: "in-deck", textContent: S.deck.get(card.id) ? `×${S.deck.get(card.id)}` : "" });
    const add = el("button", { type: "button", textContent: "+", title: t("db_add") });
    add.setAttribute("aria-label", `${t("db_add")}: ${localized(card.name)}`);
    add.addEventListener("click", () => change(card.id, 1));
    if (card.author) {  // a card made on this server: its files
      const base = `/api/cards/${encodeURIComponent(S.game.name)}/${encodeURIComponent(card.id)}/export`;
      const files = el("div", { className: "meta exports" },
        el("a", { href: `${base}?format=forum&lang=${getLang()}`, textContent: t("ed_forum") }), " · ",
        el("a", { href: `${base}?format=toml`, textContent: "TOML" }), " · ",
        el("a", { href: `/cards/${encodeURIComponent(S.game.name)}/${encodeURIComponent(card.id)}.svg?lang=${getLang()}`,
          textContent: "SVG", download: `${card.id}-${getLang()}.svg` }));
      name.append(files);
    }
    const li = el("li", {}, name, count, add);
    li.dataset.id = card.id;
    list.append(li);
  }
  $("shown").textContent = t("db_shown", shown.length);
}

// ----- the deck ------------------------------------------------------------------------
function change(id, by) {
  const n = (S.deck.get(id) || 0) + by;
  if (n > 0) S.deck.set(id, n); else S.deck.delete(id);
  renderDeck();
  renderPool();
}

export function deckText() {
  const lines = [];
  const name = $("deck-name").value.trim();
  if (name) lines.push(`name: ${name.replace(/#/g, "")}`);
  for (const section of S.rules) {
    const cards = [...S.deck.entries()].filter(([id]) => byId(id) && sectionOf(byId(id)).name === section.name);
    if (!cards.length) continue;
    lines.push(`[${section.title}]`);  // the page's own words for the section (an alias the deck reader knows)
    for (const [id, n] of cards) lines.push(`${n} ${localized(byId(id).name)}`);
  }
  return lines.join("\n") + "\n";
}

function renderDeck() {
  const list = $("deck");
  list.replaceChildren();
  const counts = [];
  for (const section of S.rules) {
    const cards = [...S.deck.entries()].filter(([id]) => byId(id) && sectionOf(byId(id)).name === section.name);
    const total = cards.reduce((a, [, n]) => a + n, 0);
    const want = section.exact !== null ? `${section.exact}` : section.maximum !== null ? `≤${section.maximum}` : "";
    const okay = section.exact !== null ? total === section.exact
      : total >= section.minimum && (section.maximum === null || total <= section.maximum);
    counts.push(el("span", { className: okay ? "ok" : "bad", textContent: `${section.title} ${total}${want ? `/${want}` : ""}  ` }));
    if (!cards.length) continue;
    list.append(el("li", { className: "section-head" }, el("b", { textContent: `${section.title} (${total})` })));
    for (const [id, n] of cards) {
      const card = byId(id);
      const name = el("span", { className: "card-ref", textContent: `${n} × ${localized(card.name)}` });
      name.dataset.card = id;
      const minus = el("button", { type: "button", textContent: "−", title: t("db_remove") });
      minus.setAttribute("aria-label", `${t("db_remove")}: ${localized(card.name)}`);
      minus.addEventListener("click", () => change(id, -1));
      const plus = el("button", { type: "button", textContent: "+", title: t("db_add") });
      plus.addEventListener("click", () => change(id, 1));
      const li = el("li", {}, name, minus, plus);
      li.dataset.id = id;
      list.append(li);
    }
  }
  $("counts").replaceChildren(...counts);
  scheduleCheck();
}

function showProblems(problems, lines) {
  const list = $("problems");
  list.replaceChildren();
  list.className = problems.length ? "problems" : "problems none";
  if (!problems.length) list.append(el("li", { textContent: t("db_legal") }));
  for (const p of problems) list.append(el("li", { textContent: (lines && p.line ? `${t("line", p.line)}: ` : "") + p.message }));
}

async function check(text, lines = false) {
  const seq = ++S.seq;
  const card = (line) => line.trim() && !/^\s*(\[|#|name\s*:)/i.test(line);
  if (!text.split("\n").some(card)) {  // no card yet: say what to do, in the page's words
    showProblems([{ line: null, message: t("db_empty") }], false);
    document.body.dataset.checked = String(seq);
    return;
  }
  const res = await fetch("/api/decks/check", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: S.game.name, text, lang: getLang(), owner: ownerToken() }),
  });
  const body = await res.json();
  if (seq !== S.seq) return;
  const problems = body.ok ? [] : body.error.problems || [{ line: body.error.line, message: body.error.message }];
  const drafts = draftLines(text);  // a draft of this browser named in the list: said so, in place of "unknown"
  showProblems([...drafts, ...problems.filter((p) => !drafts.some((d) => d.line === p.line))], lines);
  document.body.dataset.checked = String(seq);
}

// Lines of a deck list naming a card kept as a draft in this browser (the card editor's drafts).
function draftLines(text) {
  let drafts = [];
  try { drafts = JSON.parse(localStorage.getItem("grimoire.drafts") || "[]"); } catch { drafts = []; }
  const mine = new Map(drafts.filter((d) => d.game === S.game.name && d.fields && d.fields.name)
    .map((d) => [fold(d.fields.name), d]));
  const out = [];
  text.split("\n").forEach((raw, i) => {
    const m = raw.split("#")[0].trim().match(/^(\d+)\s*[xX×]?\s+(.+?)\s*$/);
    const draft = m && mine.get(fold(m[2]));
    if (draft) out.push({ line: i + 1, message: t("db_draft", draft.fields.name, (draft.unread || []).length) });
  });
  return out;
}

function scheduleCheck() {
  clearTimeout(S.timer);
  S.timer = setTimeout(() => check(deckText()), 200);
}

// Read a plain-text deck list into the builder (names in either language, or ids).
function importText(text) {
  const find = new Map();
  for (const c of S.pool) for (const key of [c.id, c.name.ja, c.name.en]) find.set(fold(key), c.id);
  S.deck = new Map();
  for (const raw of text.split("\n")) {
    const line = raw.split("#")[0].trim();
    const named = line.match(/^(?:name|名前)\s*[:：]\s*(.*)$/i);
    if (named) { $("deck-name").value = named[1]; continue; }
    const m = line.match(/^(\d+)\s*[xX×]?\s+(.+?)\s*$/);
    if (!m) continue;
    const id = find.get(fold(m[2]));
    if (id) S.deck.set(id, (S.deck.get(id) || 0) + Number(m[1]));
  }
  renderDeck();
  renderPool();
  clearTimeout(S.timer);
  check(text, true);  // the list as written: unknown names and syntax show as problems, with their lines
}

async function save() {
  const status = $("save-status");
  const body = { game: S.game.name, lang: getLang(), name: $("deck-name").value, author: $("author").value, text: deckText(),
                 owner: ownerToken() };
  let res = await fetch("/api/decks/save", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  let data = await res.json();
  if (res.status === 409 && window.confirm(t("db_replace", body.name.trim()))) {
    res = await fetch("/api/decks/save", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...body, replace: true }) });
    data = await res.json();
  }
  if (res.status === 201) {
    status.className = "status-line ok";
    status.textContent = t("db_saved", data.saved);
    loadSaved();
  } else {
    status.className = "status-line bad";
    status.textContent = data.error ? data.error.message : res.statusText;
  }
}

async function loadSaved() {
  const res = await fetch(`/api/decks/${encodeURIComponent(S.game.name)}`);
  const data = res.ok ? await res.json() : { decks: [] };
  const list = $("saved-decks");
  list.replaceChildren();
  if (!data.decks.length) list.append(el("li", { className: "muted", textContent: t("none_yet") }));
  for (const d of data.decks) {
    const open = el("button", { type: "button", textContent: t("db_open") });
    open.addEventListener("click", async () => {
      const one = await fetch(`/api/decks/${encodeURIComponent(S.game.name)}/${encodeURIComponent(d.name)}`);
      if (!one.ok) return;
      const deck = await one.json();
      $("deck-text").value = deck.text; $("deck-name").value = deck.name; importText(deck.text);
    });
    list.append(el("li", {}, el("span", { textContent: `${d.name} — ${d.author} ` }), open));
  }
}

// ----- games and languages ------------------------------------------------------------
async function chooseGame(game) {
  S.game = game;
  S.deck = new Map();
  S.filters = {};
  const [pool] = await Promise.all([
    fetch(`/api/pool/${encodeURIComponent(game.name)}?lang=${getLang()}`).then((r) => r.json()),
    loadCatalog(game.name), loadCards(game.name),
  ]);
  const order = (c) => pool.rules.findIndex((s) => !s.kinds.length || s.kinds.includes(c.kind));
  S.fields = pool.filters || ["kind"];
  S.numbers = pool.numbers || [];
  const first = (c) => S.numbers.map((f) => c[f]).find((v) => typeof v === "number") ?? 0;
  S.pool = pool.cards.sort((a, b) => order(a) - order(b) || first(a) - first(b) || a.id.localeCompare(b.id));
  S.rules = pool.rules;
  S.labels = pool.labels || {};
  installCardPopups(game.name);
  buildFilters();
  renderStarters();
  renderPool();
  renderDeck();
  loadSaved();
}

// The starter decks of the game: choosing one replaces the deck being built by it (its name too).
function renderStarters() {
  const select = $("starter");
  select.replaceChildren(el("option", { value: "", textContent: "—" }),
    ...(S.game.starters || []).map((d) => el("option", { value: d.id, textContent: localized(d.name) })));
}

function startFrom(id) {
  const deck = (S.game.starters || []).find((d) => d.id === id);
  if (!deck) return;
  S.deck = new Map();
  for (const cid of deck.cards) if (byId(cid)) S.deck.set(cid, (S.deck.get(cid) || 0) + 1);
  $("deck-name").value = localized(deck.name);
  renderDeck();
  renderPool();
  scheduleCheck();
}

function renderGames() {
  gameChoices($("games"), S.meta.games, S.game.name, localized, chooseGame);
}

async function main() {
  setLang(getLang());
  translatePage();
  $("lang").append(langSwitch(async () => {
    translatePage();
    renderGames();
    const pool = await (await fetch(`/api/pool/${encodeURIComponent(S.game.name)}?lang=${getLang()}`)).json();
    S.rules = pool.rules;
    S.labels = pool.labels || {};
    buildFilters();
    renderStarters();
    renderPool();
    renderDeck();
  }));
  S.meta = await (await fetch("/api/meta")).json();
  const wanted = new URLSearchParams(location.search).get("game");
  S.game = S.meta.games.find((g) => g.name === wanted) || S.meta.games[0];
  renderGames();
  await chooseGame(S.game);
  $("search").addEventListener("input", renderPool);
  $("text-search").addEventListener("input", renderPool);
  $("deck-name").addEventListener("input", scheduleCheck);
  $("clear").addEventListener("click", () => { S.deck = new Map(); renderDeck(); renderPool(); });
  $("save").addEventListener("click", save);
  $("import").addEventListener("click", () => importText($("deck-text").value));
  $("export").addEventListener("click", () => { $("deck-text").value = deckText(); });
  $("starter").addEventListener("change", (e) => { startFrom(e.target.value); e.target.value = ""; });
  document.body.dataset.ready = "1";
}

main();
