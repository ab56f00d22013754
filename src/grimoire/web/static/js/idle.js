// The idle policy from the page's side: a table page that is hidden (another tab, a closed laptop: the Page
// Visibility API) or unused for the server's idle_claim seconds tells the server it is away, with how long it has
// gone unused; a seat whose every page is away counts as absent (the other player may claim the win of an
// untimed game, docs/server.md). Any use of the page, or showing it again, says it is back.
// It sends through table.js ("grimoire:send") and says it in the hello of every new socket ("grimoire:hello"),
// so that a hidden page that reconnects never shows its seat present for a moment.

const USES = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart"];
const A = { lastUse: performance.now(), away: false, idleClaim: null };

const send = (msg) => document.dispatchEvent(new CustomEvent("grimoire:send", { detail: msg }));

function state(now) {
  // tenths of a second: the server refuses numbers of many digits
  return { away: A.away, idle: A.away ? Math.max(0, Math.round((now - A.lastUse) / 100) / 10) : 0 };
}

function report(now) {
  send({ type: "away", ...state(now) });
}

function check() {
  const now = performance.now();
  const unused = A.idleClaim !== null && now - A.lastUse >= A.idleClaim * 1000;
  const away = document.hidden || unused;
  if (away !== A.away) {
    A.away = away;
    report(now);
  }
}

function used() {
  A.lastUse = performance.now();
  if (A.away) check();
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden) A.lastUse = performance.now(); // coming back to the page is a use
  check();
});
for (const kind of USES) window.addEventListener(kind, used, { passive: true, capture: true });
document.addEventListener("grimoire:message", (event) => {
  const msg = event.detail;
  if (msg.type === "table" && typeof msg.idle_claim === "number") A.idleClaim = msg.idle_claim;
});
document.addEventListener("grimoire:hello", (event) => Object.assign(event.detail, state(performance.now())));
A.away = document.hidden;
setInterval(check, 1000);
