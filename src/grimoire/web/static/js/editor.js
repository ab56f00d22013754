// The card editor: the fields of the game's forum template (or a pasted post), checked by
// the server as you type — face, generated text, forum text and TOML, and each error at
// its field — and saved to the server's card store. Every text is shown as text; the face
// is an <img> of the SVG the server drew.
import { getLang, langSwitch, localized, setLang, t, translatePage } from "./i18n.js";
import { $, el, gameChoices } from "./dom.js";
import { ownerToken } from "./owner.js";

const S = { meta: null, game: null, template: null, last: null, timer: null, seq: 0, unread: [], verdict: null, verdictDone: null };

async function post(path, body) {
  const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  let data = {};
  try { data = await res.json(); } catch { data = { error: { message: res.statusText } }; }
  return { status: res.status, data };
}

// ----- the template's fields ------------------------------------------------------
function errorLine(name) {
  const p = el("p", { className: "field-error" });
  p.dataset.for = name;
  return p;
}

function buildTemplate() {
  const spec = S.template;
  const stats = $("stats");
  stats.replaceChildren();
  for (const item of spec.stats) {
    const name = `stats.${item.key}`;
    const id = `f-stat-${stats.childElementCount}`;
    let input;
    if (item.values.length) {
      input = el("select", { id });
      input.append(el("option", { value: "", textContent: "—" }));
      for (const v of item.values) input.append(el("option", { value: v, textContent: v }));
    } else {
      input = el("input", { id, type: "text", inputMode: "numeric", maxLength: 40, placeholder: "--" });
    }
    input.dataset.field = name;
    input.dataset.key = item.key;
    stats.append(el("div", {}, el("label", { htmlFor: id, textContent: item.key }), input, errorLine(name)));
  }
  const flags = $("flags");
  flags.replaceChildren();
  if (spec.flags.length) flags.append(el("span", { textContent: `${t("ed_flags")}: ` }));
  for (const flag of spec.flags) {
    const box = el("input", { type: "checkbox", value: flag });
    box.dataset.flag = flag;
    flags.append(el("label", {}, box, ` ${flag} `));
  }
  const sections = $("sections");
  sections.replaceChildren();
  spec.sections.forEach((label, i) => {
    const name = `section.${label}`;
    const id = `f-section-${i}`;
    const area = el("textarea", { id, rows: 3, maxLength: 4000, placeholder: t("ed_section_hint") });
    area.dataset.field = name;
    area.dataset.section = label;
    sections.append(el("label", { htmlFor: id, textContent: label }), area, errorLine(name));
  });
}

function readFields() {
  const fields = { stats: {}, flags: [], sections: {} };
  for (const key of ["name", "ruby", "other_name", "id", "flavor", "other_flavor", "tags"]) fields[key] = $(`f-${key}`).value;
  for (const input of $("stats").querySelectorAll("[data-key]")) fields.stats[input.dataset.key] = input.value;
  for (const box of $("flags").querySelectorAll("[data-flag]")) if (box.checked) fields.flags.push(box.dataset.flag);
  for (const area of $("sections").querySelectorAll("[data-section]")) fields.sections[area.dataset.section] = area.value;
  return fields;
}

function fillFields(fields) {
  for (const key of ["name", "ruby", "other_name", "id", "flavor", "other_flavor", "tags"]) $(`f-${key}`).value = fields[key] || "";
  for (const input of $("stats").querySelectorAll("[data-key]")) {
    const value = (fields.stats || {})[input.dataset.key] || "";
    if (input.tagName === "SELECT" && value && ![...input.options].some((o) => o.value === value)) {
      input.append(el("option", { value, textContent: value }));
    }
    input.value = value;
  }
  for (const box of $("flags").querySelectorAll("[data-flag]")) box.checked = (fields.flags || []).includes(box.dataset.flag);
  for (const area of $("sections").querySelectorAll("[data-section]")) area.value = (fields.sections || {})[area.dataset.section] || "";
}

// The fields in words the same in both languages (the template's item ids and canonical words, section ids),
// and back in the current template's words: switching the language never loses a typed field.
function neutralFields(fields) {
  const spec = S.template;
  const stats = {};
  for (const item of spec.stats) {
    const value = fields.stats[item.key] ?? "";
    stats[item.id] = (item.canon || {})[value] ?? value;
  }
  const sections = {};
  spec.sections.forEach((label, i) => { sections[(spec.section_ids || [])[i] ?? label] = fields.sections[label] ?? ""; });
  return { ...fields, stats, sections };
}

