// The board coin's question at the table: the tossing seat types the time of the post that decides the
// toss (21:03:58), or clicks its seconds' last digit among the options table.js draws. The answer goes
// through table.js ("grimoire:answer"); the server checks it (grimoire.web.boardcoin).
import { getLang } from "./i18n.js";

const WORDS = {
  ja: { label: "書き込み時刻", send: "送る", bad: "秒の数字がありません（例 21:03:58）" },
  en: { label: "Post time", send: "Send", bad: "No seconds digits (e.g. 21:03:58)" },
};
const w = (key) => WORDS[getLang() === "en" ? "en" : "ja"][key];

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

document.addEventListener("grimoire:drawn", (event) => {
  const msg = event.detail;
  const box = document.getElementById("decision");
  if (!box || !msg || !msg.decision || msg.decision.kind !== "post" || box.querySelector(".post-time")) return;
  const input = el("input", { type: "text", id: "post-time", placeholder: "21:03:58", autocomplete: "off" });
  const note = el("span", { className: "post-time-note", role: "alert" });
  const send = el("button", { type: "button", id: "post-send", textContent: w("send") });
  const go = () => {
    const text = input.value.trim();
    if (!/\d\s*$/.test(text.split(".")[0])) { note.textContent = w("bad"); return; }
    document.dispatchEvent(new CustomEvent("grimoire:answer", { detail: `post:${text}` }));
  };
  send.addEventListener("click", go);
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  const row = el("div", { className: "post-time" }, el("label", { htmlFor: "post-time", textContent: `${w("label")} ` }),
                 input, send, note);
  const prompt = box.querySelector(".prompt");
  if (prompt) prompt.after(row); else box.prepend(row);
  input.focus();
});
