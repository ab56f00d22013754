"""The ``grimoire`` command: play, serve, simulate, replay, check decks, list cards, check a game.

Bad input anywhere — unknown options, deck, card or record files, an unknown game, a bad
seed — is one line on stderr and exit code 2, never a traceback.

>>> run(["sim", "nosuchgame", "--games", "1"])
2
"""

from __future__ import annotations

import contextlib
import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from grimoire.ai.parallel import MAX_WORKERS, default_workers
from grimoire.ai.registry import make_agent
from grimoire.commandline import run_app
from grimoire.core.errors import GrimoireError
from grimoire.core.forum import ForumError
from grimoire.core.game import Setup
from grimoire.core.setup_choices import playing
from grimoire.extras import version_line
from grimoire.sim.parallel import simulate_parallel
from grimoire.sim.stats import SimResult
from grimoire.web.command import serve_command

from . import cards as cards_mod
from .analyze import analyze_file, analyze_position
from .balance import balance_command
from .boardplay import board_setup
from .buildengine import build_engine
from .check import check_command
from .choices import DEFAULT_LANG, Backend, Coin, GameName
from .common import GrimoireUsageError, check_seed, game_options, guard, open_game, resolve_deck
from .params import AddressOpt, AiSetupOpt, BackendOpt, CardsOpt, GameArg, LangOpt, OptionOpt, SeedOpt, WorkersOpt
from .play import Session, read_stdin
from .render import make_console
from .replay import forum_file, replay_file, verify_file
from .resume import resumed_session
from .saved import LAST, find_saved
from .text import t

# rich_markup_mode=None: the plain help (Usage, Arguments, Options), which shows a metavar
# for options that take a value and nothing for flags
# add_completion: Typer's --install-completion and --show-completion (bash, zsh, fish, PowerShell)
app = typer.Typer(name="grimoire", add_completion=True, pretty_exceptions_enable=False, rich_markup_mode=None,
                  help="Grimoire: 詠唱 (chant) と 運命予報祭 (destiny) — play, simulate, replay, check decks.")
deck_app = typer.Typer(help="Deck files.")
cards_app = typer.Typer(help="Cards of a game.")
app.add_typer(deck_app, name="deck")
app.add_typer(cards_app, name="cards")


