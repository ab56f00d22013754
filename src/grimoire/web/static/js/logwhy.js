// Why each log line happened: under a log line, on hover (a mouse) or a tap (phones), the rule that
// produced the event and the numbers that went in (the event's ``w`` from the server: ``rule``,
// ``text``, ``link``), with a link to that rule on the game's rules page in the reader's language.
import { getLang } from "./i18n.js";
import { tw } from "./tablewords.js";

// The explanation element of one log line (null: the event explains nothing).
export function whyOf(w) {
  if (!w || (!w.rule && !w.text)) return null;
  const box = document.createElement("span");
  box.className = "why";
  if (w.text) box.append(w.text);
  if (w.rule) {
    const rule = tw("rule_n", w.rule);
    if (w.link) {
      const [path, anchor] = w.link.split("#");
      const a = Object.assign(document.createElement("a"), {
        href: `${path}?lang=${getLang()}${anchor ? `#${anchor}` : ""}`, textContent: rule,
        className: "why-rule", target: "_blank", rel: "noopener",
      });
      a.dataset.rule = w.rule;
      box.append(w.text ? " " : "", a);
    } else {
      box.append(w.text ? ` (${rule})` : rule);
    }
  }
  return box;
}

// A tap on a log line opens or closes its explanation (a hover shows it too, by the style sheet).
export function installLogWhy(list) {
  list.addEventListener("click", (event) => {
    if (event.target.closest("a, button, .card-ref")) return;
    const li = event.target.closest("li");
    if (!li || !li.querySelector(".why")) return;
    const open = !li.classList.contains("why-open");
    for (const other of list.querySelectorAll("li.why-open")) other.classList.remove("why-open");
    li.classList.toggle("why-open", open);
    if (open) keepAboveDock(li);
  });
}

// On a phone the decision panel is fixed over the bottom of the page: an explanation that opened under
// it is scrolled up into view.
function keepAboveDock(li) {
  const dock = document.getElementById("dock");
  if (!dock || getComputedStyle(dock).position !== "fixed") return;
  const below = li.getBoundingClientRect().bottom - dock.getBoundingClientRect().top;
  if (below > 0) window.scrollBy(0, below + 8);
}