function localFields(fields) {
  const spec = S.template;
  const stats = {};
  for (const item of spec.stats) {
    const value = fields.stats[item.id] ?? "";
    const word = Object.entries(item.canon || {}).find(([, canon]) => canon === value);
    stats[item.key] = word ? word[0] : value;
  }
  const sections = {};
  spec.sections.forEach((label, i) => { sections[label] = fields.sections[(spec.section_ids || [])[i] ?? label] ?? ""; });
  return { ...fields, stats, sections };
}

// ----- the server's answer ----------------------------------------------------------
function showErrors(errors) {
  for (const p of document.querySelectorAll(".field-error")) p.textContent = "";
  for (const input of document.querySelectorAll(".invalid")) input.classList.remove("invalid");
  for (const e of errors) {
    let target = document.querySelector(`.field-error[data-for="${CSS.escape(e.field)}"]`);
    if (!target) target = document.querySelector('.field-error[data-for="general"]');
    target.append(target.textContent ? `\n${e.message}` : e.message);
    if (e.unread !== undefined) target.append(picker(e));
    const input = document.querySelector(`[data-field="${CSS.escape(e.field)}"]`);
    if (input) input.classList.add("invalid");
  }
  // a card whose only problems are sentences not understood yet can be kept as a draft
  S.unread = errors.filter((e) => e.unread !== undefined).map((e) => e.unread);
  $("draft").hidden = !(errors.length && errors.every((e) => e.unread !== undefined));
}

// The sentence marked "not understood yet", and the phrasings the reader understands that come closest:
// choosing one puts it in the sentence's place.
function picker(error) {
  const box = el("div", { className: "unread" },
    el("span", { className: "unread-mark", textContent: t("ed_unread") }), el("q", { textContent: error.unread }));
  const choices = el("div", { className: "row-buttons" }, el("span", { textContent: t("ed_pick") }));
  for (const phrase of error.nearest || []) {
    const button = el("button", { type: "button", className: "phrase", textContent: phrase });
    button.addEventListener("click", () => replaceSentence(error.field, error.unread, phrase));
    choices.append(button);
  }
  // every sentence the game's own cards use in this section: the effect picker
  const label = error.field.startsWith("section.") ? error.field.slice("section.".length) : "";
  const all = (S.template.phrasings || {})[label] || [];
  if (all.length) {
    const select = el("select", { className: "effect-picker" });
    select.append(el("option", { value: "", textContent: t("ed_pick_any") }));
    for (const phrase of all) select.append(el("option", { value: phrase, textContent: phrase }));
    select.addEventListener("change", () => { if (select.value) replaceSentence(error.field, error.unread, select.value); });
    choices.append(select);
  }
  box.append(choices);
  return box;
}

function replaceSentence(field, sentence, phrase) {
  const area = document.querySelector(`[data-field="${CSS.escape(field)}"]`);
  if (!area) return;
  const text = area.value.normalize("NFKC");
  const joined = text.replace(/(?<=[^\x00-\x7f])\s*\n\s*(?=[^\x00-\x7f・])/g, "");
  area.value = text.includes(sentence) ? text.replace(sentence, phrase)
    : joined.includes(sentence) ? joined.replace(sentence, phrase) : `${text}\n${phrase}`;
  schedule();
}

// ----- drafts: cards with sentences not understood yet, kept in this browser (never in a deck) --------
const DRAFTS = "grimoire.drafts";

export function loadDrafts() {
  try { return JSON.parse(localStorage.getItem(DRAFTS) || "[]"); } catch { return []; }
}

async function saveDraft() {
  const fields = readFields();
  const drafts = loadDrafts().filter((d) => !(d.game === S.game.name && d.fields.name === fields.name));
  const draft = { game: S.game.name, lang: getLang(), fields, unread: S.unread || [], saved: Date.now() };
  drafts.push(draft);
  localStorage.setItem(DRAFTS, JSON.stringify(drafts.slice(-50)));
  $("saved").textContent = t("ed_draft_saved", fields.name, (S.unread || []).length);
  renderDrafts();
  // also on the server, for this browser's owner token: another browser with the same recovery code finds it
  const { status, data } = await post("/api/drafts/save", { owner: ownerToken(), game: draft.game, lang: getLang(), draft });
  $("saved").textContent += status === 201 ? ` ${t("ed_draft_on_server")}` : ` ${(data.error || {}).message || ""}`;
  document.body.dataset.draftServer = String(status);
}

