"""``grimoire balance``: the balance lab on the command line (registered by ``grimoire.cli.main``).

>>> import typer
>>> app = typer.Typer()
>>> _ = app.command("balance")(balance_command)
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.choices import Backend
from grimoire.cli.params import AddressOpt, BackendOpt, CardsOpt, GameArg, SeedOpt, WorkersOpt
from grimoire.core.errors import GrimoireError

from .report import balance


def balance_command(
    game_name: GameArg,
    deck: Annotated[list[str] | None, typer.Option("--deck", metavar="DECK", help="A deck file or starter name "
                                                   "(repeatable; default: every starter deck).")] = None,
    agent: Annotated[list[str] | None, typer.Option("--agent", metavar="AGENT", help="An AI level or agent: "
                                                    "random, greedy, search-200 … (repeatable; default: random "
                                                    "and greedy).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", metavar="N", help="Games per deck pairing and level.")
                     ] = 50,
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Folder for report.html, balance.json and the "
                                      "plots.")] = Path("balance-report"),
    seed: SeedOpt = 0,
    compare: Annotated[tuple[Path, Path] | None, typer.Option("--compare", metavar="OLD NEW", help="Card files: "
                                                              "measure NEW against OLD on the same seeds.")] = None,
    workers: WorkersOpt = None,
    backend: BackendOpt = Backend.process,
    address: AddressOpt = None,
    cards: CardsOpt = None,
) -> None:
    """Write a balance report: decks against each other at AI levels.

    Every pairing of the decks plays --games games at each --agent level; the report
    (HTML, JSON and plots) goes to --out.
    """
    from grimoire.core.registry import load_game

    if games < 1:
        raise GrimoireError(f"--games must be at least 1, got {games}")
    decks = list(deck or sorted(load_game(game_name.value, card_paths=cards or []).cards.starter_decks()))
    data = balance(game_name.value, decks, list(agent or ["random", "greedy"]), games, out, seed, compare,
                   workers=workers, card_paths=cards or [], progress=True, backend=backend.value, address=address)
    levels = data["levels"]
    for level, d in levels.items():
        fp = d["first_player"]
        typer.echo(f"{level}: {d['games']} games, first player wins {fp['rate']:.1%}, "
                   f"{d['length']['mean_turns']:.1f} turns")
    typer.echo(f"{len(data['flags'])} findings change sign with AI strength; "
               f"{len(data['guideline'])} cards outside the power guideline")
    typer.echo(f"report: {Path(out) / 'report.html'}")
