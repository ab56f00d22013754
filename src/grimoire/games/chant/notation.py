"""Position notation of 詠唱 Chant: a whole state as one line of text (the game's FEN).

Seven fields separated by `` | ``::

    chant1 T<turn> A<active> F<first> P<phase> <flags> <rules> <result>
    | <legend> | <player 0> | <player 1> | U:<used uids> X:<ability-used uids>
    | <stack> | <chance>

* ``flags`` — four characters ``p`` (placed from hand), ``b`` (book placed), ``v``
  (advanced instead of placing), ``d`` (discarded), each ``-`` when unset, then the
  number of cancelled book placements this turn: ``p--d0``.
* ``rules`` — ``x`` (exclusive placement) or ``-``, then the turn limit: ``-60``; a
  non-default rules variant follows after ``~`` (:func:`~.rules.variant_text`):
  ``-60~d1,r12,c5,m2.2.3.4``.
* ``result`` — ``-`` while the game goes on, ``W0:<reason>`` / ``W1:<reason>`` for a
  winner, ``D:<reason>`` for a draw.
* ``legend`` — ``a=fireball,b=flame_sphere,…``: a letter code for every card id used.
* a player — ``<life> L:<library, top card first> H:<hand> F:<forbidden deck>
  Z:<chant area> B:<blank pile> S:<shown cards>``; a card is ``<code><uid>`` (``a12`` =
  uid 12, a fireball); an area entry adds ``@<progress>`` and a book its underlay in
  brackets: ``c41@2[a4+a6+b8]``.
* ``stack`` — ``-`` or frames bottom first, separated by ``/``:
  ``<kind>,<source>,<controller>,<card id>,<index>,<pc>,<regs separated by .>``; the
  kind is a :class:`~grimoire.games.chant.state.FrameKind` name in lower case
  (``effect``, ``trigger``, ``activation``, ``put_away``, ``book``, ``discard``,
  ``runaway``).
* ``chance`` — ``<kind>,<state>,<pos>,<script as JSON>``.

Example (a tiny position: P1 to act in the C phase, a 火球 ready in front):

>>> text = ("chant1 T3 A0 F0 PC ---- 0 -60 - | a=fireball,b=flame_sphere | 20 L:a0,a1 H:b2 F: Z:a3@2 B: S: "
...         "| 19 L:a4 H:b5 F: Z: B:a6 S: | U: X: | - | prng,99,0,[]")
>>> from grimoire.games.chant.cards import load_pool
>>> pool = load_pool()
>>> state = decode(text, pool.__getitem__)
>>> state.players[0].area, state.progress[3], state.ids[2], state.players[0].library
([3], 2, 'flame_sphere', [1, 0])
>>> encode(state) == text
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from grimoire.core.decision import DRAWN, ONGOING
from grimoire.core.effects import Frame
from grimoire.core.errors import NotationError, OptionsError
from grimoire.core.rng import Chance

from . import rules as rules_mod
from .cards import CardDef
from .state import ChantState, FrameKind, Phase, Player

HEADER = "chant1"
_TOKEN = re.compile(r"^([a-z]+)(\d+)$")
_ENTRY = re.compile(r"^([a-z]+)(\d+)@(\d+)(?:\[([a-z0-9+]*)\])?$")
_ZONES = (("L", "library"), ("H", "hand"), ("F", "forbidden"), ("Z", "area"), ("B", "blank"), ("S", "shown"))


def code(i: int) -> str:
    """The letter code of legend index ``i``: a … z, aa, ab, …

    >>> [code(0), code(25), code(26), code(27)]
    ['a', 'z', 'aa', 'ab']
    """
    out = ""
    i += 1
    while i > 0:
        i, r = divmod(i - 1, 26)
        out = chr(97 + r) + out
    return out


def encode(s: ChantState) -> str:
    """The position as one line (see the module docstring)."""
    legend = sorted(set(s.ids))
    codes = {cid: code(i) for i, cid in enumerate(legend)}

    def tok(u: int) -> str:
        return f"{codes[s.ids[u]]}{u}"

    def player(p: Player) -> str:
        parts = [str(p.life)]
        for letter, name in _ZONES:
            uids: list[int] = getattr(p, name)
            if name == "library":
                uids = uids[::-1]  # written top card first
            if name == "area":
                items = []
                for u in uids:
                    item = f"{tok(u)}@{s.progress[u]}"
                    if u in s.under:
                        item += "[" + "+".join(tok(c) for c in s.under[u]) + "]"
                    items.append(item)
                parts.append(f"{letter}:" + ",".join(items))
            else:
                parts.append(f"{letter}:" + ",".join(tok(u) for u in uids))
        return " ".join(parts)

    flags = "".join(c if on else "-" for c, on in zip("pbvd", (s.placed, s.book_placed, s.advanced, s.discarded),
                                                        strict=True))
    if s.winner == ONGOING:
        result = "-"
    elif s.winner == DRAWN:
        result = f"D:{s.reason}"
    else:
        result = f"W{s.winner}:{s.reason}"
    header = (f"{HEADER} T{s.turn} A{s.active} F{s.first} P{s.phase.name} {flags} {s.cancels} "
              f"{'x' if s.exclusive else '-'}{s.turn_limit}{_variant(s)} {result}")
    stack = "/".join(f"{FrameKind(f.kind).name.lower()},{f.source},{f.controller},{f.card},{f.index},{f.pc},"
                     f"{'.'.join(map(str, f.regs))}" for f in s.stack) or "-"
    c = s.chance
    chance = f"{c.kind},{c.state},{c.pos},{json.dumps(c.script, ensure_ascii=False, separators=(',', ':'))}"
    turn_lists = "U:" + ",".join(map(str, s.used)) + " X:" + ",".join(map(str, s.abil))
    return " | ".join([header, ",".join(f"{codes[c]}={c}" for c in legend), player(s.players[0]),
                       player(s.players[1]), turn_lists, stack, chance])


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"{what}: expected a number, got {text!r}") from None


def decode(text: str, card: Callable[[str], CardDef]) -> ChantState:
    """Parse a position; ``card`` looks a card id up. Errors are :class:`NotationError`."""
    fields = text.strip().split(" | ")
    if len(fields) != 7:
        raise NotationError(f"a Chant position has 7 fields separated by ' | ', got {len(fields)}")
    head = fields[0].split()
    if len(head) != 9 or head[0] != HEADER:
        raise NotationError(f"header must be '{HEADER} T.. A.. F.. P.. flags cancels rules result', got {fields[0]!r}")
    legend: dict[str, str] = {}
    if fields[1]:
        for item in fields[1].split(","):
            c, eq, cid = item.partition("=")
            if not eq or not c.isalpha() or not cid:
                raise NotationError(f"legend entry {item!r} must be <code>=<card id>")
            legend[c] = cid
    owners: dict[int, int] = {}
    ids: dict[int, str] = {}
    progress: dict[int, int] = {}
    under: dict[int, list[int]] = {}

    def take(token: str, p: int) -> int:
        m = _TOKEN.match(token)
        if not m:
            raise NotationError(f"card token {token!r} must be <code><uid>")
        return put(m.group(1), m.group(2), p)

    def put(c: str, uid_text: str, p: int) -> int:
        if c not in legend:
            raise NotationError(f"card code {c!r} is not in the legend")
        u = int(uid_text)
        if u in ids:
            raise NotationError(f"uid {u} appears twice")
        ids[u] = legend[c]
        owners[u] = p
        return u

    players = []
    for p in (0, 1):
        parts = fields[2 + p].split(" ")
        if len(parts) != 7:
            raise NotationError(f"player {p} must be '<life> L: H: F: Z: B: S:', got {fields[2 + p]!r}")
        pl = Player.new(_int(parts[0], f"player {p} life"))
        for (letter, name), part in zip(_ZONES, parts[1:], strict=True):
            if not part.startswith(letter + ":"):
                raise NotationError(f"player {p}: expected zone {letter}:, got {part!r}")
            body = part[2:]
            uids: list[int] = []
            for item in body.split(",") if body else []:
                if name != "area":
                    uids.append(take(item, p))
                    continue
                m = _ENTRY.match(item)
                if not m:
                    raise NotationError(f"area entry {item!r} must be <code><uid>@<progress>[underlay]")
                u = put(m.group(1), m.group(2), p)
                progress[u] = int(m.group(3))
                if m.group(4):
                    under[u] = [take(t, p) for t in m.group(4).split("+")]
                uids.append(u)
            setattr(pl, name, uids[::-1] if name == "library" else uids)
        players.append(pl)
    n = len(ids)
    if sorted(ids) != list(range(n)):
        raise NotationError(f"uids must be 0..{n - 1} without gaps")
    try:
        defs = tuple(card(ids[u]) for u in range(n))
    except KeyError as exc:
        raise NotationError(f"unknown card id {exc.args[0]!r}") from None
    kind, _, rest = fields[6].partition(",")
    state_text, _, rest = rest.partition(",")
    pos_text, _, script_text = rest.partition(",")
    try:
        script = json.loads(script_text)
        chance = Chance.from_json({"kind": kind, "state": _int(state_text, "chance state"),
                                   "script": script, "pos": _int(pos_text, "chance position")})
    except (json.JSONDecodeError, ValueError) as exc:
        raise NotationError(f"chance field {fields[6]!r}: {exc}") from None
    except Exception as exc:  # OptionsError for an unknown kind
        raise NotationError(f"chance field {fields[6]!r}: {exc}") from None
    s = ChantState.new(tuple(ids[u] for u in range(n)), defs, tuple(owners[u] for u in range(n)), chance)
    s.players = players
    for u, v in progress.items():
        s.progress[u] = v
    s.under = under
    _header(s, head)
    s.used, s.abil = _turn_lists(fields[4])
    s.stack = _stack(fields[5])
    return s


def _variant(s: ChantState) -> str:
    """``~`` and the rules variant after the turn limit, only when it is not the default."""
    text = rules_mod.variant_text(s.variant)
    return f"~{text}" if text else ""


def _header(s: ChantState, head: list[str]) -> None:
    for part, letter in zip(head[1:5], "TAFP", strict=True):
        if not part.startswith(letter):
            raise NotationError(f"header field {part!r} must start with {letter}")
    s.turn = _int(head[1][1:], "turn")
    s.active = _int(head[2][1:], "active player")
    s.first = _int(head[3][1:], "first player")
    phase = head[4][1:]
    if phase not in Phase.__members__ or s.active not in (0, 1) or s.first not in (0, 1):
        raise NotationError(f"bad phase or seat in {' '.join(head[1:5])!r}")
    s.phase = Phase[phase]
    flags = head[5]
    if len(flags) != 4 or any(ch not in (c, "-") for ch, c in zip(flags, "pbvd", strict=True)):
        raise NotationError(f"turn flags {flags!r} must be four of p b v d or -")
    s.placed, s.book_placed, s.advanced, s.discarded = (ch != "-" for ch in flags)
    s.cancels = _int(head[6], "cancels")
    rules = head[7]
    if not rules or rules[0] not in "x-":
        raise NotationError(f"rules field {rules!r} must be x or - and the turn limit")
    s.exclusive = rules[0] == "x"
    limit, _, variant = rules[1:].partition("~")
    s.turn_limit = _int(limit, "turn limit")
    if variant:
        try:
            s.variant = rules_mod.parse_variant_text(variant)
        except OptionsError as e:
            raise NotationError(str(e)) from None
    result = head[8]
    if result == "-":
        return
    who, colon, reason = result.partition(":")
    if not colon or who not in ("W0", "W1", "D"):
        raise NotationError(f"result {result!r} must be -, W0:<reason>, W1:<reason> or D:<reason>")
    s.winner = DRAWN if who == "D" else int(who[1])
    s.reason = reason


def _turn_lists(field: str) -> tuple[list[int], list[int]]:
    parts = field.split(" ")
    if len(parts) != 2 or not parts[0].startswith("U:") or not parts[1].startswith("X:"):
        raise NotationError(f"turn lists must be 'U:<uids> X:<uids>', got {field!r}")
    return ([_int(x, "used uid") for x in parts[0][2:].split(",") if x],
            [_int(x, "ability uid") for x in parts[1][2:].split(",") if x])


def _stack(field: str) -> list[Frame]:
    if field == "-":
        return []
    frames = []
    for item in field.split("/"):
        parts = item.split(",")
        if len(parts) != 7:
            raise NotationError(f"frame {item!r} must be kind,source,controller,card,index,pc,regs")
        kind = FrameKind.__members__.get(parts[0].upper())
        if kind is None:
            names = ", ".join(k.name.lower() for k in FrameKind)
            raise NotationError(f"frame kind {parts[0]!r} is not one of {names}")
        regs = [_int(r, "frame register") for r in parts[6].split(".") if r]
        frames.append(Frame(kind, _int(parts[1], "frame source"), _int(parts[2], "frame controller"), parts[3],
                            _int(parts[4], "frame index"), _int(parts[5], "frame pc"), regs))
    return frames
