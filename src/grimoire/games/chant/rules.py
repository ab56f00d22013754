"""Rule primitives of 詠唱 Chant: queries and single-step changes of a state.

Rule numbers refer to ``docs/rules/chant.md``. Every change appends its
:class:`~grimoire.core.decision.Event` s to ``ev``.

>>> [multiplied(7, d) for d in (0, 1, 2, 3, 5)]
[7, 7, 10, 14, 14]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NoReturn

from grimoire.core.decision import DRAWN, Event, Termination
from grimoire.core.effects import Frame
from grimoire.core.errors import OptionsError
from grimoire.core.game import GameEnded

from .kinds import ChantEvent, EventKind
from .state import DEFAULT_VARIANT, TRIGGER_FIELDS, ChantState, FrameKind, Phase, Trigger

_EFFECT: Final = FrameKind.EFFECT
_TRIGGER: Final = FrameKind.TRIGGER
_A: Final = Phase.A
_R: Final = Phase.R

MULT_TEXT: Final = ("x1", "x1", "x1.5", "x2")

#: The rules-variant parameters a state carries (game options; the default is the rulings):
#: first-turn draw (0: the first player skips it, 2.2), the runaway threshold (6.1), the
#: placing cap of chanting cards (3.2.1), then the damage multipliers at depth 0, 1, 2 and
#: 3+ in halves (5.5.1: ×1, ×1, ×1.5, ×2), then where the multiplier applies (5.5.2: 0 damage taken
#: in the A phase and at its end, 1 all damage).
V_FIRST_DRAW: Final = 0
V_RUNAWAY: Final = 1
V_CAP: Final = 2
V_MULT: Final = 3
V_DEPTH_ALL: Final = 7

#: The values of the option ``depth_damage`` (5.5.2), by :data:`V_DEPTH_ALL`.
DEPTH_DAMAGE = ("a_phase", "all")


def parse_multipliers(text: str) -> tuple[int, int, int, int]:
    """Depth multipliers ``"1,1,1.5,2"`` (depth 0, 1, 2, 3+) as halves; one-line error if malformed.

    >>> parse_multipliers("1,1,1.5,2"), parse_multipliers("1, 1.5, 2, 3")
    ((2, 2, 3, 4), (2, 3, 4, 6))
    """
    parts = [x.strip() for x in str(text).split(",")]
    try:
        values = [float(x) for x in parts]
        halves = [round(v * 2) for v in values]
    except (ValueError, OverflowError):
        values, halves = [], []
    if len(values) != 4 or any(h < 0 or abs(v * 2 - h) > 1e-9 or h > 20
                               for v, h in zip(values, halves, strict=True)):
        raise OptionsError(f"depth_multipliers must be four multipliers (depth 0, 1, 2, 3+) in steps of 0.5 "
                           f"from 0 to 10, like 1,1,1.5,2; got {text!r}")
    return (halves[0], halves[1], halves[2], halves[3])


def variant_of(options: Mapping[str, Any]) -> tuple[int, ...]:
    """The variant parameters of rules options — resolved options, or the ``rules`` of a view, which names
    the variant options only when they differ from the rulings (missing ones take their defaults).

    >>> variant_of({}) is DEFAULT_VARIANT, variant_of({"runaway_threshold": 12, "depth_damage": "all"})
    (True, (0, 12, 5, 2, 2, 3, 4, 1))
    """
    d = DEFAULT_VARIANT
    mults = (parse_multipliers(str(options["depth_multipliers"])) if "depth_multipliers" in options
             else d[V_MULT:V_DEPTH_ALL])
    scope = str(options.get("depth_damage", DEPTH_DAMAGE[d[V_DEPTH_ALL]]))
    if scope not in DEPTH_DAMAGE:
        raise OptionsError(f"depth_damage must be one of {', '.join(DEPTH_DAMAGE)}; got {scope!r}")
    v = (int(bool(options.get("first_turn_draw", d[V_FIRST_DRAW]))),
         int(options.get("runaway_threshold", d[V_RUNAWAY])), int(options.get("chant_cap", d[V_CAP])), *mults,
         DEPTH_DAMAGE.index(scope))
    return DEFAULT_VARIANT if v == DEFAULT_VARIANT else v


def variant_text(v: tuple[int, ...]) -> str:
    """The variant in position notation (empty for the default); ``a1`` when the multiplier applies
    to all damage (left out for the A phase only).

    >>> variant_text(DEFAULT_VARIANT), variant_text((1, 12, 5, 2, 2, 3, 4, 0)), variant_text((0, 10, 5, 2, 2, 3, 4, 1))
    ('', 'd1,r12,c5,m2.2.3.4', 'd0,r10,c5,m2.2.3.4,a1')
    """
    if v == DEFAULT_VARIANT:
        return ""
    scope = ",a1" if v[V_DEPTH_ALL] else ""
    return f"d{v[0]},r{v[1]},c{v[2]},m{'.'.join(map(str, v[V_MULT:V_DEPTH_ALL]))}{scope}"


def parse_variant_text(text: str) -> tuple[int, ...]:
    """Inverse of :func:`variant_text` (a text without ``a`` is the A phase only).

    >>> parse_variant_text("d0,r10,c5,m2.2.3.4,a1")
    (0, 10, 5, 2, 2, 3, 4, 1)
    """
    fields = dict((part[:1], part[1:]) for part in text.split(",") if part)
    try:
        mult = [int(x) for x in fields["m"].split(".")]
        scope = int(fields.get("a", "0"))
        v = (int(fields["d"]), int(fields["r"]), int(fields["c"]), *mult, scope)
    except (KeyError, ValueError):
        raise OptionsError(f"rules variant {text!r} must read d<0|1>,r<n>,c<n>,m<a.b.c.d>[,a1]") from None
    if len(v) != 8:
        raise OptionsError(f"rules variant {text!r} needs four multipliers")
    if scope not in (0, 1):
        raise OptionsError(f"rules variant {text!r}: a must be 1 (all damage) or left out")
    return DEFAULT_VARIANT if v == DEFAULT_VARIANT else v


def mult_text(s: ChantState, d: int) -> str:
    """The multiplier of depth ``d`` as the damage event shows it (``x1.5``)."""
    if s.variant == DEFAULT_VARIANT:
        return MULT_TEXT[min(d, 3)]
    return f"x{s.variant[V_MULT + min(d, 3)] / 2:g}"


def multiplied(n: int, depth: int) -> int:
    """Damage ``n`` after the depth multiplier (5.5.1): 0–1 ×1, 2 ×1.5 rounded down, ≥3 ×2."""
    if depth <= 1:
        return n
    if depth == 2:
        return n * 3 // 2
    return n * 2


def is_ready(s: ChantState, u: int) -> bool:
    """A card in a chant area whose progress has reached its chant value (1.3.2)."""
    return s.progress[u] >= s.defs[u].chant


def area_size(s: ChantState, p: int) -> int:
    """Cards in ``p``'s chant area, underlay included (4.1)."""
    area = s.players[p].area
    n = len(area)
    if s.under:
        under = s.under
        for u in area:
            lst = under.get(u)
            if lst:
                n += len(lst)
    return n


