"""Friend games where the friend chooses their own deck: an invitation, then the game.

Routes (added to the application by :func:`invite_routes`)::

    GET  /join/{id}                    the page both seat links open (seat link: /join/{id}#seat=TOKEN)
    POST /api/invites                  ``{"game", "deck", "options"?, "proposals"?}``: invite a friend; the seat
                                       links
    GET  /api/invites/{id}             the game, the host's deck, whether the host accepts proposed cards and
                                       whether the game has started
    POST /api/invites/{id}/accept      ``{"token", "deck", "proposals"?}``: the friend's deck (starter, saved or
                                       pasted)

Proposed cards (saved on a reviewed server, not approved yet: :mod:`grimoire.web.review`) are
played in the game only when both players accept them: the host's ``proposals`` tick (kept
with the invitation) and the friend's. Without both, a deck holding one is refused with one
line saying so.

The host's deck is checked when the invitation is made; the game itself (its id and both
seat tokens fixed then) is created when the friend's deck is accepted, so both seat links
lead to it from then on. Accepting twice (two tabs) gives the one game. A deck with
problems is refused with every problem in the client's language, as in the lobby.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from grimoire.core.decks import Deck
from grimoire.core.errors import DeckError, GrimoireError, OptionsError
from grimoire.core.game import Game

from .boardcoin import board_posts
from .errors import ClientError
from .hub import HUMAN, Hub, client_key
from .limits import Bucket
from .live import hash_token
from .storage import StorageError
from .table import control_of
from .webhooks import webhook_url

JSONBody = Callable[[Hub, Request], Awaitable[dict[str, Any]]]
LangOf = Callable[..., str]
ErrorOf = Callable[..., JSONResponse]
#: Reads a deck choice as the lobby does; its last argument: whether proposed cards may be used.
DeckOf = Callable[[Game[Any], Any, str, dict[str, Any], Mapping[str, str], bool], Deck]
ProblemsOf = Callable[[Game[Any], Any, dict[str, Any], Mapping[str, str], str], list[dict[str, Any]]]
OptionsOf = Callable[[Game[Any], Any], dict[str, Any]]
CLIENTS = 4096  # client addresses whose invitation rate is remembered


def invite_routes(hub: Hub, static: Path, lang_of: LangOf, json_body: JSONBody, error: ErrorOf, deck_of: DeckOf,
                  problems_of: ProblemsOf, options_of: OptionsOf) -> list[BaseRoute]:
    """The routes of the module docstring; ``deck_of``, ``problems_of`` and ``options_of`` read a deck
    choice, list its problems and read rules options as the lobby does."""
    buckets: OrderedDict[str, Bucket] = OrderedDict()

    async def page(request: Request) -> Response:
        return FileResponse(static / "join.html", headers={"Cache-Control": "no-cache"})

    async def create(request: Request) -> Response:
        lang = lang_of(request)
        try:
            body = await json_body(hub, request)
            lang = lang_of(request, body)
            client = client_key(request.client.host if request.client else None)
            bucket = buckets.pop(client, None) or Bucket(hub.limits.creates_per_minute / 60,
                                                         hub.limits.creates_per_minute)
            buckets[client] = bucket
            while len(buckets) > CLIENTS:
                buckets.popitem(last=False)
            if not bucket.take():
                raise ClientError("too_many_games", "creates", limit=hub.limits.creates_per_minute)
            try:
                await hub.may_create(client)  # the game it starts counts as the inviter's, like any other
            except StorageError:
                raise ClientError("unavailable") from None
            name = str(body.get("game"))
            game = hub.games.refresh(name) if name in hub.game_names else hub.rules(name)
            options = options_of(game, body.get("options"))
            control = control_of(body.get("clock"))  # the time control, as the lobby sends it
            webhook = webhook_url(body.get("webhook"), bool(hub.limits.webhooks))  # grimoire.web.webhooks
            posts = board_posts(body, [HUMAN, HUMAN])  # the board coin: grimoire.web.boardcoin
            saved = await _saved(hub, game, body.get("deck"))
            proposals = body.get("proposals") is True  # the host accepts proposed cards in this game
            try:
                deck = deck_of(game, body.get("deck"), "deck", options, saved, proposals)
            except DeckError as exc:
                return error(ClientError("deck", text=str(exc)), lang, field="deck", line=exc.line,
                             problems=problems_of(game, body.get("deck"), options, saved, lang))
            invite_id, game_id = secrets.token_urlsafe(9), secrets.token_urlsafe(9)
            tokens = [secrets.token_urlsafe(24), secrets.token_urlsafe(24)]
            invite = {"game": game.name, "options": options, "deck": deck.to_json(), "game_id": game_id,
                      "token_hashes": [hash_token(t) for t in tokens], "creator": client,
                      "clock": None if control is None else control.label(), "webhook": webhook,
                      "proposals": proposals,
                      **({} if posts is None else {"posts": list(posts)})}
            try:
                await hub.games.db(hub.store.save_invite, invite_id, invite, time.time())
            except StorageError:
                raise ClientError("unavailable") from None
        except ClientError as exc:
            return error(exc, lang)
        except OptionsError:  # values the game's set-up refuses (chant's depth_multipliers "1,1")
            return error(ClientError("bad_message", "bad_options"), lang)
        except GrimoireError as exc:
            return error(ClientError("bad_message", "game_error", text=str(exc)), lang)
        base = request.app.state.public_url
        links = {"seats": [f"{base}/join/{invite_id}#seat={t}" for t in tokens],
                 "spectator": f"{base}/g/{game_id}"}
        return JSONResponse({"id": invite_id, "game": game.name, "game_id": game_id, "links": links},
                            status_code=201)

    async def show(request: Request) -> Response:
        lang = lang_of(request)
        try:
            invite = await _invite(hub, request)
            seat = _seat(invite, request.headers.get("x-seat-token"))
            started = await hub.get(invite["game_id"]) is not None
        except ClientError as exc:
            return error(exc, lang)
        deck = Deck.from_json(invite["deck"])
        return JSONResponse({"game": invite["game"], "game_id": invite["game_id"], "seat": seat,
                             "host_deck": deck.name, "started": started,
                             "proposals": invite.get("proposals") is True}, headers={"Cache-Control": "no-cache"})

    async def accept(request: Request) -> Response:
        lang = lang_of(request)
        try:
            body = await json_body(hub, request)
            lang = lang_of(request, body)
            invite = await _invite(hub, request)
            token = body.get("token")
            if _seat(invite, token if isinstance(token, str) else None) != 1:
                raise ClientError("bad_token")
            if await hub.get(invite["game_id"]) is None:
                game = hub.games.refresh(invite["game"])
                options = dict(invite["options"])
                saved = await _saved(hub, game, body.get("deck"))
                both = invite.get("proposals") is True and body.get("proposals") is True
                try:
                    theirs = deck_of(game, body.get("deck"), "deck", options, saved, both)
                except DeckError as exc:
                    return error(ClientError("deck", text=str(exc)), lang, field="deck", line=exc.line,
                                 problems=problems_of(game, body.get("deck"), options, saved, lang))
                host = Deck.from_json(invite["deck"])
                if not both:  # the host's deck may hold proposals the friend has not accepted
                    waiting = hub.games.proposed(game.name)
                    held = next((c for c in host.all_cards() if c in waiting), None)
                    if held is not None:
                        raise ClientError("deck", "proposal_needs_both", id=held)
                await _start(hub, invite, (host, theirs))
        except ClientError as exc:
            return error(exc, lang)
        except OptionsError:  # values the game's set-up refuses (chant's depth_multipliers "1,1")
            return error(ClientError("bad_message", "bad_options"), lang)
        except GrimoireError as exc:
            return error(ClientError("bad_message", "game_error", text=str(exc)), lang)
        return JSONResponse({"game_id": invite["game_id"]})

    return [
        Route("/join/{id}", page),
        Route("/api/invites", create, methods=["POST"]),
        Route("/api/invites/{id}", show),
        Route("/api/invites/{id}/accept", accept, methods=["POST"]),
    ]


async def _saved(hub: Hub, game: Game[Any], spec: Any) -> dict[str, str]:
    """The server's saved decks by name, when ``spec`` names one."""
    return await hub.saved_texts(game.name, [spec])


