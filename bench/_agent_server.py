"""Answers decisions for ``bench/ladder.py`` from whichever Grimoire is on PYTHONPATH.

Run as a child process; messages are length-prefixed pickles on stdin/stdout. A message is
``("new", game, agent name, (own deck, opponent's deck))`` — a fresh agent for a game — or
``("choose", view, decision, seed)``, answered by ``(option id, seconds, iterations)``: the agent's
answer, its own thinking time (the pipe's cost is not counted) and, for a search agent that
searched, its iterations (else -1). Views are plain data and
decisions and decks are value objects that pickle by name, so a baseline revision can answer
for a game the working tree is running.
"""

from __future__ import annotations

import pickle
import struct
import sys
import time
from typing import Any, BinaryIO


def read(stream: BinaryIO) -> Any:
    head = stream.read(4)
    if len(head) < 4:
        return None
    (size,) = struct.unpack("<I", head)
    return pickle.loads(stream.read(size))


def write(stream: BinaryIO, message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(struct.pack("<I", len(data)))
    stream.write(data)
    stream.flush()


def main() -> None:
    from grimoire.ai.registry import make_agent
    from grimoire.core.registry import load_game
    from grimoire.core.rng import Chance

    source, sink = sys.stdin.buffer, sys.stdout.buffer
    agent: Any = None
    game: Any = None
    while (message := read(source)) is not None:
        if message[0] == "new":
            _, name, agent_name, decks = message
            game = load_game(name)
            agent = make_agent(agent_name, name, decks)
            write(sink, "ok")
        else:
            _, view, decision, seed = message
            began = time.perf_counter()
            answer = agent.choose(game, view, decision, Chance.seeded(seed))
            seconds = time.perf_counter() - began
            stats = getattr(agent, "stats", None)
            write(sink, (answer, seconds, stats.iterations if stats is not None and len(decision.options) > 1 else -1))


if __name__ == "__main__":
    main()
