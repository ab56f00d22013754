// A card's full face on demand: hover a card (desktop) or tap it (touch) anywhere on the
// page — an element with data-card="<id>" — and its face (an SVG drawn by the server,
// /cards/<game>/<id>.svg?lang=…) opens with its rules text. Card names inside log lines
// and options become such elements (linkNames). A pile's cards open as a gallery
// (openGallery). Everything is text or an <img>: nothing a card says is ever markup.
import { cardInfo, cardName, catalogueNames } from "./cards.js";
import { getLang, localized, t } from "./i18n.js";

let game = null;
let pointer = "mouse";
let timer = null;
let pop = null;
let shownFor = null;

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

// The URL of a card's face in the page's language.
export function faceUrl(id, lang = getLang()) {
  return `/cards/${encodeURIComponent(game)}/${encodeURIComponent(id)}.svg?lang=${lang}`;
}

// How the last pointer touched the page: "mouse", "pen" or "touch".
export function lastPointer() {
  return pointer;
}

function popup() {
  if (pop) return pop;
  pop = el("div", "card-pop");
  pop.id = "card-pop";
  pop.hidden = true;
  pop.setAttribute("role", "dialog");
  const close = el("button", "card-pop-close", "×");
  close.type = "button";
  close.setAttribute("aria-label", t("close"));
  close.addEventListener("click", hideCard);
  const img = el("img", "card-pop-face");
  img.decoding = "async";
  img.addEventListener("error", () => { img.hidden = true; });  // a game without faces: the text alone
  img.addEventListener("load", () => { img.hidden = false; });
  pop.append(close, img, el("p", "card-pop-name"), el("p", "card-pop-text"), el("div", "card-pop-actions"));
  document.body.append(pop);
  return pop;
}

// Open the face of card `id`: next to `anchor` (hover; `hint`: what clicking it answers), or
// centred with `actions` ([{label, run}], e.g. the options a tapped card answers) when `modal`.
export function showCard(id, { anchor = null, modal = false, actions = [], hint = "" } = {}) {
  const box = popup();
  shownFor = id;
  const info = cardInfo(id);
  const img = box.querySelector(".card-pop-face");
  img.src = faceUrl(id);
  img.alt = cardName(id);
  box.querySelector(".card-pop-name").textContent = cardName(id);
  box.querySelector(".card-pop-text").textContent = info && info.text ? localized(info.text) : "";
  const acts = box.querySelector(".card-pop-actions");
  acts.replaceChildren();
  if (hint) acts.append(el("p", "card-pop-hint", hint));  // what clicking the card answers
  for (const a of actions) {
    const b = el("button", "option", a.label);
    b.type = "button";
    b.addEventListener("click", () => { hideCard(); a.run(); });
    acts.append(b);
  }
  box.classList.toggle("modal", modal);
  box.dataset.card = id;
  box.hidden = false;
  if (modal || !anchor) {
    box.style.left = "";
    box.style.top = "";
  } else {
    const r = anchor.getBoundingClientRect();
    const w = box.offsetWidth || 280;
    const h = box.offsetHeight || 420;
    let left = r.right + 8;
    if (left + w > window.innerWidth - 4) left = Math.max(4, r.left - w - 8);
    const top = Math.min(Math.max(4, r.top - 20), Math.max(4, window.innerHeight - h - 4));
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  }
}

export function hideCard() {
  clearTimeout(timer);
  shownFor = null;
  if (pop) pop.hidden = true;
}

// A gallery of the faces of `ids` (a pile), newest last; each face opens on its own when tapped.
export function openGallery(title, ids) {
  hideCard();
  const old = document.getElementById("card-gallery");
  if (old) old.remove();
  const box = el("div", "card-gallery");
  box.id = "card-gallery";
  box.setAttribute("role", "dialog");
  const head = el("div", "card-gallery-head");
  head.append(el("h3", "", `${title} (${ids.length})`));
  const close = el("button", "card-pop-close", "×");
  close.type = "button";
  close.setAttribute("aria-label", t("close"));
  close.addEventListener("click", () => box.remove());
  head.append(close);
  const grid = el("div", "card-gallery-grid");
  if (!ids.length) grid.append(el("p", "muted", t("pile_empty")));
  ids.forEach((id, i) => {
    const fig = el("figure", "gallery-card");
    fig.dataset.card = id;
    const img = el("img");
    img.loading = "lazy";
    img.src = faceUrl(id);
    img.alt = cardName(id);
    fig.append(img, el("figcaption", "", `${i + 1}. ${cardName(id)}`));
    grid.append(fig);
  });
  box.append(head, grid);
  document.body.append(box);
  close.focus();
}

// Text with the names of the game's cards made hoverable (spans with data-card); plain text otherwise.
export function linkNames(text) {
  const frag = document.createDocumentFragment();
  const { pattern, byName } = catalogueNames();
  if (!pattern || !text) {
    frag.append(text || "");
    return frag;
  }
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) frag.append(text.slice(last, m.index));
    const span = el("span", "card-ref", m[0]);
    span.dataset.card = byName.get(m[0]);
    frag.append(span);
    last = m.index + m[0].length;
  }
  if (last < text.length) frag.append(text.slice(last));
  return frag;
}

// Hover (after a short pause) and tap open a card anywhere on the page; Escape closes it.
let installed = false;

export function installCardPopups(gameName) {
  game = gameName;
  if (installed) return;
  installed = true;
  document.addEventListener("pointerdown", (e) => { pointer = e.pointerType || "mouse"; }, true);
  // a pile's browse button (browseButton, cards.js) asks for its gallery
  document.addEventListener("grimoire:gallery", (e) => openGallery(e.detail.title, e.detail.ids));
  document.addEventListener("mouseover", (e) => {
    if (pointer === "touch") return;
    const c = e.target.closest && e.target.closest("[data-card]");
    if (!c || c.closest("#card-pop")) return;
    clearTimeout(timer);
    if (shownFor === c.dataset.card && pop && !pop.hidden) return;
    timer = setTimeout(() => showCard(c.dataset.card, { anchor: c, hint: c.dataset.options || "" }), 200);
  });
  document.addEventListener("mouseout", (e) => {
    if (pointer === "touch" || (pop && pop.classList.contains("modal"))) return;
    const c = e.target.closest && e.target.closest("[data-card]");
    if (!c || (e.relatedTarget && c.contains(e.relatedTarget))) return;
    hideCard();
  });
  document.addEventListener("click", (e) => {
    const c = e.target.closest && e.target.closest("[data-card]");
    if (pop && !pop.hidden && pop.classList.contains("modal") && !e.target.closest("#card-pop")) {
      hideCard();
      if (!c) return;
    }
    if (pointer !== "touch" || !c || c.closest("#card-pop") || c.closest("button")) return;
    if (c.classList.contains("choosable")) return;  // the table opens it with its options
    e.preventDefault();
    e.stopPropagation();
    showCard(c.dataset.card, { modal: true });
  }, true);
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    hideCard();
    const g = document.getElementById("card-gallery");
    if (g) g.remove();
  });
}

// Make the card names in the text of `root` hoverable (text outside cards, buttons and links only).
export function linkTextIn(root) {
  if (!root) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (p && !p.closest("[data-card], button, a, #card-pop")) nodes.push(n);
  }
  for (const n of nodes) {
    const frag = linkNames(n.nodeValue);
    if (frag.childNodes.length > 1 || (frag.firstChild && frag.firstChild.nodeType !== Node.TEXT_NODE)) n.replaceWith(frag);
  }
}
