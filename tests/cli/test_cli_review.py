"""``grimoire cards review`` on a server's database (issue 30 item 3): list the proposals, approve one,
send one back with a note; bad requests are one line and change nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cli_helpers import call
from grimoire.web.storage import SavedCard, Store


@pytest.fixture
def run(capsys: Any, monkeypatch: Any) -> Any:
    def go(*args: str) -> tuple[int, str]:
        code, out, err = call(capsys, monkeypatch, ["cards", "review", *args, "--lang", "en"])
        return code, out + err
    return go


def seeded(tmp_path: Path) -> str:
    db = str(tmp_path / "server.db")
    store = Store(db)
    store.save_card(SavedCard("chant", "spark", "Aki", {"id": "spark", "name": "小さな火花"}, 1.0, "h" * 64,
                              status="proposed"))
    store.save_card(SavedCard("chant", "ember", "Aki", {"id": "ember", "name": "残り火改"}, 2.0, "h" * 64,
                              status="proposed"))
    store.save_card(SavedCard("chant", "old", "Aki", {"id": "old"}, 0.5, "h" * 64))
    store.close()
    return db


def test_cards_review_lists_approves_and_sends_back_on_the_database(tmp_path: Path, run: Any) -> None:
    db = seeded(tmp_path)
    code, out = run("--db", db)
    assert code == 0 and "chant:spark  小さな火花  (Aki)  proposed" in out and "chant:ember" in out
    assert "chant:old" not in out
    code, out = run("--db", db, "--approve", "spark")
    assert code == 0 and "approved: chant:spark" in out
    code, out = run("--db", db, "--return", "chant:ember", "--note", "too strong for chant 1")
    assert code == 0 and "sent back: chant:ember" in out
    store = Store(db)
    assert store.saved_card("chant", "spark").status == "approved"  # type: ignore[union-attr]
    ember = store.saved_card("chant", "ember")
    assert ember is not None and (ember.status, ember.note) == ("returned", "too strong for chant 1")
    store.close()
    code, out = run("--db", db)
    assert "chant:spark" not in out and "sent back  — too strong for chant 1" in out


def test_cards_review_refuses_bad_requests_in_one_line(tmp_path: Path, run: Any) -> None:
    db = seeded(tmp_path)
    for args, words in ((("--return", "spark"), "--note"), (("--approve", "nothing"), "no proposed"),
                        (("--approve", "spark", "--return", "ember", "--note", "x"), "not both")):
        code, out = run("--db", db, *args)
        assert code == 2 and words in out and len(out.strip().splitlines()) == 1, out
    store = Store(db)
    assert [c.id for c in store.proposed()] == ["spark", "ember"]
    store.close()


def test_cards_review_shows_the_verdict_kept_with_exactly_the_cards_text(tmp_path: Path, run: Any) -> None:
    from grimoire.web.storage import card_digest

    db = seeded(tmp_path)
    store = Store(db)
    store.save_verdict("chant", card_digest({"id": "spark", "name": "小さな火花"}), {
        "verdict": "too_strong", "settled": True, "value": 0.21, "ci95": [0.161, 0.258], "pairs": 384,
        "words": {"ja": "強すぎる", "en": "too strong"}, "level": "greedy",
        "confirmation": {"verdict": "too_strong", "settled": False, "value": 0.18, "ci95": [0.02, 0.34], "pairs": 9,
                         "words": {"ja": "強すぎる", "en": "too strong"}, "level": "search-30"}})
    store.close()
    code, out = run("--db", db)
    assert code == 0
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("chant:spark"))
    assert lines[at + 1] == ("    verdict (is it too strong?): too strong (settled) +21.0 points [+16.1, +25.8], "
                             "384 paired games (greedy)")
    assert lines[at + 2] == ("    confirmed with search: too strong (not settled yet) +18.0 points [+2.0, +34.0], "
                             "9 paired games (search-30)")
    assert not any("verdict" in line for line in lines[at + 2:])  # ember: never judged
