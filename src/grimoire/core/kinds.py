"""The type parameters that let each game declare its own event and decision kinds.

:class:`~grimoire.core.decision.Event` is generic in its kind and
:class:`~grimoire.core.decision.Decision` in its kind: a game names its kinds once as a
``Literal`` and annotates what it creates with them, so that mypy refuses a misspelt kind
where the event or decision is made::

    EventKind = Literal["draw", "place"]

    def draw(ev: list[Event[EventKind]]) -> None:
        ev.append(Event("drwa", 0))   # mypy: incompatible type "Literal['drwa']"

Code that serves every game (the core, agents, the server) writes plain ``Event`` and
``Decision``: the parameter's default, ``Any``, accepts every game's kinds. Nothing of this
exists at run time (an event's kind is a ``str``). This module is not compiled: the
defaults are known to the type checker only (``typing.TypeVar`` takes no default before
Python 3.13), and the compiled build refuses code it sees as unreachable.

>>> KIND.__bound__, KIND.__covariant__
(<class 'str'>, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    KIND = TypeVar("KIND", bound=str, covariant=True, default=Any)
    """A game's event kinds or decision kinds (a ``Literal`` of ``str``; default: any kind)."""
else:
    from typing import TypeVar

    KIND = TypeVar("KIND", bound=str, covariant=True)