def help_without_command(ctx: typer.Context) -> None:
    """With no command: print the help and exit 2 (no command is a usage error, as in Click)."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())
        raise typer.Exit(2)


def show_version(value: bool) -> None:
    """``--version``: the distribution, its version and which engine build runs; then exit."""
    if value:
        typer.echo(version_line())
        raise typer.Exit(0)


@app.callback(invoke_without_command=True)
def top(ctx: typer.Context,
        version: Annotated[bool, typer.Option("--version", is_eager=True, callback=show_version,
                                              help="Print the version and the engine build (compiled or pure "
                                              "Python), then exit.")] = False) -> None:
    help_without_command(ctx)


for group in (deck_app, cards_app):
    group.callback(invoke_without_command=True)(help_without_command)


@app.command()
@guard
def play(
    game_name: Annotated[GameName | None, typer.Argument(metavar="GAME", help="The game (not needed with "
                                                         "--resume).", show_default=False)] = None,
    deck: Annotated[str | None, typer.Option("--deck", metavar="DECK",
                                             help="Your deck: a file or a starter name.")] = None,
    opponent_deck: Annotated[str | None, typer.Option("--opponent-deck", metavar="DECK",
                                                      help="Opponent's deck: file or starter.")] = None,
    vs: Annotated[str, typer.Option("--vs", metavar="AGENT", help="The computer's level (easy, normal, hard), an "
                                    "agent (random, greedy, search-N) or human (two people at one screen).")
                  ] = "normal",
    seed: Annotated[int | None, typer.Option("--seed", metavar="N", help="Set-up seed (default: a fresh one).")
                    ] = None,
    lang: LangOpt = DEFAULT_LANG,
    cards: CardsOpt = None,
    option: OptionOpt = None,
    record: Annotated[Path | None, typer.Option("--record", metavar="FILE", help="Where to save the game record.")
                      ] = None,
    coin: Annotated[Coin, typer.Option("--coin", help="Chance source: a seeded PRNG, or the forum's board coin "
                                       "(each toss asks for the deciding post's time; heads when its last "
                                       "seconds digit is even; the players choose who goes first).")] = Coin.prng,
    post: Annotated[list[str] | None, typer.Option("--post", metavar="TIME", help="With --coin board: the time "
                                                   "of a post already made, such as 12:00:04, read by the next "
                                                   "toss (repeatable; later tosses ask).")] = None,
    no_clear: Annotated[bool, typer.Option("--no-clear", help="Keep every screen scrolling in the terminal "
                                           "(default: each decision clears the screen and fits the window).")
                        ] = False,
    no_auto_pass: Annotated[bool, typer.Option("--no-auto-pass", help="Ask even when a decision has a single "
                                               "option (default: it is answered at once).")] = False,
    think_workers: Annotated[int | None, typer.Option("--think-workers", metavar="N", min=1, max=MAX_WORKERS,
                                                      help="Processes a searching computer thinks with, one "
                                                      "search tree each (default: every core).")] = None,
    ai_setup: AiSetupOpt = False,
    resume: Annotated[str | None, typer.Option("--resume", metavar="[NAME]", help="Go on with a game quit with q: "
                                               "the newest (of GAME, when given), or the saved game NAME.")
                      ] = None,
) -> None:
    """Play at the terminal against the computer or another person."""
    if resume is not None:
        name = game_name.value if resume == LAST and game_name is not None else resume
        session = resumed_session(find_saved(name), lang.value, make_console(), clear=not no_clear,
                                  auto_pass=not no_auto_pass, workers=think_workers)
        raise typer.Exit(session.run())
    if game_name is None:  # as Typer says it of every GAME argument (play's is optional for --resume)
        names = ", ".join(sorted(g.value for g in GameName))
        raise GrimoireUsageError(f"Missing argument 'GAME'. Choose from: {names}")
    game = open_game(game_name.value, cards or [])
    options = game_options(game, option or [])
    decks = (resolve_deck(game, deck, 0), resolve_deck(game, opponent_deck, 1))
    if post and coin is not Coin.board:
        raise GrimoireError("--post needs --coin board")
    # the board coin is asked at each toss (chance source "post"); --post gives the first posts ahead
    setup = Setup(decks, options, check_seed(seed), "post" if coin is Coin.board else coin.value, tuple(post or ()))
    setup.make_chance()  # checks the post times
    if ai_setup and vs == "human":
        raise GrimoireError("--ai-setup needs a computer opponent (not --vs human)")
    opponent = None if vs == "human" else playing(
        make_agent(vs, game.name, (decks[1], decks[0]), workers=think_workers or default_workers()),
        () if ai_setup else decks[1].choices)
    console = make_console()
    if coin is Coin.board:
        first_given = any(pair.partition("=")[0].strip() == "first_player" for pair in option or [])
        chosen = board_setup(game, setup, read_stdin, console, lang.value, first_given)
        if chosen is None:
            raise typer.Exit(0)
        setup = chosen
    session = Session(game, setup, lang.value, (None, opponent), console, record_path=record,
                      agent_seed=setup.seed, clear=not no_clear, auto_pass=not no_auto_pass,
                      resume={"vs": vs, "ai_setup": ai_setup})
    raise typer.Exit(session.run())


def print_sim(result: SimResult, lang: str, records: Path | None, decks: tuple[str, str] | None = None) -> None:
    """The human-readable summary of a simulation (``decks``: the names of seat 0's and seat 1's decks)."""
    lo, hi = result.first_player_win_rate_ci95
    rows = [
        (t("sim_games", lang), str(result.games)),
        *((t("sim_deck", lang, seat=seat), name) for seat, name in enumerate(decks or ())),
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
    games: Annotated[int, typer.Option("--games", "-n", metavar="N", help="Number of games.")] = 100,
    seed: SeedOpt = 0,
    agents: Annotated[tuple[str, str], typer.Option("--agents", metavar="AGENT AGENT",
                                                    help="Agents at seat 0 and seat 1.")] = ("greedy", "greedy"),
    decks: Annotated[tuple[str, str] | None, typer.Option("--decks", metavar="DECK DECK", help="Deck files (or "
                                                          "starters) for seat 0 and seat 1.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    records: Annotated[Path | None, typer.Option("--records", metavar="DIR", help="Write one record per game "
                                                 "here.")] = None,
    alternate: Annotated[bool, typer.Option("--alternate", help="Swap the agents' seats every other game.")] = False,
    start: Annotated[int, typer.Option("--start", metavar="N", help="Index of the first game (to split a run).")
                     ] = 0,
    per_game: Annotated[bool, typer.Option("--per-game", help="With --json: include every game's result.")] = False,
    workers: WorkersOpt = None,
    backend: BackendOpt = Backend.process,
    address: AddressOpt = None,
    option: OptionOpt = None,
    cards: CardsOpt = None,
    lang: LangOpt = DEFAULT_LANG,
    ai_setup: AiSetupOpt = False,
) -> None:
    """Self-play many games: win rates, first-player advantage, speed."""
    if games < 1:
        raise GrimoireError(f"--games must be at least 1, got {games}")
    check_seed(seed)
    game = open_game(game_name.value, cards or [])
    for name in agents:
        make_agent(name, game.name)  # an unknown agent or level is a one-line error here
    options = game_options(game, option or [])
    pair = (resolve_deck(game, decks[0] if decks else None, 0), resolve_deck(game, decks[1] if decks else None, 1))
    result = simulate_parallel(game.name, pair, agents, games, seed, options, records, cards or [], start=start,
                               alternate=alternate, workers=workers, backend=backend.value, address=address,
                               progress=not as_json and sys.stderr.isatty(), ai_setup=ai_setup)
    if as_json:
        print(json.dumps(result.to_json(per_game=per_game), ensure_ascii=False))
    else:
        print_sim(result, lang.value, records, (pair[0].name, pair[1].name))


@app.command()
@guard
def replay(
    file: Annotated[Path, typer.Argument(metavar="RECORD", help="A game record (JSON).", show_default=False)],
    verify: Annotated[bool, typer.Option("--verify", help="Re-simulate and compare every step.")] = False,
    lang: LangOpt = DEFAULT_LANG,
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter between steps.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="With --verify: print the result as one JSON object "
                                          "(docs/cli.md).")] = False,
    forum: Annotated[bool, typer.Option("--forum", help="Print the game as the posts of a forum thread: each "
                                        "player's public account of their moves and the board, plain text.")
                     ] = False,
) -> None:
    """Step through a recorded game, or verify that it replays exactly."""
    if as_json and not verify:
        raise GrimoireError("--json needs --verify (the JSON is the verification's result)")
    if forum and (verify or step):
        raise GrimoireError("--forum prints the whole game; it does not go with --verify or --step")
    if forum:
        raise typer.Exit(forum_file(file, lang.value))
    console = make_console()
    code = (verify_file(file, lang.value, console, as_json) if verify
            else replay_file(file, lang.value, console, step))
    raise typer.Exit(code)


@app.command()
@guard
def analyze(
    file: Annotated[Path | None, typer.Argument(metavar="[RECORD]", help="A game record (JSON).",
                                                show_default=False)] = None,
    position: Annotated[str | None, typer.Option("--position", metavar="TEXT", help="Instead of a record: a "
                                                 "position in its game's notation (chant:… / destiny:…), or "
                                                 "@FILE.")] = None,
    decks: Annotated[list[str] | None, typer.Option("--deck", metavar="DECK", help="With --position: the deck "
                                                    "lists the hidden cards come from, seat 1 then seat 2 (files "
                                                    "or starter names; default: the starters).")] = None,
    step: Annotated[int | None, typer.Option("--step", metavar="N", help="The decision after N answers "
                                             "(default: the record's last position).")] = None,
    iterations: Annotated[int | None, typer.Option("--iterations", metavar="N", min=1, help="Search iterations "
                                                   "(default 1000, or only the time given).")] = None,
    seconds: Annotated[float | None, typer.Option("--seconds", metavar="S", min=0.01, help="Thinking time "
                                                  "(with --iterations: whichever ends first).")] = None,
    seed: SeedOpt = 0,
    lang: LangOpt = DEFAULT_LANG,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as one JSON object "
                                          "(docs/cli.md).")] = False,
) -> None:
    """Analyse a decision of a recorded game (or a position written by hand): every option's estimated win rate
    and visits, and the line the search expects, from the deciding seat's view only."""
    check_seed(seed)
    if (file is None) == (position is None):
        raise GrimoireError("give a RECORD or --position (one of them)")
    if position is not None:
        if step is not None:
            raise GrimoireError("--step is for a record, not a --position")
        raise typer.Exit(analyze_position(position, decks or [], iterations, seconds, seed, lang.value,
                                          make_console(), as_json))
    if decks:
        raise GrimoireError("--deck is for a --position (a record has its decks)")
    assert file is not None
    raise typer.Exit(analyze_file(file, step, iterations, seconds, seed, lang.value, make_console(), as_json))


