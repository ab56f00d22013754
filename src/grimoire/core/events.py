"""Typed events: each game declares the argument names of every event kind it emits.

An :class:`~grimoire.core.decision.Event` stays a small tuple (kind, player, args,
private_to) so that emitting one is cheap; its game's :class:`EventSchema` gives the
arguments their names. Consumers — message templates, balance metrics, agents, the
web client — read arguments by name, and the conformance checker asserts that every
event a game emits matches its schema.

Conventions: an argument that is a card id is named ``card`` or ends in ``_card``
(message templates render it as the card's name); when an event names a card
instance, the card id comes first and its uid second (``("card", "uid")``).

>>> from grimoire.core.decision import Event
>>> schema = EventSchema({"place": ("card", "uid"), "damage": ("amount", "life")})
>>> e = Event("place", 0, ("fireball", 12))
>>> schema.arg(e, "card"), schema.named(e)
('fireball', {'card': 'fireball', 'uid': 12})
>>> schema.problem(Event("place", 0, ("fireball",)))
"event 'place' has 1 arguments, its schema names 2: card, uid"
>>> schema.problem(Event("place", 1, (), 1))  # redacted for another seat: no arguments

Each kind may name the rule that produces it (a number of the game's rules document)
and ``details``: arguments that only explain the event (the numbers that went in),
appended after its own arguments and left out of a record's fingerprint, so that
adding one keeps old records verifiable. A rule keyed ``"<kind> <first argument>"``
refines the kind's rule (a draw by turn limit, say):

>>> schema = EventSchema({"damage": ("amount",), "game_drawn": ("reason",)},
...                      rules={"damage": "5.5.1", "game_drawn": "9.3", "game_drawn turn_limit": "9.5"},
...                      details={"damage": ("depth",)})
>>> schema.names("damage"), schema.fingerprinted("damage")
(('amount', 'depth'), 1)
>>> schema.rule(Event("game_drawn", 0, ("turn_limit",))), schema.rule(Event("damage", 0, (3, 2)))
('9.5', '5.5.1')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .decision import Event


def is_card_arg(name: str) -> bool:
    """Whether an argument of this name holds a card id (rendered as the card's name)."""
    return name == "card" or name.endswith("_card")


class EventSchema:
    """The argument names of each event kind of one game."""

    def __init__(self, kinds: Mapping[str, tuple[str, ...]], rules: Mapping[str, str] | None = None,
                 details: Mapping[str, tuple[str, ...]] | None = None) -> None:
        extra = dict(details or {})
        for kind in extra:
            if kind not in kinds:
                raise ValueError(f"details name event {kind!r}, which is not in the schema")
        self.kinds: dict[str, tuple[str, ...]] = {k: (*v, *extra.get(k, ())) for k, v in kinds.items()}
        #: kind → the number of its own arguments (those a record's fingerprint covers)
        self.own: dict[str, int] = {k: len(v) for k, v in kinds.items()}
        #: kind (or ``"<kind> <first argument>"``) → the rule number that produces it
        self.rules: dict[str, str] = dict(rules or {})
        self._index: dict[str, dict[str, int]] = {k: {n: i for i, n in enumerate(v)} for k, v in kinds.items()}

    def __contains__(self, kind: object) -> bool:
        return kind in self.kinds

    def __iter__(self) -> Iterator[str]:
        return iter(self.kinds)

    def fingerprinted(self, kind: str) -> int:
        """How many leading arguments of ``kind`` a record's fingerprint covers (the rest explain it)."""
        return self.own.get(kind, 0)

    def rule(self, event: Event) -> str | None:
        """The number of the rule that produced ``event`` (None: the game names none)."""
        if event.args and isinstance(event.args[0], str):
            found = self.rules.get(f"{event.kind} {event.args[0]}")
            if found is not None:
                return found
        return self.rules.get(event.kind)

    def used_rules(self, events: list[Event]) -> dict[str, str]:
        """The rule numbers of the event kinds in ``events`` (what a record keeps as ``event_rules``).

        >>> schema = EventSchema({"draw": ("card",), "end": ("reason",)}, {"draw": "2.1", "end turn_limit": "9.5"})
        >>> schema.used_rules([Event("draw", 0, ("x",), 0), Event("end", 0, ("turn_limit",))])
        {'draw': '2.1', 'end turn_limit': '9.5'}
        """
        out: dict[str, str] = {}
        for event in events:
            if event.args and isinstance(event.args[0], str):
                refined = f"{event.kind} {event.args[0]}"
                if refined in self.rules:
                    out[refined] = self.rules[refined]
                    continue
            rule = self.rules.get(event.kind)
            if rule is not None:
                out[event.kind] = rule
        return out

    def names(self, kind: str) -> tuple[str, ...]:
        """The argument names of ``kind`` (empty for an unknown kind)."""
        return self.kinds.get(kind, ())

    def arg(self, event: Event, name: str, default: Any = None) -> Any:
        """The argument ``name`` of ``event`` (``default`` when it has none: unknown or redacted)."""
        i = self._index.get(event.kind, {}).get(name)
        if i is None or i >= len(event.args):
            return default
        return event.args[i]

    def named(self, event: Event) -> dict[str, Any]:
        """Every argument of ``event`` by name (empty when redacted)."""
        return dict(zip(self.kinds.get(event.kind, ()), event.args, strict=False))

    def problem(self, event: Event) -> str | None:
        """Why ``event`` does not match the schema, or None when it does."""
        names = self.kinds.get(event.kind)
        if names is None:
            return f"event {event.kind!r} is not in the game's event schema"
        if not event.args and event.private_to >= 0:
            return None
        if len(event.args) != len(names):
            return (f"event {event.kind!r} has {len(event.args)} arguments, its schema names {len(names)}: "
                    f"{', '.join(names)}")
        return None
