// Modest motion at the table: a card that changes place glides from where it was to where it is
// now (FLIP: first, last, invert, play), a card that comes into view fades in, a card that leaves
// fades out where it was, and a changed life or thread count floats its difference ("−3", "+2").
// Every animation lasts at most MAX_MS; with `prefers-reduced-motion: reduce` nothing moves
// (style.css switches CSS animations off the same way).
//
// The table announces each server message ("grimoire:message", before it redraws) and each
// finished drawing ("grimoire:drawn"): the board is measured on the first and animated on the second.
// Cards are matched by their instance (data-uid, set by the game renderers).

export const MAX_MS = 300;
const MOVE_MS = 240;
const FADE_MS = 200;
const DELTA_MS = 250;
const EASE = "cubic-bezier(.2, .7, .3, 1)";
const COUNTERS = ".player-zone .stat.life, .player-zone .stat.threads";

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
let before = null;

function board() {
  return document.getElementById("board");
}

// Where each shown card is (cards folded away in a closed pile have no size and do not count)
// and the life / thread count of each seat.
export function measure(root) {
  const cards = new Map();
  for (const card of root.querySelectorAll(".card[data-uid]")) {
    const rect = card.getBoundingClientRect();
    if (rect.width && rect.height && !cards.has(card.dataset.uid)) cards.set(card.dataset.uid, { rect, card });
  }
  const counters = new Map();
  for (const stat of root.querySelectorAll(COUNTERS)) {
    const zone = stat.closest(".player-zone");
    const value = Number(stat.querySelector("b")?.textContent);
    if (zone && Number.isFinite(value)) counters.set(`${zone.dataset.seat}:${stat.className}`, { value, stat });
  }
  return { cards, counters };
}

function glide(card, from, to) {
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  const sx = to.width ? from.width / to.width : 1;
  const sy = to.height ? from.height / to.height : 1;
  card.animate(
    [{ transformOrigin: "top left", transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` },
     { transformOrigin: "top left", transform: "none" }],
    { duration: MOVE_MS, easing: EASE },
  );
}

function fadeIn(card) {
  card.animate([{ opacity: 0, transform: "scale(.92)" }, { opacity: 1, transform: "none" }],
               { duration: FADE_MS, easing: EASE });
}

// A card no longer on the board: a copy of it fades out where it stood.
function fadeOut(card, rect) {
  const ghost = card.cloneNode(true);
  ghost.classList.add("motion-ghost");
  ghost.classList.remove("choosable");
  ghost.removeAttribute("data-uid");
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, {
    left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px`,
  });
  document.body.append(ghost);
  const anim = ghost.animate([{ opacity: 1, transform: "none" }, { opacity: 0, transform: "scale(.85)" }],
                             { duration: FADE_MS, easing: "ease-in" });
  const done = () => ghost.remove();
  anim.addEventListener("finish", done);
  anim.addEventListener("cancel", done);
}

// "−3" / "+2" floating up from a counter that changed.
function floatDelta(stat, delta) {
  const mark = document.createElement("span");
  mark.className = `motion-delta ${delta < 0 ? "down" : "up"}`;
  mark.textContent = delta < 0 ? `\u2212${-delta}` : `+${delta}`;
  mark.setAttribute("aria-hidden", "true");
  stat.append(mark);
  const anim = mark.animate(
    [{ opacity: 0, transform: "translateY(0)" }, { opacity: 1, transform: "translateY(-.4em)", offset: 0.15 },
     { opacity: 1, transform: "translateY(-1em)", offset: 0.7 }, { opacity: 0, transform: "translateY(-1.4em)" }],
    { duration: DELTA_MS, easing: "ease-out" },
  );
  const done = () => mark.remove();
  anim.addEventListener("finish", done);
  anim.addEventListener("cancel", done);
}

// Animate from the board as it was (`old`, from measure) to the board as it is now.
export function play(root, old) {
  const now = measure(root);
  const first = old.counters.size === 0;  // the first drawing appears as it is
  for (const [uid, { rect, card }] of now.cards) {
    const was = old.cards.get(uid);
    if (was) glide(card, was.rect, rect);
    else if (!first) fadeIn(card);
  }
  for (const [uid, { rect, card }] of old.cards) {
    if (!now.cards.has(uid) && !card.isConnected) fadeOut(card, rect);
  }
  for (const [key, { value, stat }] of now.counters) {
    const was = old.counters.get(key);
    if (was && was.value !== value) floatDelta(stat, value - was.value);
  }
}

document.addEventListener("grimoire:message", (e) => {
  const root = board();
  before = root && e.detail && e.detail.type === "state" && !reducedMotion.matches ? measure(root) : null;
});

document.addEventListener("grimoire:drawn", () => {
  const old = before;
  before = null;
  const root = board();
  if (old && root && !reducedMotion.matches) play(root, old);
});
