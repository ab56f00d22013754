"""The type parameters that let each game declare its own event and decision kinds.

:class:`~grimoire.core.decision.Event` is generic in its kind and
:class:`~grimoire.core.decision.Decision` in its kind: a game names its kinds once as a
``Literal`` and annotates what it creates with them, so that mypy refuses a misspelt kind
where the event or decision is made::

    EventKind = Literal["draw", "place"]

    def draw(ev: list[Event[EventKind]]) -> None:
        ev.append(Event("drwa", 0))   # mypy: incompatible type "Literal['drwa']"

Option ids are ``<prefix>:<argument>`` strings (or a bare ``<prefix>``): a game names its
prefixes once as a ``Literal`` too, and types the helper that makes its options as an
:class:`OptionMaker` of them, so a misspelt prefix is refused where the option is made.

Code that serves every game (the core, agents, the server) writes plain ``Event`` and
``Decision``: the parameter's default, ``Any``, accepts every game's kinds. Nothing of this
exists at run time (an event's kind is a ``str``). This module is not compiled: the
defaults are known to the type checker only (``typing.TypeVar`` takes no default before
Python 3.13), and the compiled build refuses code it sees as unreachable.

>>> KIND.__bound__, KIND.__covariant__
(<class 'str'>, True)
>>> PREFIX.__bound__, PREFIX.__contravariant__
(<class 'str'>, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    from grimoire.core.decision import Option

    KIND = TypeVar("KIND", bound=str, covariant=True, default=Any)
    """A game's event kinds or decision kinds (a ``Literal`` of ``str``; default: any kind)."""
else:
    from typing import TypeVar

    KIND = TypeVar("KIND", bound=str, covariant=True)

PREFIX = TypeVar("PREFIX", bound=str, contravariant=True)
"""A game's option prefixes (a ``Literal`` of ``str``)."""


class OptionMaker(Protocol[PREFIX]):
    """The type of a game's cached ``opt(prefix, uid, key, *args)`` helper, which makes the option
    ``<prefix>:<uid>`` with label ``key``: ``functools.cache`` erases a function's parameters for
    the type checker, so the game casts its cached helper to ``OptionMaker[<its prefixes>]``."""

    def __call__(self, prefix: PREFIX, uid: int, key: str, /, *args: object) -> Option:
        """The option ``<prefix>:<uid>``."""
