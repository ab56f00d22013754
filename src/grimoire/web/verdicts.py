"""The card editor's "強すぎる？ / Is it too strong?": one card's fairness verdict run by the server.

The editor sends its fields; the server reads the card as the editor's check does (against the
built-in cards) and runs :func:`grimoire.balance.verdict.run` on it — the card swapped into each
starter deck it fits and played against the field on paired seeds at the greedy level — in a
thread of its own, the games on ``verdict_workers`` processes. The editor polls the verdict so
far (too strong / within the band / too weak, with its interval) and a progress count.

Once the greedy verdict has ended, the editor may ask for its *confirmation*: the same card's games
go on at the search level (:func:`grimoire.balance.verdict.confirm`, what ``grimoire balance --card
--confirm`` runs) as a new verdict under the same limits, its interval narrowing as it is polled,
until it is stopped or ``verdict_seconds`` end it.

Routes (added by :func:`verdict_routes`)::

    POST /api/cards/verdict             {"game", "fields", "lang"}: start; 202 {"job", "card", "planned"}
    GET  /api/cards/verdict/{job}       {"state": running|done|stopped|failed, "games", "planned", "verdict",
                                        "line", "error"}
    POST /api/cards/verdict/{job}/stop  end it with the games played so far
    POST /api/cards/verdict/{job}/confirm  go on at the search level: 202, a new job (polled the same way)

Limits: each start spends one of the client's computing requests (``computes_per_minute``); a
client runs one verdict at a time and the server at most ``verdicts`` (0: none); a verdict ends
after ``verdict_seconds``, or when nobody asked for it for :data:`ABANDONED` seconds. The job id
is a secret of the page that started it.

The verdict is stored by the digest of the card's text (:func:`~grimoire.web.storage.card_digest`,
table ``card_verdicts``): a card saved with exactly that text shows it on the review page, a
changed card has none until judged again. A confirmation is kept beside the greedy verdict it
confirms (key ``confirmation``), so the reviewer sees both, each with its level.

>>> Verdicts(Limits(verdicts=0)).running_for("k")
"""

from __future__ import annotations

import asyncio
import secrets
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from grimoire.balance import verdict
from grimoire.core.errors import GrimoireError
from grimoire.core.registry import load_game
from grimoire.core.tomlwrite import dump_cards

from .cardmaker import check
from .errors import ClientError
from .hub import client_key
from .limits import Limits
from .storage import card_digest

#: Seconds without a poll after which a running verdict is stopped (its page was closed).
ABANDONED = 30.0
#: Finished verdicts kept in memory for their pages to read.
KEPT = 200

Save = Callable[[str, str, dict[str, Any]], None]


@dataclass
class Job:
    """One running or finished verdict."""

    id: str
    client: str
    game: str
    card: str
    digest: str
    seen: float
    state: str = "running"
    latest: dict[str, Any] | None = None
    error: str = ""
    stop: bool = False
    #: The level its games are played at: the greedy minute, or the search level confirming it.
    level: str = verdict.FAST_LEVEL
    #: The card's table (a confirmation plays it again).
    table: dict[str, Any] | None = None
    #: For a confirmation: the greedy verdict it confirms.
    base: dict[str, Any] | None = None

    def to_json(self, lang: str) -> dict[str, Any]:
        """What the editor shows: state, progress, the verdict so far and its one line (and, for a
        confirmation, the greedy verdict it confirms)."""
        data = self.latest or {}
        shown = bool(data) and data.get("verdict") != "pending"
        return {"job": self.id, "card": self.card, "state": self.state, "level": self.level,
                "games": data.get("games", 0), "planned": data.get("planned", 0), "verdict": data or None,
                "line": verdict.describe(data) if shown else "", "error": self.error, "base": self.base,
                "confirmable": self.confirmable()}

    def confirmable(self) -> bool:
        """Whether this verdict may be confirmed: a greedy verdict that ended with a verdict."""
        data = self.latest or {}
        return (self.level == verdict.FAST_LEVEL and self.state in ("done", "stopped")
                and data.get("verdict", "pending") != "pending")


