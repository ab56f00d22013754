"""Destiny position notation: one line of text holding a complete state (the game's FEN).

Sections are separated by `` | ``: a header, ``P0`` and ``P1``, then the battle, the
effect stack and the chance source. Each section is ``key=value`` tokens; keys at their
default value are left out.

Header: ``destiny:1`` then ``turn``, ``active``, ``first`` (absent before the toss),
``phase`` (a name of ``state.PHASES``), ``sub``, ``pending``, ``summons``, ``limit``
(turn limit), ``queue`` (uids) and ``qi``, ``winner`` (0, 1 or ``draw``) and ``reason``.

Players: ``P0``/``P1`` then ``threads``, ``ability`` (an id, ``none``, or ``?`` not yet
chosen), ``saved=1``, ``turns``, ``hako`` (turn of the last 地脈の函), and the zones
``deck`` (top card first), ``hand``, ``field``, ``discard``, ``crisis``: comma-separated
``card#uid``. A user on the field adds ``:v`` (veteran), ``:r`` (effect-ready) and
``:+N``/``:-N`` (power modifier).

Tail: ``attacker``, ``blocker``, ``ja=1``, ``ca``, ``used=1``; ``stack`` (frames
separated by ``;``, each ``card#uid@controller:timing:pc:regs``); ``chance``
(``kind,state,pos``) and ``script`` (compact JSON, only if not empty).

When decoding, a card may be written without ``#uid`` (and ``card*N`` for N copies):
such cards get the uids the explicit ones leave free, in reading order. Abilities left
out are ``none`` (``?`` in the ability phase); the chance source defaults to ``prng,0,0``.

Example: turn 3, seat 0 summons; its veteran Lion Dancer has +2 power::

    destiny:1 turn=3 active=0 first=0 phase=summon limit=120 | P0 threads=14 ability=none turns=2
    deck=war_cry#1,fox_fire#2 hand=stall_bouncer#3 field=lion_dancer#0:v:+2 | P1 threads=15
    ability=chimyaku_kanchi turns=1 deck=paper_shikigami#5 hand=veil_of_mist#4 | chance=prng,77,0

(all on one line). ``decode(encode(s))`` gives back ``s`` exactly.
"""

from __future__ import annotations

import json
from typing import Any

from grimoire.core.decision import DRAWN, ONGOING
from grimoire.core.effects import Frame
from grimoire.core.errors import NotationError
from grimoire.core.pool import CardPool
from grimoire.core.rng import KINDS, Chance

from .cards import ABILITIES, TIMINGS, CardDef
from .state import DEFAULT_VARIANT, PHASES, DestinyState, FrameKind, Phase, Player, User, full_variant

TAG = "destiny:1"
ZONES = ("deck", "hand", "field", "discard", "crisis")


def _cards(state: DestinyState, uids: list[int]) -> str:
    return ",".join(f"{state.ids[u]}#{u}" for u in uids)


def _user(state: DestinyState, u: User) -> str:
    out = f"{state.ids[u.uid]}#{u.uid}"
    if u.veteran:
        out += ":v"
    if u.ready:
        out += ":r"
    if u.mod:
        out += f":{u.mod:+d}"
    return out


def encode(state: DestinyState) -> str:
    """The position as one line (see the module docstring)."""
    head = [TAG, f"turn={state.turn}", f"active={state.active}"]
    if state.first >= 0:
        head.append(f"first={state.first}")
    head.append(f"phase={PHASES[state.phase]}")
    for key, value, default in (("sub", state.sub, 0), ("pending", state.pending, -1),
                                ("summons", state.summons, 0)):
        if value != default:
            head.append(f"{key}={value}")
    head.append(f"limit={state.turn_limit}")
    if state.variant != DEFAULT_VARIANT:
        head.append("variant=" + ".".join(map(str, state.variant)))
    if state.queue:
        head.append("queue=" + ",".join(map(str, state.queue)))
    if state.qi:
        head.append(f"qi={state.qi}")
    if state.winner != ONGOING:
        head.append(f"winner={'draw' if state.winner == DRAWN else state.winner}")
    if state.reason:
        head.append(f"reason={state.reason}")
    sections = [" ".join(head)]
    for seat, p in enumerate(state.players):
        toks = [f"P{seat}", f"threads={p.threads}", f"ability={p.ability or '?'}"]
        if p.saved:
            toks.append("saved=1")
        toks.append(f"turns={p.turns}")
        if p.hako:
            toks.append(f"hako={p.hako}")
        zones = {"deck": _cards(state, p.deck[::-1]), "hand": _cards(state, p.hand),
                 "field": ",".join(_user(state, u) for u in p.field),
                 "discard": _cards(state, p.discard), "crisis": _cards(state, p.crisis)}
        toks.extend(f"{k}={v}" for k, v in zones.items() if v)
        sections.append(" ".join(toks))
    tail = []
    for key, value, default in (("attacker", state.attacker, -1), ("blocker", state.blocker, -1),
                                ("ja", int(state.ja), 0), ("ca", state.ca, 0), ("used", int(state.used), 0)):
        if value != default:
            tail.append(f"{key}={value}")
    if state.stack:
        tail.append("stack=" + ";".join(
            f"{f.card}#{f.source}@{f.controller}:{TIMINGS[f.index]}:{f.pc}:{','.join(map(str, f.regs))}"
            for f in state.stack))
    c = state.chance
    tail.append(f"chance={c.kind},{c.state},{c.pos}")
    if c.script:
        script = json.dumps(c.script, ensure_ascii=True, separators=(",", ":"))
        tail.append("script=" + script.replace(" ", "\\u0020").replace("|", "\\u007c"))
    sections.append(" ".join(tail))
    return " | ".join(sections)


