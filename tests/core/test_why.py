"""Why each logged event happened (grimoire.core.why): every event kind of every installed game
names its rule and has a why text in both languages; records keep the rules; old records verify."""

from __future__ import annotations

import json

import pytest

from game_helpers import REPO_GAMES
from grimoire.core.decision import Event
from grimoire.core.events import EventSchema
from grimoire.core.game import Setup
from grimoire.core.match import Match, digest
from grimoire.core.records import GameRecord
from grimoire.core.registry import game_names, load_game
from grimoire.core.replay import verify
from grimoire.core.why import explain, rule_link
from grimoire.web.rules import rule_numbers, rules_source


@pytest.mark.parametrize("name", REPO_GAMES)
def test_every_event_kind_names_its_rule_and_has_a_why_text_in_both_languages(name: str) -> None:
    game = load_game(name)
    schema = game.events
    missing_rule = [kind for kind in schema if kind not in schema.rules]
    assert not missing_rule, f"{name}: event kinds without a rule: {missing_rule}"
    for key in schema.rules:
        assert key.split(" ")[0] in schema, f"{name}: rule key {key!r} names no event kind"
    for kind in schema:
        texts = game.text.catalog.entries.get("why." + kind, {})
        assert texts.get("ja") and texts.get("en"), f"{name}: why.{kind} lacks Japanese or English"
        assert texts["ja"] != texts["en"], f"{name}: why.{kind} is not translated"
    for key, texts in game.text.catalog.entries.items():
        if key.startswith("why."):
            assert texts.get("ja") and texts.get("en") and texts["ja"] != texts["en"], key


@pytest.mark.parametrize("name", REPO_GAMES)
def test_every_event_rule_is_a_rule_of_the_games_rules_document_in_both_languages(name: str) -> None:
    numbers_en = set(rule_numbers(rules_source(name, "en") or ""))
    numbers_ja = set(rule_numbers(rules_source(name, "ja") or ""))
    assert numbers_en and numbers_ja, f"{name} ships no rules document in both languages"
    rules = load_game(name).events.rules
    assert not {k: r for k, r in rules.items() if r not in numbers_en}, "rules missing from the English document"
    assert not {k: r for k, r in rules.items() if r not in numbers_ja}, "rules missing from the Japanese document"


def test_explanation_names_rule_text_and_link_and_never_fails() -> None:
    game = load_game("chant")
    e = explain(game, Event("game_drawn", 0, ("turn_limit",)), "en")
    assert (e.rule, e.link) == ("9.5", rule_link("chant", "9.5")) == ("9.5", "/rules/chant#r-9.5")
    hidden = explain(game, Event("draw", 1, (), 1), "ja")  # a draw redacted for the other seat
    assert hidden.rule == "2.1" and hidden.text and "?" not in hidden.text
    odd = explain(game, Event("no_such_kind", 0, ()), "en")
    assert (odd.rule, odd.text, odd.link, odd.line("en")) == (None, "", None, "")


def test_a_record_keeps_each_event_kinds_rule_and_those_rules_explain_its_replay() -> None:
    game = load_game("chant")
    deck = game.cards.starter_deck("fire")
    m = Match(game, Setup((deck, deck), seed=4))
    while m.decision is not None and len(m.answers) < 30:
        m.answer(m.decision.options[-1].id)
    record = GameRecord.from_json(json.loads(json.dumps(m.record().to_json())))
    assert record.event_rules["draw"] == "2.1" and record.event_rules["phase"] == "1.7.1"
    assert set(record.event_rules) <= set(game.events.rules)
    # a replay explains by the record's numbering, even if the game's numbering moved since
    renumbered = dict(record.event_rules, draw="2.9")
    assert explain(game, Event("draw", 0, ("fireball",), 0), "en", renumbered).rule == "2.9"


def test_an_old_record_without_event_rules_loads_and_verifies() -> None:
    game = load_game("destiny")
    deck = game.cards.starter_deck(sorted(game.cards.starter_decks())[0])
    m = Match(game, Setup((deck, deck), seed=11))
    while m.decision is not None and len(m.answers) < 200:
        m.answer(m.decision.options[0].id)
    data = m.record().to_json()
    del data["event_rules"]
    old = GameRecord.from_json(data)
    assert old.event_rules == {} and verify(old).ok


def test_detail_arguments_stay_out_of_a_records_fingerprint() -> None:
    """A record made before an event gained an explaining argument still verifies."""
    before = EventSchema({"damage": ("amount",)})
    after = EventSchema({"damage": ("amount",)}, {"damage": "5.5.1"}, {"damage": ("depth",)})
    old_events = [Event("damage", 1, (3,))]
    new_events = [Event("damage", 1, (3, 2))]
    assert digest(new_events, after) == digest(old_events, before) == digest(old_events)
    assert digest([Event("damage", 1, (4, 2))], after) != digest(new_events, after)


def test_a_bad_event_rules_field_is_a_one_line_record_error() -> None:
    game = load_game("chant")
    deck = game.cards.starter_deck("fire")
    data = Match(game, Setup((deck, deck), seed=1)).record().to_json()
    data["event_rules"] = {"draw": 2}
    with pytest.raises(Exception, match="event_rules"):
        GameRecord.from_json(data)


def test_details_must_name_a_kind_of_the_schema() -> None:
    with pytest.raises(ValueError, match="not in the schema"):
        EventSchema({"a": ()}, details={"b": ("x",)})


def test_web_log_events_carry_their_explanation_and_link_only_to_a_rules_page_that_exists() -> None:
    from grimoire.web.protocol import render_events

    chant = load_game("chant")
    [line] = render_events(chant, [Event("damage", 1, (3, "x1.5", 4, 16, 2, "a_phase"))], 0, "ja")
    assert line["w"] == {"rule": "5.5.1", "text": "深度2・Aフェイズ：3 x1.5 → 4", "link": "/rules/chant#r-5.5.1"}
    [hidden] = render_events(chant, [Event("draw", 1, ("fireball",), 1)], 0, "en")
    assert "fireball" not in str(hidden) and hidden["w"]["rule"] == "2.1"
    if "toy" in game_names():  # a plugin's rules page, from its own package, is linked the same way
        [toy] = render_events(load_game("toy"), [Event("pass", 0)], 0, "en")
        assert toy["w"]["link"] == "/rules/toy#r-2"
