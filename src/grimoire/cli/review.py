"""``grimoire cards review``: the server owner's review of saved cards, on the server's database.

Lists the proposals and returned cards (``--db FILE|URL``), approves one (``--approve ID``) or sends
it back with a note (``--return ID --note TEXT``). ``ID`` is a card id, or ``GAME:ID`` when two games
have a saved card of that id. Processes sharing PostgreSQL see the decision at their next request; a
SQLite server started before reads it when restarted (or decide on its page ``/review``).
"""

from __future__ import annotations

from typing import Any

from grimoire.core.errors import GrimoireError
from grimoire.extras import MissingExtra

TEXTS = {
    "none": ("審査を待つカードはありません", "no card waits for review"),
    "approved": ("承認しました: {0}", "approved: {0}"),
    "returned": ("差し戻しました: {0}", "sent back: {0}"),
    "status_proposed": ("提案中", "proposed"),
    "status_returned": ("差し戻し", "sent back"),
    "verdict": ("    判定（強すぎる？）: {0}（{1}）{2} ポイント [{3}, {4}]、対になった対局 {5} 組（{6}）",
                "    verdict (is it too strong?): {0} ({1}) {2} points [{3}, {4}], {5} paired games ({6})"),
    "confirmation": ("    探索で確かめた判定: {0}（{1}）{2} ポイント [{3}, {4}]、対になった対局 {5} 組（{6}）",
                     "    confirmed with search: {0} ({1}) {2} points [{3}, {4}], {5} paired games ({6})"),
    "settled": ("確定", "settled"),
    "unsettled": ("暫定", "not settled yet"),
}


def _t(key: str, lang: str, *args: Any) -> str:
    ja, en = TEXTS[key]
    return (ja if lang == "ja" else en).format(*args)


def _verdict_line(v: dict[str, Any], lang: str, key: str = "verdict") -> str:
    """A kept verdict (:mod:`grimoire.web.verdicts`) in one line of ``lang`` with its level, and its
    confirmation with search on a line of its own when there is one."""
    words = v.get("words") or {}
    lo, hi = (v.get("ci95") or [0.0, 0.0])[:2]
    sure = _t("settled" if v.get("settled") else "unsettled", lang)
    line = _t(key, lang, words.get(lang, v.get("verdict", "")), sure, f"{100 * float(v.get('value', 0.0)):+.1f}",
              f"{100 * lo:+.1f}", f"{100 * hi:+.1f}", v.get("pairs", 0), v.get("level", "greedy"))
    confirmation = v.get("confirmation")
    if key == "verdict" and isinstance(confirmation, dict):
        line += "\n" + _verdict_line(confirmation, lang, "confirmation")
    return line


def _store(db: str) -> Any:
    try:
        from grimoire.web.stores import open_store
    except ImportError as exc:  # the web extra is not installed
        raise MissingExtra("web", "reviewing a server's cards needs its storage", str(exc)) from None
    return open_store(db)


def _find(store: Any, key: str) -> Any:
    """The one proposal or returned card named ``ID`` or ``GAME:ID`` (GrimoireError otherwise)."""
    game, _, card_id = key.rpartition(":")
    found = [c for status in ("proposed", "returned") for c in store.proposed(status)
             if c.id == card_id and (not game or c.game == game)]
    if not found:
        raise GrimoireError(f"no proposed or returned card {key!r} in this database; list them with "
                            f"`grimoire cards review --db ...`")
    if len(found) > 1:
        raise GrimoireError(f"card id {card_id!r} is proposed in several games: say GAME:ID "
                            f"({', '.join(c.game + ':' + c.id for c in found)})")
    return found[0]


def review(db: str, approve: str | None, send_back: str | None, note: str | None, lang: str, console: Any) -> int:
    """List the cards waiting for review, or approve / send back one; the exit code."""
    if approve and send_back:
        raise GrimoireError("give --approve or --return, not both")
    if send_back and not (note or "").strip():
        raise GrimoireError("--return needs --note TEXT: say why the card is sent back")
    if note is not None and len(note) > 500:
        raise GrimoireError(f"--note must be at most 500 characters, got {len(note)}")
    store = _store(db)
    try:
        if approve or send_back:
            card = _find(store, str(approve or send_back))
            status = "approved" if approve else "returned"
            store.review_card(card.game, card.id, status, (note or "").strip())
            console.print(_t(status, lang, f"{card.game}:{card.id}"), markup=False, highlight=False)
            return 0
        from grimoire.web.storage import card_digest  # the store opened: the web extra is there

        cards = [c for status in ("proposed", "returned") for c in store.proposed(status)]
        if not cards:
            console.print(_t("none", lang), markup=False, highlight=False)
        for c in cards:
            name = c.table.get("name")
            shown = str(name.get(lang) or c.id) if isinstance(name, dict) else str(name or c.id)
            line = f"{c.game}:{c.id}  {shown}  ({c.author})  {_t('status_' + c.status, lang)}"
            console.print(line + (f"  — {c.note}" if c.note else ""), markup=False, highlight=False)
            judged = store.card_verdict(c.game, card_digest(c.table))  # the editor's verdict of exactly this text
            if judged:
                console.print(_verdict_line(judged, lang), markup=False, highlight=False, soft_wrap=True)
        return 0
    finally:
        store.close()
