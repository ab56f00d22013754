"""Search hooks for 運命予報祭 Destiny Saga: determinize a view, score a position, play fast.

**Determinization.** Each seat's card instances are one range of uids (seat 0's, then
seat 1's), numbered at random at set-up: a uid tells nothing of its card. The cards
seen keep their uids; the unseen uids of a seat get its deck list minus what was seen,
in a fixed order (sorted uids get sorted cards, so that an option like ``summon:37``
names the same card in every determinization); *where* the unseen uids are — the
opponent's hand versus their deck, and the order of both decks — is dealt at random. Everything public is copied
from the view: threads, fields (power modifiers from current − printed power),
discard piles, crisis zones, the battle and the effect stack (frames rebuilt from the
view's ``step``/``targets``/flags), turn bookkeeping. The state gets a fresh random
generator. Without a deck list, unseen uids of that seat get random cards from the
cards seen for it (a weaker model, but still consistent with the view).

The upkeep queue and 地脈の函's "already this turn" mark come from the view's ``upkeep``
and ``hako_used``; with a view that lacks them they are inferred (the current user and
those after it on the field; the mark set when the crisis zone is not empty).
"""

from __future__ import annotations

import math
from typing import Any

from grimoire.core.decision import Decision, option_uid
from grimoire.core.effects import Frame
from grimoire.core.game import Game
from grimoire.core.hidden import Dealer, HiddenCards, KnownDecks, canonical, unseen
from grimoire.core.rng import Chance

from . import effects as fx
from . import view as views
from .cards import ABILITIES, ATTACK, RESPONSE, TIMINGS, ZENNO
from .greedy_state import StateGreedy
from .state import (
    ABILITY,
    DECLARE,
    DEFAULT_VARIANT,
    HOUKI_PICK,
    KIJUTSU_PICK,
    MULLIGAN,
    PHASES,
    UPKEEP,
    VARIANT_VALUES,
    WINDOW_ATK,
    WINDOW_DEF,
    DestinyState,
    FrameKind,
    Phase,
    Player,
    User,
    variant_of,
)

_WHEEL = {"kiryoku": "jutsushiki", "jutsushiki": "shinpi", "shinpi": "kiryoku"}


def _uids(items: list[dict[str, Any]] | None) -> list[int]:
    return [int(c["uid"]) for c in items or []]


def _collect_known(view: dict[str, Any]) -> dict[int, str]:
    known: dict[int, str] = {}
    for p in view["players"]:
        for zone in ("hand", "field", "discard", "crisis"):
            for c in p.get(zone) or []:
                known[int(c["uid"])] = str(c["card"])
    return known


def _cards(view: dict[str, Any], sizes: list[int], decks: KnownDecks, chance: Chance) -> tuple[list[str], bool]:
    """The card id of every uid: what the view shows, and for the unseen uids of a seat its deck list minus
    what was seen, in a fixed order (sorted uids get sorted cards); without a list, cards seen for that seat.
    The flag is False when some card was drawn at random (no list, or a list that does not match)."""
    known = _collect_known(view)
    exact = True
    out: list[str] = []
    base = 0
    for s in (0, 1):
        n = sizes[s]
        listed = decks.cards(s, "main")
        if listed is None:
            deck = decks.of(s)
            listed = deck.all_cards() if deck is not None else None
        mine = {u: c for u, c in known.items() if base <= u < base + n}
        hidden = [u for u in range(base, base + n) if u not in mine]
        rest = sorted(unseen(listed, mine.values())) if listed is not None else []
        spare = list(mine.values()) or ["?"]
        while len(rest) < len(hidden):
            exact = False
            rest.append(spare[chance.below(len(spare))])
        given = dict(zip(hidden, rest, strict=False))
        out.extend(mine.get(u) or given[u] for u in range(base, base + n))
        base += n
    return out, exact


def policy_view(state: DestinyState, seat: int) -> dict[str, Any]:
    """The part of ``view(state, seat)`` the greedy agent reads (see :meth:`DestinyHooks.policy_view`): no
    discard piles, deck sizes or bookkeeping; with an effect on the stack, the whole view."""
    if state.stack:
        return views.view(state, seat)
    ids, defs = state.ids, state.defs
    players = []
    for i, p in enumerate(state.players):
        field = []
        for u in p.field:
            d = defs[u.uid]
            field.append({"uid": u.uid, "card": d.id, "attribute": d.attribute, "printed": d.power,
                          "power": state.power(u), "veteran": u.veteran, "ready": u.ready, "lucky": d.lucky})
        players.append({
            "threads": p.threads,
            "hand": [{"uid": u, "card": ids[u]} for u in p.hand] if i == seat else None,
            "hand_count": len(p.hand),
            "field": field,
            "crisis": [{"uid": u, "card": ids[u]} for u in p.crisis],
        })
    battle = None
    if state.attacker >= 0:
        battle = {"attacker": {"uid": state.attacker, "card": ids[state.attacker]},
                  "blocker": {"uid": state.blocker, "card": ids[state.blocker]} if state.blocker >= 0 else None,
                  "ja": state.ja, "ca": state.ca, "user_effect_used": state.used}
    pending = None
    if state.phase in (HOUKI_PICK, KIJUTSU_PICK):
        pending = {"uid": state.pending, "card": ids[state.pending]}
    return {"seat": seat, "turn": state.turn, "active": state.active, "players": players, "battle": battle,
            "pending": pending, "stack": [], **_variant_rules(state)}


