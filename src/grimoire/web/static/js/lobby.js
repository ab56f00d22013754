// The lobby: choose a game, decks and opponent; create the game; show the links.
import { getLang, langSwitch, localized, t, translatePage } from "./i18n.js";
import { showDeckError as showProblems } from "./deckerrors.js";
import { recentGames, remember } from "./recent.js";
import { SavedDecks } from "./saveddecks.js";
import { chosenCoin, chosenOptions } from "./rulesoptions.js";
import { ownerToken } from "./owner.js";

let meta = { games: [] };
let current = null;

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

function renderRecent() {
  const ul = document.getElementById("recent");
  ul.replaceChildren();
  const list = recentGames();
  if (!list.length) ul.append(el("li", { className: "muted", textContent: t("none_yet") }));
  for (const g of list) {
    const game = meta.games.find((x) => x.name === g.game);
    const title = game ? localized(game.title) : g.game || g.id;
    const when = new Date(g.created).toLocaleString(getLang() === "ja" ? "ja-JP" : "en-GB");
    ul.append(el("li", {}, el("a", { href: g.link, textContent: `${title} — ${when}` })));
  }
}

function renderGames() {
  const box = document.getElementById("games");
  box.replaceChildren();
  for (const game of meta.games) {
    const input = el("input", { type: "radio", name: "game", value: game.name, checked: game.name === current?.name });
    input.addEventListener("change", () => {
      current = game;
      history.replaceState(null, "", `?game=${encodeURIComponent(game.name)}`);
      renderDeckChoices();
    });
    box.append(el("label", { className: "game-choice" }, input, " ", localized(game.title)));
  }
  renderDeckChoices();
}

let savedDecks = new SavedDecks(null);

// The decks saved on the server (deck builder) join the starters, as "saved:NAME" (their first page; the
// option "more" fetches the next: saveddecks.js).
async function loadSavedDecks() {
  if (!current || savedDecks.game === current.name) return;
  const decks = savedDecks = new SavedDecks(current.name);
  await decks.more();
  if (current && savedDecks === decks) renderDeckChoices(false);
}

function renderDeckChoices(fetchSaved = true) {
  if (!current) return;
  if (fetchSaved) loadSavedDecks();
  const saved = savedDecks.game === current.name ? savedDecks.decks : [];
  for (const which of ["mine", "theirs"]) {
    const select = document.getElementById(`${which}-starter`);
    const keep = select.value;
    select.replaceChildren();
    current.starters.forEach((s, i) => {
      const opt = el("option", { value: s.id, textContent: localized(s.name) });
      if (s.id === keep || (!keep && which === "theirs" && i === 1)) opt.selected = true;
      select.append(opt);
    });
    if (saved.length) select.append(savedDecks.group(keep));
  }
  const level = document.getElementById("level");
  const keep = level.value;
  level.replaceChildren();
  const preferred = keep && current.levels.includes(keep) ? keep
    : current.levels.includes("normal") ? "normal" : current.levels[0];
  for (const name of current.levels) {
    const label = t(`level_${name}`) === `level_${name}` ? name : t(`level_${name}`);
    level.append(el("option", { value: name, textContent: label, selected: name === preferred }));
  }
}

function deckSpec(form, which) {
  const mode = form.querySelector(`input[name=${which}-mode]:checked`).value;
  if (mode === "text") return { text: form.querySelector(`#${which}-text`).value };
  const chosen = form.querySelector(`#${which}-starter`).value;
  if (chosen.startsWith("saved:")) return { saved: chosen.slice(6) };
  return { starter: chosen };
}

function showDeckError(which, error) {
  showProblems(document.getElementById(`${which}-status`), document.getElementById(`${which}-text`), error);
}

const checks = { mine: 0, theirs: 0 }; // the latest check of each list: an older answer is dropped

async function checkDeck(which) {
  const box = document.getElementById(`${which}-text`);
  const text = box.value;
  const status = document.getElementById(`${which}-status`);
  const asked = ++checks[which];
  if (!text.trim() || !current) { status.textContent = ""; return; }
  const res = await fetch("/api/decks/check", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: current.name, text, lang: getLang(), owner: ownerToken() }),
  });
  const body = await res.json();
  if (asked !== checks[which] || box.value !== text) return; // the list changed or was checked again meanwhile
  if (body.ok) {
    status.className = "deck-status ok";
    status.textContent = `${t("deck_ok")}: ${body.name} (${Object.entries(body.counts).map(([k, v]) => `${k} ${v}`).join(", ")})`;
  } else {
    showDeckError(which, body.error);
  }
}

function linkRow(label, href, className) {
  const url = new URL(href, location.href).href;
  const copy = el("button", { type: "button", textContent: t("copy") });
  copy.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(url); copy.textContent = t("copied"); } catch { /* clipboard blocked */ }
  });
  return el("div", { className: `link-row ${className}` },
    el("div", { className: "link-label", textContent: label }),
    el("input", { type: "text", readOnly: true, value: url, className: "link-url" }),
    copy,
    el("a", { href, textContent: t("open"), className: "button open-link" }));
}