def depth(s: ChantState, p: int) -> int:
    """Overload depth: max(0, cards in the chant area − 5) (4.1)."""
    n = area_size(s, p) - 5
    return n if n > 0 else 0


def chanting_count(s: ChantState, p: int) -> int:
    """Chanting entries (a book with its underlay counts one) for the placing cap (3.2.1)."""
    progress, defs = s.progress, s.defs
    return sum(1 for u in s.players[p].area if progress[u] < defs[u].chant)


def ready_cards(s: ChantState, p: int) -> list[int]:
    """``p``'s ready cards in chant-area order."""
    progress, defs = s.progress, s.defs
    return [u for u in s.players[p].area if progress[u] >= defs[u].chant]


def ready_total(s: ChantState) -> int:
    """The runaway count (6.1): ready cards of both players, a ready book counting 1 + underlay."""
    total = 0
    for p in (0, 1):
        for u in ready_cards(s, p):
            total += 1 + len(s.under.get(u, ()))
    return total


def power_of(s: ChantState, u: int) -> int | None:
    """Current power: printed power plus static ``power_mod`` s in play, never below 0 (5.2, 10.7)."""
    d = s.defs[u]
    if d.power is None:
        return None
    power = d.power
    owner = s.owner[u]
    for p in (0, 1):
        for src in s.players[p].area:
            mods = s.defs[src].mods
            if not mods:
                continue
            for n, who, attribute, state in mods:
                if (who == "own" and owner != p) or (who == "opponent" and owner == p):
                    continue
                if attribute is not None and d.attribute != attribute:
                    continue
                if (state == "chanting" and is_ready(s, u)) or (state == "ready" and not is_ready(s, u)):
                    continue
                power += n
    return power if power > 0 else 0


