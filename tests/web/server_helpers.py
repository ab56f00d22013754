"""Helpers for tests against real server processes (``python -m grimoire.web`` on a loopback port)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from grimoire.core.rng import Chance


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_server(proc: subprocess.Popen[bytes], url: str, seconds: float = 60) -> None:
    """Wait until the server process ``proc`` answers ``url``/api/meta; raise if it exits or takes longer."""
    deadline = time.monotonic() + seconds
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/api/meta", timeout=2) as res:
                if res.status == 200:
                    return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start in {seconds:g} s") from None
            time.sleep(0.1)


class Server:
    """One server process; ``url`` is its base URL."""

    def __init__(self, db: str, *extra: str, log: Path | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        out = open(log, "ab") if log is not None else subprocess.DEVNULL  # noqa: SIM115
        # a test plays faster than any person: the socket message rate is raised (its limit has its own test)
        self.proc = subprocess.Popen([sys.executable, "-m", "grimoire.web", "--host", "127.0.0.1", "--port",
                                      str(self.port), "--db", db, "--ai-delay", "0", "--limit", "ws_rate=1000",
                                      "--limit", "ws_burst=1000", *extra],
                                     stdout=out, stderr=out)
        try:
            wait_for_server(self.proc, self.url)
        except RuntimeError:
            self.stop()
            raise

    def kill(self) -> None:
        """kill -9."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def open_fds(self) -> int:
        return len(os.listdir(f"/proc/{self.proc.pid}/fd"))


@contextlib.contextmanager
def servers(db: str, count: int, *extra: str) -> Iterator[list[Server]]:
    started: list[Server] = []
    try:
        for _ in range(count):
            started.append(Server(db, *extra))
        yield started
    finally:
        for s in started:
            s.stop()


def post(server: Server, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(server.url + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            return res.status, json.loads(res.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


class Seat:
    """A player's socket to one server (the websockets library's synchronous client)."""

    def __init__(self, server: Server, game_id: str, token: str | None) -> None:
        from websockets.sync.client import connect

        self.ws = connect(f"ws://127.0.0.1:{server.port}/ws/{game_id}", max_size=2**22).__enter__()
        self.token = token
        self.last = self.hello()

    def hello(self) -> dict[str, Any]:
        self.ws.send(json.dumps({"type": "hello", "token": self.token, "lang": "en"}))
        return self.recv()

    def recv(self, timeout: float = 20) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        if msg["type"] == "state":
            self.last = msg
        return msg

    def answer(self, chance: Chance) -> tuple[int, str]:
        decision = self.last["decision"]
        options = decision["options"]
        option = str(options[chance.below(len(options))]["id"])
        self.ws.send(json.dumps({"type": "answer", "seq": decision["seq"], "option": option}))
        return int(decision["seq"]), option

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
