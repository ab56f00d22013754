// "Mine": what this browser saved and played. The recovery code (the author's token: copied here,
// entered on another browser to own the same decks and cards there), the cards and decks saved with
// it (each may be withdrawn), and the games whose seat links this browser holds (a finished game
// between people is shown on the public history only when both players choose so).
import { getLang, langSwitch, localized, setLang, t, translatePage } from "./i18n.js";
import { $, el } from "./dom.js";
import { ownerToken, useRecoveryCode } from "./owner.js";
import { pageWords, postJSON, status } from "./pagekit.js";
import { recentGames, seatOf } from "./recent.js";

const TEXTS = {
  ja: {
    title: "自分のもの",
    code: "復元コード",
    code_hint: "このブラウザで保存したデッキとカードの持ち主のしるしです（パスワードはいりません）。差し替えと取り下げは、このコードを持つブラウザだけができます。人に見せず、なくさないように控えてください。",
    copy: "コピー",
    copied: "コピーしました",
    enter: "別のブラウザのコードを使う",
    enter_hint: "別のブラウザで見た復元コードを入れると、このブラウザもその持ち主になります（いまのコードは使われなくなります）。",
    use: "このコードを使う",
    bad_code: "復元コードではありません（24〜200 文字の英数字と記号）",
    confirm_code: "このブラウザのいまの復元コードの代わりに、入れたコードを使いますか？",
    code_used: "このコードを使います",
    cards: "保存したカード",
    decks: "保存したデッキ",
    none: "まだありません",
    withdraw: "取り下げる",
    confirm_withdraw: "「{0}」を取り下げますか？ 新しいデッキやゲームには使えなくなります（それを使ったゲームの記録は残ります）。",
    withdrawn: "取り下げ済み",
    proposed: "提案中（管理者の承認待ち。承認まではコンピューター戦でだけ使えます）",
    returned: "差し戻し: {0}",
    used: "対局で使われた（差し替え不可）",
    done: "取り下げました: {0}",
    games: "自分のゲーム",
    games_hint: "このブラウザが席のリンクを持っているゲーム。人どうしのゲームは、二人とも「公開する」を選んだときだけ対戦記録に載ります。",
    show: "対戦記録に公開する",
    public: "公開中",
    waiting: "相手が選ぶと公開",
    finished: "終了",
    playing: "対局中",
    vs_ai: "コンピュータ戦（対戦記録に載ります）",
    gone: "見つかりません（期限切れ）",
    your_move: "あなたの番",
    their_move: "相手の番",
    since: "{0}から",
    due: "期限 {0}（{1}）",
    now: "いま",
  },
  en: {
    title: "Mine",
    code: "Recovery code",
    code_hint: "It marks the decks and cards this browser saved as yours (no password). Only a browser with this code may replace or withdraw them. Keep it to yourself, and keep a copy.",
    copy: "Copy",
    copied: "Copied",
    enter: "Use the code of another browser",
    enter_hint: "Enter the recovery code you saw on another browser and this browser owns the same decks and cards (its current code is no longer used).",
    use: "Use this code",
    bad_code: "not a recovery code (24–200 letters, digits and signs)",
    confirm_code: "Use the code you entered instead of this browser's current recovery code?",
    code_used: "This code is used from now on",
    cards: "Saved cards",
    decks: "Saved decks",
    none: "None yet",
    withdraw: "Withdraw",
    confirm_withdraw: "Withdraw \"{0}\"? New decks and games can no longer use it (the games that used it keep their records).",
    withdrawn: "withdrawn",
    proposed: "proposed (waiting for the server owner; until approved, for games against the computer only)",
    returned: "sent back: {0}",
    used: "played in games (cannot be replaced)",
    done: "Withdrawn: {0}",
    games: "My games",
    games_hint: "The games whose seat links this browser holds. A game between people is on the public history only when both players choose to show it.",
    show: "Show on the public history",
    public: "public",
    waiting: "public once the other player chooses too",
    finished: "finished",
    playing: "in play",
    vs_ai: "against the computer (on the public history)",
    gone: "not found (expired)",
    your_move: "your move",
    their_move: "their move",
    since: "since {0}",
    due: "due {0} ({1})",
    now: "just now",
  },
};