def end_game(s: ChantState, winner: int, reason: Termination, ev: list[ChantEvent]) -> NoReturn:
    """End the game (``winner`` is a seat or DRAWN, 9.2, 9.3) and raise :class:`GameEnded`."""
    s.winner = winner
    s.reason = reason
    s.stack.clear()
    if winner == DRAWN:
        ev.append(Event("game_drawn", s.active, (reason,)))
    else:
        ev.append(Event("game_won", winner, (reason,)))
    raise GameEnded


def check_life(s: ChantState, ev: list[ChantEvent], reason: Termination = Termination.LIFE) -> None:
    """End the game if a life is 0 or less (9.2, 9.3); ``reason`` says what took it."""
    dead0 = s.players[0].life <= 0
    dead1 = s.players[1].life <= 0
    if dead0 or dead1:
        end_game(s, DRAWN if dead0 and dead1 else (1 if dead0 else 0), reason, ev)


def multiplies(s: ChantState) -> bool:
    """Whether damage taken now is multiplied by depth (5.5.2): in the A phase and at its end (the
    runaway check, phase R), never in the C or E phase; everywhere under ``depth_damage=all``."""
    return bool(s.variant[V_DEPTH_ALL]) or _A <= s.phase <= _R


def damage(s: ChantState, amounts: tuple[int, int], ev: list[ChantEvent], depths: tuple[int, int] | None = None,
           reason: Termination = Termination.LIFE) -> None:
    """Deal ``amounts[p]`` to each player at once, multiplied by depth where 5.5.2 says so (the event
    shows the multiplier applied, ``x1`` when none); a game this ends ends for ``reason``
    (``runaway`` for the runaway's damage, 6.3.2)."""
    scaled = multiplies(s)
    when = ("every_phase" if s.variant[V_DEPTH_ALL] else "a_phase") if scaled else "not_a_phase"
    for p in (0, 1):
        n = amounts[p]
        if n <= 0:
            continue
        pl = s.players[p]
        d = depths[p] if depths is not None else depth(s, p)
        if scaled:
            total = n * s.variant[V_MULT + (d if d < 3 else 3)] // 2
            text = mult_text(s, d)
        else:
            total, text = n, "x1"
        pl.life -= total
        ev.append(Event("damage", p, (n, text, total, pl.life, d, when)))
    check_life(s, ev, reason)


def pay_life(s: ChantState, p: int, n: int, ev: list[ChantEvent]) -> None:
    """Pay ``n`` life as a cost, never multiplied (9.1)."""
    pl = s.players[p]
    pl.life -= n
    ev.append(Event("pay_life", p, (n, pl.life)))
    check_life(s, ev)


def gain_life(s: ChantState, p: int, n: int, ev: list[ChantEvent]) -> None:
    """Gain ``n`` life (9.4: no maximum)."""
    pl = s.players[p]
    pl.life += n
    ev.append(Event("gain_life", p, (n, pl.life)))


def draw(s: ChantState, p: int, n: int, ev: list[ChantEvent]) -> None:
    """Draw ``n`` cards from the top (the end) of the library; an empty library loses at once (2.3)."""
    pl = s.players[p]
    for _ in range(n):
        if not pl.library:
            ev.append(Event("deck_out", p))
            end_game(s, 1 - p, Termination.DECK_OUT, ev)
        u = pl.library.pop()
        pl.hand.append(u)
        ev.append(Event("draw", p, (s.ids[u],), p))


def shuffle_library(s: ChantState, p: int) -> None:
    """Shuffle ``p``'s library (Fisher–Yates over the cards from the top down)."""
    lib = s.players[p].library
    lib.reverse()
    s.chance.shuffle(lib)
    lib.reverse()


def advance(s: ChantState, u: int, n: int, ev: list[ChantEvent]) -> None:
    """Advance a chanting card by ``n``, stopping at its chant value (1.3.3)."""
    chant = s.defs[u].chant
    before = s.progress[u]
    if before >= chant or n <= 0:
        return
    after = min(chant, before + n)
    s.progress[u] = after
    p = s.owner[u]
    ev.append(Event("advance", p, (s.ids[u], u, after - before, after)))
    if after >= chant:
        ev.append(Event("ready", p, (s.ids[u], u)))


