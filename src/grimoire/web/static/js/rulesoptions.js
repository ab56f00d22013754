// The lobby's rules: the coin (seeded, or the forum's board coin between two people), who goes first,
// and every rules option (variant) of the chosen game with its one-line description and a link to its
// rule (from /api/meta). chosenOptions() gives what the creator changed and chosenCoin() the coin; the
// lobby sends them with the new game, which stores them, shows them at the table and carries them in
// its record.
import { getLang, localized } from "./i18n.js";

const WORDS = {
  ja: {
    rules: "ルール", first: "先攻", coin: "コイントスで決める", me: "自分（P1）が先攻", them: "相手（P2）が先攻",
    variants: "ルールオプション（変種）", rule: "ルール {0}", yes: "あり", no: "なし", reset: "すべて既定に戻す",
    changed: "{0} 件を変更", coin_kind: "コイン", seeded: "乱数（サーバーが振る）",
    board: "掲示板コイン：書き込み時刻の秒の下一桁（偶数が表）、トスのたびに入力（友だちとの対局のみ）",
    first_post: "先攻を決める書き込みの時刻", agreed: "合意：P{0} が先攻",
  },
  en: {
    rules: "Rules", first: "First player", coin: "Decide by a coin toss", me: "I go first (P1)",
    them: "My opponent goes first (P2)", variants: "Rules options (variants)", rule: "rule {0}", yes: "on",
    no: "off", reset: "All back to the defaults", changed: "{0} changed", coin_kind: "Coin",
    seeded: "Random (the server tosses)",
    board: "Board coin: a post time's last seconds digit (even is heads), typed at each toss (with a friend only)",
    first_post: "Time of the post deciding the first player", agreed: "Agreed: P{0} goes first",
  },
};
const w = (key, arg = "") => WORDS[getLang() === "en" ? "en" : "ja"][key].replace("{0}", arg);

let games = [];
let chosen = {}; // game name -> {option: value} the creator set
let open = false;
let coin = "prng";
let firstPost = "";

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

function currentGame() {
  const picked = document.querySelector("#games input[name=game]:checked");
  return games.find((g) => g.name === (picked ? picked.value : "")) || games[0] || null;
}

function showCount(game) {
  const count = document.getElementById("rules-options-count");
  const changed = Object.keys(chosen[game.name] || {}).filter((k) => k !== "first_player").length;
  if (count) count.textContent = changed ? w("changed", changed) : "";
}

function setValue(game, row, value) {
  const mine = (chosen[game.name] ||= {});
  if (String(value) === String(row.default)) delete mine[row.name];
  else mine[row.name] = value;
  showCount(game);
}

function valueOf(game, row) {
  const mine = chosen[game.name] || {};
  return row.name in mine ? mine[row.name] : row.default;
}

function input(game, row) {
  const id = `opt-${row.name}`;
  let field;
  if (row.type === "bool") {
    field = el("select", { id, name: row.name }, el("option", { value: "false", textContent: w("no") }),
               el("option", { value: "true", textContent: w("yes") }));
    field.value = String(valueOf(game, row));
    field.addEventListener("change", () => setValue(game, row, field.value === "true"));
  } else if (row.type === "choice") {
    field = el("select", { id, name: row.name }, ...row.choices.map((c) => el("option", { value: c, textContent: c })));
    field.value = String(valueOf(game, row));
    field.addEventListener("change", () => setValue(game, row, field.value));
  } else {
    field = el("input", { id, name: row.name, type: row.type === "int" ? "number" : "text", value: valueOf(game, row) });
    if (row.min !== null) field.min = row.min;
    if (row.max !== null) field.max = row.max;
    field.addEventListener("change", () => setValue(game, row, row.type === "int" ? Number(field.value) : field.value));
  }
  return field;
}

function ruleLink(game, rule) {
  if (!rule) return null;
  return el("a", { href: `/rules/${encodeURIComponent(game.name)}?lang=${getLang()}#r-${rule}`, target: "_blank",
                   rel: "noopener", className: "option-rule", textContent: w("rule", rule) });
}

function render() {
  const box = document.getElementById("rules-options");
  const game = currentGame();
  if (!box || !game) return;
  const rows = game.options || [];
  const first = rows.find((r) => r.name === "first_player");
  const parts = [el("legend", { textContent: w("rules") })];
  const coinSelect = el("select", { id: "coin-kind", name: "coin" },
    el("option", { value: "prng", textContent: w("seeded") }), el("option", { value: "board", textContent: w("board") }));
  coinSelect.value = coin;
  coinSelect.addEventListener("change", () => { coin = coinSelect.value; render(); });
  parts.push(el("label", { className: "coin-kind" }, el("span", { textContent: `${w("coin_kind")} ` }), coinSelect));
  if (first) {
    const board = coin === "board"; // the players agree who goes first, unless they ask for a coin
    const select = el("select", { id: "first-player", name: "first_player" },
      el("option", { value: "coin", textContent: w("coin") }),
      el("option", { value: "0", textContent: board ? w("agreed", 1) : w("me") }),
      el("option", { value: "1", textContent: board ? w("agreed", 2) : w("them") }));
    select.value = String(valueOf(game, first));
    select.addEventListener("change", () => { setValue(game, first, select.value); render(); });
    parts.push(el("label", { className: "first-player" }, el("span", { textContent: `${w("first")} ` }), select,
                  " ", ruleLink(game, first.rule)));
    if (board && select.value === "coin") {
      const post = el("input", { type: "text", id: "first-post", value: firstPost, placeholder: "21:03:58" });
      post.addEventListener("input", () => { firstPost = post.value.trim(); });
      parts.push(el("label", { className: "first-post" }, el("span", { textContent: `${w("first_post")} ` }), post));
    }
  }
  const list = el("div", { className: "option-list" });
  for (const row of rows) {
    if (row.name === "first_player") continue;
    list.append(el("div", { className: "option-row", id: `option-${row.name}` },
      el("label", { htmlFor: `opt-${row.name}`, className: "option-name" }, el("code", { textContent: row.name })),
      input(game, row),
      el("p", { className: "option-help" }, localized(row.help), " ", ruleLink(game, row.rule))));
  }
  const reset = el("button", { type: "button", className: "option-reset", textContent: w("reset") });
  reset.addEventListener("click", () => {
    const keep = (chosen[game.name] || {}).first_player;
    chosen[game.name] = keep === undefined ? {} : { first_player: keep };
    render();
  });
  const details = el("details", { className: "rules-variants", open },
    el("summary", {}, w("variants"), " ", el("small", { id: "rules-options-count" })), list, reset);
  details.addEventListener("toggle", () => { open = details.open; });
  box.replaceChildren(...parts, details);
  showCount(game);
}

// The coin to send with the new game: {} (the seeded coin) or the board coin and the first post.
export function chosenCoin() {
  if (coin !== "board") return {};
  return firstPost ? { coin, first_post: firstPost } : { coin };
}

// The options to send with the new game: only what the creator changed from the defaults.
export function chosenOptions() {
  const game = currentGame();
  return game ? { ...(chosen[game.name] || {}) } : {};
}

async function main() {
  const meta = await (await fetch("/api/meta")).json();
  games = meta.games || [];
  render();
  document.getElementById("games")?.addEventListener("change", render);
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  const box = document.getElementById("rules-options");
  if (box) box.dataset.ready = "1";
}

main();
