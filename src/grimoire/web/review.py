"""Review before a card joins the pool (要協議): proposals, the server owner's decision, who may use what.

A server started with an owner token (``grimoire serve --owner-token``, ``GRIMOIRE_OWNER_TOKEN``, or
one printed at start with ``--review``) keeps each card saved on it as a *proposal*
(status ``proposed``) until its owner approves it or sends it back with a note
(``returned``; the author may replace it, which proposes it again). Only approved cards are
offered to everyone: the pool, deck checks, saved decks of others, friend games. A proposal is
used by its author (the token it was saved with) in games against the computer. A server
without an owner token approves every card at once (a single-user server, as before).

Routes (added by :func:`review_routes`)::

    GET  /review                 the owner's review page
    POST /api/review/list        ``{"token"}``: the proposals and returned cards of every game, with their text
    POST /api/review/decide      ``{"token", "game", "id", "decision": "approve"|"return", "note"}``
    POST /api/review/notes       ``{"game", "id", "token" | "owner"}``: a card's discussion, for the server
                                 owner (``token``) or the card's author (``owner``: the token it was saved with)
    POST /api/review/note        the same plus ``"note"``: add to it (a decision's note is added too)

The database keeps only the owner token's hash (:func:`token_hash`).

>>> reviewer = Reviewer(token_hash("o" * 32))
>>> reviewer.active, reviewer.is_owner("o" * 32), reviewer.is_owner("x" * 32), Reviewer("").is_owner("")
(True, True, False, False)
>>> reviewer.status_of_new(), Reviewer("").status_of_new()
('proposed', 'approved')
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable, Iterable, Mapping
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from grimoire.core.cardtools import rules_text

from .errors import ClientError
from .ownership import is_owner, owner_hash
from .pages import filled_page
from .storage import StorageError, card_digest

#: The longest note a reviewer writes.
NOTE_MAX = 500
DECISIONS = {"approve": "approved", "return": "returned"}


def token_hash(token: str) -> str:
    """What is kept of the server owner's token: its hash ("" for none).

    >>> token_hash(""), len(token_hash("t" * 24))
    ('', 64)
    """
    return hashlib.sha256(("grimoire-server-owner:" + token).encode()).hexdigest() if token else ""


def new_token() -> str:
    """A fresh owner token (printed at start when none is given)."""
    return secrets.token_hex(24)


class Reviewer:
    """The server owner's review: whether it is on (an owner token was given) and who the owner is."""

    def __init__(self, owner_hash: str = "") -> None:
        self.owner_hash = owner_hash

    @property
    def active(self) -> bool:
        """Whether saved cards wait for review (False: approved at once)."""
        return bool(self.owner_hash)

    def is_owner(self, token: Any) -> bool:
        """Whether ``token`` is the server owner's."""
        return (self.active and isinstance(token, str) and 0 < len(token) <= 200
                and hmac.compare_digest(token_hash(token), self.owner_hash))

    def check(self, token: Any) -> None:
        """Refuse (403 ``not_server_owner``) anyone but the server owner."""
        if not self.active:
            raise ClientError("not_owner", "review_off")
        if not self.is_owner(token):
            raise ClientError("not_owner", "not_server_owner")

    def status_of_new(self) -> str:
        """The status of a card saved now: a proposal while review is on, else approved."""
        return "proposed" if self.active else "approved"


def check_proposals(cards: Iterable[str], proposed: Mapping[str, str], owner: str, against_computer: bool) -> None:
    """Refuse a new deck using a card not approved yet, unless the game is against the computer and
    ``owner`` (the player's token hash) proposed it (ClientError ``deck`` / ``card_proposed``).

    >>> check_proposals(["a", "p"], {"p": "h"}, "h", True)
    >>> check_proposals(["a", "p"], {"p": "h"}, "h", False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grimoire.web.errors.ClientError: deck: the card p is a proposal ...
    """
    for card_id in cards:
        author = proposed.get(card_id)
        if author is not None and not (against_computer and owner and hmac.compare_digest(author, owner)):
            raise ClientError("deck", "card_proposed", id=card_id)


