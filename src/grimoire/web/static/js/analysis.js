// The analysis board: in the replay of a game (any step), and at your own decision in a game against
// the computer, ask the computer what it thinks of the decision there — every option with its estimated
// win rate and visits, its suggestion and the line it expects. The server searches from the deciding
// seat's view only (grimoire.web.analysis) and refuses it during a game between people.
// The answer is refined as the computer thinks longer: the same search, asked for more time.
import { getLang, t } from "./i18n.js";

const gameId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("seat");
const $ = (id) => document.getElementById(id);
let againstComputer = false;
let run = 0; // the analysis under way (a newer click or step abandons the older one)

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

function stepShown() {
  const b = document.body.dataset;
  return b.mode === "replay" ? Number(b.replayStep || 0) : Number(b.seq || 0);
}

function available() {
  const b = document.body.dataset;
  if (b.mode === "replay") return true;
  return againstComputer && b.pending === "1" && b.finished !== "1";
}

function draw(data) {
  const out = $("analysis-out");
  const rows = data.options.map((o) => el("tr", { className: o.id === data.best ? "best" : "" },
    el("td", {}, o.label),
    el("td", { className: "num" }, o.win_rate === null ? "—" : `${(100 * o.win_rate).toFixed(1)}%`),
    el("td", { className: "num" }, String(o.visits))));
  const line = data.line.map((x) => `P${x.seat + 1} ${x.label || x.id}`).join(" → ");
  out.replaceChildren(
    el("div", { className: "muted" }, t("an_view", data.seat + 1, data.iterations, data.seconds.toFixed(1))),
    el("div", { className: "an-prompt" }, data.prompt),
    el("table", { className: "an-table" },
      el("thead", {}, el("tr", {}, el("th", {}, t("an_option")), el("th", {}, t("an_rate")), el("th", {}, t("an_visits")))),
      el("tbody", {}, ...rows)),
    el("div", { className: "an-line" }, line ? t("an_line", line) : t("an_no_line")));
  out.dataset.step = String(data.step);
  out.dataset.iterations = String(data.iterations);
}

async function analyse() {
  const mine = ++run;
  const out = $("analysis-out");
  const step = stepShown();
  const total = Number($("analysis-seconds").value);
  out.hidden = false;
  out.dataset.done = "";
  out.replaceChildren(el("div", { className: "muted" }, t("an_thinking")));
  const headers = token ? { "X-Seat-Token": token } : {};
  for (const seconds of [0.5, Math.round(total / 3 * 10) / 10, total].filter((s, i, all) => s <= total && all.indexOf(s) === i)) {
    const url = `/api/games/${encodeURIComponent(gameId)}/analysis?step=${step}&seconds=${seconds}&lang=${getLang()}`;
    const res = await fetch(url, { headers });
    if (mine !== run) return;
    const data = await res.json();
    if (!res.ok) {
      out.replaceChildren(el("div", { className: "error", role: "alert" }, (data.error || {}).message || res.statusText));
      out.dataset.done = "error";
      return;
    }
    draw(data);
  }
  out.dataset.done = "1";
}

function update() {
  const box = $("analysis");
  if (!box) return;
  box.hidden = !available();
  const out = $("analysis-out");
  if (out.dataset.step !== undefined && out.dataset.step !== String(stepShown())) {
    run++;
    out.hidden = true;
    delete out.dataset.step;
  }
}

function texts() {
  $("analysis-go").textContent = t("an_button");
  $("analysis-go").title = t("an_title");
  for (const opt of $("analysis-seconds").options) opt.textContent = t("an_seconds", opt.value);
}

async function main() {
  const select = el("select", { id: "analysis-seconds" },
    ...[2, 5, 10].map((s) => el("option", { value: String(s), selected: s === 5 })));
  const box = el("div", { id: "analysis", className: "analysis", hidden: true },
    el("div", { className: "replay-buttons" }, el("button", { type: "button", id: "analysis-go" }), select),
    el("div", { id: "analysis-out", className: "analysis-out", hidden: true }));
  document.querySelector(".side-buttons").after(box);
  texts();
  $("analysis-go").addEventListener("click", analyse);
  const res = await fetch(`/api/games/${encodeURIComponent(gameId)}`);
  if (res.ok) againstComputer = (await res.json()).seats.some((s) => String(s).startsWith("ai:"));
  update();
  new MutationObserver(update).observe(document.body, { attributes: true });
  $("lang").addEventListener("click", () => setTimeout(texts, 0));
}

main();
