"""The web application (Starlette): lobby and table pages, a small JSON API and the WebSocket.

Routes::

    GET  /                         the lobby (static page)
    GET  /g/{id}                   the table of a game (seat link: /g/{id}#seat=TOKEN)
    GET  /api/meta                 games, starter decks, computer levels and rules options (described, with their rules)
    GET  /api/cards/{game}         the card catalogue of a game (public card texts)
    GET  /api/catalog/{game}       the words of a game's table: ``ui.*`` templates and terms, both languages
    POST /api/decks/check          validate a pasted deck list: errors carry the line number, ``problems`` all of them
    POST /api/games                create a game; returns the seat links and the spectator link
    GET  /api/games/{id}           public facts about a game
    GET  /api/games/{id}/replay    the view after step N (header X-Seat-Token: the seat's own view)
    GET  /api/games/{id}/forum     a seat's post for the forum thread (?seat=0|1&since=N&lang=): public text
    GET  /board                    the board editor: a position set up by hand, analysed (POST /api/analysis/position)
    POST /api/mine/games           the games of seat links a browser holds: whose move, since when, the deadline
    WS   /ws/{id}                  live play (see :mod:`grimoire.web.protocol`)
    GET  /rules/{game}?lang=ja|en  the game's numbered rules (:mod:`grimoire.web.rules`)

and the history, records and "play from here" (:mod:`grimoire.web.history`), friend games
where the friend picks their deck (:mod:`grimoire.web.invites`), and the card faces, card
editor and deck builder (:mod:`grimoire.web.cardroutes`). A
deck is a starter (``{"starter": id}``), a pasted list (``{"text": …}``) or a deck saved on
the server (``{"saved": name}``).

Every answer carries the browser safety headers; POSTs take JSON only, from this
site, within the limits (:mod:`grimoire.web.guard`, :mod:`grimoire.web.limits`); every
refusal is a typed error in the client's language (:mod:`grimoire.web.errors`).

>>> from grimoire.web.storage import Store
>>> app = create_app(Store(":memory:"))
>>> sorted(r.path for r in app.routes)[:4]
['/', '/api/analysis/boards', '/api/analysis/position', '/api/cards/preview']
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from grimoire.core.cardtools import rules_text
from grimoire.core.content import Localized
from grimoire.core.decks import Deck
from grimoire.core.errors import DeckError, GrimoireError, OptionsError
from grimoire.core.game import Game
from grimoire.core.i18n import LANGS
from grimoire.core.registry import plugin
from grimoire.core.setup_choices import check_choices, without_choices
from grimoire.core.thread import forum_post

from .analysis import analysis_routes
from .boardcoin import board_posts
from .cardroutes import card_routes
from .deckcheck import problems, screen, screen_size
from .drafts import draft_routes
from .errors import ClientError, pick_lang, refused_json
from .guard import Guard
from .history import history_routes
from .hub import HUMAN, Conn, Hub, LiveGame, client_key
from .invites import invite_routes
from .limits import Bucket, Limits
from .mygames import mygames_routes
from .ownership import owner_hash
from .pages import filled_page
from .protocol import parse_message
from .review import Reviewer, check_proposals, review_routes, token_hash
from .rules import rules_routes
from .rulesoptions import option_rows
from .safejson import JSONRefused, loads
from .storage import Storage
from .table import control_of
from .thinking import Thinker
from .verdicts import verdict_routes
from .webhooks import webhook_url

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("grimoire.web")


def create_app(store: Storage, games: Sequence[str] | None = None, ai_delay: float = 0.3,
               limits: Limits | None = None, thinker: Thinker | None = None,
               origins: Sequence[str] = (), card_paths: Mapping[str, Sequence[str | Path]] | None = None,
               user_cards: bool = False, public_url: str | None = None,
               hosts: Sequence[str] | None = None, owner_token: str | None = None) -> Starlette:
    """The application serving ``games`` (default: every installed game) from ``store``.

    ``ai_delay`` paces the computer's answers (seconds); ``limits`` are the server's
    limits (default :class:`~grimoire.web.limits.Limits`); ``thinker`` runs the searching
    computer levels (default: in a thread); ``origins`` are other sites allowed to POST;
    ``card_paths`` are card files by game and ``user_cards`` adds the user's card folder.
    ``public_url`` (no trailing slash) is put before the seat and spectator links handed out.
    ``hosts``, when given, are the names the server answers to besides IP addresses and ``localhost``
    (its ``Host`` check against DNS rebinding: :mod:`grimoire.web.guard`); ``None`` checks no Host.
    ``owner_token``, when given, is the server owner's: saved cards then wait for the owner's review
    (:mod:`grimoire.web.review`); without it they are approved at once.
    """
    limits = limits or Limits()
    hub = Hub(store, games, ai_delay=ai_delay, limits=limits, thinker=thinker, card_paths=card_paths,
              user_cards=user_cards)
    hub.reviewer = Reviewer(token_hash(owner_token or ""))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.start()
        collector = getattr(app.state, "collector", None)  # set by serve(): grimoire.web.collector
        collecting = asyncio.create_task(collector.run()) if collector is not None else None
        yield
        if collecting is not None:
            collecting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await collecting
        await hub.close()
        if collector is not None:
            collector.close()  # its pauses' summary, if asked for (uvicorn ends the process by the signal next)

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
        Route("/api/games/{id}/forum", partial(_forum, hub)),
        *history_routes(hub, STATIC, _lang, _json_body, _error),
        *analysis_routes(hub, _lang, _json_body, _error),
        Route("/board", partial(_page, "board.html")),
        *mygames_routes(hub, _lang, _json_body, _error),
        *invite_routes(hub, STATIC, _lang, _json_body, _error,
                       partial(_invite_deck, hub),
                       _spec_problems, _options),
        WebSocketRoute("/ws/{id}", partial(_play, hub)),
        *card_routes(hub, STATIC, _lang, _json_body, _error),
        *review_routes(hub, STATIC, _lang, _json_body, _error),
        *verdict_routes(hub, _lang, _json_body, _error),
        *draft_routes(hub, _lang, _json_body, _error),
        *rules_routes(lambda: hub.game_names, _lang),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    for name in hub.game_names:  # each game's own browser assets (its table renderer), from its package
        assets = plugin(name).web_assets
        if assets is not None and assets.is_dir():
            routes.append(Mount(f"/games/{name}", StaticFiles(directory=assets), name=f"game-{name}"))
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(Guard, limits=limits, origins=tuple(origins),
                                                hosts=None if hosts is None else tuple(hosts))])  # type: ignore[arg-type, unused-ignore]
    app.state.hub = hub
    app.state.public_url = public_url or ""
    hub.announcer.base_url = public_url or ""
    return app


async def _page(name: str, request: Request) -> Response:
    return filled_page(STATIC / name)  # its shared head and top bar written in (grimoire.web.pages)


def _lang(request: Request, body: dict[str, Any] | None = None) -> str:
    """The client's language: ``lang`` in the body or the query, else its Accept-Language."""
    for value in ((body or {}).get("lang"), request.query_params.get("lang")):
        if value in LANGS:
            return str(value)
    return pick_lang(request.headers.get("accept-language"))