def review_routes(hub: Any, static: Any, lang_of: Callable[..., str],
                  json_body: Callable[[Any, Request], Awaitable[dict[str, Any]]],
                  error: Callable[..., JSONResponse]) -> list[BaseRoute]:
    """The routes of this module (see its docstring)."""
    reviewer: Reviewer = hub.reviewer

    async def page(request: Request) -> Response:
        return filled_page(static / "review.html")

    async def listing(request: Request) -> Response:
        lang = lang_of(request)
        try:
            body = await json_body(hub, request)
            lang = lang_of(request, body)
            reviewer.check(body.get("token"))
            cards = [*await hub.games.db(hub.store.proposed, "proposed"),
                     *await hub.games.db(hub.store.proposed, "returned")]
        except ClientError as exc:
            return error(exc, lang)
        except StorageError:
            return error(ClientError("unavailable"), lang)
        out = []
        for card in cards:
            if card.game not in hub.game_names:
                continue
            game = hub.games.refresh(card.game)
            text = rules_text(game, card.id, lang) if card.id in game.pool else ""
            said = await hub.games.db(hub.store.card_notes, card.game, card.id)
            judged = await hub.games.db(hub.store.card_verdict, card.game, card_digest(card.table))
            out.append({"verdict": judged,"notes": [{"by": "author" if a else "owner", "note": n} for _, a, n in said],
                        "game": card.game, "id": card.id, "name": card.table.get("name"), "author": card.author,
                        "created": card.created, "status": card.status, "note": card.note, "text": text,
                        "face": f"/cards/{card.game}/{card.id}.svg?lang={lang}"})
        return JSONResponse({"cards": out}, headers={"Cache-Control": "no-store"})

    async def decide(request: Request) -> Response:
        lang = lang_of(request)
        try:
            body = await json_body(hub, request)
            lang = lang_of(request, body)
            reviewer.check(body.get("token"))
            name = body.get("game")
            if not isinstance(name, str) or name not in hub.game_names:
                raise ClientError("not_found", "game_error", text=f"unknown game {str(name)[:40]!r}")
            card_id, decision, note = body.get("id"), body.get("decision"), body.get("note", "")
            if not isinstance(card_id, str) or not card_id or len(card_id) > 200:
                raise ClientError("bad_message", "field", field="id", what="a card id")
            if decision not in DECISIONS:
                raise ClientError("bad_message", "field", field="decision", what="approve / return")
            if not isinstance(note, str) or len(note) > NOTE_MAX or any(c in note for c in "<>"):
                raise ClientError("bad_message", "field", field="note",
                                  what="a note of at most {n} characters without < >", n=NOTE_MAX)
            if decision == "return" and not note.strip():
                raise ClientError("bad_message", "review_note")
            await hub.games.db(hub.games.review, name, card_id, DECISIONS[decision], note.strip())
            if note.strip():
                await hub.games.db(hub.store.add_note, name, card_id, False, note.strip())
        except ClientError as exc:
            return error(exc, lang)
        except StorageError:
            return error(ClientError("unavailable"), lang)
        return JSONResponse({"id": card_id, "status": DECISIONS[decision], "note": note.strip()})

    async def who(body: dict[str, Any]) -> tuple[str, str, bool]:
        """``(game, card id, by its author)`` of a discussion request: the server owner or the card's author."""
        name, card_id = body.get("game"), body.get("id")
        if not isinstance(name, str) or name not in hub.game_names:
            raise ClientError("not_found", "game_error", text=f"unknown game {str(name)[:40]!r}")
        if not isinstance(card_id, str) or not card_id or len(card_id) > 200:
            raise ClientError("bad_message", "field", field="id", what="a card id")
        card = await hub.games.db(hub.store.saved_card, name, card_id)
        if card is None:
            raise ClientError("not_found", "no_card", id=card_id[:60])
        if reviewer.is_owner(body.get("token")):
            return name, card_id, False
        if is_owner(card.owner, owner_hash(body.get("owner"))):
            return name, card_id, True
        raise ClientError("not_owner", "not_in_discussion")

    async def notes(add: bool, request: Request) -> Response:
        lang = lang_of(request)
        try:
            body = await json_body(hub, request)
            lang = lang_of(request, body)
            name, card_id, by_author = await who(body)
            if add:
                text = body.get("note")
                if not isinstance(text, str) or not text.strip() or len(text) > NOTE_MAX or any(
                        c in text for c in "<>"):
                    raise ClientError("bad_message", "field", field="note",
                                      what="a note of 1 to {n} characters without < >", n=NOTE_MAX)
                await hub.games.db(hub.store.add_note, name, card_id, by_author, text.strip())
            found = await hub.games.db(hub.store.card_notes, name, card_id)
        except ClientError as exc:
            return error(exc, lang)
        except StorageError:
            return error(ClientError("unavailable"), lang)
        return JSONResponse({"game": name, "id": card_id, "notes": [
            {"at": at, "by": "author" if author else "owner", "note": text} for at, author, text in found]},
            status_code=201 if add else 200, headers={"Cache-Control": "no-store"})

    return [Route("/review", page), Route("/api/review/list", listing, methods=["POST"]),
            Route("/api/review/decide", partial(decide), methods=["POST"]),
            Route("/api/review/notes", partial(notes, False), methods=["POST"]),
            Route("/api/review/note", partial(notes, True), methods=["POST"])]
