"""The card pages' API: card faces, the card editor and the deck builder.

Routes (added to the application by :func:`card_routes`)::

    GET  /cards/{game}/{id}.svg        a card's face (``?lang=ja|en``), cached
    GET  /editor, /decks               the card editor and deck builder pages
    GET  /api/pool/{game}              every card of the server (built-in, card files, saved) with its text
    GET  /api/cards/{game}/template    the editor's fields (``?lang=``)
    POST /api/cards/preview            read a card from the editor: face, text, errors by field
    POST /api/cards/save               save it to the server's card store (with its author)
    GET  /api/cards/{game}/{id}/export ``?format=toml|forum&lang=``: a card as a file
    GET  /api/decks/{game}             the decks saved on the server: names, authors, dates (``?after=NAME``:
                                       the next page, by name, of ``DECK_PAGE``)
    GET  /api/decks/{game}/{name}      one saved deck with its text
    POST /api/decks/save               save a deck list by name (``replace``: over one of that name, only with
                                       the ``owner`` token it was saved with: a secret the browser keeps)

Cards and decks saved here live in the server's database (:mod:`grimoire.web.storage`),
never in the built-in pool. Every text a client sends is bounded (:data:`~.cardmaker.MAX_LEN`)
and checked: markup characters are refused in card fields, names and authors, and every page
shows text only as text.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from grimoire.core.cardtools import face_svg, forum_text, rules_text
from grimoire.core.errors import GrimoireError
from grimoire.core.forum import ForumError
from grimoire.core.registry import plugin
from grimoire.core.tomlwrite import dump_cards

from .cardmaker import MAX_LEN, MAX_POST, card_json, check, number_labels, split, template
from .deckcheck import MAX_DECK_TEXT, problems, rules_json, screen_size
from .errors import ClientError
from .facefonts import with_fonts
from .hub import Hub, client_key
from .limits import Bucket
from .names import clean
from .ownership import check_owner, owner_hash
from .pages import filled_page
from .storage import SavedDeck, StorageError, Taken

Handler = Callable[[Request], Awaitable[Response]]
JSONBody = Callable[[Hub, Request], Awaitable[dict[str, Any]]]
LangOf = Callable[..., str]
FACE_CACHE = 512
DECK_PAGE = 200
#: The field of the page a refusal is about (by message key).
FIELD_OF = {"author": "author", "deck_name": "name", "card_taken": "id", "deck_taken": "name", "saves": "general"}


class Faces:
    """Rendered card faces, least recently used first (keyed by the rules object, which changes when cards do)."""

    def __init__(self, size: int = FACE_CACHE) -> None:
        self.size = size
        self.items: OrderedDict[tuple[int, str, str], tuple[str, str]] = OrderedDict()

    def get(self, rules: Any, card_id: str, lang: str) -> tuple[str, str]:
        """``(svg, etag)`` of a card's face."""
        key = (id(rules), card_id, lang)
        found = self.items.get(key)
        if found is None:
            svg = with_fonts(face_svg(rules, card_id, lang))
            found = self.items[key] = (svg, '"' + hashlib.sha256(svg.encode()).hexdigest()[:20] + '"')
            if len(self.items) > self.size:
                self.items.popitem(last=False)
        self.items.move_to_end(key)
        return found


