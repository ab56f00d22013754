"""Card definitions of 詠唱 Chant and their loading from TOML files.

The schema and the effect vocabulary are ``docs/rules/chant-cards.md``. Every file is
validated on load; errors are :class:`~grimoire.core.errors.ContentError` s naming the
file, the card and the field.

>>> pool = load_pool()
>>> fb = pool["fireball"]
>>> fb.name.ja, fb.kind, fb.attribute, fb.chant, fb.power
('火球', 'library', 'fantasy', 2, 1)
>>> book = pool["heavenly_conflagration"]
>>> book.required, [e.op for e in book.effects]
(3, ['pay_life_advance_self', 'power_per_blank_name', 'damage'])
>>> load_pool(tables={"x": {"id": "x", "kind": "library"}})
Traceback (most recent call last):
...
grimoire.core.errors.ContentError: <record>: card 'x': field 'name': is missing
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

from grimoire.core.content import Localized, TableReader, card_files
from grimoire.core.effects import Effect
from grimoire.core.errors import ContentError
from grimoire.core.pool import CardPool, build_pool

from .cardtext import rules_text
from .vocabulary import ACTIVE_TRIGGERS, ATTRIBUTES, C_PHASE_COST, DEFAULT_TIMING, KINDS, REGISTRY, TIMINGS, TRIGGERS

#: the card definitions and their loading, and the vocabulary (:mod:`.vocabulary`) as read from here too
__all__ = [
    "ACTIVE_TRIGGERS", "ATTRIBUTES", "DATA", "DEFAULT_TIMING", "KINDS", "REGISTRY", "TIMINGS", "TRIGGERS",
    "CardDef", "load_pool", "parse_card", "with_text",
]

DATA = Path(str(resources.files("grimoire.games.chant"))) / "data"  # works in the compiled build too


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card definition (immutable; states refer to it by id)."""

    id: str
    kind: str
    name: Localized
    text: Localized
    attribute: str
    chant: int
    power: int | None = None
    required: int | None = None
    effects: tuple[Effect, ...] = ()
    flavor: Localized | None = None
    ruby: str | None = None
    tags: tuple[str, ...] = ()  # the designer's labels (generic utility, a theme): for finding cards, not rules
    # effect indices per trigger, computed once at load
    on_start: tuple[int, ...] = ()
    on_activate: tuple[int, ...] = ()
    on_leave: tuple[int, ...] = ()
    on_end: tuple[int, ...] = ()
    on_cphase: tuple[int, ...] = ()
    mods: tuple[tuple[int, str, str | None, str], ...] = ()  # power_mod: (n, owner, attribute, state)
    cost: int = 0  # total life cost of the C-phase ability
    is_book: bool = False  # a forbidden book (禁書)
    timing: str = DEFAULT_TIMING  # when the owner may activate it (3.4), one of TIMINGS
    in_a: bool = True  # activated in its owner's A phase (5.1, 3.4)
    in_c: bool = False  # activated in its owner's C phase (3.2.6, 3.4)
    in_end: bool = False  # activated in its owner's E phase (7.2, 3.4)


def _indices(effects: Sequence[Effect], trigger: str) -> tuple[int, ...]:
    return tuple(i for i, e in enumerate(effects) if e.on == trigger)


def parse_card(file: str, table: Mapping[str, Any]) -> CardDef:
    """Validate one ``[[cards]]`` table and build its :class:`CardDef`."""
    if not isinstance(table, Mapping):
        raise ContentError(file, None, None, "a card must be a table")
    r = TableReader(file, dict(table))
    cid = r.slug("id")
    kind = r.str("kind", choices=KINDS)
    name = r.text("name")
    ruby = r.str("ruby", required=False)
    attribute = r.str("attribute", choices=ATTRIBUTES)
    chant = r.int("chant", minimum=0, maximum=20)
    timing = r.str("timing", required=False, choices=TIMINGS) or DEFAULT_TIMING
    power = r.int("power", required=False, minimum=0, maximum=99)
    required = r.int("required", required=False, minimum=1, maximum=20)
    if kind == "forbidden" and required is None:
        raise r.error("required", "is missing (a forbidden book needs its required number)")
    if kind == "library" and required is not None:
        raise r.error("required", "is only for forbidden books")
    r.text("text", required=False)  # optional hand-written text: `grimoire cards check` compares it
    flavor = r.text("flavor", required=False)
    tags = r.tags("tags")
    effects: list[Effect] = []
    for i, eff in enumerate(r.tables("effects")):
        extra = C_PHASE_COST if eff.get("on") == "c_phase" else None
        effect = REGISTRY.validate(file, cid, i, eff, extra)
        if effect.op == "power_mod" and effect.params["n"] == 0:
            raise ContentError(file, cid, f"effects[{i}].n", "must not be 0")
        if effect.op == "power_per_blank_name" and power is None:
            raise ContentError(file, cid, f"effects[{i}].op", "a power bonus needs a card with power")
        effects.append(effect)
    r.finish()
    mods = tuple((int(e.params["n"]), str(e.params["filter"].get("owner", "own")),
                  e.params["filter"].get("attribute"), str(e.params["filter"].get("state", "any")))
                 for e in effects if e.op == "power_mod")
    card = CardDef(
        id=cid, kind=kind, name=name, text=Localized("", ""), attribute=attribute, chant=chant, power=power,
        required=required, effects=tuple(effects), flavor=flavor, ruby=ruby, tags=tags,
        on_start=_indices(effects, "chant_start"), on_activate=_indices(effects, "activate"),
        on_leave=_indices(effects, "leave"), on_end=_indices(effects, "end_phase"),
        on_cphase=_indices(effects, "c_phase"), mods=mods,
        cost=sum(e.cost for e in effects if e.on == "c_phase"), is_book=kind == "forbidden",
        timing=timing, in_a=timing in ("a_phase", "a_and_c_phase"), in_c=timing in ("c_phase", "a_and_c_phase"),
        in_end=timing == "end_phase",
    )
    return with_text(card)


def with_text(card: CardDef, pool: CardPool[CardDef] | None = None) -> CardDef:
    """``card`` whose ``text`` is the rules text generated from its effects (``pool`` names cards)."""
    return replace(card, text=Localized(rules_text(card, "ja", pool), rules_text(card, "en", pool)))


def load_pool(card_paths: Sequence[str | Path] = (),
              tables: Mapping[str, Mapping[str, Any]] | None = None) -> CardPool[CardDef]:
    """Built-in cards, then ``card_paths`` (files or folders), then record ``tables`` (by id).

    A record table replaces a loaded card of the same id; a card file repeating an id is
    an error. The raw table of every card is kept in ``pool.tables``. Every card's
    ``text`` is its generated rules text (:mod:`.cardtext`).
    """
    pool = build_pool(card_files([DATA / "cards", *card_paths]), tables, parse_card)
    for card in list(pool):
        if any(e.op in ("tutor_chant", "power_per_blank_name") for e in card.effects):
            pool.by_id[card.id] = with_text(card, pool)  # names other cards: generated with the pool
    for card in pool:
        for i, eff in enumerate(card.effects):
            if eff.op == "tutor_chant":
                target = pool.by_id.get(str(eff.params["card"]))
                if target is None or target.kind != "library":
                    raise ContentError(pool.sources[card.id], card.id, f"effects[{i}].card",
                                       f"{eff.params['card']!r} is not a library card")
    return pool