// The drafts kept on the server for this owner token join this browser's (the newer of one name wins).
async function syncDrafts() {
  const { status, data } = await post("/api/drafts/list", { owner: ownerToken(), lang: getLang() });
  if (status !== 200) return;
  const drafts = loadDrafts();
  for (const d of data.drafts) {
    const here = drafts.findIndex((x) => x.game === d.game && x.fields.name === d.name);
    const item = { game: d.game, lang: d.lang, fields: d.fields, unread: d.unread, saved: Math.round(d.saved * 1000) };
    if (here < 0) drafts.push(item);
    else if (drafts[here].saved < item.saved) drafts[here] = item;
  }
  localStorage.setItem(DRAFTS, JSON.stringify(drafts.slice(-50)));
}

// A card saved for real is no longer a draft (here and on the server).
async function dropDraft(game, name) {
  const drafts = loadDrafts();
  const left = drafts.filter((d) => !(d.game === game && d.fields.name === name));
  if (left.length === drafts.length) return;
  localStorage.setItem(DRAFTS, JSON.stringify(left));
  await post("/api/drafts/delete", { owner: ownerToken(), game, name, lang: getLang() });
  renderDrafts();  // after the server's answer: the list shown is the list kept
}

function renderDrafts() {
  const list = $("drafts");
  list.replaceChildren();
  const mine = loadDrafts().filter((d) => d.game === S.game.name);
  document.body.dataset.drafts = String(mine.length);
  $("drafts-box").hidden = !mine.length;
  for (const d of mine) {
    const open = el("button", { type: "button", textContent: t("ed_draft_open") });
    open.addEventListener("click", async () => {
      if (d.lang !== getLang()) { setLang(d.lang); translatePage(); await loadTemplate(); }
      fillFields(d.fields);
      schedule();
    });
    const item = el("li", {}, el("b", { textContent: d.fields.name || "—" }),
      ` ${t("ed_draft_unread", d.unread.length)} `, open);
    item.dataset.draft = d.fields.name;
    list.append(item);
  }
}

function svgData(svg) {
  const bytes = new TextEncoder().encode(svg);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 8192) bin += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return `data:image/svg+xml;base64,${btoa(bin)}`;
}

// The seed's design guidelines for the card (warnings, not refusals), each with the seed's words and line.
function showGuidelines(list) {
  const box = $("guidelines");
  box.replaceChildren();
  if (!list) return;
  if (!list.length) box.append(el("li", { className: "note", textContent: t("ed_guidelines_none") }));
  for (const g of list) {
    const item = el("li", { className: g.level },
      el("span", { className: "level", textContent: t(`ed_lv_${g.level}`) }), g.text,
      el("blockquote", { lang: "ja" }, `「${g.quote}」`, el("cite", { textContent: g.source })));
    item.dataset.key = g.key;
    box.append(item);
  }
}

function showResult(data) {
  showErrors(data.errors || []);
  const status = $("status");
  const card = data.card;
  S.last = card || null;
  document.body.dataset.valid = card ? "1" : "";
  if (card) {
    status.className = "status-line ok";
    status.textContent = t("ed_ok");
    $("face").src = svgData(card.svg);
    $("face").hidden = false;
    $("face").alt = $("f-name").value;
    $("text-ja").textContent = card.text.ja;
    $("text-en").textContent = card.text.en;
    $("forum-out").textContent = card.forum[getLang()];
    $("toml-out").textContent = card.toml;
    showGuidelines(card.guidelines);
  } else {
    status.className = "status-line bad";
    status.textContent = t("ed_bad", (data.errors || []).length);
    $("face").removeAttribute("src");
    $("face").hidden = true;
    $("text-ja").textContent = "";
    $("text-en").textContent = "";
    $("forum-out").textContent = data.forum_text || "";
    $("toml-out").textContent = "";
    showGuidelines(null);
  }
}

