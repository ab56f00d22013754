"""`--pilot DECK=LEVEL`: one deck played by another AI level than the field, on the same seeds."""

from __future__ import annotations

from pathlib import Path

import pytest
from balance_helpers import invoke_balance

from grimoire.balance import balance
from grimoire.cli.balance import parse_pilots
from grimoire.core.errors import GrimoireError
from grimoire.core.registry import load_game


def _rates(data: dict, level: str = "greedy") -> dict[str, float]:  # type: ignore[type-arg]
    return {r["deck"]: r["rate"] for r in data["levels"][level]["deck_win_rates"]}


def test_a_piloted_deck_is_played_by_its_pilot_on_the_same_seeds(tmp_path: Path) -> None:
    def run(name: str, pilots: dict[str, str] | None) -> dict:  # type: ignore[type-arg]
        return balance("chant", ["fire", "matter"], ["greedy"], 10, tmp_path / name, seed=3, plots_enabled=False,
                       pilots=pilots)

    field = run("field", None)
    weak = run("weak", {"fire": "random"})
    assert weak["pilots"] == {"fire": "random"} and field["pilots"] == {}
    assert weak["choices"] == {"fire": {}, "matter": {}}  # a pilot is not a set-up choice
    # the random player of fire loses what the greedy one won against the same greedy matter games
    assert _rates(weak)["fire"] < _rates(field)["fire"]
    assert _rates(weak)["fire"] + _rates(weak)["matter"] == pytest.approx(1.0)
    assert run("weak-again", {"fire": "random"})["levels"] == weak["levels"]
    # the pilot's effect, paired: the same games with the run's level playing fire
    assert field["pilot_effect"] is None
    effect = {(m["metric"], m["subject"]): m for m in weak["pilot_effect"]["metrics"]}
    assert set(effect) == {("first_player_win_rate", "first player"), ("turns", "all games"),
                           ("deck_win_rate", "fire")}  # only the piloted deck's rate
    fire = effect[("deck_win_rate", "fire")]
    assert fire["pairs"] == 10 and fire["old"] == _rates(field)["fire"] and fire["new"] == _rates(weak)["fire"]
    assert fire["diff"] == pytest.approx(fire["new"] - fire["old"]) and fire["ci95"][0] <= fire["diff"]
    first = effect[("first_player_win_rate", "first player")]
    assert first["old"] == field["levels"]["greedy"]["first_player"]["rate"]
    assert first["new"] == weak["levels"]["greedy"]["first_player"]["rate"]
    # the pilot changes who plays, not the seeds: the field's own level as pilot plays the same games
    same = run("same", {"fire": "greedy"})
    assert same["levels"] == field["levels"]
    page = (tmp_path / "weak" / "report.html").read_text(encoding="utf-8")
    assert "Pilot: fire is played by random at every level" in page and "Pilots / 操作者: fire = random" in page


def test_a_deck_files_pilot_line_is_ignored(tmp_path: Path) -> None:
    deck = tmp_path / "formula_festival.txt"
    text = load_game("destiny").cards.starter_decks()["formula_festival"].read_text(encoding="utf-8")
    deck.write_text("# pilot: random\n" + text, encoding="utf-8")
    data = balance("destiny", [str(deck), "mystery_festival"], ["greedy"], 2, tmp_path / "out", seed=1,
                   plots_enabled=False)
    assert data["pilots"] == {} and data["choices"]["formula_festival"] == {"ability": "chimyaku_kijutsu"}


def test_pilot_arguments_are_parsed_or_refused(tmp_path: Path) -> None:
    assert parse_pilots(["fire=random", " matter = greedy "]) == {"fire": "random", "matter": "greedy"}
    for bad, message in ((["fire"], "is not of the form DECK=LEVEL"), (["=random"], "is not of the form"),
                         (["fire=random", "fire=greedy"], "names two levels for fire")):
        with pytest.raises(GrimoireError, match=message):
            parse_pilots(bad)
    for pilots, message in (({"water": "random"}, "--pilot names no deck of the run: water"),
                            ({"fire": "grandmaster"}, "grandmaster")):
        with pytest.raises(GrimoireError, match=message):
            balance("chant", ["fire", "matter"], ["greedy"], 2, tmp_path / "x", plots_enabled=False, pilots=pilots)
    with pytest.raises(GrimoireError, match="--choose cannot name a pilot"):
        balance("chant", ["fire", "matter"], ["greedy"], 2, tmp_path / "x", plots_enabled=False,
                choose={"fire": {"pilot": "random"}})
    assert not (tmp_path / "x").exists()


def test_the_command_prints_the_pilot(tmp_path: Path) -> None:
    result = invoke_balance(["chant", "--deck", "fire", "--deck", "matter", "--agent", "greedy", "-n", "2",
                             "--pilot", "fire=random", "--out", str(tmp_path / "out"), "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "pilot: fire is played by random at every level" in result.output
    assert "pilot effect [greedy] fire: " in result.output and ", 2 paired games)" in result.output
    bad = invoke_balance(["chant", "--deck", "fire", "--pilot", "fire", "--out", str(tmp_path / "bad")])
    # the command's guard (not in this bare app) prints a GrimoireError as one line
    assert bad.exit_code != 0 and isinstance(bad.exception, GrimoireError)
    assert str(bad.exception) == "--pilot 'fire' is not of the form DECK=LEVEL"
    assert not (tmp_path / "bad").exists()


def test_the_pilot_table_equals_one_pilot_run_per_deck(tmp_path: Path) -> None:
    def run(name: str, **kw: object) -> dict:  # type: ignore[type-arg]
        return balance("chant", ["fire", "matter"], ["greedy"], 6, tmp_path / name, seed=4, plots_enabled=False,
                       **kw)  # type: ignore[arg-type]

    table = run("table", pilot_table="random")
    assert table["pilots"] == {} and table["pilot_effect"] is None
    assert table["pilot_table"]["pilot"] == "random"
    rows = {r["deck"]: r for r in table["pilot_table"]["rows"]}
    assert set(rows) == {"fire", "matter"}
    for deck in ("fire", "matter"):
        one = run(deck, pilots={deck: "random"})
        (effect,) = [m for m in one["pilot_effect"]["metrics"] if m["subject"] == deck]
        assert {k: rows[deck][k] for k in ("old", "new", "diff", "ci95", "pairs")} == {
            k: effect[k] for k in ("old", "new", "diff", "ci95", "pairs")}
        assert rows[deck]["level"] == "greedy" and rows[deck]["pilot"] == "random" and rows[deck]["pairs"] == 6
    assert run("again", pilot_table="random")["pilot_table"] == table["pilot_table"]
    assert "Pilot table / 操作者表: each deck played by random" in (tmp_path / "table" / "report.html").read_text(
        encoding="utf-8")
    with pytest.raises(GrimoireError, match="cannot be combined with --pilot"):
        run("both", pilot_table="random", pilots={"fire": "greedy"})
    with pytest.raises(GrimoireError, match="grandmaster"):
        run("bad", pilot_table="grandmaster")
    assert not (tmp_path / "both").exists() and not (tmp_path / "bad").exists()
