"""Content checks for the shipped 運命予報祭 (Destiny Saga) cards and starter decks.

The card files are read with ``tomllib`` directly and checked against the schema and
the effect vocabulary of ``docs/rules/destiny-cards.md``; rule numbers refer to
``docs/rules/destiny.md``.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "grimoire" / "games" / "destiny" / "data"
CARDS_DIR = DATA / "cards"
DECKS_DIR = DATA / "decks"
CARDS_DOC = ROOT / "docs" / "rules" / "destiny-cards.md"

ATTRIBUTES = {"kiryoku": "気魄", "jutsushiki": "術式", "shinpi": "神秘", "zenno": "全能"}
TIMINGS = ("main", "battle", "response", "attack")
LABELS = {
    "main": ("【メイン】", "[Main]"),
    "battle": ("【バトル】", "[Battle]"),
    "response": ("【応答】", "[Response]"),
    "attack": ("【攻撃】", "[Attack]"),
}
TARGETS = ("own_user", "opponent_user", "any_user", "self")
ABILITIES = ("chimyaku_houki", "chimyaku_kijutsu", "chimyaku_kanchi", "chimyaku_no_hako")
ABILITY_ATTRIBUTE = dict(zip(ABILITIES, ATTRIBUTES, strict=True))

# op -> (timings it may appear under, required parameters, optional parameters)
OPS: dict[str, tuple[tuple[str, ...], frozenset[str], frozenset[str]]] = {
    "onslaught": (("attack",), frozenset({"n"}), frozenset()),
    "ja": (("attack",), frozenset(), frozenset()),
    "ca": (("attack",), frozenset({"n"}), frozenset()),
    "cancel": (("response",), frozenset(), frozenset()),
    "strengthen": (("main", "battle", "attack"), frozenset({"n", "target"}), frozenset({"attribute"})),
    "weaken": (("main", "battle", "attack"), frozenset({"n", "target"}), frozenset({"attribute"})),
    "destroy": (("main", "battle", "attack"), frozenset({"n", "target"}), frozenset({"attribute"})),
    "ready": (("main", "battle"), frozenset({"target"}), frozenset({"attribute"})),
    "gain_threads": (("main", "battle", "attack", "response"), frozenset({"n"}), frozenset()),
    "lose_threads": (("main", "battle", "attack"), frozenset({"n"}), frozenset()),
    "draw": (("main", "battle", "attack", "response"), frozenset({"n"}), frozenset()),
}
USER_TARGETING = {"strengthen", "weaken", "destroy", "ready"}
# An op whose meaning is named in the rules text: (Japanese word, English word).
NAMED_OPS = {
    "onslaught": ("猛攻", "Onslaught"),
    "ja": ("JA", "JA"),
    "ca": ("CA", "CA"),
    "cancel": ("相殺", "Cancel"),
}

CARD_KEYS = {"id", "name", "ruby", "attribute", "power", "lucky", "text", "flavor", "effects"}
SLUG = re.compile(r"^[a-z0-9][a-z0-9_\-]*$")
DECK_LINE = re.compile(r"^(\d+)\s+(.+?)\s*$")


def _load_files() -> dict[str, list[dict[str, Any]]]:
    files: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(CARDS_DIR.glob("*.toml")):
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        files[path.stem] = data["cards"]
    return files


FILES = _load_files()
CARDS = [card for cards in FILES.values() for card in cards]
BY_ID = {card["id"]: card for card in CARDS}


def _lookup(name: str) -> dict[str, Any] | None:
    for card in CARDS:
        if name in (card["id"], card["name"]["ja"], card["name"]["en"]):
            return card
    return None


def _groups(card: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for effect in card.get("effects", []):
        groups.setdefault(effect["on"], []).append(effect)
    return groups


def _parse_deck(path: Path) -> tuple[str, list[str], list[tuple[int, str]]]:
    """(deck name, '# ability:' ids, (count, card name) lines) of a deck list."""
    name = ""
    abilities: list[str] = []
    lines: list[tuple[int, str]] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        comment = raw.split("#", 1)[1].strip() if "#" in raw else ""
        if comment.startswith("ability:"):
            abilities.append(comment.split(":", 1)[1].strip())
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.lower().startswith("name:"):
            name = line.split(":", 1)[1].strip()
            continue
        match = DECK_LINE.match(line)
        assert match, f"{path.name}: bad line {raw!r}"
        lines.append((int(match.group(1)), match.group(2)))
    return name, abilities, lines


DECKS = sorted(DECKS_DIR.glob("*.txt"))


def test_card_files_exist_one_per_attribute() -> None:
    assert set(FILES) == set(ATTRIBUTES)
    for stem, cards in FILES.items():
        assert cards, stem
        assert {card["attribute"] for card in cards} == {stem}, stem


@pytest.mark.parametrize("card", CARDS, ids=lambda c: str(c.get("id")))
def test_rule_1_4_card_fields_are_present_and_valid(card: dict[str, Any]) -> None:
    assert set(card) <= CARD_KEYS, set(card) - CARD_KEYS
    assert isinstance(card["id"], str) and SLUG.match(card["id"])
    for field in ("name", "text"):
        if field == "text" and field not in card:
            continue  # optional: the rules text is generated from the effects (`grimoire cards check`)
        assert set(card[field]) == {"ja", "en"}, field
        assert all(isinstance(v, str) and v.strip() for v in card[field].values()), field
    if "flavor" in card:
        assert set(card["flavor"]) == {"ja", "en"}
        assert all(isinstance(v, str) and v.strip() for v in card["flavor"].values())
    if "ruby" in card:
        assert isinstance(card["ruby"], str) and card["ruby"].strip()
    assert card["attribute"] in ATTRIBUTES
    power = card["power"]
    assert isinstance(power, int) and not isinstance(power, bool) and 1 <= power <= 6
    assert isinstance(card.get("lucky", False), bool)
    assert isinstance(card.get("effects", []), list)


def test_card_ids_and_names_are_unique() -> None:
    for key in ("id",):
        counts = Counter(card[key] for card in CARDS)
        assert [k for k, n in counts.items() if n > 1] == []
    for lang in ("ja", "en"):
        counts = Counter(card["name"][lang] for card in CARDS)
        assert [k for k, n in counts.items() if n > 1] == [], lang
    # a deck list may name a card by id, Japanese or English name: no name may be ambiguous
    every = Counter(n for card in CARDS for n in {card["id"], card["name"]["ja"], card["name"]["en"]})
    assert [k for k, n in every.items() if n > 1] == []


def test_pool_size_and_attribute_spread() -> None:
    assert len(CARDS) >= 36
    per = Counter(card["attribute"] for card in CARDS)
    for attribute in ("kiryoku", "jutsushiki", "shinpi"):
        assert per[attribute] >= 7, attribute
    assert per["zenno"] >= 5
    for attribute in ATTRIBUTES:
        powers = {card["power"] for card in CARDS if card["attribute"] == attribute}
        assert powers == set(range(1, 7)), (attribute, sorted(powers))


def test_rule_8_2_lucky_cards_are_several_and_mostly_low_power() -> None:
    lucky = [card for card in CARDS if card.get("lucky", False)]
    assert len(lucky) >= 6
    low = [card for card in lucky if card["power"] <= 2]
    assert len(low) * 2 > len(lucky)
    assert {card["attribute"] for card in lucky} == set(ATTRIBUTES)


def test_at_least_twenty_cards_have_effects() -> None:
    assert sum(1 for card in CARDS if card.get("effects")) >= 20


@pytest.mark.parametrize("card", CARDS, ids=lambda c: str(c.get("id")))
def test_rule_7_effects_follow_the_vocabulary(card: dict[str, Any]) -> None:
    for index, effect in enumerate(card.get("effects", [])):
        where = f"{card['id']} effects[{index}]"
        assert effect.get("on") in TIMINGS, where
        assert effect.get("op") in OPS, where
        timings, required, optional = OPS[effect["op"]]
        assert effect["on"] in timings, where
        params = set(effect) - {"on", "op"}
        assert required <= params, (where, required - params)
        assert params <= required | optional, (where, params - required - optional)
        if "n" in params:
            n = effect["n"]
            assert isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 6, where
        if "target" in params:
            assert effect["target"] in TARGETS, where
            if effect["target"] == "self":
                assert effect["on"] == "attack", where
        if "attribute" in params:
            assert effect["attribute"] in ATTRIBUTES, where


@pytest.mark.parametrize("card", CARDS, ids=lambda c: str(c.get("id")))
def test_rule_7_3_response_groups_start_with_one_cancel(card: dict[str, Any]) -> None:
    group = _groups(card).get("response")
    if group is None:
        return
    assert group[0]["op"] == "cancel"
    assert all(effect["op"] in ("draw", "gain_threads") for effect in group[1:])


@pytest.mark.parametrize("card", CARDS, ids=lambda c: str(c.get("id")))
def test_rule_7_1_text_labels_each_timing_and_names_each_effect(card: dict[str, Any]) -> None:
    from grimoire.games.destiny.cards import load_pool

    shown = load_pool()[card["id"]].text  # generated from the effects (see tests/cards)
    text = {"ja": shown.ja, "en": shown.en}
    groups = _groups(card)
    for timing, (ja_label, en_label) in LABELS.items():
        assert (ja_label in text["ja"]) == (timing in groups), (card["id"], timing)
        assert (en_label in text["en"]) == (timing in groups), (card["id"], timing)
    for effect in card.get("effects", []):
        if effect["op"] in NAMED_OPS:
            ja_word, en_word = NAMED_OPS[effect["op"]]
            assert ja_word in text["ja"], (card["id"], effect["op"])
            assert en_word in text["en"], (card["id"], effect["op"])
        if "n" in effect:
            assert str(effect["n"]) in text["en"], (card["id"], effect["op"])
        if effect.get("attribute"):
            assert ATTRIBUTES[effect["attribute"]] in text["ja"], card["id"]


def test_every_operation_and_timing_is_used() -> None:
    used_ops = {effect["op"] for card in CARDS for effect in card.get("effects", [])}
    assert used_ops == set(OPS)
    used_on = {effect["on"] for card in CARDS for effect in card.get("effects", [])}
    assert used_on == set(TIMINGS)
    user_effect_ops = {e["op"] for card in CARDS for e in card.get("effects", []) if e["on"] == "attack"}
    assert {"onslaught", "ja", "ca"} <= user_effect_ops
    targets = {e["target"] for card in CARDS for e in card.get("effects", []) if "target" in e}
    assert {"own_user", "opponent_user", "any_user"} <= targets
    # 地脈記述 (rule 9.2) needs 術式 cards with user-targeting main or battle groups
    assert any(
        card["attribute"] == "jutsushiki"
        and any(e["op"] in USER_TARGETING for on, g in _groups(card).items() if on in ("main", "battle") for e in g)
        for card in CARDS
    )


def test_cards_doc_lists_the_same_vocabulary() -> None:
    doc = CARDS_DOC.read_text(encoding="utf-8")
    section = doc.split("## Operations", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    documented: dict[str, set[str]] = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        found = re.match(r"`([a-z_]+)`", cells[0])
        assert found, row
        documented[found.group(1)] = set(re.findall(r"`([a-z_]+)`", cells[1]))
    assert set(documented) == set(OPS)
    for op, (timings, _, _) in OPS.items():
        assert documented[op] == set(timings), op
    for timing in TIMINGS:
        assert f"| `{timing}` |" in doc, timing
    for ability in ABILITIES:
        assert f"| `{ability}` |" in doc, ability


def test_rule_2_1_there_are_four_starter_decks() -> None:
    assert len(DECKS) == 4


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_rule_2_1_starter_deck_has_30_known_cards_at_most_3_of_a_name(path: Path) -> None:
    name, abilities, lines = _parse_deck(path)
    assert " / " in name, "name: <Japanese> / <English>"
    assert len(abilities) == 1 and abilities[0] in ABILITIES
    copies: Counter[str] = Counter()
    for count, card_name in lines:
        card = _lookup(card_name)
        assert card is not None, f"{path.name}: unknown card {card_name!r}"
        copies[card["id"]] += count
    assert sum(copies.values()) == 30
    assert max(copies.values()) <= 3, copies.most_common(1)
    attributes = Counter({a: 0 for a in ATTRIBUTES})
    for card_id, count in copies.items():
        attributes[BY_ID[card_id]["attribute"]] += count
    theme, theme_count = attributes.most_common(1)[0]
    assert theme_count >= 12, (path.stem, attributes)  # 全能の祭 keeps 12: 地脈の函 grows with every 全能 card
    # the recommended ability is the one that feeds on the deck's own attribute (rule 9)
    assert ABILITY_ATTRIBUTE[abilities[0]] == theme, (path.stem, abilities[0], theme)


def test_rule_9_each_recommended_ability_is_used_once() -> None:
    recommended = [_parse_deck(path)[1][0] for path in DECKS]
    assert sorted(recommended) == sorted(ABILITIES)
