"""The attacker of the load benchmark: one machine, no account, every cheap attack at once.

From one loopback address of its own (``127.0.0.66``) it keeps, for the whole phase:

* spectator sockets that send ``hello``/``lang`` as fast as they can and never read
  (reconnecting whenever the server closes them),
* POSTs of 1 MiB bodies and of deeply nested JSON, one after another,
* half-sent HTTP requests (headers never finished), replaced as the server drops them,
* the requests that compute, one after another (issue 29): a deck check of 299 unknown card
  names, a card preview (the rules reloaded with a new card), the history's pages and the
  saved-deck list — each the worst a client may send; they count as ``computes``.

Every loop is bounded by the phase's deadline and stops by itself; the counters say how
much the server was asked to swallow. :func:`run_attacker` runs it in a process of its own
at the lowest CPU priority (``nice 19``): it stands in for the attacker's own machine, so
it does not take the server's or the players' CPU — only the server's attention.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from typing import Any

import websockets

ADDRESS = "127.0.0.66"


@dataclass
class AttackStats:
    """What the attacker sent and how the server answered."""

    flood_messages: int = 0
    flood_sockets: int = 0
    big_posts: int = 0
    nested_posts: int = 0
    half_open: int = 0
    computes: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    compute_statuses: dict[str, int] = field(default_factory=dict)


async def _flood(port: int, game_id: str, stats: AttackStats, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{game_id}", local_addr=(ADDRESS, 0),
                                          max_queue=1, open_timeout=5) as ws:
                stats.flood_sockets += 1
                i = 0
                while time.monotonic() < deadline:
                    msg: dict[str, Any] = ({"type": "hello", "token": None, "lang": "en"} if i % 2
                                           else {"type": "lang", "lang": "ja" if i % 4 else "en"})
                    await ws.send(json.dumps(msg))
                    stats.flood_messages += 1
                    i += 1
                    if i % 50 == 0:
                        await asyncio.sleep(0)
        except Exception:
            await asyncio.sleep(0.05)


async def _post(port: int, body: bytes, stats: AttackStats, kind: str) -> None:
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=(ADDRESS, 0)),
                                                5)
    except (OSError, TimeoutError):
        stats.statuses["refused"] = stats.statuses.get("refused", 0) + 1
        await asyncio.sleep(0.05)
        return
    try:
        writer.write(b"POST /api/decks/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n")
        writer.write(body)
        await asyncio.wait_for(writer.drain(), 10)
        head = await asyncio.wait_for(reader.readline(), 10)
        status = head.split(b" ")[1].decode() if b" " in head else "?"
        stats.statuses[status] = stats.statuses.get(status, 0) + 1
    except (OSError, TimeoutError, IndexError):
        stats.statuses["dropped"] = stats.statuses.get("dropped", 0) + 1
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()
    if kind == "big":
        stats.big_posts += 1
    else:
        stats.nested_posts += 1


async def _posts(port: int, stats: AttackStats, deadline: float) -> None:
    big = b'{"game": "chant", "text": "' + b"1 x\\n" * (1 << 18) + b'"}'
    nested = b'{"game": "chant", "text": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    while time.monotonic() < deadline:
        await _post(port, big, stats, "big")
        await _post(port, nested, stats, "nested")


UNKNOWN_DECK = json.dumps({"game": "chant", "text": "\n".join(f"1 Firebal{i}xyz" for i in range(299))}).encode()
PREVIEW = json.dumps({"game": "chant", "fields": {
    "name": "小さな火花", "id": "little_spark", "other_name": "Little Spark",
    "stats": {"区分": "書庫", "属性": "幻想", "詠唱値": "1", "威力": "1"},
    "sections": {"『発動効果』": "カードを1枚ドローする。"}}}).encode()


async def _compute(port: int, method: bytes, path: bytes, body: bytes, stats: AttackStats) -> None:
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port, local_addr=(ADDRESS, 0)),
                                                5)
    except (OSError, TimeoutError):
        await asyncio.sleep(0.05)
        return
    try:
        head = (method + b" " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n")
        writer.write(head + body)
        await asyncio.wait_for(writer.drain(), 10)
        line = await asyncio.wait_for(reader.readline(), 10)
        status = line.split(b" ")[1].decode() if b" " in line else "?"
    except (OSError, TimeoutError, IndexError):
        status = "dropped"
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()
    stats.computes += 1
    stats.compute_statuses[status] = stats.compute_statuses.get(status, 0) + 1


async def _computes(port: int, stats: AttackStats, deadline: float) -> None:
    requests = [(b"POST", b"/api/decks/check", UNKNOWN_DECK), (b"POST", b"/api/cards/preview", PREVIEW),
                (b"GET", b"/api/history", b""), (b"GET", b"/api/decks/chant", b""), (b"GET", b"/api/pool/chant", b"")]
    i = 0
    while time.monotonic() < deadline:
        method, path, body = requests[i % len(requests)]
        await _compute(port, method, path, body, stats)
        i += 1


async def _half_open(port: int, stats: AttackStats, deadline: float, count: int) -> None:
    held: list[asyncio.StreamWriter] = []
    try:
        while time.monotonic() < deadline:
            held = [w for w in held if not w.is_closing()]
            while len(held) < count and time.monotonic() < deadline:
                try:
                    _, writer = await asyncio.wait_for(
                        asyncio.open_connection("127.0.0.1", port, local_addr=(ADDRESS, 0)), 5)
                except (OSError, TimeoutError):
                    break
                writer.write(b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                held.append(writer)
                stats.half_open += 1
            await asyncio.sleep(0.5)
    finally:
        for w in held:
            w.close()


async def attack(port: int, game_id: str, deadline: float, sockets: int = 30, half_open: int = 200) -> AttackStats:
    """Run every attack against the server on ``port`` until ``deadline`` (``time.monotonic()``)."""
    stats = AttackStats()
    tasks = [_flood(port, game_id, stats, deadline) for _ in range(sockets)]
    tasks += [_posts(port, stats, deadline), _half_open(port, stats, deadline, half_open),
              _computes(port, stats, deadline)]
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats


def _main(port: int, game_id: str, seconds: float, out: Any) -> None:
    import os

    os.nice(19)
    out.put(asyncio.run(attack(port, game_id, time.monotonic() + seconds)))


def run_attacker(port: int, game_id: str, seconds: float) -> tuple[Any, Any]:
    """Start the attacker in a process of its own for ``seconds``; returns (process, result queue)."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_main, args=(port, game_id, seconds, out), daemon=True)
    proc.start()
    return proc, out
