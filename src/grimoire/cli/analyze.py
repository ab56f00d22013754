"""``grimoire analyze``: what the search thinks of one decision of a recorded game.

Every option with its estimated win rate and visits, the suggested answer and the line the search
expects, read from the deciding seat's view only (:mod:`grimoire.ai.analysis`). On a terminal the
table updates as the search thinks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from grimoire.ai.analysis import Analysis, analyse
from grimoire.core.decision import Decision
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError, RecordError
from grimoire.core.game import Game
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.replay import setup_of
from grimoire.core.safeio import read_text

from .common import open_game, resolve_deck
from .render import safe_label, safe_prompt
from .text import t


def record_position(record: GameRecord, step: int | None) -> tuple[Game[Any], Match[Any], int]:
    """The record's game replayed to just after answer ``step`` (None: its last answer); the match and step."""
    game, setup = setup_of(record)
    total = len(record.answers)
    at = total if step is None else step
    if not 0 <= at <= total:
        raise GrimoireError(t("analysis_step_range", "en", n=total, step=at))
    match: Match[Any] = Match(game, setup, record.branch)
    for i, answer in enumerate(record.answers[:at], start=1):
        try:
            match.answer(answer)
        except GrimoireError as exc:
            raise RecordError(f"step {i}: {exc}") from None
    return game, match, at


def analysis_table(game: Game[Any], decision: Decision, result: Analysis, lang: str) -> Table:
    """The options, the suggested one first, with their win rates (from the deciding seat) and visits."""
    table = Table(show_edge=False, pad_edge=False, box=None)
    table.add_column("#", justify="right")
    table.add_column(t("analysis_option", lang))
    table.add_column(t("analysis_rate", lang), justify="right")
    table.add_column(t("analysis_visits", lang), justify="right")
    number = {o.id: i for i, o in enumerate(decision.options, start=1)}
    for e in result.estimates:
        option = decision.find(e.option)
        label = safe_label(game, option, lang) if option is not None else e.option
        rate = "—" if e.win_rate is None else f"{100 * e.win_rate:.1f}%"
        table.add_row(str(number.get(e.option, "")), Text(label, style="bold" if e.option == result.best else ""),
                      rate, str(e.visits))
    return table


def line_text(game: Game[Any], decision: Decision, result: Analysis, lang: str) -> str:
    """The expected line: the first answer by its label, the later ones (imagined positions) by id."""
    if not result.line:
        return t("analysis_no_line", lang)
    parts = []
    for i, (seat, oid) in enumerate(result.line):
        option = decision.find(oid) if i == 0 else None
        label = safe_label(game, option, lang) if option is not None else oid
        parts.append(f"P{seat + 1} {label}")
    return t("analysis_line", lang, line=" → ".join(parts))


def analyze_file(path: Path, step: int | None, iterations: int | None, seconds: float | None, seed: int,
                 lang: str, console: Console, as_json: bool = False) -> int:
    """Analyse the decision after ``step`` answers of the record at ``path``; print it (or its JSON)."""
    record = GameRecord.load(path)
    game, match, at = record_position(record, step)
    decision = match.decision
    if decision is None:
        raise GrimoireError(f"the game is over after step {at}: there is nothing to analyse")
    title = game.title.get(lang) if game.title.ja else game.name
    who = t("player", lang, n=decision.player + 1)
    prompt = " ".join(safe_prompt(game, decision, lang).split())
    heading = t("analysis_of", lang, game=title, step=at, who=who, prompt=prompt)
    facts = {"file": str(path), "game": record.game, "step": at}
    return present(game, match.state, match.setup.decks, heading, facts, Budget(iterations, seconds, seed), lang,
                   console, as_json)


def analyze_position(text: str, deck_specs: Sequence[str], iterations: int | None, seconds: float | None,
                     seed: int, lang: str, console: Console, as_json: bool = False) -> int:
    """Analyse a position written in its game's notation (``chant:…`` / ``destiny:…``, or ``@FILE``); the
    deciding seat's hidden-to-it cards are re-dealt from the deck lists ``deck_specs`` (files or starter
    names, by seat; starters by default)."""
    if text.startswith("@"):
        text = read_text(text[1:], 1 << 20, GrimoireError, f"position file {text[1:]}")
    found = re.match(r"[a-z_]+", text.strip())  # the notation starts with its game's name (chant1 …, destiny:1 …)
    game = open_game(found.group(0) if found else text.strip()[:20])
    if len(deck_specs) > 2:
        raise GrimoireError("give at most two --deck (one per seat)")
    decks = [resolve_deck(game, deck_specs[i] if i < len(deck_specs) else None, i) for i in (0, 1)]
    state = game.decode_position(text.strip())
    decision = game.decision(state)
    if decision is None:
        raise GrimoireError("the game is over at this position: there is nothing to analyse")
    title = game.title.get(lang) if game.title.ja else game.name
    who = t("player", lang, n=decision.player + 1)
    prompt = " ".join(safe_prompt(game, decision, lang).split())
    heading = t("analysis_of_position", lang, game=title, who=who, prompt=prompt)
    return present(game, state, decks, heading, {"game": game.name, "position": text.strip()},
                   Budget(iterations, seconds, seed), lang, console, as_json)


@dataclass(frozen=True)
class Budget:
    """How long to search, and the seed."""

    iterations: int | None
    seconds: float | None
    seed: int


def present(game: Game[Any], state: Any, decks: Sequence[Deck | None], heading: str, facts: dict[str, Any],
            budget: Budget, lang: str, console: Console, as_json: bool) -> int:
    """Search the decision in ``state`` and print the table (live on a terminal) or one JSON object."""
    decision = game.decision(state)
    assert decision is not None
    who = t("player", lang, n=decision.player + 1)

    def body(result: Analysis) -> Group:
        best = decision.find(result.best)
        return Group(
            Text(t("analysis_view", lang, who=who, n=result.iterations, s=result.seconds, seed=budget.seed),
                 style="dim"),
            analysis_table(game, decision, result, lang),
            Text(t("analysis_best", lang, label=safe_label(game, best, lang) if best is not None else result.best),
                 style="bold green"),
            Text(line_text(game, decision, result, lang)))

    def run(progress: Callable[[Analysis], None] | None = None) -> Analysis:
        return analyse(game, state, decks, iterations=budget.iterations, seconds=budget.seconds, seed=budget.seed,
                       progress=progress)

    if as_json:
        print(json.dumps({**facts, "decision": decision.kind, **run().to_json()}, ensure_ascii=False))
        return 0
    console.print(Text(heading, style="bold"))
    if console.is_terminal:
        with Live(console=console, refresh_per_second=4, transient=True) as live:
            result = run(lambda so_far: live.update(body(so_far)))
    else:
        result = run()
    console.print(body(result))
    return 0
