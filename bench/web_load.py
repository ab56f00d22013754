"""Load benchmark of the web server: many concurrent games played over WebSocket.

Starts ``python -m grimoire.web`` on a loopback port with a fresh database, then keeps
``--games`` games running at once (when one ends, its slot starts a new one) for
``--rounds`` rounds of ``--duration`` seconds. Each game's two seats are client coroutines that answer their
decisions with a random option, as a computer opponent would, after a think time.
Measured: answer latency (send → the acknowledged update arrives) p50/p99, throughput
(answers/s) and the server's resident memory. A second, shorter phase answers with no
think time at all to find the saturation throughput.

    python bench/web_load.py --games 200 --rounds 3 --duration 20 --out docs/performance.md

Scenarios (each writes its own section of ``--out``):

* ``--db postgresql://… --processes 2``: the same load on PostgreSQL over two server
  processes, each game's two seats on different processes (answers reach the other seat
  through ``LISTEN/NOTIFY``);
* ``--hard 20``: besides the ordinary games, 20 games against the ``hard`` computer
  level (it thinks in the server's worker processes);
* ``--flood``: besides the ordinary games, an attacker on its own address
  (``bench/_attack.py``): sockets flooding without reading, 1 MiB and deeply nested
  POSTs, half-sent requests;
* ``--durability full``: every answer synced to disk;
* ``--attacks all`` (or a comma list of ``bench/_attack.py``'s ``SCENARIOS``): one attacker
  scenario per item of issue 29, each ALONE in a paced round of its own (after a round with no
  attacker), from a loopback address of its own and within ``conns_per_client``, so that each
  measures what it claims; the table's p50/p99 and the machine's load average are reported
  beside each.

Every player's socket comes from a loopback address of its own (``127.0.x.y``), as
players do from their own machines; the per-client limits apply to each, and to the
attacker. Latency is measured on the ordinary games only.

Everything stays on 127.0.0.0/8; the run is bounded in time and stops by itself.
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
from _attack import SCENARIOS, Target, run_attacker
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
    hard_answers: int = 0
    hard_moves: int = 0
    attack: Any = None
    scenario: str = ""
    load_before: str = ""
    load_after: str = ""


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


def children(pid: int) -> list[int]:
    """The processes started by ``pid`` (a server's thinking workers)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return out


def start_server(port: int, db: str, extra: list[str], gc_stats: Path | None = None) -> subprocess.Popen[bytes]:
    """Start a server process; ``gc_stats``: the file its collector pauses are written to when it stops."""
    env = dict(os.environ)
    if gc_stats is not None:
        env["GRIMOIRE_GC_STATS"] = str(gc_stats)
    proc = subprocess.Popen([sys.executable, "-m", "grimoire.web", "--host", "127.0.0.1", "--port", str(port),
                             "--db", db, "--ai-delay", "0", *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
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


def address(index: int) -> str:
    """The loopback address of player ``index`` (every player its own, as on the internet)."""
    return f"127.0.{1 + index // 250}.{1 + index % 250}"


async def post_json(port: int, path: str, body: dict[str, Any], source: str = "127.0.0.1") -> dict[str, Any]:
    """A minimal HTTP/1.1 POST over asyncio streams (keeps the client dependency-free)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
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


#: whether the seats ask for the ``table`` messages as the browser's page does (``--table``)
TABLE = {"on": False}


async def seat(port: int, game_id: str, token: str, chance: Chance, think: tuple[float, float], stats: Stats,
               deadline: float, source: str = "127.0.0.1", measured: bool = True) -> bool:
    """Play one seat until the game ends or time is up; True if the game finished. A seat that is not
    ``measured`` (against the computer) counts its answers apart."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{game_id}", max_size=2**22,
                                  local_addr=(source, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "ja", "table": TABLE["on"]}))
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
                latency = now - sent_at.pop(int(ack.group(1)))
                if measured:
                    stats.latencies.append(latency)
                    stats.answers += 1
                else:
                    stats.hard_answers += 1
            elif not measured and text.startswith('{"type":"state"'):
                stats.hard_moves += 1
            if text.startswith('{"type":"table"'):  # clock, presence, take-back limits (--table)
                continue
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


async def slot(ports: list[int], index: int, think: tuple[float, float], stats: Stats, deadline: float,
               hard: bool = False) -> None:
    """Keep one game running until time is up: create it, play both seats (each on its own process when
    there are several; against the computer's hard level when ``hard``), repeat."""
    chance = Chance.seeded(7919 * index + 1)
    n = 0
    while time.monotonic() < deadline:
        game = ("chant", "destiny")[(index + n) % 2]
        n += 1
        mine, theirs = STARTERS[game]
        opponent = {"kind": "ai", "level": "hard"} if hard else {"kind": "friend", "deck": {"starter": theirs}}
        port = ports[index % len(ports)]
        created = await post_json(port, "/api/games", {"game": game, "deck": {"starter": mine},
                                                       "opponent": opponent}, address(2 * index))
        links = [link for link in created["links"]["seats"] if link]
        tokens = [link.split("#seat=", 1)[1] for link in links]
        stats.games_started += 1
        done = await asyncio.gather(*(seat(ports[(index + s) % len(ports)], created["id"], tokens[s],
                                           Chance.seeded(chance.next64()), think, stats, deadline,
                                           address(2 * index + s), measured=not hard)
                                      for s in range(len(tokens))))
        if all(done) and not hard:
            stats.games_finished += 1


async def attack_target(ports: list[int], index: int) -> Target:
    """The attacker's own friend game (created from an address of its own) and its address for scenario ``index``."""
    created = await post_json(ports[0], "/api/games", {"game": "chant", "deck": {"starter": "fire"},
                                                       "opponent": {"kind": "friend"}}, f"127.0.0.{100 + index}")
    tokens = [link.split("#seat=", 1)[1] for link in created["links"]["seats"]]
    return Target(list(ports), created["id"], tokens, f"127.0.0.{66 + index}")


async def phase(ports: list[int], pids: list[int], games: int, duration: float, think: tuple[float, float],
                hard: int = 0, flood: bool = False, scenario: str = "", target: Target | None = None) -> Stats:
    stats = Stats(scenario=scenario, load_before=load_average())
    deadline = time.monotonic() + duration

    def server_cpu() -> float:
        return sum(cpu_seconds(p) + sum(cpu_seconds(c) for c in children(p)) for p in pids)

    async def sample() -> None:
        while time.monotonic() < deadline + 1:
            stats.rss_peak_kb = max(stats.rss_peak_kb, sum(rss_kb(p) for p in pids))
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    started = time.perf_counter()
    cpu_before = server_cpu()
    client_before = cpu_seconds(os.getpid())
    # ramp up over one second so that set-up does not land in one burst
    tasks = []
    for i in range(games):
        tasks.append(asyncio.create_task(slot(ports, i, think, stats, deadline)))
        if i % 20 == 19:
            await asyncio.sleep(0.1)
    for i in range(hard):
        tasks.append(asyncio.create_task(slot(ports, games + i, think, stats, deadline, hard=True)))
    if flood:
        target = await post_json(ports[0], "/api/games", {"game": "chant", "deck": {"starter": "fire"},
                                                          "opponent": {"kind": "friend"}}, "127.0.0.65")
        attacker, attack_out = run_attacker(ports[0], target["id"], deadline - time.monotonic())
    elif scenario and target is not None:
        attacker, attack_out = run_attacker(ports[0], target.game_id, deadline - time.monotonic(), scenario, target)
    results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), timeout=duration + 60)
    if flood or (scenario and target is not None):
        stats.attack = await asyncio.to_thread(attack_out.get, True, 60)
        attacker.join(10)
    for r in results:
        if isinstance(r, BaseException):
            key = type(r).__name__
            stats.errors[key] = stats.errors.get(key, 0) + 1
            print(f"client failure: {r!r}", file=sys.stderr)
    stats.elapsed = time.perf_counter() - started
    stats.server_cpu = (server_cpu() - cpu_before) / stats.elapsed
    stats.client_cpu = (cpu_seconds(os.getpid()) - client_before) / stats.elapsed
    stats.load_after = load_average()
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
        "client_cpu": stats.client_cpu, "hard_answers": stats.hard_answers, "hard_moves": stats.hard_moves,
        "attack": stats.attack, "scenario": stats.scenario, "load_before": stats.load_before,
        "load_after": stats.load_after,
    }


