"""Randomness that lives in the game state.

The only source of chance in Grimoire. A :class:`Chance` is plain data (a kind, a
64-bit PRNG state, a script and a position), so it clones, serialises and replays
with the state that owns it. Four kinds exist:

* ``prng`` — a seeded SplitMix64 generator (the default);
* ``scripted`` — coin tosses and draws below *n* are read from a list (tests, replays
  of physical games); shuffles still use the PRNG;
* ``board`` — the seed's bulletin-board coin: each toss reads the next post time in
  the script and is heads when the last digit of its seconds is even. Shuffles use the
  PRNG; once the posts run out, tosses fall back to the PRNG too (records made so);
* ``post`` — the board coin asked at the toss: each toss reads the next post time in
  the script; when none is left it raises :class:`PostNeeded` naming the tossing seat,
  and the driver (:class:`~grimoire.core.match.Match`) asks that seat for the post time,
  adds it to the script and plays the answer again. Never a fallback to the PRNG.

>>> c = Chance.seeded(42)
>>> d = c.clone()
>>> [c.below(6) for _ in range(5)] == [d.below(6) for _ in range(5)]
True
>>> Chance.board(["12:00:04", "12:00:07"]).coin(), Chance.board(["12:00:07"]).coin()
(True, False)
>>> c = Chance.posts(["12:00:04"]); c.coin(0), c.pos
(True, 1)
>>> c.coin(1)
Traceback (most recent call last):
...
grimoire.core.rng.PostNeeded: seat 1 must give the post time of toss 2
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from .errors import OptionsError

try:  # a native 64-bit integer in the compiled build (mypyc); a plain int otherwise
    from mypy_extensions import i64
except ImportError:  # pragma: no cover - the run-time package is optional
    i64 = int  # type: ignore[misc]

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
T = TypeVar("T")

KINDS = ("prng", "scripted", "board", "post")

# In the compiled build ``i64`` arithmetic wraps around like C, which is exactly SplitMix64's
# arithmetic modulo 2**64; the interpreted build masks unbounded ints instead. Both give the
# same stream (the test suite runs on both builds).


def _probe() -> None:
    """A plain function in the interpreted build, a built-in one in the compiled build."""


_NATIVE: Final = type(_probe).__name__ != "function"
_GOLDEN_S: Final[i64] = _GOLDEN - (1 << 64)
_MUL1_S: Final[i64] = 0xBF58476D1CE4E5B9 - (1 << 64)
_MUL2_S: Final[i64] = 0x94D049BB133111EB - (1 << 64)


def _signed(value: int) -> int:
    """The two's-complement reading of a 64-bit unsigned value."""
    value &= _MASK
    return value - (1 << 64) if value >> 63 else value


def _seconds(post: int | str) -> int:
    """Seconds of a post time given as an int or as 'HH:MM:SS' / '...:SS'."""
    if isinstance(post, int):
        return post
    tail = post.strip().rsplit(":", 1)[-1].split(".")[0]
    if not tail.isdigit():
        raise OptionsError(f"board post time {post!r} has no seconds digits")
    return int(tail)


def post_heads(post: int | str) -> bool:
    """The seed's board coin: heads (表) when the last digit of the post's seconds is even.

    >>> post_heads("21:03:58"), post_heads("7"), post_heads(10)
    (True, False, True)
    """
    return _seconds(post) % 2 == 0


def check_post(text: str) -> str:
    """A post time as typed (``12:34:56``, ``2026/12/03 12:34:56.78``, or just the seconds' last digit),
    trimmed; an OptionsError names anything without seconds digits.

    >>> check_post(" 12:34:56 "), check_post("7")
    ('12:34:56', '7')
    >>> check_post("noon")
    Traceback (most recent call last):
    ...
    grimoire.core.errors.OptionsError: board post time 'noon' has no seconds digits
    """
    shown = text.strip()
    if not shown or len(shown) > 40:
        raise OptionsError(f"board post time {text[:40]!r} has no seconds digits")
    _seconds(shown)
    return shown


class PostNeeded(Exception):
    """A ``post`` chance source has no post time left for a toss: ``seat`` tosses, ``index`` is the
    toss's place in the script (0-based)."""

    def __init__(self, seat: int, index: int) -> None:
        super().__init__(f"seat {seat} must give the post time of toss {index + 1}")
        self.seat = seat
        self.index = index


