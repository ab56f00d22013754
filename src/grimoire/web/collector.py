"""The server process's garbage collector: its pauses kept off the tables.

CPython's cyclic collector stops the event loop while it runs, and a full collection walks
every object that may be part of a cycle: with 200 games in memory that was 180 ms on a
slow machine, 5–7 times a minute (each one an answer at every table acknowledged that much
later). The server (:func:`grimoire.web.server.serve`) therefore tunes it with a
:class:`Collector`:

* after start-up it collects once and freezes what survives (modules, rules, cards: never
  walked again);
* the youngest generation is collected after ``YOUNG`` new objects (CPython: 700), so fewer
  short-lived objects are promoted while each young pause stays a few milliseconds, and the
  collector never starts a full collection by itself;
* the server runs one itself every ``full_every`` seconds (``FULL_EVERY``; the environment
  variable ``GRIMOIRE_GC_FULL_EVERY`` changes it, 0 leaves CPython's own thresholds), so
  cyclic garbage is freed within that time.

:class:`Pauses` records every pause (``gc.callbacks``); with ``GRIMOIRE_GC_STATS=FILE`` the
server writes their summary there when it stops (``bench/web_load.py`` reads it).

>>> pauses = Pauses()
>>> pauses("start", {"generation": 2}); pauses("stop", {"generation": 2})
>>> pauses.summary()["count"]
[0, 0, 1]
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import time
from pathlib import Path
from typing import Any

#: new objects (allocations less deallocations) before the youngest generation is collected (CPython: 700; a
#: young pause grows with it: 20,000 made each 14-17 ms of CPU with 200 games, 2,000 keeps them to a few ms)
YOUNG = 2_000
#: young collections before the middle generation is (as CPython)
MIDDLE = 10
#: middle collections before the collector would start a full collection by itself: never
NEVER = 2**30
#: seconds between the full collections the server runs itself
FULL_EVERY = 600.0


def full_every_from_env(default: float = FULL_EVERY) -> float:
    """``GRIMOIRE_GC_FULL_EVERY`` in seconds (0: CPython's own thresholds), or ``default``.

    >>> os.environ["GRIMOIRE_GC_FULL_EVERY"] = "60"; full_every_from_env()
    60.0
    >>> del os.environ["GRIMOIRE_GC_FULL_EVERY"]; full_every_from_env()
    600.0
    """
    raw = os.environ.get("GRIMOIRE_GC_FULL_EVERY", "").strip()
    try:
        return max(0.0, float(raw)) if raw else default
    except ValueError:
        return default


class Pauses:
    """Every pause of the collector, per generation: how many, the longest and the total (milliseconds), as
    time passed and as CPU time of the collecting thread (``cpu``: what the pause costs however busy the
    machine is; the time passed also counts the moments another process had the CPU)."""

    def __init__(self) -> None:
        self.started = 0.0
        self.started_cpu = 0.0
        self.since = time.monotonic()
        self.count = [0, 0, 0]
        self.longest = [0.0, 0.0, 0.0]
        self.total = [0.0, 0.0, 0.0]
        self.longest_cpu = [0.0, 0.0, 0.0]

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
            self.started_cpu = time.thread_time()
            return
        ms = (time.perf_counter() - self.started) * 1000
        cpu_ms = (time.thread_time() - self.started_cpu) * 1000
        generation = int(info.get("generation", 2))
        self.count[generation] += 1
        self.longest[generation] = max(self.longest[generation], ms)
        self.longest_cpu[generation] = max(self.longest_cpu[generation], cpu_ms)
        self.total[generation] += ms

    def summary(self) -> dict[str, Any]:
        """The pauses so far and over how many seconds."""
        return {"seconds": round(time.monotonic() - self.since, 1), "count": list(self.count),
                "longest_ms": [round(x, 1) for x in self.longest], "total_ms": [round(x, 1) for x in self.total],
                "longest_cpu_ms": [round(x, 1) for x in self.longest_cpu]}


class Collector:
    """The collector's settings for a server process (see the module docstring)."""

    def __init__(self, full_every: float = FULL_EVERY, stats: str | None = None) -> None:
        self.full_every = full_every
        self.stats = stats
        self.pauses: Pauses | None = None

    @classmethod
    def from_env(cls) -> Collector:
        """The settings ``GRIMOIRE_GC_FULL_EVERY`` and ``GRIMOIRE_GC_STATS`` ask for."""
        return cls(full_every_from_env(), os.environ.get("GRIMOIRE_GC_STATS") or None)

    def tune(self) -> None:
        """Collect and freeze what start-up made; raise the thresholds (unless ``full_every`` is 0); start
        recording pauses if asked to."""
        gc.collect()
        gc.freeze()
        if self.full_every > 0:
            gc.set_threshold(YOUNG, MIDDLE, NEVER)
        if self.stats:
            self.pauses = Pauses()
            gc.callbacks.append(self.pauses)

    async def run(self) -> None:
        """Run a full collection every ``full_every`` seconds (nothing if 0), until cancelled."""
        if self.full_every <= 0:
            return
        while True:
            await asyncio.sleep(self.full_every)
            gc.collect()

    def close(self) -> None:
        """Write the pauses' summary to the ``stats`` file, if one was asked for."""
        if self.stats and self.pauses is not None:
            Path(self.stats).write_text(json.dumps(self.pauses.summary()) + "\n", encoding="utf-8")