def _pairs(section: str, where: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for tok in section.split():
        key, sep, value = tok.partition("=")
        if not sep:
            raise NotationError(f"{where}: expected key=value, got {tok!r}")
        if key in out:
            raise NotationError(f"{where}: key {key!r} given twice")
        out[key] = value
    return out


def _int(pairs: dict[str, str], key: str, default: int, where: str) -> int:
    raw = pairs.pop(key, None)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise NotationError(f"{where}: {key} must be an integer, got {raw!r}") from None


def decode(text: str, pool: CardPool[CardDef]) -> DestinyState:  # noqa: C901, PLR0915 — one section of the notation after another, as encode writes them
    """Inverse of :func:`encode`; errors name the section and the bad token."""
    sections = [s.strip() for s in text.strip().split(" | ")]
    if not sections or not sections[0].startswith(TAG):
        raise NotationError(f"a Destiny position starts with {TAG!r}")
    head = _pairs(sections[0][len(TAG):], "header")
    players_raw: dict[int, dict[str, str]] = {}
    tail: dict[str, str] = {}
    for section in sections[1:]:
        if section[:2] in ("P0", "P1") and (len(section) == 2 or section[2] == " "):
            players_raw[int(section[1])] = _pairs(section[2:], section[:2])
        else:
            for key, value in _pairs(section, "tail").items():
                if key in tail:
                    raise NotationError(f"tail: key {key!r} given twice")
                tail[key] = value
    if set(players_raw) != {0, 1}:
        raise NotationError("a position needs sections P0 and P1")
    phase_name = head.pop("phase", "summon")
    if phase_name not in PHASES:
        raise NotationError(f"header: unknown phase {phase_name!r}; phases: {', '.join(PHASES)}")
    phase = Phase(PHASES.index(phase_name))

    # cards: first pass collects (seat, zone, card, uid or None, user flags)
    entries: list[tuple[int, str, str, int | None, list[str]]] = []
    for seat in (0, 1):
        for zone in ZONES:
            raw = players_raw[seat].get(zone, "")
            for tok in filter(None, raw.split(",")):
                name, *flags = tok.split(":")
                count = 1
                if "*" in name:
                    name, _, times = name.partition("*")
                    if not times.isdigit():
                        raise NotationError(f"P{seat} {zone}: bad count in {tok!r}")
                    count = int(times)
                card, _, uid_text = name.partition("#")
                if card not in pool:
                    raise NotationError(f"P{seat} {zone}: unknown card {card!r}")
                if uid_text and (not uid_text.isdigit() or count != 1):
                    raise NotationError(f"P{seat} {zone}: bad uid in {tok!r}")
                if flags and zone != "field":
                    raise NotationError(f"P{seat} {zone}: only users have flags: {tok!r}")
                for _ in range(count):
                    entries.append((seat, zone, card, int(uid_text) if uid_text else None, flags))
    total = len(entries)
    taken = [e[3] for e in entries if e[3] is not None]
    if len(set(taken)) != len(taken) or any(u >= total for u in taken):
        raise NotationError(f"uids must be unique and below the number of cards ({total})")
    free = iter(sorted(set(range(total)) - set(taken)))
    ids: list[str] = [""] * total
    owner = [0] * total
    zones: dict[tuple[int, str], list[int]] = {(s, z): [] for s in (0, 1) for z in ZONES}
    users: list[list[User]] = [[], []]
    for seat, zone, card, maybe_uid, flags in entries:
        uid = maybe_uid if maybe_uid is not None else next(free)
        ids[uid] = card
        owner[uid] = seat
        if zone == "field":
            u = User(uid)
            for flag in flags:
                if flag == "v":
                    u.veteran = True
                elif flag == "r":
                    u.ready = True
                elif flag[:1] in "+-" and flag[1:].isdigit():
                    u.mod = int(flag)
                else:
                    raise NotationError(f"P{seat} field: unknown user flag {flag!r}")
            users[seat].append(u)
        else:
            zones[seat, zone].append(uid)

    players = []
    for seat in (0, 1):
        raw_p = dict(players_raw[seat])
        where = f"P{seat}"
        p = Player.new(_int(raw_p, "threads", 15, where), zones[seat, "deck"][::-1])
        p.hand = zones[seat, "hand"]
        p.field = users[seat]
        p.discard = zones[seat, "discard"]
        p.crisis = zones[seat, "crisis"]
        ability = raw_p.pop("ability", "?" if phase == 0 else "none")
        if ability not in (*ABILITIES, "none", "?"):
            raise NotationError(f"{where}: unknown ability {ability!r}")
        p.ability = "" if ability == "?" else ability
        p.saved = bool(_int(raw_p, "saved", 0, where))
        p.turns = _int(raw_p, "turns", 0, where)
        p.hako = _int(raw_p, "hako", 0, where)
        for zone in ZONES:
            raw_p.pop(zone, None)
        if raw_p:
            raise NotationError(f"{where}: unknown key {sorted(raw_p)[0]!r}")
        players.append(p)

    chance = _chance(tail.pop("chance", "prng,0,0"), tail.pop("script", ""))
    state = DestinyState.new(tuple(ids), tuple(pool[c] for c in ids), tuple(owner), players, chance,
                  _int(head, "limit", 120, "header"))
    state.phase = phase
    variant = head.pop("variant", "")
    if variant:
        try:
            values = tuple(int(x) for x in variant.split("."))
        except ValueError:
            raise NotationError(f"header: variant must be numbers joined by '.', got {variant!r}") from None
        if not 3 <= len(values) <= len(DEFAULT_VARIANT):
            raise NotationError(f"header: variant needs 3 to {len(DEFAULT_VARIANT)} numbers, got {variant!r}")
        state.variant = full_variant(values)
    state.turn = _int(head, "turn", 1, "header")
    state.active = _int(head, "active", 0, "header")
    state.first = _int(head, "first", -1, "header")
    state.sub = _int(head, "sub", 0, "header")
    state.pending = _int(head, "pending", -1, "header")
    state.summons = _int(head, "summons", 0, "header")
    queue = head.pop("queue", "")
    state.queue = [_uid(x, total, "header queue") for x in queue.split(",") if x]
    state.qi = _int(head, "qi", 0, "header")
    winner = head.pop("winner", None)
    if winner is None:
        state.winner = ONGOING
    elif winner == "draw":
        state.winner = DRAWN
    elif winner in ("0", "1"):
        state.winner = int(winner)
    else:
        raise NotationError(f"header: winner must be 0, 1 or draw, got {winner!r}")
    state.reason = head.pop("reason", "")
    if head:
        raise NotationError(f"header: unknown key {sorted(head)[0]!r}")
    state.attacker = _int(tail, "attacker", -1, "tail")
    state.blocker = _int(tail, "blocker", -1, "tail")
    state.ja = bool(_int(tail, "ja", 0, "tail"))
    state.ca = _int(tail, "ca", 0, "tail")
    state.used = bool(_int(tail, "used", 0, "tail"))
    stack = tail.pop("stack", "")
    state.stack = [_frame(f, ids) for f in stack.split(";") if f]
    if tail:
        raise NotationError(f"tail: unknown key {sorted(tail)[0]!r}")
    return state


def _uid(text: str, total: int, where: str) -> int:
    if not text.isdigit() or int(text) >= total:
        raise NotationError(f"{where}: {text!r} is not a card uid")
    return int(text)


def _frame(text: str, cards: list[str]) -> Frame:
    try:
        source, rest = text.split("@", 1)
        card, uid = source.split("#")
        controller, timing, pc, regs = rest.split(":")
        frame = Frame(FrameKind.USE, int(uid), int(controller), card, TIMINGS.index(timing), int(pc),
                      [int(r) for r in regs.split(",") if r])
    except ValueError:
        raise NotationError(f"stack: bad frame {text!r}") from None
    if frame.source >= len(cards) or cards[frame.source] != card:
        raise NotationError(f"stack: frame {text!r} names a card that is not there")
    return frame


def _chance(text: str, script: str) -> Chance:
    parts = text.split(",")
    if len(parts) != 3 or parts[0] not in KINDS or not parts[1].isdigit() or not parts[2].isdigit():
        raise NotationError(f"chance must be kind,state,pos, got {text!r}")
    items: list[Any] = []
    if script:
        try:
            items = list(json.loads(script))
        except (ValueError, TypeError):
            raise NotationError(f"script is not a JSON list: {script!r}") from None
    return Chance(parts[0], int(parts[1]), items, int(parts[2]))
