"""``grimoire analyze``: what the search thinks of one decision of a recorded game.

Every option with its estimated win rate and visits, the suggested answer and the line the search
expects, read from the deciding seat's view only (:mod:`grimoire.ai.analysis`). On a terminal the
table updates as the search thinks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from grimoire.ai.analysis import Analysis, analyse
from grimoire.core.errors import GrimoireError, RecordError
from grimoire.core.game import Game
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.replay import setup_of

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


def analysis_table(game: Game[Any], match: Match[Any], result: Analysis, lang: str) -> Table:
    """The options, most visited first, with their win rates (from the deciding seat) and visits."""
    decision = match.decision
    assert decision is not None
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


def line_text(game: Game[Any], match: Match[Any], result: Analysis, lang: str) -> str:
    """The expected line: the first answer by its label, the later ones (imagined positions) by id."""
    if not result.line:
        return t("analysis_no_line", lang)
    decision = match.decision
    parts = []
    for i, (seat, oid) in enumerate(result.line):
        option = decision.find(oid) if (i == 0 and decision is not None) else None
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
    decks = match.setup.decks
    who = t("player", lang, n=decision.player + 1)
    title = game.title.get(lang) if game.title.ja else game.name

    def body(result: Analysis) -> Group:
        best = decision.find(result.best)
        return Group(
            Text(t("analysis_view", lang, who=who, n=result.iterations, s=result.seconds, seed=seed), style="dim"),
            analysis_table(game, match, result, lang),
            Text(t("analysis_best", lang, label=safe_label(game, best, lang) if best is not None else result.best),
                 style="bold green"),
            Text(line_text(game, match, result, lang)))

    if as_json:
        result = analyse(game, match.state, decks, iterations=iterations, seconds=seconds, seed=seed)
        out = {"file": str(path), "game": record.game, "step": at, "decision": decision.kind, **result.to_json()}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    prompt = " ".join(safe_prompt(game, decision, lang).split())
    console.print(Text(t("analysis_of", lang, game=title, step=at, who=who, prompt=prompt), style="bold"))
    if console.is_terminal:
        with Live(console=console, refresh_per_second=4, transient=True) as live:
            result = analyse(game, match.state, decks, iterations=iterations, seconds=seconds, seed=seed,
                             progress=lambda so_far: live.update(body(so_far)))
    else:
        result = analyse(game, match.state, decks, iterations=iterations, seconds=seconds, seed=seed)
    console.print(body(result))
    return 0
