"""Loading card files: validation errors name the file, the card and the field (chant-cards.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.core.errors import ContentError
from grimoire.games.chant import ChantGame
from grimoire.games.chant.cards import REGISTRY, load_pool

CARD = '''
[[cards]]
id = "{id}"
kind = "library"
name.ja = "{ja}"
name.en = "{en}"
attribute = "fantasy"
chant = 3
text.ja = "テスト。"
text.en = "Test."
{extra}
'''


def write(tmp_path: Path, name: str, *cards: str) -> Path:
    path = tmp_path / name
    path.write_text("".join(cards), encoding="utf-8")
    return path


def card(cid: str = "my_card", ja: str = "私のカード", en: str = "My Card", extra: str = "") -> str:
    return CARD.format(id=cid, ja=ja, en=en, extra=extra)


def test_builtin_pool_loads_with_raw_tables() -> None:
    game = ChantGame()
    assert len(game.pool) >= 50 and set(game.pool.tables) == set(game.pool.by_id)
    assert game.pool.tables["fireball"]["name"] == {"ja": "火球", "en": "Fireball"}
    assert sorted(REGISTRY.ops) == sorted(["draw", "damage", "gain_life", "pay_life", "advance", "rewind",
                                           "pay_life_advance_self", "reveal_pick", "tutor_chant",
                                           "power_per_blank_name", "power_mod", "discard"])


def test_extra_card_files_and_folders(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.toml", card(extra='[[cards.effects]]\non = "activate"\nop = "draw"\nn = 2\n'))
    for source in (path, tmp_path):
        game = ChantGame(card_paths=[source])
        assert game.pool["my_card"].effects[0].params["n"] == 2
        assert game.pool.find("私のカード") is not None


@pytest.mark.parametrize(("extra", "field", "message"), [
    ('[[cards.effects]]\non = "activate"\nop = "drow"\n', "effects[0].op", "unknown operation"),
    ('[[cards.effects]]\non = "activate"\nop = "draw"\n', "effects[0].n", "missing"),
    ('[[cards.effects]]\non = "activate"\nop = "draw"\nn = 0\n', "effects[0].n", "at least 1"),
    ('[[cards.effects]]\non = "activate"\nop = "damage"\nn = 1\nto = "everyone"\n', "effects[0].to", "one of"),
    ('[[cards.effects]]\non = "activate"\nop = "advance"\nn = 1\ntarget = "choose"\nfilter = {owner = "mine"}\n',
     "effects[0].filter", "owner"),
    ('[[cards.effects]]\non = "activate"\nop = "power_mod"\nn = 1\n', "effects[0].on", "static"),
    ('[[cards.effects]]\non = "static"\nop = "power_mod"\nn = 0\n', "effects[0].n", "not be 0"),
    ('[[cards.effects]]\non = "activate"\nop = "draw"\nn = 1\ncost_life = 1\n', "effects[0].cost_life",
     "not a parameter"),
    ('[[cards.effects]]\non = "activate"\nop = "power_per_blank_name"\nnames = ["火"]\n', "effects[0].op",
     "needs a card with power"),
    ('[[cards.effects]]\non = "activate"\nop = "tutor_chant"\ncard = "nothing"\n', "effects[0].card",
     "not a library card"),
    ('colour = "red"\n', "colour", "not a known field"),
    ('power = -1\n', "power", "at least 0"),
])
def test_errors_name_file_card_and_field(tmp_path: Path, extra: str, field: str, message: str) -> None:
    path = write(tmp_path, "bad.toml", card(extra=extra))
    with pytest.raises(ContentError) as info:
        ChantGame(card_paths=[path])
    assert info.value.file == str(path) and info.value.card == "my_card" and info.value.field == field
    assert message in str(info.value)


def test_duplicate_ids_and_names_are_errors(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="duplicate id"):
        ChantGame(card_paths=[write(tmp_path, "a.toml", card(cid="fireball"))])
    with pytest.raises(ContentError, match="already used"):
        ChantGame(card_paths=[write(tmp_path, "b.toml", card(ja="火球"))])


def test_c_phase_cost_and_record_tables_replace_builtins() -> None:
    table = dict(ChantGame().pool.tables["fireball"])
    table["power"] = 2
    game = ChantGame(tables={"fireball": table})
    assert game.pool["fireball"].power == 2 and game.pool.tables["fireball"]["power"] == 2
    assert game.pool["mana_crystal"].cost == 1 and game.pool["overclock"].cost == 2
    with pytest.raises(ContentError, match="filed under"):
        load_pool(tables={"other": table})


def test_not_toml_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="not valid TOML"):
        ChantGame(card_paths=[write(tmp_path, "x.toml", "[[cards]\n")])
    with pytest.raises(ContentError, match="no such file"):
        ChantGame(card_paths=[tmp_path / "missing.toml"])
