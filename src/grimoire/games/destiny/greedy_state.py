"""The Destiny greedy agent reading a state directly: the search's playout policy.

:class:`StateGreedy` answers like :class:`~.greedy.GreedyDestiny` on ``view(state, seat)`` for the
seat to move, but reads the state instead of a view: no dicts are built at a decision. Playouts
ask it at almost every decision (:meth:`~.search.DestinyHooks.greedy_answer`). Each handler below
mirrors the handler of the same name in :mod:`.greedy` line by line (same order of iteration, same
arithmetic, so the same ties); ``tests/ai/test_state_greedy.py`` checks both give the same answer in
random positions.

>>> from grimoire.core.game import Setup
>>> from grimoire.core.registry import load_game
>>> from grimoire.core.rng import Chance
>>> game = load_game("destiny")
>>> decks = [game.cards.starter_deck(n) for n in sorted(game.cards.starter_decks())[:2]]
>>> state = game.new_state(Setup(decks, game.options(), seed=1))
>>> d = game.decision(state)
>>> StateGreedy().answer(game, state, d, Chance.seeded(0)) == GreedyDestiny().choose(
...     game, game.view(state, d.player), d, Chance.seeded(0))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grimoire.core.decision import Decision, Option, option_uid
from grimoire.core.game import Game
from grimoire.core.rng import Chance

from . import effects as fx
from .battle import battle_values
from .cards import TIMINGS
from .greedy import ATTACK, BATTLE, KANCHI, LOW_THREADS, MAIN, RESERVE, SPARE_CARD, TIMING_INDEX, Battle, GreedyDestiny
from .state import HOUKI_PICK, KIJUTSU_PICK, V_USER_EFFECTS, DestinyState, User


def _battle(state: DestinyState, attacker: User, blocker: User | None, ja: bool = False, ca: int = 0) -> Battle:
    """``Battle.of`` for two users of a state (``blocker`` None: unblocked)."""
    a = state.defs[attacker.uid]
    if blocker is None:
        return Battle(state.power(attacker), a.attribute, a.power + 1, 0, "", 0, False, ja, ca)
    b = state.defs[blocker.uid]
    return Battle(state.power(attacker), a.attribute, a.power + 1, state.power(blocker), b.attribute, b.power + 1,
                  True, ja, ca)


def _field_user(state: DestinyState, uid: int) -> User | None:
    """The user with this uid on either field (the view's users of both fields by uid)."""
    for p in state.players:
        for u in p.field:
            if u.uid == uid:
                return u
    return None


class StateGreedy(GreedyDestiny):
    """The greedy agent's answers from a state (see the module docstring); its card figures are the same
    cached per-pool figures as :class:`~.greedy.GreedyDestiny`'s."""

    def answer(self, game: Game[Any], state: DestinyState, decision: Decision, chance: Chance) -> str:
        """What :meth:`GreedyDestiny.choose` answers on ``view(state, decision.player)``."""
        if game.pool is not self._pool:
            self._pool = game.pool
            self._keepers = {}
        kind = decision.kind
        seat = decision.player
        answer: str | None
        if kind == "summon":
            answer = self._summon_s(game, state, seat, decision)
        elif kind == "attackers":
            answer = self._attackers_s(game, state, seat, decision)
        elif kind == "block":
            answer = self._block_s(game, state, seat, decision)
        elif kind == "window":
            answer = self._window_s(game, state, seat, decision)
        elif kind == "upkeep":
            answer = self._upkeep_s(game, state, seat, decision)
        elif kind == "fate":
            answer = self._fate_s(game, state, seat, decision)
        elif kind == "target":
            answer = self._target_s(state, seat, decision)
        elif kind == "kijutsu":
            answer = self._kijutsu_s(game, state, seat, decision)
        elif kind == "houki":
            answer = self._houki_s(game, state, seat, decision)
        elif kind == "mulligan":
            cheap = sum(1 for u in state.players[seat].hand if self._card(game, state.ids[u]).power <= 4)
            answer = "keep" if cheap >= 3 else "mulligan"
        elif kind == "ability":
            answer = "ability:chimyaku_no_hako"
        elif kind == "response":
            answer = self._response_s(game, state, seat, decision)
        elif kind == "sense":
            answer = self._sense_s(game, state, seat, decision)
        else:
            answer = None
        if answer is None or decision.find(answer) is None:
            return decision.options[-1].id
        return answer

    # ----- helpers -------------------------------------------------------------------
    def _with_own_effect_s(self, game: Game[Any], state: DestinyState, user: User, fight: Battle) -> Battle:
        """The battle after the attacker's own free ``attack`` effect (if any)."""
        if not (user.veteran or user.ready):
            return fight
        group = self._group(game, state.ids[user.uid], ATTACK)
        if not group:
            return fight
        out = fight.copy()
        for eff in group:
            self._apply(eff, out, attacker_side=True, own_user=True)
        return out

    @staticmethod
    def _in_reach_s(state: DestinyState, eff: Any, field: Sequence[User]) -> list[User]:
        """The users of ``field`` that ``eff`` may target: its attribute, and a destroy's power limit."""
        attribute = eff.get("attribute")
        limit = int(eff.get("n", 0) or 0) if eff.op == "destroy" else None
        defs = state.defs
        return [u for u in field if (attribute is None or defs[u.uid].attribute == attribute)
                and (limit is None or state.power(u) <= limit)]

    def _hits_opponent_s(self, state: DestinyState, group: Sequence[Any], field: Sequence[User]) -> bool:
        return all(self._in_reach_s(state, eff, field) for eff in group
                   if eff.op in ("destroy", "weaken") and eff.get("target") in ("opponent_user", "any_user"))

    # ----- upkeep and summon ---------------------------------------------------------
    def _upkeep_s(self, game: Game[Any], state: DestinyState, seat: int, decision: Decision) -> str | None:
        me, opp = state.players[seat], state.players[1 - seat]
        pay = next((o for o in decision.options if o.id.startswith("pay:")), None)
        if pay is None:
            return None
        power = int(pay.args[1])
        user = me.user(option_uid(pay.id))
        reserve = RESERVE if opp.field else RESERVE - 1
        worth = user is not None and (user.veteran or user.ready
                                      or bool(self._group(game, state.ids[user.uid], ATTACK)))
        if me.threads - power >= reserve - (1 if worth else 0):
            return pay.id
        return next(o.id for o in decision.options if o.id.startswith("release:"))

    def _main_effect_gain_s(self, game: Game[Any], state: DestinyState, seat: int, card_id: str,
                            sweep: bool = False) -> float:
        me, opp = state.players[seat], state.players[1 - seat]
        gain = 0.0
        for eff in self._group(game, card_id, MAIN):
            n = int(eff.get("n", 0) or 0)
            target = eff.get("target")
            op = eff.op
            if sweep and op in ("destroy", "weaken") and target in ("opponent_user", "any_user"):
                gain += self._harm_s(state, eff, opp.field, n)
                if target == "any_user":
                    gain -= self._harm_s(state, eff, me.field, n)
            elif op == "destroy" and target in ("opponent_user", "any_user"):
                gain += max((state.defs[u.uid].power + 1 for u in self._in_reach_s(state, eff, opp.field)), default=0)
            elif op == "weaken" and opp.field:
                gain += 0.5 * n
            elif op in ("strengthen", "ready") and me.field and state.turn > 1:
                gain += 0.5 * max(n, 1)
            elif op == "lose_threads":
                gain += n * (2.0 if opp.threads <= n else 1.0)
            elif op == "gain_threads":
                gain += n
            elif op == "draw":
                gain += 0.8 * n
        return gain

    def _harm_s(self, state: DestinyState, eff: Any, field: Sequence[User], n: int) -> float:
        return sum((state.defs[u.uid].power + 1.0 if eff.op == "destroy" else 0.5 * n)
                   for u in self._in_reach_s(state, eff, field))

    def _spare_s(self, game: Game[Any], state: DestinyState, seat: int, used: int) -> int | None:
        me = state.players[seat]
        spare = [u for u in list(me.hand) + list(me.crisis)
                 if u != used and self._card(game, state.ids[u]).attribute == "shinpi"
                 and not self._card(game, state.ids[u]).lucky]
        return min(spare, key=lambda u: (self._card(game, state.ids[u]).power, u)) if spare else None

    def _sensed_gain_s(self, game: Game[Any], state: DestinyState, seat: int, card_id: str, used: int) -> float:
        if state.players[seat].ability != KANCHI or self._spare_s(game, state, seat, used) is None:
            return 0.0
        return self._main_effect_gain_s(game, state, seat, card_id, sweep=True) - SPARE_CARD

    def _sense_s(self, game: Game[Any], state: DestinyState, seat: int, decision: Decision) -> str | None:
        card_id = str(decision.prompt_args[0])
        spare = self._spare_s(game, state, seat, -1)
        if spare is None or decision.find(f"select:{spare}") is None:
            return "skip"
        plain = self._main_effect_gain_s(game, state, seat, card_id)
        if self._main_effect_gain_s(game, state, seat, card_id, sweep=True) - SPARE_CARD <= plain:
            return "skip"
        return f"select:{spare}"

    def _summon_s(self, game: Game[Any], state: DestinyState, seat: int, decision: Decision) -> str | None:
        me, opp = state.players[seat], state.players[1 - seat]
        best_effect: tuple[float, str] | None = None
        for o in decision.options:
            if o.id.startswith("effect:"):
                cost = int(o.args[1])
                if me.threads - cost < RESERVE + 1:
                    continue
                net = max(self._main_effect_gain_s(game, state, seat, o.args[0]),
                          self._sensed_gain_s(game, state, seat, o.args[0], option_uid(o.id))) - cost - 1.0
                if net > 0 and (best_effect is None or net > best_effect[0]):
                    best_effect = (net, o.id)
        if best_effect is not None:
            return best_effect[1]
        summons = [o for o in decision.options if o.id.startswith("summon:")]
        hand_size = len(me.hand) + len(me.crisis)
        if not summons or len(me.field) >= 4:
            return "done"
        if hand_size <= 2 and len(me.field) >= 2:
            return "done"
        opp_attrs = [state.defs[u.uid].attribute for u in opp.field]
        threads = me.threads

        def score(o: Option) -> float:
            d = self._card(game, o.args[0])
            value = float(d.power) + 0.5 * len(d.groups[ATTACK])
            value += 0.5 * sum(1 for a in opp_attrs if battle_values(d.power, d.attribute, 3, a)[0] > d.power)
            if self._keeper(game, d.id):
                value -= 4.0
            if d.power > threads + 2:
                value -= 2.0
            return value

        best = max(summons, key=score)
        if self._keeper(game, best.args[0]) and len(me.field) >= 1:
            return "done"
        return best.id

    def _houki_s(self, game: Game[Any], state: DestinyState, seat: int, decision: Decision) -> str | None:
        if state.phase not in (HOUKI_PICK, KIJUTSU_PICK) or not self._group(game, state.ids[state.pending], ATTACK):
            return "skip"
        picks = [o for o in decision.options if o.id.startswith("select:")]
        if not picks or len(state.players[seat].hand) < 4:
            return "skip"
        return min(picks, key=lambda o: int(o.args[1])).id

    def _kijutsu_s(self, game: Game[Any], state: DestinyState, seat: int, decision: Decision) -> str | None:
        me, opp = state.players[seat], state.players[1 - seat]
        for o in decision.options:
            if not o.id.startswith("use:"):
                continue
            group = self._group(game, o.args[0], TIMING_INDEX[o.id.split(":", 1)[1]])
            if me.threads - int(o.args[1]) >= RESERVE + 2 and self._hits_opponent_s(state, group, opp.field):
                return o.id
        return "skip"

    def _target_s(self, state: DestinyState, seat: int, decision: Decision) -> str | None:
        op = str(decision.prompt_args[1]) if len(decision.prompt_args) > 1 else ""
        mine = seat + 1
        in_battle: set[int] = set()
        if state.attacker >= 0:
            in_battle.add(state.attacker)
            if state.blocker >= 0:
                in_battle.add(state.blocker)
        friendly = op in ("strengthen", "ready")

        def key(o: Option) -> tuple[int, int, int]:
            uid = option_uid(o.id)
            u = _field_user(state, uid)
            side = 1 if (int(o.args[1]) == mine) == friendly else 0
            return (side, 1 if uid in in_battle else 0, state.power(u) if u is not None else 0)

        return max(decision.options, key=key).id

    # ----- battle ---------------------------------------------------------------------
    def _attackers_s(self, game: Game[Any], state: DestinyState, seat: int, decision: Decision) -> str | None:
        me, opp = state.players[seat], state.players[1 - seat]
        best: tuple[float, str] | None = None
        for o in decision.options:
            if not o.id.startswith("attack:"):
                continue
            user = me.user(option_uid(o.id))
            if user is None:
                continue
            if opp.field:
                value = min(self._with_own_effect_s(game, state, user, _battle(state, user, b)).score()
                            for b in opp.field)
            else:
                value = self._with_own_effect_s(game, state, user, _battle(state, user, None)).score()
            if value >= 0 and (value > 0 or state.defs[user.uid].power <= 2) and (best is None or value > best[0]):
                best = (value, o.id)
        return best[1] if best is not None else "done"

    def _block_s(self, game: Game[Any], state: DestinyState, seat: int, decision: Decision) -> str | None:
        me, opp = state.players[seat], state.players[1 - seat]
        attacker = opp.user(state.attacker) if state.attacker >= 0 else None
        if attacker is None:
            card = decision.prompt_args[0]
            attacker = next((u for u in opp.field if state.ids[u.uid] == card), None)
        if attacker is None:
            return None
        found = attacker

        def attacker_score(o: Option) -> float:
            blocker = me.user(option_uid(o.id))
            if blocker is None:
                raise KeyError(option_uid(o.id))
            return self._with_own_effect_s(game, state, found, _battle(state, found, blocker)).score()

        return min(decision.options, key=attacker_score).id

    def _window_s(self, game: Game[Any], state: DestinyState, seat: int, decision: Decision) -> str | None:
        if state.attacker < 0:
            return "pass"
        attacker = _field_user(state, state.attacker)
        if attacker is None:
            return "pass"
        blocker = _field_user(state, state.blocker) if state.blocker >= 0 else None
        fight = _battle(state, attacker, blocker, bool(state.ja), int(state.ca or 0))
        attacking = seat == state.active
        threads = state.players[seat].threads
        any_group = state.variant[V_USER_EFFECTS] == 1
        base = fight.score()
        best: tuple[float, str] | None = None
        for o in decision.options:
            if not o.id.startswith("effect:"):
                continue
            cost = int(o.args[1])
            if threads - cost < 2:
                continue
            own = option_uid(o.id) == attacker.uid
            if own:
                group = self._group(game, o.args[0], ATTACK)
                if not group and any_group:
                    group = self._group(game, o.args[0], BATTLE) or self._group(game, o.args[0], MAIN)
            else:
                group = self._group(game, o.args[0], BATTLE)
            after = fight.copy()
            for eff in group:
                self._apply(eff, after, attacker_side=attacking, own_user=own)
            gain = (after.score() - base) if attacking else (base - after.score())
            net = gain - cost - (0.0 if own else 1.0)
            if net > 0.4 and (best is None or net > best[0]):
                best = (net, o.id)
        return best[1] if best is not None else "pass"

    def _response_s(self, game: Game[Any], state: DestinyState, seat: int, decision: Decision) -> str | None:
        me = state.players[seat]
        cancels = [o for o in decision.options if o.id.startswith("effect:")]
        if not cancels or not state.stack:
            return "pass"
        frame = state.stack[-1]
        timing = TIMING_INDEX.get(str(TIMINGS[frame.index]), MAIN)
        group = self._group(game, state.ids[frame.source], timing)
        targets = set(fx.targets(frame))
        hit_mine = [u for u in me.field if u.uid in targets]
        everyone = fx.has(frame, fx.F_ALL)
        now = state.attacker >= 0 and _field_user(state, state.attacker) is not None
        harm = 0.0
        for eff in group:
            n = int(eff.get("n", 0) or 0)
            if eff.op == "destroy":
                harm += max((state.defs[u.uid].power + 1 for u in hit_mine), default=0) or (3 if everyone else 0)
            elif eff.op == "weaken":
                harm += (n + 1) if hit_mine and now else 0.5 * n if hit_mine else 0
            elif eff.op in ("strengthen", "onslaught", "ca"):
                harm += (n + 1) if now else 0.5 * n
            elif eff.op == "lose_threads":
                harm += n * (2 if me.threads <= n else 1)
            elif eff.op in ("gain_threads", "draw"):
                harm += 0.5 * n
            elif eff.op == "ja":
                harm += 1
        option = min(cancels, key=lambda o: int(o.args[1]))
        cost = int(option.args[1])
        if harm >= cost + 1 and me.threads - cost >= 2:
            return option.id
        return "pass"

    # ----- end of the turn ------------------------------------------------------------
    def _fate_s(self, game: Game[Any], state: DestinyState, seat: int, decision: Decision) -> str | None:
        me = state.players[seat]
        picks = [o for o in decision.options if o.id.startswith("select:")]
        if not picks:
            return "skip"
        hand_size = len(me.hand) + len(me.crisis)
        low = me.threads <= LOW_THREADS
        if not low and hand_size < 6:
            return "skip"
        crisis = set(me.crisis)

        def key(o: Option) -> tuple[int, int, int]:
            keeper = 1 if self._keeper(game, o.args[0]) and not low else 0
            return (-keeper, 1 if option_uid(o.id) in crisis else 0, int(o.args[1]))

        return max(picks, key=key).id