const m = pageWords(TEXTS);

function translate() {
  translatePage();
  for (const node of document.querySelectorAll("[data-m]")) node.textContent = m(node.dataset.m);
  $("copy-code").textContent = m("copy");
}

let titles = {};

const post = postJSON;

function withdrawButton(label, path, body) {
  const button = el("button", { type: "button", textContent: m("withdraw") });
  button.addEventListener("click", async () => {
    if (!window.confirm(m("confirm_withdraw", label))) return;
    const { ok, data } = await post(path, { ...body, owner: ownerToken() });
    status("list-status", ok ? m("done", label) : (data.error || {}).message || "", ok);
    loadSaved();
  });
  return button;
}

async function loadSaved() {
  const { ok, data } = await post("/api/mine", { owner: ownerToken() });
  const cards = $("my-cards");
  const decks = $("my-decks");
  cards.replaceChildren();
  decks.replaceChildren();
  if (!ok) { status("list-status", (data.error || {}).message || "", false); return; }
  if (!data.cards.length) cards.append(el("li", { className: "muted", textContent: m("none") }));
  for (const c of data.cards) {
    const name = c.name && typeof c.name === "object" ? localized(c.name) : String(c.name || c.id);
    const notes = [titles[c.game] || c.game, c.id];
    if (c.withdrawn) notes.push(m("withdrawn")); else if (c.used) notes.push(m("used"));
    if (!c.withdrawn && c.status === "proposed") notes.push(m("proposed"));
    if (!c.withdrawn && c.status === "returned") notes.push(m("returned", c.note));
    const li = el("li", {}, el("span", { textContent: `${name} ` }), el("span", { className: "meta", textContent: notes.join(" · ") }));
    li.dataset.id = c.id;
    if (!c.withdrawn) li.append(" ", withdrawButton(name, "/api/cards/withdraw", { game: c.game, id: c.id }));
    cards.append(li);
  }
  if (!data.decks.length) decks.append(el("li", { className: "muted", textContent: m("none") }));
  for (const d of data.decks) {
    const li = el("li", {}, el("span", { textContent: `${d.name} ` }),
      el("span", { className: "meta", textContent: titles[d.game] || d.game }), " ",
      withdrawButton(d.name, "/api/decks/withdraw", { game: d.game, name: d.name }));
    li.dataset.name = d.name;
    decks.append(li);
  }
}

// "2日前" / "2 days ago", "1日後" / "in 1 day": the largest whole unit of the time from now to ``at`` (seconds).
function relative(at, now = Date.now() / 1000) {
  const diff = at - now;
  const size = Math.abs(diff);
  if (size < 60) return m("now");
  const [unit, span] = size >= 86400 ? ["day", 86400] : size >= 3600 ? ["hour", 3600] : ["minute", 60];
  const whole = Math.floor(size / span) * Math.sign(diff);
  return new Intl.RelativeTimeFormat(getLang() === "ja" ? "ja-JP" : "en-GB", { numeric: "always" }).format(whole, unit);
}

function localTime(at) {
  return new Date(at * 1000).toLocaleString(getLang() === "ja" ? "ja-JP" : "en-GB",
    { dateStyle: "medium", timeStyle: "short" });
}

// Whose move it is, since when, and (a timed game) until when.
function turnLine(game) {
  if (game.finished || game.to_move === null || game.seat === null) return null;
  const line = el("span", { className: `turn ${game.your_move ? "yours" : "theirs"}` },
    el("strong", { textContent: m(game.your_move ? "your_move" : "their_move") }), " ",
    el("time", { className: "since", dateTime: new Date(game.since * 1000).toISOString(), title: localTime(game.since),
      textContent: m("since", relative(game.since)) }));
  if (game.deadline !== null) {
    line.append(" · ", el("time", { className: "deadline", dateTime: new Date(game.deadline * 1000).toISOString(),
      textContent: m("due", relative(game.deadline), localTime(game.deadline)) }));
  }
  return line;
}

