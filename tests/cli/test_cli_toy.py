"""The command line on the toy game: errors, sim, replay, interactive play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import call
from grimoire.core.records import GameRecord


def test_sim_json_is_one_object_with_the_keys(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, ["sim", "toy", "--games", "20", "--seed", "4", "--json",
                                                "--agents", "greedy", "random"])
    assert code == 0, err
    data = json.loads(out)
    for key in ("games", "wins", "draws", "first_player_win_rate", "mean_turns", "games_per_second"):
        assert key in data
    assert data["games"] == 20 and len(data["wins"]) == 2
    again = json.loads(call(capsys, monkeypatch, ["sim", "toy", "--games", "20", "--seed", "4", "--json",
                                                  "--agents", "greedy", "random"])[1])
    timing = ("elapsed_seconds", "games_per_second", "decisions_per_second")
    assert {k: v for k, v in data.items() if k not in timing} == {k: v for k, v in again.items() if k not in timing}


def test_sim_text_summary(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = call(capsys, monkeypatch, ["sim", "toy", "-n", "10", "--lang", "en"])
    assert code == 0
    assert "First-player win rate" in out and "Games" in out
    code, out, _ = call(capsys, monkeypatch, ["sim", "toy", "-n", "10"])
    assert "先攻勝率" in out


@pytest.mark.parametrize("args", [
    ["sim", "nosuchgame"],
    ["sim", "toy", "--games", "abc"],
    ["sim", "toy", "--games", "0"],
    ["sim", "toy", "--seed", "-3"],
    ["sim", "toy", "--option", "nosuch=1"],
    ["sim", "toy", "--option", "goal=many"],
    ["sim", "toy", "--agents", "random", "clever"],
    ["sim", "toy", "--decks", "missing.txt", "steady"],
    ["sim", "toy", "--lang", "fr"],
    ["sim", "toy", "--frobnicate"],
    ["play", "toy", "--vs", "nobody"],
    ["play", "toy", "--deck", "nosuchstarter"],
    ["replay", "missing-record.json"],
    ["cards", "list", "nosuchgame"],
    ["cards", "show", "no such card", "--game", "toy"],
])
def test_bad_input_is_one_line_on_stderr_and_exit_2(capsys, monkeypatch, args) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, args)
    assert code == 2
    assert "Traceback" not in err + out
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("grimoire: error:")


def test_records_and_replay_verify(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    records = tmp_path / "recs"
    code, _, _ = call(capsys, monkeypatch, ["sim", "toy", "-n", "3", "--records", str(records), "--json"])
    assert code == 0
    files = sorted(records.glob("*.json"))
    assert len(files) == 3
    code, out, _ = call(capsys, monkeypatch, ["replay", str(files[0]), "--verify", "--lang", "en"])
    assert code == 0 and "Verified" in out
    code, out, _ = call(capsys, monkeypatch, ["replay", str(files[0]), "--lang", "en"])
    assert code == 0 and "Step 1" in out and "wins" in out
    # tamper with the third answer: verification names the step
    data = json.loads(files[0].read_text(encoding="utf-8"))
    data["checks"][3] = "00000000"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = call(capsys, monkeypatch, ["replay", str(bad), "--verify", "--lang", "en"])
    assert code == 1
    assert "step 3" in err and "Traceback" not in err


def test_replay_step_waits_for_enter_and_q_stops(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    records = tmp_path / "recs"
    call(capsys, monkeypatch, ["sim", "toy", "-n", "1", "--records", str(records), "--json"])
    path = next(records.glob("*.json"))
    code, out, _ = call(capsys, monkeypatch, ["replay", str(path), "--step", "--lang", "en"], stdin="\nq\n")
    assert code == 0
    assert "Step 2" in out and "Step 3" not in out


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_play_a_whole_game_answering_1(capsys, monkeypatch, home: Path, lang: str) -> None:  # type: ignore[no-untyped-def]
    code, out, err = call(capsys, monkeypatch, ["play", "toy", "--seed", "5", "--lang", lang, "--vs", "random"],
                          stdin="1\n" * 200)
    assert code == 0, err
    saved = list((home / "records").glob("toy-*.json"))
    assert len(saved) == 1
    record = GameRecord.load(saved[0])
    assert record.outcome is not None
    assert str(saved[0]) in out
    assert ("You win!" in out or "You lose." in out) if lang == "en" else ("勝ち" in out or "負け" in out)


def test_a_mistyped_answer_is_refused_and_the_game_goes_on(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "game.json"
    code, out, _ = call(capsys, monkeypatch, ["play", "toy", "--seed", "5", "--lang", "en", "--record", str(path)],
                        stdin="zz\n99\n" + "1\n" * 200)
    assert code == 0
    assert "'zz' is not an option" in out and "'99' is not an option" in out
    record = GameRecord.load(path)
    assert record.outcome is not None and record.meta["players"] == ["human", "greedy"]


def test_q_quits_and_still_saves_the_record(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "quit.json"
    code, out, _ = call(capsys, monkeypatch, ["play", "toy", "--seed", "5", "--lang", "en", "--record", str(path)],
                        stdin="1\nq\n")
    assert code == 0 and "Game abandoned" in out
    record = GameRecord.load(path)
    assert record.outcome is None and len(record.answers) >= 1


def test_hotseat_asks_to_pass_the_device(capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "hot.json"
    code, out, _ = call(capsys, monkeypatch, ["play", "toy", "--seed", "5", "--lang", "en", "--vs", "human",
                                              "--record", str(path)], stdin="1\n" * 400)
    assert code == 0
    assert "Pass the device to Player" in out
    assert "Player 1 wins!" in out or "Player 2 wins!" in out or "draw" in out
    record = GameRecord.load(path)
    assert record.meta["players"] == ["human", "human"]
