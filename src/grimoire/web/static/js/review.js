// The server owner's review (要協議): enter the owner token given at start, see each proposal with its
// face and text, approve it or send it back with a note. The token stays in this tab (sessionStorage).
import { getLang, langSwitch, localized, setLang, translatePage } from "./i18n.js";
import { $, el } from "./dom.js";
import { pageWords, postJSON, status } from "./pagekit.js";

const TEXTS = {
  ja: {
    title: "カードの審査",
    token: "管理者のトークン",
    token_hint: "サーバーを起動したときのトークン（--owner-token または起動時に表示されたもの）を入れてください。このタブのあいだだけ覚えます。",
    open: "開く",
    proposals: "提案されたカード",
    none: "審査を待つカードはありません",
    approve: "承認する",
    send_back: "差し戻す",
    note: "作者への一言（差し戻すときは必須）",
    proposed: "提案中",
    returned: "差し戻し済み",
    by: "作者",
    by_author: "作者",
    by_owner: "管理者",
    approved: "承認しました: {0}",
    sent_back: "差し戻しました: {0}",
    verdict: "判定（強すぎる？）: {0}（{1}）{2} ポイント [{3}, {4}]、対になった対局 {5} 組（{6}）",
    confirmation: "探索で確かめた判定: {0}（{1}）{2} ポイント [{3}, {4}]、対になった対局 {5} 組（{6}）",
    no_verdict: "判定なし: 作者はこの文面で「強すぎる？」を実行していません",
    settled: "確定",
    unsettled: "暫定",
  },
  en: {
    title: "Card review",
    token: "Owner token",
    token_hint: "Enter the token the server was started with (--owner-token, or the one printed at start). This tab keeps it until closed.",
    open: "Open",
    proposals: "Proposed cards",
    none: "No card waits for review",
    approve: "Approve",
    send_back: "Send back",
    note: "A note for the author (needed to send back)",
    proposed: "proposed",
    returned: "sent back",
    by: "by",
    by_author: "author",
    by_owner: "owner",
    approved: "Approved: {0}",
    sent_back: "Sent back: {0}",
    verdict: "Verdict (Is it too strong?): {0} ({1}) {2} points [{3}, {4}], {5} paired games ({6})",
    confirmation: "Confirmed with search: {0} ({1}) {2} points [{3}, {4}], {5} paired games ({6})",
    no_verdict: "No verdict: the author has not asked \"Is it too strong?\" of this text",
    settled: "settled",
    unsettled: "not settled yet",
  },
};

const m = pageWords(TEXTS);

function translate() {
  translatePage();
  for (const node of document.querySelectorAll("[data-m]")) node.textContent = m(node.dataset.m);
}

const token = () => sessionStorage.getItem("grimoire-review-token") || "";

// every request of this page carries the owner token of this tab
const post = (path, body) => postJSON(path, { ...body, token: token() });

const points = (x) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)}`;

// The card's fairness verdict (the editor's "Is it too strong?"), kept with exactly this text.
// A confirmation by the search agent, when the author asked for one, is shown under it with its level.
function verdictLine(v, key = "verdict") {
  if (!v) return el("p", { className: "review-verdict muted", textContent: m("no_verdict") });
  const p = el("p", { className: `review-verdict ${v.verdict}`, textContent: m(key, localized(v.words),
    m(v.settled ? "settled" : "unsettled"), points(v.value), points(v.ci95[0]), points(v.ci95[1]), v.pairs,
    v.level || "greedy") });
  p.dataset.verdict = v.verdict;
  p.dataset.level = v.level || "greedy";
  if (key === "verdict" && v.confirmation) {
    const confirmed = verdictLine(v.confirmation, "confirmation");
    confirmed.classList.add("review-confirmation");
    return el("div", {}, p, confirmed);
  }
  return p;
}

function row(card) {
  const name = card.name && typeof card.name === "object" ? localized(card.name) : String(card.name || card.id);
  const note = el("input", { type: "text", className: "review-note", maxLength: 500, placeholder: m("note"),
    value: card.note || "" });
  const decide = async (decision) => {
    const { ok, data } = await post("/api/review/decide", { game: card.game, id: card.id, decision, note: note.value });
    status("list-status", ok ? m(decision === "approve" ? "approved" : "sent_back", name) : (data.error || {}).message || "", ok);
    if (ok) await load();
  };
  const approve = el("button", { type: "button", className: "approve", textContent: m("approve") });
  const back = el("button", { type: "button", className: "send-back", textContent: m("send_back") });
  approve.addEventListener("click", () => decide("approve"));
  back.addEventListener("click", () => decide("return"));
  const li = el("li", { className: "review-card" },
    el("img", { src: card.face, alt: name, className: "review-face", width: 180 }),
    el("div", { className: "review-body" },
      el("h3", { textContent: name }),
      el("p", { className: "meta", textContent: `${card.game} · ${card.id} · ${m("by")} ${card.author} · ${m(card.status)}` }),
      el("p", { className: "review-text", textContent: card.text }),
      verdictLine(card.verdict),
      el("ul", { className: "review-notes" }, ...(card.notes || []).map((n) =>
        el("li", { textContent: `${m(n.by === "author" ? "by_author" : "by_owner")}: ${n.note}` }))),
      note, el("div", { className: "link-row" }, approve, back)));
  li.dataset.id = card.id;
  return li;
}

async function load() {
  const list = $("proposals");
  list.replaceChildren();
  if (!token()) return;
  const { ok, data } = await post("/api/review/list", {});
  if (!ok) { status("token-status", (data.error || {}).message || "", false); return; }
  status("token-status", "", true);
  if (!data.cards.length) list.append(el("li", { className: "muted", textContent: m("none") }));
  for (const card of data.cards) list.append(row(card));
  document.body.dataset.loaded = String(data.cards.length);
}

async function main() {
  setLang(getLang());
  translate();
  $("lang").append(langSwitch(() => { translate(); load(); }));
  $("token-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    sessionStorage.setItem("grimoire-review-token", $("token").value.trim());
    $("token").value = "";
    await load();
  });
  await load();
  document.body.dataset.ready = "1";
}

main();