class Verdicts:
    """The verdicts of one server: who runs which, and the threads running them."""

    def __init__(self, limits: Limits, save: Save | None = None) -> None:
        self.limits = limits
        self.save = save
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.lock = threading.Lock()
        #: The level a confirmation plays at.
        self.confirm_level = verdict.CONFIRM_LEVEL

    def running_for(self, client: str) -> Job | None:
        """The verdict ``client`` is running, if any."""
        return next((j for j in self.jobs.values() if j.client == client and j.state == "running"), None)

    def start(self, client: str, game: str, table: dict[str, Any], base: dict[str, Any] | None = None) -> Job:
        """Start the verdict of the card ``table`` of ``game`` for ``client`` (ClientError when refused);
        with ``base`` (the greedy verdict), its confirmation at the search level."""
        with self.lock:
            if self.limits.verdicts < 1:
                raise ClientError("unavailable", "verdicts_off")
            if self.running_for(client) is not None:
                raise ClientError("rate", "verdict_running")
            if sum(j.state == "running" for j in self.jobs.values()) >= self.limits.verdicts:
                raise ClientError("overloaded", "verdicts_busy")
            job = Job(secrets.token_urlsafe(18), client, game, str(table["id"]), card_digest(table), time.monotonic(),
                      level=verdict.FAST_LEVEL if base is None else self.confirm_level, table=table, base=base)
            self.jobs[job.id] = job
            while len(self.jobs) > KEPT:
                oldest = next((k for k, j in self.jobs.items() if j.state != "running"), None)
                if oldest is None:
                    break
                del self.jobs[oldest]
        threading.Thread(target=self._run, args=(job, table), name=f"verdict-{job.card}", daemon=True).start()
        return job

    def confirm(self, client: str, job_id: str) -> Job:
        """Start the confirmation of the ended greedy verdict ``job_id`` for ``client`` (ClientError when
        refused: not a greedy verdict that ended with one, or the limits of :meth:`start`)."""
        job = self.get(job_id)
        if job.state == "running":
            raise ClientError("rate", "verdict_running")
        if not job.confirmable() or job.table is None or job.latest is None:
            raise ClientError("bad_message", "verdict_not_confirmable")
        return self.start(client, job.game, job.table, base=job.latest)

    def get(self, job_id: str) -> Job:
        """A verdict by its id, marked as still wanted (ClientError ``not_found``)."""
        job = self.jobs.get(job_id)
        if job is None:
            raise ClientError("not_found", "verdict_missing")
        job.seen = time.monotonic()
        return job

    def _run(self, job: Job, table: dict[str, Any]) -> None:
        workers = self.limits.verdict_workers

        def update(data: dict[str, Any]) -> None:
            job.latest = data

        def stopped() -> bool:
            return job.stop or time.monotonic() - job.seen > ABANDONED

        try:
            with tempfile.TemporaryDirectory(prefix="grimoire-verdict-") as folder:
                path = Path(folder) / f"{job.card}.toml"
                path.write_text(dump_cards([table]), encoding="utf-8")
                method = "forkserver" if workers > 1 else None
                if job.base is None:
                    result = verdict.run(job.game, path, games=self.limits.verdict_games, workers=workers,
                                         on_update=update, stop=stopped, seconds=self.limits.verdict_seconds,
                                         start_method=method)
                else:
                    result = verdict.confirm(job.game, path, level=job.level, workers=workers, on_update=update,
                                             stop=stopped, seconds=self.limits.verdict_seconds,
                                             start_method=method)
        except (GrimoireError, OSError) as exc:
            job.error, job.state = str(exc).splitlines()[0][:300], "failed"
            return
        job.latest = result
        if result["pairs"] > 1 and self.save is not None:
            try:
                self.save(job.game, job.digest, result if job.base is None else {**job.base, "confirmation": result})
            except GrimoireError as exc:  # the verdict is still shown; only keeping it failed
                job.error = str(exc).splitlines()[0][:300]
        job.state = "stopped" if job.stop else "done"