def _variant_rules(state: DestinyState) -> dict[str, Any]:
    """The view's ``rules`` entry: the rules-variant options, only when they differ from the rulings."""
    if state.variant == DEFAULT_VARIANT:
        return {}
    return {"rules": {name: values[state.variant[i]] for i, (name, values) in enumerate(VARIANT_VALUES)}}


class DestinyDealing:
    """How Destiny's determinizer (:class:`~grimoire.core.hidden.Dealer`, :meth:`DestinyHooks.determinizer`)
    reads one view and deals its hidden cards: the opponent's hand and the order of both decks, in the order
    dealt (numbered by :func:`~grimoire.core.hidden.canonical`)."""

    def __init__(self, hooks: DestinyHooks, game: Game[Any], view: dict[str, Any], decision: Decision,
                 decks: KnownDecks) -> None:
        self.hooks, self.game, self.view, self.decision, self.decks = hooks, game, view, decision, decks

    def build(self, chance: Chance) -> tuple[DestinyState, list[HiddenCards], bool]:
        state, deal, exact = self.hooks._build(self.game, self.view, self.decision, chance, self.decks)
        return state, [HiddenCards(hidden, state.ids, k) for hidden, k in deal], exact

    def copy(self, template: DestinyState) -> DestinyState:
        return template.clone()

    def place(self, state: DestinyState, seat: int, dealt: list[int], hand: int) -> None:
        q = state.players[seat]
        if hand >= 0:
            q.hand, q.deck = dealt[:hand], dealt[hand:]
        else:
            q.deck = dealt

    def reseed(self, state: DestinyState, chance: Chance) -> None:
        state.chance = Chance.seeded(chance.next64())
        state.cache = None


