"""The attacker of the load benchmark: one machine, no account, every cheap attack at once.

From one loopback address of its own (``127.0.0.66``) it keeps, for the whole phase:

* spectator sockets that send ``hello``/``lang`` as fast as they can and never read
  (reconnecting whenever the server closes them),
* POSTs of 1 MiB bodies and of deeply nested JSON, one after another,
* half-sent HTTP requests (headers never finished), replaced as the server drops them,
* the requests that compute, one after another (issue 29): a deck check of 299 unknown card
  names, a card preview (the rules reloaded with a new card), the history's pages and the
  saved-deck list — each the worst a client may send; they count as ``computes``.

That is ``--flood`` (every attack at once). ``--attacks`` runs instead one scenario per item of
issue 29 ALONE (:data:`SCENARIOS`), each from a loopback address of its own and with fewer
connections at once than ``conns_per_client`` (32), so that each measures what it claims and
not the connection cap.

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


# ----- one scenario per item of issue 29, each alone ---------------------------------------------
@dataclass
class Target:
    """What a scenario attacks: the server's ports, the attacker's own friend game and its seat tokens, the
    attacker's address, and a saved deck of someone else."""

    ports: list[int]
    game_id: str
    tokens: list[str]
    address: str
    victim_deck: str = "victim"


@dataclass
class Tally:
    """What one scenario sent and how the server answered (HTTP status or socket outcome → count)."""

    sent: int = 0
    answers: dict[str, int] = field(default_factory=dict)

    def note(self, what: str) -> None:
        self.answers[what] = self.answers.get(what, 0) + 1

    def summary(self) -> str:
        return ", ".join(f"{k} ×{v}" for k, v in sorted(self.answers.items(), key=lambda kv: -kv[1]))


async def _request(t: Target, tally: Tally, raw: bytes, port: int | None = None) -> None:
    """Send one HTTP request on a fresh connection from the attacker's address; note the status."""
    tally.sent += 1
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port or t.ports[0], local_addr=(t.address, 0)), 5)
    except (OSError, TimeoutError):
        tally.note("refused")
        await asyncio.sleep(0.05)
        return
    try:
        writer.write(raw)
        await asyncio.wait_for(writer.drain(), 10)
        line = await asyncio.wait_for(reader.readline(), 10)
        tally.note(line.split(b" ")[1].decode() if b" " in line else "closed")
    except (OSError, TimeoutError, IndexError):
        tally.note("dropped")
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()


def _http(method: str, path: str, body: bytes = b"", host: str = "127.0.0.1") -> bytes:
    return (f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode()


async def _workers(n: int, deadline: float, job: Any) -> None:
    async def loop(i: int) -> None:
        k = 0
        while time.monotonic() < deadline:
            await job(i, k)
            k += 1
    await asyncio.gather(*(loop(i) for i in range(n)), return_exceptions=True)


async def s_compute(t: Target, tally: Tally, deadline: float) -> None:
    """Item 1: the requests that compute, back to back on 8 connections: a deck check of 299 unknown names,
    a card preview, the history (first and a deep page), the saved-deck list, the card pool."""
    requests = [_http("POST", "/api/decks/check", UNKNOWN_DECK), _http("POST", "/api/cards/preview", PREVIEW),
                _http("GET", "/api/history"), _http("GET", "/api/history?after=1.0~zzz"),
                _http("GET", "/api/decks/chant"), _http("GET", "/api/pool/chant")]
    await _workers(8, deadline, lambda i, k: _request(t, tally, requests[(i + k) % len(requests)]))


async def _socket(t: Target, tally: Tally, deadline: float, token: str | None, read: bool, rate: float,
                  port: int | None = None) -> None:
    """One socket of the attacker's own game sending lang/hello at ``rate`` a second (reading or not)."""
    while time.monotonic() < deadline:
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port or t.ports[0]}/ws/{t.game_id}",
                                          local_addr=(t.address, 0), max_queue=None if read else 1,
                                          max_size=2**23, open_timeout=5) as ws:
                tally.note("socket")
                reader = asyncio.ensure_future(_drain(ws, tally)) if read else None
                i = 0
                while time.monotonic() < deadline:
                    msg: dict[str, Any] = ({"type": "hello", "token": token, "lang": "en"} if i % 2
                                           else {"type": "lang", "lang": "ja" if i % 4 else "en"})
                    await ws.send(json.dumps(msg))
                    tally.sent += 1
                    i += 1
                    await asyncio.sleep(1 / rate if rate else 0)
                if reader is not None:
                    reader.cancel()
        except Exception:
            tally.note("closed")
            await asyncio.sleep(0.05)