class CardRoutes:
    """The handlers of this module's routes, sharing the hub, the application's body reader and error answer,
    the faces rendered and each client's save allowance."""

    def __init__(self, hub: Hub, static: Any, lang_of: LangOf, json_body: JSONBody,
                 error: Callable[..., JSONResponse]) -> None:
        self.hub = hub
        self.static = static
        self.lang_of = lang_of
        self.json_body = json_body
        self.error = error
        self.faces = Faces()
        self.buckets: dict[str, Bucket] = {}
        self.per_minute = hub.limits.saves_per_minute

    def routes(self) -> list[BaseRoute]:
        """The routes, each to its handler."""
        return [
            Route("/editor", partial(self.page, "editor.html")),
            Route("/mine", partial(self.page, "mine.html")),
            Route("/api/mine", self.mine, methods=["POST"]),
            Route("/api/cards/withdraw", partial(self.withdraw, "cards"), methods=["POST"]),
            Route("/api/decks/withdraw", partial(self.withdraw, "decks"), methods=["POST"]),
            Route("/decks", partial(self.page, "decks.html")),
            Route("/cards/{game}/{file}", self.face),
            Route("/api/pool/{game}", self.pool),
            Route("/api/cards/preview", self.preview, methods=["POST"]),
            Route("/api/cards/save", self.save, methods=["POST"]),
            Route("/api/cards/{game}/template", self.fields),
            Route("/api/cards/{game}/{id}/export", self.export),
            Route("/api/decks/save", self.save_deck, methods=["POST"]),
            Route("/api/decks/{game}", self.decks),
            Route("/api/decks/{game}/{name}", self.deck),
        ]

    def may_save(self, request: Request) -> None:
        key = client_key(request.client.host if request.client else None)
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) > 10000:
                self.buckets.clear()
            bucket = self.buckets[key] = Bucket(self.per_minute / 60.0, self.per_minute)
        if not bucket.take():
            raise ClientError("rate", "saves", limit=self.per_minute)

    def rules(self, name: Any) -> Any:
        if not isinstance(name, str) or name not in self.hub.game_names:
            raise ClientError("not_found", "unknown_game", name=str(name)[:40], known=", ".join(self.hub.game_names))
        return self.hub.games.refresh(name)

    async def page(self, name: str, request: Request) -> Response:
        return filled_page(self.static / name)

    async def face(self, request: Request) -> Response:
        lang = self.lang_of(request)
        file = request.path_params["file"]
        try:
            game = self.rules(request.path_params["game"])
            card_id = file.removesuffix(".svg")
            if not file.endswith(".svg") or card_id not in game.pool:
                raise ClientError("not_found", "no_card", id=card_id[:60])
            svg, etag = self.faces.get(game, card_id, lang)
        except ClientError as exc:
            return self.error(exc, lang)
        except GrimoireError as exc:
            return self.error(ClientError("not_found", "game_error", text=str(exc)), lang)
        headers = {"Cache-Control": "public, max-age=300", "ETag": etag, "Vary": "Accept-Language"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(svg, media_type="image/svg+xml", headers=headers)

    async def pool(self, request: Request) -> Response:
        lang = self.lang_of(request)
        try:
            game = self.rules(request.path_params["game"])
            self.may_compute(request)
        except ClientError as exc:
            return self.error(exc, lang)
        saved = await self.hub.games.db(self.hub.store.saved_cards, game.name)
        authors = {c.id: c.author for c in saved if c.withdrawn is None}
        # withdrawn by their owners, superseded by a newer version, or not approved yet: not offered for new decks
        gone = {c.id for c in saved if c.withdrawn is not None or c.superseded or c.status != "approved"}
        found = plugin(game.name)
        numbers = [n.field for n in found.card_numbers]
        cards = []
        for cid in sorted(game.pool.by_id):
            if cid in gone:
                continue
            card = game.pool[cid]
            item: dict[str, Any] = {"id": cid, "name": {"ja": card.name.ja, "en": card.name.en},
                                    "kind": game.cards.card_kind(cid),
                                    "text": {lg: rules_text(game, cid, lg) for lg in ("ja", "en")}}
            for key in ("ruby", *found.card_facets, *numbers):
                value = getattr(card, key, None)
                if value is None or isinstance(value, bool | int | str):
                    item[key] = value
            if cid in authors:
                item["author"] = authors[cid]
            if getattr(card, "tags", ()):
                item["tags"] = list(card.tags)
            cards.append(item)
        return JSONResponse({"game": game.name, "cards": cards, "rules": rules_json(game, lang),
                             "labels": number_labels(game, lang), "numbers": numbers,
                             "filters": ["kind", *found.card_filters]},
                            headers={"Cache-Control": "no-cache"})

    async def fields(self, request: Request) -> Response:
        lang = self.lang_of(request)
        try:
            game = self.rules(request.path_params["game"])
        except ClientError as exc:
            return self.error(exc, lang)
        return JSONResponse(template(game, lang))

    async def read_card(self, request: Request) -> tuple[Any, dict[str, Any], str, dict[str, Any]]:
        """``(rules, body, lang, fields)`` of an editor request: fields given, or read from a pasted post."""
        body = await self.json_body(self.hub, request)
        lang = self.lang_of(request, body)
        game = self.rules(body.get("game"))
        post = body.get("forum")
        if isinstance(post, str) and post.strip():
            if len(post) > MAX_POST:
                raise ClientError("bad_message", "card_long", limit=MAX_POST)
            try:
                return game, body, lang, split(post, lang)
            except ForumError as exc:
                raise ClientError("invalid_card", "game_error", text=exc.message(lang).removeprefix("post:")) from None
        given = body.get("fields")
        if not isinstance(given, dict):
            raise ClientError("bad_message", "field", field="fields", what="an object of the card's fields")
        return game, body, lang, given

    def answer(self, game: Any, lang: str, given: dict[str, Any]) -> tuple[dict[str, Any], Any]:
        checked = check(game, given, lang)
        out: dict[str, Any] = {"ok": not checked.errors, "errors": [e.to_json() for e in checked.errors],
                               "forum_text": checked.text, "fields": given}
        if checked.game is not None and checked.table is not None and not checked.errors:
            out["card"] = card_json(checked.game, checked.table["id"], lang)
            out["fields"] = out["card"].pop("fields")
        return out, checked

    def may_compute(self, request: Request) -> None:
        self.hub.may_compute(request.client.host if request.client else None)

    async def preview(self, request: Request) -> Response:
        lang = self.lang_of(request)
        try:
            game, _, lang, given = await self.read_card(request)
            self.may_compute(request)
            # loads the rules with the card: off the loop
            out, _ = await asyncio.to_thread(self.answer, game, lang, given)
        except ClientError as exc:
            return self.error(exc, lang)
        return JSONResponse(out)

    async def save(self, request: Request) -> Response:
        lang = self.lang_of(request)
        try:
            game, body, lang, given = await self.read_card(request)
            author = _label(body.get("author"), "author", MAX_LEN["author"])
            self.may_compute(request)
            owner, replace = owner_hash(body.get("owner")), body.get("replace") is True
            if replace:  # its owner's new version, checked against the cards without the old one
                card_id = given.get("id")
                if not isinstance(card_id, str) or not card_id:
                    raise ClientError("bad_message", "field", field="id", what="the id of the card to replace")
                await self.hub.games.db(self.hub.games.replaceable, game.name, card_id, owner)
                game = await asyncio.to_thread(self.hub.games.without_card, game.name, card_id)
            out, checked = await asyncio.to_thread(self.answer, game, lang, given)
            if checked.errors or checked.table is None:
                return JSONResponse({**out, "error": {"code": "invalid_card", "message": ClientError(
                    "invalid_card", "card_invalid", n=len(checked.errors)).message(lang)}}, status_code=400)
            self.may_save(request)
            try:
                status = self.hub.reviewer.status_of_new()
                _, saved = await asyncio.to_thread(partial(
                    self.hub.games.add_card, owner=owner, replace=replace, status=status),
                    game.name, checked.table, author)  # loads the rules with the card: off the loop
            except Taken:
                raise ClientError("taken", "card_taken", id=checked.table["id"]) from None
            except StorageError:
                raise ClientError("unavailable") from None
        except ClientError as exc:
            return self.error(exc, lang, field=exc.params.get("field") or FIELD_OF.get(exc.key, "general"))
        return JSONResponse({**out, "saved": saved, "author": author, "status": status,
                             "previous": "" if saved == checked.table["id"] else checked.table["id"]},
                            status_code=201)

    async def export(self, request: Request) -> Response:
        lang = self.lang_of(request)
        try:
            game = self.rules(request.path_params["game"])
            card_id = request.path_params["id"]
            if card_id not in game.pool:
                raise ClientError("not_found", "no_card", id=card_id[:60])
            form = request.query_params.get("format", "forum")
            if form == "toml":
                table = game.pool.tables.get(card_id) or {}
                text, kind, ext = dump_cards([table]), "application/toml", "toml"
            elif form == "forum":
                text, kind, ext = forum_text(game, [card_id], lang) + "\n", "text/plain", "txt"
            else:
                raise ClientError("bad_message", "field", field="format", what="toml / forum")
        except ClientError as exc:
            return self.error(exc, lang)
        return Response(text, media_type=f"{kind}; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{card_id}.{ext}"'})

    async def decks(self, request: Request) -> Response:
        lang = self.lang_of(request)
        try:
            game = self.rules(request.path_params["game"])
            after = request.query_params.get("after", "")
            if len(after) > 200:
                raise ClientError("bad_message", "field", field="after", what="a deck name")
            self.may_compute(request)
            saved = await self.hub.games.db(self.hub.store.deck_names, game.name, after, DECK_PAGE + 1)
        except ClientError as exc:
            return self.error(exc, lang)
        except StorageError:
            return self.error(ClientError("unavailable"), lang)
        page = saved[:DECK_PAGE]
        return JSONResponse({"game": game.name, "decks": [
            {"name": d.name, "author": d.author, "created": d.created} for d in page],
            "next": page[-1].name if len(saved) > DECK_PAGE else None},
            headers={"Cache-Control": "no-cache"})

    async def deck(self, request: Request) -> Response:
        lang = self.lang_of(request)
        try:
            game = self.rules(request.path_params["game"])
            found = await self.hub.games.db(self.hub.store.saved_deck, game.name, request.path_params["name"][:200])
            if found is None:
                raise ClientError("not_found", "deck_saved_missing", name=request.path_params["name"][:60])
        except ClientError as exc:
            return self.error(exc, lang)
        except StorageError:
            return self.error(ClientError("unavailable"), lang)
        return JSONResponse({"game": game.name, "name": found.name, "author": found.author, "text": found.text,
                             "created": found.created}, headers={"Cache-Control": "no-cache"})

    async def save_deck(self, request: Request) -> Response:
        lang = self.lang_of(request)
        try:
            body = await self.json_body(self.hub, request)
            lang = self.lang_of(request, body)
            game = self.rules(body.get("game"))
            name = _label(body.get("name"), "deck_name", 60)
            author = _label(body.get("author"), "author", MAX_LEN["author"])
            text = body.get("text")
            if not isinstance(text, str) or len(text) > MAX_DECK_TEXT:
                raise ClientError("bad_message", "field", field="text", what="a deck list of at most {n} characters",
                                  n=MAX_DECK_TEXT)
            screen_size(text)
            self.may_compute(request)
            found = problems(game, text, lang)
            if any(p["code"] in ("syntax", "section", "unknown", "unknown_near", "count") for p in found):
                return JSONResponse({"error": {"code": "deck", "message": found[0]["message"]}, "problems": found},
                                    status_code=400)
            self.may_save(request)
            owner, replace = owner_hash(body.get("owner")), body.get("replace") is True
            try:
                if replace:  # only its owner replaces a saved deck (the store checks the owner again)
                    stored = await self.hub.games.db(self.hub.store.saved_deck, game.name, name)
                    if stored is not None:
                        check_owner(stored.owner, owner, "deck")
                saved = SavedDeck(game.name, name, author, text, time.time(), owner)
                await self.hub.games.db(self.hub.store.save_deck, saved, replace)
            except Taken:
                raise ClientError("taken", "deck_taken", name=name) from None
            except StorageError:
                raise ClientError("unavailable") from None
        except ClientError as exc:
            return self.error(exc, lang, field=exc.params.get("field") or FIELD_OF.get(exc.key, "general"))
        return JSONResponse({"saved": name, "problems": found}, status_code=201)

    async def withdraw(self, what: str, request: Request) -> Response:
        """``{"game", "id" | "name", "owner"}``: the owner withdraws a saved card or deck."""
        lang = self.lang_of(request)
        try:
            body = await self.json_body(self.hub, request)
            lang = self.lang_of(request, body)
            game = self.rules(body.get("game"))
            owner = owner_hash(body.get("owner"))
            self.may_save(request)
            try:
                if what == "cards":
                    card_id = body.get("id")
                    if not isinstance(card_id, str) or len(card_id) > 200:
                        raise ClientError("bad_message", "field", field="id", what="a card id")
                    await self.hub.games.db(self.hub.games.withdraw_card, game.name, card_id, owner)
                    return JSONResponse({"withdrawn": card_id})
                name = body.get("name")
                if not isinstance(name, str) or len(name) > 200:
                    raise ClientError("bad_message", "field", field="name", what="a deck name")
                found = await self.hub.games.db(self.hub.store.saved_deck, game.name, name)
                if found is None:
                    raise ClientError("not_found", "deck_saved_missing", name=name[:60])
                check_owner(found.owner, owner, "deck")
                if not await self.hub.games.db(self.hub.store.withdraw_deck, game.name, name, owner):
                    raise ClientError("not_found", "deck_saved_missing", name=name[:60])
                return JSONResponse({"withdrawn": name})
            except StorageError:
                raise ClientError("unavailable") from None
        except ClientError as exc:
            return self.error(exc, lang)

    async def mine(self, request: Request) -> Response:
        """``{"owner": token}``: the cards and decks saved with that token (a POST: the token stays out of URLs)."""
        lang = self.lang_of(request)
        try:
            body = await self.json_body(self.hub, request)
            lang = self.lang_of(request, body)
            owner = owner_hash(body.get("owner"))
            if not owner:
                raise ClientError("bad_message", "field", field="owner", what="a recovery code (24–200 letters)")
            self.may_compute(request)
            cards, decks = await self.hub.games.db(self.hub.store.owned, owner)
        except ClientError as exc:
            return self.error(exc, lang)
        except StorageError:
            return self.error(ClientError("unavailable"), lang)
        return JSONResponse({
            "cards": [{"game": c.game, "id": c.id, "name": c.table.get("name"), "author": c.author,
                       "created": c.created, "used": c.used, "withdrawn": c.withdrawn, "status": c.status,
                       "note": c.note, "previous": c.previous, "superseded": c.superseded} for c in cards],
            "decks": [{"game": d.game, "name": d.name, "author": d.author, "created": d.created} for d in decks]},
            headers={"Cache-Control": "no-store"})


def card_routes(hub: Hub, static: Any, lang_of: LangOf, json_body: JSONBody,
                error: Callable[..., JSONResponse]) -> list[BaseRoute]:
    """The routes of this module (see its docstring), using the application's body reader and error answer."""
    return CardRoutes(hub, static, lang_of, json_body, error).routes()


def _label(value: Any, key: str, limit: int) -> str:
    """A short one-line name a client gives (a deck's, an author's): NFKC, trimmed, bounded, without markup,
    without invisible or direction characters (:func:`grimoire.web.names.clean`)."""
    if not isinstance(value, str) or len(value) > 4 * limit:
        raise ClientError("bad_message", key, limit=limit)
    try:
        text = clean(value)
    except ClientError as exc:
        exc.params["field"] = FIELD_OF[key]
        raise
    if not text or len(text) > limit or any(c in text for c in "<>&"):
        raise ClientError("bad_message", key, limit=limit)
    return text
