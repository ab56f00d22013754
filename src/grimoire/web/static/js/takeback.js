// Taking answers back at the table (grimoire.web.takeback): the "take back" button while the server says
// this seat may (the table message's takeback.limit), and between people the request, the wait and the
// other player's accept / refuse. It listens to table.js's messages and sends through "grimoire:send".
import { getLang } from "./i18n.js";

const WORDS = {
  ja: {
    takeback: "直前の選択を取り消す",
    takeback_wait: "取り消しの申し出に相手の返事を待っています…",
    takeback_refused: "相手が取り消しを断りました",
    takeback_asked: "相手が直前の選択の取り消しを求めています",
    takeback_yes: "認める",
    takeback_no: "断る",
  },
  en: {
    takeback: "Take back my last answer",
    takeback_wait: "Waiting for your opponent to answer your take-back request…",
    takeback_refused: "Your opponent refused the take-back",
    takeback_asked: "Your opponent asks to take back their last answer",
    takeback_yes: "Accept",
    takeback_no: "Refuse",
  },
};

const T = { table: null, last: null };
const $ = (id) => document.getElementById(id);
const tw = (key) => (WORDS[getLang()] || WORDS.ja)[key];

function send(msg) {
  document.dispatchEvent(new CustomEvent("grimoire:send", { detail: msg }));
}

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

// The button and the box, made once next to the concede button.
function parts() {
  let button = $("takeback");
  if (!button) {
    button = el("button", { type: "button", id: "takeback", className: "takeback", hidden: true });
    button.addEventListener("click", () => { button.disabled = true; send({ type: "takeback" }); });
    const concede = $("concede");
    if (concede) concede.before(button);
    const box = el("div", { id: "takeback-box", className: "takeback-box", hidden: true });
    box.setAttribute("role", "status");
    const confirm = $("concede-confirm");
    if (confirm) confirm.after(box);
  }
  return { button, box: $("takeback-box") };
}

function draw() {
  const { button, box } = parts();
  const msg = T.last;
  const tb = T.table && T.table.takeback;
  const me = msg ? msg.seat : null;
  const live = Boolean(msg && me !== null && !msg.outcome && document.body.dataset.mode === "live" && tb);
  button.textContent = tw("takeback");
  button.hidden = !(live && tb.limit[me] > 0 && tb.asked !== me);
  button.disabled = false;
  box.hidden = true;
  if (!live) return;
  if (tb.asked === me) {
    box.replaceChildren(el("div", { className: "muted" }, tw("takeback_wait")));
    box.hidden = false;
  } else if (tb.asked === 1 - me) {
    const yes = el("button", { type: "button", id: "takeback-yes" }, tw("takeback_yes"));
    const no = el("button", { type: "button", id: "takeback-no" }, tw("takeback_no"));
    yes.addEventListener("click", () => { send({ type: "takeback_yes" }); box.hidden = true; });
    no.addEventListener("click", () => { send({ type: "takeback_no" }); box.hidden = true; });
    box.replaceChildren(el("div", { className: "takeback-offer" }, tw("takeback_asked")),
      el("div", { className: "row-buttons" }, yes, no));
    box.hidden = false;
  } else if (tb.refused === me) {
    box.replaceChildren(el("div", {}, tw("takeback_refused")));
    box.hidden = false;
  }
}

document.addEventListener("grimoire:message", (e) => {
  const msg = e.detail;
  if (msg.type === "table") { T.table = msg; draw(); }
  else if (msg.type === "state") { T.last = msg; draw(); }
  else if (msg.type === "error" && $("takeback")) $("takeback").disabled = false;
});
document.addEventListener("grimoire:drawn", (e) => { T.last = e.detail; draw(); });
document.addEventListener("grimoire-lang", draw);
