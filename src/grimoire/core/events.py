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

    def __init__(self, kinds: Mapping[str, tuple[str, ...]]) -> None:
        self.kinds: dict[str, tuple[str, ...]] = dict(kinds)
        self._index: dict[str, dict[str, int]] = {k: {n: i for i, n in enumerate(v)} for k, v in kinds.items()}

    def __contains__(self, kind: object) -> bool:
        return kind in self.kinds

    def __iter__(self) -> Iterator[str]:
        return iter(self.kinds)

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
