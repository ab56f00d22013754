"""Computer thinking off the event loop (rule W6): the searching level thinks in worker processes
through a bounded queue; when the queue is full, computer seats wait their turn."""

from __future__ import annotations

import asyncio
import multiprocessing
import os

from starlette.testclient import TestClient
from web_helpers import FAST, hello, hub, token

from grimoire.core.game import Setup
from grimoire.core.match import Match
from grimoire.core.registry import load_game
from grimoire.web.app import create_app
from grimoire.web.storage import Store
from grimoire.web.thinking import Job, Thinker


def _job(seed: int, level: str = "search-150") -> Job:
    game = load_game("chant")
    deck = game.cards.starter_deck("fire")
    match = Match(game, Setup((deck, deck), game.options(), seed=seed))
    decision = match.decision
    assert decision is not None
    return Job("chant", level, (deck, deck), game.view(match.state, decision.player), decision, seed)


def test_w6_a_searching_move_is_computed_in_another_process_and_the_queue_is_bounded():
    thinker = Thinker(workers=1, queue=1)

    async def main() -> tuple[list[str], int]:
        first = asyncio.ensure_future(thinker.think(_job(1)))
        await asyncio.sleep(0)
        second = asyncio.ensure_future(thinker.think(_job(2)))
        await asyncio.sleep(0)
        waiting = thinker.waiting  # the second move waits for the first: the queue holds one
        return list(await asyncio.gather(first, second)), waiting

    try:
        answers, waiting = asyncio.run(main())
        workers = [p.pid for p in multiprocessing.active_children()]
    finally:
        thinker.close()
    assert waiting == 1
    assert answers[0] in _job(1).decision.ids() and answers[1] in _job(2).decision.ids()
    assert workers and os.getpid() not in workers


def test_w6_the_hard_computer_plays_through_the_thinking_processes(tmp_path):
    thinker = Thinker(workers=1, queue=4)
    app = create_app(Store(tmp_path / "g.db"), ("toy",), ai_delay=0, limits=FAST, thinker=thinker)
    with TestClient(app) as c:
        res = c.post("/api/games", json={"game": "toy", "deck": {"starter": "steady"},
                                         "options": {"first_player": "1"},
                                         "opponent": {"kind": "ai", "level": "hard"}})
        data = res.json()
        with c.websocket_connect(f"/ws/{data['id']}") as ws:
            msg = hello(ws, token(data["links"]["seats"][0]))
            while msg["type"] != "state" or msg["seq"] == 0:
                msg = ws.receive_json()
        assert thinker._pool is not None  # the move came from the pool
        assert hub(c).store.load_game(data["id"]).answers  # type: ignore[union-attr]
