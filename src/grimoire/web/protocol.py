"""The WebSocket protocol: client messages, typed errors and the payloads sent to a seat.

The rules of the table (tests are named after them):

* **W1 Views.** A seat receives only ``game.view(state, seat)``, the public facts of the
  pending decision (who must answer) and the events redacted for it; a spectator gets
  the public view (``seat=None``). Nothing is built from the raw state: the RNG state
  and hidden cards never leave the server.
* **W2 Decisions.** The seat that must answer gets the decision with its sequence number
  ``seq`` (answers so far), the prompt and each option's id and rendered label.
* **W3 Refusals.** A malformed, stale, illegal or unauthorised message gets a typed
  error (``bad_json``, ``bad_message``, ``stale``, ``illegal``, ``not_your_turn``,
  ``bad_token``; see :mod:`grimoire.web.errors`) in the client's language and changes
  nothing.
* **W9 Limits.** Messages are parsed within the server's limits
  (:mod:`grimoire.web.limits`: size, JSON depth and number size); a socket sending
  faster than the rate, or not reading its updates, is closed with a typed error; a
  ``hello`` or ``lang`` that changes nothing is answered by a small ``same`` message,
  never by the whole state again.
* **W4 Seats.** A seat is opened by its secret token (sent in ``hello``, never in a
  URL the server sees); a token of another game opens nothing; computer seats have
  no token.
* **W5 Durability.** Every answer is committed to the database before it is
  acknowledged or broadcast; a restarted server replays set-up + answers lazily and
  the game goes on exactly where it was.
* **W6 Computer.** A computer seat is answered on the server by an agent from the
  agent registry that gets only its seat's view.
* **W7 Replay.** The view after any step is recomputed by replaying the stored answers,
  as the public view or as the seat's own view.
* **W8 Lobby.** Pasted deck lists are validated by the game; errors name the line.

Client → server (JSON text frames)::

    {"type": "hello", "token": "<seat token>" | null, "lang": "ja" | "en", "table": true}  # table: also send
                                         # the "table" messages (clock, presence, claim, rematch offers);
                                         # "away"/"idle" as in "away" (a hidden page's hello: never present)
    {"type": "answer", "seq": 12, "option": "place:3"}
    {"type": "lang", "lang": "en"}
    {"type": "ping"}
    {"type": "concede"}                  # the seat gives up the game (the client asks to confirm first)
    {"type": "claim"}                    # claim the win from a seat that left (untimed games, limit idle_claim)
    {"type": "rematch"}                  # offer (or accept) a rematch of a finished game
    {"type": "away", "away": true, "idle": 42.5}  # the page is hidden or unused (for idle s) / in use again
                                         # (away false): a seat whose pages are all away counts as absent

Server → client::

    {"type": "state", "seq": 12, "seat": 0, "view": {...}, "decision": {...} | null,
     "waiting_for": 1 | null, "events": [...], "outcome": null, "ack": 11}
    {"type": "error", "code": "stale", "message": "...", "seq": 12}
    {"type": "same", "seq": 12}          # hello/lang that changed nothing: the client is up to date
    {"type": "pong"}
    {"type": "table", "seq": 12, "clock": {"control": "5+10", "left": [281.5, 300.0], "running": 0} | null,
     "present": [true, false], "idle": [false, false], "claim_in": 40.0 | null, "rematch": [0],
     "idle_claim": 180}                  # idle: the seat is connected but every page of it is hidden or unused
    {"type": "rematch", "url": "/g/<new id>#seat=<token>"}   # both accepted: the new game's link for this client

``seq`` is the number of answers given so far; an answer must carry the ``seq`` of the
decision it answers. A decision names the rule it applies (``"rule": "3.2"``, a number of
the game's rules page ``/rules/<game>``, or null) and gives ``notes`` for options with a
rule of their own (``{"ability:chimyaku_houki": {"rule": "9.1", "text": "…"}}``). A seat
gets the pending decision (prompt and option labels) only
when it must answer; everybody else learns only which seat is deciding. Nothing in a
payload is built from anything but ``game.view(state, seat)``, the public facts of the
pending decision and the events redacted for that seat.

>>> parse_message('{"type": "answer", "seq": 3, "option": "pass"}')
{'type': 'answer', 'seq': 3, 'option': 'pass'}
>>> parse_message('{"type": "answer", "seq": "3"}')
Traceback (most recent call last):
...
grimoire.web.errors.ClientError: bad_message: 'seq' must be an integer
>>> parse_message("{oops")
Traceback (most recent call last):
...
grimoire.web.errors.ClientError: bad_json: not JSON
>>> parse_message('{"type": "answer", "seq": 1e400, "option": "x"}')
Traceback (most recent call last):
...
grimoire.web.errors.ClientError: bad_json: a JSON number is out of range (no Infinity or NaN)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from grimoire.core.decision import Decision, Event, Outcome
from grimoire.core.forfeit import REASONS as FORFEIT_REASONS
from grimoire.core.game import Game
from grimoire.core.i18n import LANGS
from grimoire.core.why import explain

from .errors import ERROR_CODES, ClientError, refused_json
from .limits import Limits
from .rules import decision_refs, has_rules_page
from .safejson import JSONRefused, loads

__all__ = ["ERROR_CODES", "ClientError", "parse_message", "state_payload"]
DEFAULT_LIMITS = Limits()


def dumps(obj: Any) -> str:
    """Compact JSON text as sent on the wire."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def parse_message(text: str | bytes, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Check one client message; raises :class:`ClientError` (``bad_json`` or ``bad_message``)."""
    if len(text) > limits.ws_message:
        raise ClientError("bad_message", "too_long", limit=limits.ws_message)
    try:
        data = loads(text, limits.json_depth, limits.json_digits, limits.json_items)
    except JSONRefused as exc:
        raise refused_json(exc, limits) from None
    if not isinstance(data, dict):
        raise ClientError("bad_message", "not_object")
    kind = data.get("type")
    if kind == "hello":
        token = data.get("token")
        if token is not None and not isinstance(token, str):
            raise ClientError("bad_message", "field", field="token", what="a string or null")
        away, idle = _away(data.get("away", False), data.get("idle", 0))
        return {"type": "hello", "token": token or None, "lang": _lang(data.get("lang", "ja")),
                "table": data.get("table") is True, "away": away, "idle": idle}
    if kind == "answer":
        seq = data.get("seq")
        option = data.get("option")
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise ClientError("bad_message", "field", field="seq", what="an integer")
        if not isinstance(option, str) or not option:
            raise ClientError("bad_message", "field", field="option", what="a non-empty string")
        return {"type": "answer", "seq": seq, "option": option}
    if kind == "lang":
        return {"type": "lang", "lang": _lang(data.get("lang"))}
    if kind == "away":
        away, idle = _away(data.get("away"), data.get("idle", 0))
        return {"type": "away", "away": away, "idle": idle}
    if kind in ("ping", "concede", "claim", "rematch", "takeback", "takeback_yes", "takeback_no"):
        return {"type": kind}
    raise ClientError("bad_message", "unknown_type", kind=str(kind)[:40])


