"""The history of finished games, their records, and new games played from a position of one.

Routes (added to the application by :func:`history_routes`)::

    GET  /history                    the history page
    GET  /api/history                finished games against the computer (games between people are private
                                     to their players), most recently ended first (``?after=NEXT``: the page
                                     after the one whose ``next`` was NEXT; keyset pages on an index)
    GET  /api/games/{id}/record      a finished game's record: the JSON ``grimoire replay --verify`` accepts
                                     (a game between people: only with a seat's token, ``?seat=`` or the
                                     header X-Seat-Token)
    POST /api/games/{id}/show        ``{"token": SEAT TOKEN, "show": true|false}``: a player of a finished game
                                     between people chooses whether it is shown on the public history (it is
                                     when both players have chosen so; its record is then public too);
                                     without ``show``, what the seat chose (``mine``) and whether it is public
    POST /api/games/{id}/branch      ``{"step": N, "seat": S, "level": L}``: a new game against the
                                     computer from the position after step N, for seat S (the other
                                     side's hidden cards re-dealt, :mod:`grimoire.core.branch`)

A record, and so a branch, is given only for a finished game: a record holds the seed and
every answer, which would show what is hidden while the game goes on.
"""

from __future__ import annotations

import json
import math
import secrets
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from grimoire.core.branch import Branch
from grimoire.core.errors import GrimoireError
from grimoire.core.i18n import LANGS

from .errors import ClientError
from .hub import HUMAN, Hub, LiveGame, client_key
from .pages import filled_page
from .storage import FIRST, StorageError

JSONBody = Callable[[Hub, Request], Awaitable[dict[str, Any]]]
LangOf = Callable[..., str]
ErrorOf = Callable[..., JSONResponse]
PAGE = 50  # finished games per page of the history


def history_routes(hub: Hub, static: Path, lang_of: LangOf, json_body: JSONBody, error: ErrorOf) -> list[BaseRoute]:
    """The routes of the module docstring (``static``: the folder of ``history.html``)."""

    async def page(request: Request) -> Response:
        return filled_page(static / "history.html")

    return [
        Route("/history", page),
        Route("/api/history", partial(_history, hub, lang_of, error)),
        Route("/api/games/{id}/record", partial(_record, hub, lang_of, error)),
        Route("/api/games/{id}/branch", partial(_branch, hub, lang_of, json_body, error), methods=["POST"]),
        Route("/api/games/{id}/show", partial(_show, hub, lang_of, json_body, error), methods=["POST"]),
    ]


def cursor(ended: float, game_id: str) -> str:
    """The history's page mark after a game: when it ended and its id.

    >>> cursor(1700000000.25, "abc"), parse_cursor(cursor(1700000000.25, "abc"))
    ('1700000000.25~abc', (1700000000.25, 'abc'))
    """
    return f"{ended!r}~{game_id}"


def parse_cursor(raw: str) -> tuple[float, str]:
    """``(ended, id)`` of a page mark from :func:`cursor`; ClientError if it is not one."""
    ended, sep, game_id = raw.partition("~")
    try:
        value = float(ended)
    except ValueError:
        value = math.nan
    if not sep or len(raw) > 80 or not math.isfinite(value) or not game_id.isascii() or not game_id.isprintable():
        raise ClientError("bad_message", "field", field="after", what="the 'next' of the page before")
    return value, game_id


async def _history(hub: Hub, lang_of: LangOf, error: ErrorOf, request: Request) -> Response:
    lang = lang_of(request)
    try:
        raw = request.query_params.get("after")
        after = FIRST if raw is None else parse_cursor(raw)
        hub.may_compute(request.client.host if request.client else None)
        try:
            rows = await hub.games.db(hub.store.finished, PAGE + 1, after)
        except StorageError:
            raise ClientError("unavailable") from None
    except ClientError as exc:
        return error(exc, lang)
    games = []
    for row in rows[:PAGE]:
        entry = row.to_json()
        entry["reason_text"] = _reason_text(hub, row.game, str(row.outcome.get("reason", "")))
        games.append(entry)
    more = len(rows) > PAGE
    last = rows[PAGE - 1] if more else None
    return JSONResponse({"games": games, "next": cursor(*last.mark) if last else None},
                        headers={"Cache-Control": "no-cache"})


def _reason_text(hub: Hub, game_name: str, reason: str) -> dict[str, str]:
    """How a game ended, in each language (the reason itself for a game this server no longer serves)."""
    try:
        game = hub.rules(game_name)
    except GrimoireError:
        return {lang: reason for lang in LANGS}
    return {lang: game.text.term(reason, lang) for lang in LANGS}


