"""What stands between the open internet and the application: headers, bodies, origins, connections.

* :class:`Guard` (ASGI middleware) adds the browser safety headers to every answer
  (a Content-Security-Policy without inline script, ``frame-ancestors 'none'``,
  ``X-Content-Type-Options: nosniff``…); accepts a POST only with a JSON body
  (``Content-Type: application/json``), from the server's own origin (or one given
  with ``--origin``), of at most ``max_body`` bytes, arriving within ``body_timeout``
  seconds; and refuses a WebSocket opened from another site. A refusal is a typed
  JSON error (:mod:`grimoire.web.errors`) in the client's language (its
  Accept-Language) and reaches the application never.
* :func:`protocol_class` is the HTTP protocol uvicorn runs: it refuses a client
  address's connection beyond ``conns_per_client`` at once, and closes a connection
  that has not sent a request's headers within ``header_timeout`` seconds (half-sent
  requests would otherwise hold a file descriptor for ever).

When given ``hosts`` (``grimoire serve`` always gives them), a request's ``Host`` must name this
server: an IP address, ``localhost``, or one of the names it is served under (``--public-url``,
``--origin``, ``--host``). A page on another name whose DNS now points here (DNS rebinding) sends
its own name as ``Host`` and is refused (421 ``bad_host``).

>>> host_allowed("127.0.0.1:8000", ()), host_allowed("[::1]:8000", ()), host_allowed("localhost", ())
(True, True, True)
>>> host_allowed("evil.example", ()), host_allowed("play.example:443", ("play.example",))
(False, True)
>>> same_origin("http://localhost:8000", "localhost:8000", ())
True
>>> same_origin("https://evil.example", "localhost:8000", ()), same_origin(None, "x", ())
(False, True)
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

from .errors import ClientError, pick_lang
from .limits import Limits

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def same_origin(origin: str | None, host: str | None, allowed: Sequence[str]) -> bool:
    """Whether a request with this ``Origin`` header may act: none (not a browser), this host, or an allowed one."""
    if origin is None:
        return True
    origin = origin.rstrip("/")
    if origin in allowed:
        return True
    return host is not None and origin in (f"http://{host}", f"https://{host}")


def host_name(url_or_host: str) -> str:
    """The host name of a URL or a ``Host`` value, lowercase, without port or brackets.

    >>> host_name("https://Play.Example:8443/x"), host_name("[::1]:80"), host_name("localhost")
    ('play.example', '::1', 'localhost')
    """
    text = url_or_host.split("://", 1)[-1].split("/", 1)[0].rsplit("@", 1)[-1].strip().lower()
    if text.startswith("["):
        return text[1:].split("]", 1)[0]
    if text.count(":") == 1:
        text = text.split(":", 1)[0]
    return text.rstrip(".")


def host_allowed(host: str | None, names: Sequence[str]) -> bool:
    """Whether a ``Host`` header names this server: an IP address, ``localhost`` or one of ``names``."""
    if not host:
        return False
    name = host_name(host)
    if name == "localhost" or name in names:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def error_response(error: ClientError, lang: str) -> tuple[int, bytes]:
    """The status and JSON body of a refused HTTP request."""
    body = {"error": {"code": error.code, "message": error.message(lang)}}
    return error.status, json.dumps(body, ensure_ascii=False).encode()


class Guard:
    """ASGI middleware: safety headers, JSON-only POSTs from our origin, bounded bodies (module docstring)."""

    def __init__(self, app: ASGIApp, limits: Limits, origins: Sequence[str] = (),
                 hosts: Sequence[str] | None = None) -> None:
        self.app = app
        self.limits = limits
        self.origins = tuple(o.rstrip("/") for o in origins)
        self.hosts = None if hosts is None else tuple(host_name(h) for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.hosts is not None and scope["type"] in ("http", "websocket") \
                and not host_allowed(_header(scope, b"host"), self.hosts):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": "bad_host"})
            else:
                await self._refuse(send, ClientError("bad_host"), pick_lang(_header(scope, b"accept-language")))
            return
        if scope["type"] == "websocket":
            if not same_origin(_header(scope, b"origin"), _header(scope, b"host"), self.origins):
                await send({"type": "websocket.close", "code": 1008, "reason": "bad_origin"})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        if scope["method"] in ("POST", "PUT", "PATCH", "DELETE"):
            lang = pick_lang(_header(scope, b"accept-language"))
            try:
                body = await self._body(scope, receive)
            except ClientError as exc:
                await self._refuse(send, exc, lang)
                return
            replayed = False

            async def replay() -> Message:
                nonlocal replayed
                if replayed:
                    return await receive()  # the disconnect, when it comes
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}

            await self.app(scope, replay, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)

    async def _body(self, scope: Scope, receive: Receive) -> bytes:
        """The whole request body, checked (see the module docstring); ClientError if refused."""
        limits = self.limits
        if not same_origin(_header(scope, b"origin"), _header(scope, b"host"), self.origins):
            raise ClientError("bad_origin")
        kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise ClientError("unsupported_media", "json_only")
        declared = _header(scope, b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limits.max_body):
            raise ClientError("too_large", limit=limits.max_body)
        chunks: list[bytes] = []
        size = 0

        async def read() -> None:
            nonlocal size
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    raise ClientError("timeout")
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > limits.max_body:
                    raise ClientError("too_large", limit=limits.max_body)
                chunks.append(chunk)
                if not message.get("more_body", False):
                    return

        try:
            await asyncio.wait_for(read(), limits.body_timeout)
        except TimeoutError:
            raise ClientError("timeout") from None
        return b"".join(chunks)

    async def _refuse(self, send: Send, error: ClientError, lang: str) -> None:
        status, body = error_response(error, lang)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close"), *HEADERS]})
        await send({"type": "http.response.body", "body": body})


# ----- connections (uvicorn's HTTP protocol) -----------------------------------------------
def _refusal(limits: Limits) -> bytes:
    error = ClientError("overloaded", "connections", limit=limits.conns_per_client)
    body = json.dumps({"error": {"code": error.code, "message": error.message("en"),
                                 "message_ja": error.message("ja")}}, ensure_ascii=False).encode()
    head = (f"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n\r\n")
    return head.encode() + body


def trusted_proxies(forwarded_allow_ips: str | None) -> frozenset[str]:
    """The proxy addresses of ``--forwarded-allow-ips`` (``*``: any).

    >>> sorted(trusted_proxies("127.0.0.1, ::1")), trusted_proxies(None)
    (['127.0.0.1', '::1'], frozenset())
    """
    return frozenset(p.strip() for p in (forwarded_allow_ips or "").split(",") if p.strip())


def protocol_class(limits: Limits, proxies: frozenset[str] = frozenset()) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools if installed, else h11) with the per-client connection cap and
    the header timeout of the module docstring. Connections from a trusted reverse proxy (``proxies``, as
    given to ``--forwarded-allow-ips``) carry many clients: they are not capped per address (the proxy
    caps its clients; the other per-client limits count the forwarded address), so players behind one
    proxy or NAT cannot lock each other out of reconnecting."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as Base
    except ImportError:  # pragma: no cover - httptools is part of uvicorn[standard]
        from uvicorn.protocols.http.h11_impl import H11Protocol as Base  # type: ignore[assignment]

    open_by_client: dict[str, set[asyncio.BaseTransport]] = {}
    refusal = _refusal(limits)

    class Guarded(Base):  # type: ignore[misc, valid-type, unused-ignore]
        """uvicorn's protocol, guarded (see :func:`protocol_class`)."""

        _refused = False
        _last_cycle: Any = None
        _timer: asyncio.TimerHandle | None = None
        _client = "?"

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            client = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
            conns = open_by_client.setdefault(client, set())
            for other in [t for t in conns if t.is_closing()]:
                conns.discard(other)
            trusted = client in proxies or "*" in proxies
            if len(conns) >= limits.conns_per_client and not trusted:
                self._refused = True
                transport.write(refusal)
                transport.close()
                return
            conns.add(transport)
            self._client = client
            super().connection_made(transport)
            self._timer = asyncio.get_running_loop().call_later(limits.header_timeout, self._check, transport,
                                                                client)

        def connection_lost(self, exc: Exception | None) -> None:
            if self._refused:
                return
            super().connection_lost(exc)
            self._release()

        def _release(self) -> None:
            """Drop what a closed connection holds at once: its header timer (which kept this protocol, its
            parser and the body read so far alive for ``header_timeout``) and that body."""
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            conns = open_by_client.get(self._client)
            if conns is not None:
                for other in [t for t in conns if t.is_closing()]:
                    conns.discard(other)
                if not conns:
                    open_by_client.pop(self._client, None)
            cycle = getattr(self, "cycle", None)
            if cycle is not None and getattr(cycle, "response_complete", False):
                cycle.body = b""
            self._last_cycle = None

        def _check(self, transport: asyncio.BaseTransport, client: str) -> None:
            """Close a connection that sent no complete request headers since the last look."""
            conns = open_by_client.get(client, set())
            if transport.is_closing() or transport.get_protocol() is not self:  # closed, or now a WebSocket's
                if transport.is_closing():
                    conns.discard(transport)
                    if not conns:
                        open_by_client.pop(client, None)
                return
            cycle = getattr(self, "cycle", None)
            idle = cycle is None or (cycle is self._last_cycle and getattr(cycle, "response_complete", True))
            if idle:
                transport.close()
                conns.discard(transport)
                return
            self._last_cycle = cycle
            self._timer = asyncio.get_running_loop().call_later(limits.header_timeout, self._check, transport,
                                                                client)

    return Guarded
