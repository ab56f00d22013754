"""The Chant greedy agent reading a state directly: the search's playout policy.

:class:`StateGreedy` answers like :class:`~.greedy.GreedyChant` on ``view(state, seat)`` for the
seat to move, but reads the state instead of a view: no dicts are built at a decision, and a card's
power is worked out only where an answer needs it. Playouts ask it at almost every decision
(:meth:`~.search.ChantHooks.greedy_answer`). Each handler below mirrors the handler of the same
name in :mod:`.greedy` line by line (same order of iteration, same arithmetic, so the same ties);
``tests/ai/test_state_greedy.py`` checks both give the same answer in random positions.

>>> from grimoire.core.game import Setup
>>> from grimoire.core.registry import load_game
>>> from grimoire.core.rng import Chance
>>> game = load_game("chant")
>>> decks = [game.cards.starter_deck(n) for n in sorted(game.cards.starter_decks())[:2]]
>>> state = game.new_state(Setup(decks, game.options(), seed=1))
>>> d = game.decision(state)
>>> greedy = GreedyChant()
>>> StateGreedy().answer(game, state, d, Chance.seeded(0)) == greedy.choose(
...     game, game.view(state, d.player), d, Chance.seeded(0))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grimoire.core.decision import Decision, Option, option_uid, split_option
from grimoire.core.game import Game
from grimoire.core.rng import Chance

from . import rules
from .greedy import ABILITY_MARGIN, BIG_HIT, MAIN_KINDS, SAFE_LIFE, GreedyChant
from .state import ChantState

NO_VIEW: dict[str, Any] = {}  # handlers of GreedyChant that read no view get this


def _power(s: ChantState, u: int) -> int:
    """A view entry's ``power or 0``."""
    p = rules.power_of(s, u)
    return p if p is not None else 0


def _ready(s: ChantState, u: int) -> bool:
    return s.progress[u] >= s.defs[u].chant


def _has_ready_attacker(s: ChantState, p: int) -> bool:
    """Whether ``p`` has a ready card with power (``GreedyChant._ready_attackers`` not empty)."""
    return any(_ready(s, u) and _power(s, u) > 0 for u in s.players[p].area)


def _attack_threat(s: ChantState, p: int) -> int:
    """The summed power of ``p``'s ready attackers."""
    total = 0
    for u in s.players[p].area:
        if _ready(s, u):
            power = _power(s, u)
            if power > 0:
                total += power
    return total


def _best_counter(s: ChantState, p: int) -> int | None:
    """The strongest counter ``p`` could make now (None: cannot counter)."""
    if rules.depth(s, p) >= 1:
        return None
    best: int | None = None
    for u in s.players[p].area:
        if _ready(s, u):
            power = _power(s, u)
            if best is None or power > best:
                best = power
    return best


