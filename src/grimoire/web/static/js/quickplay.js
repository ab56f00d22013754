// Fewer forced clicks: auto-pass (a decision with a single option is answered by itself, when the player
// wants it: on by default, remembered), number keys 1–9 and Enter, and a prompt that says whether the
// decision is in the player's own turn or a response in the opponent's turn.
import { tw } from "./tablewords.js";

const KEY = "grimoire.autopass";
const PASSING = ["pass", "end", "done", "nocounter"];  // the option Enter takes when there are several
const $ = (id) => document.getElementById(id);
let current = null;
let timer = null;

export function autopassOn() {
  return localStorage.getItem(KEY) !== "0";
}

function answer(id) {
  document.dispatchEvent(new CustomEvent("grimoire:answer", { detail: id }));
}

function enterOption(decision) {
  if (decision.options.length === 1) return decision.options[0];
  const declared = decision.options.find((o) => o.id === decision.default);  // the deck's own set-up choice
  if (declared) return declared;
  const passing = decision.options.filter((o) => PASSING.includes(o.id));
  return passing.length === 1 ? passing[0] : null;
}

function drawn(msg) {
  current = msg;
  clearTimeout(timer);
  const decision = msg.decision;
  document.body.dataset.whose = "";
  if (!decision || msg.seat === null) return;
  const view = msg.view || {};
  const active = view.active ?? view.turn_player;
  const mine = active === undefined || active === null || active === msg.seat;
  document.body.dataset.whose = mine ? "turn" : "response";
  $("status").textContent = mine ? tw("your_turn") : tw("your_response");
  const def = enterOption(decision);
  $("decision").querySelectorAll("button.option").forEach((b, i) => {
    if (i < 9) b.dataset.key = String(i + 1);  // shown by the stylesheet (not part of the label's text)
    if (def && b.dataset.option === def.id) b.classList.add("enter-default");
  });
  maybeAuto(msg);
}

// A single option is answered by itself after a moment (never a decision with a real choice).
function maybeAuto(msg) {
  clearTimeout(timer);
  const decision = msg.decision;
  if (!decision || decision.options.length !== 1 || !autopassOn()) return;
  timer = setTimeout(() => {
    if (current !== msg || document.body.dataset.mode !== "live") return;
    document.body.dataset.autopassed = String(decision.seq);
    answer(decision.options[0].id);
  }, 250);
}

function onKey(e) {
  if (!current || !current.decision || document.body.dataset.mode !== "live") return;
  if (e.ctrlKey || e.metaKey || e.altKey || ["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName)) return;
  const options = current.decision.options;
  if (/^[1-9]$/.test(e.key)) {
    const opt = options[Number(e.key) - 1];
    if (opt) { e.preventDefault(); answer(opt.id); }
  } else if (e.key === "Enter" && e.target.tagName !== "BUTTON") {
    const opt = enterOption(current.decision);
    if (opt) { e.preventDefault(); answer(opt.id); }
  }
}

function setup() {
  const box = $("autopass");
  box.checked = autopassOn();
  $("autopass-label").textContent = tw("autopass");
  box.addEventListener("change", () => {
    localStorage.setItem(KEY, box.checked ? "1" : "0");
    if (current) maybeAuto(current);
  });
  document.addEventListener("grimoire-lang", () => {
    $("autopass-label").textContent = tw("autopass");
  });
  document.addEventListener("grimoire:drawn", (e) => drawn(e.detail));
  document.addEventListener("keydown", onKey);
}

setup();