def load_average() -> str:
    try:
        return " / ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def describe(args: argparse.Namespace) -> str:
    """What the run was, in one paragraph."""
    store = ("PostgreSQL 15 (Debian), the server on the same machine" if args.db.startswith("postgres")
             else "SQLite in WAL mode")
    procs = (f"{args.processes} uvicorn processes (`python -m grimoire.web`), each game's two seats on different "
             "processes (answers reach the other seat through LISTEN/NOTIFY)" if args.processes > 1
             else "one uvicorn process (`python -m grimoire.web`)")
    rate = " (socket rate limit raised for the no-think saturation phase)" if args.saturate > 0 else ""
    text = (f"{procs} on loopback, {store}, durability {args.durability}{rate}, every answer committed before it is "
            "acknowledged. Each game's two seats are WebSocket clients in a second process, each from a loopback "
            "address of its own, answering with a random option; latency is send → the acknowledged update "
            "received. Half the games are Chant, half Destiny Saga; a finished game's slot starts a new one.")
    if args.table:
        text += (" Every seat asks for the `table` messages as the browser's page does (clock, presence, and the "
                 "take-back limit of the seat that answered last, computed once per answer).")
    if args.hard:
        text += (f" Besides, {args.hard} games against the `hard` computer level (one client seat each, same think "
                 "time); the computer thinks in the server's worker processes, and its games' answers are not in "
                 "the latency columns.")
    if args.flood:
        text += (" Meanwhile an attacker on one address of its own (`bench/_attack.py`, in a process of its own at "
                 "`nice 19`, standing in for its own machine) floods: 30 spectator sockets sending hello/lang "
                 "without reading (reconnecting when closed), 1 MiB and deeply nested POSTs one after another, 200 "
                 "half-sent requests, and the requests that compute (a deck check of 299 unknown names, card previews, "
                 "history pages, deck lists) one after another. The server runs with its default limits.")
    return text