def rewind(s: ChantState, u: int, n: int, ev: list[ChantEvent]) -> None:
    """Rewind a card by ``n``, never below 0; a chant-0 card stays ready (1.3.4)."""
    chant = s.defs[u].chant
    before = s.progress[u]
    if chant == 0 or before == 0 or n <= 0:
        return
    after = max(0, before - n)
    s.progress[u] = after
    p = s.owner[u]
    ev.append(Event("rewind", p, (s.ids[u], u, before - after, after)))
    if before >= chant > after:
        ev.append(Event("chanting", p, (s.ids[u], u)))


def enter_area(s: ChantState, u: int, ev: list[ChantEvent], kind: EventKind = "place") -> None:
    """Put a card into its owner's chant area at progress 0 (3.2.1, 4.2)."""
    p = s.owner[u]
    s.players[p].area.append(u)
    s.progress[u] = 0
    ev.append(Event(kind, p, (s.ids[u], u)))
    if s.defs[u].chant == 0:
        ev.append(Event("ready", p, (s.ids[u], u)))


def leave_area(s: ChantState, u: int, ev: list[ChantEvent]) -> None:
    """A card leaves the chant area for the blank pile, its underlay with it (1.4.6, 10.6).

    The caller pushes its leave effects.
    """
    p = s.owner[u]
    pl = s.players[p]
    pl.area.remove(u)
    s.progress[u] = 0
    ev.append(Event("leave", p, (s.ids[u], u)))
    pl.blank.append(u)
    under = s.under.pop(u, None)
    if under:
        for c in under:
            pl.blank.append(c)
            ev.append(Event("to_blank", p, (s.ids[c], c)))


def spend_underlay(s: ChantState, book: int, c: int, ev: list[ChantEvent]) -> None:
    """An activated book sends one underlay card to the blank pile (5.6.2)."""
    lst = s.under[book]
    lst.remove(c)
    if not lst:
        del s.under[book]
    p = s.owner[book]
    s.players[p].blank.append(c)
    ev.append(Event("to_blank", p, (s.ids[c], c)))


def push_group(s: ChantState, u: int, controller: int, trigger: Trigger) -> None:
    """Push the effects of card ``u`` for one trigger (a trigger frame, or the single effect)."""
    indices: tuple[int, ...] = getattr(s.defs[u], TRIGGER_FIELDS[trigger])
    if not indices:
        return
    if len(indices) == 1:
        s.stack.append(Frame(_EFFECT, u, controller, s.ids[u], indices[0]))
    else:
        s.stack.append(Frame(_TRIGGER, u, controller, s.ids[u], trigger))


def push_groups(s: ChantState, cards: list[int], trigger: Trigger) -> None:
    """Push one trigger's effects of several cards so that ``cards[0]``'s resolve first (10.2)."""
    for u in reversed(cards):
        push_group(s, u, s.owner[u], trigger)


def matches(s: ChantState, u: int, controller: int, flt: dict[str, str], default_state: str) -> bool:
    """Whether area card ``u`` matches an effect filter seen from ``controller`` (chant-cards.md)."""
    who = flt.get("owner", "own")
    owner = s.owner[u]
    if (who == "own" and owner != controller) or (who == "opponent" and owner == controller):
        return False
    attribute = flt.get("attribute")
    if attribute is not None and s.defs[u].attribute != attribute:
        return False
    state = flt.get("state", default_state)
    if state == "chanting":
        return not is_ready(s, u)
    if state == "ready":
        return is_ready(s, u)
    return True


def targets(s: ChantState, f: Frame, flt: dict[str, str], for_advance: bool) -> list[int]:
    """Area cards an ``advance``/``rewind`` effect may affect, in order (controller's side first)."""
    c = f.controller
    default = "chanting" if for_advance else "any"
    out = []
    for p in (c, 1 - c):
        for u in s.players[p].area:
            if for_advance and is_ready(s, u):
                continue
            if matches(s, u, c, flt, default):
                out.append(u)
    return out


def in_area(s: ChantState, u: int) -> bool:
    """Whether ``u`` is an entry of its owner's chant area (not underlay)."""
    return u in s.players[s.owner[u]].area
