// The table's rules line: the rules options this game was created with (stored with it, carried in
// its record and replay), each that differs from the game's default with its rule linked; who goes
// first as the creator chose it. "Standard rules" when nothing was changed.
import { getLang, localized } from "./i18n.js";

const WORDS = {
  ja: { rules: "ルール：", standard: "標準", first: "先攻", coin: "コイントス", seat: "P{0}", board: "掲示板コイン" },
  en: { rules: "Rules: ", standard: "standard", first: "first player", coin: "coin toss", seat: "P{0}",
        board: "board coin" },
};
const w = (key, arg = "") => WORDS[getLang() === "en" ? "en" : "ja"][key].replace("{0}", arg);
const gameId = decodeURIComponent(location.pathname.split("/").pop());

let facts = null;

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

function item(game, row, text) {
  const props = { textContent: text, className: "rules-option", title: localized(row.help) };
  if (!row.rule) return el("span", props);
  return el("a", { ...props, href: `/rules/${encodeURIComponent(game)}?lang=${getLang()}#r-${row.rule}`,
                   target: "_blank", rel: "noopener" });
}

function render() {
  const box = document.getElementById("rules-shown");
  if (!box || !facts) return;
  const { summary, rows } = facts;
  const options = summary.options || {};
  const parts = summary.chance === "post" ? [el("span", { className: "rules-option board-coin", textContent: w("board") })]
    : [];
  for (const row of rows) {
    if (!(row.name in options)) continue;
    const value = options[row.name];
    if (row.name === "first_player") {
      parts.push(item(summary.game, row, `${w("first")} ${value === "coin" ? w("coin") : w("seat", Number(value) + 1)}`));
    } else if (String(value) !== String(row.default)) {
      parts.push(item(summary.game, row, `${row.name} = ${value}`));
    }
  }
  const changed = parts.length > 1 || (parts.length === 1 && !("first_player" in options));
  box.replaceChildren(w("rules"), ...parts.flatMap((p, i) => (i ? [" · ", p] : [p])),
                      changed ? "" : ` · ${w("standard")}`);
  box.hidden = false;
  box.dataset.ready = "1";
}

async function main() {
  const res = await fetch(`/api/games/${encodeURIComponent(gameId)}`);
  if (!res.ok) return;
  const summary = await res.json();
  const meta = await (await fetch("/api/meta")).json();
  const game = (meta.games || []).find((g) => g.name === summary.game);
  facts = { summary, rows: game ? game.options || [] : [] };
  render();
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
}

main();
