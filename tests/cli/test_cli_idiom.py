"""The command line's choices, errors and help; terminal play on the core play loop."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
import typer
from rich.console import Console

import grimoire.cli.balance as balance_cli
import grimoire.cli.play as play_mod
import grimoire.web.command as serve_mod
from cli_helpers import call
from grimoire.balance.plan import LabPlan
from grimoire.cli.choices import GameName
from grimoire.cli.common import GrimoireUsageError
from grimoire.cli.play import Person, QuitGame, Session
from grimoire.core.decision import Decision
from grimoire.core.game import Game, Setup
from grimoire.core.play import Agent, RandomAgent
from grimoire.core.records import GameRecord
from grimoire.core.registry import game_names, load_game
from grimoire.core.replay import verify
from grimoire.core.rng import Chance

GAME_COMMANDS = (["play"], ["sim"], ["balance"], ["cards", "list"])
EVERY_COMMAND = (["play"], ["sim"], ["replay"], ["serve"], ["balance"], ["deck", "check"], ["cards", "list"],
                 ["cards", "show"])


# ----- choices ---------------------------------------------------------------------------------------
def test_the_game_choice_is_every_installed_plugin() -> None:
    assert [game.value for game in GameName] == game_names()
    assert "toy" in {game.value for game in GameName}  # the example plugin, installed like any third party's


@pytest.mark.parametrize("command", GAME_COMMANDS)
def test_every_game_argument_offers_the_plugin_and_refuses_others(capsys, monkeypatch, command: list[str]) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, [*command, "nosuchgame"])
    assert code == 2 and out == ""
    quoted = ", ".join(f"'{name}'" for name in game_names())  # every installed game, another plugin too
    assert err == f"grimoire: error: Invalid value for 'GAME': 'nosuchgame' is not one of {quoted}.\n"
    assert "'chant', 'destiny'" in quoted and "'toy'" in quoted
    code, _, err = call(capsys, monkeypatch, command)
    assert code == 2 and err == f"grimoire: error: Missing argument 'GAME'. Choose from: {', '.join(game_names())}\n"


@pytest.mark.parametrize("command", [["deck", "check", "x.txt"], ["cards", "show", "x"]])
def test_every_game_option_offers_the_plugin(capsys, monkeypatch, command: list[str]) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = call(capsys, monkeypatch, [*command, "--help"])
    assert code == 0 and f"--game <{'|'.join(game_names())}>" in out and "|toy" in out
    code, _, err = call(capsys, monkeypatch, [*command, "--game", "checkers"])
    assert code == 2 and err.startswith("grimoire: error: Invalid value for '--game': 'checkers'")
    assert "'toy'" in err and len(err.splitlines()) == 1


def test_the_game_option_narrows_cards_show_to_the_plugin(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    card = next(iter(sorted(load_game("toy").pool.by_id)))
    code, out, err = call(capsys, monkeypatch, ["cards", "show", card, "--game", "toy", "--lang", "en"])
    assert code == 0, err
    assert f"[{card}] — toy" in out


@pytest.mark.parametrize(("args", "option", "choices"), [
    (["sim", "toy", "--lang", "de"], "'--lang' (env var: 'GRIMOIRE_LANG')", "'ja', 'en'"),
    (["replay", "r.json", "--lang", "EN"], "'--lang' (env var: 'GRIMOIRE_LANG')", "'ja', 'en'"),
    (["play", "toy", "--coin", "dice"], "'--coin'", "'prng', 'board'"),
    (["sim", "toy", "--backend", "spark"], "'--backend'", "'process', 'ray'"),
    (["balance", "toy", "--backend", "dask"], "'--backend'", "'process', 'ray'"),
])
def test_fixed_choices_are_checked_before_anything_runs(capsys, monkeypatch, args, option, choices) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, args)
    assert code == 2 and out == ""
    assert err == f"grimoire: error: Invalid value for {option}: '{args[-1]}' is not one of {choices}.\n"


# ----- errors ----------------------------------------------------------------------------------------
def test_the_usage_error_is_a_typer_error_shown_as_one_line() -> None:
    error = GrimoireUsageError("deck.txt:3: no card named\n   'x'")
    assert isinstance(error, typer.TyperException) and error.exit_code == 2
    out = io.StringIO()
    error.show(out)
    assert out.getvalue() == "grimoire: error: deck.txt:3: no card named 'x'\n"


def test_typer_errors_and_ours_end_the_same_way(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, _, err = call(capsys, monkeypatch, ["sim", "toy", "--no-such-flag"])
    assert code == 2 and err.startswith("grimoire: error: No such option: --no-such-flag")
    code, _, err = call(capsys, monkeypatch, ["sim", "toy", "--games", "many"])
    assert code == 2 and err.startswith("grimoire: error: Invalid value for '--games' / '-n':")
    code, _, err = call(capsys, monkeypatch, ["deck", "check", str(tmp_path / "none.txt")])
    assert code == 2 and err.startswith("grimoire: error: ") and "none.txt" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("args", [[], ["deck"], ["cards"]])
def test_no_command_prints_the_help_and_exits_2(capsys, monkeypatch, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, args)
    assert code == 2 and err == ""
    assert out.startswith(f"Usage: grimoire {' '.join(args)}".rstrip() + " [OPTIONS] COMMAND") and "Commands:" in out


# ----- help ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [[], ["deck"], ["cards"], *EVERY_COMMAND])
def test_help_names_values_not_python_types(capsys, monkeypatch, command: list[str]) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, [*command, "--help"])
    assert code == 0 and err == ""
    for noise in ("<bool>", "<int>", "<list", "<str,", "╭"):
        assert noise not in out, (noise, out)
    assert "--help  " in out or "--help " in out


def test_sim_help_reads_like_a_manual(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _, out, _ = call(capsys, monkeypatch, ["sim", "--help"])
    lines = [" ".join(line.split()) for line in out.splitlines()]
    for expected in ("-n, --games N Number of games. [default: 100]", "--json Print one JSON object.",
                     "--cards PATH Extra card file or folder (repeatable).",
                     "-o, --option NAME=VALUE Rules option (repeatable).", "--backend <process|ray> Where the games "
                     "run: local processes or a Ray"):
        assert expected in lines, expected
    assert ("--lang <ja|en> Language of the output (default: English for a non- Japanese locale, else Japanese). "
            "[env var: GRIMOIRE_LANG; default: ja]") in " ".join(lines)


# ----- balance: --backend and --address ---------------------------------------------------------------
def test_balance_passes_backend_and_address_to_the_lab(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    seen: dict[str, Any] = {}

    def fake_run_lab(plan: LabPlan) -> dict[str, Any]:
        seen.update(vars(plan))
        return {"levels": {}, "flags": [], "guideline": []}

    monkeypatch.setattr(balance_cli, "run_lab", fake_run_lab)
    code, out, err = call(capsys, monkeypatch, ["balance", "toy", "-n", "3", "--agent", "random", "--backend", "ray",
                                                "--address", "ray://head:10001", "--out", str(tmp_path)])
    assert code == 0, err
    assert f"report: {tmp_path / 'report.html'}" in out
    assert seen["backend"] == "ray" and type(seen["backend"]) is str and seen["address"] == "ray://head:10001"
    assert seen["game"] == "toy" and type(seen["game"]) is str and seen["agents"] == ["random"]
    code, _, _ = call(capsys, monkeypatch, ["balance", "toy", "-n", "3", "--out", str(tmp_path)])
    assert code == 0 and seen["backend"] == "process" and seen["address"] is None


def test_balance_runs_on_local_processes(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out_dir = tmp_path / "report"
    code, out, err = call(capsys, monkeypatch, ["balance", "toy", "-n", "2", "--agent", "random", "--workers", "1",
                                                "--backend", "process", "--out", str(out_dir)])
    assert code == 0, err
    data = json.loads((out_dir / "balance.json").read_text(encoding="utf-8"))
    assert data["levels"]["random"]["games"] > 0
    assert f"report: {out_dir / 'report.html'}" in out


# ----- terminal play on the core play loop ------------------------------------------------------------
def scripted(answers: list[str]) -> Any:
    lines = iter(answers)
    return lambda prompt: next(lines, None)


def toy_session(tmp_path: Path, agents: tuple[Agent | None, Agent | None], answers: list[str]) -> Session:
    game: Game[Any] = load_game("toy")
    decks = tuple(game.cards.deck_from_file(p) for p in list(game.cards.starter_decks().values())[:2])
    setup = Setup((decks[0], decks[1]), game.options({}), 5)
    console = Console(file=io.StringIO(), width=100)
    return Session(game, setup, "en", agents, console, read=scripted(answers), record_path=tmp_path / "game.json",
                   agent_seed=5)


def test_a_person_is_an_agent_that_reads_the_answer(tmp_path: Path) -> None:
    session = toy_session(tmp_path, (None, RandomAgent()), ["nonsense", "2"])
    person = Person(session)
    assert isinstance(person, Agent) and person.name == "human"
    decision = session.match.decision
    assert decision is not None
    view = session.game.view(session.match.state, decision.player)
    assert person.choose(session.game, view, decision, Chance.seeded(1)) == decision.options[1].id
    screen = session.console.file.getvalue()  # type: ignore[attr-defined]
    assert "'nonsense' is not an option" in screen and "2. " in screen


def test_quitting_raises_and_ends_the_loop(tmp_path: Path) -> None:
    session = toy_session(tmp_path, (None, RandomAgent()), ["q"])
    decision = session.match.decision
    assert decision is not None
    with pytest.raises(QuitGame):
        Person(session).choose(session.game, {}, decision, Chance.seeded(1))


def test_the_session_plays_through_core_play_and_saves_the_record(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    calls: list[dict[str, Any]] = []
    real_play = play_mod.play

    def spy(game: Any, setup: Any, agents: Any, chances: Any, **kwargs: Any) -> Any:
        calls.append({"agents": list(agents), **kwargs})
        return real_play(game, setup, agents, chances, **kwargs)

    monkeypatch.setattr(play_mod, "play", spy)
    session = toy_session(tmp_path, (None, RandomAgent()), ["1"] * 200)
    assert session.run() == 0
    assert len(calls) == 1
    assert calls[0]["match"] is session.match and calls[0]["on_events"] is not None
    assert isinstance(calls[0]["agents"][0], Person) and isinstance(calls[0]["agents"][1], RandomAgent)
    record = GameRecord.load(tmp_path / "game.json")
    assert record.outcome is not None and record.meta["players"] == ["human", "random"]
    assert record.answers == session.match.answers and verify(record).ok
    screen = session.console.file.getvalue()  # type: ignore[attr-defined]
    assert "You ▶" in screen and "Record saved" in screen


def test_quitting_mid_game_keeps_the_answers_so_far(tmp_path: Path) -> None:
    session = toy_session(tmp_path, (None, None), ["1", "", "1", "", "q"])
    assert session.run() == 0
    record = GameRecord.load(tmp_path / "game.json")
    assert record.outcome is None and len(record.answers) == 2 and record.meta["players"] == ["human", "human"]
    screen = session.console.file.getvalue()  # type: ignore[attr-defined]
    assert "Game abandoned." in screen


def test_an_agent_with_an_unlisted_answer_is_a_one_line_error(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    class Liar:
        name = "liar"

        def choose(self, game: Any, view: dict[str, Any], decision: Decision, chance: Chance) -> str:
            return "no-such-option"

    monkeypatch.setattr("grimoire.cli.main.make_agent", lambda *args, **kw: Liar())
    code, _, err = call(capsys, monkeypatch, ["play", "toy", "--seed", "1", "--vs", "liar"], stdin="1\n" * 50)
    assert code == 2 and "liar" in err and "no-such-option" in err and len(err.splitlines()) == 1


# ----- serve -----------------------------------------------------------------------------------------
def test_serve_passes_the_computers_delay_to_the_server(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    started: list[tuple[Any, ...]] = []
    settings: list[dict[str, Any]] = []
    monkeypatch.setattr(serve_mod, "serve", lambda *args, **kw: (started.append(args), settings.append(kw)))
    code, _, err = call(capsys, monkeypatch, ["serve", "--port", "8123", "--db", str(tmp_path / "g.db"),
                                              "--ai-delay", "0"])
    assert code == 0, err
    assert started == [("127.0.0.1", 8123, str(tmp_path / "g.db"), 0.0)]
    assert settings[0]["durability"] == "normal" and settings[0]["limits"] == []
    code, _, err = call(capsys, monkeypatch, ["serve", "--ai-delay", "-1"])
    assert code == 2 and err == "grimoire: error: --ai-delay must not be negative, got -1.0\n"
    code, _, err = call(capsys, monkeypatch, ["serve", "--port", "70000"])
    assert code == 2 and err == "grimoire: error: --port must be between 1 and 65535, got 70000\n"
    assert len(started) == 1
