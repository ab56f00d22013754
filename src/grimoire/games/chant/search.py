"""Search hooks for 詠唱 Chant: determinize a view, score a position, play fast.

**Determinization.** Each seat's cards are numbered at set-up: its shuffled library
first, then its forbidden deck in list order. So a seat's uids form one range, the
last ``forbidden`` of them books; the view gives every count needed to find the
ranges without deck lists. Everything public is copied from the view (life, chant
areas with progress and underlay, blank piles, shown cards, turn flags, the effect
stack with its program counters and registers). Hidden are the card behind every
unseen uid and where it is: the opponent's hand versus library, the order of both
libraries and the opponent's forbidden books. The unseen cards of a seat are its deck
list minus what has been seen; they are given to the unseen uids in a fixed order (so
that an option like ``place:57`` names the same card in every determinization and the
tree's statistics stay together), the opponent's hand is dealt at random from them and
the libraries are shuffled. The state gets a fresh random generator.
"""

from __future__ import annotations

import math
from typing import Any

from grimoire.core.decision import Decision, option_uid
from grimoire.core.effects import Frame
from grimoire.core.game import Game
from grimoire.core.hidden import Dealer, HiddenCards, KnownDecks, unseen
from grimoire.core.rng import Chance

from . import procedures, rules
from .greedy_state import StateGreedy
from .state import ChantState, FrameKind, Phase, Player


