// "Play from here": in the replay of a finished game, start a new game against the computer from
// the position shown, for the seat this page watches (a spectator picks P1 or P2). The table
// (table.js) marks the replay on <body> (data-mode, data-finished, data-replay-step);
// this script only adds its buttons to the replay controls and follows those marks.
import { getLang, t } from "./i18n.js";
import { watchPresence } from "./presence.js";

const gameId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("seat");
let seat = null; // the seat this page watches (null: a spectator)
let levels = [];
let finishedOnLoad = false; // the table marks data-finished only once it shows the live end

function level() {
  return levels.includes("normal") ? "normal" : levels[0];
}

async function playFrom(forSeat, button) {
  const error = document.getElementById("branch-error");
  error.textContent = "";
  button.disabled = true;
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/branch`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ step: Number(document.body.dataset.replayStep || 0), seat: forSeat, level: level(),
        lang: getLang() }),
    });
    const data = await res.json();
    if (!res.ok) { error.textContent = t("br_failed", (data.error || {}).message || res.statusText); return; }
    location.assign(data.links.seat);
  } finally {
    button.disabled = false;
  }
}

function render() {
  const box = document.getElementById("branch");
  const seats = seat === null ? [0, 1] : [seat];
  box.querySelectorAll("button").forEach((b) => b.remove());
  for (const s of seats) {
    const b = Object.assign(document.createElement("button"), {
      type: "button", className: "branch-here", title: t("br_title", s + 1),
      textContent: seats.length > 1 ? `${t("br_button")} (P${s + 1})` : t("br_button"),
    });
    b.dataset.seat = String(s);
    b.addEventListener("click", () => playFrom(s, b));
    box.insertBefore(b, document.getElementById("branch-error"));
  }
}

function update() {
  const box = document.getElementById("branch");
  const b = document.body.dataset;
  box.hidden = !(b.mode === "replay" && (finishedOnLoad || b.finished === "1") && levels.length > 0);
}

async function main() {
  watchPresence(gameId);
  const replay = document.getElementById("replay");
  const box = Object.assign(document.createElement("div"), { id: "branch", className: "replay-buttons", hidden: true });
  box.append(Object.assign(document.createElement("span"), { id: "branch-error", className: "error", role: "alert" }));
  replay.append(box);
  const headers = token ? { "X-Seat-Token": token } : {};
  const first = await fetch(`/api/games/${encodeURIComponent(gameId)}/replay?step=0`, { headers });
  if (!first.ok) return;
  const info = await first.json();
  seat = info.seat;
  const summary = await (await fetch(`/api/games/${encodeURIComponent(gameId)}`)).json();
  finishedOnLoad = Boolean(summary.finished);
  const meta = await (await fetch("/api/meta")).json();
  levels = (meta.games.find((g) => g.name === info.game) || {}).levels || [];
  render();
  update();
  new MutationObserver(update).observe(document.body, { attributes: true });
  document.getElementById("lang").addEventListener("click", () => setTimeout(render, 0));
}

main();
