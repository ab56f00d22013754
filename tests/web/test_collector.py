"""The server process's garbage collector (grimoire.web.collector): start-up frozen, no full collection started
by the collector itself, one every ``full_every`` seconds run by the server, every pause recorded."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
from collections.abc import Iterator

from grimoire.web.collector import MIDDLE, NEVER, YOUNG, Collector


@contextlib.contextmanager
def restored() -> Iterator[None]:
    """Leave this process's collector as it was."""
    thresholds = gc.get_threshold()
    callbacks = list(gc.callbacks)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.callbacks[:] = callbacks
        gc.unfreeze()


def test_tuned_start_up_is_frozen_and_the_collector_starts_no_full_collection(tmp_path):
    with restored():
        collector = Collector(600.0, str(tmp_path / "gc.json"))
        collector.tune()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (YOUNG, MIDDLE, NEVER)
        assert collector.pauses is not None
        for _ in range(50):  # far more young and middle collections than CPython needs for a full one
            gc.collect(1)
        garbage = [[] for _ in range(60_000)]
        for item in garbage:
            item.append(item)
        del garbage
        assert collector.pauses.count[2] == 0
        assert collector.pauses.count[0] + collector.pauses.count[1] > 0
        collector.close()
        written = json.loads((tmp_path / "gc.json").read_text())
        assert written["count"][2] == 0 and written["count"][1] >= 50


def test_the_server_runs_the_full_collections_itself():
    with restored():
        collector = Collector(0.01, "unused")
        collector.tune()

        async def a_while() -> None:
            task = asyncio.create_task(collector.run())
            await asyncio.sleep(0.2)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

        asyncio.run(a_while())
        assert collector.pauses is not None and collector.pauses.count[2] >= 2


def test_full_every_0_keeps_cpythons_thresholds():
    with restored():
        before = gc.get_threshold()
        Collector(0.0).tune()
        assert gc.get_threshold() == before
