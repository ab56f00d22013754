"""One deck, one meaning: a deck's declared set-up choices (`# ability:`) are read with the deck,
kept in records and stored games, and answered by whichever agent holds the deck."""

from __future__ import annotations

import pytest

from grimoire.core.decision import Decision, Option
from grimoire.core.decks import Deck, declared_choices
from grimoire.core.errors import DeckError, GrimoireError
from grimoire.core.play import RandomAgent
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance
from grimoire.core.setup_choices import check_choices, declared_answer, playing, without_choices

ABILITY = Decision(0, "ability", (Option("ability:chimyaku_houki", "k"), Option("ability:chimyaku_kanchi", "k"),
                                  Option("none", "k")))


def test_a_deck_file_declares_its_set_up_choices_and_other_comments_are_not_choices() -> None:
    assert declared_choices("# ability: chimyaku_kanchi\n# Splash: 術式 removal.\nname: x\n") == (
        ("ability", "chimyaku_kanchi"),)
    game = load_game("destiny")
    deck = game.cards.starter_deck("omnipotent_festival")
    assert deck.choices == (("ability", "chimyaku_no_hako"),)
    assert load_game("chant").cards.starter_deck("fire").choices == ()


def test_declared_choices_survive_a_record_or_a_stored_game() -> None:
    deck = load_game("destiny").cards.starter_deck("spirit_festival")
    data = deck.to_json()
    assert data["choices"] == {"ability": "chimyaku_houki"}
    assert Deck.from_json(data) == deck
    assert "choices" not in without_choices(deck).to_json()  # a deck without choices is written as before
    assert Deck.from_json({"name": "x", "sections": {}}).choices == ()
    with pytest.raises(DeckError, match="choices"):
        Deck.from_json({"name": "x", "sections": {}, "choices": {"ability": 3}})


def test_rule_2_3_the_holder_of_a_deck_answers_its_declared_ability() -> None:
    agent = playing(RandomAgent(), (("ability", "chimyaku_kanchi"),))
    assert {agent.choose(None, {}, ABILITY, Chance.seeded(i)) for i in range(20)} == {"ability:chimyaku_kanchi"}  # type: ignore[arg-type]
    assert declared_answer((("ability", "none"),), ABILITY) == "none"
    other = Decision(0, "mulligan", (Option("keep", "k"), Option("mulligan", "k")))
    assert declared_answer((("ability", "chimyaku_kanchi"),), other) is None  # other decisions: the agent's
    # an answer the decision does not offer leaves the decision to the agent
    missing = playing(RandomAgent(), (("ability", "chimyaku_elsewhere"),))
    assert len({missing.choose(None, {}, ABILITY, Chance.seeded(i)) for i in range(40)}) > 1  # type: ignore[arg-type]


def test_unknown_set_up_answers_are_refused_with_one_line() -> None:
    game = load_game("destiny")
    check_choices(game, (("ability", "chimyaku_houki"), ("ability", "none")), "--choose")
    with pytest.raises(GrimoireError, match=r"^--choose: unknown ability 'chimyaku_foo'; answers: chimyaku_houki"):
        check_choices(game, (("ability", "chimyaku_foo"),), "--choose")
    with pytest.raises(GrimoireError, match="has no set-up decision 'abilty'"):
        check_choices(game, (("abilty", "chimyaku_houki"),), "--choose")
    check_choices(game, (("note", "todo"),), "deck x", any_kind=True)  # a deck file's other comment
    with pytest.raises(GrimoireError, match="unknown ability"):
        check_choices(game, (("ability", "chimyaku_foo"),), "deck x", any_kind=True)
