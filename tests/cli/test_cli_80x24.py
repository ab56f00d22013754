"""The terminal game at 80×24 (tmux): the other side's turn stays on screen as a summary whatever the
option count, long option lists page (numbers past 9), a bad answer redraws in place, ``?`` pages,
``?`` on a forecast ability explains it, options never read the same, and ``q`` asks first.

Chant, seed 5, matter against spirit, the greedy computer first: its first turn attacks, and the
person's first question (after it) has 13 options.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from rich.console import Console

from grimoire.cli.cardhelp import show_help
from grimoire.cli.render import option_labels, safe_label
from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import verify
from grimoire.core.rng import Chance
from tmux_helpers import Window

PROMPT = "Enter a number"


def _numbers(lines: list[str]) -> set[str]:
    """The numbers of the options on a screen (``12. Place …``; log lines have no dot)."""
    return {m.group(1) for line in lines if (m := re.match(r"\s*(\d+)\. ", line))}


def _fits(lines: list[str]) -> None:
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines), "\n".join(lines)
    assert lines[-1].startswith(PROMPT), "\n".join(lines)  # the prompt is the last thing drawn


def test_13_options_after_the_computer_attacked_at_80x24(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    window = Window(["play", "chant", "--seed", "5", "--lang", "en", "--vs", "greedy", "--deck", "matter",
                     "--opponent-deck", "spirit", "--record", str(record)], tmp_path)
    try:
        lines = window.wait_for(PROMPT)
        _fits(lines)
        text = "\n".join(lines)
        assert any(line.startswith("Computer played: Place ") for line in lines), text  # its turn, summed up
        assert any(line.startswith("⚔") and "P1 takes 1 damage" in line for line in lines), text  # its attack
        assert "P1 (You)" in text and "C phase: choose an action" in text
        assert any(line.startswith("Options 1–") and line.rstrip().endswith("of 13 (n: next page, p: previous page)")
                   for line in lines), text
        shown = _numbers(lines)
        pages = [shown]
        while "13" not in shown:  # n turns the page; the numbers go on past 9
            lines = window.answer("n", PROMPT)
            _fits(lines)
            assert any(line.startswith("Computer played:") for line in lines)  # still on screen
            shown = _numbers(lines)
            pages.append(shown)
        assert set().union(*pages) == {str(n) for n in range(1, 14)}
        lines = window.answer("zz", "'zz' is not an option")  # refused on the same screen
        _fits(lines)
        assert lines[-2].startswith("'zz' is not an option") and any("C phase: choose" in line for line in lines)
        assert any(line.startswith("Computer played:") for line in lines)
        lines = window.answer("?", "— more: Enter, back: q —")  # the cards in view, a window at a time
        assert len(lines) <= 24 and "Cards in view" in "\n".join(lines)
        lines = window.answer("q", PROMPT)  # back to the game, not out of it
        _fits(lines)
        lines = window.answer("q", "Quit this game? y to quit")
        lines = window.answer("n", PROMPT)  # playing on
        _fits(lines)
        assert "C phase: choose an action" in "\n".join(lines)
        window.answer("13", PROMPT)  # the 13th option: end the phase
        window.answer("q", "Quit this game?")
        window.send("y")
        window.wait_for("Record saved")
    finally:
        window.close()
    saved = GameRecord.load(record)
    assert saved.answers[7] == "end" and verify(saved).ok


def test_options_never_read_the_same() -> None:
    """Two copies of a card in a Destiny hand: the game labels both "Summon …"; the terminal tells them
    apart by where each lies."""
    game = load_game("destiny")
    decks = sorted(game.cards.starter_decks())
    match: Match[Any] = Match(game, Setup((game.cards.starter_deck(decks[1]), game.cards.starter_deck(decks[0])),
                                          game.options(), seed=1))
    chance = Chance.seeded(1)
    while True:
        decision = match.decision
        assert decision is not None and len(match.answers) < 50
        plain = [safe_label(game, o, "en") for o in decision.options]
        if len(set(plain)) < len(plain):
            break
        match.answer(decision.options[chance.below(len(decision.options))].id)
    view = game.view(match.state, decision.player)
    for lang in ("en", "ja"):
        labels = option_labels(game, decision, lang, view)
        assert len(set(labels)) == len(labels), labels
    twice = [label for label, raw in zip(option_labels(game, decision, "en", view), plain, strict=True)
             if plain.count(raw) > 1]
    assert twice and all(re.search(r" \(Hand, \d+(st|nd|rd|th)\)$", label) for label in twice), twice


def test_question_mark_on_a_forecast_ability_explains_it() -> None:
    """Destiny's forecast abilities are no cards: ``? 地脈蜂起`` shows rule 9.1 (destiny.md)."""
    game = load_game("destiny")
    deck = game.cards.starter_deck("spirit_festival")
    state = game.new_state(Setup((deck, deck), game.options(), seed=5))
    decision = game.decision(state)
    assert decision is not None and decision.kind == "ability"
    view = game.view(state, decision.player)
    for asked, lang, words in (("地脈蜂起", "ja", ("ルール 9.1", "召喚するとき")),
                               ("Ley Box", "en", ("rule 9.4", "Each time its owner summons")),
                               ("chimyaku_kanchi", "en", ("Ley Sense", "rule 9.3"))):
        out = io.StringIO()
        show_help(game, view, decision, asked, lang, Console(file=out, width=80))
        assert all(word in out.getvalue() for word in words), out.getvalue()