app.command("serve")(guard(serve_command))
app.command("balance")(guard(balance_command))
app.command("build-engine")(guard(build_engine))


@app.command()
@guard
def check(
    game_name: GameArg,
    golden: Annotated[Path, typer.Option("--golden", metavar="DIR", help="The game's golden folder: "
                                         "<game>-1.txt, <game>-2.txt and perft.json.")] = Path("tests/golden"),
    regen: Annotated[bool, typer.Option("--regen", help="Write the golden files instead of comparing them "
                                        "(review the diff after an intended change).")] = False,
    games: Annotated[int, typer.Option("--games", metavar="N", min=1, help="Games the conformance checker "
                                       "plays.")] = 24,
    lang: LangOpt = DEFAULT_LANG,
) -> None:
    """Check a game: the conformance checker, golden playthroughs and perft counts (docs/protocol.md 9)."""
    raise typer.Exit(check_command(game_name.value, golden, regen, games, lang.value, make_console()))


@deck_app.command("check")
@guard
def deck_check(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A deck list file.", show_default=False)],
    game_name: Annotated[GameName | None, typer.Option("--game", help="The deck's game (guessed when omitted).")
                         ] = None,
    cards: CardsOpt = None,
    lang: LangOpt = DEFAULT_LANG,
    as_json: Annotated[bool, typer.Option("--json", help="Print the deck (or its error) as one JSON object "
                                          "(docs/cli.md).")] = False,
) -> None:
    """Check a deck file: its summary, or the line-numbered error."""
    game = None if game_name is None else game_name.value
    raise typer.Exit(cards_mod.check_deck(file, game, cards or [], lang.value, make_console(), as_json))


