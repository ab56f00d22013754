// The board editor: set up a position by hand for one seat — the cards it knows in its hand and on
// the board, the other side's public cards and only the number of its hand cards (they stay unknown) —
// and ask the computer to analyse that seat's decision (POST /api/analysis/position; the server writes
// the position in its game's notation, the one `grimoire analyze --position` reads, and searches from
// the seat's view only). Which zones each game fills, what its life is called and the words are the
// game's own (its plugin's board_editor hook, GET /api/analysis/boards); a game without one is not offered.
import { getLang, langSwitch, localized, setLang, t, translatePage } from "./i18n.js";
import { $, el } from "./dom.js";
import { pageWords } from "./pagekit.js";

// Each game's editor by name (zones, life, words: grimoire.core.boardedit.BoardEditor.to_json).
let EDITORS = {};

const TEXTS = {
  ja: {
    title: "局面エディター",
    intro: "局面を手で並べて、コンピューターに解析させます。解析する席（その席の手番の最初の判断）の手札と場のカード、相手の場のカードを入れてください。相手の手札は枚数だけで、中身はわからないままです。残りのカードは各席のデッキから補います。",
    game: "ゲーム",
    seat: "解析する席",
    turn: "ターン",
    own: "解析する席",
    other: "相手",
    deck: "デッキ",
    hand_count: "手札の枚数",
    hidden: "相手の手札と山札の中身は解析に使われません（見えている情報だけで読みます）。",
    card: "カード",
    add: "置く",
    go: "解析する",
    seconds: "{0} 秒",
    position: "局面の表記（ターミナルの解析コマンドでも使えます）",
    no_card: "カード名を入れてください",
    unknown: "知らないカードです: {0}",
    none: "{0} には局面エディターがありません（ゲームのプラグインに局面エディターがありません）。",
  },
  en: {
    title: "Board editor",
    intro: "Set up a position by hand and let the computer analyse it. Put in the cards the analysed seat knows — its hand and the board, at the first decision of its turn — and the other side's cards on the board. The other side's hand is only a number: its cards stay unknown. Each seat's deck supplies the rest.",
    game: "Game",
    seat: "Seat to analyse",
    turn: "Turn",
    own: "The seat analysed",
    other: "The other side",
    deck: "Deck",
    hand_count: "Cards in hand",
    hidden: "The other side's hand and both libraries are not used by the analysis (it reads what the seat can see).",
    card: "Card",
    add: "Put",
    go: "Analyse",
    seconds: "{0} s",
    position: "The position's notation (for grimoire analyze --position)",
    no_card: "Type a card name",
    unknown: "unknown card: {0}",
    none: "{0} has no board editor (its game plugin has no board_editor).",
  },
};

const m = pageWords(TEXTS);

let meta = { games: [] };
let names = new Map(); // every card name (both languages) and id -> id, of the chosen game
let run = 0;

const side = (which) => $(which === "own" ? "side-own" : "side-other");
const gameName = () => $("b-game").value;

function zoneBox(which, zone) {
  return side(which).querySelector(`textarea[data-zone='${zone}']`);
}

// A word of the chosen game's editor (a zone's or the life's name), in the page's language.
function word(key) {
  const words = EDITORS[gameName()].words[key];
  return words ? localized(words) : key;
}

function drawZones() {
  const zones = EDITORS[gameName()];
  for (const which of ["own", "other"]) {
    const box = side(which).querySelector(".b-zones");
    const kept = Object.fromEntries([...box.querySelectorAll("textarea")].map((a) => [a.dataset.zone, a.value]));
    box.replaceChildren(...zones[which].map((zone) => {
      const area = el("textarea", { rows: 3, spellcheck: false, value: kept[zone] || "" });
      area.dataset.zone = zone;
      return el("label", { className: "b-zone" }, el("span", { textContent: word(zone) }), area);
    }));
    side(which).querySelector(".life-word").textContent = word(zones.life);
    const life = side(which).querySelector(".b-life");
    [life.min, life.max] = zones.life_range.map(String);
  }
  $("b-syntax").textContent = localized(zones.syntax);
  $("b-where").replaceChildren(...["own", "other"].flatMap((which) => zones[which].map((zone) =>
    el("option", { value: `${which}:${zone}`, textContent: `${m(which)}: ${word(zone)}` }))));
}

async function chooseGame(keep = false) {
  const game = meta.games.find((g) => g.name === gameName());
  for (const which of ["own", "other"]) {
    const select = side(which).querySelector(".b-deck");
    const before = select.value;
    select.replaceChildren(...game.starters.map((s) => el("option", { value: s.id, textContent: localized(s.name) })));
    if (keep && before) select.value = before;
    else select.selectedIndex = which === "own" ? 0 : Math.min(1, game.starters.length - 1);
    const life = side(which).querySelector(".b-life");
    if (!keep) life.value = String(EDITORS[game.name].start_life);
  }
  if (!keep) for (const area of document.querySelectorAll(".b-zones textarea")) area.value = "";
  drawZones();
  const res = await fetch(`/api/cards/${encodeURIComponent(game.name)}`);
  const data = res.ok ? await res.json() : { cards: {} };
  names = new Map();
  const options = [];
  for (const [id, card] of Object.entries(data.cards)) {
    const name = card.name && typeof card.name === "object" ? card.name : { ja: id, en: id };
    for (const text of [name.ja, name.en, id]) if (text) names.set(text.toLowerCase(), id);
    options.push(el("option", { value: localized(name) }));
  }
  $("b-names").replaceChildren(...options);
}

