"""Numeric encodings of a game for learning agents (standard library only).

A game's plugin may name an :class:`Encoding` (its ``encoding`` reference): a fixed,
documented numbering of every option id the game can produce (an
:class:`ActionCatalogue`) and a fixed-size numeric observation built from one seat's
view only. An encoding may also be a :class:`StateEncoding`: the same observation read
straight from the state (faster; :class:`StaticRows` holds the fixed slots of its card
rows), and a :class:`CompactEncoding`: a smaller observation of per-card-kind counts
per zone (:class:`CompactRows` lays it out). The RL adapters (:mod:`grimoire.rl`) turn
these into PettingZoo and Gymnasium spaces; nothing here needs NumPy.

>>> cat = ActionCatalogue(plain=("end", "done"), by_uid=("place",), uids=3, by_number={"pay": 2},
...                       by_card=("reveal",), card_ids=("a", "b"))
>>> cat.size, cat.index("place:2"), cat.option_id(4), cat.index("pay:1"), cat.index("reveal:b")
(9, 4, 'place:2', 6, 8)
>>> cat.index("place:9")
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: option 'place:9' is outside the action catalogue (uids 0..2)
>>> lay = Layout(); lay.slot("life"), lay.one_hot("phase", ["C", "A"]), lay.rows("uid", ["seen"], 2)
(0, 1, 3)
>>> lay.names
['life', 'phase=C', 'phase=A', 'uid.0.seen', 'uid.1.seen']
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .decision import Decision, split_option
from .errors import GrimoireError

if TYPE_CHECKING:
    from .game import Game


class ActionCatalogue:
    """Every option id of a game numbered ``0 … size - 1``, in four blocks:

    ``plain`` ids (``end``, ``use:main`` …), then one slot per uid for each ``by_uid``
    key (``place:0`` … ``place:<uids - 1>``), then ``0 … n - 1`` for each ``by_number``
    key (``pay:<k>``), then one slot per card id for each ``by_card`` key
    (``reveal:<card id>``).
    """

    def __init__(self, plain: Sequence[str] = (), by_uid: Sequence[str] = (), uids: int = 0,
                 by_number: Mapping[str, int] | None = None, by_card: Sequence[str] = (),
                 card_ids: Sequence[str] = ()) -> None:
        self.uids = uids
        self.ids: list[str] = list(plain)
        self.ids += [f"{key}:{u}" for key in by_uid for u in range(uids)]
        self.ids += [f"{key}:{k}" for key, n in (by_number or {}).items() for k in range(n)]
        self.ids += [f"{key}:{c}" for key in by_card for c in card_ids]
        self._index = {oid: i for i, oid in enumerate(self.ids)}
        self.blocks = {"plain": list(plain), "by_uid": list(by_uid), "by_number": dict(by_number or {}),
                       "by_card": list(by_card)}

    @property
    def size(self) -> int:
        """How many actions there are."""
        return len(self.ids)

    def index(self, option_id: str) -> int:
        """The action number of an option id; an id outside the catalogue is a GrimoireError."""
        i = self._index.get(option_id)
        if i is None:
            key = split_option(option_id)[0]
            hint = f" (uids 0..{self.uids - 1})" if key in self.blocks["by_uid"] else ""
            raise GrimoireError(f"option {option_id!r} is outside the action catalogue{hint}")
        return i

    def option_id(self, index: int) -> str:
        """The option id of an action number."""
        if not 0 <= index < len(self.ids):
            raise GrimoireError(f"action {index} is outside the catalogue (0..{len(self.ids) - 1})")
        return self.ids[index]

    def mask(self, decision: Decision | None) -> list[int]:
        """1 for each action that is an option of ``decision``, else 0 (all 0 for None)."""
        out = [0] * len(self.ids)
        if decision is not None:
            for option in decision.options:
                out[self.index(option.id)] = 1
        return out

    def mask_bytes(self, decision: Decision | None) -> bytearray:
        """:meth:`mask` as a new ``bytearray`` (one byte an action: what NumPy takes as an ``int8`` array
        without a copy).

        >>> from grimoire.core.decision import Option
        >>> list(ActionCatalogue(plain=("end", "done")).mask_bytes(Decision(0, "k", (Option("done", "x"),))))
        [0, 1]
        """
        out = bytearray(len(self.ids))
        if decision is not None:
            index = self._index
            for option in decision.options:
                i = index.get(option.id)
                out[self.index(option.id) if i is None else i] = 1
        return out


class Layout:
    """The documented layout of a fixed-size observation: every slot has a name.

    Encoders build their layout once and then write values at the offsets it hands out
    (a list of floats, no names, on the hot path).
    """

    def __init__(self) -> None:
        self.names: list[str] = []

    @property
    def size(self) -> int:
        """How many slots there are."""
        return len(self.names)

    def slot(self, name: str) -> int:
        """One slot; returns its offset."""
        self.names.append(name)
        return len(self.names) - 1

    def one_hot(self, name: str, choices: Sequence[Any]) -> int:
        """One slot per choice (``name=choice``); returns the offset of the first."""
        start = len(self.names)
        self.names.extend(f"{name}={c}" for c in choices)
        return start

    def group(self, name: str, row: Sequence[str]) -> int:
        """The slots ``row`` under one prefix (``name.<slot>``); returns the first offset."""
        start = len(self.names)
        self.names.extend(f"{name}.{r}" for r in row)
        return start

    def rows(self, name: str, row: Sequence[str], count: int) -> int:
        """``count`` rows of the slots ``row`` (``name.<i>.<slot>``); returns the first offset."""
        start = len(self.names)
        for i in range(count):
            self.names.extend(f"{name}.{i}.{r}" for r in row)
        return start


class Encoding(Protocol):
    """A game's numeric encoding for learning agents (see the module docstring)."""

    def catalogue(self, game: Game[Any], options: Mapping[str, Any]) -> ActionCatalogue:
        """The action catalogue of ``game`` under rules ``options``."""
        ...

    def layout(self, game: Game[Any], options: Mapping[str, Any]) -> Layout:
        """The names of the observation's slots."""
        ...

    def observe(self, game: Game[Any], view: dict[str, Any], decision: Decision | None,
                options: Mapping[str, Any]) -> list[float]:
        """The observation of a seat from its ``view`` (and its own pending ``decision``, if any)."""
        ...


