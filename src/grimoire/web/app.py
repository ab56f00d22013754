"""The web application (Starlette): lobby and table pages, a small JSON API and the WebSocket.

Routes::

    GET  /                         the lobby (static page)
    GET  /g/{id}                   the table of a game (seat link: /g/{id}#seat=TOKEN)
    GET  /api/meta                 games, starter decks and computer levels
    GET  /api/cards/{game}         the card catalogue of a game (public card texts)
    GET  /api/catalog/{game}       the words of a game's table: ``ui.*`` templates and terms, both languages
    POST /api/decks/check          validate a pasted deck list: errors carry the line number
    POST /api/games                create a game; returns the seat links and the spectator link
    GET  /api/games/{id}           public facts about a game
    GET  /api/games/{id}/replay    the view after step N (header X-Seat-Token: the seat's own view)
    WS   /ws/{id}                  live play (see :mod:`grimoire.web.protocol`)

>>> from grimoire.web.storage import Store
>>> app = create_app(Store(":memory:"))
>>> sorted(r.path for r in app.routes)[:3]
['/', '/api/cards/{game}', '/api/catalog/{game}']
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import AsyncIterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from grimoire.core.content import Localized
from grimoire.core.decks import Deck
from grimoire.core.errors import DeckError, GrimoireError
from grimoire.core.game import Game
from grimoire.core.i18n import LANGS
from grimoire.core.registry import plugin

from .hub import HUMAN, Conn, Hub, LiveGame
from .protocol import ClientError, parse_message
from .storage import Store

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("grimoire.web")


def create_app(store: Store, games: Sequence[str] | None = None, ai_delay: float = 0.3) -> Starlette:
    """The application serving ``games`` (default: every installed game) from ``store``; ``ai_delay``
    paces the computer's answers (seconds)."""
    hub = Hub(store, games, ai_delay=ai_delay)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await hub.close()

    routes = [
        Route("/", partial(_page, "index.html")),
        Route("/g/{id}", partial(_page, "game.html")),
        Route("/api/meta", partial(_meta, hub)),
        Route("/api/cards/{game}", partial(_cards, hub)),
        Route("/api/catalog/{game}", partial(_catalog, hub)),
        Route("/api/decks/check", partial(_check_deck, hub), methods=["POST"]),
        Route("/api/games", partial(_create, hub), methods=["POST"]),
        Route("/api/games/{id}", partial(_summary, hub)),
        Route("/api/games/{id}/replay", partial(_replay, hub)),
        WebSocketRoute("/ws/{id}", partial(_play, hub)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    for name in hub.game_names:  # each game's own browser assets (its table renderer), from its package
        assets = plugin(name).web_assets
        if assets is not None and assets.is_dir():
            routes.append(Mount(f"/games/{name}", StaticFiles(directory=assets), name=f"game-{name}"))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app


async def _page(name: str, request: Request) -> Response:
    return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})


def _error(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, **extra}}, status_code=status)


def _localized_name(text: str) -> dict[str, str]:
    """``"炎の書 / Book of Fire"`` → ``{"ja": "炎の書", "en": "Book of Fire"}``."""
    ja, _, en = text.partition(" / ")
    return {"ja": ja.strip(), "en": (en or ja).strip()}


async def _meta(hub: Hub, request: Request) -> Response:
    games = []
    for name in hub.game_names:
        try:
            game = hub.rules(name)
        except (GrimoireError, ImportError) as exc:
            log.warning("game %s is not available: %s", name, exc)
            continue
        starters = []
        for deck_id in sorted(game.cards.starter_decks()):
            try:
                deck = game.cards.starter_deck(deck_id)
            except GrimoireError as exc:
                log.warning("%s starter %s is broken: %s", name, deck_id, exc)
                continue
            starters.append({"id": deck_id, "name": _localized_name(deck.name or deck_id)})
        renderer = plugin(name).web_renderer()
        games.append({"name": name, "title": {"ja": game.title.ja, "en": game.title.en},
                      "starters": starters, "levels": hub.levels(name),
                      "renderer": f"/games/{name}/render.js" if renderer is not None else None})
    return JSONResponse({"games": games, "langs": list(LANGS)})


