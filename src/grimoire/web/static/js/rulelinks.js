// Rules at hand: links to a game's rules page (/rules/<game>?lang=…#r-<number>) from the lobby and the
// table's header, a "rule 3.2.1" link beside each prompt (the decision's ``rule``), and under each option
// with a rule of its own its text (``notes``: Destiny's forecast abilities). The table passes each drawn
// state on as a "grimoire:drawn" event; this script only adds to what table.js drew.
import { getLang } from "./i18n.js";

const WORDS = {
  ja: { rules: "ルール", rule: "ルール {0}", rules_of: "{0}のルール" },
  en: { rules: "Rules", rule: "rule {0}", rules_of: "{0} rules" },
};
const w = (key, arg = "") => WORDS[getLang()][key].replace("{0}", arg);
const href = (game, rule) =>
  `/rules/${encodeURIComponent(game)}?lang=${getLang()}${rule ? `#r-${rule}` : ""}`;

function newTabLink(url, text, className) {
  return Object.assign(document.createElement("a"), { href: url, textContent: text, className,
                                                      target: "_blank", rel: "noopener" });
}

// Whether a game has a rules page (a game without one gets no links), asked once per game.
const known = new Map();
function hasRules(game) {
  if (!known.has(game)) {
    known.set(game, fetch(`/rules/${encodeURIComponent(game)}`, { method: "HEAD" }).then((r) => r.ok, () => false));
  }
  return known.get(game);
}

// The table: the header link and the prompt's rule link, redrawn with every state.
let last = null;

async function drawTable() {
  const msg = last;
  if (!msg || !msg.game || !(await hasRules(msg.game)) || msg !== last) return;
  const head = document.getElementById("rules-link");
  if (head) {
    head.href = href(msg.game);
    head.textContent = w("rules");
    head.hidden = false;
  }
  const box = document.getElementById("decision");
  const decision = msg.decision;
  if (!box || !decision || box.querySelector(".rule-link")) return;
  const prompt = box.querySelector(".prompt");
  if (prompt && decision.rule) {
    const link = newTabLink(href(msg.game, decision.rule), w("rule", decision.rule), "rule-link");
    link.dataset.rule = decision.rule;
    prompt.append(" ", link);
  }
  const notes = decision.notes || {};
  for (const button of box.querySelectorAll("button.option")) {
    const note = notes[button.dataset.option];
    if (!note || button.nextElementSibling?.classList.contains("option-note")) continue;
    const div = Object.assign(document.createElement("div"), { className: "option-note" });
    div.dataset.option = button.dataset.option;
    div.append(note.text, " ", newTabLink(href(msg.game, note.rule), w("rule", note.rule), "rule-link"));
    button.after(div);
  }
}

// The lobby: one link per game the server serves.
async function drawLobby(block) {
  const res = await fetch("/api/meta");
  if (!res.ok) return;
  const all = (await res.json()).games;
  const found = await Promise.all(all.map((g) => hasRules(g.name)));
  const games = all.filter((_, i) => found[i]);
  const draw = () => {
    block.replaceChildren(...games.map((g) => {
      const title = g.title[getLang()] ?? g.title.ja;
      const a = newTabLink(href(g.name), w("rules_of", title), "rules-of");
      a.dataset.game = g.name;
      return a;
    }));
  };
  draw();
  document.getElementById("lang")?.addEventListener("click", () => setTimeout(draw, 0));
}

const lobby = document.getElementById("rules-links");
if (lobby) drawLobby(lobby);
document.addEventListener("grimoire:drawn", (event) => { last = event.detail; drawTable(); });
document.addEventListener("grimoire-lang", () => setTimeout(drawTable, 0));
