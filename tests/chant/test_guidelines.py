"""The seed's designer guidelines while designing (issue 30, item 2; rules 8.5 and 8.6).

Each guideline is quoted with its source line in the seed; they are warnings, never refusals.
The power band is the balance report's own check (one implementation).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grimoire.balance.collect import metrics_for
from grimoire.core.cardtools import guidelines
from grimoire.core.game import Game
from grimoire.core.registry import load_game
from grimoire.games.chant.guidelines import EXCEPTIONS, QUOTES, SEED

SEED_FILE = Path(__file__).resolve().parents[3] / "shared" / "seeds" / SEED
ROOT = Path(__file__).resolve().parents[2]


def with_card(**table: Any) -> Game[Any]:
    card = {"id": "x", "kind": "library", "name": {"ja": "試作", "en": "Prototype"}, "attribute": "fantasy", **table}
    return load_game("chant", tables={"x": card})


def warned(game: Game[Any], card: str = "x") -> list[Any]:
    return [g for g in guidelines(game, card) if g.level == "warn"]


def test_rule_8_6_every_quote_is_the_seeds_own_words_at_its_line() -> None:
    if not SEED_FILE.exists():
        pytest.skip("the seed is not beside the repository")
    lines = SEED_FILE.read_text(encoding="utf-8").splitlines()
    for key, (line, words) in QUOTES.items():
        assert words in lines[line - 1], key


def test_rule_8_5_a_chant_1_power_9_vanilla_card_is_warned_with_the_seeds_words() -> None:
    found = warned(with_card(chant=1, power=9))
    assert [g.key for g in found] == ["band", "band"]
    assert found[0].text.en == "Power 9 is above the 0–1 band's 1."
    assert found[0].text.ja == "威力9は詠唱値0〜1の目安（威力1まで）を超えています。"
    assert found[1].text.en == "Power 9 at chant 0–1 needs a drawback."
    assert found[0].source == f"{SEED}:85" and found[0].quote.startswith("詠唱値0～1：威力を持たない補助効果のみ")


def test_rule_8_5_a_chant_2_power_6_vanilla_card_is_warned_by_the_band_and_the_ratio() -> None:
    found = warned(with_card(chant=2, power=6))
    assert [(g.source, g.text.en) for g in found] == [
        (f"{SEED}:86", "Power 6 is above the 2–4 band's 2."),
        (f"{SEED}:48", "Power 6 is 300 % of chant 2, above the 70 % norm (1) for a card without a drawback."),
    ]
    assert "デメリット付きなら詠唱値と同じか～2割増し" in found[1].quote


def test_rule_8_5_a_drawback_saves_a_card_above_the_norm_and_the_check_names_it() -> None:
    plain = warned(with_card(chant=5, power=6))
    assert [g.text.en for g in plain] == [
        "Power 6 is 120 % of chant 5, above the 70 % norm (4) for a card without a drawback."]
    game = with_card(chant=5, power=6, effects=[{"on": "activate", "op": "pay_life", "n": 1}])
    assert warned(game) == []
    counted = [g for g in guidelines(game, "x") if g.key == "drawback"]
    assert [g.level for g in counted] == ["ok"]
    assert counted[0].text.ja.startswith("デメリットとして数えた効果: 「自身はライフを1支払う。」")
    assert "Counted as a drawback: “pay 1 life.”" in counted[0].text.en


def test_rule_8_6_1_rewinding_either_players_card_is_not_a_drawback() -> None:
    game = with_card(chant=5, power=6, effects=[{"on": "activate", "op": "rewind", "n": 1, "target": "choose",
                                                 "filter": {"owner": "any"}}])
    assert [g.key for g in warned(game)] == ["band"]
    notes = [g for g in guidelines(game, "x") if g.key == "drawback"]
    assert [g.level for g in notes] == ["note"] and "is not a drawback (a target the owner may pick on either " \
        "side)" in notes[0].text.en


def test_rule_8_6_1_an_optional_life_cost_ability_is_not_a_drawback() -> None:
    game = with_card(chant=5, power=6, effects=[{"on": "c_phase", "op": "advance", "n": 1, "target": "self",
                                                 "cost_life": 1}])
    assert [g.key for g in warned(game)] == ["band"]
    notes = [g for g in guidelines(game, "x") if g.key == "drawback"]
    assert [g.level for g in notes] == ["note"] and "a cost the owner may decline" in notes[0].text.en


def test_rule_8_6_1_advancing_the_opponents_cards_is_a_drawback() -> None:
    game = with_card(chant=5, power=6, effects=[{"on": "activate", "op": "advance", "n": 1, "target": "all",
                                                 "filter": {"owner": "opponent"}}])
    assert warned(game) == []
    assert [g.level for g in guidelines(game, "x") if g.key == "drawback"] == ["ok"]


def test_rule_8_6_3_extreme_effects_are_kept_to_chant_10_in_the_main_deck() -> None:
    draw3 = [{"on": "activate", "op": "draw", "n": 3}]
    found = warned(with_card(chant=6, effects=draw3))
    assert [(g.key, g.source) for g in found] == [("extreme", f"{SEED}:80")]
    assert found[0].text.en == "“draw 3 cards.” is an extreme effect: in the main deck keep it to chant 10 or " \
        "more (chant 6 now)."
    assert warned(with_card(chant=10, effects=draw3)) == []
    assert warned(with_card(chant=6, effects=[{"on": "activate", "op": "draw", "n": 2}])) == []


def test_rule_8_6_2_an_effect_before_the_chant_ends_is_weaker_than_after() -> None:
    early = [{"on": "chant_start", "op": "draw", "n": 2}, {"on": "activate", "op": "draw", "n": 1}]
    found = warned(with_card(chant=6, effects=early))
    assert [(g.key, g.source) for g in found] == [("order", f"{SEED}:42")]
    assert "詠唱後＞詠唱開始＞詠唱中・発動待ち" in found[0].text.ja
    ordered = [{"on": "chant_start", "op": "draw", "n": 1}, {"on": "activate", "op": "draw", "n": 2}]
    assert warned(with_card(chant=6, effects=ordered)) == []


def test_rule_8_6_4_copies_and_extra_deck_limits_are_reminded() -> None:
    game = load_game("chant")
    assert [g.source for g in guidelines(game, "fireball") if g.key == "copies"] == [f"{SEED}:82"]
    extra = [g for g in guidelines(game, "heavenly_conflagration") if g.key in ("extra", "review", "forbidden")]
    assert [g.source for g in extra] == [f"{SEED}:49", f"{SEED}:102", f"{SEED}:111"]


def test_rule_8_6_5_the_shipped_pool_passes_the_guidelines_or_is_a_written_down_exception() -> None:
    game = load_game("chant")
    warnings = [(cid, g.text.en) for cid in game.pool.by_id for g in guidelines(game, cid) if g.level == "warn"]
    assert warnings == []
    excepted = {cid for cid in game.pool.by_id for g in guidelines(game, cid) if g.level == "exception"}
    assert excepted == set(EXCEPTIONS)
    for lang in ("chant.md", "chant.ja.md"):
        rules = (ROOT / "docs" / "rules" / lang).read_text(encoding="utf-8")
        section = rules[rules.index("8.6.5"):]
        assert all(game.pool[cid].name.ja in section for cid in EXCEPTIONS), lang


def test_the_editor_and_cards_check_warn_on_the_cards_the_balance_report_flags() -> None:
    """One implementation of the power band: the balance report's guideline list is the band's warnings."""
    game = with_card(chant=2, power=6)
    flagged = {row["card"] for row in metrics_for("chant").guideline(game)}
    banded = {cid for cid in game.pool.by_id for g in guidelines(game, cid)
              if g.key == "band" and g.level in ("warn", "exception")}
    assert flagged == banded == {"x", *EXCEPTIONS}


def test_destiny_has_no_guidelines_from_its_seed() -> None:
    assert guidelines(load_game("destiny"), "fox_fire") == []
