"""Destiny card definitions, the effect vocabulary and card-file loading.

A card file holds ``[[cards]]`` tables (``docs/rules/destiny-cards.md``). Each card's
effects are validated through an :class:`~grimoire.core.effects.OpRegistry` filled with
the vocabulary below and grouped by timing (``main``, ``battle``, ``response``,
``attack``); a group is used as one.

>>> pool = load_pool()
>>> card = pool["oni_mask_champion"]
>>> card.attribute, card.power, [e.op for e in card.groups[ATTACK]]
('kiryoku', 5, ['onslaught', 'ca'])
>>> load_pool(tables={"x": {"id": "x", "name": {"ja": "甲", "en": "X"}, "attribute": "fire",
...                          "power": 1, "text": {"ja": "-", "en": "-"}}})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
grimoire.core.errors.ContentError: <record>: card 'x': field 'attribute': must be one of kiryoku, ... got 'fire'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

from grimoire.core.content import Localized, TableReader, card_files
from grimoire.core.effects import Effect, OpRegistry
from grimoire.core.errors import ContentError
from grimoire.core.pool import CardPool, build_pool

from .cardtext import rules_text
from .vocabulary import (
    ABILITIES,
    ATTACK,
    ATTRIBUTE_JA,
    ATTRIBUTES,
    BATTLE,
    HAKO,
    HOUKI,
    JUTSUSHIKI,
    KANCHI,
    KIJUTSU,
    KIRYOKU,
    MAIN,
    RESPONSE,
    SHINPI,
    TARGETS,
    TIMINGS,
    USER_OPS,
    VOCABULARY,
    ZENNO,
)

#: the card definitions and their loading, and the vocabulary (:mod:`.vocabulary`) as read from here too
__all__ = [
    "ABILITIES", "ATTACK", "ATTRIBUTES", "ATTRIBUTE_JA", "BATTLE", "DATA", "HAKO", "HOUKI", "JUTSUSHIKI",
    "KANCHI", "KIJUTSU", "KIRYOKU", "MAIN", "RESPONSE", "SHINPI", "TARGETS", "TIMINGS", "USER_OPS",
    "VOCABULARY", "ZENNO", "CardDef", "load_pool", "read_card",
]

DATA = Path(str(resources.files("grimoire.games.destiny"))) / "data"  # works in the compiled build too



@dataclass(frozen=True, slots=True)
class CardDef:
    """An immutable Destiny card: attribute, power, Lucky! mark and effect groups by timing.

    ``groups[t]`` holds the effects of timing ``t`` (``MAIN`` … ``ATTACK``) in file order;
    ``choices[t]`` the indices of its effects whose target is chosen (not ``self``).
    """

    id: str
    name: Localized
    attribute: str
    power: int
    lucky: bool
    text: Localized
    groups: tuple[tuple[Effect, ...], ...]
    choices: tuple[tuple[int, ...], ...]
    ruby: str = ""
    flavor: Localized | None = None
    kind: str = "main"
    effects: tuple[Effect, ...] = ()  # every effect in file order (the groups' order in its text)
    tags: tuple[str, ...] = ()  # the designer's labels (generic utility, a theme): for finding cards, not rules

    def has(self, timing: int) -> bool:
        """Whether the card has a group of this timing."""
        return bool(self.groups[timing])

    def targets_users(self, timing: int) -> bool:
        """Whether the group of ``timing`` has an own/opponent/any-user operation (地脈記述, 地脈感知)."""
        return bool(self.choices[timing])


def _check_groups(reader: TableReader, effects: list[Effect]) -> None:
    for index, eff in enumerate(effects):
        field = f"effects[{index}]"
        if eff.get("target") == "self" and eff.on != "attack":
            raise reader.error(f"{field}.target", "'self' is allowed only in attack groups")
    response = [(i, e) for i, e in enumerate(effects) if e.on == "response"]
    if response:
        first_index, first = response[0]
        if first.op != "cancel":
            raise reader.error(f"effects[{first_index}].op", "a response group must start with 'cancel'")
        for index, eff in response[1:]:
            if eff.op not in ("draw", "gain_threads"):
                raise reader.error(f"effects[{index}].op",
                                   "after 'cancel' a response group may only 'draw' or 'gain_threads'")


def read_card(file: str, table: dict[str, Any], registry: OpRegistry = VOCABULARY) -> CardDef:
    """Validate one card table; errors name the file, the card and the field."""
    if not isinstance(table, dict):
        raise ContentError(file, None, None, "a card must be a table")
    reader = TableReader(file, table)
    card_id = reader.slug("id")
    name = reader.text("name")
    ruby = reader.str("ruby", required=False) or ""
    attribute = reader.str("attribute", choices=ATTRIBUTES)
    power = reader.int("power", minimum=1, maximum=6)
    lucky = reader.bool("lucky")
    reader.text("text", required=False)  # optional hand-written text: `grimoire cards check` compares it
    flavor = reader.text("flavor", required=False)
    tags = reader.tags("tags")
    effects = [registry.validate(file, card_id, i, dict(t)) for i, t in enumerate(reader.tables("effects"))]
    reader.finish()
    _check_groups(reader, effects)
    groups = tuple(tuple(e for e in effects if e.on == timing) for timing in TIMINGS)
    choices = tuple(
        tuple(i for i, e in enumerate(group) if e.op in USER_OPS and e.get("target") != "self") for group in groups
    )
    card = CardDef(card_id, name, attribute, power, lucky, Localized("", ""), groups, choices, ruby, flavor,
                   effects=tuple(effects), tags=tags)
    return replace(card, text=Localized(rules_text(card, "ja"), rules_text(card, "en")))


def load_pool(card_paths: Sequence[str | Path] = (), tables: Mapping[str, Mapping[str, Any]] | None = None,
              builtin: bool = True) -> CardPool[CardDef]:
    """Built-in cards, then ``card_paths`` (files or folders), then ``tables`` (by id, replacing).

    Every loaded card's raw table is kept in ``pool.tables``; its ``text`` is the rules
    text generated from its effects (:mod:`.cardtext`).
    """
    files = card_files([DATA / "cards"]) if builtin else []
    return build_pool(files + card_files(card_paths), tables, read_card)
