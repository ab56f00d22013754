// A deck's problems, as the lobby and the join page show them: every problem at once, each with its
// line (a click selects it); the first bad line is selected and scrolled into view. The problems
// come from the server in the page's language.
import { t } from "./i18n.js";

function el(tag, props = {}) {
  return Object.assign(document.createElement(tag), props);
}

// Select line ``line`` of a deck list and scroll the text box (and the page) to it.
export function showLine(text, line) {
  const lines = text.value.split("\n");
  const start = lines.slice(0, line - 1).join("\n").length + (line > 1 ? 1 : 0);
  text.focus({ preventScroll: true });
  text.setSelectionRange(start, start + (lines[line - 1] || "").length);
  const height = parseFloat(getComputedStyle(text).lineHeight) || 18;
  text.scrollTop = Math.max(0, (line - 1) * height - text.clientHeight / 3);
  text.scrollIntoView({ block: "nearest" });
}

// ``error``: the server's deck error (``problems``: all of them; else its one ``line`` and ``message``).
// The same problems of the same text, already shown, are left as they are: a second check of an
// unchanged list must not move the selection the player has just made.
export function showDeckError(status, text, error) {
  const found = error.problems && error.problems.length ? error.problems
    : [{ line: error.line, message: error.message }];
  const shown = JSON.stringify([text.value, found]);
  if (status.dataset.shown === shown && status.querySelector(".deck-problems")) return;
  status.dataset.shown = shown;
  status.className = "deck-status error";
  const parts = [];
  if (found.length > 1) parts.push(el("div", { className: "deck-problems-head", textContent: t("deck_problems", found.length) }));
  const list = el("ul", { className: "deck-problems" });
  for (const p of found) {
    const item = el("li", { className: "deck-problem", textContent: (p.line ? `${t("line", p.line)}: ` : "") + p.message });
    if (p.line) {
      item.dataset.line = String(p.line);
      item.addEventListener("click", () => showLine(text, p.line));
    }
    list.append(item);
  }
  parts.push(list);
  status.replaceChildren(...parts);
  const first = found.find((p) => p.line);
  if (first && text.value) showLine(text, first.line);
}
