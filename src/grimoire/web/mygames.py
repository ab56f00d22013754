"""The games of "Mine" (``/mine``): where it is the browser's move and since when.

``POST /api/mine/games`` ``{"games": [{"id": GAME, "token": SEAT TOKEN}, …]}`` (at most
:data:`MAX_GAMES`; the tokens stay out of URLs) answers, for each game in the order asked,
its public facts (:meth:`~grimoire.web.live.LiveGame.summary`) and:

* ``seat``: the seat the token opens (None: no token, or one of no seat of this game);
* ``to_move``: the seat that must answer now (None once the game is over), and ``your_move``
  whether that is ``seat``;
* ``since``: when the move became ``to_move``'s (wall-clock seconds): the time of the last stored
  answer of the other seat, or the game's creation — read from the stored answers, so a
  restarted server gives the same;
* ``deadline``: when the seat to move runs out of time (a timed game: with days per move, the
  time of the last answer plus the days), else None.

A game the server no longer has is ``{"id": GAME, "gone": true}``.

>>> deadline_of(None) is None
True
"""

from __future__ import annotations

from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from grimoire.core.clock import Clock

from .errors import ClientError
from .history import ErrorOf, JSONBody, LangOf
from .hub import Hub, LiveGame
from .storage import StorageError

MAX_GAMES = 50  # as many as a browser remembers (static/js/recent.js)


def mygames_routes(hub: Hub, lang_of: LangOf, json_body: JSONBody, error: ErrorOf) -> list[Route]:
    """The route of the module docstring."""
    return [Route("/api/mine/games", partial(_games, hub, lang_of, json_body, error), methods=["POST"])]


def deadline_of(clock: Clock | None) -> float | None:
    """When the seat a clock runs for runs out of time (None: untimed, or stopped).

    >>> from grimoire.core.clock import TimeControl
    >>> deadline_of(Clock.start(TimeControl.parse("2d"), 1, 100.0))
    172900.0
    """
    if clock is None or clock.running is None:
        return None
    return clock.since + clock.left_ms[clock.running] / 1000


def _asked(body: dict[str, Any]) -> list[tuple[str, str]]:
    games = body.get("games")
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        raise ClientError("bad_message", "field", field="games", what="a list of at most {n} games",
                          n=MAX_GAMES)
    out = []
    for item in games:
        game_id = item.get("id") if isinstance(item, dict) else None
        token = item.get("token", "") if isinstance(item, dict) else None
        if not isinstance(game_id, str) or not 0 < len(game_id) <= 64 or not isinstance(token, str) \
                or len(token) > 200:
            raise ClientError("bad_message", "field", field="games", what="objects with 'id' and 'token'")
        out.append((game_id, token))
    return out


async def _row(hub: Hub, live: LiveGame, token: str) -> dict[str, Any]:
    seat = live.seat_of(token) if token else None
    decision = live.match.decision
    to_move = None if decision is None else decision.player
    since = None
    if to_move is not None:
        since = await hub.games.db(hub.store.turn_since, live.id, to_move)
        if since is None:
            since = live.stored.created
    return {**live.summary(), "seat": seat, "to_move": to_move, "your_move": to_move is not None and to_move == seat,
            "since": since, "deadline": deadline_of(live.clock) if to_move is not None else None}


async def _games(hub: Hub, lang_of: LangOf, json_body: JSONBody, error: ErrorOf, request: Request) -> Response:
    lang = lang_of(request)
    try:
        body = await json_body(hub, request)
        lang = lang_of(request, body)
        asked = _asked(body)
        hub.may_compute(request.client.host if request.client else None)
        rows = []
        for game_id, token in asked:
            live = await hub.get(game_id)
            rows.append({"id": game_id, "gone": True} if live is None else await _row(hub, live, token))
    except ClientError as exc:
        return error(exc, lang)
    except StorageError:
        return error(ClientError("unavailable"), lang)
    return JSONResponse({"games": rows}, headers={"Cache-Control": "no-store"})
