// Around the table: the clocks, conceding (with a confirmation), claiming the win from a player who left,
// the result screen (reason, rematch, new game, lobby, record) and the folding log on a phone.
// It listens to table.js's messages ("grimoire:message", "grimoire:drawn") and sends through "grimoire:send".
import { tw } from "./tablewords.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const T = { table: null, at: 0, last: null, tick: null, offered: false };

function send(msg) {
  document.dispatchEvent(new CustomEvent("grimoire:send", { detail: msg }));
}

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

function mySeat() {
  return T.last ? T.last.seat : null;
}

function who(seat) {
  const me = mySeat();
  if (me === null) return `P${seat + 1}`;
  return seat === me ? tw("you") : tw("opponent");
}

// ----- clocks ------------------------------------------------------------------------
function clockText(seconds) {
  const s = Math.max(0, seconds);
  if (s >= 3600) {  // play by post: days and hours, then hours and minutes
    const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    return d > 0 ? tw("clock_dh", d, h) : tw("clock_hm", h, m);
  }
  if (s < 10) return s.toFixed(1);
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
}

function drawClocks() {
  const box = $("clocks");
  const table = T.table;
  const clock = table && table.clock;
  box.hidden = !clock;
  if (!clock) return;
  const spent = (performance.now() - T.at) / 1000;
  const seats = mySeat() === 1 ? [1, 0] : [0, 1];
  box.replaceChildren(...seats.map((seat) => {
    const running = clock.running === seat;
    const left = clock.left[seat] - (running ? spent : 0);
    const away = table.present && !table.present[seat] ? tw("away") : "";
    const item = el("div", { className: `clock seat${seat}${running ? " running" : ""}${left <= 10 ? " low" : ""}` },
      el("span", { className: "clock-who" }, `${who(seat)}${away}`), el("b", { className: "clock-left" }, clockText(left)));
    item.dataset.left = left.toFixed(1);
    return item;
  }));
}

// ----- claiming the win from a player who left (untimed games) ------------------------
function drawClaim() {
  const box = $("claim");
  const table = T.table;
  const msg = T.last;
  const me = mySeat();
  const show = table && table.claim_in !== null && me !== null && msg && !msg.outcome
    && msg.waiting_for !== null && msg.waiting_for !== me;
  box.hidden = !show;
  if (!show) return;
  const wait = Math.max(0, Math.ceil(table.claim_in - (performance.now() - T.at) / 1000));
  const button = el("button", { type: "button", id: "claim-win", disabled: wait > 0 }, tw("claim"));
  button.addEventListener("click", () => send({ type: "claim" }));
  box.replaceChildren(el("div", {}, wait > 0 ? tw("claim_wait", wait) : tw("claim_now")), button);
}

// ----- conceding ------------------------------------------------------------------------
function drawConcede() {
  const msg = T.last;
  const can = Boolean(msg && msg.seat !== null && !msg.outcome && document.body.dataset.mode === "live");
  $("concede").hidden = !can;
  $("concede").textContent = tw("concede");
  if (!can) $("concede-confirm").hidden = true;
}

function askConcede() {
  const box = $("concede-confirm");
  const yes = el("button", { type: "button", id: "concede-yes", className: "danger" }, tw("concede_yes"));
  const no = el("button", { type: "button", id: "concede-no" }, tw("concede_no"));
  yes.addEventListener("click", () => { box.hidden = true; send({ type: "concede" }); });
  no.addEventListener("click", () => { box.hidden = true; });
  box.replaceChildren(el("div", {}, tw("concede_q")), el("div", { className: "row-buttons" }, yes, no));
  box.hidden = false;
  no.focus();
}

// ----- the result screen -------------------------------------------------------------------
function drawEnding() {
  const msg = T.last;
  const box = $("ending");
  const outcome = msg && msg.outcome;
  box.hidden = !outcome;
  document.body.dataset.reason = outcome ? outcome.reason : "";
  if (!outcome) return;
  const me = msg.seat;
  let head;
  if (outcome.winner === null) head = tw("draw");
  else if (me !== null) head = outcome.winner === me ? tw("win") : tw("lose");
  else head = tw("winner", outcome.winner + 1);
  const parts = [el("h2", { className: "ending-head" }, head),
    el("div", { className: "ending-reason" }, tw("reason", outcome.text || outcome.reason))];
  const buttons = el("div", { className: "ending-buttons" });
  if (me !== null) {
    const offers = (T.table && T.table.rematch) || [];
    const rematch = el("button", { type: "button", id: "rematch", disabled: offers.includes(me) }, tw("rematch"));
    rematch.addEventListener("click", () => { send({ type: "rematch" }); rematch.disabled = true; });
    buttons.append(rematch);
    if (offers.includes(me)) parts.push(el("div", { className: "muted", id: "rematch-status" }, tw("rematch_wait")));
    else if (offers.includes(1 - me)) {
      parts.push(el("div", { className: "rematch-offer", id: "rematch-status" }, tw("rematch_offered")));
    }
  }
  const game = document.body.dataset.game || "";
  buttons.append(
    el("a", { className: "button", id: "new-game", href: `/?game=${encodeURIComponent(game)}` }, tw("new_game")),
    el("a", { className: "button", id: "to-lobby", href: "/" }, tw("back_lobby")),
    el("a", { className: "button", id: "download-record", href: `/api/games/${encodeURIComponent(gameId)}/record${seatQuery()}`,
      download: `grimoire-${game}-${gameId}.json` }, tw("record")));
  box.replaceChildren(...parts, buttons);
}

// The seat's token for the record of a game between people (private to its players).
function seatQuery() {
  const tok = new URLSearchParams(location.hash.slice(1)).get("seat");
  return tok ? `?seat=${encodeURIComponent(tok)}` : "";
}

// ----- the log on a phone: the last lines, and an expander ------------------------------------
function bindLog() {
  const button = $("log-more");
  const label = () => { button.textContent = $("log").classList.contains("expanded") ? tw("log_less") : tw("log_more"); };
  button.addEventListener("click", () => { $("log").classList.toggle("expanded"); label(); });
  label();
  document.addEventListener("grimoire-lang", label);
}

function drawAll() {
  drawClocks();
  drawClaim();
  drawConcede();
  drawEnding();
}

function setup() {
  document.addEventListener("grimoire:message", (e) => {
    const msg = e.detail;
    if (msg.type === "table") {
      T.table = msg;
      T.at = performance.now();
      drawAll();
    } else if (msg.type === "state") {
      T.last = msg;
      drawAll();
    } else if (msg.type === "rematch" && msg.url) {
      location.assign(msg.url);
    }
  });
  document.addEventListener("grimoire:drawn", (e) => { T.last = e.detail; drawAll(); });
  document.addEventListener("grimoire-lang", drawAll);
  $("concede").addEventListener("click", askConcede);
  bindLog();
  T.tick = setInterval(() => { if (T.table) { drawClocks(); drawClaim(); } }, 200);
}

setup();
