"""The analysis board's server side: ``GET /api/games/{id}/analysis?step=N&seconds=S`` searches the
decision after ``N`` answers from the deciding seat's view (:mod:`grimoire.ai.analysis`) and returns
every option with its label, estimated win rate and visits, the suggested answer and the expected line.

Who may ask, so that analysis never helps a player against a person or shows a hidden card:

* a finished game against the computer: anyone (its record is public);
* a finished game between people: its players (their seat link), as for its record;
* a game against the computer still being played: the person, for their own decisions only;
* a game between people still being played: nobody.

A position set up by hand on the board editor (``/board``) is analysed by
``POST /api/analysis/position``: ``{"game", "seat", "turn", "life": [P1, P2], "hand_count", "zones": [{zone:
text}, {zone: text}], "decks": [starter, starter]}`` (:mod:`grimoire.web.boardsetup`; or ``"position"``: a
position in the game's notation, as ``grimoire analyze --position`` reads it), with ``seconds`` or
``iterations`` and ``seed`` in the body. It answers as above, with the ``position`` text it analysed.
``GET /api/analysis/boards`` describes each game's editor (its plugin's ``board_editor`` hook: zones, life,
words) and names the games that have none.

The thinking time is at most :data:`MAX_SECONDS`; each request spends one of the client's computing
requests (``computes_per_minute``) and runs off the event loop. ``iterations`` (at most
:data:`MAX_ITERATIONS`) with ``seed`` gives a reproducible answer.
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from grimoire.ai.analysis import Analysis, analyse
from grimoire.core.decision import Decision
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.match import Match
from grimoire.core.registry import plugin

from .boardsetup import Board, BoardError, board_position
from .errors import ClientError
from .history import ErrorOf, JSONBody, LangOf, private
from .hub import Hub
from .live import LiveGame, stored_branch

log = logging.getLogger("grimoire.web")
MAX_SECONDS = 10.0
MAX_ITERATIONS = 20_000
DEFAULT_SECONDS = 2.0


def analysis_routes(hub: Hub, lang_of: LangOf, json_body: JSONBody, error: ErrorOf) -> list[Route]:
    """The analysis routes."""
    return [Route("/api/games/{id}/analysis", partial(_analysis, hub, lang_of, error)),
            Route("/api/analysis/boards", partial(_boards, hub)),
            Route("/api/analysis/position", partial(_position_analysis, hub, lang_of, json_body, error),
                  methods=["POST"])]


def _number(request: Request, name: str, default: float | None, top: float, integer: bool,
            body: dict[str, Any] | None = None) -> float | None:
    given = request.query_params.get(name) if body is None else body.get(name)
    if given is None or given == "":
        return default
    raw = str(given)
    try:
        if isinstance(given, bool):
            raise ValueError(raw)
        value = int(raw) if integer else float(raw)
    except ValueError:
        value = -1
    if len(raw) > 12 or not 0 < value <= top:
        raise ClientError("bad_message", "field", field=name, what="a number above 0, at most {n}", n=f"{top:g}")
    return value


def _budget(request: Request, body: dict[str, Any] | None = None) -> tuple[float | None, int | None, int]:
    """The thinking time, iterations and seed asked (in the query, or in ``body``)."""
    seconds = _number(request, "seconds", None, MAX_SECONDS, integer=False, body=body)
    iterations = _number(request, "iterations", None, MAX_ITERATIONS, integer=True, body=body)
    seed = int(_number(request, "seed", 1, 2**31, integer=True, body=body) or 0)
    if seconds is None and iterations is None:
        seconds = DEFAULT_SECONDS
    if iterations is not None:
        return min(seconds or MAX_SECONDS, MAX_SECONDS), int(iterations), seed
    return seconds, None, seed


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
        seconds, iterations, seed = _budget(request)
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
        result = await asyncio.to_thread(analyse, live.game, match.state, match.setup.decks,
                                         iterations=iterations, seconds=seconds, seed=seed)
    except ClientError as exc:
        return error(exc, lang)
    body = _answer(live.game, decision, result, lang)
    body.update({"step": step, "steps": steps})
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


def _answer(game: Game[Any], decision: Decision, result: Analysis, lang: str) -> dict[str, Any]:
    """The analysis as sent: every option with its label, the expected line's first answer by its label."""
    labels = {o.id: game.text.label(o, lang) for o in decision.options}
    body = result.to_json()
    for option in body["options"]:
        option["label"] = labels.get(option["id"], option["id"])
    for i, item in enumerate(body["line"]):
        if i == 0 and item["id"] in labels:
            item["label"] = labels[item["id"]]
    body.update({"game": game.name, "prompt": game.text.prompt(decision, lang)})
    return body


