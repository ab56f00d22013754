"""Loading Destiny card files: the vocabulary, validation errors, extra files and record tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grimoire.core.errors import ContentError
from grimoire.core.registry import load_game
from grimoire.games.destiny import DestinyGame
from grimoire.games.destiny.cards import ATTACK, BATTLE, MAIN, RESPONSE, VOCABULARY, load_pool

BASE: dict[str, Any] = {"id": "trial", "name": {"ja": "試験", "en": "Trial"}, "attribute": "shinpi", "power": 2,
                        "text": {"ja": "試験", "en": "Trial"}}


def card(**extra: Any) -> dict[str, Any]:
    return {**BASE, **extra}


def test_the_vocabulary_has_every_operation_of_the_cards_document() -> None:
    assert sorted(VOCABULARY.ops) == sorted(["onslaught", "ja", "ca", "cancel", "strengthen", "weaken", "destroy",
                                             "ready", "gain_threads", "lose_threads", "draw"])


def test_builtin_pool_groups_effects_by_timing() -> None:
    game = DestinyGame()
    assert len(game.pool) >= 36
    ward = game.pool["mirror_ward"]
    assert [e.op for e in ward.groups[RESPONSE]] == ["cancel", "draw"] and not ward.has(MAIN)
    phantom = game.pool["great_forecaster_phantom"]
    assert phantom.has(ATTACK) and phantom.has(RESPONSE) and not phantom.has(BATTLE)
    assert game.pool["thunder_fan"].choices[BATTLE] == (0, 1)
    assert game.pool.tables["war_cry"]["name"]["en"] == "War Cry"
    assert game.cards.card_tables(["war_cry"])["war_cry"]["power"] == 1


@pytest.mark.parametrize(("extra", "field", "message"), [
    ({"attribute": "fire"}, "attribute", "must be one of"),
    ({"power": 7}, "power", "at most 6"),
    ({"colour": "red"}, "colour", "not a known field"),
    ({"effects": [{"on": "main", "op": "explode"}]}, "effects[0].op", "unknown operation 'explode'"),
    ({"effects": [{"on": "battle", "op": "cancel"}]}, "effects[0].on", "cannot be used with trigger"),
    ({"effects": [{"on": "main", "op": "draw"}]}, "effects[0].n", "is missing"),
    ({"effects": [{"on": "main", "op": "draw", "n": 9}]}, "effects[0].n", "at most 6"),
    ({"effects": [{"on": "main", "op": "weaken", "n": 1, "target": "everyone"}]}, "effects[0].target",
     "must be one of"),
    ({"effects": [{"on": "main", "op": "weaken", "n": 1, "target": "self"}]}, "effects[0].target", "only in attack"),
    ({"effects": [{"on": "response", "op": "draw", "n": 1}, {"on": "response", "op": "cancel"}]},
     "effects[0].op", "must start with 'cancel'"),
    ({"effects": [{"on": "main", "op": "draw", "n": 1, "amount": 2}]}, "effects[0].amount", "not a parameter"),
])
def test_content_errors_name_file_card_and_field(extra: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(ContentError, match=message) as info:
        load_pool(tables={"trial": card(**extra)})
    assert (info.value.file, info.value.card, info.value.field) == ("<record>", "trial", field)


def test_missing_language_is_an_error() -> None:
    with pytest.raises(ContentError) as info:
        load_pool(tables={"trial": card(name={"ja": "試験"})})
    assert info.value.field == "name.en"


def test_extra_card_files_load_after_the_builtins(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[[cards]]\nid = "my_owl"\nname.ja = "私の梟"\nname.en = "My Owl"\nattribute = "shinpi"\n'
                    'power = 2\ntext.ja = "【メイン】カードを１枚引く。"\ntext.en = "[Main] Draw 1 card."\n'
                    '[[cards.effects]]\non = "main"\nop = "draw"\nn = 1\n', encoding="utf-8")
    game = load_game("destiny", card_paths=[tmp_path])
    assert game.pool["my_owl"].power == 2 and game.pool.find("私の梟") is not None
    assert game.pool.sources["my_owl"] == str(path)
    dup = tmp_path / "dup.toml"
    dup.write_text(path.read_text(encoding="utf-8").replace("my_owl", "war_cry").replace("私の梟", "別名")
                   .replace("My Owl", "Other"), encoding="utf-8")
    with pytest.raises(ContentError, match="duplicate id"):
        DestinyGame(card_paths=[dup])
    bad = tmp_path / "bad.toml"
    bad.write_text("[[cards]]\nid = 'x'\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        DestinyGame(card_paths=[bad])
    assert info.value.file == str(bad) and info.value.card == "x"


def test_record_tables_replace_builtin_cards() -> None:
    table = dict(DestinyGame().pool.tables["war_cry"])
    table["power"] = 3
    game = DestinyGame(tables={"war_cry": table})
    assert game.pool["war_cry"].power == 3 and game.pool.tables["war_cry"]["power"] == 3
    with pytest.raises(ContentError, match="filed under"):
        DestinyGame(tables={"other": table})


def test_starter_decks_are_legal() -> None:
    game = DestinyGame()
    assert sorted(game.cards.starter_decks()) == ["formula_festival", "mystery_festival", "omnipotent_festival",
                                            "spirit_festival"]
    for name in game.cards.starter_decks():
        deck = game.cards.starter_deck(name)
        assert len(deck.all_cards()) == 30
        game.check_deck(deck)