async function gameRow(g, game) {
  const token = seatOf(g.link);
  const when = new Date(g.created || Date.now()).toLocaleString(getLang() === "ja" ? "ja-JP" : "en-GB");
  const li = el("li", {}, el("a", { href: g.link, textContent: `${titles[g.game] || g.game || ""} — ${when}` }));
  li.dataset.id = g.id;
  if (!game || game.gone) { li.append(" ", el("span", { className: "meta", textContent: m("gone") })); return li; }
  const people = game.seats.every((s) => s === "human");
  li.firstChild.textContent = `${titles[game.game] || game.game} — ${when}`;
  li.append(" ", el("span", { className: "meta", textContent: game.finished ? m("finished") : m("playing") }));
  const turn = turnLine(game);
  if (turn) { li.append(" · ", turn); li.dataset.turn = game.your_move ? "yours" : "theirs"; }
  if (!people) { li.append(" · ", el("span", { className: "meta", textContent: m("vs_ai") })); return li; }
  if (!game.finished || !token) return li;
  const box = el("input", { type: "checkbox" });
  const state = el("span", { className: "meta" });
  const show = (shown, mine) => {
    box.checked = mine;
    state.textContent = shown[0] && shown[1] ? m("public") : mine ? m("waiting") : "";
  };
  box.addEventListener("change", async () => {
    const { ok, data } = await post(`/api/games/${encodeURIComponent(g.id)}/show`, { token, show: box.checked });
    if (ok) show(data.public ? [true, true] : [data.mine, false], data.mine);
    else { box.checked = !box.checked; state.textContent = (data.error || {}).message || ""; }
  });
  li.append(" ", el("label", { className: "show-choice" }, box, ` ${m("show")} `), state);
  const now = await post(`/api/games/${encodeURIComponent(g.id)}/show`, { token });  // asks only: which seat, chosen?
  if (now.ok) show(now.data.public ? [true, true] : [now.data.mine, false], now.data.mine);
  return li;
}

async function loadGames() {
  const list = $("my-games");
  const games = recentGames();
  list.replaceChildren();
  if (!games.length) { list.append(el("li", { className: "muted", textContent: m("none") })); return; }
  // one request for all: whose move, since when (the seat tokens go in the body, never in a URL)
  const { ok, data } = await post("/api/mine/games", { games: games.map((g) => ({ id: g.id, token: seatOf(g.link) || "" })) });
  if (!ok) { list.append(el("li", { className: "muted", textContent: (data.error || {}).message || "" })); return; }
  const found = data.games;
  const rows = await Promise.all(games.map((g, i) => gameRow(g, found[i])));
  // the games waiting for this browser's move first, the longest waiting at the top
  const order = (i) => (found[i] && found[i].your_move ? found[i].since : Infinity);
  for (const i of rows.map((_, i) => i).sort((a, b) => order(a) - order(b))) list.append(rows[i]);
}

async function main() {
  setLang(getLang());
  const meta = await (await fetch("/api/meta")).json();
  const titleOf = () => { titles = Object.fromEntries(meta.games.map((g) => [g.name, localized(g.title)])); };
  titleOf();
  translate();
  $("lang").append(langSwitch(() => { titleOf(); translate(); loadSaved(); loadGames(); }));
  $("code").value = ownerToken();
  $("copy-code").addEventListener("click", async () => {
    $("code").select();
    try { await navigator.clipboard.writeText($("code").value); $("copy-code").textContent = m("copied"); } catch { /* clipboard blocked: the code is selected */ }
  });
  $("enter-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = $("enter-code").value.trim();
    if (!/^[\x21-\x7e]{24,200}$/.test(code)) { status("code-status", m("bad_code"), false); return; }
    if (code !== ownerToken() && !window.confirm(m("confirm_code"))) return;
    useRecoveryCode(code);
    $("code").value = ownerToken();
    $("enter-code").value = "";
    status("code-status", m("code_used"), true);
    await loadSaved();
  });
  await Promise.all([loadSaved(), loadGames()]);
  document.body.dataset.ready = "1";
}

main();
