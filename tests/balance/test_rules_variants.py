"""Chant's rules-variant options (the seed's open choices): each changes the rule it names,
the default stays the rulings, and the balance lab measures them on the same seeds."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.balance import balance
from grimoire.core.decision import Event
from grimoire.core.errors import OptionsError
from grimoire.core.game import Setup
from grimoire.core.registry import load_game
from grimoire.games.chant import decisions, notation, rules
from grimoire.games.chant.scenario import scenario
from grimoire.games.chant.state import DEFAULT_VARIANT, ChantState
from grimoire.games.destiny import notation as destiny_notation

GAME = load_game("chant")


def _start(**options: object) -> ChantState:
    fire = GAME.cards.starter_deck("fire")
    state: ChantState = GAME.new_state(Setup((fire, fire), GAME.options({"first_player": "0", **options}), seed=3))
    return state


def test_rule_2_2_first_turn_draw_variant() -> None:
    assert len(_start().players[0].hand) == 5  # the first player skips the first draw
    assert len(_start(first_turn_draw=True).players[0].hand) == 6
    assert _start().variant is DEFAULT_VARIANT


def test_rule_3_2_1_chant_cap_variant() -> None:
    s = scenario({"area": [("fireball", 0)], "hand": ["fireball"]}, {}, game=GAME, phase="C")
    assert decisions.can_place(s)
    s.variant = (0, 10, 1, 2, 2, 3, 4)
    assert not decisions.can_place(s)


def test_rule_5_5_1_depth_multipliers_variant() -> None:
    eight = [("fireball", 0)] * 8  # depth 3
    s = scenario({}, {"area": eight}, game=GAME, phase="A")  # damage taken in the A phase (5.5.2)
    ev: list[Event] = []
    rules.damage(s, (0, 3), ev)
    assert s.players[1].life == 20 - 6 and ev[-1].args[1] == "x2"
    s = scenario({}, {"area": eight}, game=GAME, phase="A")
    s.variant = (0, 10, 5, *rules.parse_multipliers("1,1,1,1.5"), 0)
    ev = []
    rules.damage(s, (0, 3), ev)
    assert s.players[1].life == 20 - 4 and ev[-1].args[1] == "x1.5"  # 3 × 1.5 rounded down


@pytest.mark.parametrize("bad", ["1,1,2", "1,1,1.25,2", "a,b,c,d", "1,1,1,nan", "1,1,1,99"])
def test_malformed_depth_multipliers_are_refused_in_one_line(bad: str) -> None:
    with pytest.raises(OptionsError, match="depth_multipliers must be four multipliers"):
        _start(depth_multipliers=bad)


def test_a_variant_survives_notation_and_json() -> None:
    s = _start(first_turn_draw=True, runaway_threshold=12)
    text = notation.encode(s)
    assert "-60~d1,r12,c5,m2.2.3.4 " in text
    assert notation.decode(text, GAME.pool.__getitem__).variant == (1, 12, 5, 2, 2, 3, 4, 0)
    assert ChantState.from_json(s.to_json(), GAME.pool.__getitem__).variant == (1, 12, 5, 2, 2, 3, 4, 0)
    default = _start()
    assert "~" not in notation.encode(default) and "variant" not in default.to_json()
    assert GAME.view(s, 0)["rules"]["runaway_threshold"] == 12
    assert set(GAME.view(default, 0)["rules"]) == {"exclusive_placement", "turn_limit"}


def test_a_lower_runaway_threshold_brings_more_runaway_checks(tmp_path: Path) -> None:
    data = balance("chant", ["fire", "matter"], ["greedy"], 10, tmp_path, seed=1, plots_enabled=False,
                   variants=[{"runaway_threshold": "4"}])
    (v,) = data["variants"]
    default_checks = data["levels"]["greedy"]["game_metrics"]["runaway_checks_per_game"]
    assert v["game_metrics"]["greedy"]["runaway_checks_per_game"] > default_checks
    assert v["options"]["runaway_threshold"] == 4


def test_a_bad_variant_value_is_refused_before_any_game(tmp_path: Path) -> None:
    with pytest.raises(OptionsError, match="depth_multipliers"):
        balance("chant", ["fire", "matter"], ["random"], 2, tmp_path / "out", variants=[{"depth_multipliers": "x"}])
    assert not (tmp_path / "out").exists()


# ----- Destiny Saga's variants (rules 6.4, 9.4, 9.4.3) ---------------------------------
def _destiny_events(**options: object) -> list[list[Event]]:
    from grimoire.ai.registry import make_agent
    from grimoire.core.play import play
    from grimoire.core.rng import Chance

    game = load_game("destiny")
    omni = game.cards.starter_deck("omnipotent_festival")
    steps: list[list[Event]] = []
    for seed in range(4):
        agents = [make_agent("greedy", "destiny", (omni, omni)) for _ in (0, 1)]
        play(game, Setup((omni, omni), game.options(dict(options)), seed=seed), agents,
             [Chance.seeded(seed), Chance.seeded(seed + 100)], on_events=lambda _s, evs: steps.append(list(evs)))
    return steps


def _kinds(steps: list[list[Event]], kind: str) -> int:
    return sum(1 for evs in steps for e in evs if e.kind == kind)


def test_destiny_crisis_expiry_variant_keeps_the_crisis_zone() -> None:
    assert _kinds(_destiny_events(), "hako") > 0 and _kinds(_destiny_events(), "crisis_back") > 0
    assert _kinds(_destiny_events(crisis_expiry=False), "crisis_back") == 0


def test_destiny_hako_summon_only_variant_fires_only_on_summons() -> None:
    steps = _destiny_events(hako_trigger="summon")
    fired = [evs for evs in steps if any(e.kind == "hako" for e in evs)]
    assert fired
    for evs in fired:  # the step that fired it summoned the 全能 card it names
        hako = next(e for e in evs if e.kind == "hako")
        assert any(e.kind == "summon" and e.args[0] == hako.args[0] for e in evs)
    assert any(e.kind == "hako" and not any(x.kind == "summon" for x in evs)
               for evs in _destiny_events() for e in evs)  # by default a use fires it too


def test_destiny_wheel_off_variant_is_measured_and_decides_no_battle(tmp_path: Path) -> None:
    data = balance("destiny", ["spirit_festival", "formula_festival"], ["greedy"], 6, tmp_path, seed=2,
                   plots_enabled=False, variants=[{"attribute_wheel": "none"}])
    assert data["levels"]["greedy"]["game_metrics"]["wheel"]["decided"]["wins"] > 0
    off = data["variants"][0]["game_metrics"]["greedy"]["wheel"]
    assert off["battles"] > 0 and off["decided"]["wins"] == 0
    s = GAME_D.new_state(Setup((GAME_D.cards.starter_deck("spirit_festival"),) * 2,
                               GAME_D.options({"attribute_wheel": "off", "crisis_expiry": False}), seed=1))
    text = destiny_notation.encode(s)
    assert "variant=1.0.0.0.0.0.0.0.0.0.0" in text
    assert destiny_notation.decode(text, GAME_D.pool).variant == (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    for older in ("variant=1.0.0", "variant=1.0.0.0", "variant=1.0.0.0.0.0.0.0"):  # before the later options
        assert destiny_notation.decode(text.replace("variant=1.0.0.0.0.0.0.0.0.0.0", older),
                                       GAME_D.pool).variant == (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    assert GAME_D.view(s, 0)["rules"] == {"attribute_wheel": "off", "hako_trigger": "summon_or_use",
                                          "crisis_expiry": False, "sense_timing": "main",
                                          "kijutsu_timing": "main_battle", "sense_scope": "side",
                                          "hako_turn": "either", "blocker_leaves": "no_damage",
                                          "hako_limit": "every", "omni_direct": False, "user_effects": "attack"}
    assert "variant" not in destiny_notation.encode(GAME_D.new_state(Setup(
        (GAME_D.cards.starter_deck("spirit_festival"),) * 2, GAME_D.options(), seed=1)))


GAME_D = load_game("destiny")