def verdict_routes(hub: Any, lang_of: Callable[..., str],
                   json_body: Callable[[Any, Request], Awaitable[dict[str, Any]]],
                   error: Callable[..., JSONResponse]) -> list[BaseRoute]:
    """The routes of this module (see its docstring)."""
    verdicts = Verdicts(hub.limits, hub.store.save_verdict)
    hub.verdicts = verdicts

    async def start(request: Request) -> Response:
        lang = lang_of(request)
        try:
            body = await json_body(hub, request)
            lang = lang_of(request, body)
            name, fields = body.get("game"), body.get("fields")
            if not isinstance(name, str) or name not in hub.game_names:
                raise ClientError("not_found", "game_error", text=f"unknown game {str(name)[:40]!r}")
            if not isinstance(fields, dict):
                raise ClientError("bad_message", "field", field="fields", what="an object of the card's fields")
            client = client_key(request.client.host if request.client else None)
            if verdicts.running_for(client) is not None:
                raise ClientError("rate", "verdict_running")
            hub.may_compute(request.client.host if request.client else None)
            checked, fits = await _read(name, fields, lang)
            if checked.errors or checked.table is None:
                raise ClientError("invalid_card", "card_invalid", n=len(checked.errors))
            if not fits:
                raise ClientError("invalid_card", "verdict_fits_none")
            job = verdicts.start(client, name, checked.table)
        except ClientError as exc:
            return error(exc, lang)
        return JSONResponse(job.to_json(lang), status_code=202, headers={"Cache-Control": "no-store"})

    async def poll(request: Request) -> Response:
        lang = lang_of(request)
        try:
            job = verdicts.get(request.path_params["job"][:64])
        except ClientError as exc:
            return error(exc, lang)
        return JSONResponse(job.to_json(lang), headers={"Cache-Control": "no-store"})

    async def stop(request: Request) -> Response:
        lang = lang_of(request)
        try:
            job = verdicts.get(request.path_params["job"][:64])
        except ClientError as exc:
            return error(exc, lang)
        job.stop = True
        return JSONResponse(job.to_json(lang), headers={"Cache-Control": "no-store"})

    async def confirm(request: Request) -> Response:
        lang = lang_of(request)
        try:
            lang = lang_of(request, await json_body(hub, request))
            client = client_key(request.client.host if request.client else None)
            job_id = request.path_params["job"][:64]
            verdicts.get(job_id)  # an unknown verdict is refused before a computing request is spent
            if verdicts.running_for(client) is not None:
                raise ClientError("rate", "verdict_running")
            hub.may_compute(request.client.host if request.client else None)
            job = verdicts.confirm(client, job_id)
        except ClientError as exc:
            return error(exc, lang)
        return JSONResponse(job.to_json(lang), status_code=202, headers={"Cache-Control": "no-store"})

    return [Route("/api/cards/verdict", start, methods=["POST"]),
            Route("/api/cards/verdict/{job}", poll),
            Route("/api/cards/verdict/{job}/stop", stop, methods=["POST"]),
            Route("/api/cards/verdict/{job}/confirm", confirm, methods=["POST"])]


async def _read(name: str, fields: dict[str, Any], lang: str) -> tuple[Any, bool]:
    """The editor's card checked against the built-in cards (what the verdict plays with), and whether it fits
    a starter deck (:func:`grimoire.balance.verdict.plan`), off the loop."""
    return await asyncio.to_thread(partial(_check, name, fields, lang))


def _check(name: str, fields: dict[str, Any], lang: str) -> tuple[Any, bool]:
    checked = check(load_game(name), fields, lang)
    if checked.errors or checked.game is None or checked.table is None:
        return checked, False
    game = checked.game
    field = [(n, game.cards.starter_deck(n)) for n in sorted(game.cards.starter_decks())]
    swaps, _ = verdict.plan(game, field, str(checked.table["id"]))
    return checked, bool(swaps)