async def _drain(ws: Any, tally: Tally) -> None:
    with contextlib.suppress(Exception):
        async for message in ws:
            tally.answers["KB read"] = tally.answers.get("KB read", 0) + len(message) // 1024


async def s_lang(t: Target, tally: Tally, deadline: float) -> None:
    """Item 2: 16 spectator sockets inside every limit (18 messages/s each, under ws_rate 20) flipping the
    language and saying hello, reading every answer (each used to be the whole state and log, 81–88 KB)."""
    await asyncio.gather(*(_socket(t, tally, deadline, None, True, 18.0) for _ in range(16)),
                         return_exceptions=True)


async def s_unread(t: Target, tally: Tally, deadline: float) -> None:
    """Items 2 and 3: 16 sockets sending hello/lang as fast as they can and never reading (slow reads)."""
    await asyncio.gather(*(_socket(t, tally, deadline, None, False, 0.0) for _ in range(16)),
                         return_exceptions=True)


async def s_bodies(t: Target, tally: Tally, deadline: float) -> None:
    """Item 3: fresh connections each sending a 1 MiB body (refused with 413), 24 at a time."""
    big = _http("POST", "/api/decks/check", b'{"game": "chant", "text": "' + b"1 x\\n" * (1 << 18) + b'"}')
    await _workers(24, deadline, lambda i, k: _request(t, tally, big))


async def s_slowloris(t: Target, tally: Tally, deadline: float) -> None:
    """Item 3: 30 requests whose headers never end (under conns_per_client 32), replaced as they are dropped."""
    held: list[asyncio.StreamWriter] = []
    try:
        while time.monotonic() < deadline:
            held = [w for w in held if not w.is_closing() and not w.transport.is_closing()]
            while len(held) < 30 and time.monotonic() < deadline:
                try:
                    _, writer = await asyncio.wait_for(
                        asyncio.open_connection("127.0.0.1", t.ports[0], local_addr=(t.address, 0)), 5)
                except (OSError, TimeoutError):
                    tally.note("refused")
                    break
                writer.write(b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                held.append(writer)
                tally.sent += 1
                tally.note("held")
            await asyncio.sleep(0.5)
    finally:
        for w in held:
            w.close()


async def s_create(t: Target, tally: Tally, deadline: float) -> None:
    """Item 4: games created back to back by every path (lobby API against the computer, a friend game, an
    invitation, a branch of the attacker's finished game), 4 at a time."""
    ai = _json({"game": "chant", "deck": {"starter": "fire"}, "opponent": {"kind": "ai", "level": "easy"}})
    friend = _json({"game": "chant", "deck": {"starter": "fire"}, "opponent": {"kind": "friend"}})
    requests = [_http("POST", "/api/games", ai), _http("POST", "/api/games", friend),
                _http("POST", "/api/invites", friend),
                _http("POST", f"/api/games/{t.game_id}/branch", _json({"step": 0, "seat": 0, "level": "easy"}))]
    await _workers(4, deadline, lambda i, k: _request(t, tally, requests[(i + k) % len(requests)]))


async def s_replace(t: Target, tally: Tally, deadline: float) -> None:
    """Item 5: overwriting and withdrawing someone else's saved deck, and reading whose things a token owns,
    back to back on 4 connections (a guessed token each time)."""
    def body(k: int) -> list[bytes]:
        owner = f"guess{k:027d}"
        return [_http("POST", "/api/decks/save", _json({"game": "chant", "name": t.victim_deck, "author": "x",
                                                        "text": "3 火球\n", "owner": owner, "replace": True})),
                _http("POST", "/api/decks/withdraw", _json({"game": "chant", "name": t.victim_deck, "owner": owner})),
                _http("POST", "/api/mine", _json({"owner": owner}))]
    await _workers(4, deadline, lambda i, k: _request(t, tally, body(k)[(i + k) % 3]))


async def s_presence(t: Target, tally: Tally, deadline: float) -> None:
    """Item 6: a seat of the attacker's own game connecting, saying hello and leaving, over and over, on
    every process (each arrival and departure is a presence change: a heartbeat written on PostgreSQL,
    a table message to the game's sockets), 8 at a time; and claiming the win each time."""
    async def churn(i: int, k: int) -> None:
        port = t.ports[(i + k) % len(t.ports)]
        tally.sent += 1
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{t.game_id}", local_addr=(t.address, 0),
                                          open_timeout=5) as ws:
                await ws.send(json.dumps({"type": "hello", "token": t.tokens[i % 2], "lang": "en"}))
                first = await asyncio.wait_for(ws.recv(), 5)
                if json.loads(first).get("code") == "rate":  # sockets_per_minute: refused at the opening
                    tally.note("429")
                    return
                await ws.send(json.dumps({"type": "claim"}))
                tally.note("joined")
        except Exception:
            tally.note("refused")
            await asyncio.sleep(0.05)
    await _workers(8, deadline, churn)


