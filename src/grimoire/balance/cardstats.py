"""What each card did in the balance games: placed, activated, effect fired, damage, turn of play.

A game's metrics reader names, in :meth:`card_events`, which of its event kinds mean what
for a card (a :class:`CardEvents`); :class:`CardTracker` reads a balance game's events
with it (only the lab's games: plain ``grimoire sim`` reads no events) into per-seat
counters, and :func:`card_stats` sums them over one level's games into the report's
``card_stats`` rows, with flags for a card or effect that never mattered.

An effect event (an advance, a draw, a thread lost …) is credited to the card whose
activation, placement or leaving came last before it in the same turn (the events do not
name their source); damage to the attacker's opponent after an attack is credited to the
attacking card, damage to the attacker after a counter (a clash) to the countering card.

>>> spec = CardEvents(placed=("place",), activated=("activate",), sources=("activate",), effects=("draw",),
...                   attacks=("attack",), damage={"damage": "amount"}, ends=("turn",))
>>> from grimoire.core.decision import Event
>>> from grimoire.core.events import EventSchema
>>> schema = EventSchema({"place": ("card",), "activate": ("card",), "draw": ("card",), "attack": ("card",),
...                       "damage": ("amount",), "turn": ("turn",)})
>>> t = CardTracker(spec, schema)
>>> t.read([Event("place", 0, ("bolt",)), Event("activate", 0, ("bolt",)), Event("draw", 0, ("x",)),
...         Event("attack", 0, ("bolt",)), Event("damage", 1, (3,))], turn=2)
>>> t.seats[0]["bolt"] == {"placed": 1, "turn": 2, "activated": 1, "fired": 1, "e:draw": 1, "damage": 3}
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from grimoire.core.decision import Event
from grimoire.core.events import EventSchema
from grimoire.core.plugin import HasCardEvents, note_missing
from grimoire.core.stats import rate

#: The fewest chances (activations, placements) a card's effect needs before "never fired" is said.
MIN_CHANCES = 20
#: A card placed in fewer than this share of its deck's seat-games (the whole interval below it) is "rarely placed".
RARELY_PLACED = 0.10
#: Sample game records kept per card (games where its effect fired).
SAMPLES = 2


@dataclass(frozen=True)
class CardEvents:
    """Which event kinds of a game mean what for a card (each event's ``card`` argument names it).

    ``placed``: the event's player put the card into play; ``books``: the same, for a card the
    game counts apart (Chant's forbidden books); ``activated``: the card was activated or used;
    ``sources``: the card's effects resolve next (activation, placement, leaving); ``effects``:
    what an effect does; ``attacks``: the card attacks; ``counters``: kind → argument naming the
    opponent's card meeting the attack; ``damage``: kind → argument holding the amount the
    event's player lost; ``ends``: kinds after which no effect or attack is under way;
    ``triggers``: the effect triggers counted (an effect resolving at a phase names no card
    before it and is not counted: its card has no ``fired`` count).
    """

    placed: tuple[str, ...] = ()
    books: tuple[str, ...] = ()
    activated: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    attacks: tuple[str, ...] = ()
    counters: Mapping[str, str] = field(default_factory=dict)
    damage: Mapping[str, str] = field(default_factory=dict)
    ends: tuple[str, ...] = ()
    #: the effect triggers (a card effect's ``on``) whose effects follow a source event and so are counted
    triggers: tuple[str, ...] = ()
    #: the triggers among them that resolve when the card is put into play (each placement is a chance)
    placing: tuple[str, ...] = ()
    #: kinds activating a card of the other seat during an attack (Chant's counter): activated, its effects
    #: follow, and the attack stays under way
    responses: tuple[str, ...] = ()


def card_events_of(reader: Any, game: str = "") -> CardEvents | None:
    """The card-event spec of a game's metrics reader, from the plain dict its optional
    ``card_events()`` hook gives (:class:`~grimoire.core.plugin.HasCardEvents`; the fields of
    :class:`CardEvents`); None, noted once for ``game``, when the game has no such hook."""
    if not isinstance(reader, HasCardEvents):
        if game:
            note_missing(game, "metrics.card_events", "the balance report has no per-card statistics")
        return None
    spec: dict[str, Any] = dict(reader.card_events())

    def kinds(name: str) -> tuple[str, ...]:
        return tuple(str(k) for k in spec.get(name, ()))

    def named(name: str) -> dict[str, str]:
        return {str(k): str(v) for k, v in dict(spec.get(name, {})).items()}

    unknown = sorted(set(spec) - {f for f in CardEvents.__dataclass_fields__})
    if unknown:
        raise ValueError(f"card_events names unknown fields: {', '.join(unknown)}")
    return CardEvents(kinds("placed"), kinds("books"), kinds("activated"), kinds("sources"), kinds("effects"),
                      kinds("attacks"), named("counters"), named("damage"), kinds("ends"), kinds("triggers"),
                      kinds("placing"), kinds("responses"))


Counts = dict[str, dict[str, int]]


class CardTracker:
    """One game's per-seat card counters (``seats[seat][card][counter]``), read event by event."""

    def __init__(self, spec: CardEvents, schema: EventSchema) -> None:
        self.spec = spec
        self.schema = schema
        self.seats: list[Counts] = [{}, {}]
        self.source: tuple[int, str] | None = None  # the card whose effects resolve now
        self.fired = False  # whether the current source's effect did something
        self.attacker: tuple[int, str] | None = None
        self.counter: tuple[int, str] | None = None
        self._placed = frozenset(spec.placed) | frozenset(spec.books)
        self._seen = frozenset((*spec.placed, *spec.books, *spec.activated, *spec.sources, *spec.effects,
                                *spec.attacks, *spec.counters, *spec.damage, *spec.ends, *spec.responses))

    def _add(self, seat: int, card: str, key: str, n: int = 1) -> None:
        row = self.seats[seat].setdefault(card, {})
        row[key] = row.get(key, 0) + n

    def read(self, events: Iterable[Event], turn: int | Callable[[], int]) -> None:
        """Count one step's events (``turn``: the game's turn after the step, or a function giving it,
        called only when a card is put into play)."""
        spec = self.spec
        for e in events:
            kind = e.kind
            if kind not in self._seen:
                continue
            if kind in spec.ends:
                self.source = self.attacker = self.counter = None
            if kind in spec.effects and self.source is not None:
                seat, src = self.source
                if not self.fired:
                    self.fired = True
                    self._add(seat, src, "fired")
                self._add(seat, src, f"e:{kind}")
            if kind in spec.damage:
                self._damage(e, int(self.schema.arg(e, spec.damage[kind]) or 0))
                continue
            card = self.schema.arg(e, "card") if e.args else None
            if not isinstance(card, str):
                continue
            if kind in self._placed:
                self._add(e.player, card, "placed")
                if kind in spec.books:
                    self._add(e.player, card, "book")
                row = self.seats[e.player][card]
                if "turn" not in row:
                    row["turn"] = turn if isinstance(turn, int) else turn()
            if kind in spec.responses:
                self._add(e.player, card, "activated")
                self.source, self.fired = (e.player, card), False
                continue
            if kind in spec.activated:
                self._add(e.player, card, "activated")
            if kind in spec.sources:
                self.source, self.fired = (e.player, card), False
                self.attacker = self.counter = None
            if kind in spec.attacks:
                self.source, self.attacker, self.counter = None, (e.player, card), None
            elif kind in spec.counters and self.attacker is not None:
                self.source = None  # the battle goes on: what follows is its damage, not a response's effect
                other = self.schema.arg(e, spec.counters[kind])
                if isinstance(other, str):
                    self.counter = (1 - self.attacker[0], other)

    def _damage(self, e: Event, amount: int) -> None:
        if amount <= 0:
            return
        for who in (self.attacker, self.counter, self.source):
            if who is not None and who[0] != e.player:
                self._add(who[0], who[1], "damage", amount)
                return


# ----- summing over games ------------------------------------------------------------------
def effect_cards(game: Any, spec: CardEvents) -> dict[str, bool]:
    """Cards of a game's pool with an effect whose firing is counted (one of ``spec.triggers``), each
    with whether one of them resolves when the card is put into play (``spec.placing``)."""
    out = {}
    for card in game.pool:
        ons = {getattr(e, "on", "") for e in getattr(card, "effects", ())}
        if ons & set(spec.triggers):
            out[card.id] = bool(ons & set(spec.placing))
    return out


def book_cards(game: Any) -> frozenset[str]:
    """Cards a game counts apart when placed (Chant's forbidden books: ``kind == "forbidden"``)."""
    return frozenset(c.id for c in game.pool if getattr(c, "kind", "") == "forbidden")


def card_stats(games: Sequence[Any], deck_cards: Mapping[str, set[str]], effects: Mapping[str, bool],
               books: frozenset[str] = frozenset(), min_sample: int = MIN_CHANCES) -> dict[str, Any]:
    """Per card of the decks: what it did in ``games`` (one level's :class:`GameStats`), with flags.

    Counted over the seat-games whose deck holds the card: ``placed`` (seat-games where it was put
    into play, as a rate with its interval), ``placements``, ``activations``, ``fired`` (times an
    effect of it did something) and ``fired_games``, ``damage`` (total, and per placement), the mean
    turn it was first put into play, each effect event kind it made, and ``samples``: games where
    it fired (level, deck labels, index, seat). Flags: ``never_fired`` (a card with an effect that
    had at least ``min_sample`` chances — activations, and placements when an effect resolves on
    placement (``effects[card]``) — and none did anything),
    ``never_used`` (a card with an effect, drawn in ``min_sample`` seat-games or more, whose effect
    was never activated or used), ``rarely_placed`` (a forbidden book — or any card when ``books`` is
    empty, then placed or used — held in ``min_sample`` seat-games or more whose rate's whole
    interval lies below 10 %).
    """
    cards = sorted({c for cs in deck_cards.values() for c in cs})
    acc: dict[str, dict[str, Any]] = {c: {"seat_games": 0, "drawn": 0, "placed_games": 0, "played_games": 0,
                                          "placements": 0,
                                          "activations": 0, "fired": 0, "fired_games": 0, "damage": 0,
                                          "turns": [], "effects": {}, "samples": []} for c in cards}
    tracked = False
    for g in games:
        counts = getattr(g, "cards", None)
        if counts is None:
            continue
        tracked = tracked or any(counts)
        for seat in (0, 1):
            held = deck_cards.get(g.decks[seat], set())
            drawn = set(g.drawn[seat])
            mine: Counts = counts[seat] if seat < len(counts) else {}
            for c in held:
                a = acc[c]
                a["seat_games"] += 1
                a["drawn"] += 1 if c in drawn else 0
                got = mine.get(c)
                if not got:
                    continue
                if got.get("placed"):
                    a["placed_games"] += 1
                    a["placements"] += got["placed"]
                    a["turns"].append(got.get("turn", 0))
                a["activations"] += got.get("activated", 0)
                if got.get("placed") or got.get("activated"):
                    a["played_games"] += 1
                a["damage"] += got.get("damage", 0)
                if got.get("fired"):
                    a["fired"] += got["fired"]
                    a["fired_games"] += 1
                    if len(a["samples"]) < SAMPLES:
                        a["samples"].append({"level": g.level, "decks": list(g.decks), "index": g.index,
                                             "seat": seat})
                for k, n in got.items():
                    if k.startswith("e:"):
                        a["effects"][k[2:]] = a["effects"].get(k[2:], 0) + n
    rows = []
    for c in cards:
        a = acc[c]
        turns = a.pop("turns")
        placed = rate(a["placed_games"], a["seat_games"])
        played = rate(a["played_games"], a["seat_games"])
        chances = a["activations"] + (a["placements"] if effects.get(c) else 0)
        row: dict[str, Any] = {"card": c, **a, "placed": placed, "played": played, "has_effect": c in effects,
                               "chances": chances, "book": c in books,
                               "mean_turn": sum(turns) / len(turns) if turns else None,
                               "damage_per_placement": a["damage"] / a["placements"] if a["placements"] else 0.0}
        row["flags"] = _flags(row, bool(books), min_sample) if tracked else []
        rows.append(row)
    return {"tracked": tracked, "rows": rows, "flags": [f for r in rows for f in r["flags"]],
            "note": NOTE}


NOTE = {
    "ja": "効果の発動は、同じターンで直前に起動・配置・離脱したカードのものとして数えます（イベントは発生源を"
          "名指さないため）。フラグは最小標本（20回以上）を満たすときだけ立ち、「めったに出ない」は配置率の区間全体が"
          "10 %未満のときだけです。",
    "en": "An effect event is credited to the card activated, placed or leaving last before it in the same turn "
          "(events do not name their source). A flag needs a minimum sample (20 or more), and 'rarely placed' a "
          "rate whose whole interval lies below 10 %.",
}


def _flags(row: dict[str, Any], has_books: bool, min_sample: int) -> list[dict[str, Any]]:
    out = []
    chances = row["chances"]
    if row["has_effect"] and row["activations"] == 0 and row["drawn"] >= min_sample:
        out.append({"card": row["card"], "kind": "never_used", "value": 0, "drawn": row["drawn"],
                    "reason": {"ja": f"手札に来た{row['drawn']}回、効果が一度も使われていません",
                               "en": f"its effect was never used (activated) though it was drawn in {row['drawn']} "
                                     "seat-games"}})
    elif row["has_effect"] and row["fired"] == 0 and chances >= min_sample:
        out.append({"card": row["card"], "kind": "never_fired", "value": 0, "chances": chances,
                    "reason": {"ja": f"効果が一度も働いていません（起動・配置{chances}回）",
                               "en": f"its effect never did anything in {chances} activations and placements"}})
    # a forbidden book counts when placed; a card of a game without books when placed or used
    placed = row["placed"] if row["book"] else row["played"]
    if ((row["book"] or not has_books) and placed["games"] >= min_sample
            and placed["ci95"][1] < RARELY_PLACED):
        how = ("場に出た", "put into play") if row["book"] else ("場に出たか使われた", "put into play or used")
        out.append({"card": row["card"], "kind": "rarely_placed", "value": placed["rate"], "ci95": placed["ci95"],
                    "reason": {"ja": f"デッキの{placed['games']}試合中、{how[0]}のは{placed['wins']}試合だけです"
                                     f"（{placed['rate']:.1%}）",
                               "en": f"{how[1]} in {placed['wins']} of its deck's {placed['games']} seat-games "
                                     f"({placed['rate']:.1%})"}})
    return out


def sample_games(stats: Mapping[str, Mapping[str, Any]], limit: int = 24) -> list[tuple[str, tuple[str, str], int]]:
    """The distinct games the ``samples`` of every level's card rows name (level, deck labels, index),
    at most ``limit``, in a stable order: the games whose records the report keeps."""
    seen: list[tuple[str, tuple[str, str], int]] = []
    for level in sorted(stats):
        for row in stats[level].get("rows", []):
            for s in row["samples"]:
                key = (str(s["level"]), (str(s["decks"][0]), str(s["decks"][1])), int(s["index"]))
                if key not in seen and len(seen) < limit:
                    seen.append(key)
    return seen


def record_name(level: str, decks: tuple[str, str], index: int) -> str:
    """The file name of a sample game's record.

    >>> record_name("greedy", ("fire", "matter"), 7)
    'greedy-fire-matter-7.json'
    """
    safe = "".join(ch if ch.isalnum() or ch in "_-+" else "_" for ch in f"{level}-{decks[0]}-{decks[1]}")
    return f"{safe}-{index}.json"


# ----- association flags beside the swaps -------------------------------------------------------
def verdict(association: float, association_ci: Sequence[float], swap_ci: Sequence[float]) -> str:
    """What a swap's interval says of a drawn association: ``confirms`` (the swap's interval excludes 0
    on the association's side), ``contradicts`` (it excludes 0 on the other side, or rules out an
    effect the association's size: the two intervals do not meet) or ``unsettled``.

    >>> a = [0.15, 0.3]
    >>> verdict(0.2, a, [0.05, 0.3]), verdict(0.2, a, [-0.3, -0.1]), verdict(0.2, a, [0.0, 0.0])
    ('confirms', 'contradicts', 'contradicts')
    >>> verdict(0.2, a, [-0.1, 0.2])
    'unsettled'
    """
    lo, hi = float(swap_ci[0]), float(swap_ci[1])
    if lo > 0 or hi < 0:
        return "confirms" if (lo > 0) == (association > 0) else "contradicts"
    if hi < float(association_ci[0]) or lo > float(association_ci[1]):
        return "contradicts"
    return "unsettled"


def gate_associations(levels: Mapping[str, dict[str, Any]], swap_rows: Sequence[dict[str, Any]]) -> None:
    """Move each level's drawn-association flags out of ``card_flags`` into ``associations``: an
    association is shown only beside a swap of its card at that level, which it then carries
    (``swap``: the swap's value, interval and :func:`verdict`); the swap row gets ``association``."""
    for level, d in levels.items():
        kept: list[dict[str, Any]] = []
        moved: list[dict[str, Any]] = []
        for f in d.get("card_flags", []):
            (moved if f["kind"] == "drawn_association" else kept).append(f)
        d["card_flags"] = kept
        for f in moved:
            rows = [r for r in swap_rows if r["card"] == f["card"] and r["level"] == level]
            f["swaps"] = [{"deck": r["deck"], "value": r["value"], "ci95": r["ci95"],
                           "verdict": verdict(f["value"], f["ci95"], r["ci95"])} for r in rows]
            for r in rows:
                r["association"] = {"value": f["value"], "ci95": f["ci95"],
                                    "verdict": verdict(f["value"], f["ci95"], r["ci95"])}
        d["associations"] = moved


def unchanged(row: Mapping[str, Any], min_sample: int) -> bool:
    """Whether a swap row's card never changed a game: every one of at least ``min_sample`` paired
    games ended the same with the card and without it (a difference of exactly 0, interval [0, 0]).

    >>> unchanged({"pairs": 40, "value": 0.0, "ci95": [0.0, 0.0]}, 20), unchanged({"pairs": 4, "value": 0.0,
    ...                                                                           "ci95": [0.0, 0.0]}, 20)
    (True, False)
    """
    return int(row["pairs"]) >= min_sample and row["value"] == 0 and list(row["ci95"]) == [0.0, 0.0]
