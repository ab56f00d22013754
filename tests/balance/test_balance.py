"""The balance lab: report files, documented JSON keys, paired comparisons, the power guideline."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from balance_helpers import invoke_balance

from grimoire.balance import balance
from grimoire.balance.analysis import paired, sign_flags
from grimoire.core.effects import Effect
from grimoire.core.registry import load_game
from grimoire.games.chant.bands import guideline_band, has_drawback
from grimoire.games.chant.metrics import ChantMetrics

LEVEL_KEYS = {"games", "matchups", "deck_win_rates", "first_player", "length", "reasons", "cards", "card_flags",
              "coverage", "game_metrics", "card_stats", "associations"}
TOP_KEYS = {"format", "game", "seed", "games_per_pairing", "decks", "agents", "options", "choices", "pilots",
            "pilot_effect", "pilot_table", "method", "levels", "flags", "guideline", "compare", "variants", "swaps",
            "field_swaps", "choice_table", "suggest", "optimize", "first_player_effect", "sample_records", "metagame"}

OUT_OF_LINE = """
[[cards]]
id = "overcharged_spark"
kind = "library"
name.ja = "過充電の火花"
name.en = "Overcharged Spark"
attribute = "science"
chant = 2
power = 5
text.ja = "効果なし。"
text.en = "No effects."