def _entries(p: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card of a player's view that is visible to all: area entries, underlay, blank, shown."""
    out: list[dict[str, Any]] = []
    for e in p["area"]:
        out.append(e)
        out.extend(e["underlay"])
    out.extend(p["blank"])
    out.extend(p["shown"])
    return out


def _assign(uids: list[int], cards: list[str]) -> dict[int, str]:
    """Pair sorted uids with sorted card ids (a fixed, canonical numbering of unseen cards)."""
    return dict(zip(sorted(uids), sorted(cards), strict=False))


def _take(pool: dict[str, list[int]], card: str) -> int:
    return pool[card].pop(0)


class ChantHooks:
    """:class:`~grimoire.core.plugin.SearchHooks` for Chant."""

    #: Turns a playout runs beyond the root before the heuristic scores it (measured best).
    turns = 8

    def __init__(self) -> None:
        self._greedy: StateGreedy | None = None

    # ----- determinization ------------------------------------------------------
    def determinize(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance,
                    decks: KnownDecks) -> ChantState:
        """A full state consistent with ``view`` (see the module docstring)."""
        return self._build(game, view, decision, chance, decks)[0]

    def determinizer(self, game: Game[Any], view: dict[str, Any], decision: Decision,
                     decks: KnownDecks) -> Dealer[ChantState]:
        """Determinizations of one view: the view is read once, then each call deals the hidden cards anew
        (same distribution as :meth:`determinize`; :class:`ChantDealing`)."""
        return Dealer(ChantDealing(self, game, view, decision, decks))

    def _build(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance,  # noqa: PLR0915 — one determinization, in the order of the rules it samples
               decks: KnownDecks) -> tuple[ChantState, list[tuple[list[int], int]], bool]:
        """The state, each seat's hidden uids (sorted) with its hidden hand size (-1: the hand is seen), and
        whether the identity of every card is fixed by the view and the deck lists (no random filling)."""
        seat = decision.player
        exact = True
        deal: list[tuple[list[int], int]] = []
        pool = game.pool
        lib_fallback = [c.id for c in pool if c.kind == "library"]
        forb_fallback = [c.id for c in pool if c.kind == "forbidden"]
        stack_sources = {int(f["uid"]): str(f["card"]) for f in view["stack"] if int(f["uid"]) >= 0}
        ids: dict[int, str] = {}
        zones: list[Player] = []
        owners: list[int] = []
        base = 0
        for s in (0, 1):
            p = view["players"][s]
            own = s == seat
            public = _entries(p)
            hand = [(int(c["uid"]), str(c["card"])) for c in p["hand"] or []]
            forbidden_seen = [(int(c["uid"]), str(c["card"])) for c in p["forbidden"] or []]
            visible = public + [{"uid": u, "card": c} for u, c in hand + forbidden_seen]
            for c in visible:
                ids[int(c["uid"])] = str(c["card"])
            books_out = sum(1 for c in public if pool[str(c["card"])].kind == "forbidden")
            forb_n = int(p["forbidden_count"]) + books_out
            total = (int(p["library"]) + int(p["hand_count"]) + int(p["forbidden_count"]) + len(public))
            lib_n = total - forb_n
            lib_range = range(base, base + lib_n)
            forb_range = range(base + lib_n, base + total)
            seen = {int(c["uid"]) for c in visible}
            # forbidden books: list order is uid order
            listed_books = decks.cards(s, "forbidden")
            for j, u in enumerate(forb_range):
                if u in ids:
                    continue
                if u in stack_sources:
                    ids[u] = stack_sources[u]
                elif listed_books is not None and j < len(listed_books):
                    ids[u] = listed_books[j]
                else:
                    exact = False
                    ids[u] = forb_fallback[chance.below(len(forb_fallback))] if forb_fallback else "?"
            on_field = {int(c["uid"]) for c in public}
            forbidden = [u for u, _ in forbidden_seen] if own else [u for u in forb_range if u not in on_field]
            # library cards: the deck list minus what is seen, on the unseen uids
            hidden = [u for u in lib_range if u not in seen]
            seen_lib = [str(c["card"]) for c in visible if pool[str(c["card"])].kind == "library"]
            listed = decks.cards(s, "library")
            rest = unseen(listed, seen_lib) if listed is not None else []
            if len(rest) != len(hidden):
                exact = False
                filler = seen_lib or lib_fallback
                rest = rest[:len(hidden)]
                while len(rest) < len(hidden):
                    rest.append(filler[chance.below(len(filler))])
            ids.update(_assign(hidden, rest))
            by_card: dict[str, list[int]] = {}
            for u in sorted(hidden):
                by_card.setdefault(ids[u], []).append(u)
            order = [ids[u] for u in hidden]
            chance.shuffle(order)
            if own:
                deal.append((sorted(hidden), -1))
                hand_uids = [u for u, _ in hand]
                library = [_take(by_card, c) for c in order]
            else:
                k = int(p["hand_count"])
                deal.append((sorted(hidden), k))
                dealt = order[:k]
                hand_uids = [_take(by_card, c) for c in sorted(dealt)]
                library = [_take(by_card, c) for c in order[k:]]
            library.reverse()  # dealt top card first; stored top card last
            q = Player.new(int(p["life"]))
            q.library = library
            q.hand = hand_uids
            q.forbidden = forbidden
            q.area = [int(e["uid"]) for e in p["area"]]
            q.blank = [int(c["uid"]) for c in p["blank"]]
            q.shown = [int(c["uid"]) for c in p["shown"]]
            zones.append(q)
            owners.extend([s] * total)
            base += total
        id_list = tuple(ids.get(u, lib_fallback[0] if lib_fallback else "?") for u in range(base))
        owner = tuple(owners)
        st = ChantState.new(id_list, tuple(pool[c] for c in id_list), owner, Chance.seeded(chance.next64()))
        st.players = zones
        for p in view["players"]:
            for e in p["area"]:
                st.progress[int(e["uid"])] = int(e["progress"])
                if e["underlay"]:
                    st.under[int(e["uid"])] = [int(c["uid"]) for c in e["underlay"]]
                if e["activated"]:
                    st.used.append(int(e["uid"]))
                if e["ability_used"]:
                    st.abil.append(int(e["uid"]))
        st.turn = int(view["turn"])
        st.active = int(view["active"])
        st.first = int(view["first"])
        st.phase = Phase[str(view["phase"])]
        flags = view["turn_flags"]
        st.placed, st.book_placed = bool(flags["placed"]), bool(flags["book_placed"])
        st.advanced, st.discarded = bool(flags["advanced"]), bool(flags["discarded"])
        st.cancels = int(flags["cancels"])
        st.exclusive = bool(view["rules"]["exclusive_placement"])
        st.turn_limit = int(view["rules"]["turn_limit"])
        st.variant = rules.variant_of(view["rules"])  # the view names the variant options that differ
        st.stack = [self._frame(st, f) for f in view["stack"]]
        return st, deal, exact

    @staticmethod
    def _frame(st: ChantState, f: dict[str, Any]) -> Frame:
        kind = FrameKind[str(f["kind"]).upper()]
        return Frame(kind, int(f["uid"]), int(f["player"]), str(f["card"]), int(f["index"]), int(f["pc"]),
                     [int(r) for r in f["regs"]])

    # ----- playout view ---------------------------------------------------------
    def policy_view(self, game: Game[Any], state: ChantState, seat: int) -> dict[str, Any]:
        """What the greedy agent reads of ``seat``'s view, built without the rest (playouts ask for it at
        almost every decision): the same values under the same keys as :func:`~.view.view`."""
        return policy_view(state, seat)

    def greedy_answer(self, game: Game[Any], state: ChantState, decision: Decision, chance: Chance) -> str:
        """The greedy agent's answer for the seat to move, read from the state (:mod:`.greedy_state`): what
        it answers on that seat's view, without building one."""
        greedy = self._greedy
        if greedy is None:
            greedy = self._greedy = StateGreedy()
        return greedy.answer(game, state, decision, chance)

    # ----- evaluation -----------------------------------------------------------
    def evaluate(self, game: Game[Any], state: ChantState, seat: int) -> float:
        """A logistic score of life, threat on the board and cards in hand (1 = ``seat`` surely wins)."""
        score = _side(state, seat) - _side(state, 1 - seat)
        return 1.0 / (1.0 + math.exp(-score / 5.0))

    # ----- playout policy -------------------------------------------------------
    def playout(self, game: Game[Any], state: ChantState, decision: Decision, chance: Chance) -> str:
        """A quick rule-of-thumb answer (see :func:`quick_answer`)."""
        return quick_answer(state, decision, chance)


def _pairs(s: ChantState, uids: list[int]) -> list[dict[str, Any]]:
    ids = s.ids
    return [{"uid": u, "card": ids[u]} for u in uids] if uids else []


def policy_view(s: ChantState, seat: int) -> dict[str, Any]:
    """The part of ``view(s, seat)`` the greedy agent reads (see :meth:`ChantHooks.policy_view`)."""
    ids, defs, progress, under = s.ids, s.defs, s.progress, s.under
    players = []
    ready_total = 0
    for p in (0, 1):
        pl = s.players[p]
        own = seat == p
        area = []
        size = 0
        chanting = 0
        for u in pl.area:
            chant = defs[u].chant
            done = progress[u]
            below = under.get(u)
            n = len(below) if below else 0
            size += 1 + n
            if done < chant:
                chanting += 1
            else:
                ready_total += 1 + n
            area.append({"uid": u, "card": ids[u], "progress": done, "chant": chant, "ready": done >= chant,
                         "power": rules.power_of(s, u), "underlay": _pairs(s, below) if below else []})
        players.append({
            "life": pl.life, "depth": size - 5 if size > 5 else 0, "chanting": chanting, "area": area,
            "hand": _pairs(s, pl.hand) if own else None, "forbidden": _pairs(s, pl.forbidden) if own else None,
            "blank": _pairs(s, pl.blank), "shown": _pairs(s, pl.shown),
        })
    return {
        "seat": seat, "players": players, "ready_total": ready_total,
        "turn_flags": {"placed": s.placed, "book_placed": s.book_placed, "advanced": s.advanced,
                       "discarded": s.discarded, "cancels": s.cancels},
        "stack": [{"regs": list(f.regs)} for f in s.stack],
    }


class ChantDealing:
    """How Chant's determinizer (:class:`~grimoire.core.hidden.Dealer`, :meth:`ChantHooks.determinizer`) reads
    one view and deals its hidden cards: the opponent's hand (sorted by card, copies lowest uid first) and the
    order of both libraries (the dealt top card first; stored top card last)."""

    def __init__(self, hooks: ChantHooks, game: Game[Any], view: dict[str, Any], decision: Decision,
                 decks: KnownDecks) -> None:
        self.hooks, self.game, self.view, self.decision, self.decks = hooks, game, view, decision, decks

    def build(self, chance: Chance) -> tuple[ChantState, list[HiddenCards], bool]:
        st, deal, exact = self.hooks._build(self.game, self.view, self.decision, chance, self.decks)
        return st, [HiddenCards(hidden, st.ids, k) for hidden, k in deal], exact

    def copy(self, template: ChantState) -> ChantState:
        return template.clone()

    def place(self, state: ChantState, seat: int, dealt: list[int], hand: int) -> None:
        q = state.players[seat]
        if hand >= 0:
            held = sorted(dealt[:hand])
            held.sort(key=state.ids.__getitem__)  # by card, copies by uid (a stable sort)
            q.hand = held
            dealt = dealt[hand:]
        dealt.reverse()
        q.library = dealt

    def reseed(self, state: ChantState, chance: Chance) -> None:
        state.chance = Chance.seeded(chance.next64())
        state.cache = None


def _side(s: ChantState, p: int) -> float:
    pl = s.players[p]
    threat = 0.0
    for u in pl.area:
        d = s.defs[u]
        power = d.power or 0
        if d.is_book:
            power *= 1 + len(s.under.get(u, ()))
        if s.progress[u] >= d.chant:
            threat += power
        elif d.chant:
            threat += power * (0.3 + 0.5 * s.progress[u] / d.chant)
    depth = rules.depth(s, p)
    deck = len(pl.library)
    return (pl.life + 0.5 * threat + 0.4 * len(pl.hand) - 1.2 * depth - (3.0 if deck < 3 else 0.0))


def quick_answer(s: ChantState, decision: Decision, chance: Chance) -> str:
    """A cheap heuristic answer used in playouts.

    Places the strongest card while the area has room, places books, boosts with a
    discard, activates everything ready, counters when the counter wins, spreads runaway
    advances on the card nearest to ready.
    """
    kind: str = decision.kind  # a str here: the compiled build compares it natively
    opts = decision.options
    ids = [o.id for o in opts]
    defs = s.defs
    if kind == "chant":
        p = decision.player
        books = [i for i in ids if i.startswith("book:")]
        if books:
            return books[0]
        acts = [i for i in ids if i.startswith("activate:")]  # C-phase cards (3.2.6)
        if acts:
            return max(acts, key=lambda i: rules.power_of(s, option_uid(i)) or 0)
        room = rules.area_size(s, p) < 5
        places = [i for i in ids if i.startswith("place:")]
        if places and room:
            return max(places, key=lambda i: (defs[option_uid(i)].power or 0) * 2 - defs[option_uid(i)].chant // 3)
        discards = [i for i in ids if i.startswith("discard:")]
        if discards and len(s.players[p].hand) > 1:
            return min(discards, key=lambda i: defs[option_uid(i)].power or 0)
        advances = [i for i in ids if i.startswith("advance:")]
        if advances:
            return min(advances, key=lambda i: defs[option_uid(i)].chant - s.progress[option_uid(i)])
        abilities = [i for i in ids if i.startswith("ability:")]
        if abilities:
            return abilities[0]
        return "end"
    if kind in ("activate", "end_activate"):
        acts = [i for i in ids if i != "end"]
        if acts:
            return max(acts, key=lambda i: rules.power_of(s, option_uid(i)) or 0)
        return "end"
    if kind == "counter":
        attack = s.stack[-1].regs[procedures.ACT_POWER] if s.stack else 0
        best: tuple[int, str] | None = None
        for i in ids:
            if i.startswith("counter:"):
                power = rules.power_of(s, option_uid(i)) or 0
                if power >= attack and (best is None or power < best[0]):
                    best = (power, i)
        return best[1] if best else "nocounter"
    if kind == "underlay":
        if "done" in ids:
            return "done"
        picks = [i for i in ids if i.startswith("under:")]
        return max(picks, key=lambda i: defs[option_uid(i)].chant) if picks else ids[-1]
    if kind == "discard_mode":
        return "boost"
    if kind == "spread":
        advances = [i for i in ids if i.startswith("advance:")]
        if advances:
            return min(advances, key=lambda i: defs[option_uid(i)].chant - s.progress[option_uid(i)])
        return "done"
    if kind == "pay_life":
        life = s.players[decision.player].life
        k = max(0, min(len(ids) - 1, life - 10))
        return f"pay:{k}"
    if kind == "target":
        return ids[0]
    if kind == "reveal":
        return ids[0]
    return ids[chance.below(len(ids))]


HOOKS = ChantHooks()
