// The history page: the server's finished games, newest first, each with its replay and record.
import { getLang, langSwitch, localized, t, translatePage } from "./i18n.js";

let meta = { games: [] };
let shown = [];
let next = "";

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

function players(seats) {
  return seats.map((kind, i) => {
    const who = kind.startsWith("ai:") ? t("hi_ai", t(`level_${kind.slice(3)}`)) : t("hi_human");
    return `P${i + 1}: ${who}`;
  }).join(" / ");
}

// A starter's name is "日本語 / English": the page's half of it.
function deckName(name) {
  const [ja, en] = name.split(" / ");
  return en === undefined ? name : localized({ ja, en });
}

function result(g) {
  const reason = localized(g.reason_text);
  return g.outcome.winner === null || g.outcome.winner === undefined
    ? t("hi_draw", reason) : t("hi_win", g.outcome.winner + 1, reason);
}

function row(g) {
  const game = meta.games.find((x) => x.name === g.game);
  const when = new Date(g.ended * 1000).toLocaleString(getLang() === "ja" ? "ja-JP" : "en-GB");
  const id = encodeURIComponent(g.id);
  return el("tr", { className: "history-row" },
    el("td", { textContent: when }),
    el("td", { textContent: game ? localized(game.title) : g.game }),
    el("td", { textContent: players(g.seats) }),
    el("td", { textContent: g.decks.map(deckName).join(t("hi_vs")) }),
    el("td", { className: "hi-result", textContent: result(g) }),
    el("td", { className: "num", textContent: String(g.steps) }),
    el("td", { className: "links" },
      el("a", { href: `/g/${id}`, className: "open-replay", textContent: t("hi_open") }),
      el("a", { href: `/api/games/${id}/record`, className: "download-record", textContent: t("hi_record"),
        download: `grimoire-${g.game}-${g.id}.json` })));
}

function render() {
  translatePage();
  document.getElementById("history-rows").replaceChildren(...shown.map(row));
  document.getElementById("history-empty").hidden = shown.length > 0;
  document.getElementById("history-more").hidden = next === null;
}

async function load() {
  const error = document.getElementById("history-error");
  error.textContent = "";
  const after = next ? `after=${encodeURIComponent(next)}&` : "";
  const res = await fetch(`/api/history?${after}lang=${getLang()}`);
  const data = await res.json();
  if (!res.ok) { error.textContent = (data.error || {}).message || res.statusText; return; }
  shown = shown.concat(data.games);
  next = data.next;
  render();
}

async function main() {
  document.documentElement.lang = getLang();
  document.getElementById("lang").append(langSwitch(render));
  meta = await (await fetch("/api/meta")).json();
  document.getElementById("history-more").addEventListener("click", load);
  await load();
  document.body.dataset.ready = "1";
}

main();
