// Whether the other player is connected: a small mark beside the connection status of a seat's table
// (a friend game only); connected but with the page hidden or unused (idle.js) is "away". It follows the server's "table" messages (``present``: per seat), which
// table.js passes on as "grimoire:message" events.
import { t } from "./i18n.js";

let seat = null;
let present = null;
let idle = [false, false];
let humans = [false, false];

function draw() {
  let mark = document.getElementById("peer");
  const other = seat === null ? null : 1 - seat;
  const shown = other !== null && humans[other] && Array.isArray(present);
  if (!shown) { if (mark) mark.hidden = true; return; }
  if (!mark) {
    mark = Object.assign(document.createElement("div"), { id: "peer", role: "status" });
    document.getElementById("conn").after(mark);
  }
  const on = Boolean(present[other]);
  mark.hidden = false;
  mark.className = `conn peer ${on ? "up" : "down"}`;
  mark.dataset.present = on ? "1" : "0";
  mark.textContent = `● ${t(on ? "conn_on" : idle[other] ? "conn_idle" : "conn_off")}`;
}

export async function watchPresence(gameId) {
  document.addEventListener("grimoire:message", (event) => {
    const msg = event.detail;
    if (msg.type === "state") seat = msg.seat;
    if (msg.type === "table" && Array.isArray(msg.present)) present = msg.present;
    if (msg.type === "table" && Array.isArray(msg.idle)) idle = msg.idle;
    draw();
  });
  document.getElementById("lang").addEventListener("click", () => setTimeout(draw, 0));
  const res = await fetch(`/api/games/${encodeURIComponent(gameId)}`);
  if (res.ok) humans = (await res.json()).seats.map((kind) => kind === "human");
  draw();
}
