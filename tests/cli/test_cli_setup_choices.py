"""One deck, one meaning at the command line: the computer in `grimoire play` plays its deck's
declared ability, a person's deck offers its own as the default answer, `--ai-setup` lets the
computer pick, and a deck or `sim` run naming an unknown ability is refused before any game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import call
from record_helpers import abilities


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *extra: str,
         stdin: str = "\nq\n") -> tuple[int, str, dict[int, str]]:
    record = tmp_path / "game.json"
    code, out, err = call(capsys, monkeypatch, ["play", "destiny", "--deck", "formula_festival", "--opponent-deck",
                                                "spirit_festival", "--vs", "greedy", "--seed", "3", "--lang", "en",
                                                "--no-clear", "--record", str(record), *extra], stdin)
    assert code == 0, err
    return code, out, abilities(record)


def test_rule_2_3_the_terminal_computer_plays_its_decks_ability_and_the_person_gets_theirs_as_default(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _, out, played = play(capsys, monkeypatch, tmp_path)
    assert "Enter for the deck's own choice" in out
    assert played == {0: "chimyaku_kijutsu", 1: "chimyaku_houki"}


def test_rule_2_3_with_ai_setup_the_terminal_computer_picks_its_own(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _, _, played = play(capsys, monkeypatch, tmp_path, "--ai-setup")
    assert played == {0: "chimyaku_kijutsu", 1: "chimyaku_no_hako"}  # greedy's own pick


def test_sim_ai_setup_changes_the_games_and_a_misspelled_ability_is_refused(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    args = ["sim", "destiny", "-n", "6", "--seed", "4", "--workers", "1", "--json", "--per-game",
            "--decks", "omnipotent_festival", "spirit_festival"]
    code, declared, err = call(capsys, monkeypatch, args)
    assert code == 0, err
    code, own, err = call(capsys, monkeypatch, [*args, "--ai-setup"])
    assert code == 0, err
    assert json.loads(declared)["results"] != json.loads(own)["results"]
    bad = tmp_path / "bad.txt"
    text = (Path(__file__).parents[2] / "src/grimoire/games/destiny/data/decks/spirit_festival.txt").read_text("utf-8")
    bad.write_text(text.replace("# ability: chimyaku_houki", "# ability: chimyaku_foo"), encoding="utf-8")
    code, out, err = call(capsys, monkeypatch, ["sim", "destiny", "-n", "2", "--decks", str(bad), "spirit_festival"])
    assert code == 2 and out == ""
    assert err.startswith("grimoire: error: deck ") and "unknown ability 'chimyaku_foo'" in err
    assert len(err.splitlines()) == 1
    code, _, err = call(capsys, monkeypatch, ["play", "destiny", "--vs", "human", "--ai-setup"])
    assert code == 2 and err == "grimoire: error: --ai-setup needs a computer opponent (not --vs human)\n"