function addCard() {
  const name = $("b-card").value.trim();
  if (!name) { fail(m("no_card")); return; }
  if (!names.has(name.toLowerCase())) { fail(m("unknown", name)); return; }
  const [which, zone] = $("b-where").value.split(":");
  const box = zoneBox(which, zone);
  box.value = (box.value.trim() ? `${box.value.trim()}\n` : "") + name;
  $("b-card").value = "";
  $("b-out").hidden = true;
}

function fail(message) {
  const out = $("b-out");
  out.hidden = false;
  out.replaceChildren(el("div", { className: "error", role: "alert", textContent: message }));
  out.dataset.done = "error";
}

function draw(data) {
  const rows = data.options.map((o) => el("tr", { className: o.id === data.best ? "best" : "" },
    el("td", {}, o.label),
    el("td", { className: "num" }, o.win_rate === null ? "—" : `${(100 * o.win_rate).toFixed(1)}%`),
    el("td", { className: "num" }, String(o.visits))));
  const line = data.line.map((x) => `P${x.seat + 1} ${x.label || x.id}`).join(" → ");
  $("b-out").replaceChildren(
    el("div", { className: "muted" }, t("an_view", data.seat + 1, data.iterations, data.seconds.toFixed(1))),
    el("div", { className: "an-prompt" }, data.prompt),
    el("table", { className: "an-table" },
      el("thead", {}, el("tr", {}, el("th", {}, t("an_option")), el("th", {}, t("an_rate")), el("th", {}, t("an_visits")))),
      el("tbody", {}, ...rows)),
    el("div", { className: "an-line" }, line ? t("an_line", line) : t("an_no_line")));
  $("b-position").value = data.position;
  document.querySelector(".board-position").hidden = false;
}

function body() {
  const seat = Number($("b-seat").value);
  const bySeat = (own, other) => (seat === 0 ? [own, other] : [other, own]);
  const zones = (which) => Object.fromEntries([...side(which).querySelectorAll("textarea")]
    .filter((a) => a.value.trim()).map((a) => [a.dataset.zone, a.value]));
  const life = (which) => Number(side(which).querySelector(".b-life").value);
  const deck = (which) => side(which).querySelector(".b-deck").value;
  return {
    game: gameName(), seat, turn: Number($("b-turn").value), hand_count: Number($("b-hand-count").value),
    life: bySeat(life("own"), life("other")), decks: bySeat(deck("own"), deck("other")),
    zones: bySeat(zones("own"), zones("other")), seed: 1, lang: getLang(),
  };
}

async function analyse(event) {
  event.preventDefault();
  const mine = ++run;
  const out = $("b-out");
  const total = Number($("b-seconds").value);
  out.hidden = false;
  out.dataset.done = "";
  out.replaceChildren(el("div", { className: "muted" }, t("an_thinking")));
  for (const seconds of [0.5, total]) {
    const res = await fetch("/api/analysis/position", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...body(), seconds }) });
    if (mine !== run) return;
    let data = {};
    try { data = await res.json(); } catch { data = { error: { message: res.statusText } }; }
    if (!res.ok) { fail((data.error || {}).message || res.statusText); return; }
    draw(data);
  }
  out.dataset.done = "1";
}

function translate() {
  translatePage();
  for (const node of document.querySelectorAll("[data-m]")) node.textContent = m(node.dataset.m);
  for (const opt of $("b-seconds").options) opt.textContent = m("seconds", opt.value);
  $("b-game").replaceChildren(...meta.games.map((g) => el("option", { value: g.name, textContent: localized(g.title) })));
}

async function main() {
  setLang(getLang());
  meta = await (await fetch("/api/meta")).json();
  EDITORS = (await (await fetch("/api/analysis/boards")).json()).editors;
  const all = meta.games;
  meta.games = meta.games.filter((g) => EDITORS[g.name]);
  const wanted = new URLSearchParams(location.search).get("game");
  translate();
  if (wanted && EDITORS[wanted]) $("b-game").value = wanted;
  const without = all.find((g) => g.name === wanted && !EDITORS[wanted]);
  if (without) fail(m("none", localized(without.title)));
  if (!meta.games.length) { $("board-form").hidden = true; document.body.dataset.ready = "1"; return; }
  $("lang").append(langSwitch(() => {
    const game = gameName();
    translate();
    $("b-game").value = game;
    chooseGame(true);
  }));
  $("b-game").addEventListener("change", () => chooseGame());
  $("b-add").addEventListener("click", addCard);
  $("b-card").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); addCard(); } });
  $("board-form").addEventListener("submit", analyse);
  await chooseGame();
  document.body.dataset.ready = "1";
}

main();