async def _invite(hub: Hub, request: Request) -> dict[str, Any]:
    try:
        invite = await hub.games.db(hub.store.load_invite, request.path_params["id"])
    except StorageError:
        raise ClientError("unavailable") from None
    if invite is None:
        raise ClientError("not_found")
    return invite


def _seat(invite: dict[str, Any], token: str | None) -> int | None:
    """The seat a token opens (None: no token); a token of neither seat is refused."""
    if not token:
        return None
    digest = hash_token(token)
    for seat, stored in enumerate(invite["token_hashes"]):
        if secrets.compare_digest(stored, digest):
            return seat
    raise ClientError("bad_token")


async def _start(hub: Hub, invite: dict[str, Any], decks: tuple[Deck, Deck]) -> None:
    """Create the invited game with the id and seat tokens fixed by the invitation (once, however many
    accept at the same time)."""
    live, _ = hub.games.prepare(invite["game"], decks, [HUMAN, HUMAN], invite["options"], creator=invite["creator"],
                                control=control_of(invite.get("clock")),
                                posts=None if invite.get("posts") is None else tuple(invite["posts"]))
    live.stored.id = invite["game_id"]
    live.stored.token_hashes = list(invite["token_hashes"])
    webhook = invite.get("webhook")
    live.stored.webhook = webhook if isinstance(webhook, str) else None
    try:
        await hub.games.db(hub.store.create_game, live.stored)
    except StorageError:
        raise ClientError("unavailable") from None
    except Exception:  # the same game id stored already: another accept came first
        if await hub.get(invite["game_id"]) is None:
            raise
        return
    hub.games.remember(live)
    hub.kick(live)
    hub.table.arm(live)
