"""Set-up choices named by deck files (Destiny's `# ability:` line), forced choices, the deck ×
choice table, and the coverage section's warning when a mechanic never happens."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.balance import balance
from grimoire.cli.balance import parse_choices
from grimoire.core.errors import GrimoireError

ABILITIES = ("chimyaku_houki", "chimyaku_kijutsu", "chimyaku_kanchi", "chimyaku_no_hako")


def _coverage(data: dict, level: str = "greedy") -> dict:  # type: ignore[type-arg]
    return {c["key"]: c for c in data["levels"][level]["coverage"]}


def test_destiny_decks_play_the_ability_their_file_names(tmp_path: Path) -> None:
    data = balance("destiny", ["formula_festival", "mystery_festival"], ["greedy"], 4, tmp_path, seed=2,
                   plots_enabled=False)
    assert data["choices"] == {"formula_festival": {"ability": "chimyaku_kijutsu"},
                               "mystery_festival": {"ability": "chimyaku_kanchi"}}
    cov = _coverage(data)
    # 12 games: formula–formula (2 seats), formula–mystery (1 each), mystery–mystery (2 seats), 4 each
    assert cov["kijutsu_chosen"]["events"] == 12 and cov["kanchi_chosen"]["events"] == 12
    assert cov["hako_chosen"]["events"] == 0 and cov["houki_chosen"]["events"] == 0


def test_a_forced_choice_overrides_the_deck_files(tmp_path: Path) -> None:
    data = balance("destiny", ["formula_festival", "mystery_festival"], ["greedy"], 2, tmp_path, seed=2,
                   plots_enabled=False, choose={"*": {"ability": "chimyaku_no_hako"},
                                                "mystery_festival": {"ability": "chimyaku_houki"}})
    cov = _coverage(data)
    assert cov["hako_chosen"]["events"] == 6 and cov["houki_chosen"]["events"] == 6
    with pytest.raises(GrimoireError, match="names no deck"):
        balance("destiny", ["formula_festival"], ["greedy"], 2, tmp_path / "x", choose={"fire": {"ability": "x"}})


def test_a_misspelled_choice_is_refused_before_any_game(tmp_path: Path) -> None:
    for choose in ({"*": {"ability": "chimyaku_foo"}}, {"formula_festival": {"abilty": "chimyaku_houki"}}):
        with pytest.raises(GrimoireError, match="^--choose: "):
            balance("destiny", ["formula_festival"], ["greedy"], 2, tmp_path / "x", choose=choose)
    with pytest.raises(GrimoireError, match="^--choice-table: unknown ability 'chimyaku_foo'"):
        balance("destiny", ["formula_festival"], ["greedy"], 2, tmp_path / "x",
                choice_table=("ability", ("chimyaku_houki", "chimyaku_foo")))
    assert not (tmp_path / "x").exists()


def test_the_coverage_section_warns_when_a_mechanic_never_happens(tmp_path: Path) -> None:
    data = balance("chant", ["fire", "matter"], ["greedy"], 6, tmp_path, seed=1, plots_enabled=False)
    cov = _coverage(data)
    assert cov["runaway"]["events"] == 0
    assert cov["runaway"]["warning"] == ("runaways (tails, 6.3) never happened in 18 games; an agent that hoards "
                                         "ready cards past the runaway threshold: --agent hoarder")
    assert cov["book"]["events"] > 0 and cov["book"]["warning"] is None
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "never happened in 18 games" in html
    # a lower threshold makes the same mechanic happen under the variant
    low = balance("chant", ["fire", "matter"], ["greedy"], 6, tmp_path / "low", seed=1, plots_enabled=False,
                  variants=[{"runaway_threshold": "2"}])
    assert low["variants"][0]["coverage"]["greedy"][3]["key"] == "runaway_check"
    assert low["variants"][0]["coverage"]["greedy"][3]["events"] > 0


def test_the_deck_by_ability_table_is_paired_and_deterministic(tmp_path: Path) -> None:
    def run(out: Path) -> dict:  # type: ignore[type-arg]
        return balance("destiny", ["formula_festival", "omnipotent_festival"], ["greedy"], 6, out, seed=5,
                       plots_enabled=False, choice_table=("ability", ("chimyaku_kijutsu", "chimyaku_no_hako")))

    first = run(tmp_path / "a")
    assert first["choice_table"] == run(tmp_path / "b")["choice_table"]
    rows = {(r["deck"], r["answer"]): r for r in first["choice_table"]["rows"]}
    assert set(rows) == {(d, a) for d in ("formula_festival", "omnipotent_festival")
                         for a in ("chimyaku_kijutsu", "chimyaku_no_hako")}
    own = rows[("omnipotent_festival", "chimyaku_no_hako")]
    assert own["own"] and own["vs_own"] is None and own["games"] == 6
    other = rows[("omnipotent_festival", "chimyaku_kijutsu")]
    assert other["vs_own"]["pairs"] == 6
    assert other["vs_own"]["value"] == pytest.approx(
        (other["wins"] - own["wins"]) / 6)  # no draws in these games: the paired mean is the rate difference


def test_the_ability_table_reads_its_own_games_when_a_pilot_table_is_also_asked(tmp_path: Path) -> None:
    """The pilot table's games are scheduled after the ability table's: each table reads its own batches."""
    def run(out: Path, **more: object) -> dict:  # type: ignore[type-arg]
        return balance("destiny", ["formula_festival", "omnipotent_festival"], ["greedy"], 4, out, seed=5,
                       plots_enabled=False, choice_table=("ability", ("chimyaku_kijutsu", "chimyaku_no_hako")),
                       **more)

    both = run(tmp_path / "both", pilot_table="random")
    assert both["choice_table"] == run(tmp_path / "alone")["choice_table"]
    assert both["pilot_table"] is not None and both["pilot_table"]["rows"]


def test_choose_arguments_are_parsed_or_refused() -> None:
    assert parse_choices(["ability=chimyaku_kanchi", "formula_festival:ability=chimyaku_houki"]) == {
        "*": {"ability": "chimyaku_kanchi"}, "formula_festival": {"ability": "chimyaku_houki"}}
    with pytest.raises(GrimoireError, match="is not of the form"):
        parse_choices(["ability"])


def test_the_wheel_statistics_count_battles_the_attribute_modifiers_decided() -> None:
    from types import SimpleNamespace

    from grimoire.core.decision import Event
    from grimoire.games.destiny.metrics import DestinyMetrics, wheel_summary

    defs = [SimpleNamespace(attribute=a) for a in ("kiryoku", "jutsushiki", "kiryoku", "zenno")]
    state = SimpleNamespace(defs=defs)
    m = DestinyMetrics()
    extra = m.start()
    # 気魄 2 attacks 術式 2: 3 vs 2 (the wheel's +1) — without it a tie: decided by the wheel
    m.step(None, state, [Event("clash", 0, ("a", 0, 3, "b", 1, 2))], extra)  # type: ignore[arg-type]
    # 気魄 4 attacks 全能 1: 4 vs 0 — attacker wins either way
    m.step(None, state, [Event("clash", 0, ("a", 2, 4, "d", 3, 0))], extra)  # type: ignore[arg-type]
    summary = wheel_summary([SimpleNamespace(winner=0, extra=extra)])  # type: ignore[list-item]
    assert summary["battles"] == 2 and summary["decided"]["wins"] == 1
    assert summary["by_pair"]["kiryoku>jutsushiki"]["decided"]["rate"] == 1.0
    assert summary["by_pair"]["kiryoku>zenno"]["decided"]["wins"] == 0


def test_the_hoarder_style_makes_the_runaway_happen_that_greedy_avoids(tmp_path: Path) -> None:
    data = balance("chant", ["fire", "matter"], ["greedy", "hoarder"], 10, tmp_path, seed=1, plots_enabled=False)
    greedy, hoarder = _coverage(data, "greedy"), _coverage(data, "hoarder")
    assert greedy["runaway_check"]["events"] == 0 and "--agent hoarder" in greedy["runaway_check"]["warning"]
    assert hoarder["runaway_check"]["events"] > 0 and hoarder["runaway_check"]["warning"] is None
    assert hoarder["overload"]["events"] > greedy["overload"]["events"]
    assert hoarder["counter"]["events"] == 0  # the hoarder never counters


def test_destiny_defensive_and_aggressive_styles_play_differently(tmp_path: Path) -> None:
    data = balance("destiny", ["spirit_festival", "formula_festival"], ["aggressive", "defensive"], 4, tmp_path,
                   seed=1, plots_enabled=False)
    aggressive, defensive = _coverage(data, "aggressive"), _coverage(data, "defensive")
    assert defensive["release"]["events"] > aggressive["release"]["events"]
    assert data["levels"]["defensive"]["length"]["mean_turns"] > data["levels"]["aggressive"]["length"]["mean_turns"]
    with pytest.raises(GrimoireError):
        balance("destiny", ["spirit_festival"], ["hoarder"], 2, tmp_path / "x")  # a Chant style
    assert not (tmp_path / "x").exists()
