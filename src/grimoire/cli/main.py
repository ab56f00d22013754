"""The ``grimoire`` command: play, serve, simulate, replay, check decks, list cards.

Bad input anywhere — unknown options, deck, card or record files, an unknown game, a bad
seed — is one line on stderr and exit code 2, never a traceback.

>>> run(["sim", "nosuchgame", "--games", "1"])
2
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from grimoire.ai.registry import make_agent
from grimoire.balance.cli import balance_command
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Setup
from grimoire.sim.parallel import BACKENDS, simulate_parallel
from grimoire.sim.stats import SimResult

from . import cards as cards_mod
from .common import check_lang, check_seed, fail, game_options, guard, open_game, resolve_deck
from .play import Session
from .render import make_console
from .replay import replay_file, verify_file
from .text import t

app = typer.Typer(name="grimoire", no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
                  help="Grimoire: 詠唱 (chant) と 運命予報祭 (destiny) — play, simulate, replay, check decks.")
deck_app = typer.Typer(no_args_is_help=True, help="Deck files.")
cards_app = typer.Typer(no_args_is_help=True, help="Cards of a game.")
app.add_typer(deck_app, name="deck")
app.add_typer(cards_app, name="cards")

GameArg = Annotated[str, typer.Argument(help="chant or destiny")]
CardsOpt = Annotated[list[str] | None, typer.Option("--cards", help="Extra card file or folder (repeatable).")]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="Rules option name=value (repeatable).")]
LangOpt = Annotated[str, typer.Option("--lang", help="ja or en.")]


@app.command()
@guard
def play(
    game_name: GameArg,
    deck: Annotated[str | None, typer.Option("--deck", help="Your deck: a file or a starter name.")] = None,
    opponent_deck: Annotated[str | None, typer.Option("--opponent-deck", help="Opponent's deck: file or starter.")
                             ] = None,
    vs: Annotated[str, typer.Option("--vs", help="The computer's level (easy, normal, hard), an agent (random, "
                                    "greedy, search-N) or human (two people at one screen).")] = "normal",
    seed: Annotated[int | None, typer.Option("--seed", help="Set-up seed (default: a fresh one).")] = None,
    lang: LangOpt = "ja",
    cards: CardsOpt = None,
    option: OptionOpt = None,
    record: Annotated[Path | None, typer.Option("--record", help="Where to save the game record.")] = None,
    coin: Annotated[str, typer.Option("--coin", help="Chance source: prng (seeded) or board (post times).")
                    ] = "prng",
    post: Annotated[list[str] | None, typer.Option("--post", help="With --coin board: a post time such as "
                                                   "12:00:04; heads when its last seconds digit is even.")] = None,
) -> None:
    """Play a game at the terminal against the computer or another person."""
    lang = check_lang(lang)
    game = open_game(game_name, cards or [])
    options = game_options(game, option or [])
    decks = (resolve_deck(game, deck, 0), resolve_deck(game, opponent_deck, 1))
    if coin not in ("prng", "board"):
        raise GrimoireError(f"unknown --coin {coin!r}; choose prng or board")
    if post and coin != "board":
        raise GrimoireError("--post needs --coin board")
    setup = Setup(decks, options, check_seed(seed), coin, tuple(post or ()))
    setup.make_chance()  # checks the post times
    opponent = None if vs == "human" else make_agent(vs, game_name, (decks[1], decks[0]))
    session = Session(game, setup, lang, (None, opponent), make_console(), record_path=record, agent_seed=setup.seed)
    raise typer.Exit(session.run())


def print_sim(result: SimResult, lang: str, records: Path | None) -> None:
    """The human-readable summary of a simulation."""
    lo, hi = result.first_player_win_rate_ci95
    rows = [
        (t("sim_games", lang), str(result.games)),
        (t("sim_agents", lang), " / ".join(result.agents)),
        (t("sim_wins", lang), f"{result.wins[0]} / {result.wins[1]}"),
    ]
    if result.agents[0] != result.agents[1] or any(r.swapped for r in result.results):
        rows.append((t("sim_agent_wins", lang),
                     f"{result.agents[0]} {result.agent_wins[0]} / {result.agents[1]} {result.agent_wins[1]}"))
    rows += [
        (t("sim_draws", lang), str(result.draws)),
        (t("sim_fp", lang), f"{result.first_player_win_rate:.3f} (95% CI {lo:.3f}–{hi:.3f})"),
        (t("sim_turns", lang), f"{result.mean_turns:.2f}"),
        (t("sim_speed", lang), f"{result.games_per_second:.1f}"),
        (t("sim_dps", lang), f"{result.decisions_per_second:.0f}"),
        (t("sim_reasons", lang), ", ".join(f"{k} {v}" for k, v in result.reasons().items())),
    ]
    if records is not None:
        rows.append((t("sim_records", lang), str(records)))
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for key, value in rows:
        table.add_row(Text(key), Text(value))
    make_console().print(table)


@app.command()
@guard
def sim(
    game_name: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Run seed.")] = 0,
    agents: Annotated[tuple[str, str], typer.Option("--agents", help="Agents at seat 0 and seat 1.")] = (
        "greedy", "greedy"),
    decks: Annotated[tuple[str, str] | None, typer.Option("--decks", help="Deck files (or starters) for both seats."
                                                          )] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    records: Annotated[Path | None, typer.Option("--records", help="Write one record per game here.")] = None,
    alternate: Annotated[bool, typer.Option("--alternate", help="Swap the agents' seats every other game.")] = False,
    start: Annotated[int, typer.Option("--start", help="Index of the first game (to split a run).")] = 0,
    per_game: Annotated[bool, typer.Option("--per-game", help="With --json: include every game's result.")] = False,
    workers: Annotated[int | None, typer.Option("--workers", help="Processes (default: every core).")] = None,
    backend: Annotated[str, typer.Option("--backend", help="process (local cores) or ray (a Ray cluster).")
                       ] = "process",
    address: Annotated[str | None, typer.Option("--address", help="With --backend ray: the cluster address "
                                                "(default: a local Ray instance).")] = None,
    option: OptionOpt = None,
    cards: CardsOpt = None,
    lang: LangOpt = "ja",
) -> None:
    """Self-play many games and print win rates, first-player advantage and speed."""
    lang = check_lang(lang)
    if games < 1:
        raise GrimoireError(f"--games must be at least 1, got {games}")
    check_seed(seed)
    if backend not in BACKENDS:
        raise GrimoireError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    game = open_game(game_name, cards or [])
    for name in agents:
        make_agent(name, game_name)  # an unknown agent or level is a one-line error here
    options = game_options(game, option or [])
    pair = (resolve_deck(game, decks[0] if decks else None, 0), resolve_deck(game, decks[1] if decks else None, 1))
    result = simulate_parallel(game_name, pair, agents, games, seed, options, records, cards or [], start=start,
                               alternate=alternate, workers=workers, backend=backend, address=address,
                               progress=not as_json and sys.stderr.isatty())
    if as_json:
        print(json.dumps(result.to_json(per_game=per_game), ensure_ascii=False))
    else:
        print_sim(result, lang, records)


@app.command()
@guard
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    verify: Annotated[bool, typer.Option("--verify", help="Re-simulate and compare every step.")] = False,
    lang: LangOpt = "ja",
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter between steps.")] = False,
) -> None:
    """Step through a recorded game, or verify that it replays exactly."""
    lang = check_lang(lang)
    console = make_console()
    code = verify_file(file, lang, console) if verify else replay_file(file, lang, console, step)
    raise typer.Exit(code)


@app.command()
@guard
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[Path | None, typer.Option("--db", help="SQLite database file (default: in the user data folder).")
                  ] = None,
) -> None:
    """Serve the browser lobby and tables (online between two people, or against the computer)."""
    if not 0 < port < 65536:
        raise GrimoireError(f"--port must be between 1 and 65535, got {port}")
    from .serve import serve as run_server

    run_server(host, port, db)


app.command("balance")(guard(balance_command))


@deck_app.command("check")
@guard
def deck_check(
    file: Annotated[Path, typer.Argument(help="A deck list file.")],
    game_name: Annotated[str | None, typer.Option("--game", help="chant or destiny (guessed when omitted).")] = None,
    cards: CardsOpt = None,
    lang: LangOpt = "ja",
) -> None:
    """Check a deck file and print its summary, or the line-numbered error."""
    lang = check_lang(lang)
    raise typer.Exit(cards_mod.check_deck(file, game_name, cards or [], lang, make_console()))


@cards_app.command("list")
@guard
def cards_list(
    game_name: GameArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print the cards as one JSON list.")] = False,
    lang: LangOpt = "ja",
    cards: CardsOpt = None,
) -> None:
    """List every card of a game."""
    lang = check_lang(lang)
    game = open_game(game_name, cards or [])
    raise typer.Exit(cards_mod.list_cards(game, lang, as_json, make_console()))


@cards_app.command("show")
@guard
def cards_show(
    name: Annotated[str, typer.Argument(help="Card name (Japanese or English) or id.")],
    game_name: Annotated[str | None, typer.Option("--game", help="chant or destiny (default: both).")] = None,
    lang: LangOpt = "ja",
    cards: CardsOpt = None,
) -> None:
    """Show a card's full text."""
    lang = check_lang(lang)
    from grimoire.core.registry import game_names

    names = [game_name] if game_name else game_names()
    raise typer.Exit(cards_mod.show_card(name, names, cards or [], lang, make_console()))


def _is_click_error(exc: BaseException) -> bool:
    return any(c.__name__ == "ClickException" for c in type(exc).__mro__)


def run(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv``; returns the exit code (errors: one line on stderr, 2)."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        result: Any = app(args=args, prog_name="grimoire", standalone_mode=False)
    except typer.Exit as exc:
        return int(exc.exit_code)
    except typer.Abort:
        print("grimoire: aborted", file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print("grimoire: interrupted", file=sys.stderr)
        return 130
    except GrimoireError as exc:
        fail(str(exc))
        return 2
    except OSError as exc:
        fail(f"{exc.filename + ': ' if exc.filename else ''}{exc.strerror or exc}")
        return 2
    except Exception as exc:
        if _is_click_error(exc):
            fail(exc.format_message())  # type: ignore[attr-defined]
            return 2
        raise
    return result if isinstance(result, int) else 0


def main() -> None:
    """Console-script entry point."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="replace")
    sys.exit(run())