def _away(away: Any, idle: Any) -> tuple[bool, float]:
    """A page's ``away`` flag and ``idle`` seconds, checked."""
    if not isinstance(away, bool):
        raise ClientError("bad_message", "field", field="away", what="true / false")
    if isinstance(idle, bool) or not isinstance(idle, (int, float)) or not 0 <= idle <= 10 ** 9:
        raise ClientError("bad_message", "field", field="idle", what="a number of seconds, 0 or more")
    return away, float(idle)


def _lang(value: Any) -> str:
    if value not in LANGS:
        raise ClientError("bad_message", "field", field="lang", what=" / ".join(LANGS))
    return str(value)


def render_events(game: Game[Any], events: Sequence[Event], seat: int | None, lang: str) -> list[dict[str, Any]]:
    """Events as ``seat`` may see them, each as ``{"k": kind, "p": player, "t": text, "a": named args,
    "w": why}``: ``w`` is why it happened (:func:`grimoire.core.why.explain`: ``rule``, ``text``, ``link``)."""
    out = []
    linked = has_rules_page(game.name)
    for event in events:
        seen = event.redacted_for(seat)
        why = explain(game, seen, lang).to_json()
        if not linked:
            why["link"] = None  # the game has no rules page to link to
        out.append({"k": seen.kind, "p": seen.player, "t": game.text.describe(seen, lang),
                    "a": {k: _plain(v) for k, v in game.events.named(seen).items()}, "w": why})
    return out


def decision_payload(game: Game[Any], decision: Decision, seq: int, lang: str,
                     default: str | None = None) -> dict[str, Any]:
    """The pending decision for the seat that must answer it: prompt and option labels, and the rule
    it applies (``rule``; ``notes``: options with a rule of their own, e.g. Destiny's forecast abilities).
    ``default``: the option the seat's deck declares (``# ability:``; Enter takes it), when there is one."""
    extra: dict[str, Any] = {} if default is None else {"default": default}
    return {
        "seq": seq,
        "player": decision.player,
        "kind": decision.kind,
        "prompt": game.text.prompt(decision, lang),
        "options": [{"id": o.id, "label": game.text.label(o, lang), "args": [_plain(a) for a in o.args]}
                    for o in decision.options],
        **decision_refs(game.name, decision, lang, game.text),
        **extra,
    }


def outcome_payload(game: Game[Any], outcome: Outcome | None, lang: str,
                    log: Sequence[Event] = ()) -> dict[str, Any] | None:
    """How the game ended; ``text`` is the game's own line for it (its last ``game_*`` event), or the
    reason's word for a game lost by concession, on time or by leaving."""
    if outcome is None:
        return None
    text = game.text.term(outcome.reason, lang)
    if outcome.reason in FORFEIT_REASONS:
        return {"winner": outcome.winner, "reason": outcome.reason, "text": text}
    for event in reversed(log[-8:]):
        if event.kind.startswith("game_"):
            text = game.text.describe(event, lang)
            break
    return {"winner": outcome.winner, "reason": outcome.reason, "text": text}


def state_payload(game: Game[Any], state: Any, decision: Decision | None, seq: int, seat: int | None, lang: str,  # noqa: PLR0913 — what one state message holds, each a keyword of the protocol
                  events: Sequence[Event], *, full_log: bool = False, ack: int | None = None,
                  log: Sequence[Event] = (), outcome: Outcome | None = None,
                  default: str | None = None) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (None: a spectator); ``default``: the answer the deciding
    seat's deck declares (:func:`grimoire.core.setup_choices.declared_answer`), offered as its default.

    ``events`` are the events since the seat's last update (or the whole log with
    ``full_log``, which tells the client to replace its log); ``log`` is the whole log
    (to name how the game ended).
    """
    mine = decision is not None and seat is not None and decision.player == seat
    out: dict[str, Any] = {
        "type": "state",
        "game": game.name,
        "seq": seq,
        "seat": seat,
        "view": game.view(state, seat),
        "decision": decision_payload(game, decision, seq, lang, default) if mine and decision is not None else None,
        "waiting_for": None if decision is None else decision.player,
        "events": render_events(game, events, seat, lang),
        "full_log": full_log,
        "outcome": outcome_payload(game, outcome or game.outcome(state), lang, log or events),
    }
    if ack is not None:
        out["ack"] = ack
    return out


def _plain(value: Any) -> Any:
    """An option argument as JSON-able data."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)
