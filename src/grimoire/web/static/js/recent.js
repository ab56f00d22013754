// The games this browser holds a seat link of (created in the lobby, joined by invitation or
// opened from a seat link): "my games", kept in this browser only (the links are the seats' secrets).
const KEY = "grimoire.recent";
const MAX = 50;

export function recentGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((g) => g && typeof g.id === "string" && typeof g.link === "string") : [];
  } catch { return []; }
}

// Remember a game's seat link (newest first); what is already known of it is kept.
export function remember(entry) {
  const list = recentGames();
  const old = list.find((g) => g.id === entry.id) || {};
  const merged = { ...old, ...Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined && v !== "")) };
  merged.created = old.created || entry.created || Date.now();
  localStorage.setItem(KEY, JSON.stringify([merged, ...list.filter((g) => g.id !== entry.id)].slice(0, MAX)));
}

// The seat token of a seat link ("/g/ID#seat=TOKEN"), or null.
export function seatOf(link) {
  const hash = String(link).split("#")[1] || "";
  return new URLSearchParams(hash).get("seat");
}