class Chance:
    """The chance source owned by a game state (see module docstring).

    ``state`` is the 64-bit PRNG state as an unsigned integer (kept internally as the
    compiled build's native signed integer there).
    """

    __slots__ = ("_s", "kind", "pos", "script", "tosser")

    def __init__(self, kind: str = "prng", state: int = 0, script: list[Any] | None = None, pos: int = 0) -> None:
        self.kind = kind
        self._s: i64 = _signed(state) if _NATIVE else state & _MASK
        self.script: list[Any] = [] if script is None else script
        self.pos = pos
        #: the seat of the last toss of a ``post`` source (-1 before any); not part of the value
        self.tosser = -1

    @property
    def state(self) -> int:
        return int(self._s) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self._s = _signed(value) if _NATIVE else value & _MASK

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chance):
            return NotImplemented
        return (self.kind, self.state, self.script, self.pos) == (other.kind, other.state, other.script, other.pos)

    def __hash__(self) -> int:
        return hash((self.kind, self.state, self.pos))

    def __reduce__(self) -> tuple[type[Chance], tuple[Any, ...]]:
        return (Chance, (self.kind, self.state, list(self.script), self.pos))

    def __repr__(self) -> str:
        return f"Chance(kind={self.kind!r}, state={self.state!r}, script={self.script!r}, pos={self.pos!r})"

    @classmethod
    def seeded(cls, seed: int) -> Chance:
        """A PRNG source from an integer seed."""
        return cls("prng", seed & _MASK)

    @classmethod
    def scripted(cls, outcomes: list[int], seed: int = 0) -> Chance:
        """Coins (1 = heads, 0 = tails) and ``below`` results read from ``outcomes``."""
        return cls("scripted", seed & _MASK, list(outcomes))

    @classmethod
    def board(cls, posts: list[Any], seed: int = 0) -> Chance:
        """The bulletin-board coin: parity of each post time's last seconds digit."""
        for p in posts:
            _seconds(p)
        return cls("board", seed & _MASK, list(posts))

    @classmethod
    def posts(cls, posts: list[Any], seed: int = 0) -> Chance:
        """The board coin asked at the toss: the post times given so far (more are asked for)."""
        for p in posts:
            _seconds(p)
        return cls("post", seed & _MASK, list(posts))

    def clone(self) -> Chance:
        c = Chance(self.kind, 0, self.script, self.pos)
        c._s = self._s
        return c

    def reseed(self, seed: int) -> None:
        """Turn this source into a fresh PRNG seeded with ``seed`` (search code redraws the future).

        >>> c = Chance.board(["12:00:01"]); c.reseed(5); c == Chance.seeded(5)
        True
        """
        self.kind = "prng"
        self.state = seed
        self.script = []
        self.pos = 0

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "state": self.state, "script": list(self.script), "pos": self.pos}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Chance:
        kind = data.get("kind")
        if kind not in KINDS:
            raise OptionsError(f"unknown chance source {kind!r}; choose one of {', '.join(KINDS)}")
        return cls(str(kind), int(data.get("state", 0)) & _MASK, list(data.get("script", [])), int(data.get("pos", 0)))

    def _step(self) -> i64:
        """Advance the compiled build's native state; the next output as a signed 64-bit value."""
        s: i64 = self._s + _GOLDEN_S
        self._s = s
        z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1_S
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2_S
        return z ^ ((z >> 31) & 0x1FFFFFFFF)

    def next64(self) -> int:
        """The next raw 64-bit PRNG output (SplitMix64)."""
        if _NATIVE:
            return int(self._step()) & _MASK
        s: int = (self._s + _GOLDEN) & _MASK
        self._s = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def _below_native(self, n: i64) -> i64:
        """``(next64() * n) >> 64`` from 32-bit halves, for ``0 < n < 2**31`` (compiled build)."""
        z = self._step()
        high: i64 = (z >> 32) & 0xFFFFFFFF
        low: i64 = z & 0xFFFFFFFF
        return (high * n + ((low * n) >> 32)) >> 32

    def _scripted_next(self) -> Any:
        if self.pos < len(self.script):
            value = self.script[self.pos]
            self.pos += 1
            return value
        return None

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``n`` >= 1)."""
        if self.kind == "scripted":
            value = self._scripted_next()
            if value is not None:
                return int(value) % n
        if _NATIVE:
            if n < 0x80000000:
                return int(self._below_native(n))
            return (self.next64() * n) >> 64
        # next64() inlined: the interpreted build's hot path (random play, playouts)
        s: int = (self._s + _GOLDEN) & _MASK
        self._s = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def coin(self, seat: int = 0) -> bool:
        """Toss a coin: True is heads (表). ``seat`` tosses (a ``post`` source asks it for the post)."""
        if self.kind == "post":
            self.tosser = seat
            post = self._scripted_next()
            if post is None:
                raise PostNeeded(seat, self.pos)
            return _seconds(post) % 2 == 0
        if self.kind == "board":
            post = self._scripted_next()
            if post is not None:
                return _seconds(post) % 2 == 0
        elif self.kind == "scripted":
            value = self._scripted_next()
            if value is not None:
                return bool(value)
        if _NATIVE:
            return self._step() >= 0
        return self.next64() >> 63 == 0

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates on the PRNG)."""
        if _NATIVE and len(items) < 0x80000000:
            for k in range(len(items) - 1, 0, -1):
                j = int(self._below_native(k + 1))
                items[k], items[j] = items[j], items[k]
            return
        # next64() inlined, the generator's state in a local until the end
        s: int = self._s
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self._s = s


def make_chance(kind: str, seed: int, script: list[Any] | None = None) -> Chance:
    """Build a chance source by kind name; errors name the bad kind.

    >>> make_chance("board", 1, ["00:00:02"]).kind
    'board'
    """
    if kind == "prng":
        return Chance.seeded(seed)
    if kind == "scripted":
        return Chance.scripted(list(script or []), seed)
    if kind == "board":
        return Chance.board(list(script or []), seed)
    if kind == "post":
        return Chance.posts(list(script or []), seed)
    raise OptionsError(f"unknown chance source {kind!r}; choose one of {', '.join(KINDS)}")