@cards_app.command("list")
@guard
def cards_list(
    game_name: GameArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print the cards as one JSON list.")] = False,
    lang: LangOpt = DEFAULT_LANG,
    cards: CardsOpt = None,
) -> None:
    """List every card of a game."""
    game = open_game(game_name.value, cards or [])
    raise typer.Exit(cards_mod.list_cards(game, lang.value, as_json, make_console()))


@cards_app.command("show")
@guard
def cards_show(
    name: Annotated[str, typer.Argument(metavar="CARD", help="Card name (Japanese or English) or id.",
                                        show_default=False)],
    game_name: Annotated[GameName | None, typer.Option("--game", help="Look in this game only (default: every "
                                                       "game).")] = None,
    lang: LangOpt = DEFAULT_LANG,
    cards: CardsOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the card(s) as one JSON list, as cards list --json "
                                          "does.")] = False,
) -> None:
    """Show a card's full text."""
    names = [game.value for game in GameName] if game_name is None else [game_name.value]
    raise typer.Exit(cards_mod.show_card(name, names, cards or [], lang.value, make_console(),
                                         None if game_name is None else game_name.value, as_json))


GameOpt = Annotated[GameName | None, typer.Option("--game", help="The cards' game (guessed when omitted).")]
NamesArg = Annotated[list[str], typer.Argument(metavar="CARD...", help="Card names (Japanese or English) or ids.",
                                               show_default=False)]


class Format(StrEnum):
    """What ``cards export`` prints: the forum template, or card TOML."""

    forum = "forum"
    toml = "toml"


