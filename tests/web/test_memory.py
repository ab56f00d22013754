"""Memory under a flood from one client (rule W9, issue 29 item 3): a refused connection frees what it
held at once, and the server's RSS stays within twice its idle figure.

Fresh connections each sending a 1 MB body refused with 413 held their protocol, parser and the
body read so far until the header timeout (10 s): RSS went from 56 MB to 1.7 GB in ten seconds.
"""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path

from server_helpers import Server

BODY = b"{" + b" " * (1024 * 1024 - 2) + b"}"
HEAD = (b"POST /api/decks/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % len(BODY))


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def flood(port: int, connections: int, in_flight: int = 24) -> int:
    """Open ``connections`` fresh connections, each sending a 1 MB body at once; return how many were made."""
    open_now: list[socket.socket] = []
    made = 0
    for _ in range(connections):
        try:
            conn = socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError:
            continue
        conn.setblocking(False)
        with contextlib.suppress(OSError):
            conn.send(HEAD + BODY)
        open_now.append(conn)
        made += 1
        if len(open_now) >= in_flight:
            open_now.pop(0).close()
    for conn in open_now:
        conn.close()
    return made


def test_w9_refused_bodies_free_their_memory_at_once_rss_stays_within_twice_idle(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "g.db"))
    try:
        flood(server.port, 50)  # warm up: first allocations of the parser and the loop
        idle = rss_mb(server.proc.pid)
        peak = idle
        for _ in range(12):
            assert flood(server.port, 250) > 200
            peak = max(peak, rss_mb(server.proc.pid))
        assert server.proc.poll() is None
        assert peak <= 2 * idle, f"RSS {idle:.0f} MB idle, {peak:.0f} MB under the flood"
    finally:
        server.stop()