class DestinyHooks:
    """:class:`~grimoire.core.plugin.SearchHooks` for Destiny."""

    #: Turns a playout runs beyond the root before the heuristic scores it (measured best).
    turns = 4
    #: Weight of the greedy agent's root answer (progressive bias), measured best: see docs/ai.md.
    prior = 1.5
    #: The tree answers the opponent's decisions with the greedy agent from the opponent's own view (docs/ai.md).
    opponent = "policy"

    def __init__(self) -> None:
        self._greedy: StateGreedy | None = None

    # ----- playout view ---------------------------------------------------------
    def policy_view(self, game: Game[Any], state: DestinyState, seat: int) -> dict[str, Any]:
        """What the greedy agent reads of ``seat``'s view, built without the rest (playouts ask for it at
        almost every decision): the same values under the same keys as :func:`~.view.view`."""
        return policy_view(state, seat)

    def greedy_answer(self, game: Game[Any], state: DestinyState, decision: Decision, chance: Chance) -> str:
        """The greedy agent's answer for the seat to move, read from the state (:mod:`.greedy_state`): what
        it answers on that seat's view, without building one."""
        greedy = self._greedy
        if greedy is None:
            greedy = self._greedy = StateGreedy()
        return greedy.answer(game, state, decision, chance)

    # ----- determinization ------------------------------------------------------
    def determinize(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance,
                    decks: KnownDecks) -> DestinyState:
        """A full state consistent with ``view`` (see the module docstring)."""
        return self._build(game, view, decision, chance, decks)[0]

    def determinizer(self, game: Game[Any], view: dict[str, Any], decision: Decision,
                     decks: KnownDecks) -> Dealer[DestinyState]:
        """Determinizations of one view: the view is read once, then each call deals the hidden cards anew
        (same distribution as :meth:`determinize`; :class:`DestinyDealing`)."""
        return Dealer(DestinyDealing(self, game, view, decision, decks))

    def _build(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance,
               decks: KnownDecks) -> tuple[DestinyState, list[tuple[list[int], int]], bool]:
        """The state, each seat's hidden uids (sorted) with its hidden hand size (-1: the hand is seen), and
        whether nothing but where the hidden cards are was drawn at random."""
        seat = decision.player
        deal: list[tuple[list[int], int]] = []
        vp = view["players"]
        sizes = [int(p["deck"]) + int(p["hand_count"]) + len(p["field"]) + len(p["discard"]) + len(p["crisis"])
                 for p in vp]
        ids, exact = _cards(view, sizes, decks, chance)
        pool = game.pool
        if any(c not in pool for c in ids):
            ids = [c if c in pool else next(iter(pool)).id for c in ids]
        owner = tuple([0] * sizes[0] + [1] * sizes[1])
        players: list[Player] = []
        phase = Phase(PHASES.index(view["phase"]))
        base = 0
        for s in (0, 1):
            p = vp[s]
            hidden_from = set(range(base, base + sizes[s]))
            hand = _uids(p["hand"]) if p["hand"] is not None else []
            field_users = [User(int(u["uid"]), int(u["power"]) - int(u["printed"]), bool(u["veteran"]),
                                bool(u["ready"])) for u in p["field"]]
            discard = _uids(p["discard"])
            crisis = _uids(p["crisis"])
            hidden_from -= set(hand) | {u.uid for u in field_users} | set(discard) | set(crisis)
            hidden = sorted(hidden_from)
            rest = canonical(hidden, ids, chance)
            if p["hand"] is None:
                k = int(p["hand_count"])
                hand, deck = rest[:k], rest[k:]
                deal.append((hidden, k))
            else:
                deck = rest
                deal.append((hidden, -1))
            q = Player.new(int(p["threads"]), deck)
            q.hand = hand
            q.field = field_users
            q.discard = discard
            q.crisis = crisis
            ability = p["ability"]
            if ability is None and phase == ABILITY and s != seat and s < decision.player:
                choices = (*ABILITIES, "none")
                ability = choices[chance.below(len(choices))]
                exact = False
            q.ability = ability or ""
            q.saved = bool(p["saved"])
            q.turns = int(p["turns"])
            used = p.get("hako_used")
            q.hako = int(view["turn"]) if (used if used is not None else bool(crisis)) else 0
            players.append(q)
            base += sizes[s]
        state = DestinyState.new(tuple(ids), tuple(pool[c] for c in ids), owner, players,
                                 Chance.seeded(chance.next64()), int(view["turn_limit"]))
        state.variant = variant_of(view.get("rules") or {})  # the view names the variant options that differ
        state.turn = int(view["turn"])
        state.active = int(view["active"])
        state.first = -1 if view["first"] is None else int(view["first"])
        state.phase = phase
        if phase == ABILITY:
            state.sub = decision.player
        elif phase == MULLIGAN:
            state.sub = 0 if decision.player == state.first else 1
        state.summons = int(view["summons"])
        state.pending = -1 if view["pending"] is None else int(view["pending"]["uid"])
        battle = view["battle"]
        declared = [int(u) for u in view["declared"]]
        if battle is not None:
            state.attacker = int(battle["attacker"]["uid"])
            state.blocker = -1 if battle["blocker"] is None else int(battle["blocker"]["uid"])
            state.ja = bool(battle["ja"])
            state.ca = int(battle["ca"])
            state.used = bool(battle["user_effect_used"])
            state.queue = declared
            state.qi = declared.index(state.attacker) + 1 if state.attacker in declared else len(declared)
        elif phase == DECLARE:
            state.queue = declared
        elif phase == UPKEEP and "upkeep" in view:
            state.queue = [int(u) for u in view["upkeep"]]
        elif phase == UPKEEP and not view["stack"]:
            current = option_uid(decision.options[0].id)
            field = [u.uid for u in players[state.active].field]
            state.queue = field[field.index(current):] if current in field else [current]
        state.stack = [self._frame(state, f) for f in view["stack"]]
        return state, deal, exact

    @staticmethod
    def _frame(state: DestinyState, f: dict[str, Any]) -> Frame:
        source = int(f["source"]["uid"])
        timing = TIMINGS.index(f["timing"])
        d = state.defs[source]
        on_field = state.user(source) is not None
        flags = ((fx.F_ALL if f["all"] else 0) | (fx.F_FREE if f["free"] else 0)
                 | (fx.F_CANCELLED if f["cancelled"] else 0))
        if timing == ATTACK or on_field:
            flags |= fx.F_FIELD
        # a user's main or battle group on the field is 地脈記述's use at summoning (no response), except the
        # attacker's own effect in its window (user_effects=any), which is answered like any use
        if timing == RESPONSE or (on_field and timing != ATTACK and state.phase not in (WINDOW_ATK, WINDOW_DEF)):
            flags |= fx.F_NO_RESPONSE
        targets = _uids(f["targets"])
        chosen = [-1] * len(d.groups[timing])
        choices = d.choices[timing]
        for k, t in enumerate(targets):
            if k < len(choices):
                chosen[choices[k]] = t
        step = f["step"]
        choosing = -1
        if step == "response":
            pc = fx.PC_RESPONSE
        elif step == "sense":
            pc = fx.PC_SENSE
        elif step == "target":
            pc = fx.PC_TARGET
            choosing = choices[len(targets)] if len(targets) < len(choices) else 0
        else:
            pc = fx.PC_NEW
        sensed = -1 if f["sensed"] is None else int(f["sensed"]["uid"])
        return Frame(FrameKind.USE, source, int(f["controller"]), state.ids[source], timing, pc,
                     fx.use_registers(flags, sensed, chosen, choosing))

    # ----- evaluation -----------------------------------------------------------
    def evaluate(self, game: Game[Any], state: DestinyState, seat: int) -> float:
        """A logistic score of threads, board power and cards in hand (1 = ``seat`` surely wins)."""
        score = _side(state, seat) - _side(state, 1 - seat)
        return 1.0 / (1.0 + math.exp(-score / 6.0))

    # ----- playout policy -------------------------------------------------------
    def playout(self, game: Game[Any], state: DestinyState, decision: Decision, chance: Chance) -> str:
        """A quick rule-of-thumb answer (see :func:`quick_answer`)."""
        return quick_answer(state, decision, chance)


