"""Content tests for the 詠唱 Chant card pool and starter decks.

They read the shipped TOML and deck files directly (no engine import) and check them
against the card schema of ``docs/rules/chant-cards.md`` and the numbered rules of
``docs/rules/chant.md`` (1.5 deck construction, 8 sample cards and power guideline).
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "grimoire" / "games" / "chant" / "data"
CARD_FILES = sorted((DATA / "cards").glob("*.toml"))
DECK_FILES = sorted((DATA / "decks").glob("*.txt"))

Card = dict[str, Any]

ATTRIBUTES = {"science", "fantasy", "matter", "spirit"}
KINDS = {"library", "forbidden"}
TRIGGERS = {"chant_start", "static", "activate", "c_phase", "leave", "end_phase"}
CARD_KEYS = {
    "id", "kind", "name", "ruby", "attribute", "chant", "power", "required",
    "text", "flavor", "effects", "timing",
}
# op -> (required parameters, optional parameters), from chant-cards.md
OPS: dict[str, tuple[set[str], set[str]]] = {
    "draw": ({"n"}, set()),
    "damage": ({"n", "to"}, set()),
    "gain_life": ({"n"}, set()),
    "pay_life": ({"n"}, set()),
    "advance": ({"n", "target"}, {"filter"}),
    "rewind": ({"n", "target"}, {"filter"}),
    "pay_life_advance_self": ({"max"}, set()),
    "reveal_pick": ({"n"}, set()),
    "tutor_chant": ({"card"}, set()),
    "power_per_blank_name": ({"names"}, {"n"}),
    "power_mod": ({"n", "filter"}, set()),
    "discard": ({"n"}, set()),
}
TARGETS = {"self", "choose", "all"}
DAMAGE_TO = {"opponent", "self", "both"}
FILTER_VALUES = {
    "owner": {"own", "opponent", "any"},
    "attribute": ATTRIBUTES,
    "state": {"chanting", "ready", "any"},
}
FIRE_NAMES = ["火球", "火焔球", "煉獄球"]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load_cards() -> list[tuple[str, Card]]:
    """Every card of every shipped file, with the file name it came from."""
    cards: list[tuple[str, Card]] = []
    for path in CARD_FILES:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        assert set(data) == {"cards"}, f"{path.name}: top level must be [[cards]] only"
        cards.extend((path.name, card) for card in data["cards"])
    return cards


CARDS = [card for _, card in load_cards()]
BY_ID = {card["id"]: card for card in CARDS}
LIBRARY = [c for c in CARDS if c["kind"] == "library"]
FORBIDDEN = [c for c in CARDS if c["kind"] == "forbidden"]


def card_label(card: Card) -> str:
    return f"{card.get('id')} ({card.get('name', {}).get('ja')})"


def lookup(name: str) -> Card | None:
    """Find a card by Japanese name, English name or id, as the deck format allows."""
    low = name.casefold()
    for card in CARDS:
        if name == card["name"]["ja"] or low in (card["name"]["en"].casefold(), card["id"]):
            return card
    return None


def parse_deck(text: str) -> tuple[str | None, Counter[str], Counter[str]]:
    """Parse the plain-text deck format into (name, library ids, forbidden ids)."""
    name: str | None = None
    sections: dict[str, Counter[str]] = {"library": Counter(), "forbidden": Counter()}
    current = "library"
    headers = {"[library]": "library", "[書庫]": "library",
               "[forbidden]": "forbidden", "[禁書]": "forbidden"}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("name:"):
            name = line.removeprefix("name:").strip()
            continue
        if line in headers:
            current = headers[line]
            continue
        match = re.fullmatch(r"(\d+)\s+(.+)", line)
        assert match, f"line {lineno}: expected '<count> <card>', got {raw!r}"
        card = lookup(match.group(2).strip())
        assert card is not None, f"line {lineno}: unknown card {match.group(2)!r}"
        sections[current][card["id"]] += int(match.group(1))
    return name, sections["library"], sections["forbidden"]


def has_drawback(card: Card) -> bool:
    """A drawback always costs the owner (8.5): life paid, self/both damage, discard, rewinding the
    owner's own cards (or every card), advancing the opponent's (or every card); what the owner may
    decline (a C-phase ability) and a target picked on either side are not drawbacks."""
    for eff in card.get("effects", []):
        if eff.get("on") == "c_phase":
            continue
        op, target = eff["op"], eff.get("target")
        owner = eff.get("filter", {}).get("owner", "own")
        if op in {"pay_life", "discard"}:
            return True
        if op == "damage" and eff["to"] in {"self", "both"}:
            return True
        if op == "rewind" and (target == "self" or owner == "own" or (owner == "any" and target == "all")):
            return True
        if op == "advance" and target != "self" and (owner == "opponent" or (owner == "any" and target == "all")):
            return True
    return False


# ------------------------------------------------------------------ schema


def test_card_files_exist_and_parse() -> None:
    names = {p.name for p in CARD_FILES}
    assert {"seed.toml", "science.toml", "fantasy.toml", "matter.toml",
            "spirit.toml", "forbidden.toml"} <= names
    assert all(load_cards())


@pytest.mark.parametrize("card", CARDS, ids=lambda c: str(c.get("id")))
def test_card_has_required_fields_with_valid_values(card: Card) -> None:
    label = card_label(card)
    assert set(card) <= CARD_KEYS, f"{label}: unknown keys {set(card) - CARD_KEYS}"
    assert isinstance(card["id"], str) and re.fullmatch(r"[a-z0-9_]+", card["id"]), label
    assert card["kind"] in KINDS, label
    assert set(card["name"]) == {"ja", "en"}, label
    assert all(isinstance(v, str) and v.strip() for v in card["name"].values()), label
    assert card["attribute"] in ATTRIBUTES, label
    assert _is_int(card["chant"]) and 0 <= card["chant"] <= 20, label
    if "power" in card:
        assert _is_int(card["power"]) and card["power"] >= 0, label
    if card["kind"] == "forbidden":
        assert _is_int(card.get("required")) and card["required"] >= 1, label
    else:
        assert "required" not in card, f"{label}: only forbidden books have required"
    if "text" in card:  # optional: the rules text is generated from the effects (`grimoire cards check`)
        assert set(card["text"]) == {"ja", "en"}, label
        assert all(isinstance(v, str) and v.strip() for v in card["text"].values()), label
    if "flavor" in card:
        assert set(card["flavor"]) <= {"ja", "en"}, label
    if "ruby" in card:
        assert isinstance(card["ruby"], str) and card["ruby"].strip(), label


def test_ids_and_names_unique() -> None:
    for key in ("id",):
        counts = Counter(card[key] for card in CARDS)
        assert [k for k, n in counts.items() if n > 1] == []
    for lang in ("ja", "en"):
        counts = Counter(card["name"][lang] for card in CARDS)
        assert [k for k, n in counts.items() if n > 1] == []


@pytest.mark.parametrize("card", CARDS, ids=lambda c: str(c.get("id")))
def test_effects_use_the_vocabulary_with_its_parameters(card: Card) -> None:
    label = card_label(card)
    effects = card.get("effects", [])
    assert isinstance(effects, list), label
    assert sum(1 for e in effects if e["on"] == "c_phase") <= 1, f"{label}: one C-phase ability"
    for eff in effects:
        assert eff.get("on") in TRIGGERS, f"{label}: trigger {eff.get('on')!r}"
        assert eff.get("op") in OPS, f"{label}: op {eff.get('op')!r}"
        required, optional = OPS[eff["op"]]
        params = set(eff) - {"on", "op"}
        if eff["on"] == "c_phase" and "cost_life" in params:
            assert _is_int(eff["cost_life"]) and eff["cost_life"] >= 1, label
            params.discard("cost_life")
        assert required <= params, f"{label}: {eff['op']} lacks {required - params}"
        extra = params - required - optional
        assert not extra, f"{label}: {eff['op']} has unknown parameters {extra}"
        if "n" in eff:
            assert _is_int(eff["n"]), label
            assert eff["n"] != 0 if eff["op"] == "power_mod" else eff["n"] >= 1, label
        if eff["op"] == "power_mod":
            assert eff["on"] == "static", f"{label}: power_mod is static only"
        if eff["op"] == "damage":
            assert eff["to"] in DAMAGE_TO, label
        if eff["op"] in {"advance", "rewind"}:
            assert eff["target"] in TARGETS, label
        if "filter" in eff:
            flt = eff["filter"]
            assert isinstance(flt, dict) and set(flt) <= set(FILTER_VALUES), label
            for key, value in flt.items():
                assert value in FILTER_VALUES[key], f"{label}: filter {key}={value!r}"
        if eff["op"] == "pay_life_advance_self":
            assert _is_int(eff["max"]) and eff["max"] >= 1, label
        if eff["op"] == "tutor_chant":
            target = BY_ID.get(eff["card"])
            assert target is not None and target["kind"] == "library", label
        if eff["op"] == "power_per_blank_name":
            assert eff["names"] and all(isinstance(n, str) and n for n in eff["names"]), label
            assert "power" in card, f"{label}: a power bonus needs a power"


@functools.cache
def _pool() -> Any:
    from grimoire.games.chant.cards import load_pool

    return load_pool()


def shown_text(card: Card) -> dict[str, str]:
    """The rules text a card shows: generated from its effects (see tests/cards)."""
    shown = _pool()[card["id"]].text
    return {"ja": shown.ja, "en": shown.en}


@pytest.mark.parametrize("card", CARDS, ids=lambda c: str(c.get("id")))
def test_rules_text_matches_whether_card_has_effects(card: Card) -> None:
    no_effects = not card.get("effects") and card.get("timing", "a_phase") == "a_phase"
    text = shown_text(card)
    assert (text["ja"] == "効果なし。") == no_effects, card_label(card)
    assert (text["en"] == "No effects.") == no_effects, card_label(card)


def test_pool_uses_every_trigger_and_operation() -> None:
    effects = [eff for card in CARDS for eff in card.get("effects", [])]
    assert {eff["on"] for eff in effects} == TRIGGERS
    assert {eff["op"] for eff in effects} == set(OPS)
    for op in ("advance", "rewind"):
        assert {eff["target"] for eff in effects if eff["op"] == op} >= (
            TARGETS if op == "advance" else {"choose", "all"})
    assert any(eff["on"] == "c_phase" and "cost_life" in eff for eff in effects)
    assert any(eff["op"] == "advance" and "attribute" in eff.get("filter", {})
               for eff in effects)


def test_rule_3_4_shipped_cards_use_every_activation_timing() -> None:
    timings = Counter(card.get("timing", "a_phase") for card in CARDS)
    assert set(timings) == {"a_phase", "c_phase", "a_and_c_phase", "end_phase", "counter"}
    assert sum(n for t, n in timings.items() if t != "a_phase") >= 3
    # the seed's sample cards and every older card keep the A phase
    assert all(BY_ID[c].get("timing", "a_phase") == "a_phase"
               for c in ("fireball", "unfinished_thesis", "heavenly_conflagration", "ice_lance"))


# ------------------------------------------------------------------ pool shape


def test_pool_size_attributes_and_chant_values() -> None:
    assert len(LIBRARY) >= 40
    assert len(FORBIDDEN) >= 8
    per_attribute = Counter(card["attribute"] for card in LIBRARY)
    assert all(per_attribute[a] >= 8 for a in ATTRIBUTES), per_attribute
    assert {card["chant"] for card in LIBRARY} >= set(range(11))


@pytest.mark.parametrize("card", LIBRARY, ids=lambda c: str(c["id"]))
def test_rule_8_5_power_guideline(card: Card) -> None:
    chant, power = card["chant"], card.get("power")
    label = card_label(card)
    if power is None:
        return  # support cards are allowed at every chant value
    if chant <= 1:
        assert power == 1 and has_drawback(card), f"{label}: chant 0-1 power 1 needs a drawback"
    elif chant <= 4:
        assert 1 <= power <= 2, label
    elif chant <= 9:
        assert 3 <= power <= 6, label
    else:
        assert 1 <= power <= 10, label


@pytest.mark.parametrize("card", FORBIDDEN, ids=lambda c: str(c["id"]))
def test_forbidden_books_within_common_sense(card: Card) -> None:
    assert 5 <= card["chant"] <= 12, card_label(card)
    assert 2 <= card["required"] <= 4, card_label(card)
    assert card.get("power", 0) <= 12, card_label(card)


# ------------------------------------------------------------------ the seed's cards


def test_rule_8_1_fireball_as_printed() -> None:
    card = BY_ID["fireball"]
    assert (card["kind"], card["name"]["ja"], card["ruby"], card["attribute"],
            card["chant"], card["power"]) == (
        "library", "火球", "ファイアー・ボール", "fantasy", 2, 1)
    assert card.get("effects", []) == []
    assert "火の玉が当たったら大ケガするに決まってんだろ！" in card["flavor"]["ja"]


def test_rule_8_2_unfinished_thesis_as_printed() -> None:
    card = BY_ID["unfinished_thesis"]
    assert (card["kind"], card["name"]["ja"], card["attribute"], card["chant"]) == (
        "library", "書きかけの魔術研究論文", "fantasy", 4)
    assert "power" not in card
    assert card["effects"] == [{"on": "activate", "op": "reveal_pick", "n": 3}]
    assert "寝不足で憤る元気もない魔術師" in card["flavor"]["ja"]


def test_rule_8_3_heavenly_conflagration_as_printed() -> None:
    card = BY_ID["heavenly_conflagration"]
    assert (card["kind"], card["name"]["ja"], card["attribute"], card["chant"],
            card["power"], card["required"]) == (
        "forbidden", "天上の劫火", "fantasy", 6, 8, 3)
    assert card["effects"] == [
        {"on": "chant_start", "op": "pay_life_advance_self", "max": 6},
        {"on": "activate", "op": "power_per_blank_name", "names": FIRE_NAMES},
        {"on": "leave", "op": "damage", "n": 1, "to": "both"},
    ]
    assert "地上に熾きた神の焔" in card["flavor"]["ja"]


def test_rule_8_4_fire_family_exists() -> None:
    by_ja = {card["name"]["ja"]: card for card in CARDS}
    for name in FIRE_NAMES:
        assert by_ja[name]["kind"] == "library" and by_ja[name]["attribute"] == "fantasy"
    assert (by_ja["火焔球"]["chant"], by_ja["火焔球"]["power"]) == (4, 2)
    assert (by_ja["煉獄球"]["chant"], by_ja["煉獄球"]["power"]) == (7, 5)
    assert has_drawback(by_ja["煉獄球"])
    tutors = [e for c in CARDS for e in c.get("effects", []) if e["op"] == "tutor_chant"]
    assert {"on": "activate", "op": "tutor_chant", "card": "fireball"} in tutors


# ------------------------------------------------------------------ starter decks


def test_four_starter_decks_exist() -> None:
    assert {p.name for p in DECK_FILES} >= {"fire.txt", "science.txt", "matter.txt",
                                           "spirit.txt"}


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.stem)
def test_rule_1_5_starter_deck_is_legal(path: Path) -> None:
    name, library, forbidden = parse_deck(path.read_text(encoding="utf-8"))
    assert name, f"{path.name}: missing 'name:' line"
    assert sum(library.values()) == 40, f"{path.name}: library has {sum(library.values())}"
    assert max(library.values()) <= 3, path.name
    assert all(BY_ID[i]["kind"] == "library" for i in library), path.name
    assert len(forbidden) <= 5 and set(forbidden.values()) <= {1}, path.name  # 0 to 5, no two of a name (1.5.3)
    assert all(BY_ID[i]["kind"] == "forbidden" for i in forbidden), path.name


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.stem)
def test_rule_3_2_2_starter_deck_can_place_its_books(path: Path) -> None:
    """Every book can be placed on cheap (chant <= 4) ready cards of the deck."""
    _, library, forbidden = parse_deck(path.read_text(encoding="utf-8"))
    cheap = sorted((BY_ID[i]["chant"] for i, n in library.items() for _ in range(n)
                    if BY_ID[i]["chant"] <= 4), reverse=True)
    assert sum(1 for c in cheap if c <= 3) >= 15, f"{path.name}: curve too heavy"
    for book_id in forbidden:
        book = BY_ID[book_id]
        best = cheap[: book["required"]]
        assert sum(best) >= book["chant"], f"{path.name}: {book_id} hard to place"


def test_fire_deck_feeds_heavenly_conflagration_when_added() -> None:
    """The fire starter holds every fire name 天上の劫火 counts (8.3.2) and, with the book in
    place of one of its own, still builds (1.5.3) and can place it on cheap cards (3.2.2)."""
    _, library, forbidden = parse_deck((DATA / "decks" / "fire.txt").read_text("utf-8"))
    book = BY_ID["heavenly_conflagration"]
    fire_names = {c["id"] for c in BY_ID.values() if c["kind"] == "library"
                  and any(n in c["name"]["ja"] for n in ("火球", "火焔球", "煉獄球"))}
    assert fire_names == {"fireball", "fireball_primer", "flame_sphere", "purgatory_sphere"}
    assert fire_names <= set(library)
    swapped = set(forbidden) - {sorted(forbidden)[0]} | {"heavenly_conflagration"}
    assert len(swapped) == len(forbidden) <= 5
    cheap = sorted((BY_ID[i]["chant"] for i, n in library.items() for _ in range(n) if BY_ID[i]["chant"] <= 4),
                   reverse=True)
    assert sum(cheap[: book["required"]]) >= book["chant"]


def test_deck_parser_accepts_the_documented_format() -> None:
    text = ("# comment\nname: 炎の書 / Fire\n\n[library]   # or [書庫]\n3 火球\n2 fireball\n"
            "1 Flame Sphere\n[禁書]\n1 天上の劫火\n")
    name, library, forbidden = parse_deck(text)
    assert name == "炎の書 / Fire"
    assert library == Counter({"fireball": 5, "flame_sphere": 1})
    assert forbidden == Counter({"heavenly_conflagration": 1})
