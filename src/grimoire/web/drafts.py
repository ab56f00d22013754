"""The card editor's drafts on the server: a card with sentences not understood yet, kept for its owner.

The editor keeps a draft in the browser and, with the browser's owner token (the recovery code of
``/mine``), on the server too, so that another browser with the same code finds it. A draft is
never a card: it is not in the rules, the pool or any deck.

Routes (added by :func:`draft_routes`)::

    POST /api/drafts/list    {"owner"}: the owner's drafts, oldest first
    POST /api/drafts/save    {"owner", "game", "draft": {"fields", "unread", "lang"}}: keep one (by game and
                             card name; the same name replaces it)
    POST /api/drafts/delete  {"owner", "game", "name"}

At most :data:`MOST` drafts an owner, each at most :data:`MAX_DRAFT` bytes of JSON; a save spends one of
the client's computing requests.

>>> clean_draft({"fields": {"name": "月の便り", "stats": {"詠唱値": "2"}}, "unread": ["月の光で"], "lang": "ja"})
{'fields': {'name': '月の便り', 'stats': {'詠唱値': '2'}}, 'unread': ['月の光で'], 'lang': 'ja'}
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from .errors import ClientError
from .ownership import owner_hash
from .storage import StorageError

#: Drafts one owner may keep, and the size of one.
MOST = 50
MAX_DRAFT = 16_384


def clean_draft(draft: Any) -> dict[str, Any]:
    """The parts of a draft that are kept (``fields``, ``unread``, ``lang``), checked (ClientError if not)."""
    if not isinstance(draft, dict) or not isinstance(draft.get("fields"), dict):
        raise ClientError("bad_message", "field", field="draft", what="an object of the card's fields")
    unread = draft.get("unread", [])
    if not isinstance(unread, list) or len(unread) > 50 or not all(isinstance(u, str) for u in unread):
        raise ClientError("bad_message", "field", field="draft.unread", what="a list of sentences")
    out = {"fields": draft["fields"], "unread": unread, "lang": "en" if draft.get("lang") == "en" else "ja"}
    if len(json.dumps(out, ensure_ascii=False).encode()) > MAX_DRAFT:
        raise ClientError("bad_message", "card_long", limit=MAX_DRAFT)
    return out


def _name(draft: dict[str, Any]) -> str:
    name = draft["fields"].get("name", "")
    if not isinstance(name, str) or len(name) > 200:
        raise ClientError("bad_message", "field", field="draft.fields.name", what="a card name")
    return name


def draft_routes(hub: Any, lang_of: Callable[..., str],
                 json_body: Callable[[Any, Request], Awaitable[dict[str, Any]]],
                 error: Callable[..., JSONResponse]) -> list[BaseRoute]:
    """The routes of this module (see its docstring)."""

    def owner_of(body: dict[str, Any]) -> str:
        """The owner hash of a request (ClientError without a usable owner token)."""
        owner = owner_hash(body.get("owner"))
        if not owner:
            raise ClientError("bad_message", "field", field="owner", what="a recovery code (24–200 letters)")
        return owner

    def game_of(body: dict[str, Any]) -> str:
        name = body.get("game")
        if not isinstance(name, str) or name not in hub.game_names:
            raise ClientError("not_found", "game_error", text=f"unknown game {str(name)[:40]!r}")
        return name

    async def listing(request: Request) -> Response:
        lang = lang_of(request)
        try:
            body = await json_body(hub, request)
            lang = lang_of(request, body)
            owner = owner_of(body)
            found = await hub.games.db(hub.store.drafts, owner)
        except ClientError as exc:
            return error(exc, lang)
        except StorageError:
            return error(ClientError("unavailable"), lang)
        return JSONResponse({"drafts": [{"game": g, "name": n, "saved": at, **d} for g, n, at, d in found]},
                            headers={"Cache-Control": "no-store"})

    async def save(request: Request) -> Response:
        lang = lang_of(request)
        try:
            body = await json_body(hub, request)
            lang = lang_of(request, body)
            owner = owner_of(body)
            game, draft = game_of(body), clean_draft(body.get("draft"))
            hub.may_compute(request.client.host if request.client else None)
            if not await hub.games.db(hub.store.save_draft, owner, game, _name(draft), draft, MOST):
                raise ClientError("bad_message", "drafts_full", limit=MOST)
        except ClientError as exc:
            return error(exc, lang)
        except StorageError:
            return error(ClientError("unavailable"), lang)
        return JSONResponse({"game": game, "name": _name(draft)}, status_code=201)

    async def delete(request: Request) -> Response:
        lang = lang_of(request)
        try:
            body = await json_body(hub, request)
            lang = lang_of(request, body)
            owner = owner_of(body)
            game, name = game_of(body), body.get("name")
            if not isinstance(name, str) or len(name) > 200:
                raise ClientError("bad_message", "field", field="name", what="a card name")
            gone = await hub.games.db(hub.store.delete_draft, owner, game, name)
        except ClientError as exc:
            return error(exc, lang)
        except StorageError:
            return error(ClientError("unavailable"), lang)
        return JSONResponse({"deleted": gone})

    return [Route("/api/drafts/list", listing, methods=["POST"]),
            Route("/api/drafts/save", save, methods=["POST"]),
            Route("/api/drafts/delete", delete, methods=["POST"])]
