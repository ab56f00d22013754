"""Connections of a real server process: half-sent requests, per-client caps, the help that lists the limits (W9)."""

from __future__ import annotations

import json
import socket
import time
import urllib.request

from server_helpers import servers

from grimoire.web.limits import SPECS


def _settle(check, seconds: float = 30.0) -> bool:  # type: ignore[no-untyped-def]
    """Poll ``check`` until it holds (a bound on waiting, not a measurement)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return bool(check())


def test_w9_half_sent_requests_are_capped_per_client_and_closed_after_the_header_timeout(tmp_path):
    """The attack: thousands of half-sent requests held open until the server runs out of file descriptors."""
    with servers(str(tmp_path / "g.db"), 1, "--limit", "conns_per_client=20", "--limit", "header_timeout=1") as (s,):
        base = s.open_fds()
        held = []
        for _ in range(120):
            sock = socket.create_connection(("127.0.0.1", s.port))
            sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the rest
            held.append(sock)
        assert s.open_fds() <= base + 25  # the 100 beyond the cap were refused at once
        refused = 0
        for sock in held[20:]:
            sock.settimeout(10)
            reply = sock.recv(4096)
            if b" 503 " in reply.split(b"\r\n", 1)[0]:
                refused += 1
                assert json.loads(reply.split(b"\r\n\r\n", 1)[1])["error"]["code"] == "overloaded"
        assert refused == 100
        assert _settle(lambda: s.open_fds() <= base + 2), "half-sent requests still hold descriptors"
        for sock in held:
            sock.close()
        with urllib.request.urlopen(f"{s.url}/api/meta", timeout=10) as res:  # and the server serves again
            assert res.status == 200


def test_w9_every_limit_is_documented_in_serve_help_and_docs(capsys, monkeypatch):
    from pathlib import Path

    from cli_helpers import call

    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = call(capsys, monkeypatch, ["serve", "--help"])
    assert code == 0
    help_text = " ".join(out.split())
    docs = (Path(__file__).resolve().parents[2] / "docs" / "server.md").read_text(encoding="utf-8")
    for spec in SPECS:
        default = int(spec.default) if spec.default == int(spec.default) else spec.default
        assert f"{spec.name} ({default}" in help_text, spec.name
        assert f"`{spec.name}`" in docs, spec.name
    assert "--durability" in help_text and "postgresql://" in help_text


def test_w9_connections_from_the_trusted_proxy_are_not_capped_as_one_client(tmp_path):
    """Behind the documented reverse proxy every player's connection comes from the proxy: capping them as one
    address let players lock each other out of reconnecting (and then claim the win)."""
    with servers(str(tmp_path / "g.db"), 1, "--limit", "conns_per_client=4", "--forwarded-allow-ips",
                 "127.0.0.1") as (s,):
        held = [socket.create_connection(("127.0.0.1", s.port)) for _ in range(12)]
        try:
            for sock in held:
                sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n")
            for sock in held:
                sock.settimeout(10)
                assert b" 200 " in sock.recv(4096).split(b"\r\n", 1)[0]
        finally:
            for sock in held:
                sock.close()