class StaticRows:
    """The fixed part of the uid rows of an observation as single-precision arrays of
    ``width`` slots, one per card id, owner (the seat's or not) and zone: ``rows[base[card_id]
    + (zones if mine else 0) + zone]`` (for :meth:`StateEncoding.observe_state`, which
    copies them into place).

    >>> rows = StaticRows(["a", "b"], 2, 3, lambda card, mine, zone: (1.0, float(mine), float(zone)))
    >>> list(rows.rows[rows.base["b"] + 2 + 1])
    [1.0, 1.0, 1.0]
    >>> StaticRows(["a"], 1, 2, lambda card, mine, zone: (1.0,))
    Traceback (most recent call last):
    ...
    grimoire.core.errors.GrimoireError: the static row of 'a' has 1 slots, not 2
    """

    __slots__ = ("base", "rows")

    def __init__(self, card_ids: Iterable[str], zones: int, width: int,
                 row: Callable[[str, bool, int], Sequence[float]]) -> None:
        self.base: dict[str, int] = {}
        self.rows: list[array[float]] = []
        for card_id in card_ids:
            self.base[card_id] = len(self.rows)
            for mine in (False, True):
                for zone in range(zones):
                    values = array("f", row(card_id, mine, zone))
                    if len(values) != width:
                        raise GrimoireError(f"the static row of {card_id!r} has {len(values)} slots, not {width}")
                    self.rows.append(values)


def static_rows(cache: dict[int, tuple[Game[Any], StaticRows]], game: Game[Any], zones: Sequence[str], width: int,
                row: Callable[[Game[Any], str, bool, str], Sequence[float]]) -> StaticRows:
    """The :class:`StaticRows` of ``game``'s card pool (``row(game, card_id, mine, zone name)``), built once per
    game object and kept in ``cache``."""
    found = cache.get(id(game))
    if found is None or found[0] is not game:
        rows = StaticRows(sorted(game.pool.by_id), len(zones), width,
                          lambda card_id, mine, zone: row(game, card_id, mine, zones[zone]))
        found = cache[id(game)] = (game, rows)
    return found[1]