class StateGreedy(GreedyChant):
    """The greedy agent's answers from a state (see the module docstring); its card figures are the same
    cached per-pool figures as :class:`~.greedy.GreedyChant`'s."""

    def answer(self, game: Game[Any], s: ChantState, decision: Decision, chance: Chance) -> str:
        """What :meth:`GreedyChant.choose` answers on ``view(s, decision.player)``."""
        if game.pool is not self._pool:
            self._pool = game.pool
            self._values, self._place_scores, self._op_lists = {}, {}, {}
        kind = decision.kind
        seat = decision.player
        answer: str | None
        if kind == "chant":
            answer = self._chant_s(game, s, seat, decision)
        elif kind == "activate" or kind == "end_activate":
            answer = self._pick_activation_s(game, s, seat, decision.options) or "end"
        elif kind == "counter":
            answer = self._counter_s(s, seat, decision, game)
        elif kind == "underlay":
            answer = self._underlay_s(game, s, seat, decision)
        elif kind == "discard_mode":
            boost, hinder = self._attribute_gain_s(s, seat, str(decision.prompt_args[1]))
            answer = "hinder" if hinder > boost else "boost"
        elif kind == "pay_life":
            top = len(decision.options) - 1
            threat = _attack_threat(s, 1 - seat)
            answer = f"pay:{max(0, min(top, s.players[seat].life - max(SAFE_LIFE, threat + 4)))}"
        elif kind == "spend_underlay":
            answer = self._spend_underlay_s(game, s, seat, decision)
        elif kind == "target":
            answer = self._target_s(game, s, seat, decision)
        elif kind == "reveal":
            answer = self._reveal_s(game, s, seat, decision)
        elif kind == "spread":
            answer = self._spread(game, NO_VIEW, decision)
        elif kind == "pick":
            answer = self._pick(game, NO_VIEW, decision)
        elif kind == "discard_cards":
            answer = self._discard_cards(game, NO_VIEW, decision)
        else:
            answer = None
        if answer is None or decision.find(answer) is None:
            return decision.options[0].id if decision.kind not in MAIN_KINDS else decision.options[-1].id
        return answer

    # ----- C phase -----------------------------------------------------------------
    def _chant_s(self, game: Game[Any], s: ChantState, seat: int, decision: Decision) -> str | None:
        me = s.players[seat]
        by_kind: dict[str, list[Option]] = {}
        for o in decision.options:
            by_kind.setdefault(split_option(o.id)[0], []).append(o)
        books = by_kind.get("book", [])
        if books:
            return max(books, key=lambda o: ((self._card(game, o.args[0]).power or 0) * 2
                                             + len(self._card(game, o.args[0]).effects))).id
        for o in by_kind.get("ability", []):
            if me.life > int(o.args[1]) + ABILITY_MARGIN:
                return o.id
        activations = by_kind.get("activate", [])
        if activations:
            opp_deep = rules.depth(s, 1 - seat) >= 2
            acts = [o for o in activations if not opp_deep or not self._card(game, o.args[0]).in_a]
            if acts:
                act = self._pick_activation_s(game, s, seat, acts)
                if act is not None:
                    return act
        place = self._pick_place_s(game, s, seat, by_kind.get("place", []))
        if place is not None:
            return place
        advance = self._pick_advance_s(game, seat, by_kind.get("advance", []))
        if advance is not None:
            return advance
        discard = self._pick_discard_s(game, s, seat, by_kind.get("discard", []))
        if discard is not None:
            return discard
        return "end"

    def _pick_place_s(self, game: Game[Any], s: ChantState, seat: int, options: list[Option]) -> str | None:
        if not options:
            return None
        if rules.chanting_count(s, seat) >= 4:
            return None
        depth_after = max(0, rules.area_size(s, seat) + 1 - 5)
        threatened = _has_ready_attacker(s, 1 - seat)
        limit = 0 if threatened else 1
        scored = sorted(options, key=lambda o: self._place_score(game, o.args[0]), reverse=True)
        best = scored[0]
        if self._place_score(game, best.args[0]) <= 0:
            return None
        if depth_after > limit:
            d = self._card(game, best.args[0])
            if not (d.chant == 0 and (d.power or 0) > 0 and depth_after <= 1):
                return None
        if len(s.players[seat].hand) <= 1 and not s.discarded and rules.chanting_count(s, seat) >= 2:
            return None
        return best.id

    def _pick_advance_s(self, game: Game[Any], seat: int, options: list[Option]) -> str | None:
        if not options:
            return None
        own = [o for o in options if int(o.args[1]) == seat + 1] or options
        best = own[0]
        best_key = (int(best.args[2]) - int(best.args[3]), self._value(game, best.args[0]))
        for o in own[1:]:
            key = (int(o.args[2]) - int(o.args[3]), self._value(game, o.args[0]))
            if key > best_key:
                best, best_key = o, key
        return best.id

    def _attribute_gain_s(self, s: ChantState, seat: int, attribute: str) -> tuple[float, float]:
        """(boost value, hinder value) of discarding a card of ``attribute``."""
        defs, progress = s.defs, s.progress
        boost = 0.0
        for u in s.players[seat].area:
            d = defs[u]
            chant = d.chant
            if d.attribute == attribute and not progress[u] >= chant:
                boost += 1.0 + (0.5 if progress[u] + 1 >= chant else 0.0) + 0.1 * _power(s, u)
        hinder = 0.0
        for u in s.players[1 - seat].area:
            d = defs[u]
            if d.attribute != attribute or progress[u] <= 0:
                continue
            chant = d.chant
            if progress[u] >= chant:
                hinder += 1.5 + 0.5 * _power(s, u)
            else:
                hinder += 0.8 + (0.4 if progress[u] + 1 >= chant else 0.0)
        return boost, hinder

    def _pick_discard_s(self, game: Game[Any], s: ChantState, seat: int, options: list[Option]) -> str | None:
        best: tuple[float, str] | None = None
        gains: dict[str, float] = {}  # by attribute
        for o in options:
            attribute = str(o.args[1])
            gain = gains.get(attribute, -1.0)
            if gain < 0:
                boost, hinder = self._attribute_gain_s(s, seat, attribute)
                gain = gains[attribute] = max(boost, hinder)
            if gain < 1.0:
                continue
            net = gain - 0.3 * max(0.0, self._value(game, o.args[0]))
            if best is None or net > best[0]:
                best = (net, o.id)
        return None if best is None or best[0] <= 0 else best[1]

    def _book_plan_s(self, game: Game[Any], s: ChantState, seat: int) -> tuple[str, list[int]] | None:
        """A forbidden book reachable next C phase, and the ready cards it needs (lowest value)."""
        me = s.players[seat]
        if not me.forbidden:
            return None
        ids, defs, progress, under = s.ids, s.defs, s.progress, s.under
        soon: list[tuple[int, str, int]] = []
        for u in me.area:
            chant = defs[u].chant
            if (not under.get(u) and defs[u].kind == "library"
                    and (progress[u] >= chant or progress[u] + 1 >= chant)):
                soon.append((u, ids[u], chant))
        best: tuple[float, str, list[int]] | None = None
        for book in me.forbidden:
            card = ids[book]
            d = defs[book]
            chosen = self._cheapest_cover(game, soon, d.required or 0, d.chant)
            if chosen is None:
                continue
            worth = (d.power or 0) * 2 + len(d.effects)
            if best is None or worth > best[0]:
                best = (worth, card, chosen)
        return None if best is None else (best[1], best[2])

    # ----- A phase -----------------------------------------------------------------
    def _pick_activation_s(self, game: Game[Any], s: ChantState, seat: int,
                           options: Sequence[Option]) -> str | None:
        """The ``activate:`` option worth taking now, if any (support first, then paying attacks)."""
        me = s.players[seat]
        area = me.area
        keep: set[int] = set()
        counter: int | None = None
        planned = False
        support: list[tuple[float, str]] = []
        attacks: list[tuple[float, str]] = []
        for o in options:
            if not o.id.startswith("activate:"):
                continue
            u = option_uid(o.id)
            if u not in area:
                continue
            if not planned:  # what the view-reading agent works out before its loop, once an option needs it
                planned = True
                plan = self._book_plan_s(game, s, seat)
                if plan is not None and not _has_ready_attacker(s, 1 - seat):
                    keep = set(plan[1])
                counter = _best_counter(s, 1 - seat)
            power = _power(s, u)
            if u in keep and power <= 3:
                continue
            if not self._safe_s(game, s.ids[u], me.life):
                continue
            if power <= 0:
                support.append((self._value(game, s.ids[u]), o.id))
                continue
            if counter is None or power > counter:
                attacks.append((power + 10.0, o.id))
            elif power == counter and power >= 3:
                attacks.append((power, o.id))
            elif me.life <= 4 or rules.ready_total(s) > 10:
                attacks.append((power - 10.0, o.id))
        if support:
            return max(support)[1]
        if attacks:
            return max(attacks)[1]
        return None

    def _safe_s(self, game: Game[Any], card_id: str, life: int) -> bool:
        cost = 0
        for eff in self._ops(game, card_id, "activate"):
            if eff.op == "pay_life" or (eff.op == "damage" and eff.get("to") in ("self", "both")):
                cost += int(eff.get("n", 0) or 0)
        return cost == 0 or life > cost * 2 + 1

    def _counter_s(self, s: ChantState, seat: int, decision: Decision, game: Game[Any]) -> str | None:
        attack = int(decision.prompt_args[1]) if len(decision.prompt_args) > 1 else 0
        options = [o for o in decision.options if o.id.startswith("counter:") and int(o.args[1]) > 0]
        if not options:
            return "nocounter"
        enough = [o for o in options if int(o.args[1]) >= attack]
        if enough:
            return min(enough, key=lambda o: (int(o.args[1]), self._value(game, o.args[0]))).id
        if attack >= BIG_HIT or attack >= s.players[seat].life:
            return max(options, key=lambda o: int(o.args[1])).id
        return "nocounter"

    def _underlay_s(self, game: Game[Any], s: ChantState, seat: int, decision: Decision) -> str | None:
        _, picked, picked_sum, required, chant = decision.prompt_args[:5]
        taken = set(s.stack[-1].regs) if s.stack else set()
        offered = {str(o.args[0]): o.id for o in decision.options if o.id.startswith("under:")}
        ids, defs, under = s.ids, s.defs, s.under
        cards = [(u, ids[u], defs[u].chant) for u in s.players[seat].area
                 if _ready(s, u) and not under.get(u) and u not in taken and ids[u] in offered]
        need = self._cheapest_cover(game, cards, int(required) - int(picked), int(chant) - int(picked_sum))
        if need:
            card = next(c[1] for c in cards if c[0] == need[0])
            return offered[card]
        if need is None and decision.find("done") is None:
            return "cancel" if decision.find("cancel") else None
        extra = [c for c in cards if self._value(game, c[1]) < 1.5]
        if extra and decision.find("done") is not None:
            return offered[min(extra, key=lambda c: self._value(game, c[1]))[1]]
        return "done" if decision.find("done") else None

    def _spend_underlay_s(self, game: Game[Any], s: ChantState, seat: int, decision: Decision) -> str | None:
        ids = s.ids
        blank = {ids[u] for u in s.players[seat].blank}
        book = self._card(game, str(decision.prompt_args[0]))
        names: tuple[str, ...] = ()
        for eff in book.effects:
            if eff.op == "power_per_blank_name":
                names = tuple(eff.get("names", ()))

        def key(o: Option) -> tuple[int, float]:
            d = self._card(game, o.args[0])
            bonus = 1 if names and o.args[0] not in blank and any(n in d.name.ja for n in names) else 0
            return (-bonus, self._value(game, o.args[0]))

        return min(decision.options, key=key).id

    def _reveal_s(self, game: Game[Any], s: ChantState, seat: int, decision: Decision) -> str | None:
        if s.players[seat].shown:
            return "done"
        options = [o for o in decision.options if o.id.startswith("reveal:")]
        if not options:
            return "done"
        return max(options, key=lambda o: self._place_score(game, o.args[0])).id

    def _target_s(self, game: Game[Any], s: ChantState, seat: int, decision: Decision) -> str | None:
        op = str(decision.prompt_args[1]) if len(decision.prompt_args) > 1 else "advance"
        mine = seat + 1
        if op != "rewind":
            def advance_key(o: Option) -> tuple[int, int, float]:
                own = 1 if int(o.args[1]) == mine else 0
                left = int(o.args[3]) - int(o.args[2])
                return (own, -left, self._value(game, o.args[0]))

            return max(decision.options, key=advance_key).id
        theirs_area = s.players[1 - seat].area

        def rewind_key(o: Option) -> tuple[int, int, float]:
            theirs = 1 if int(o.args[1]) != mine else 0
            u = option_uid(o.id)
            if u in theirs_area:
                return (theirs, 1 if _ready(s, u) else 0, float(_power(s, u)))
            return (theirs, 0, 0.0)

        return max(decision.options, key=rewind_key).id
