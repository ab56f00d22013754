"""Deck lists: parsing and validation errors that name the line and the rule."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire.core.decks import DeckRules, Section, build_deck, parse_deck_text, read_deck_file
from grimoire.core.errors import DeckError

RULES = DeckRules((
    Section("library", ("書庫",), exact=4, max_copies=3, kinds=("library",)),
    Section("forbidden", ("禁書",), maximum=2, max_copies=1, kinds=("forbidden",)),
))
CARDS = {"fireball": "library", "火球": "library", "scroll": "library", "book": "forbidden", "tome": "forbidden"}


def lookup(name: str) -> tuple[str, str] | None:
    key = "fireball" if name == "火球" else name
    return (key, CARDS[key]) if key in CARDS else None


def test_parses_sections_comments_and_aliases() -> None:
    text = "# my deck\nname: 炎の書\n3 火球\n1 scroll\n[禁書]\n1 book  # strong\n"
    deck = build_deck(parse_deck_text(text, rules=RULES), RULES, lookup)
    assert deck.name == "炎の書"
    assert deck.sections == {"library": ["fireball"] * 3 + ["scroll"], "forbidden": ["book"]}


def test_count_with_x_and_fullwidth_space() -> None:
    deck = build_deck(parse_deck_text("3x fireball\n1\u3000scroll\n", rules=RULES), RULES, lookup)
    assert deck.sections["library"] == ["fireball"] * 3 + ["scroll"]


@pytest.mark.parametrize(("text", "fragment"), [
    ("3 fireball\nfoo\n", ":2: expected '<count> <card name>'"),
    ("3 fireball\n1 nothing\n", ":2: unknown card 'nothing'"),
    ("3 fireball\n1 火球\n", ":2: '火球': 4 copies in library, at most 3 allowed"),
    ("3 fireball\n1 book\n", ":2: 'book' is a forbidden card and cannot be in the library section"),
    ("3 fireball\n1 scroll\n[forbidden]\n1 book\n1 book\n", ":5: 'book': 2 copies in forbidden, at most 1 allowed"),
    ("3 fireball\n", "library must have exactly 4 cards, has 3"),
    ("3 fireball\n1 scroll\n[sideboard]\n", ":3: unknown section [sideboard]"),
    ("0 fireball\n", ":1: count must be at least 1"),
])
def test_errors_name_line_and_rule(text: str, fragment: str) -> None:
    with pytest.raises(DeckError) as info:
        build_deck(parse_deck_text(text, "d.txt", rules=RULES), RULES, lookup)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


def test_forbidden_count_limit() -> None:
    rules = DeckRules((Section("library", exact=1, kinds=("library",)),
                       Section("forbidden", maximum=1, max_copies=1, kinds=("forbidden",))))
    with pytest.raises(DeckError, match="forbidden may have at most 1 cards, has 2"):
        build_deck(parse_deck_text("1 scroll\n[forbidden]\n1 book\n1 tome\n", rules=rules), rules, lookup)


def test_missing_file_is_a_deck_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DeckError, match="cannot read deck file"):
        read_deck_file(tmp_path / "none.txt", RULES)


@given(st.text(max_size=200))
def test_any_text_parses_or_raises_deck_error(text: str) -> None:
    try:
        build_deck(parse_deck_text(text, rules=RULES), RULES, lookup)
    except DeckError as exc:
        assert "\n" not in str(exc)
