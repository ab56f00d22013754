"""Regression oracles for any game: golden playthroughs and perft counts.

:func:`playthrough` plays a seeded random game with the one play loop and writes it out
as text: every decision (seat, kind, option ids), the answer with its label, the
events it caused, and — after every step — what changed in each seat's own view, as
``path=value`` lines (so that hidden information leaking into a view shows up as a
diff). :func:`perft` counts the distinct answer sequences to a depth from a position
(as python-chess counts move sequences), a second oracle that any change to the
options a game offers moves.

>>> from grimoire.core.registry import load_game
>>> game = load_game("chant"); deck = game.cards.starter_deck("fire")
>>> text = playthrough(game, Setup((deck, deck), seed=1), chooser_seed=2)
>>> [line.split(":")[0] for line in text.splitlines() if line.startswith("  view")][:2]
['  view P1', '  view P2']
>>> state = game.new_state(Setup((deck, deck), seed=1))
>>> perft(game, state, 1) == len(game.decision(state).options)
True
"""

from __future__ import annotations

import json
from typing import Any

from .decision import Decision, Event
from .game import Game, Setup
from .play import RandomAgent, play
from .rng import Chance


def flatten(data: Any, prefix: str = "") -> dict[str, str]:
    """A view as ``path -> compact JSON``: objects are followed key by key, lists element by
    element, and an object of plain values inside a list (a card) is one leaf.

    >>> flatten({"a": [1, {"b": None}, {"c": [2]}], "d": {"e": []}})
    {'a.0': '1', 'a.1': '{"b":null}', 'a.2.c.0': '2', 'd.e': '[]'}
    """
    out: dict[str, str] = {}
    if isinstance(data, dict) and data:
        for key, value in data.items():
            out.update(flatten(value, f"{prefix}{key}."))
    elif isinstance(data, list) and data:
        for i, value in enumerate(data):
            if isinstance(value, dict) and not any(isinstance(v, list | dict) for v in value.values()):
                out[f"{prefix}{i}"] = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
            else:
                out.update(flatten(value, f"{prefix}{i}."))
    else:
        out[prefix[:-1]] = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return out


def view_changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """``path=value`` for every leaf changed or added, ``path~`` for every leaf removed (sorted).

    >>> view_changes({"a": "1", "b": "2"}, {"a": "1", "b": "3", "c": "4"})
    ['b=3', 'c=4']
    >>> view_changes({"a": "1"}, {})
    ['a~']
    """
    out = [f"{k}={v}" for k, v in after.items() if before.get(k) != v]
    out += [f"{k}~" for k in before if k not in after]
    return sorted(out)


def playthrough(game: Game[Any], setup: Setup, chooser_seed: int, lang: str = "en") -> str:
    """A seeded random game as text, with each seat's view changes after every step."""
    lines: list[str] = []
    seen: list[dict[str, str]] = [{}, {}]
    step = 0

    def views(state: Any) -> None:
        for seat in (0, 1):
            now = flatten(game.view(state, seat))
            changes = view_changes(seen[seat], now)
            seen[seat] = now
            if changes:
                lines.append(f"  view P{seat + 1}: " + " ".join(changes))

    def on_decision(state: Any, decision: Decision, answer: str) -> None:
        nonlocal step
        step += 1
        option = decision.find(answer)
        label = game.text.label(option, lang) if option is not None else answer
        lines.append(f"{step}. P{decision.player + 1} {decision.kind}: {' '.join(decision.ids())}")
        lines.append(f"   > {answer}: {label}")

    def on_events(state: Any, events: list[Event]) -> None:
        if step == 0:
            lines.append("setup")
        lines.extend(f"   {game.text.describe(e, lang)}" for e in events)
        views(state)

    chooser = Chance.seeded(chooser_seed)
    done = play(game, setup, [RandomAgent(), RandomAgent()], [chooser, chooser], on_decision=on_decision,
                on_events=on_events)
    header = (f"# {game.title.en} golden playthrough: seed {setup.seed}, chooser {chooser_seed}, "
              f"decks {setup.decks[0].name} / {setup.decks[1].name}")
    lines.insert(0, header)
    lines.append(f"end: {game.outcome(done.state)}")
    lines.append(f"position: {game.encode_position(done.state)}")
    return "\n".join(lines) + "\n"


def perft(game: Game[Any], state: Any, depth: int) -> int:
    """The number of distinct answer sequences of length ``depth`` from ``state`` (a finished
    game ends a sequence early and counts as one)."""
    if depth == 0:
        return 1
    decision = game.decision(state)
    if decision is None:
        return 1
    if depth == 1:
        return len(decision.options)
    total = 0
    events: list[Event] = []
    for option in decision.options:
        child = game.clone(state)
        events.clear()
        game.apply_unchecked(child, option.id, events)
        total += perft(game, child, depth - 1)
    return total
