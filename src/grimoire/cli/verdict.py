"""``grimoire balance GAME --card FILE``: is this card too strong? (:mod:`grimoire.balance.verdict`).

A Rich progress bar on stderr carries the live verdict; the final verdict is printed on
stdout, one line per phase (the greedy minute, then ``--confirm``'s search games).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import typer

from grimoire.balance import verdict

#: Games per pairing the confirmation plans (its time budget or Ctrl-C ends it first).
CONFIRM_GAMES = verdict.CONFIRM_GAMES


@contextmanager
def _bar(enabled: bool, label: str) -> Iterator[verdict.Update]:
    """A progress bar whose description is the live verdict; yields the update callback."""
    if not enabled:
        yield lambda data: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task(label, total=None)

        def update(data: dict[str, Any]) -> None:
            bar.update(task, completed=data["pairs"], total=data["planned"],
                       description=f"{label}: {verdict.describe(data)}")

        yield update


def card_verdict(game_name: str, card: Path, games: int | None, seed: int, workers: int | None,
                 decks: list[str] | None, confirm: bool, confirm_level: str, confirm_seconds: float,
                 as_json: bool) -> None:
    """Run the verdict (and its confirmation) and print it."""
    phases: list[dict[str, Any]] = []
    with _bar(not as_json, "greedy") as update:
        phases.append(verdict.run(game_name, card, games=games or verdict.DEFAULT_GAMES, seed=seed,
                                  workers=workers or 2, decks=decks, on_update=update))
    if not as_json:
        typer.echo(verdict.describe(phases[0]))
        for d in phases[0]["decks"]:
            typer.echo(f"  {d['deck']}: {d['copies']} × {d['replaced']} → {phases[0]['card']}: "
                       f"{100 * d['value']:+.1f} points [{100 * d['ci95'][0]:+.1f}, {100 * d['ci95'][1]:+.1f}]")
        for s in phases[0]["skipped"]:
            typer.echo(f"  skipped {s}")
    if confirm:
        last: list[dict[str, Any]] = []
        with _bar(not as_json, confirm_level) as update:

            def keep(data: dict[str, Any]) -> None:
                last[:] = [data]
                update(data)

            with suppress(KeyboardInterrupt):  # Ctrl-C ends the confirmation with the games played so far
                verdict.confirm(game_name, card, level=confirm_level, seed=seed, workers=workers or 2,
                                decks=decks, on_update=keep, seconds=confirm_seconds)
        phases += last
        if not as_json and len(phases) > 1:
            typer.echo(verdict.describe(phases[1]))
    if as_json:
        typer.echo(json.dumps({"verdict": phases[0], "confirmation": phases[1] if len(phases) > 1 else None},
                              ensure_ascii=False))