async function preview() {
  const seq = ++S.seq;
  const { data } = await post("/api/cards/preview", { game: S.game.name, lang: getLang(), fields: readFields() });
  if (seq !== S.seq) return;  // an older answer than the one on screen
  if (data.error && !data.errors) {
    showErrors([{ field: "general", message: data.error.message }]);
    return;
  }
  showResult(data);
  document.body.dataset.checked = String(seq);
}

function schedule() {
  clearTimeout(S.timer);
  $("saved").textContent = "";
  S.timer = setTimeout(preview, 250);
}

async function readPost(text) {
  const seq = ++S.seq;
  const { data } = await post("/api/cards/preview", { game: S.game.name, lang: getLang(), forum: text });
  if (seq !== S.seq) return;
  const forumError = document.querySelector('.field-error[data-for="forum"]');
  if (data.error && !data.errors) {
    forumError.textContent = data.error.message;
    $("forum").classList.add("invalid");
    return;
  }
  forumError.textContent = "";
  $("forum").classList.remove("invalid");
  fillFields(data.fields || {});
  showResult(data);
  document.body.dataset.checked = String(seq);
}

async function save(event, replace = false) {
  if (event) event.preventDefault();
  const button = $("save");
  button.disabled = true;
  try {
    const { status, data } = await post("/api/cards/save", {
      game: S.game.name, lang: getLang(), fields: readFields(), author: $("f-author").value, owner: ownerToken(),
      ...(replace ? { replace: true } : {}),
    });
    const authorError = document.querySelector('.field-error[data-for="author"]');
    authorError.textContent = "";
    if (status === 201) {
      showResult(data);
      $("saved").textContent = data.previous ? t("ed_saved_version", data.saved, data.previous) : t("ed_saved", data.saved);
      if (data.previous) $("f-id").value = data.saved;  // the new version's id: further changes go to it
      const base = `/api/cards/${encodeURIComponent(S.game.name)}/${encodeURIComponent(data.saved)}/export`;
      $("export-forum").href = `${base}?format=forum&lang=${getLang()}`;
      $("export-toml").href = `${base}?format=toml`;
      $("export-svg").href = `/cards/${encodeURIComponent(S.game.name)}/${encodeURIComponent(data.saved)}.svg?lang=${getLang()}`;
      $("export-svg").download = `${data.saved}-${getLang()}.svg`;
      $("exports").hidden = false;
      document.body.dataset.saved = data.saved;
      await dropDraft(S.game.name, $("f-name").value);
    } else if (data.errors) {
      showResult(data);
      if (!replace && data.errors.some((e) => e.field === "id")) offerUpdate();
    } else if (data.error) {
      showErrors([{ field: data.error.field || "general", message: data.error.message }]);
    }
  } finally {
    button.disabled = false;
  }
}

// The id is taken: if it is a card this browser saved, it may be updated (a new version when a stored game used it).
function offerUpdate() {
  const line = document.querySelector('.field-error[data-for="id"]');
  const button = el("button", { type: "button", id: "update-card", textContent: t("ed_update") });
  button.addEventListener("click", () => save(null, true));
  line.append(" ", button);
}

