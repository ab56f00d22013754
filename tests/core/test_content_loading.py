"""Card tables and effect validation: errors name the file, the card and the field."""

from pathlib import Path

import pytest

from grimoire.core.content import Localized, TableReader, card_files, read_card_tables
from grimoire.core.effects import Frame, OpRegistry, OpSpec, Param
from grimoire.core.errors import ContentError
from grimoire.core.pool import CardPool


def test_reader_reports_file_card_and_field() -> None:
    r = TableReader("cards.toml", {"id": "fireball", "chant": "two"})
    with pytest.raises(ContentError) as info:
        r.int("chant")
    assert str(info.value) == "cards.toml: card 'fireball': field 'chant': must be an integer, got 'two'"


def test_reader_requires_both_languages() -> None:
    r = TableReader("c.toml", {"id": "x", "name": {"ja": "火球"}})
    with pytest.raises(ContentError, match="field 'name.en': is missing or empty"):
        r.text("name")


def test_reader_rejects_unknown_fields() -> None:
    r = TableReader("c.toml", {"id": "x", "powr": 3})
    r.slug("id")
    with pytest.raises(ContentError, match="field 'powr': is not a known field"):
        r.finish()


def test_slug_rejects_non_ascii_ids() -> None:
    with pytest.raises(ContentError, match="lowercase ASCII"):
        TableReader("c.toml", {"id": "火球"}).slug("id")


def test_bad_toml_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[[cards]]\nid = \n", encoding="utf-8")
    with pytest.raises(ContentError, match="bad.toml: not valid TOML"):
        read_card_tables(bad)


def test_folder_expands_to_sorted_toml_files(tmp_path: Path) -> None:
    for name in ("b.toml", "a.toml", "notes.txt"):
        (tmp_path / name).write_text("", encoding="utf-8")
    assert [p.name for p in card_files([tmp_path])] == ["a.toml", "b.toml"]
    with pytest.raises(ContentError, match="no such file"):
        card_files([tmp_path / "missing"])


REG = OpRegistry(("activate", "leave"))
REG.add(OpSpec("damage", {"n": Param("int", minimum=1),
                          "to": Param("str", required=False, default="opponent", choices=("opponent", "self"))}))
REG.add(OpSpec("advance", {"n": Param("int"), "filter": Param("table", required=False, default={},
                                                              keys={"owner": ("own", "opponent")})}))


def test_effect_defaults_and_values() -> None:
    eff = REG.validate("f.toml", "c", 0, {"on": "leave", "op": "damage", "n": 1})
    assert (eff.on, eff.op, eff.params) == ("leave", "damage", {"n": 1, "to": "opponent"})


@pytest.mark.parametrize(("table", "fragment"), [
    ({"on": "leave", "op": "damage"}, "field 'effects[2].n': is missing"),
    ({"on": "leave", "op": "damage", "n": 0}, "field 'effects[2].n': must be at least 1"),
    ({"on": "leave", "op": "damage", "n": 1, "to": "both"}, "must be one of opponent, self"),
    ({"on": "never", "op": "damage", "n": 1}, "field 'effects[2].on': operation 'damage' cannot be used"),
    ({"on": "leave", "op": "damage", "n": 1, "amount": 2}, "field 'effects[2].amount': is not a parameter"),
    ({"on": "leave", "op": "advance", "n": 1, "filter": {"owner": "all"}}, "key 'owner' must be one of own"),
])
def test_effect_errors(table: dict[str, object], fragment: str) -> None:
    with pytest.raises(ContentError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
        REG.validate("f.toml", "card", 2, table)


def test_frame_clone_and_json() -> None:
    f = Frame(0, 3, 1, "fireball", 0, 2, [5, 6])
    g = f.clone()
    g.regs.append(7)
    assert f.regs == [5, 6]
    assert Frame.from_json(f.to_json()) == f


class _Card:
    def __init__(self, cid: str, ja: str, en: str) -> None:
        self.id = cid
        self.name = Localized(ja, en)


def test_pool_rejects_duplicate_ids_and_names() -> None:
    pool: CardPool[_Card] = CardPool([_Card("a", "火球", "Fireball")])
    with pytest.raises(ContentError, match="duplicate id"):
        pool.add(_Card("a", "別", "Other"), "x.toml")
    with pytest.raises(ContentError, match="name is already used by card 'a'"):
        pool.add(_Card("b", "火球", "Fire ball 2"), "x.toml")
    assert pool.find("ｆｉｒｅｂａｌｌ") is pool["a"]  # full-width input folds
