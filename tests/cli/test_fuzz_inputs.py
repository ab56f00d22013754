"""Property-based fuzzing of the three parsers people feed files to: deck lists, card TOML, game records.

Whatever the bytes, each parser either accepts them or raises its one-line error
(:class:`DeckError`, :class:`ContentError`, :class:`RecordError` — all GrimoireError);
never anything else, and the command line turns that into exit code 2 without a
traceback. Hypothesis runs derandomized, so CI sees the same examples every time.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grimoire.cli.main import run
from grimoire.core.content import read_card_tables
from grimoire.core.errors import GrimoireError
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import verify
from grimoire.games.chant.cards import load_pool as chant_pool
from grimoire.games.destiny.cards import load_pool as destiny_pool

FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
GAMES = {"chant": load_game("chant"), "destiny": load_game("destiny")}
POOLS = {"chant": chant_pool, "destiny": destiny_pool}

names = st.sampled_from(["火球", "Fireball", "fireball", "深呼吸", "狐火", "fox_fire", "x", "\x1b[2J", "名前"])
deck_lines = st.one_of(
    st.builds(lambda n, c: f"{n} {c}", st.integers(-5, 10**30), names),
    st.sampled_from(["[書庫]", "[禁書]", "[main]", "[nowhere]", "name: 炎\x1b[31m", "#", "", "3", "three 火球"]),
    st.text(max_size=40),
)
deck_texts = st.one_of(st.lists(deck_lines, max_size=30).map("\n".join), st.text(max_size=400))


@FUZZ
@given(game=st.sampled_from(sorted(GAMES)), text=deck_texts)
def test_a_deck_list_is_accepted_or_refused_with_a_deck_error(game, text):
    try:
        deck = GAMES[game].cards.deck_from_text(text, "fuzz")
    except GrimoireError as exc:
        assert "\n" not in str(exc).strip() or "\n" in text
    else:
        assert "\x1b" not in deck.name


toml_values = st.recursive(
    st.one_of(st.integers(-(10**40), 10**40), st.floats(allow_nan=True), st.booleans(), st.text(max_size=20)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text("abcjaen_", min_size=1,
                                                                                  max_size=6), inner, max_size=4)),
    max_leaves=12,
)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(str(value), repr(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + "}"


card_fields = st.dictionaries(
    st.sampled_from(["id", "name", "kind", "attribute", "chant", "power", "text", "effects", "cost", "lucky",
                     "copies", "zzz"]), toml_values, max_size=8)
card_files = st.one_of(
    st.lists(card_fields, max_size=3).map(lambda cards: "".join(
        "[[cards]]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in card.items()) for card in cards)),
    st.text(max_size=300),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
    st.integers(1, 3000).map(lambda n: "[[cards]]\nx = " + "[" * n + "]" * n + "\n"),
    st.integers(4000, 6000).map(lambda n: "[[cards]]\npower = " + "9" * n + "\n"),
)


@FUZZ
@given(game=st.sampled_from(sorted(GAMES)), text=card_files)
def test_a_card_file_is_accepted_or_refused_with_a_content_error(tmp_path_factory, game, text):
    path = tmp_path_factory.mktemp("cards") / "fuzz.toml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        read_card_tables(path)
        POOLS[game]([path])
    except GrimoireError:
        pass


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False), st.text(max_size=10)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=10,
)
RECORD_FIELDS = ("format", "game", "ruleset_version", "options", "decks", "seed", "chance", "answers", "checks",
                 "outcome", "cards", "meta")


def _base_record() -> dict[str, Any]:
    from grimoire.core.game import Setup
    from grimoire.core.match import Match

    game = GAMES["chant"]
    deck = game.cards.starter_deck("fire")
    match: Match[Any] = Match(game, Setup((deck, deck), game.options(), seed=4))
    for _ in range(6):
        assert match.decision is not None
        match.answer(match.decision.options[0].id)
    data: dict[str, Any] = match.record().to_json()
    return data


BASE = _base_record()


@FUZZ
@given(changes=st.dictionaries(st.sampled_from(RECORD_FIELDS), json_values, max_size=4),
       drop=st.sets(st.sampled_from(RECORD_FIELDS), max_size=2))
def test_a_record_is_read_and_verified_or_refused_with_a_record_error(tmp_path_factory, changes, drop):
    data = {k: v for k, v in {**BASE, **changes}.items() if k not in drop}
    path = tmp_path_factory.mktemp("rec") / "fuzz.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    try:
        record = GameRecord.load(path)
        verify(record)
    except GrimoireError:
        pass


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"format": "grimoire-record", "seed": ' + "9" * 5000 + "}",
    '{"format": "grimoire-record", "seed": Infinity}',
    "\xff\xfe not utf-8",
])
def test_the_replay_command_refuses_hostile_records_with_one_line_and_exit_2(tmp_path, capsys, text):
    path = tmp_path / "bad.json"
    path.write_bytes(text.encode("latin-1") if text.startswith("\xff") else text.encode())
    assert run(["replay", str(path), "--verify"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("grimoire: error:") and "Traceback" not in err


def test_names_with_terminal_escapes_are_printed_as_visible_symbols(tmp_path, capsys):
    starter = GAMES["chant"].cards.starter_decks()["fire"].read_text(encoding="utf-8").splitlines()
    body = [line for line in starter if not line.lower().startswith("name:")]
    deck = tmp_path / "evil.txt"
    deck.write_text("\n".join(["name: \x1b]0;pwned\x07\x1b[2J炎の書", *body]), encoding="utf-8")
    code = run(["deck", "check", str(deck), "--game", "chant"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "\x1b" not in out and "\x07" not in out and "␛[2J炎の書" in out


def test_a_fifo_or_device_is_refused_at_once_never_waited_on(tmp_path, capsys):
    import os

    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    for args in (["deck", "check", str(fifo)], ["replay", str(fifo)], ["deck", "check", "/dev/zero"],
                 ["sim", "chant", "-n", "1", "--decks", str(fifo), "fire"]):
        assert run(args) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not a regular file" in err, err


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("grimoire: error:") and "Traceback" not in err, err
    return err


def test_a_deck_count_of_thousands_of_digits_is_one_line_for_every_command(tmp_path, capsys):
    deck = tmp_path / "huge.txt"
    deck.write_text("name: 巨\n[書庫]\n" + "9" * 5000 + " 火球\n", encoding="utf-8")
    for args in (["deck", "check", str(deck), "--game", "chant"], ["sim", "chant", "-n", "1", "--decks", str(deck),
                                                                   "fire"]):
        assert run(args) == 2
        assert "is too large" in _one_line_error(capsys)


def test_a_record_card_table_with_a_null_id_is_refused_with_one_line(tmp_path, capsys):
    data = json.loads(json.dumps(BASE))
    data["cards"] = {"fireball": {"id": None, "kind": "library", "name": {"ja": "火球", "en": "Fireball"},
                                  "attribute": "fantasy", "chant": 2, "power": 1}}
    path = tmp_path / "null.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert run(["replay", str(path), "--verify"]) == 2
    assert "must not be null" in _one_line_error(capsys)


def test_a_card_file_key_of_thousands_of_dotted_parts_is_refused_before_parsing(tmp_path, capsys):
    path = tmp_path / "dots.toml"
    path.write_text('[[cards]]\nid = "x"\n' + "a" + ".a" * 50_000 + " = 1\n", encoding="utf-8")
    assert run(["cards", "check", str(path)]) == 2  # the parser alone would take minutes on this key
    assert "dotted parts" in _one_line_error(capsys)
