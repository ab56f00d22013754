"""The analysis board's server side: ``GET /api/games/{id}/analysis?step=N&seconds=S`` searches the
decision after ``N`` answers from the deciding seat's view (:mod:`grimoire.ai.analysis`) and returns
every option with its label, estimated win rate and visits, the suggested answer and the expected line.

Who may ask, so that analysis never helps a player against a person or shows a hidden card:

* a finished game against the computer: anyone (its record is public);
* a finished game between people: its players (their seat link), as for its record;
* a game against the computer still being played: the person, for their own decisions only;
* a game between people still being played: nobody.

The thinking time is at most :data:`MAX_SECONDS`; each request spends one of the client's computing
requests (``computes_per_minute``) and runs off the event loop. ``iterations`` (at most
:data:`MAX_ITERATIONS`) with ``seed`` gives a reproducible answer.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from grimoire.ai.analysis import analyse
from grimoire.core.match import Match

from .errors import ClientError
from .history import ErrorOf, LangOf, private
from .hub import Hub
from .live import LiveGame, stored_branch

MAX_SECONDS = 10.0
MAX_ITERATIONS = 20_000
DEFAULT_SECONDS = 2.0


def analysis_routes(hub: Hub, lang_of: LangOf, error: ErrorOf) -> list[Route]:
    """The analysis route."""
    return [Route("/api/games/{id}/analysis", partial(_analysis, hub, lang_of, error))]


def _number(request: Request, name: str, default: float | None, top: float, integer: bool) -> float | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw) if integer else float(raw)
    except ValueError:
        value = -1
    if len(raw) > 12 or not 0 < value <= top:
        raise ClientError("bad_message", "field", field=name, what="a number above 0, at most {n}", n=f"{top:g}")
    return value


def _seat(live: LiveGame, request: Request) -> int | None:
    token = request.headers.get("x-seat-token") or request.query_params.get("seat")
    if not token:
        return None
    seat = live.seat_of(token)
    if seat is None:
        raise ClientError("bad_token")
    return seat


def _position(live: LiveGame, step: int) -> Match[Any]:
    # played_setup: a board-coin game's post times replay its tosses
    match: Match[Any] = Match(live.game, live.match.played_setup(), stored_branch(live.stored))
    for answer in live.match.answers[:step]:
        match.answer(answer)
    return match


async def _analysis(hub: Hub, lang_of: LangOf, error: ErrorOf, request: Request) -> Response:
    lang = lang_of(request)
    try:
        address = request.client.host if request.client else None
        live = await hub.get(request.path_params["id"])
        if live is None:
            raise ClientError("not_found")
        seat = _seat(live, request)
        steps = live.seq
        raw = request.query_params.get("step", str(steps))
        if not raw.isdigit() or len(raw) > 12 or int(raw) > steps:
            raise ClientError("bad_message", "field", field="step", what="an integer 0–{n}", n=steps)
        step = int(raw)
        seconds = _number(request, "seconds", None, MAX_SECONDS, integer=False)
        iterations = _number(request, "iterations", None, MAX_ITERATIONS, integer=True)
        seed = int(_number(request, "seed", 1, 2**31, integer=True) or 0)
        if seconds is None and iterations is None:
            seconds = DEFAULT_SECONDS
        finished = live.match.outcome is not None
        if not finished and private(live):
            raise ClientError("bad_message", "analysis_live")
        if finished and private(live) and seat is None:
            raise ClientError("bad_token", "private_game")
        match = _position(live, step)
        decision = match.decision
        if decision is None:
            raise ClientError("bad_message", "analysis_over")
        if not finished and (seat is None or live.ai_seat(seat) or decision.player != seat):
            raise ClientError("bad_message", "analysis_own")
        hub.may_compute(address)
        result = await asyncio.to_thread(
            analyse, live.game, match.state, match.setup.decks,
            iterations=None if iterations is None else int(iterations),
            seconds=seconds if iterations is None else min(seconds or MAX_SECONDS, MAX_SECONDS), seed=seed)
    except ClientError as exc:
        return error(exc, lang)
    labels = {o.id: live.game.text.label(o, lang) for o in decision.options}
    body = result.to_json()
    for option in body["options"]:
        option["label"] = labels.get(option["id"], option["id"])
    for i, item in enumerate(body["line"]):
        if i == 0 and item["id"] in labels:
            item["label"] = labels[item["id"]]
    body.update({"game": live.game.name, "step": step, "steps": steps,
                 "prompt": live.game.text.prompt(decision, lang)})
    return JSONResponse(body, headers={"Cache-Control": "no-store"})