def gc_line(args: argparse.Namespace) -> str:
    """The server processes' garbage-collector pauses over the whole run (``grimoire.web.collector.Pauses``)."""
    found = getattr(args, "gc", [])
    if not found:
        return "Collector pauses: not recorded (the server did not stop cleanly)."
    names = ("young", "middle", "full")
    parts = []
    for i, g in enumerate(found):
        minutes = max(g["seconds"], 1.0) / 60
        each = "; ".join(f"{names[k]} {g['count'][k]} ({g['count'][k] / minutes:.1f}/min), longest "
                         f"{g['longest_ms'][k]:.1f} ms ({g['longest_cpu_ms'][k]:.1f} ms CPU)" for k in range(3))
        parts.append(f"process {i + 1}, {g['seconds']:.0f} s: {each}")
    return "Collector pauses of the server (whole run, `grimoire.web.collector`): " + " — ".join(parts) + "."


def report(args: argparse.Namespace, rows: list[dict[str, Any]], rss_idle_mb: float, load: str) -> str:
    lines = [
        describe(args),
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
    verdict = "met" if p99 < args.target_ms else "NOT met"
    lines += ["", f"Load average of the machine before the run (1/5/15 min): {load}; server and clients share its "
              f"{os.cpu_count()} cores with anything else running. Server RSS after start-up: {rss_idle_mb:.0f} MiB."]
    if args.hard:
        moves = sum(r["hard_moves"] for r in paced_rows)
        lines.append(f"Games against `hard`: {sum(r['hard_answers'] for r in paced_rows)} client answers and "
                     f"{moves} updates over the paced rounds.")
    for r in rows:
        a = r["attack"]
        if a is not None:
            lines.append(f"Attack during {r['phase']}: {a.flood_messages} flood messages on {a.flood_sockets} "
                         f"sockets, {a.big_posts} 1 MiB posts, {a.nested_posts} nested posts, {a.half_open} "
                         f"half-sent requests; answers to the posts: "
                         f"{', '.join(f'{k} ×{v}' for k, v in sorted(a.statuses.items()))}; "
                         f"{a.computes} computing requests (deck check of 299 unknown names, card preview, "
                         f"history, deck list, pool): "
                         f"{', '.join(f'{k} ×{v}' for k, v in sorted(a.compute_statuses.items()))}.")
    lines += ["", gc_line(args)]
    lines += ["", f"Target — p99 under {args.target_ms:.0f} ms for the ordinary tables with "
              f"{paced_rows[0]['games']} concurrent games, paced: **{verdict}** (median p99 of {len(paced_rows)} "
              f"rounds: {p99:.1f} ms)."]
    if any(r["phase"] == "saturation" for r in rows):
        lines.append("The saturation phase answers with no think time, so its latency is queueing time: it shows "
                     "the ceiling in answers per second of server and clients together.")
    return "\n".join(lines)


def report_attacks(args: argparse.Namespace, rows: list[dict[str, Any]], rss_idle_mb: float) -> str:
    """The table of the ``--attacks`` run: each scenario alone against the paced 200-game table."""
    store = "PostgreSQL 15 (Debian)" if args.db.startswith("postgres") else "SQLite in WAL mode"
    procs = (f"{args.processes} server processes sharing it (each game's two seats on different processes)"
             if args.processes > 1 else "one server process")
    lines = [
        f"{procs}, {store}, default limits; {args.games} games played meanwhile at a think time of "
        f"{args.think_min:.1f}–{args.think_max:.1f} s, each seat from a loopback address of its own (as above). "
        "Each row is one round of "
        f"{args.duration:.0f} s with ONE attacker scenario (`bench/_attack.py`, in a process of its own at `nice 19`, "
        "from an address of its own, never more connections at once than `conns_per_client`); the first row has "
        "none. Latency is the ordinary tables' (send → acknowledged update). The load average (1 min) is the "
        "machine's at the start and end of the round: the machine is shared, and a figure taken at a load above "
        "its 2 cores measures the machine's queue as much as the server.",
        "",
        "| attacker (issue 29 item) | p50 ms | p99 ms | max ms | answers | table errors | server CPU | server RSS peak "
        "| load avg start → end | attacker sent | the server's answers to it |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        name = r["scenario"] or "none"
        item = SCENARIOS[name][0] if name in SCENARIOS else "—"
        a = r["attack"]
        sent = str(a.sent) if a is not None else "—"
        answers = a.summary() if a is not None else "—"
        lines.append(f"| {name} ({item}) | {r['p50']:.1f} | {r['p99']:.1f} | {r['max']:.0f} | {r['answers']} | "
                     f"{sum(r['errors'].values())} | {100 * r['server_cpu']:.0f}% | {r['rss_peak_mb']:.0f} MiB | "
                     f"{r['load_before'].split(' / ')[0]} → {r['load_after'].split(' / ')[0]} | {sent} | {answers} |")
    over = [r["scenario"] or "none" for r in rows if not r["p99"] < args.target_ms]
    lines += ["", gc_line(args)]
    lines += ["", f"Server RSS after start-up: {rss_idle_mb:.0f} MiB. p99 under {args.target_ms:.0f} ms: "
              + ("**held in every round**." if not over else f"**NOT held** under: {', '.join(over)}.")]
    lines += ["", "What each scenario does: " + " ".join(
        f"*{n}* — {' '.join((SCENARIOS[n][1].__doc__ or '').split(':', 1)[-1].split())}" for n in args.attack_list)]
    return "\n".join(lines)


async def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    extra = ["--durability", args.durability]
    if args.saturate > 0:  # clients with no think time answer faster than the default socket rate allows
        extra += ["--limit", "ws_rate=100", "--limit", "ws_burst=200"]
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "bench.db")
        procs = []
        try:
            ports = []
            stats_files = [Path(tmp) / f"gc-{i}.json" for i in range(args.processes)]
            for i in range(args.processes):
                ports.append(free_port())
                procs.append(start_server(ports[-1], db, extra, stats_files[i]))
            pids = [p.pid for p in procs]
            idle = sum(rss_kb(p) for p in pids) / 1024
            think = (args.think_min, args.think_max)
            if args.attack_list:
                await post_json(ports[0], "/api/decks/save", {"game": "chant", "name": "victim", "author": "V",
                                                              "text": "3 火球\n", "owner": "v" * 32}, "127.0.0.64")
                for i, name in enumerate(["", *args.attack_list]):
                    target = await attack_target(ports, i) if name else None
                    stats = await phase(ports, pids, args.games, args.duration, think, scenario=name, target=target)
                    rows.append(summarise(name or "none", args.games, think, stats))
                    print(f"{name or 'none'}: p50 {rows[-1]['p50']:.1f} p99 {rows[-1]['p99']:.1f} ms, load "
                          f"{stats.load_before} → {stats.load_after}", file=sys.stderr)
            for i in range(0 if args.attack_list else args.rounds):
                paced = await phase(ports, pids, args.games, args.duration, think, args.hard, args.flood)
                rows.append(summarise(f"paced {i + 1}", args.games, think, paced))
            if args.saturate > 0 and not args.attack_list:
                sat = await phase(ports, pids, args.games, args.saturate, (0.0, 0.0))
                rows.append(summarise("saturation", args.games, (0.0, 0.0), sat))
        finally:
            for proc in procs:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
            args.gc = [json.loads(f.read_text()) for f in stats_files if f.exists()]
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
    parser.add_argument("--db", default="", help="a postgresql:// URL (default: a fresh SQLite file)")
    parser.add_argument("--processes", type=int, default=1, help="server processes sharing the database")
    parser.add_argument("--hard", type=int, default=0, help="games against the hard computer level besides")
    parser.add_argument("--flood", action="store_true", help="an attacker floods the server meanwhile")
    parser.add_argument("--attacks", default="", help="attacker scenarios, each alone in a round of its own: "
                        f"'all' or a comma list of {', '.join(SCENARIOS)}")
    parser.add_argument("--durability", default="normal", choices=("normal", "full"))
    parser.add_argument("--table", action="store_true", help="the seats ask for the table messages (clock, "
                        "presence, take-back limits) as the browser's page does")
    parser.add_argument("--section", default="web", help="the section of --out to write (default: web)")
    parser.add_argument("--out", type=Path, default=None, help="write the <!-- bench:SECTION --> section of this file")
    args = parser.parse_args()
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    load = load_average()
    if args.processes > 1 and not args.db.startswith("postgres"):
        parser.error("several processes need a shared PostgreSQL database (--db postgresql://...)")
    args.attack_list = list(SCENARIOS) if args.attacks == "all" else [a for a in args.attacks.split(",") if a]
    unknown = [a for a in args.attack_list if a not in SCENARIOS]
    if unknown:
        parser.error(f"unknown attack {unknown[0]!r}; attacks: {', '.join(SCENARIOS)}")
    TABLE["on"] = args.table
    rows = asyncio.run(run(args))
    text = report_attacks(args, rows, args.idle_mb) if args.attack_list else report(args, rows, args.idle_mb, load)
    print(text)
    for r in rows:
        if r["errors"]:
            print(f"errors in {r['phase']}: {r['errors']}", file=sys.stderr)
    if args.out is not None:
        write_section(args.out, args.section, text)
        print(f"wrote the {args.section} section of {args.out}")


if __name__ == "__main__":
    main()
