"""Helpers for the web tests: an in-process app, seats over WebSocket, random answers."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from grimoire.core.rng import Chance
from grimoire.web.app import create_app
from grimoire.web.hub import Hub, LiveGame
from grimoire.web.limits import Limits
from grimoire.web.storage import Store

ALL_GAMES = ("toy", "chant", "destiny")
STARTERS = {"toy": ("steady", "bold"), "chant": ("fire", "science"), "destiny": ("spirit_festival", "mystery_festival")}


#: Tests answer at machine speed, far above any person's rate: the socket rate limit is raised here
#: (tests/web/test_limits.py tests it at its own values).
FAST = Limits(ws_rate=100_000, ws_burst=100_000, sockets_per_minute=100_000)


@contextlib.contextmanager
def client(db: Path, games: Sequence[str] = ALL_GAMES) -> Iterator[TestClient]:
    """A test client of a fresh app on ``db`` (the computer answers at once)."""
    with TestClient(create_app(Store(db), games, ai_delay=0, limits=FAST)) as c:
        yield c


def hub(c: TestClient) -> Hub:
    h: Hub = c.app.state.hub  # type: ignore[attr-defined]
    return h


def create(c: TestClient, game: str = "toy", opponent: dict[str, Any] | None = None) -> dict[str, Any]:
    """Create a game through the API (both seats human unless ``opponent`` says otherwise)."""
    mine, theirs = STARTERS[game]
    body = {"game": game, "deck": {"starter": mine},
            "opponent": opponent or {"kind": "friend", "deck": {"starter": theirs}}}
    res = c.post("/api/games", json=body)
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    return data


def token(link: str) -> str:
    return link.split("#seat=", 1)[1]


def hello(ws: WebSocketTestSession, tok: str | None, lang: str = "ja") -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": tok, "lang": lang})
    msg: dict[str, Any] = ws.receive_json()
    return msg


def live(c: TestClient, game_id: str) -> LiveGame:
    """A game the server has in memory (the test has played or joined it)."""
    found = hub(c).games.loaded(game_id)
    assert found is not None
    return found


def pick(msg: dict[str, Any], chance: Chance) -> str:
    options = msg["decision"]["options"]
    return str(options[chance.below(len(options))]["id"])