def _error(exc: ClientError, lang: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": {"code": exc.code, "message": exc.message(lang), **extra}}, status_code=exc.status)


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
            # its card ids (all sections, list order): the deck builder can start from it
            starters.append({"id": deck_id, "name": _localized_name(deck.name or deck_id),
                             "cards": [cid for ids in deck.sections.values() for cid in ids]})
        renderer = plugin(name).web_renderer()
        games.append({"name": name, "title": {"ja": game.title.ja, "en": game.title.en},
                      "starters": starters, "levels": hub.levels(name), "options": option_rows(game),
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


def _game_error(hub: Hub, name: str, exc: GrimoireError) -> ClientError:
    """The ``not_found`` error of a game that cannot be loaded: an unknown name in the client's language."""
    if name not in hub.game_names:
        return ClientError("not_found", "unknown_game", name=name[:40], known=", ".join(hub.game_names))
    return ClientError("not_found", "game_error", text=str(exc))


async def _cards(hub: Hub, request: Request) -> Response:
    try:
        game = hub.games.refresh(request.path_params["game"]) if request.path_params["game"] in hub.game_names \
            else hub.rules(request.path_params["game"])
    except GrimoireError as exc:
        return _error(_game_error(hub, request.path_params["game"], exc), _lang(request))
    cards = {card.id: _plain_card(card, game.pool.tables.get(card.id, {})) for card in game.pool}
    for cid, card in cards.items():  # what a card says: generated from its effects (core.cardtools)
        card["text"] = {lang: rules_text(game, cid, lang) for lang in LANGS}
    return JSONResponse({"game": game.name, "cards": cards}, headers={"Cache-Control": "no-cache"})


async def _catalog(hub: Hub, request: Request) -> Response:
    """The words a table shows: ``ui`` (keys without the ``ui.`` prefix) and ``terms``, each ``{ja, en}``."""
    try:
        game = hub.rules(request.path_params["game"])
    except GrimoireError as exc:
        return _error(_game_error(hub, request.path_params["game"], exc), _lang(request))
    catalog = game.text.catalog
    terms = {word: {"ja": ja, "en": en} for word, (ja, en) in catalog.terms.items()}
    return JSONResponse({"game": game.name, "ui": catalog.ui(), "terms": terms},
                        headers={"Cache-Control": "no-cache"})


async def _json_body(hub: Hub, request: Request) -> dict[str, Any]:
    """The request's JSON object, parsed within the limits (the Guard has bounded its size)."""
    try:
        body = loads(await request.body(), hub.limits.json_depth, hub.limits.json_digits,
                     hub.limits.json_items)
    except JSONRefused as exc:
        raise refused_json(exc, hub.limits) from None
    if not isinstance(body, dict):
        raise ClientError("bad_message", "not_object")
    return body


def _options(game: Game[Any], raw: Any) -> dict[str, Any]:
    """Rules options from a request: an object of plain values, checked by the game."""
    if raw is None:
        return game.options(None)
    if not isinstance(raw, dict) or not all(isinstance(v, (str, int, float, bool)) for v in raw.values()):
        raise ClientError("bad_message", "field", field="options", what="an object of plain values")
    specs = {spec.name: spec for spec in game.option_specs}
    for name, value in raw.items():
        spec = specs.get(name)
        if spec is None:
            raise ClientError("bad_message", "unknown_option", name=str(name)[:40], known=", ".join(specs))
        try:
            spec.coerce(value)
        except OptionsError:
            raise ClientError("bad_message", "bad_option", name=name, value=str(value)[:40],
                              allowed=_allowed(spec.default, spec.choices, spec.minimum, spec.maximum)) from None
    return game.options(raw)


def _allowed(default: Any, choices: tuple[Any, ...], low: int | None, high: int | None) -> str:
    """The values a rules option takes, in words of neither language: ``a / b``, ``true / false``, ``0–20``."""
    if choices:
        return " / ".join(str(c) for c in choices)
    if isinstance(default, bool):
        return "true / false"
    if isinstance(default, int):
        return f"{'' if low is None else low}–{'' if high is None else high}"
    return str(default)


def _deck(game: Game[Any], spec: Any, field: str, options: dict[str, Any], saved: Mapping[str, str],
          withdrawn: Callable[[str], frozenset[str]] | None = None,
          proposed: Callable[[str], Mapping[str, str]] | None = None, owner: str = "",
          against_computer: bool = False) -> Deck:
    """A deck from ``{"starter": id}``, ``{"text": deck list}`` or ``{"saved": name}`` (one of ``saved``,
    the server's saved decks by name), checked under ``options``; ``withdrawn(game name)``: the saved cards
    a new deck may no longer use (their owners withdrew them); ``proposed(game name)``: the saved cards
    not approved yet, used only by their author (``owner``, a token's hash) ``against_computer``
    (:func:`grimoire.web.review.check_proposals`)."""
    deck = _read_deck(game, spec, field, options, saved)
    gone = withdrawn(game.name) if withdrawn is not None else frozenset()
    for card_id in deck.all_cards():
        if card_id in gone:
            raise ClientError("deck", "card_withdrawn", id=card_id)
    if proposed is not None:
        check_proposals(deck.all_cards(), proposed(game.name), owner, against_computer)
    return deck


def _invite_deck(hub: Hub, game: Game[Any], spec: Any, field: str, options: dict[str, Any],
                 saved: Mapping[str, str], proposals: bool) -> Deck:
    """A deck of a friend game by invitation: proposed cards only when both players accept them
    (``proposals``; :mod:`grimoire.web.invites`)."""
    return _deck(game, spec, field, options, saved, hub.games.withdrawn, None if proposals else hub.games.proposed)


def _read_deck(game: Game[Any], spec: Any, field: str, options: dict[str, Any], saved: Mapping[str, str]) -> Deck:
    if not isinstance(spec, dict):
        raise ClientError("bad_message", "field", field=field, what="an object with 'starter' or 'text'")
    if isinstance(spec.get("text"), str) and spec["text"].strip():
        screen(spec["text"])
        return game.cards.deck_from_text(spec["text"], "pasted deck", options)
    if isinstance(spec.get("saved"), str):
        name = spec["saved"]
        if name not in saved:
            raise ClientError("not_found", "deck_saved_missing", name=name[:60])
        screen(saved[name], name)
        return game.cards.deck_from_text(saved[name], name, options)
    starter = spec.get("starter")
    if not isinstance(starter, str):
        raise ClientError("bad_message", "field", field=field, what="a 'starter' deck or a deck list 'text'")
    return game.cards.starter_deck(starter, options)


def _deck_error(exc: DeckError, field: str, lang: str, found: list[dict[str, Any]] | None = None) -> JSONResponse:
    return _error(_deck_refusal(exc, found or []), lang, field=field, line=exc.line, problems=found or [])


def _deck_refusal(exc: DeckError, found: list[dict[str, Any]]) -> ClientError:
    """The ``deck`` error of a refused deck list: its problem at the refused line in the client's language (from
    ``found``, the list's problems in that language), or the game's own words when none was found."""
    said = [p for p in found if p.get("line") == exc.line] or found
    return ClientError("deck", text=str(said[0]["message"]) if said else str(exc))


def _spec_problems(game: Game[Any], spec: Any, options: dict[str, Any], saved: Mapping[str, str],
                   lang: str) -> list[dict[str, Any]]:
    """Every problem of a pasted or saved deck list, in ``lang`` (empty for a starter)."""
    if not isinstance(spec, dict):
        return []
    text = spec.get("text") if isinstance(spec.get("text"), str) else saved.get(str(spec.get("saved")))
    return problems(game, text, lang, options) if isinstance(text, str) and text.strip() else []


async def _check_deck(hub: Hub, request: Request) -> Response:
    lang = _lang(request)
    try:
        body = await _json_body(hub, request)
        lang = _lang(request, body)
        name = str(body.get("game"))
        game = hub.games.refresh(name) if name in hub.game_names else hub.rules(name)
        text = body.get("text", "")
        if not isinstance(text, str):
            raise ClientError("bad_message", "field", field="text", what="a string")
        options = _options(game, body.get("options"))
        found: list[dict[str, Any]] = []
        screen_size(text)
        hub.may_compute(request.client.host if request.client else None)
        found = problems(game, text, lang, options)
        deck = _deck(game, {"text": text}, "deck", options, {}, hub.games.withdrawn, hub.games.proposed,
                     owner_hash(body.get("owner")), True)  # its author may use a proposal (against the computer)
    except ClientError as exc:
        return _error(exc, lang)
    except DeckError as exc:
        return _error(_deck_refusal(exc, found), lang, field="deck", line=exc.line, problems=found)
    except GrimoireError as exc:
        return _error(ClientError("bad_message", "game_error", text=str(exc)), lang)
    counts = {name: len(cards) for name, cards in deck.sections.items()}
    return JSONResponse({"ok": True, "name": deck.name, "counts": counts})


async def _create(hub: Hub, request: Request) -> Response:
    lang = _lang(request)
    try:
        body = await _json_body(hub, request)
        lang = _lang(request, body)
        name = str(body.get("game"))
        game = hub.games.refresh(name) if name in hub.game_names else hub.rules(name)
        opponent = body.get("opponent") or {}
        if not isinstance(opponent, dict):
            raise ClientError("bad_message", "field", field="opponent", what="an object")
        options = _options(game, body.get("options"))
        specs = (body.get("deck"), opponent.get("deck"))
        saved = await hub.saved_texts(game.name, specs)
        review = (hub.games.proposed, owner_hash(body.get("owner")), opponent.get("kind") == "ai")
        try:
            mine = _deck(game, body.get("deck"), "deck", options, saved, hub.games.withdrawn, *review)
        except DeckError as exc:
            return _deck_error(exc, "deck", lang, _spec_problems(game, body.get("deck"), options, saved, lang))
        try:
            theirs = _deck(game, opponent.get("deck") or body.get("deck"), "opponent.deck", options, saved,
                           hub.games.withdrawn, *review)
        except DeckError as exc:
            found = _spec_problems(game, opponent.get("deck") or body.get("deck"), options, saved, lang)
            return _deck_error(exc, "opponent.deck", lang, found)
        if opponent.get("kind") == "friend":
            seats = [HUMAN, HUMAN]
        elif opponent.get("kind") == "ai":
            level = opponent.get("level")
            choices = hub.levels(game.name)
            if level not in choices:
                raise ClientError("bad_message", "field", field="opponent.level", what=" / ".join(choices))
            seats = [HUMAN, f"ai:{level}"]
            setup = opponent.get("setup", "deck")
            if setup not in ("deck", "own"):
                raise ClientError("bad_message", "field", field="opponent.setup", what="'deck' / 'own'")
            if setup == "own":  # the computer picks its own set-up choices, not its deck's declared ones
                theirs = without_choices(theirs)
        else:
            raise ClientError("bad_message", "field", field="opponent.kind", what="'ai' / 'friend'")
        for deck, where in ((mine, "deck"), (theirs, "opponent.deck")):
            check_choices(game, deck.choices, where, any_kind=True)
        client = client_key(request.client.host if request.client else None)
        control = control_of(body.get("clock"))  # a time control ("5+10") or none: grimoire.web.table
        webhook = webhook_url(body.get("webhook"), bool(hub.limits.webhooks))  # grimoire.web.webhooks
        posts = board_posts(body, seats)  # the board coin asked at the toss: grimoire.web.boardcoin
        live, tokens = await hub.create_for(client, game.name, (mine, theirs), seats, options, control=control,
                                            webhook=webhook, posts=posts)
    except ClientError as exc:
        return _error(exc, lang)
    except OptionsError:  # values the game's set-up refuses (chant's depth_multipliers "1,1")
        return _error(ClientError("bad_message", "bad_options"), lang)
    except GrimoireError as exc:
        return _error(ClientError("bad_message", "game_error", text=str(exc)), lang)
    base = request.app.state.public_url
    links = {"spectator": f"{base}/g/{live.id}",
             "seats": [f"{base}/g/{live.id}#seat={t}" if t else None for t in tokens]}
    return JSONResponse({"id": live.id, "game": game.name, "seats": seats, "links": links}, status_code=201)


async def _found(hub: Hub, request: Request) -> LiveGame:
    if request.path_params["id"] not in hub.live:  # read from the database and replayed: it computes
        hub.may_compute(request.client.host if request.client else None)
    live = await hub.get(request.path_params["id"])
    if live is None:
        raise ClientError("not_found")
    return live


async def _forum(hub: Hub, request: Request) -> Response:
    """Seat ``seat``'s post for the forum thread: what happened from log line ``since`` and the board, as
    the public sees them (:mod:`grimoire.core.thread`); ``next`` is where the seat's next post starts."""
    lang = _lang(request)
    try:
        live = await _found(hub, request)
        seat, since = request.query_params.get("seat", "0"), request.query_params.get("since", "0")
        if seat not in ("0", "1"):
            raise ClientError("bad_message", "field", field="seat", what="0 / 1")
        if not since.isdigit() or len(since) > 9:
            raise ClientError("bad_message", "field", field="since", what="a log line number")
        m = live.match
        text = forum_post(live.game, m.state, m.log, min(int(since), len(m.log)), int(seat), lang)
        return JSONResponse({"text": text, "next": len(m.log)}, headers={"Cache-Control": "no-cache"})
    except ClientError as exc:
        return _error(exc, lang)


async def _summary(hub: Hub, request: Request) -> Response:
    try:
        live = await _found(hub, request)
    except ClientError as exc:
        return _error(exc, _lang(request))
    return JSONResponse(live.summary())


async def _replay(hub: Hub, request: Request) -> Response:
    lang = _lang(request)
    try:
        live = await _found(hub, request)
        token = request.headers.get("x-seat-token")
        seat = None
        if token:
            seat = live.seat_of(token)
            if seat is None:
                raise ClientError("bad_token")
        raw = request.query_params.get("step", str(live.seq))
        if not raw.lstrip("-").isdigit() or len(raw) > 12:
            raise ClientError("bad_message", "field", field="step", what="an integer")
        return JSONResponse(hub.replay(live, int(raw), seat, lang))
    except ClientError as exc:
        return _error(exc, lang)


# ----- the WebSocket --------------------------------------------------------------------
async def _writer(ws: WebSocket, conn: Conn) -> None:
    while True:
        text = await conn.take()
        if text is None:
            with contextlib.suppress(Exception):
                await ws.close(code=1008)
            return
        await ws.send_text(text)


async def _close_with(conn: Conn, writer: asyncio.Task[None], error: ClientError, seq: int | None) -> None:
    """Send a last typed error and close the socket (waiting a little for the writer to flush)."""
    conn.overflowed = False
    conn.send(error.payload(conn.lang, seq))
    conn.outbox.put_nowait(None)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(asyncio.shield(writer), 2.0)


async def _play(hub: Hub, ws: WebSocket) -> None:
    """One WebSocket connection: hello first, then answers; every refusal is a typed error."""
    limits = hub.limits
    await ws.accept()
    lang = pick_lang(ws.headers.get("accept-language"))
    game_id = ws.path_params["id"]
    if not hub.sockets.take(client_key(ws.client.host if ws.client else None)):  # sockets_per_minute
        await ws.send_json(ClientError("rate", "sockets", limit=limits.sockets_per_minute).payload(lang))
        await ws.close(code=1008)
        return
    try:
        live = await hub.get(game_id)
    except ClientError as exc:
        live, missing = None, exc
    else:
        missing = ClientError("not_found")
    if live is None:
        await ws.send_json(missing.payload(lang))
        await ws.close(code=1008)
        return
    conn = Conn(None, lang, max_queue=limits.ws_queue, max_bytes=limits.ws_queue_bytes)
    bucket = Bucket(limits.ws_rate, limits.ws_burst)
    joined = False
    writer = asyncio.create_task(_writer(ws, conn))
    try:
        while not conn.overflowed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            current = hub.live.get(game_id) or live
            if not bucket.take():
                await _close_with(conn, writer, ClientError("rate", rate=f"{limits.ws_rate:g}"), current.seq)
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            try:
                msg = parse_message(raw, limits)
                kind = msg["type"]
                if kind == "hello":
                    hub.join(current, msg["token"], msg["lang"], conn, msg["table"], msg["away"], msg["idle"])
                    joined = True
                elif not joined:
                    raise ClientError("bad_message", "hello_first")
                elif kind == "answer":
                    await hub.answer(current, conn, msg["seq"], msg["option"])
                elif kind in ("concede", "claim", "rematch"):  # grimoire.web.table
                    await getattr(hub.table, kind)(current, conn)
                elif kind == "takeback":  # grimoire.web.takeback
                    await hub.takebacks.request(current, conn)
                elif kind in ("takeback_yes", "takeback_no"):
                    await hub.takebacks.answer(current, conn, kind == "takeback_yes")
                elif kind == "away":  # grimoire.web.table: the idle policy
                    hub.table.away(current, conn, msg["away"], msg["idle"])
                elif kind == "lang":
                    conn.lang = msg["lang"]
                    hub.refresh(current, conn)
                else:
                    conn.send({"type": "pong"})
            except ClientError as exc:
                conn.send(exc.payload(conn.lang, current.seq))
            if writer.done():
                break
        if conn.overflowed:
            log.info("game %s: closing a socket that does not read its updates", game_id)
    except WebSocketDisconnect:
        pass
    finally:
        for game in {live, hub.live.get(game_id)}:
            if isinstance(game, LiveGame):
                hub.leave(game, conn)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