#: Item 7's refused inputs: lone surrogates, a huge count, many keys, deep nesting, a foreign Host.
BAD_INPUTS = [
    _http("POST", "/api/decks/check", b'{"game": "chant", "text": "1 \\ud800"}'),
    _http("POST", "/api/decks/check", _json({"game": "chant", "text": "9" * 5000 + " Fireball"})),
    _http("POST", "/api/decks/check", _json({f"k{i}": i for i in range(5000)})),
    _http("POST", "/api/decks/check", b"[" * 5000 + b"]" * 5000),
    _http("POST", "/api/decks/save", _json({"game": "chant", "name": "Fir\u0435ball\u200b", "author": "\u202ex",
                                             "text": "3 火球\n"})),
    _http("POST", "/api/games", _json({"game": "chant", "deck": {"starter": "fire"}}), host="evil.example"),
]


async def s_inputs(t: Target, tally: Tally, deadline: float) -> None:
    """Item 7: malformed and hostile inputs back to back on 8 connections."""
    await _workers(8, deadline, lambda i, k: _request(t, tally, BAD_INPUTS[(i + k) % len(BAD_INPUTS)]))


#: The scenarios by name: (issue 29 item, what it does, coroutine).
SCENARIOS: dict[str, tuple[str, Any]] = {
    "compute": ("1", s_compute), "lang": ("2", s_lang), "unread": ("2, 3", s_unread), "bodies": ("3", s_bodies),
    "slowloris": ("3", s_slowloris), "create": ("4", s_create), "replace": ("5", s_replace),
    "presence": ("6", s_presence), "inputs": ("7", s_inputs),
}


async def scenario(name: str, target: Target, deadline: float) -> Tally:
    """Run one scenario until ``deadline`` (``time.monotonic()``); what it sent and the answers."""
    tally = Tally()
    await SCENARIOS[name][1](target, tally, deadline)
    return tally


def _main(port: int, game_id: str, seconds: float, out: Any, name: str = "", target: Target | None = None) -> None:
    import os

    os.nice(19)
    deadline = time.monotonic() + seconds
    if name and target is not None:
        out.put(asyncio.run(scenario(name, target, deadline)))
    else:
        out.put(asyncio.run(attack(port, game_id, deadline)))


def run_attacker(port: int, game_id: str, seconds: float, name: str = "",
                 target: Target | None = None) -> tuple[Any, Any]:
    """Start the attacker in a process of its own for ``seconds`` (every attack, or the scenario ``name``
    against ``target``); returns (process, result queue)."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    proc = ctx.Process(target=_main, args=(port, game_id, seconds, out, name, target), daemon=True)
    proc.start()
    return proc, out
