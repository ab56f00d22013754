// "Copy for the forum" at the table: the seat's post for the thread — what happened since its last
// copy and the board, as the public sees them (never a hidden card) — from /api/games/<id>/forum,
// put on the clipboard and shown in a box to copy by hand. Where the next post starts is remembered
// by the browser, per game and seat.
import { getLang } from "./i18n.js";

const WORDS = {
  ja: { copy: "掲示板用にコピー", copied: "コピーしました（下の枠にもあります）", close: "閉じる" },
  en: { copy: "Copy for the forum", copied: "Copied (also in the box below)", close: "Close" },
};
const w = (key) => WORDS[getLang() === "en" ? "en" : "ja"][key];
const gameId = decodeURIComponent(location.pathname.split("/").pop());
let seat = null;

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

const key = () => `grimoire.forum.${gameId}.${seat}`;

async function copyPost(button) {
  const since = Number(localStorage.getItem(key()) || "0");
  const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/forum?seat=${seat}&since=${since}&lang=${getLang()}`);
  if (!res.ok) return;
  const data = await res.json();
  localStorage.setItem(key(), String(data.next));
  let box = document.getElementById("forum-text");
  if (!box) {
    box = el("textarea", { id: "forum-text", className: "forum-text", readOnly: true, rows: 12, spellcheck: false });
    const close = el("button", { type: "button", id: "forum-close", textContent: w("close") });
    close.addEventListener("click", () => { box.parentElement.remove(); });
    button.closest(".table-tools").after(el("div", { className: "forum-post" }, box, close));
  }
  box.value = data.text;
  box.dataset.ready = String(data.next);
  try {
    await navigator.clipboard.writeText(data.text);
    button.textContent = w("copied");
    button.dataset.copied = "1";
    setTimeout(() => { delete button.dataset.copied; button.textContent = w("copy"); }, 2500);
  } catch { /* the clipboard is blocked: the box shows the text */ }
}

document.addEventListener("grimoire:drawn", (event) => {
  const msg = event.detail;
  if (!msg || msg.seat === null || msg.seat === undefined) return; // spectators have no posts of their own
  seat = msg.seat;
  const tools = document.querySelector(".table-tools");
  let button = document.getElementById("forum-copy");
  if (!tools) return;
  if (!button) {
    button = el("button", { type: "button", id: "forum-copy", className: "forum-copy" });
    button.addEventListener("click", () => copyPost(button));
    tools.append(button);
  }
  if (!button.dataset.copied) button.textContent = w("copy");
});