async def _finished(hub: Hub, request: Request) -> LiveGame:
    if request.path_params["id"] not in hub.live:  # read from the database and replayed: it computes
        hub.may_compute(request.client.host if request.client else None)
    live = await hub.get(request.path_params["id"])
    if live is None:
        raise ClientError("not_found")
    if live.match.outcome is None:
        raise ClientError("bad_message", "not_finished")
    return live


def private(live: LiveGame) -> bool:
    """Whether a game is private to its players: a game between people (no computer seat)."""
    return not (live.ai_seat(0) or live.ai_seat(1))


BOTH = 3  # the bits of both seats: a game between people is public when both chose to show it


async def _show(hub: Hub, lang_of: LangOf, json_body: JSONBody, error: ErrorOf, request: Request) -> Response:
    lang = lang_of(request)
    try:
        body = await json_body(hub, request)
        lang = lang_of(request, body)
        live = await _finished(hub, request)
        token, show = body.get("token"), body.get("show")
        seat = live.seat_of(token) if isinstance(token, str) else None
        if seat is None or live.ai_seat(seat):
            raise ClientError("bad_token")
        if show is not None and not isinstance(show, bool):
            raise ClientError("bad_message", "field", field="show", what="true / false")
        if private(live):
            try:
                live.stored.shown = await (hub.games.db(hub.store.game_shown, live.id) if show is None else
                                           hub.games.db(hub.store.show_game, live.id, seat, show))
            except StorageError:
                raise ClientError("unavailable") from None
    except ClientError as exc:
        return error(exc, lang)
    shown = live.stored.shown if private(live) else BOTH
    return JSONResponse({"id": live.id, "seat": seat, "mine": bool(shown & (1 << seat)), "public": shown == BOTH})


async def _shown(hub: Hub, live: LiveGame) -> bool:
    """Whether both players chose to show a game between people (read from the database: another process may
    have noted a player's choice)."""
    if live.stored.shown != BOTH:
        try:
            live.stored.shown = await hub.games.db(hub.store.game_shown, live.id)
        except StorageError:
            return False
    return live.stored.shown == BOTH


async def _record(hub: Hub, lang_of: LangOf, error: ErrorOf, request: Request) -> Response:
    try:
        live = await _finished(hub, request)
        if private(live):  # both decks and every answer: for its players only, unless both chose to show it
            token = request.headers.get("x-seat-token") or request.query_params.get("seat")
            if (not token or live.seat_of(token) is None) and not await _shown(hub, live):
                raise ClientError("bad_token", "private_game")
    except ClientError as exc:
        return error(exc, lang_of(request))
    record = live.match.record({"server_game": live.id, "seats": list(live.seats), "created": live.stored.created})
    body = json.dumps(record.to_json(), ensure_ascii=False, indent=1)
    name = f"grimoire-{live.game.name}-{live.id}.json"
    return Response(body, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-cache"})


async def _branch(hub: Hub, lang_of: LangOf, json_body: JSONBody, error: ErrorOf, request: Request) -> Response:
    lang = lang_of(request)
    try:
        body = await json_body(hub, request)
        lang = lang_of(request, body)
        source = await _finished(hub, request)
        if source.stored.branch is not None:
            raise ClientError("bad_message", "branch_of_branch")
        step, seat, level = body.get("step"), body.get("seat"), body.get("level")
        steps = source.seq
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= steps:
            raise ClientError("bad_message", "field", field="step", what="an integer 0–{n}", n=steps)
        if seat not in (0, 1) or isinstance(seat, bool):
            raise ClientError("bad_message", "field", field="seat", what="0 / 1")
        choices = hub.levels(source.game.name)
        if level not in choices:
            raise ClientError("bad_message", "field", field="level", what=" / ".join(choices))
        setup = source.match.played_setup()  # a board-coin game's post times replay its tosses up to ``step``
        branch = Branch(tuple(source.match.answers[:step]), int(seat), secrets.randbits(63))
        seats = [HUMAN, HUMAN]
        seats[1 - int(seat)] = f"ai:{level}"
        client = client_key(request.client.host if request.client else None)
        live, tokens = await hub.create_for(client, source.game.name, setup.decks, seats, dict(setup.options),
                                            seed=setup.seed, branch=branch,
                                            posts=setup.chance_script if setup.chance == "post" else None)
    except ClientError as exc:
        return error(exc, lang)
    except GrimoireError as exc:  # e.g. the game is over at that step: nothing to play from there
        return error(ClientError("bad_message", "game_error", text=str(exc)), lang)
    base = request.app.state.public_url
    link = f"{base}/g/{live.id}#seat={tokens[int(seat)]}"
    return JSONResponse({"id": live.id, "game": live.game.name, "seats": seats, "seat": seat, "from": source.id,
                         "step": step, "links": {"seat": link, "spectator": f"{base}/g/{live.id}"}},
                        status_code=201)