def _plain_card(card: Any, table: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    fields = dataclasses.fields(card) if dataclasses.is_dataclass(card) else ()
    for f in fields:
        value = getattr(card, f.name)
        if isinstance(value, Localized):
            out[f.name] = {"ja": value.ja, "en": value.en}
        elif value is None or isinstance(value, (bool, int, float, str)):
            out[f.name] = value
    for key, value in table.items():
        if key in out or key == "effects":
            continue
        if value is None or isinstance(value, (bool, int, float, str)):
            out[key] = value
        elif isinstance(value, dict) and set(value) <= {"ja", "en"}:
            out[key] = dict(value)
    out["id"] = card.id
    out["name"] = {"ja": card.name.ja, "en": card.name.en}
    return out


async def _cards(hub: Hub, request: Request) -> Response:
    try:
        game = hub.rules(request.path_params["game"])
    except GrimoireError as exc:
        return _error(404, "not_found", str(exc))
    cards = {card.id: _plain_card(card, game.pool.tables.get(card.id, {})) for card in game.pool}
    return JSONResponse({"game": game.name, "cards": cards})


async def _catalog(hub: Hub, request: Request) -> Response:
    """The words a table shows: ``ui`` (keys without the ``ui.`` prefix) and ``terms``, each ``{ja, en}``."""
    try:
        game = hub.rules(request.path_params["game"])
    except GrimoireError as exc:
        return _error(404, "not_found", str(exc))
    catalog = game.text.catalog
    terms = {word: {"ja": ja, "en": en} for word, (ja, en) in catalog.terms.items()}
    return JSONResponse({"game": game.name, "ui": catalog.ui(), "terms": terms},
                        headers={"Cache-Control": "no-cache"})


async def _json_body(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        raise ClientError("bad_json", "the request body is not JSON") from None
    if not isinstance(body, dict):
        raise ClientError("bad_message", "the request body must be a JSON object")
    return body


def _deck(game: Game[Any], spec: Any, field: str) -> Deck:
    """A deck from ``{"starter": id}`` or ``{"text": deck list}``; DeckError names the line."""
    if not isinstance(spec, dict):
        raise ClientError("bad_message", f"{field!r} must be an object with 'starter' or 'text'")
    if isinstance(spec.get("text"), str) and spec["text"].strip():
        return game.cards.deck_from_text(spec["text"], "pasted deck")
    starter = spec.get("starter")
    if not isinstance(starter, str):
        raise ClientError("bad_message", f"{field!r} needs a 'starter' deck or a deck list 'text'")
    return game.cards.starter_deck(starter)


def _deck_error(exc: DeckError, field: str) -> JSONResponse:
    return _error(400, "deck", str(exc), field=field, line=exc.line)


async def _check_deck(hub: Hub, request: Request) -> Response:
    try:
        body = await _json_body(request)
        game = hub.rules(str(body.get("game")))
        deck = _deck(game, {"text": body.get("text", "")}, "deck")
    except ClientError as exc:
        return _error(400, exc.code, exc.message)
    except DeckError as exc:
        return _deck_error(exc, "deck")
    except GrimoireError as exc:
        return _error(400, "bad_message", str(exc))
    counts = {name: len(cards) for name, cards in deck.sections.items()}
    return JSONResponse({"ok": True, "name": deck.name, "counts": counts})


async def _create(hub: Hub, request: Request) -> Response:
    try:
        body = await _json_body(request)
        game = hub.rules(str(body.get("game")))
        opponent = body.get("opponent") or {}
        if not isinstance(opponent, dict):
            raise ClientError("bad_message", "'opponent' must be an object")
        try:
            mine = _deck(game, body.get("deck"), "deck")
        except DeckError as exc:
            return _deck_error(exc, "deck")
        try:
            theirs = _deck(game, opponent.get("deck") or body.get("deck"), "opponent.deck")
        except DeckError as exc:
            return _deck_error(exc, "opponent.deck")
        if opponent.get("kind") == "friend":
            seats = [HUMAN, HUMAN]
        elif opponent.get("kind") == "ai":
            level = opponent.get("level")
            if level not in hub.levels(game.name):
                raise ClientError("bad_message", f"unknown computer level {level!r}")
            seats = [HUMAN, f"ai:{level}"]
        else:
            raise ClientError("bad_message", "'opponent.kind' must be 'ai' or 'friend'")
        options = body.get("options")
        live, tokens = hub.create(game.name, (mine, theirs), seats, options if isinstance(options, dict) else None)
    except ClientError as exc:
        return _error(400, exc.code, exc.message)
    except GrimoireError as exc:
        return _error(400, "bad_message", str(exc))
    links = {"spectator": f"/g/{live.id}", "seats": [f"/g/{live.id}#seat={t}" if t else None for t in tokens]}
    return JSONResponse({"id": live.id, "game": game.name, "seats": seats, "links": links}, status_code=201)


async def _summary(hub: Hub, request: Request) -> Response:
    live = await hub.get(request.path_params["id"])
    if live is None:
        return _error(404, "not_found", "no such game")
    return JSONResponse(live.summary())


async def _replay(hub: Hub, request: Request) -> Response:
    live = await hub.get(request.path_params["id"])
    if live is None:
        return _error(404, "not_found", "no such game")
    token = request.headers.get("x-seat-token")
    seat = None
    if token:
        seat = live.seat_of(token)
        if seat is None:
            return _error(403, "bad_token", "this link does not open a seat of this game")
    lang = request.query_params.get("lang", "ja")
    if lang not in LANGS:
        lang = "ja"
    try:
        step = int(request.query_params.get("step", str(live.seq)))
    except ValueError:
        return _error(400, "bad_message", "'step' must be an integer")
    return JSONResponse(hub.replay(live, step, seat, lang))


async def _writer(ws: WebSocket, conn: Conn) -> None:
    while True:
        text = await conn.outbox.get()
        if text is None:
            await ws.close(code=1008)
            return
        await ws.send_text(text)


async def _play(hub: Hub, ws: WebSocket) -> None:
    """One WebSocket connection: hello first, then answers; every refusal is a typed error."""
    await ws.accept()
    game_id = ws.path_params["id"]
    live = await hub.get(game_id)
    if live is None:
        await ws.send_json({"type": "error", "code": "not_found", "message": "no such game"})
        await ws.close(code=1008)
        return
    conn = Conn(None, "ja")
    joined = False
    writer = asyncio.create_task(_writer(ws, conn))
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            current = await hub.get(game_id) or live
            try:
                msg = parse_message(raw)
                kind = msg["type"]
                if kind == "hello":
                    hub.join(current, msg["token"], msg["lang"], conn)
                    joined = True
                elif not joined:
                    raise ClientError("bad_message", "say hello first")
                elif kind == "answer":
                    await hub.answer(current, conn, msg["seq"], msg["option"])
                elif kind == "lang":
                    conn.lang = msg["lang"]
                    hub.send_full(current, conn)
                else:
                    conn.send({"type": "pong"})
            except ClientError as exc:
                conn.send(exc.payload(current.seq))
            if writer.done():
                break
    except WebSocketDisconnect:
        pass
    finally:
        for game in {live, hub.live.get(game_id)}:
            if isinstance(game, LiveGame):
                hub.leave(game, conn)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