async function create(event) {
  event.preventDefault();
  const form = event.target;
  const error = document.getElementById("create-error");
  error.textContent = "";
  for (const w of ["mine", "theirs"]) document.getElementById(`${w}-status`).textContent = "";
  const opponentKind = form.querySelector("input[name=opponent]:checked").value;
  const invite = opponentKind === "friend" && document.getElementById("friend-picks").checked;
  const body = {
    game: current.name,
    lang: getLang(),
    deck: deckSpec(form, "mine"),
    opponent: { kind: opponentKind, level: form.querySelector("#level").value, deck: deckSpec(form, "theirs") },
    options: chosenOptions(), // the rules options the creator changed (rulesoptions.js)
    ...chosenCoin(), // the board coin, between two people (grimoire.web.boardcoin)
  };
  // proposed cards (not approved yet) are played in a friend game only when both players accept them
  if (invite && document.getElementById("friend-proposals").checked) body.proposals = true;
  // the computer plays its deck's declared set-up choices (# ability:) unless asked to pick its own
  if (opponentKind === "ai" && document.getElementById("ai-setup").checked) body.opponent.setup = "own";
  const button = document.getElementById("create");
  button.disabled = true;
  button.textContent = t("creating");
  try {
    const clock = form.querySelector("[name=clock]");
    if (clock) body.clock = clock.value;
    const webhook = form.querySelector("[name=webhook]");  // play by post: each move announced there
    if (webhook && webhook.value.trim() && opponentKind === "friend") body.webhook = webhook.value.trim();
    // A friend who picks their own deck gets an invitation: the game starts when they have chosen.
    body.owner = ownerToken();  // its author may play a card still proposed (against the computer)
    const res = await fetch(invite ? "/api/invites" : "/api/games", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await res.json();
    if (!res.ok) {
      const err = data.error || {};
      if (err.code === "deck") showDeckError(err.field === "deck" ? "mine" : "theirs", err);
      else error.textContent = err.message || res.statusText;
      return;
    }
    const list = document.getElementById("link-list");
    list.replaceChildren(linkRow(t("your_link"), data.links.seats[0], "seat0"));
    if (data.links.seats[1]) list.append(linkRow(t("friend_link"), data.links.seats[1], "seat1"));
    list.append(linkRow(t("spectator_link"), data.links.spectator, "spectator"));
    document.getElementById("created").hidden = false;
    document.getElementById("created").scrollIntoView({ behavior: "smooth", block: "nearest" });
    remember({ id: data.id, game: data.game, link: data.links.seats[0], created: Date.now() });
    renderRecent();
  } finally {
    button.disabled = false;
    button.textContent = t("create");
  }
}

function refresh() {
  translatePage();
  renderGames();
  renderRecent();
  for (const which of ["mine", "theirs"]) { // a deck's problems are shown again in the new language
    if (document.getElementById(`${which}-status`).textContent) checkDeck(which);
  }
}

async function main() {
  document.documentElement.lang = getLang(); // the browser's language until the user picks one (then remembered)
  document.getElementById("lang").append(langSwitch(refresh));
  meta = await (await fetch("/api/meta")).json();
  // "?game=NAME" (the table's "new game" link) opens the lobby on that game
  const asked = new URLSearchParams(location.search).get("game");
  current = meta.games.find((g) => g.name === asked) || meta.games[0] || null;
  refresh();
  const form = document.getElementById("new-game");
  form.addEventListener("submit", create);
  const friendMode = () => {
    const friend = form.querySelector("input[name=opponent]:checked").value === "friend";
    document.getElementById("friend-picks-label").hidden = !friend;
    document.getElementById("friend-proposals-label").hidden = !(friend && document.getElementById("friend-picks").checked);
    document.getElementById("ai-setup-label").hidden = friend;
    document.querySelector(".webhook-choice").hidden = !friend;  // moves announced: games between people
    document.getElementById("deck-theirs").hidden = friend && document.getElementById("friend-picks").checked;
  };
  for (const input of form.querySelectorAll("input[name=opponent], #friend-picks")) {
    input.addEventListener("change", friendMode);
  }
  friendMode();
  for (const which of ["mine", "theirs"]) {  // "more saved decks…": the next page, then its first deck chosen
    const select = document.getElementById(`${which}-starter`);
    select.addEventListener("change", () => savedDecks.chosen(select, (value) => {
      renderDeckChoices(false);
      select.value = value;
    }));
  }
  for (const which of ["mine", "theirs"]) {
    const text = document.getElementById(`${which}-text`);
    let timer = null;
    text.addEventListener("input", () => {
      form.querySelector(`input[name=${which}-mode][value=text]`).checked = true;
      clearTimeout(timer);
      timer = setTimeout(() => checkDeck(which), 400);
    });
  }
  document.body.dataset.ready = "1";
}

main();
