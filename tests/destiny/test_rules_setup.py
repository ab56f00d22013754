"""Rules §1–§4 (overview, before the game, cards in play, turn structure) of docs/rules/destiny.md."""

from __future__ import annotations

import pytest
from destiny_helpers import GAME, TEST_GAME, field, find, kinds, new_game, options, play, position

from grimoire.core.decks import Deck
from grimoire.core.errors import DeckError, OptionsError
from grimoire.core.game import Setup
from grimoire.games.destiny.cards import ABILITIES
from grimoire.games.destiny.messages import MESSAGES, TERMS


# ----- 1 overview ------------------------------------------------------------------------
def test_rule_1_1_a_forecaster_whose_forecast_ends_loses() -> None:
    s = position(phase="window_attacker", p0={"field": ["war_cry#0"], "hand": ["fox_fire#2"]},
                 p1={"threads": 1, "field": ["festival_drummer#1"]}, tail="attacker=0 blocker=1")
    events = play(s, "effect:2")
    assert kinds(events)[-2:] == ["reveal", "game_won"]
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "no_lucky"
    assert GAME.decision(s) is None


def test_rule_1_2_terms_render_in_japanese_and_english() -> None:
    assert TERMS["kiryoku"][0] == "気魄" and TERMS["zenno"][0] == "全能"
    for by_lang in MESSAGES.values():
        assert set(by_lang) == {"ja", "en"} and all(v.strip() for v in by_lang.values())
    for ability in ABILITIES:
        assert GAME.text.card_name(ability, "ja").startswith("地脈")


def test_rule_1_3_deck_and_opponent_hand_are_hidden_field_discard_crisis_public() -> None:
    s = position(p0={"hand": ["war_cry#0"], "field": ["fox_fire#1"], "discard": ["veil_of_mist#2"],
                     "crisis": ["festival_child#3"]}, p1={"hand": ["paper_shikigami#4"]})
    v = GAME.view(s, 1)
    me, them = v["players"][1], v["players"][0]
    assert them["hand"] is None and them["hand_count"] == 1 and them["deck"] == 5
    assert [c["card"] for c in them["field"]] == ["fox_fire"]
    assert them["discard"] == [{"uid": 2, "card": "veil_of_mist"}]
    assert them["crisis"] == [{"uid": 3, "card": "festival_child"}]
    assert me["hand"] == [{"uid": 4, "card": "paper_shikigami"}]
    text = repr(v)
    assert "war_cry" not in text and "fire_festival_giant" not in text  # hand and deck never leak


def test_rule_1_4_a_user_has_its_cards_attribute_and_power() -> None:
    s = position(p0={"field": ["oni_mask_champion#0"]})
    user = GAME.view(s, None)["players"][0]["field"][0]
    assert (user["attribute"], user["printed"], user["power"]) == ("kiryoku", 5, 5)
    assert GAME.view(s, None)["players"][0]["field"][0]["lucky"] is False


def test_rule_1_5_card_text_beats_the_rules_a_destroy_removes_a_user_outside_battle() -> None:
    s = position(p0={"hand": ["seal_breaker#0"]}, p1={"field": ["war_cry#1"]})
    play(s, "effect:0", "target:1")
    assert field(s, 1) == [] and s.players[1].discard == [1]


def test_rule_1_6_choices_in_any_order_are_a_sequence_of_decisions() -> None:
    s = position(p0={"hand": ["war_cry#0", "fox_fire#1"]})
    assert options(s) == ["summon:0", "summon:1", "done"]
    play(s, "summon:1")
    assert options(s) == ["summon:0", "done"]


# ----- 2 before the game ----------------------------------------------------------------------
def test_rule_2_1_lucky_limit_variant_caps_lucky_cards_per_deck() -> None:
    deck = GAME.cards.starter_deck("spirit_festival")
    lucky = sum(1 for c in deck.all_cards() if GAME.pool[c].lucky)
    assert lucky >= 2
    GAME.new_state(Setup((deck, deck), GAME.options()))  # default 0: no limit (the rulings)
    GAME.new_state(Setup((deck, deck), GAME.options({"lucky_limit": lucky})))
    with pytest.raises(DeckError, match=f"{lucky} Lucky! cards in main, at most {lucky - 1} allowed"):
        GAME.new_state(Setup((deck, deck), GAME.options({"lucky_limit": lucky - 1})))
    with pytest.raises(DeckError, match="Lucky!"):
        GAME.check_deck(deck, {"lucky_limit": 1})
    with pytest.raises(OptionsError):
        GAME.options({"lucky_limit": -1})


