"""Load benchmark of the web server: many concurrent games played over WebSocket.

Starts ``python -m grimoire.web`` on a loopback port with a fresh database, then keeps
``--games`` games running at once (when one ends, its slot starts a new one) for
``--rounds`` rounds of ``--duration`` seconds. Each game's two seats are client coroutines that answer their
decisions with a random option, as a computer opponent would, after a think time.
Measured: answer latency (send → the acknowledged update arrives) p50/p99, throughput
(answers/s) and the server's resident memory. A second, shorter phase answers with no
think time at all to find the saturation throughput.

    python bench/web_load.py --games 200 --rounds 3 --duration 20 --out docs/performance.md

Everything stays on 127.0.0.1; the run is bounded in time and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import write_section

from grimoire.core.rng import Chance

ACK = re.compile(r',"ack":(\d+)}$')
STARTERS = {"chant": ("fire", "science"), "destiny": ("spirit_festival", "mystery_festival")}


@dataclass
class Stats:
    """What one phase measured."""

    latencies: list[float] = field(default_factory=list)
    answers: int = 0
    games_started: int = 0
    games_finished: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    rss_peak_kb: int = 0
    elapsed: float = 0.0
    server_cpu: float = 0.0
    client_cpu: float = 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def start_server(port: int, db: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "grimoire.web", "--host", "127.0.0.1", "--port", str(port),
                             "--db", str(db), "--ai-delay", "0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=2) as res:
                if res.status == 200:
                    return proc
        except OSError:
            time.sleep(0.1)
    proc.terminate()
    raise SystemExit("the server did not start in 30 s")


async def post_json(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """A minimal HTTP/1.1 POST over asyncio streams (keeps the client dependency-free)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = json.dumps(body).encode()
    writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode() + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    with contextlib.suppress(Exception):
        await writer.wait_closed()
    head, _, payload = raw.partition(b"\r\n\r\n")
    if b" 201 " not in head.split(b"\r\n", 1)[0]:
        raise RuntimeError(f"create failed: {head[:80]!r}")
    result: dict[str, Any] = json.loads(payload)
    return result