class StateEncoding(Protocol):
    """An encoding that also builds a seat's observation straight from the state (the fast
    path of the RL environments): value for value the single-precision :meth:`Encoding.observe`
    of the seat's view, and reading only what the seat may know. (Not runtime-checkable: a
    mypyc-compiled module cannot declare one; callers look for ``observe_state``.)"""

    def observe_state(self, game: Game[Any], state: Any, seat: int, decision: Decision | None,
                      options: Mapping[str, Any]) -> array[float]:
        """The observation of ``seat`` in ``state`` (``decision``: the pending one, if any),
        as a new ``array("f")``."""
        ...


#: what one copy of a card adds to its zone's count in a compact observation (counts are scaled by 1/4)
COUNT = 0.25
#: the bound of every observation value: anything beyond ±BOUND is clipped (the RL environments' ``Box``)
BOUND = 10.0


def bounded(x: float) -> float:
    """``x`` clipped to ±:data:`BOUND` (what the environments' clip of the whole observation gives it).

    >>> bounded(0.5), bounded(15.0), bounded(-11.0)
    (0.5, 10.0, -10.0)
    """
    if x > BOUND:
        return BOUND
    if x < -BOUND:
        return -BOUND
    return x


class CompactRows:
    """The layout of a compact observation: the ``scalars``, then one count per card kind
    (``card_ids``, in that order) for each of ``zones`` (``me.hand.<card id>``: copies / 4),
    then one ``uid.<n>.card`` slot per card instance saying which card it is — ``(k + 1) / K``
    for the ``k``-th of the ``K`` card ids, 0 when the seat cannot see it — so a policy can
    tell what an action naming a uid is about.

    >>> rows = CompactRows(["turn"], ["me.hand", "opp.field"], ["a", "b"], 2)
    >>> rows.layout.names
    ['turn', 'me.hand.a', 'me.hand.b', 'opp.field.a', 'opp.field.b', 'uid.0.card', 'uid.1.card']
    >>> rows.zone_at, rows.card_at, rows.kind["b"], rows.code["b"], len(rows.zeros)
    ([1, 3], 5, 1, 1.0, 7)
    """

    __slots__ = ("card_at", "code", "kind", "layout", "scalars", "zeros", "zone_at")

    def __init__(self, scalars: Sequence[str], zones: Sequence[str], card_ids: Sequence[str], uids: int) -> None:
        self.layout = Layout()
        for name in scalars:
            self.layout.slot(name)
        self.scalars = len(scalars)
        self.kind: dict[str, int] = {card_id: k for k, card_id in enumerate(card_ids)}
        self.code: dict[str, float] = {card_id: (k + 1) / len(card_ids) for k, card_id in enumerate(card_ids)}
        self.zone_at: list[int] = [self.layout.group(zone, card_ids) for zone in zones]
        self.card_at = self.layout.rows("uid", ["card"], uids)
        self.zeros: array[float] = array("f", bytes(4 * self.layout.size))


def compact_rows(cache: dict[tuple[int, int], tuple[Game[Any], CompactRows]], game: Game[Any],
                 scalars: Sequence[str], zones: Sequence[str], uids: int) -> CompactRows:
    """The :class:`CompactRows` of ``game``'s card pool (its card ids sorted) with ``uids`` card
    instances, built once per game object and uid count and kept in ``cache``."""
    found = cache.get((id(game), uids))
    if found is None or found[0] is not game:
        found = cache[(id(game), uids)] = (game, CompactRows(scalars, zones, sorted(game.pool.by_id), uids))
    return found[1]


class CompactEncoding(Protocol):
    """An encoding with a compact observation besides the full one: the same scalar slots,
    then per-card-kind counts per zone instead of a row per card instance, built straight from
    the state and reading only what the seat may know (see :class:`CompactRows`)."""

    def compact_layout(self, game: Game[Any], options: Mapping[str, Any]) -> Layout:
        """The names of the compact observation's slots."""
        ...

    def observe_compact(self, game: Game[Any], state: Any, seat: int, decision: Decision | None,
                        options: Mapping[str, Any]) -> array[float]:
        """The compact observation of ``seat`` in ``state``, as a new ``array("f")``."""
        ...


class CompactSource(Protocol):
    """What :class:`CompactObserver` asks of a game's encoding (which is also a :class:`CompactEncoding`)."""

    def compact_rows_for(self, game: Game[Any], state: Any, options: Mapping[str, Any] | None) -> CompactRows:
        """The :class:`CompactRows` of the compact observation of ``state``."""
        ...

    def compact_ids(self, state: Any) -> Sequence[str]:
        """The card id of every uid of ``state`` (one object for the whole game)."""
        ...

    def compact_scalars(self, state: Any, seat: int, decision: Decision | None, out: array[float]) -> None:
        """Write the scalars of ``seat`` (each within ±:data:`BOUND`) into the first slots of ``out``, which are 0."""
        ...

    def compact_zones(self, state: Any, seat: int) -> list[list[int]]:
        """The uids counted in each zone of the compact observation of ``seat``, in the rows' zone order."""
        ...