[[cards]]
id = "free_jab"
kind = "library"
name.ja = "ただの突き"
name.en = "Free Jab"
attribute = "matter"
chant = 1
power = 1
text.ja = "効果なし。"
text.en = "No effects."
"""

DRAWBACK_CARDS = "".join(f"""
[[cards]]
id = "{card_id}"
kind = "library"
name.ja = "{card_id}"
name.en = "{card_id}"
attribute = "fantasy"
chant = 5
power = {power}
text.ja = "テスト。"
text.en = "Test."
""" + ('''
[[cards.effects]]
on = "activate"
op = "pay_life"
n = 2
''' if life else "") for card_id, power, life in (("reckless_bolt", 6, True), ("too_reckless_bolt", 7, True),
                                                     ("plain_bolt", 5, False)))

CHANGED_FIREBALL = """
[[cards]]
id = "fireball"
kind = "library"
name.ja = "火球"
name.en = "Fireball"
attribute = "fantasy"
chant = 2
power = 2
text.ja = "効果なし。"
text.en = "No effects."
"""


def test_the_first_player_effect_is_reported_per_level(tmp_path: Path) -> None:
    from grimoire.cli.balance import summary_lines

    data = balance("chant", ["fire", "matter"], ["random", "greedy"], 6, tmp_path, seed=5, plots_enabled=False)
    rows = data["first_player_effect"]
    assert [r["level"] for r in rows] == ["random", "greedy"]
    for r in rows:
        fp = data["levels"][r["level"]]["first_player"]
        assert (r["wins"], r["games"], r["rate"], r["ci95"]) == (fp["wins"], 18, fp["rate"], fp["ci95"])
        assert r["wins"] + r["second_wins"] + r["draws"] == 18
        assert r["effect"] == pytest.approx(r["rate"] - 0.5) and r["band"] == [0.47, 0.53]
        assert r["position"] == ("below" if r["rate"] < 0.47 else "above" if r["rate"] > 0.53 else "inside")
    saved = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    assert saved["first_player_effect"] == json.loads(json.dumps(rows))
    lines = [line for line in summary_lines(data) if line.startswith("first player [")]
    r = rows[1]
    assert lines[1] == (f"first player [greedy]: wins {r['rate']:.1%} [{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}] of 18 "
                        f"games ({r['wins']}–{r['second_wins']}, {r['draws']} draws), {r['effect'] * 100:+.1f} points "
                        f"against 50 %, {r['position']} 47–53 %")
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    section = html[html.index("First player / 先攻の有利"):html.index("Findings that change")]
    assert "<td>random</td>" in section and "<td>greedy</td>" in section and f"{r['effect'] * 100:+.1f}" in section


def test_report_files_exist_and_json_has_the_documented_keys(tmp_path: Path) -> None:
    data = balance("chant", ["fire", "matter"], ["random", "greedy"], 4, tmp_path, seed=5, min_sample=2)
    for name in ("balance.json", "report.html", "lengths.png", "game.png", "matchups_random.png", "cards_greedy.png"):
        assert (tmp_path / name).is_file(), name
    saved = json.loads((tmp_path / "balance.json").read_text(encoding="utf-8"))
    assert saved == json.loads(json.dumps(data))
    assert set(saved) == TOP_KEYS
    assert saved["decks"] == ["fire", "matter"] and saved["compare"] is None
    for level in ("random", "greedy"):
        d = saved["levels"][level]
        assert set(d) == LEVEL_KEYS
        assert d["games"] == 12  # fire–fire, fire–matter, matter–matter, 4 each
        (m,) = d["matchups"]
        assert m["games"] == 4 and m["wins_a"] + m["wins_b"] + m["draws"] == 4
        assert 0 <= m["ci95"][0] <= m["win_rate_a"] <= m["ci95"][1] <= 1
        assert d["first_player"]["games"] == 12
        assert d["length"]["mean_turns"] > 1
        assert sum(d["reasons"].values()) == 12
        for c in d["cards"]:
            assert c["drawn"]["games"] + c["not_drawn"]["games"] == c["deck_games"]
        gm = d["game_metrics"]
        assert {"counter_rate", "max_depth_histogram", "runaways_per_game", "runaway_damage_per_runaway"} <= set(gm)
        assert sum(gm["max_depth_histogram"].values()) == 24
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "matchups_random.png" in html and "fire" in html


def test_destiny_report_reads_lucky_saves_threads_and_upkeep(tmp_path: Path) -> None:
    data = balance("destiny", ["spirit_festival", "formula_festival"], ["greedy"], 2, tmp_path, seed=2,
                   plots_enabled=False)
    gm = data["levels"]["greedy"]["game_metrics"]
    assert {"lucky_saves_per_game", "games_with_a_save", "release_share", "threads_by_turn"} <= set(gm)
    winners = gm["threads_by_turn"]["winner"]
    assert winners[0] is not None and winners[0] >= 1
    assert data["guideline"] == []


def test_paired_compare_of_identical_pools_gives_difference_zero(tmp_path: Path) -> None:
    cards = tmp_path / "fireball.toml"
    cards.write_text(CHANGED_FIREBALL, encoding="utf-8")
    data = balance("chant", ["fire", "spirit"], ["random"], 4, tmp_path / "out", seed=9, compare=(cards, cards),
                   plots_enabled=False)
    metrics = data["compare"]["metrics"]
    assert {m["metric"] for m in metrics} == {"first_player_win_rate", "turns", "deck_win_rate"}
    for m in metrics:
        assert m["diff"] == 0.0 and m["ci95"] == [0.0, 0.0] and m["pairs"] > 0


def test_paired_compare_detects_a_changed_card(tmp_path: Path) -> None:
    old = tmp_path / "old.toml"
    old.write_text(CHANGED_FIREBALL.replace("power = 2", "power = 1"), encoding="utf-8")
    new = tmp_path / "new.toml"
    new.write_text(CHANGED_FIREBALL, encoding="utf-8")
    data = balance("chant", ["fire", "spirit"], ["greedy"], 6, tmp_path / "out", seed=9, compare=(old, new),
                   plots_enabled=False)
    turns = next(m for m in data["compare"]["metrics"] if m["metric"] == "turns")
    assert turns["pairs"] == 18
    assert any(m["diff"] != 0.0 for m in data["compare"]["metrics"])


def test_rule_8_5_power_guideline_flags_out_of_line_custom_cards(tmp_path: Path) -> None:
    path = tmp_path / "custom.toml"
    path.write_text(OUT_OF_LINE, encoding="utf-8")
    flagged = {f["card"]: f for f in ChantMetrics().guideline(load_game("chant", card_paths=[path]))}
    assert flagged["overcharged_spark"]["band"] == "2-4" and "above" in flagged["overcharged_spark"]["problem"]
    assert "drawback" in flagged["free_jab"]["problem"]


def test_rule_8_5_ratio_rule_flags_orbital_cannon_and_spares_the_printed_fireball() -> None:
    flagged = {f["card"]: f for f in ChantMetrics().guideline(load_game("chant"))}
    cannon = flagged["orbital_cannon"]  # 軌道衛星砲: chant 10, power 8, no drawback
    assert cannon["ratio"] == 0.8 and cannon["drawback"] is False
    assert cannon["reasons"] == ["power 8 is 80 % of chant 10, above the 70 % norm (7) for a card without a drawback"]
    assert "fireball" not in flagged  # 火球 as printed: chant 2, power 1 (50 %)
    assert all(f["reasons"] and f["problem"] == "; ".join(f["reasons"]) for f in flagged.values())


def test_rule_8_5_a_drawback_allows_up_to_120_percent(tmp_path: Path) -> None:
    path = tmp_path / "custom.toml"
    path.write_text(DRAWBACK_CARDS, encoding="utf-8")
    flagged = {f["card"]: f for f in ChantMetrics().guideline(load_game("chant", card_paths=[path]))}
    assert "reckless_bolt" not in flagged  # chant 5, power 6 (120 %), pays life
    assert flagged["too_reckless_bolt"]["reasons"] == [  # chant 5, power 7 (140 %), pays life
        "power 7 above the 5-9 band's 6",
        "power 7 is 140 % of chant 5, above the 120 % allowed with a drawback (6)"]
    assert flagged["plain_bolt"]["reasons"] == [  # chant 5, power 5 (100 %), no drawback
        "power 5 is 100 % of chant 5, above the 70 % norm (4) for a card without a drawback"]


def test_guideline_bands() -> None:
    assert [guideline_band(c)[0] for c in (0, 1, 2, 4, 5, 9, 10, 15)] == [
        "0-1", "0-1", "2-4", "2-4", "5-9", "5-9", "10+", "10+"]


def test_paired_difference_and_its_interval() -> None:
    out = paired([0.0, 0.0, 1.0, 1.0], [1.0, 0.0, 1.0, 1.0])
    assert out["diff"] == pytest.approx(0.25)
    assert out["ci95"][0] < 0.25 < out["ci95"][1]


def test_a_finding_whose_sign_changes_with_ai_strength_is_flagged() -> None:
    def level(rate: float, games: int) -> dict:  # type: ignore[type-arg]
        return {"matchups": [{"deck_a": "a", "deck_b": "b", "win_rate_a": rate, "games": games}],
                "first_player": {"rate": 0.5, "games": games, "wins": games // 2}, "cards": []}

    flags = sign_flags({"random": level(0.30, 200), "greedy": level(0.62, 200)})
    assert [f["subject"] for f in flags] == ["a vs b"]
    assert sign_flags({"random": level(0.45, 200), "greedy": level(0.47, 200)}) == []


def test_the_balance_command_writes_a_report(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = invoke_balance(["destiny", "--deck", "spirit_festival", "--deck", "mystery_festival",
                             "--agent", "random", "-n", "2", "--out", str(out), "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "report.html" in result.output
    assert json.loads((out / "balance.json").read_text(encoding="utf-8"))["levels"]["random"]["games"] == 6


def test_swap_everywhere_without_a_card_is_refused_in_one_line(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = invoke_balance(["chant", "--swap-everywhere", "--out", str(out), "-n", "1"])
    assert result.exit_code != 0
    assert "--swap-everywhere needs --swap CARD or --swap-all" in str(result.exception or result.output)
    assert not out.exists()


def _drawback(*effects: Effect) -> bool:
    return has_drawback(SimpleNamespace(effects=effects))


def test_rule_8_5_a_drawback_is_what_always_costs_the_owner() -> None:
    rewind = {"n": 1, "target": "choose"}
    # rewinding a card the owner may pick on either side is no drawback; its own cards, or every card, are
    assert not _drawback(Effect("activate", "rewind", {**rewind, "filter": {"owner": "any"}}))
    assert _drawback(Effect("activate", "rewind", {**rewind, "filter": {"owner": "own"}}))
    assert _drawback(Effect("activate", "rewind", {**rewind, "filter": {}}))  # owner defaults to own
    assert _drawback(Effect("activate", "rewind", {"n": 1, "target": "all", "filter": {"owner": "any"}}))
    assert not _drawback(Effect("activate", "rewind", {**rewind, "filter": {"owner": "opponent"}}))
    # advancing the opponent's cards is one; advancing one's own is not
    assert _drawback(Effect("activate", "advance", {"n": 1, "target": "choose", "filter": {"owner": "opponent"}}))
    assert _drawback(Effect("activate", "advance", {"n": 1, "target": "all", "filter": {"owner": "any"}}))
    assert not _drawback(Effect("activate", "advance", {"n": 1, "target": "all", "filter": {}}))
    assert not _drawback(Effect("end_phase", "advance", {"n": 1, "target": "self", "filter": {}}))
    # an optional life cost is none: a C-phase ability's cost_life, or paying 0 to pay_life_advance_self
    assert not _drawback(Effect("c_phase", "advance", {"n": 1, "target": "choose", "filter": {}}, 2))
    assert not _drawback(Effect("chant_start", "pay_life_advance_self", {"max": 6}))
    assert _drawback(Effect("activate", "pay_life", {"n": 1}))
    # the shipped cards whose only life cost is a C-phase ability's
    flagged = {f["card"]: f for f in ChantMetrics().guideline(load_game("chant"))}
    pool = load_game("chant").pool
    assert not has_drawback(pool["overclock"]) and not has_drawback(pool["mana_crystal"])
    assert all(not f["drawback"] for name, f in flagged.items() if name in ("overclock", "mana_crystal"))
