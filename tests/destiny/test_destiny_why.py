"""Why Destiny's events happened (grimoire.core.why): the seed's worked battle examples and a
Lucky! save explain themselves with the rule and the numbers that went in."""

from __future__ import annotations

from destiny_helpers import GAME, find, play, position

from grimoire.core.decision import Event
from grimoire.core.why import explain


def battle(attacker: str, blocker: str) -> Event:
    s = position(phase="declare", p0={"field": [f"{attacker}#0"]}, p1={"field": [f"{blocker}#1"]})
    events = play(s, "attack:0", "done", "block:1", "pass", "pass")
    return find(events, "clash")[0]


def test_rule_6_7_2_example_1_explains_the_shinpi_plus_1() -> None:
    """例１）神秘属性カードパワー２の能力者で気魄属性カードパワー３の能力者を攻撃 →神秘は相性により＋１で３"""
    e = battle("tea_leaf_maiden", "iron_fist_diviner")
    assert explain(GAME, e, "en").line("en") == (
        "A = power 2 (shinpi) +1 = 3, D = power 3 (kiryoku) +0 = 3 (6.3)")
    assert explain(GAME, e, "ja").line("ja") == "A＝パワー2（神秘）+1＝3、D＝パワー3（気魄）+0＝3（6.3）"


def test_rule_6_7_3_example_2_1_explains_the_attacking_zenno_plus_1() -> None:
    """例２－１）全能属性カードパワー２の能力者で気魄属性カードパワー２の能力者を攻撃 全能は攻撃時相性により＋１で３"""
    e = battle("wandering_luck_god", "stall_bouncer")
    assert explain(GAME, e, "en").text == "A = power 2 (zenno) +1 = 3, D = power 2 (kiryoku) +0 = 2"


def test_rule_6_7_4_example_2_2_explains_the_blocking_zenno_minus_1() -> None:
    """例２－２）気魄属性のカードパワー３の能力者で全能属性カードパワー４の能力者を攻撃 →全能は防御相性により－１で３"""
    e = battle("iron_fist_diviner", "treasure_ship")
    assert explain(GAME, e, "en").text == "A = power 3 (kiryoku) +0 = 3, D = power 4 (zenno) -1 = 3"


def test_rule_8_2_1_a_lucky_save_explains_the_threads_and_the_revealed_card() -> None:
    s = position(phase="declare", p0={"field": ["fire_festival_giant#0"]},
                 p1={"threads": 5, "deck": ["stall_bouncer#1", "war_cry#2"]})
    events = play(s, "attack:0", "done", "pass", "pass")
    lucky = find(events, "lucky")[0]
    name_en = GAME.text.card_name("stall_bouncer", "en")
    name_ja = GAME.text.card_name("stall_bouncer", "ja")
    assert explain(GAME, lucky, "en").line("en") == f"Lucky! save: threads 5 − 6 → 0, revealed {name_en} (8.2.1)"
    assert explain(GAME, lucky, "ja").line("ja") == f"Lucky!救済：糸 5 − 6 → 0、山札の上は{name_ja}（8.2.1）"


def test_rule_8_2_2_a_reveal_without_lucky_explains_why_the_forecast_ends() -> None:
    s = position(phase="declare", p0={"field": ["fire_festival_giant#0"]}, p1={"threads": 5, "deck": ["war_cry#1"]})
    events = play(s, "attack:0", "done", "pass", "pass")
    reveal = explain(GAME, find(events, "reveal")[0], "en")
    assert reveal.rule == "8.2.2" and reveal.text.startswith("threads 5 − 6 → 0")
    assert explain(GAME, find(events, "game_won")[0], "en").rule == "8.2.2"
