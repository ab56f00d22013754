// A friend game's seat link before the game starts: the friend chooses a deck (starter, saved or
// pasted); the host waits until they have. Both then go on to the table.
import { getLang, langSwitch, localized, t, translatePage } from "./i18n.js";
import { showDeckError } from "./deckerrors.js";
import { remember } from "./recent.js";
import { SavedDecks } from "./saveddecks.js";

const inviteId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("seat");
let invite = null;
let game = null;
let saved = new SavedDecks(null);

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

function toTable() {
  if (token) remember({ id: invite.game_id, game: invite.game, link: `/g/${encodeURIComponent(invite.game_id)}#seat=${token}` });
  location.replace(`/g/${encodeURIComponent(invite.game_id)}#seat=${token}`);
}

function render() {
  translatePage();
  if (!game) return;
  document.getElementById("join-game").textContent = localized(game.title);
  document.getElementById("join-host").textContent = t("jn_host_deck", localized(splitName(invite.host_deck)));
  const select = document.getElementById("mine-starter");
  const keep = select.value;
  select.replaceChildren(...game.starters.map((s) => el("option", { value: s.id, textContent: localized(s.name),
    selected: s.id === keep })));
  if (saved.decks.length) select.append(saved.group(keep));
}

function splitName(name) {
  const [ja, en] = String(name).split(" / ");
  return en === undefined ? name : { ja, en };
}

function deckSpec(form) {
  const mode = form.querySelector("input[name=mine-mode]:checked").value;
  if (mode === "text") return { text: form.querySelector("#mine-text").value };
  const chosen = form.querySelector("#mine-starter").value;
  return chosen.startsWith("saved:") ? { saved: chosen.slice(6) } : { starter: chosen };
}

async function join(event) {
  event.preventDefault();
  const error = document.getElementById("join-error");
  error.textContent = "";
  document.getElementById("mine-status").textContent = "";
  const button = document.getElementById("join");
  button.disabled = true;
  try {
    const res = await fetch(`/api/invites/${encodeURIComponent(inviteId)}/accept`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, deck: deckSpec(event.target), lang: getLang(),
        proposals: document.getElementById("join-proposals").checked }),
    });
    const data = await res.json();
    if (res.ok) { toTable(); return; }
    const err = data.error || {};
    if (err.code === "deck") showDeckError(document.getElementById("mine-status"), document.getElementById("mine-text"), err);
    else error.textContent = err.message || res.statusText;
  } finally {
    button.disabled = false;
  }
}

async function poll() {
  const res = await fetch(`/api/invites/${encodeURIComponent(inviteId)}?lang=${getLang()}`,
    { headers: token ? { "X-Seat-Token": token } : {} });
  const data = await res.json();
  if (!res.ok) { document.getElementById("join-error").textContent = (data.error || {}).message || res.statusText; return null; }
  return data;
}

async function main() {
  document.documentElement.lang = getLang();
  document.getElementById("lang").append(langSwitch(render));
  translatePage();
  invite = await poll();
  if (!invite) return;
  if (invite.started) { toTable(); return; }
  const meta = await (await fetch("/api/meta")).json();
  game = meta.games.find((g) => g.name === invite.game) || null;
  if (invite.seat === 1) {
    saved = new SavedDecks(invite.game);
    await saved.more();
    const select = document.getElementById("mine-starter");
    select.addEventListener("change", () => saved.chosen(select, (value) => { render(); select.value = value; }));
    const form = document.getElementById("join-form");
    form.hidden = false;
    document.getElementById("join-proposals-label").hidden = !invite.proposals;  // offered when the host accepts them
    form.addEventListener("submit", join);
    document.getElementById("mine-text").addEventListener("input", () => {
      form.querySelector("input[name=mine-mode][value=text]").checked = true;
    });
  } else {
    document.getElementById("join-wait").hidden = false;
    const timer = setInterval(async () => {
      const now = await poll();
      if (now && now.started) { clearInterval(timer); toTable(); }
    }, 1500);
  }
  render();
  document.body.dataset.ready = "1";
}

main();