@cards_app.command("check")
@guard
def cards_check(
    paths: Annotated[list[str] | None, typer.Argument(metavar="[PATH]...", help="Card files or folders (default: "
                                                      "every card of the game).", show_default=False)] = None,
    game_name: GameOpt = None,
    strict: Annotated[bool, typer.Option("--strict", help="Exit with 1 when there are warnings.")] = False,
    lang: LangOpt = DEFAULT_LANG,
    as_json: Annotated[bool, typer.Option("--json", help="Print the count and the warnings as one JSON object "
                                          "(docs/cli.md).")] = False,
) -> None:
    """Validate card files; warn where a card's hand-written text differs from its generated text."""
    game = None if game_name is None else game_name.value
    raise typer.Exit(cards_mod.check_cards(paths or [], game, strict, lang.value, make_console(), as_json))


@cards_app.command("review")
@guard
def cards_review(
    db: Annotated[str, typer.Option("--db", metavar="FILE|URL", envvar="GRIMOIRE_DB", help="The server's "
                                    "database: a SQLite file or a postgresql:// URL.", show_default=False)],
    approve: Annotated[str | None, typer.Option("--approve", metavar="ID", help="Approve this card (ID or "
                                                "GAME:ID): it joins the server's pool.")] = None,
    send_back: Annotated[str | None, typer.Option("--return", metavar="ID", help="Send this card back to its "
                                                  "author (with --note).")] = None,
    note: Annotated[str | None, typer.Option("--note", metavar="TEXT", help="Why it is sent back (its author "
                                             "sees it on /mine).")] = None,
    lang: LangOpt = DEFAULT_LANG,
) -> None:
    """List the cards proposed on a server (要協議), or approve one or send it back with a note."""
    from .review import review

    raise typer.Exit(review(db, approve, send_back, note, lang.value, make_console()))


@cards_app.command("import")
@guard
def cards_import(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Cards written in the forum template (text).",
                                         show_default=False)],
    game_name: GameOpt = None,
    out: Annotated[Path | None, typer.Option("--out", metavar="FILE", help="Write the card TOML here (default: "
                                             "print it).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing --out file.")] = False,
    cards: CardsOpt = None,
    lang: LangOpt = DEFAULT_LANG,
) -> None:
    """Read cards written in the forum template and write them as validated card TOML."""
    game = None if game_name is None else game_name.value
    try:
        text, count, found = cards_mod.import_cards(file, game, cards or [], out, force)
    except ForumError as exc:  # a post the game cannot take: in the chosen language
        raise GrimoireError(exc.message(lang.value)) from None
    if out is None:
        sys.stdout.write(text)
        return
    cards_mod.write_new(out, text)
    make_console().print(Text(t("imported", lang.value, n=count, game=found.get(lang.value), path=out)))


@cards_app.command("export")
@guard
def cards_export(
    names: NamesArg,
    game_name: GameOpt = None,
    form: Annotated[Format, typer.Option("--format", help="The forum template, or card TOML.")] = Format.forum,
    lang: LangOpt = DEFAULT_LANG,
    cards: CardsOpt = None,
) -> None:
    """Print cards in the forum template (ready to paste into a post) or as TOML."""
    game = None if game_name is None else game_name.value
    sys.stdout.write(cards_mod.export_cards(names, game, cards or [], form.value, lang.value))


@cards_app.command("render")
@guard
def cards_render(
    names: NamesArg,
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="The folder to write the faces in.")],
    png: Annotated[bool, typer.Option("--png", help="Also write PNG images (extra: png).")] = False,
    lang: LangOpt = DEFAULT_LANG,
    game_name: GameOpt = None,
    cards: CardsOpt = None,
) -> None:
    """Draw card faces as SVG (and PNG) files: NAME-LANG.svg in DIR."""
    game = None if game_name is None else game_name.value
    written = cards_mod.render_cards(names, game, cards or [], out, png, lang.value)
    make_console().print(Text(t("rendered", lang.value, n=len(written), path=out)))


def run(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv``; returns the exit code (errors: one line on stderr, 2)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if "--resume" in args:  # --resume without a NAME: the newest saved game
        at = args.index("--resume") + 1
        if at == len(args) or args[at].startswith("-"):
            args.insert(at, LAST)
    return run_app(app, args, "grimoire")  # Typer's usage errors and ours (GrimoireUsageError): one line, 2


def main() -> None:
    """Console-script entry point."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="replace")
    sys.exit(run())
