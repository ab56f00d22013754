"""Taking answers back at the terminal (``u``): back to the last new information, never past it.

Chant, seed 4, fire against fire, the computer playing at random: answering ``1`` to the
person's first 17 questions reaches a point where their 34th answer picked a card into their
hand (a draw: new information) and their 35th revealed nothing. ``u`` takes the 35th back;
a second ``u`` is refused, and the record keeps the 34 answers that stand and verifies.
"""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from grimoire.ai.registry import make_agent
from grimoire.cli.play import Session
from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import setup_of, verify
from tmux_helpers import Window

SCRIPT = ["1"] * 17 + ["u", "u", "q", "y"]


def _drew_at_step_34(record: GameRecord) -> None:
    """The record's 34th answer put a card into the person's hand unseen before (their draw)."""
    game, setup = setup_of(record)
    match: Match[object] = Match(game, setup)
    for answer in record.answers[:33]:
        match.answer(answer)
    assert match.decision is not None and match.decision.player == 0
    events = match.answer(record.answers[33])
    assert any(e.kind == "draw" and e.private_to == 0 for e in events)


def test_u_takes_back_to_the_draw_and_never_past_it(tmp_path: Path) -> None:
    game = load_game("chant")
    deck = game.cards.starter_deck("fire")
    setup = Setup((deck, deck), game.options({}), 4)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True)
    script = iter(SCRIPT)
    steps: list[int] = []
    session: Session

    def read(prompt: str) -> str | None:
        if prompt != "> ":  # not the question whether to quit
            steps.append(len(session.match.answers))
        return next(script)

    session = Session(game, setup, "en", (None, make_agent("random", "chant", (deck, deck))), console, read=read,
                      record_path=tmp_path / "r.json", agent_seed=4)
    session.run()
    assert steps[-3:] == [35, 34, 34]  # ``u`` went back one answer; the second ``u`` changed nothing
    text = out.getvalue()
    assert "One answer taken back (0 more can be)." in text
    assert "Cannot take back: something new" in text
    record = GameRecord.load(tmp_path / "r.json")
    assert len(record.answers) == 34
    assert verify(record).ok
    _drew_at_step_34(record)


def test_u_at_80x24_under_tmux(tmp_path: Path) -> None:
    window = Window(["play", "chant", "--seed", "4", "--lang", "en", "--vs", "random", "--deck", "fire",
                     "--opponent-deck", "fire", "--record", str(tmp_path / "r.json")], tmp_path)
    try:
        window.wait_for("Enter a number")
        for answer in SCRIPT[:-4]:
            window.answer(answer, "Enter a number")
        record_path = tmp_path / "r.json"
        lines = window.answer("u", "One answer taken back (0 more can be).")
        assert lines[-1].startswith("Enter a number") and lines[-2].startswith("One answer taken back")
        lines = window.answer("u", "Cannot take back")
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert any(line.lstrip().startswith("1. ") for line in lines)  # the options stayed on screen
        window.answer("q", "Quit this game?")
        window.send("y")
        window.wait_for("Record saved")
        record = GameRecord.load(record_path)
        assert len(record.answers) == 34 and verify(record).ok
        _drew_at_step_34(record)
    finally:
        window.close()