def test_rule_2_1_deck_size_and_copies_follow_the_options() -> None:
    deck = GAME.cards.starter_deck("spirit_festival")
    with pytest.raises(DeckError, match="exactly 40"):
        GAME.new_state(Setup((deck, deck), GAME.options({"deck_size": 40})))
    with pytest.raises(DeckError, match="at most 2"):
        GAME.new_state(Setup((deck, deck), GAME.options({"max_copies": 2})))
    small = Deck("small", {"main": ["fox_fire"] * 3 + ["war_cry"] * 7})
    GAME.new_state(Setup((small, small), GAME.options({"deck_size": 10, "max_copies": 7})))
    assert GAME.cards.deck_rules_for({"deck_size": 10, "max_copies": 4}).sections[0].exact == 10
    assert GAME.cards.deck_rules.sections[0].exact == 30 and GAME.cards.deck_rules.sections[0].max_copies == 3
    text = "\n".join(f"3 {c}" for c in ("fox_fire", "war_cry", "veil_of_mist", "moon_rabbit"))
    with pytest.raises(DeckError, match="exactly 30"):
        GAME.cards.deck_from_text(text)


def test_rule_2_2_threads_start_at_15_or_the_option() -> None:
    s = new_game()
    assert [p.threads for p in s.players] == [15, 15]
    s = new_game(starting_threads=20)
    assert [p.threads for p in s.players] == [20, 20]


def test_rule_2_3_each_picks_at_most_one_ability_sealed_until_both_chose() -> None:
    s = new_game()
    d = GAME.decision(s)
    assert d is not None and (d.player, d.kind) == (0, "ability")
    assert d.ids() == [f"ability:{a}" for a in ABILITIES] + ["none"]
    play(s, "ability:chimyaku_houki")
    d = GAME.decision(s)
    assert d is not None and (d.player, d.kind) == (1, "ability")
    assert GAME.view(s, 1)["players"][0]["ability"] is None  # not shown before seat 1 has chosen
    assert GAME.view(s, 0)["players"][0]["ability"] == "chimyaku_houki"
    events = play(s, "none")
    assert [(e.player, e.args) for e in find(events, "ability")] == [(0, ("chimyaku_houki",)), (1, ("none",))]
    assert GAME.view(s, 1)["players"][0]["ability"] == "chimyaku_houki"
    assert kinds(events).index("ability") < kinds(events).index("first")  # chosen before the toss


def test_rule_2_4_first_player_by_seeded_coin_or_option() -> None:
    a = GAME.cards.starter_deck("spirit_festival")
    firsts = set()
    for seed in range(8):
        s = GAME.new_state(Setup((a, a), GAME.options(), seed=seed))
        events = play(s, "none", "none")
        assert "coin" in kinds(events)
        firsts.add(s.first)
        again = GAME.new_state(Setup((a, a), GAME.options(), seed=seed))
        play(again, "none", "none")
        assert again.first == s.first
    assert firsts == {0, 1}
    scripted = GAME.new_state(Setup((a, a), GAME.options(), chance="scripted", chance_script=(0,)))
    play(scripted, "none", "none")
    assert scripted.first == 1  # tails: seat 1
    for seat in (0, 1):
        s = new_game(first_player=str(seat))
        events = play(s, "none", "none")
        assert s.first == seat and "coin" not in kinds(events)


def test_rule_2_5_each_shuffles_and_draws_seven() -> None:
    s = new_game()
    events = play(s, "none", "none")
    assert kinds(events).count("shuffle") == 2
    assert [len(p.hand) for p in s.players] == [7, 7] and [len(p.deck) for p in s.players] == [23, 23]
    draws = find(events, "draw")
    assert len(draws) == 14 and all(e.private_to == e.player for e in draws)


def test_rule_2_6_mulligan_first_player_decides_first_once_and_keeps_the_new_hand() -> None:
    s = new_game(first_player="1")
    play(s, "none", "none")
    d = GAME.decision(s)
    assert d is not None and (d.player, d.kind, d.ids()) == (1, "mulligan", ["keep", "mulligan"])
    before = list(s.players[1].hand)
    events = play(s, "mulligan")
    assert "mulligan" in kinds(events) and len(find(events, "draw")) == 7
    assert len(s.players[1].hand) == 7 and len(s.players[1].deck) == 23 and s.players[1].hand != before
    d = GAME.decision(s)
    assert d is not None and (d.player, d.kind) == (0, "mulligan")
    events = play(s, "keep")
    assert "turn" in kinds(events)  # nobody is asked again: the game starts
    assert s.turn == 1 and s.active == 1


