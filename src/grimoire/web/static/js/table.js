// The table: live play over a WebSocket (with automatic reconnection) and the replay view.
import { cardName, loadCards } from "./cards.js";
import { hideCard, installCardPopups, lastPointer, linkNames, linkTextIn, showCard } from "./cardpop.js";
import { loadCatalog } from "./catalog.js";
import { installLogWhy, whyOf } from "./logwhy.js";
import { getLang, langSwitch, localized, setLang, t, translatePage } from "./i18n.js";
import "./motion.js";  // cards glide and counters show their change between drawings
import { remember } from "./recent.js";

const gameId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("seat");
if (token) remember({ id: gameId, link: `/g/${encodeURIComponent(gameId)}#seat=${token}` });  // "my games" (/mine)
const $ = (id) => document.getElementById(id);

const S = {
  game: null, renderer: null, ws: null, retry: 0, retryTimer: null,
  last: null, log: [], sent: null, pending: null, mode: "live", replay: null, replayStep: 0, playTimer: null,
  seat: null, finishedOnOpen: null,
};

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 3500);
}

function setConn(text, cls) {
  const c = $("conn");
  c.textContent = text;
  c.className = `conn ${cls}`;
  document.body.dataset.conn = cls;
  // no answer can be sent while disconnected: the options say so (an answer already sent is kept, see S.pending)
  for (const b of $("decision").querySelectorAll("button.option")) b.disabled = cls !== "up" || S.sent !== null;
}