// ----- "Is it too strong?": the server's verdict of this card, polled while its games are played ---------
const points = (x) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)}`;

const verdictText = (v) => t("ed_verdict_line", localized(v.words),
  t(v.settled ? "ed_verdict_settled" : "ed_verdict_open"), points(v.value), points(v.ci95[0]), points(v.ci95[1]),
  v.pairs, v.level);

function showVerdict(data) {
  const line = $("verdict-line");
  const bar = $("verdict-progress");
  const v = data.verdict;
  const confirming = Boolean(data.base);
  // A confirmation plans far more games than its time lets it play: its bar runs without an end.
  bar.hidden = data.state !== "running";
  if (confirming) bar.removeAttribute("value"); else { bar.max = Math.max(1, data.planned); bar.value = data.games; }
  $("verdict-stop").hidden = data.state !== "running";
  $("verdict").disabled = data.state === "running";
  $("verdict-confirm").hidden = !data.confirmable;
  S.verdictDone = data.confirmable ? data.job : null;
  document.body.dataset.verdict = data.state;
  document.body.dataset.verdictLevel = data.level || "";
  document.body.dataset.verdictGames = String(data.games);
  const parts = [];
  if (confirming) parts.push(verdictText(data.base));
  if (data.state === "running") {
    parts.push(confirming ? t("ed_verdict_confirming", data.level, data.games)
      : t("ed_verdict_running", data.games, data.planned));
  }
  if (v && v.verdict !== "pending") {
    parts.push(verdictText(v));
    line.dataset.verdict = v.verdict;
  } else if (data.state !== "running" && data.state !== "failed") {
    parts.push(t("ed_verdict_pending"));
  }
  if (data.state === "failed") parts.push(t("ed_verdict_failed", data.error));
  line.textContent = parts.join("\n");
  $("verdict-kept").hidden = data.state === "running" || data.state === "failed" || !v || v.verdict === "pending";
  line.className = `status-line verdict ${data.state === "failed" ? "bad" : v ? v.verdict : ""}`;
}

async function startVerdict() {
  await followVerdict(await post("/api/cards/verdict", { game: S.game.name, lang: getLang(), fields: readFields() }));
}

// "Confirm with search": the ended greedy verdict goes on at the search level, polled the same way.
async function confirmVerdict() {
  if (!S.verdictDone) return;
  await followVerdict(await post(`/api/cards/verdict/${encodeURIComponent(S.verdictDone)}/confirm`,
    { lang: getLang() }));
}

async function followVerdict({ status, data }) {
  if (status !== 202) {
    showVerdict({ state: "failed", games: 0, planned: 0, verdict: null, error: (data.error || {}).message || "" });
    return;
  }
  S.verdict = data.job;
  showVerdict(data);
  while (S.verdict === data.job) {
    await new Promise((done) => setTimeout(done, 1000));
    const res = await fetch(`/api/cards/verdict/${encodeURIComponent(data.job)}?lang=${getLang()}`);
    const now = await res.json();
    if (!res.ok) { showVerdict({ state: "failed", games: 0, planned: 0, verdict: null, error: (now.error || {}).message || "" }); break; }
    if (S.verdict !== data.job) break;
    showVerdict(now);
    if (now.state !== "running") { S.verdict = null; break; }
  }
}

// The card changed after its verdict: confirming would judge the text as it was, so the offer goes.
function verdictOutdated() {
  S.verdictDone = null;
  $("verdict-confirm").hidden = true;
}

async function stopVerdict() {
  if (S.verdict) await post(`/api/cards/verdict/${encodeURIComponent(S.verdict)}/stop`, {});
}

// ----- games and languages -------------------------------------------------------------
async function loadTemplate() {
  const res = await fetch(`/api/cards/${encodeURIComponent(S.game.name)}/template?lang=${getLang()}`);
  S.template = await res.json();
  buildTemplate();
}

async function chooseGame(game) {
  S.game = game;
  renderDrafts();
  S.last = null;
  await loadTemplate();
  fillFields({});
  showResult({ errors: [] });
  $("status").textContent = "";
}

function renderGames() {
  gameChoices($("games"), S.meta.games, S.game.name, localized, chooseGame);
}

async function main() {
  setLang(getLang());
  translatePage();
  $("lang").append(langSwitch(async (lang) => {
    translatePage();
    renderGames();
    const card = S.last;
    const carried = neutralFields(readFields());
    await loadTemplate();
    if (card) await readPost(card.forum[lang]);  // the same card in the other language's template
    else { fillFields(localFields(carried)); schedule(); }  // a card not read yet: every typed field carried over
  }));
  S.meta = await (await fetch("/api/meta")).json();
  const wanted = new URLSearchParams(location.search).get("game");
  S.game = S.meta.games.find((g) => g.name === wanted) || S.meta.games[0];
  renderGames();
  await loadTemplate();
  $("card-form").addEventListener("input", (e) => {
    if (e.target.id !== "forum" && e.target.id !== "f-author") { verdictOutdated(); schedule(); }
  });
  $("card-form").addEventListener("change", (e) => {
    if (e.target.dataset.flag || e.target.tagName === "SELECT") { verdictOutdated(); schedule(); }
  });
  $("card-form").addEventListener("submit", save);
  $("read").addEventListener("click", () => readPost($("forum").value));
  $("draft").addEventListener("click", saveDraft);
  await syncDrafts();
  $("verdict").addEventListener("click", startVerdict);
  $("verdict-stop").addEventListener("click", stopVerdict);
  $("verdict-confirm").addEventListener("click", confirmVerdict);
  renderDrafts();
  document.body.dataset.ready = "1";
}

main();