# ----- 3 cards in play ---------------------------------------------------------------------
def test_rule_3_1_veteran_after_an_upkeep_and_effect_ready_by_ready() -> None:
    s = position(phase="fate", active=1, p0={"field": ["war_cry#0"]}, p1={})
    events = play(s, "skip")  # seat 0's turn 4 begins: upkeep
    assert options(s) == ["pay:0", "release:0"]
    events = play(s, "pay:0")
    assert "veteran" in kinds(events) and s.players[0].field[0].veteran
    s = position(p0={"hand": ["star_chart_reader#0"], "field": ["war_cry#1"]})
    play(s, "effect:0", "target:1")
    assert s.players[0].field[0].ready and not s.players[0].field[0].veteran


def test_rule_3_2_current_power_is_printed_plus_modifiers_never_below_zero() -> None:
    s = position(p0={"hand": ["trial_spark#0"], "field": ["war_cry#1"]}, game=TEST_GAME)
    events = play(s, "effect:0", "target:1")
    assert find(events, "power")[0].args[3] == 0
    assert field(s, 0) == ["war_cry"] and TEST_GAME.view(s, 0)["players"][0]["field"][0]["power"] == 0
    s2 = position(p0={"field": ["war_cry#0:-3"]})
    assert s2.power(s2.players[0].field[0]) == 0


def test_rule_3_3_a_card_that_comes_back_is_a_new_user() -> None:
    s = position(p0={"hand": ["seal_breaker#0", "crystal_prophet#3"]},
                 p1={"threads": 2, "field": ["festival_drummer#1:v:r:+2"], "deck": ["fox_fire#2"]})
    play(s, "effect:0", "target:1")
    text = GAME.encode_position(s)
    assert "discard=festival_drummer#1 " in text  # no marks survive off the field
    # (for the test: the card goes back on top of its deck)
    s = GAME.decode_position(text.replace("discard=festival_drummer#1 ", "")
                             .replace("deck=fox_fire#2", "deck=festival_drummer#1,fox_fire#2"))
    events = play(s, "effect:3")  # seat 1 loses 2: reveal, Lucky!
    assert "lucky" in kinds(events)
    user = s.players[1].field[0]
    assert (user.uid, user.veteran, user.ready, user.mod) == (1, False, False, 0)


# ----- 4 turn structure ---------------------------------------------------------------------
def test_rule_4_1_steps_in_order_draw_recover_upkeep_summon_attack_fate() -> None:
    s = position(phase="fate", active=1, turn=4, p0={"field": ["war_cry#0"], "deck": ["fox_fire#1"]})
    events = play(s, "skip")
    assert kinds(events)[-3:] == ["turn", "draw", "recover"]
    assert GAME.decision(s).kind == "upkeep"  # type: ignore[union-attr]
    play(s, "pay:0")
    assert GAME.decision(s).kind == "summon"  # type: ignore[union-attr]
    play(s, "done")
    assert GAME.decision(s).kind == "attackers"  # type: ignore[union-attr]
    play(s, "done")
    assert GAME.decision(s).kind == "fate"  # type: ignore[union-attr]


def test_rule_4_2_each_players_first_turn_skips_recovery_and_attack_first_player_draws() -> None:
    s = new_game(first_player="0")
    play(s, "none", "none", "keep", "keep")
    assert len(s.players[0].hand) == 8  # 最初なら８枚
    assert s.players[0].threads == 15
    uid = s.players[0].hand[0]
    events = play(s, f"summon:{uid}", "done")
    assert "no_attack" in kinds(events) and GAME.decision(s).kind == "fate"  # type: ignore[union-attr]
    events = play(s, "skip")
    assert "recover" not in kinds(events) and s.players[1].threads == 15  # the second player's first turn
    assert s.active == 1 and s.players[1].turns == 1


def test_rule_4_3_the_save_resets_at_the_start_of_the_own_turn() -> None:
    s = position(phase="fate", active=1, p0={"saved": True})
    events = play(s, "skip")
    assert not s.players[0].saved and kinds(events)[0] == "fate_skip"


def test_rule_4_4_turns_count_from_one_over_both_players() -> None:
    s = new_game(first_player="1")
    events = play(s, "none", "none", "keep", "keep")
    assert find(events, "turn")[0].args == (1,) and s.active == 1
    play(s, "done", "skip")
    assert s.turn == 2 and s.active == 0