def _int(body: dict[str, Any], name: str, low: int, high: int, default: int | None = None) -> int:
    value = body.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ClientError("bad_message", "field", field=name, what="an integer {low}–{high}", low=low,
                          high=high)
    return value


def board_of(game: Game[Any], body: dict[str, Any]) -> tuple[str, tuple[Deck, Deck]]:
    """The position a request sets up (its notation) and both deck lists; ClientError for any fault."""
    decks_given = body.get("decks")
    starters = sorted(game.cards.starter_decks())
    if decks_given is None:
        decks_given = [starters[0], starters[min(1, len(starters) - 1)]]
    if not isinstance(decks_given, list) or len(decks_given) != 2 or any(d not in starters for d in decks_given):
        raise ClientError("bad_message", "field", field="decks", what="two starter deck names ({names})",
                          names=", ".join(starters))
    decks = (game.cards.starter_deck(decks_given[0]), game.cards.starter_deck(decks_given[1]))
    text = body.get("position")
    if text is not None:
        if not isinstance(text, str) or len(text) > 20_000:
            raise ClientError("bad_message", "field", field="position", what="a position in the game's notation")
        return text.strip(), decks
    life = body.get("life")
    zones = body.get("zones", [{}, {}])
    if not isinstance(life, list) or len(life) != 2 or not all(isinstance(n, int) and not isinstance(n, bool)
                                                                 for n in life):
        raise ClientError("bad_message", "field", field="life", what="two integers (each seat's life)")
    if not isinstance(zones, list) or len(zones) != 2 or not all(
            isinstance(z, dict) and all(isinstance(k, str) and isinstance(v, str) and len(v) <= 4000
                                        for k, v in z.items()) for z in zones):
        raise ClientError("bad_message", "field", field="zones", what="two objects of zone texts (one per seat)")
    board = Board(seat=_int(body, "seat", 0, 1), turn=_int(body, "turn", 1, 200),
                  life=(life[0], life[1]), hand_count=_int(body, "hand_count", 0, 40),
                  zones=(zones[0], zones[1]))
    try:
        return board_position(game, board, decks, seed=_int(body, "seed", 0, 2**31, 1)), decks
    except BoardError as exc:
        raise ClientError("bad_message", exc.key, **exc.params) from None


async def _boards(hub: Hub, request: Request) -> Response:
    """Each game's board editor (zones, life, words: :meth:`BoardEditor.to_json`), and the games without one."""
    editors: dict[str, Any] = {}
    missing: list[str] = []
    for name in hub.game_names:
        try:
            found = plugin(name).board_editor_hook()
        except GrimoireError as exc:
            log.warning("game %s has a broken board editor: %s", name, exc)
            found = None
        if found is None:
            missing.append(name)
        else:
            editors[name] = found.to_json()
    return JSONResponse({"editors": editors, "without": missing})


async def _position_analysis(hub: Hub, lang_of: LangOf, json_body: JSONBody, error: ErrorOf,
                             request: Request) -> Response:
    lang = lang_of(request)
    try:
        body = await json_body(hub, request)
        lang = lang_of(request, body)
        name = body.get("game")
        if name not in hub.game_names:
            raise ClientError("bad_message", "field", field="game", what=" / ".join(hub.game_names))
        game = hub.rules(str(name))
        text, decks = board_of(game, body)
        try:
            state = game.decode_position(text)
        except GrimoireError as exc:
            raise ClientError("bad_message", "board_position", text=str(exc)[:200]) from None
        decision = game.decision(state)
        if decision is None:
            raise ClientError("bad_message", "board_no_decision")
        seconds, iterations, seed = _budget(request, body)
        hub.may_compute(request.client.host if request.client else None)
        result = await asyncio.to_thread(analyse, game, state, decks, iterations=iterations, seconds=seconds,
                                         seed=seed)
    except ClientError as exc:
        return error(exc, lang)
    answer = _answer(game, decision, result, lang)
    answer["position"] = text
    return JSONResponse(answer, headers={"Cache-Control": "no-store"})