async def seat(port: int, game_id: str, token: str, chance: Chance, think: tuple[float, float], stats: Stats,
               deadline: float) -> bool:
    """Play one seat until the game ends or time is up; True if the game finished."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{game_id}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "ja"}))
        sent_at: dict[int, float] = {}
        while True:
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=max(0.5, deadline - time.monotonic() + 2))
            except TimeoutError:
                return False  # time is up and the other seat has left
            now = time.perf_counter()
            # Parse only what this seat needs: most updates are the other seat's moves.
            ack = ACK.search(text, len(text) - 24)
            if ack is not None and int(ack.group(1)) in sent_at:
                stats.latencies.append(now - sent_at.pop(int(ack.group(1))))
                stats.answers += 1
            if text.startswith('{"type":"error"'):
                code = json.loads(text)["code"]
                stats.errors[code] = stats.errors.get(code, 0) + 1
                continue
            if '"outcome":null' not in text:
                return True
            if time.monotonic() > deadline:
                return False
            if '"decision":null' in text:
                continue
            decision = json.loads(text)["decision"]
            lo, hi = think
            if hi > 0:
                await asyncio.sleep(lo + (hi - lo) * chance.below(1000) / 1000)
            options = decision["options"]
            option = options[chance.below(len(options))]["id"]
            sent_at[decision["seq"]] = time.perf_counter()
            await ws.send(json.dumps({"type": "answer", "seq": decision["seq"], "option": option}))


async def slot(port: int, index: int, think: tuple[float, float], stats: Stats, deadline: float) -> None:
    """Keep one game running until time is up: create it, play both seats, repeat."""
    chance = Chance.seeded(7919 * index + 1)
    n = 0
    while time.monotonic() < deadline:
        game = ("chant", "destiny")[(index + n) % 2]
        n += 1
        mine, theirs = STARTERS[game]
        created = await post_json(port, "/api/games", {
            "game": game, "deck": {"starter": mine}, "opponent": {"kind": "friend", "deck": {"starter": theirs}}})
        tokens = [link.split("#seat=", 1)[1] for link in created["links"]["seats"]]
        stats.games_started += 1
        done = await asyncio.gather(*(seat(port, created["id"], tokens[s], Chance.seeded(chance.next64()), think,
                                           stats, deadline) for s in (0, 1)))
        if all(done):
            stats.games_finished += 1


async def phase(port: int, pid: int, games: int, duration: float, think: tuple[float, float]) -> Stats:
    stats = Stats()
    deadline = time.monotonic() + duration

    async def sample() -> None:
        while time.monotonic() < deadline + 1:
            stats.rss_peak_kb = max(stats.rss_peak_kb, rss_kb(pid))
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    started = time.perf_counter()
    cpu_before = cpu_seconds(pid)
    client_before = cpu_seconds(os.getpid())
    # ramp up over one second so that set-up does not land in one burst
    tasks = []
    for i in range(games):
        tasks.append(asyncio.create_task(slot(port, i, think, stats, deadline)))
        if i % 20 == 19:
            await asyncio.sleep(0.1)
    results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), timeout=duration + 60)
    for r in results:
        if isinstance(r, BaseException):
            key = type(r).__name__
            stats.errors[key] = stats.errors.get(key, 0) + 1
            print(f"client failure: {r!r}", file=sys.stderr)
    stats.elapsed = time.perf_counter() - started
    stats.server_cpu = (cpu_seconds(pid) - cpu_before) / stats.elapsed
    stats.client_cpu = (cpu_seconds(os.getpid()) - client_before) / stats.elapsed
    sampler.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await sampler
    return stats


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarise(name: str, games: int, think: tuple[float, float], stats: Stats) -> dict[str, Any]:
    elapsed = stats.elapsed
    lat = [x * 1000 for x in stats.latencies]
    return {
        "phase": name, "games": games, "think": think, "elapsed": elapsed, "answers": stats.answers,
        "throughput": stats.answers / elapsed if elapsed else 0.0,
        "p50": percentile(lat, 0.50), "p99": percentile(lat, 0.99), "max": max(lat) if lat else float("nan"),
        "mean": statistics.fmean(lat) if lat else float("nan"),
        "started": stats.games_started, "finished": stats.games_finished, "errors": dict(stats.errors),
        "rss_peak_mb": stats.rss_peak_kb / 1024, "server_cpu": stats.server_cpu,
        "client_cpu": stats.client_cpu,
    }


def load_average() -> str:
    try:
        return " / ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def report(rows: list[dict[str, Any]], rss_idle_mb: float, target_ms: float, load: str) -> str:
    lines = [
        "Web server load (`bench/web_load.py`): one uvicorn process (`python -m grimoire.web`) on loopback, "
        "SQLite in WAL mode, every answer committed before it is acknowledged. Each game's two seats are "
        "WebSocket clients in a second process answering with a random option; latency is send → the "
        "acknowledged update received. Half the games are Chant, half Destiny Saga; a finished game's slot "
        "starts a new one.",
        "",
        "| phase | concurrent games | think time | answers | answers/s | p50 ms | p99 ms | max ms "
        "| games finished | errors | server CPU | clients CPU | server RSS peak |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        think = "none" if r["think"][1] == 0 else f"{r['think'][0]:.2f}–{r['think'][1]:.2f} s"
        errors = sum(r["errors"].values())
        lines.append(f"| {r['phase']} | {r['games']} | {think} | {r['answers']} | {r['throughput']:.0f} | "
                     f"{r['p50']:.1f} | {r['p99']:.1f} | {r['max']:.1f} | {r['finished']} / {r['started']} | "
                     f"{errors} | {100 * r['server_cpu']:.0f}% | {100 * r['client_cpu']:.0f}% | "
                     f"{r['rss_peak_mb']:.0f} MiB |")
    paced_rows = [r for r in rows if r["phase"].startswith("paced")]
    p99 = statistics.median(r["p99"] for r in paced_rows)
    verdict = "met" if p99 < target_ms else "NOT met"
    lines += [
        "",
        f"Load average of the machine before the run (1/5/15 min): {load}; server and clients share its 2 cores "
        f"with anything else running. Server RSS after start-up: {rss_idle_mb:.0f} MiB.",
        "",
        f"Target — p99 under {target_ms:.0f} ms with {paced_rows[0]['games']} concurrent games, paced: "
        f"**{verdict}** (median p99 of {len(paced_rows)} rounds: {p99:.1f} ms). The saturation phase answers with "
        "no think time, so its latency is queueing time: it shows the ceiling in answers per second of server and "
        "clients together.",
    ]
    return "\n".join(lines)


async def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = start_server(port, Path(tmp) / "bench.db")
        try:
            idle = rss_kb(proc.pid) / 1024
            think = (args.think_min, args.think_max)
            for i in range(args.rounds):
                paced = await phase(port, proc.pid, args.games, args.duration, think)
                rows.append(summarise(f"paced {i + 1}", args.games, think, paced))
            if args.saturate > 0:
                sat = await phase(port, proc.pid, args.games, args.saturate, (0.0, 0.0))
                rows.append(summarise("saturation", args.games, (0.0, 0.0), sat))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    args.idle_mb = idle
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of each paced round (default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="paced rounds (default 3)")
    parser.add_argument("--saturate", type=float, default=15.0, help="seconds of the no-think phase (0: skip)")
    parser.add_argument("--think-min", type=float, default=0.2, help="least think time per answer, s")
    parser.add_argument("--think-max", type=float, default=0.6, help="most think time per answer, s")
    parser.add_argument("--target-ms", type=float, default=50.0)
    parser.add_argument("--out", type=Path, default=None, help="write the <!-- bench:web --> section of this file")
    args = parser.parse_args()
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    load = load_average()
    rows = asyncio.run(run(args))
    text = report(rows, args.idle_mb, args.target_ms, load)
    print(text)
    for r in rows:
        if r["errors"]:
            print(f"errors in {r['phase']}: {r['errors']}", file=sys.stderr)
    if args.out is not None:
        write_section(args.out, "web", text)
        print(f"wrote the web section of {args.out}")


if __name__ == "__main__":
    main()