// ----- connection ------------------------------------------------------------
function connect() {
  clearTimeout(S.retryTimer);
  setConn(S.retry ? t("reconnecting", 0) : t("connecting"), "connecting");
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${encodeURIComponent(gameId)}`);
  S.ws = ws;
  ws.addEventListener("open", () => {
    const hello = { type: "hello", token, lang: getLang(), table: true };
    // idle.js adds whether the page is hidden or unused: a hidden page's seat never shows present for a moment
    document.dispatchEvent(new CustomEvent("grimoire:hello", { detail: hello }));
    ws.send(JSON.stringify(hello));
  });
  ws.addEventListener("message", (ev) => onMessage(JSON.parse(ev.data)));
  ws.addEventListener("close", () => {
    if (S.ws !== ws) return;
    S.ws = null;
    S.sent = null;
    const delay = Math.min(10000, 500 * 2 ** S.retry) * (0.75 + Math.random() * 0.5);
    S.retry += 1;
    setConn(t("reconnecting", Math.round(delay / 1000)), "down");
    S.retryTimer = setTimeout(connect, delay);
  });
}

function send(msg) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) {
    S.ws.send(JSON.stringify(msg));
    return true;
  }
  return false;
}

function onMessage(msg) {
  document.dispatchEvent(new CustomEvent("grimoire:message", { detail: msg })); // for presence.js
  if (msg.type === "state") {
    S.retry = 0;
    setConn(t("connected"), "up");
    S.last = msg;
    S.seat = msg.seat;
    S.sent = null;
    // An answer sent just before the connection dropped: applied already (the game moved on) or not (the
    // same decision is pending: send it again). The server takes an answer only for its own seq: never twice.
    let resend = null;
    if (S.pending && msg.seq > S.pending.seq) S.pending = null;
    else if (S.pending && msg.seq === S.pending.seq && msg.decision
             && msg.decision.options.some((o) => o.id === S.pending.option)) resend = S.pending;
    if (msg.full_log) {
      S.log = msg.events;
      $("log").dataset.live = "";
    } else {
      S.log.push(...msg.events);
    }
    if (S.finishedOnOpen === null) {
      S.finishedOnOpen = Boolean(msg.outcome);
      if (msg.outcome) { enterReplay(msg.seq); return; }
    }
    if (S.mode === "live") drawLive();
    else updateReplayButtons();
    if (resend) { S.pending = null; answer(resend.option); }
  } else if (msg.type === "error") {
    if (msg.code === "bad_token") {
      toast(t("err_bad_token"));
      send({ type: "hello", token: null, lang: getLang() });
      return;
    }
    if (msg.code === "not_found") {
      $("status").textContent = t("not_found");
      S.retry = 99;
      return;
    }
    S.sent = null;
    if (msg.code === "stale" || msg.code === "illegal") S.pending = null;
    toast(t(`err_${msg.code}`) !== `err_${msg.code}` ? t(`err_${msg.code}`) : `${t("error")}: ${msg.message}`);
    if (S.mode === "live" && S.last) drawLive();
  }
}

function answer(optionId) {
  hideCard();  // a card's pop-up never stays over the next options
  const d = S.last && S.last.decision;
  if (!d || S.sent !== null) return;
  if (send({ type: "answer", seq: d.seq, option: optionId })) {
    S.sent = d.seq;
    S.pending = { seq: d.seq, option: optionId };
    for (const b of $("decision").querySelectorAll("button")) b.disabled = true;
    document.body.dataset.busy = "1";
  }
}

// ----- drawing ----------------------------------------------------------------
function seatLabel(seat) {
  if (seat === null || seat === undefined) return "";
  return S.seat === seat ? t("you") : t("seat", seat + 1);
}

function logItem(e) {
  const li = el("li", { className: `ev ev-${e.k} p${e.p}` }, linkNames(e.t));
  const why = whyOf(e.w);
  if (why) {
    li.classList.add("has-why");
    li.tabIndex = 0;
    li.append(why);
  }
  return li;
}

// Draw the log; in live play only the new lines are added.
function drawLog(entries, incremental = false) {
  const ol = $("log");
  if (incremental && ol.childElementCount <= entries.length && ol.dataset.live === "1") {
    ol.append(...entries.slice(ol.childElementCount).map(logItem));
  } else {
    ol.replaceChildren(...entries.map(logItem));
  }
  ol.dataset.live = incremental ? "1" : "";
  ol.scrollTop = ol.scrollHeight;
}

function resultText(outcome) {
  if (!outcome) return "";
  let head;
  if (outcome.winner === null) head = t("draw");
  else if (S.seat !== null) head = outcome.winner === S.seat ? t("win") : t("lose");
  else head = t("winner", outcome.winner + 1);
  return `${head}${outcome.text ? ` — ${outcome.text}` : ""}`;
}

function drawBoard(view, decision) {
  const ctx = { seat: S.seat, decision, lang: getLang(), answer, cardName, t, replay: S.mode === "replay" };
  S.renderer.render($("board"), view, ctx);
  if (decision && S.renderer.targets) {
    // Cards an option refers to become clickable: one option → click answers it.
    const byEl = new Map();
    for (const opt of decision.options) {
      for (const target of S.renderer.targets(opt, view, $("board"), ctx) || []) {
        if (!byEl.has(target)) byEl.set(target, []);
        byEl.get(target).push(opt);
      }
    }
    for (const [target, opts] of byEl) {
      target.classList.add("choosable");
      target.dataset.options = opts.map((o) => o.label).join(" / ");
      target.addEventListener("click", () => {
        if (lastPointer() === "touch" && target.dataset.card) {  // a tap shows the card first, with what it answers
          showCard(target.dataset.card, { modal: true, actions: opts.map((o) => ({ label: o.label, run: () => answer(o.id) })) });
          return;
        }
        if (opts.length === 1) answer(opts[0].id);
        else highlightOptions(opts.map((o) => o.id));
      });
    }
  }
  for (const line of $("board").querySelectorAll(".center-line, .zone-title")) linkTextIn(line);
}

function highlightOptions(ids) {
  for (const b of $("decision").querySelectorAll("button")) {
    b.classList.toggle("hl", ids.includes(b.dataset.option));
  }
  $("decision").querySelector("button.hl")?.focus();
}

function drawLive() {
  const msg = S.last;
  if (!msg) return;
  document.body.dataset.mode = "live";
  $("replay").hidden = true;
  $("to-live").hidden = true;
  $("to-replay").hidden = !msg.outcome;
  $("seat-badge").textContent = msg.seat === null ? t("spectator") : `${t("seat", msg.seat + 1)} (${t("you")})`;
  const box = $("decision");
  box.replaceChildren();
  const status = $("status");
  const result = $("result");
  result.hidden = !msg.outcome;
  result.textContent = resultText(msg.outcome);
  document.body.dataset.finished = msg.outcome ? "1" : "";
  document.body.dataset.seq = String(msg.seq);
  delete document.body.dataset.busy;
  if (msg.outcome) {
    status.textContent = t("result");
  } else if (msg.decision) {
    status.textContent = t("your_turn");
    box.append(el("div", { className: "prompt" }, linkNames(msg.decision.prompt)));
    const list = el("div", { className: "options" });
    for (const opt of msg.decision.options) {
      const b = el("button", { type: "button", className: "option" }, linkNames(opt.label));
      b.dataset.option = opt.id;
      b.disabled = document.body.dataset.conn !== "up";
      b.addEventListener("click", () => answer(opt.id));
      list.append(b);
    }
    box.append(list);
  } else if (msg.waiting_for !== null) {
    status.textContent = msg.seat !== null ? t("waiting_opp") : t("waiting_for", msg.waiting_for + 1);
  }
  document.body.dataset.pending = msg.decision ? "1" : "";
  drawBoard(msg.view, msg.decision);
  drawLog(S.log, true);
  document.title = `${msg.decision ? "● " : ""}${$("game-title").textContent} — Grimoire`;
  document.dispatchEvent(new CustomEvent("grimoire:drawn", { detail: msg }));  // for quickplay.js, endings.js
}

// ----- replay -----------------------------------------------------------------
async function fetchReplay(step) {
  const headers = token ? { "X-Seat-Token": token } : {};
  const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/replay?step=${step}&lang=${getLang()}`, { headers });
  if (res.status === 403) {
    const again = await fetch(`/api/games/${encodeURIComponent(gameId)}/replay?step=${step}&lang=${getLang()}`);
    return again.json();
  }
  return res.json();
}