def _side(state: DestinyState, seat: int) -> float:
    p = state.players[seat]
    power = sum(state.power(u) for u in p.field)
    cards = len(p.hand) + len(p.crisis)
    return p.threads + 0.7 * power + 0.4 * cards + 0.05 * len(p.deck) + (2.0 if not p.saved else 0.0)


def _battle_value(state: DestinyState, att: int, blk: int) -> tuple[int, int]:
    """Attacker and blocker battle values with attribute modifiers (rule 6.4)."""
    da, db = state.defs[att], state.defs[blk]
    ua, ub = state.user(att), state.user(blk)
    a = state.power(ua) if ua is not None else da.power
    b = state.power(ub) if ub is not None else db.power
    if da.attribute == ZENNO:
        a += 1
    if db.attribute == ZENNO:
        b -= 1
    if da.attribute != ZENNO and db.attribute != ZENNO:
        if _WHEEL.get(da.attribute) == db.attribute:
            a += 1
        elif _WHEEL.get(db.attribute) == da.attribute:
            b += 1
    return max(0, a), max(0, b)


def quick_answer(state: DestinyState, decision: Decision, chance: Chance) -> str:
    """A cheap heuristic answer used in playouts: keep threads healthy, attack when it pays, block well."""
    kind: str = decision.kind  # a str here: the compiled build compares it natively
    opts = decision.options
    ids = [o.id for o in opts]
    seat = decision.player
    p = state.players[seat]
    defs = state.defs
    if kind == "upkeep":
        uid = option_uid(ids[-1])
        if len(ids) == 2 and p.threads - defs[uid].power >= 4:
            return ids[0]
        return ids[-1]
    if kind == "summon":
        if state.summons < 2:
            best: int | None = None
            for o in opts:
                if o.id.startswith("summon:"):
                    uid = option_uid(o.id)
                    power = defs[uid].power
                    upkeep = sum(defs[u.uid].power for u in p.field)
                    if p.threads - upkeep - power >= 3 and (best is None or power > defs[best].power):
                        best = uid
            if best is not None:
                return f"summon:{best}"
        return "done"
    if kind == "attackers":
        opp = state.players[1 - seat].field
        for o in opts:
            if o.id.startswith("attack:"):
                uid = option_uid(o.id)
                if not opp or all(_battle_value(state, uid, b.uid)[0] >= _battle_value(state, uid, b.uid)[1]
                                  for b in opp):
                    return o.id
        return "done"
    if kind == "block":
        att = state.attacker
        best_id, best_key = ids[0], (-99, 0)
        for oid in ids:
            uid = option_uid(oid)
            a, b = _battle_value(state, att, uid)
            key = (1 if b > a else 0 if b == a else -1, -defs[uid].power if b >= a else -(a - b))
            if key > best_key:
                best_id, best_key = oid, key
        return best_id
    if kind == "fate":
        if p.threads <= 6 and len(ids) > 1:
            return max(ids[:-1], key=lambda oid: defs[option_uid(oid)].power)
        return "skip"
    if kind in ("window", "response"):
        return "pass"
    if kind in ("houki", "kijutsu", "sense"):
        return ids[0] if kind == "houki" else "skip"
    if kind == "mulligan":
        return "keep"
    if kind == "ability":
        return ids[chance.below(len(ids))]
    return ids[chance.below(len(ids))]


HOOKS = DestinyHooks()