class CompactObserver:
    """The compact observations of one seat after another, as :meth:`CompactEncoding.observe_compact` gives
    them and clipped to ±:data:`BOUND`, each a new ``array("f")``, but built from the previous one: the
    scalars are written anew, and only the zones whose cards changed since the last call are counted again
    (a step moves a card or two; most zones stay as they were). It keeps its own copy of every zone it
    counted, so any state may be observed at any time, for either seat; a state of another game (another
    ``ids`` list) starts afresh.
    """

    def __init__(self, source: CompactSource, game: Game[Any], options: Mapping[str, Any] | None = None) -> None:
        self.source = source
        self.game = game
        self.options = options
        self._rows: CompactRows | None = None
        self._ids: Sequence[str] = ()
        self._cur: array[float] = array("f")
        self._scalar_zeros: array[float] = array("f")
        self._snaps: list[list[int]] = []
        self._refs: list[int] = []
        self._kinds: list[int] = []
        self._codes: list[float] = []

    def _start(self, rows: CompactRows, ids: Sequence[str]) -> None:
        """Forget the last observation: nothing counted yet (a new game, or a new layout)."""
        self._rows = rows
        self._ids = ids
        self._cur = rows.zeros[:]
        self._scalar_zeros = rows.zeros[:rows.scalars]
        self._snaps = [[] for _ in rows.zone_at]
        self._refs = [0] * len(ids)
        self._kinds = [rows.kind[card] for card in ids]
        self._codes = [rows.code[card] for card in ids]

    def observe(self, state: Any, seat: int, decision: Decision | None) -> array[float]:
        """The compact observation of ``seat`` in ``state`` (``decision``: its pending one, if any)."""
        source = self.source
        rows = source.compact_rows_for(self.game, state, self.options)
        ids = source.compact_ids(state)
        if rows is not self._rows or ids is not self._ids or len(ids) != len(self._kinds):
            self._start(rows, ids)
        cur = self._cur
        cur[0:rows.scalars] = self._scalar_zeros
        source.compact_scalars(state, seat, decision, cur)
        zones = source.compact_zones(state, seat)
        snaps, refs, kinds, codes = self._snaps, self._refs, self._kinds, self._codes
        zone_at, card_at = rows.zone_at, rows.card_at
        changed: list[int] = []
        for z in range(len(zones)):
            old = snaps[z]
            if zones[z] != old:
                at = zone_at[z]
                for u in old:
                    cur[at + kinds[u]] -= COUNT
                    left = refs[u] - 1
                    refs[u] = left
                    if left == 0:
                        cur[card_at + u] = 0.0
                changed.append(z)
        for z in changed:
            now = zones[z]
            at = zone_at[z]
            for u in now:
                cur[at + kinds[u]] += COUNT
                refs[u] += 1
                cur[card_at + u] = codes[u]
            snaps[z] = list(now)
        out = cur[:]
        most = int(BOUND / COUNT)  # a count beyond BOUND needs a zone of more cards than this
        for z in range(len(zones)):
            if len(zones[z]) > most:
                at = zone_at[z]
                for k in range(at, at + len(rows.kind)):
                    out[k] = bounded(out[k])
        return out


def layout_ranges(names: Iterable[str]) -> list[tuple[int, int, str]]:
    """Group consecutive slot names by their prefix before the first ``.`` or ``=`` into
    ``(first, last, prefix)`` ranges (for documentation).

    >>> layout_ranges(["life", "me.hand.0.chant", "me.hand.1.chant", "phase=C"])
    [(0, 0, 'life'), (1, 2, 'me'), (3, 3, 'phase')]
    """
    out: list[tuple[int, int, str]] = []
    for i, name in enumerate(names):
        prefix = name.split(".")[0].split("=")[0]
        if out and out[-1][2] == prefix and out[-1][1] == i - 1:
            out[-1] = (out[-1][0], i, prefix)
        else:
            out.append((i, i, prefix))
    return out
