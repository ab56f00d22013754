"""Game clocks: a time control (e.g. 5 minutes + 10 seconds a decision) and a clock that keeps it.

The clock runs for whichever seat must answer the pending decision (in these games that
may be the player whose turn it is not: a counter, a block). Answering charges the time
since the decision was asked to that seat and adds the increment; a seat whose time runs
out has flagged, and its game is lost on time (``Match.forfeit(seat, "timeout")``). A clock
is plain data — milliseconds left per seat, the seat it runs for and since when (wall-clock
seconds) — so a server stores it beside the game and a restart resumes it where it was.

>>> control = TimeControl.parse("5+10")
>>> clock = Clock.start(control, seat=0, now=100.0)
>>> clock.answer(now=130.0, next_seat=1)   # seat 0 took 30 s, gains 10 s
>>> clock.left(0, now=130.0), clock.left(1, now=160.0)
(280.0, 270.0)
>>> clock.flagged(now=130.0 + 300.0)
1

Play by post keeps a clock of days per move instead (``"3d"``): each decision has the whole
allowance, nothing carries over, and a seat that lets it run out has flagged as above.

>>> post = Clock.start(TimeControl.parse("1d"), seat=0, now=0.0)
>>> post.answer(now=80_000.0, next_seat=0)      # the same seat decides again: a fresh day
>>> post.left(0, now=80_000.0 + 86_000.0), post.flagged(now=80_000.0 + 86_400.0)
(400.0, 0)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import GrimoireError

_CONTROL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:\+\s*(\d+(?:\.\d+)?))?\s*$")
_DAYS = re.compile(r"^\s*(\d{1,2})\s*d\s*$")
#: at most a day on the clock, a minute's increment
MAX_BASE_S = 24 * 3600
MAX_INCREMENT_S = 60
#: the days a move may take in play by post
POST_DAYS = (1, 2, 3, 7)
DAY_S = 24 * 3600


@dataclass(frozen=True)
class TimeControl:
    """``base_s`` seconds for each seat, plus ``increment_s`` after each of its answers."""

    base_s: float
    increment_s: float = 0.0
    #: play by post: ``base_s`` is the time of every decision, nothing carries over (no increment)
    per_move: bool = False

    def __post_init__(self) -> None:
        if self.per_move:
            if self.base_s not in tuple(float(d * DAY_S) for d in POST_DAYS) or self.increment_s:
                raise GrimoireError(f"days per move are {', '.join(map(str, POST_DAYS))} (e.g. 3d)")
            return
        if not 0 < self.base_s <= MAX_BASE_S:
            raise GrimoireError(f"a clock's time must be more than 0 and at most {MAX_BASE_S // 60} minutes")
        if not 0 <= self.increment_s <= MAX_INCREMENT_S:
            raise GrimoireError(f"a clock's increment must be between 0 and {MAX_INCREMENT_S} seconds")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``"MINUTES+SECONDS"`` (``"5+10"``: 5 minutes, 10 s a decision; ``"3"``: 3 minutes, no increment), or
        ``"DAYSd"`` for play by post (``"3d"``: three days for every decision; 1, 2, 3 or 7).

        >>> TimeControl.parse("0.5+2")
        TimeControl(base_s=30.0, increment_s=2.0, per_move=False)
        >>> TimeControl.parse("five")
        Traceback (most recent call last):
        ...
        grimoire.core.errors.GrimoireError: time control 'five' is not MINUTES+SECONDS (e.g. 5+10) or DAYSd (e.g. 3d)
        """
        days = _DAYS.match(text)
        if days is not None:
            return cls(float(int(days.group(1)) * DAY_S), 0.0, per_move=True)
        m = _CONTROL.match(text)
        if m is None:
            raise GrimoireError(f"time control {text!r} is not MINUTES+SECONDS (e.g. 5+10) or DAYSd (e.g. 3d)")
        return cls(float(m.group(1)) * 60, float(m.group(2) or 0))

    def label(self) -> str:
        """The control as ``parse`` reads it.

        >>> TimeControl.parse("3d").label(), TimeControl.parse("5+10").label()
        ('3d', '5+10')
        """
        if self.per_move:
            return f"{round(self.base_s / DAY_S)}d"
        minutes = self.base_s / 60
        shown = f"{minutes:g}"
        return f"{shown}+{self.increment_s:g}"


@dataclass
class Clock:
    """Milliseconds left per seat, and the seat the clock runs for since ``since`` (None: stopped)."""

    control: TimeControl
    left_ms: list[int]
    running: int | None
    since: float

    @classmethod
    def start(cls, control: TimeControl, seat: int | None, now: float) -> Clock:
        """A fresh clock, running for ``seat`` (the seat of the first decision) from ``now``."""
        base = round(control.base_s * 1000)
        return cls(control, [base, base], seat, now)

    def left(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left at ``now`` (never below 0)."""
        ms = self.left_ms[seat]
        if self.running == seat:
            ms -= round(max(0.0, now - self.since) * 1000)
        return max(0, ms) / 1000

    def flagged(self, now: float) -> int | None:
        """The seat whose time has run out at ``now``, if any."""
        if self.running is not None and self.left(self.running, now) <= 0:
            return self.running
        return None

    def answer(self, now: float, next_seat: int | None) -> None:
        """The running seat answered at ``now``: charge it, add the increment, run for ``next_seat``
        (None when the game is over). An answer after the flag fell is a GrimoireError."""
        seat = self.running
        if seat is not None:
            if self.flagged(now) == seat:
                raise GrimoireError(f"seat {seat} has no time left")
            spent = round(max(0.0, now - self.since) * 1000)
            self.left_ms[seat] += round(self.control.increment_s * 1000) - spent
        if self.control.per_move:  # every decision has the whole allowance
            self.left_ms = [round(self.control.base_s * 1000)] * 2
        self.running = next_seat
        self.since = now

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"base_s": self.control.base_s, "increment_s": self.control.increment_s,
                               "left_ms": list(self.left_ms), "running": self.running, "since": self.since}
        if self.control.per_move:
            out["per_move"] = True
        return out

    @classmethod
    def from_json(cls, data: Any) -> Clock:
        """Read a stored clock; anything malformed is a one-line GrimoireError."""
        if not isinstance(data, dict):
            raise GrimoireError("a stored clock must be an object")
        try:
            control = TimeControl(float(data["base_s"]), float(data["increment_s"]), data.get("per_move") is True)
            left = [int(v) for v in data["left_ms"]]
            running = data["running"]
            since = float(data["since"])
        except (KeyError, TypeError, ValueError) as exc:
            raise GrimoireError(f"a stored clock is malformed: {exc}") from None
        if len(left) != 2 or running not in (None, 0, 1) or isinstance(running, bool):
            raise GrimoireError("a stored clock must have two seats and run for seat 0, 1 or none")
        return cls(control, left, running, since)
