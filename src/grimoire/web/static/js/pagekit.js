// What the pages of one's own things share (mine.js, review.js, boardeditor.js): the page's own words
// in the chosen language, a JSON POST sent in that language and answered as { ok, data } (an answer
// that is not JSON becomes an error carrying the HTTP status text), and a status line.
import { getLang } from "./i18n.js";
import { $ } from "./dom.js";

// A function m(key, ...args) over a page's TEXTS ({ ja: {...}, en: {...} }): the word in the page's
// language (else English, else the key), with {0}, {1}… replaced by args.
export function pageWords(texts) {
  return (key, ...args) => {
    const table = texts[getLang()] || texts.en;
    return (table[key] ?? texts.en[key] ?? key).replace(/\{(\d+)\}/g, (_, i) => String(args[Number(i)] ?? ""));
  };
}

// POST body (plus the page's language) as JSON to path; { ok, data } with the parsed answer.
export async function postJSON(path, body) {
  const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...body, lang: getLang() }) });
  let data = {};
  try { data = await res.json(); } catch { data = { error: { message: res.statusText } }; }
  return { ok: res.ok, data };
}

// Show text on the status line id, as good news or bad.
export function status(id, text, good) {
  $(id).className = `status-line ${good ? "ok" : "bad"}`;
  $(id).textContent = text;
}