async function showReplay(step) {
  const data = await fetchReplay(step);
  if (S.mode !== "replay") return;
  S.replay = data;
  S.replayStep = data.step;
  document.body.dataset.replayStep = String(data.step);
  const range = $("replay-range");
  range.max = String(data.steps);
  range.value = String(data.step);
  $("replay-step").textContent = t("step", data.step, data.steps);
  $("replay-answer").textContent = data.next_answer ? t("next_answer", data.next_answer) : "";
  const result = $("result");
  result.hidden = !data.outcome;
  result.textContent = resultText(data.outcome);
  $("status").textContent = t("replay");
  drawBoard(data.view, null);
  drawLog(data.log);
  for (const li of $("log").querySelectorAll("li")) li.classList.add("old");
  const fresh = $("log").querySelectorAll("li");
  for (let i = fresh.length - data.events.length; i < fresh.length; i++) if (i >= 0) fresh[i].classList.remove("old");
  updateReplayButtons();
}

function updateReplayButtons() {
  const steps = S.replay ? S.replay.steps : 0;
  $("rp-first").disabled = S.replayStep <= 0;
  $("rp-prev").disabled = S.replayStep <= 0;
  $("rp-next").disabled = S.replayStep >= steps;
  $("rp-last").disabled = S.replayStep >= steps;
}

function enterReplay(step) {
  S.mode = "replay";
  document.body.dataset.mode = "replay";
  $("decision").replaceChildren();
  $("replay").hidden = false;
  $("to-replay").hidden = true;
  $("to-live").hidden = Boolean(S.last && S.last.outcome && S.finishedOnOpen);
  $("seat-badge").textContent = S.seat === null ? t("spectator") : `${t("seat", S.seat + 1)} (${t("you")})`;
  showReplay(step ?? 0);
}

function leaveReplay() {
  stopPlay();
  S.mode = "live";
  drawLive();
}

function stopPlay() {
  clearInterval(S.playTimer);
  S.playTimer = null;
  $("rp-play").textContent = t("play");
}

function bindReplay() {
  $("to-replay").addEventListener("click", () => enterReplay(S.last ? S.last.seq : 0));
  $("to-live").addEventListener("click", leaveReplay);
  $("rp-first").addEventListener("click", () => { stopPlay(); showReplay(0); });
  $("rp-prev").addEventListener("click", () => { stopPlay(); showReplay(S.replayStep - 1); });
  $("rp-next").addEventListener("click", () => { stopPlay(); showReplay(S.replayStep + 1); });
  $("rp-last").addEventListener("click", () => { stopPlay(); showReplay(S.replay ? S.replay.steps : 0); });
  $("replay-range").addEventListener("change", (e) => { stopPlay(); showReplay(Number(e.target.value)); });
  $("rp-play").addEventListener("click", () => {
    if (S.playTimer) { stopPlay(); return; }
    $("rp-play").textContent = t("pause");
    S.playTimer = setInterval(() => {
      if (!S.replay || S.replayStep >= S.replay.steps) { stopPlay(); return; }
      showReplay(S.replayStep + 1);
    }, 700);
  });
  document.addEventListener("keydown", (e) => {
    if (S.mode !== "replay" || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowLeft") showReplay(S.replayStep - 1);
    if (e.key === "ArrowRight") showReplay(S.replayStep + 1);
  });
}

// ----- start --------------------------------------------------------------------
async function main() {
  setLang(getLang());
  translatePage();
  $("lang").append(langSwitch((lang) => {
    translatePage();
    document.dispatchEvent(new Event("grimoire-lang"));
    if (S.mode === "replay") showReplay(S.replayStep);
    send({ type: "lang", lang });
  }));
  bindReplay();
  // other modules of the table answer through here (quickplay.js: auto-pass and keys) and send table messages
  document.addEventListener("grimoire:answer", (e) => answer(e.detail));
  document.addEventListener("grimoire:send", (e) => send(e.detail));
  const res = await fetch(`/api/games/${encodeURIComponent(gameId)}`);
  if (!res.ok) {
    $("status").textContent = t("not_found");
    return;
  }
  const summary = await res.json();
  S.game = summary.game;
  document.body.dataset.game = S.game;
  const meta = await (await fetch("/api/meta")).json();
  const info = meta.games.find((g) => g.name === S.game);
  const title = () => { $("game-title").textContent = info ? localized(info.title) : S.game; };
  title();
  document.addEventListener("grimoire-lang", title);
  await Promise.all([loadCards(S.game), loadCatalog(S.game)]);
  installCardPopups(S.game);
  installLogWhy($("log"));
  S.renderer = await import(info && info.renderer ? info.renderer : "./render/generic.js");
  window.addEventListener("hashchange", () => location.reload());
  connect();
}

main();
