"""A one-ply heuristic agent for 運命予報祭 Destiny Saga.

It reads only its seat's view (``grimoire/games/destiny/view.py``), the options and the
public card definitions (``game.pool``). Battles are scored from the attacker's side
as the rules settle them (§6.3–6.5): a won battle is worth the blocker plus the threads
it costs, a trade the blocker less the attacker, a lost one minus the attacker. In words:

* choose 地脈の函 as its forecast ability (its deck is not yet known then);
* summon its strongest users while it keeps a card or two in hand, keeping cancels and
  battle tricks back; use ``main`` effects when they pay more than they cost;
* with 地脈感知, turn a ``main`` group on every matching user when the users it adds are
  worth more than the spare 神秘 card it discards (:data:`SPARE_CARD` threads);
* use 地脈記述 while it leaves a reserve of threads, never with a destroy or weaken that
  could only land on its own users;
* upkeep a user only while that leaves a reserve of threads;
* declare the attackers that win (or trade evenly) against the defender's best block,
  counting their own free effects; block with the user that fares best;
* in an effect window use the effect that improves the battle most for its cost;
  cancel the opponent's effect when it would hurt more than the cancel costs;
* fate-select (discard a card for threads) when threads run low or the hand is full.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from grimoire.core.decision import Decision, Option, option_uid
from grimoire.core.game import Game
from grimoire.core.rng import Chance

from .battle import battle_values

MAIN, BATTLE, RESPONSE, ATTACK = range(4)
TIMING_INDEX = {"main": MAIN, "battle": BATTLE, "response": RESPONSE, "attack": ATTACK}
RESERVE = 3
LOW_THREADS = 10
SPARE_CARD = 5.0  # what a 神秘 card discarded for 地脈感知 is worth, in threads (docs/balance.md)
KANCHI = "chimyaku_kanchi"

Handler = Callable[[Game[Any], dict[str, Any], Decision], "str | None"]


def _uid(option: Option) -> int:
    return option_uid(option.id)


@dataclass
class Battle:
    """A battle seen from the attacker: powers, attributes, JA and CA, and its score."""

    a_power: int
    a_attr: str
    a_value: int
    d_power: int
    d_attr: str
    d_value: int
    blocked: bool
    ja: bool = False
    ca: int = 0
    ended: float = 0.0  # a battle ended early by a removal: its score, else 0
    threads: float = 0.0  # threads moved by effects, attacker's side positive

    @classmethod
    def of(cls, attacker: dict[str, Any], blocker: dict[str, Any] | None, ja: bool = False, ca: int = 0) -> Battle:
        """The battle of two users of a view (``blocker`` None: unblocked)."""
        return cls(int(attacker["power"]), str(attacker["attribute"]), int(attacker["printed"]) + 1,
                   int(blocker["power"]) if blocker else 0, str(blocker["attribute"]) if blocker else "",
                   int(blocker["printed"]) + 1 if blocker else 0, blocker is not None, ja, ca)

    def score(self) -> float:
        """The battle's worth to the attacker (negative: good for the defender)."""
        if self.ended:
            return self.ended + self.threads
        if not self.blocked:
            return max(0, self.a_power) + self.ca + self.threads
        a, d = battle_values(max(0, self.a_power), self.a_attr, max(0, self.d_power), self.d_attr, self.ja)
        if a > d:
            base = a - d + self.ca + self.d_value
        elif a == d:
            base = self.d_value - self.a_value
        else:
            base = -self.a_value
        return base + self.threads

    def copy(self) -> Battle:
        return Battle(self.a_power, self.a_attr, self.a_value, self.d_power, self.d_attr, self.d_value, self.blocked,
                      self.ja, self.ca, self.ended, self.threads)


class GreedyDestiny:
    """The Destiny heuristic agent (see the module docstring)."""

    name = "greedy"

    def __init__(self) -> None:
        self._handler_table: dict[str, Handler] | None = None
        # whether a card is a keeper depends only on its definition: known once per pool
        self._pool: Any = None
        self._keepers: dict[str, bool] = {}

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        if self._handler_table is None:
            self._handler_table = self._handlers()
        if game.pool is not self._pool:
            self._pool = game.pool
            self._keepers = {}
        handler = self._handler_table.get(decision.kind)
        answer = handler(game, view, decision) if handler is not None else None
        if answer is None or decision.find(answer) is None:
            return decision.options[-1].id
        return answer

    def _handlers(self) -> dict[str, Handler]:
        return {
            "ability": self._ability, "mulligan": self._mulligan, "upkeep": self._upkeep, "summon": self._summon,
            "houki": self._houki, "kijutsu": self._kijutsu, "sense": self._sense, "target": self._target,
            "response": self._response, "attackers": self._attackers, "block": self._block,
            "window": self._window, "fate": self._fate,
        }

    # ----- helpers -------------------------------------------------------------------
    @staticmethod
    def _me(view: dict[str, Any], seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
        players: list[dict[str, Any]] = view["players"]
        return players[seat], players[1 - seat]

    @staticmethod
    def _card(game: Game[Any], card_id: str) -> Any:
        return game.pool[card_id]

    def _group(self, game: Game[Any], card_id: str, timing: int) -> tuple[Any, ...]:
        groups: Sequence[tuple[Any, ...]] = self._card(game, card_id).groups
        return groups[timing]

    def _keeper(self, game: Game[Any], card_id: str) -> bool:
        """A card better kept in hand than summoned (a cancel or a battle trick)."""
        keep = self._keepers.get(card_id)
        if keep is None:
            keep = self._keepers[card_id] = bool(self._group(game, card_id, RESPONSE)
                                                 or self._group(game, card_id, BATTLE))
        return keep

    @staticmethod
    def _free(user: dict[str, Any]) -> bool:
        return bool(user["veteran"] or user["ready"])

    def _with_own_effect(self, game: Game[Any], user: dict[str, Any], fight: Battle) -> Battle:
        """The battle after the attacker's own free ``attack`` effect (if any)."""
        if not self._free(user):
            return fight
        group = self._group(game, user["card"], ATTACK)
        if not group:
            return fight
        out = fight.copy()
        for eff in group:
            self._apply(eff, out, attacker_side=True, own_user=True)
        return out

    @staticmethod
    def _apply(eff: Any, fight: Battle, attacker_side: bool, own_user: bool = False) -> None:
        """Apply one effect to a battle as its user (attacker or defender side) would aim it."""
        n = int(eff.get("n", 0) or 0)
        target = eff.get("target")
        sign = 1 if attacker_side else -1
        op = eff.op
        if op == "onslaught" and own_user:
            fight.a_power += n
        elif op == "ja":
            fight.ja = True
        elif op == "ca":
            fight.ca += n
        elif op == "strengthen" and target in ("own_user", "any_user", "self"):
            if attacker_side:
                fight.a_power += n
            elif fight.blocked:
                fight.d_power += n
        elif op == "weaken" and target in ("opponent_user", "any_user"):
            if attacker_side and fight.blocked:
                fight.d_power -= n
            elif not attacker_side:
                fight.a_power -= n
        elif op == "destroy" and target in ("opponent_user", "any_user"):
            if attacker_side and fight.blocked and fight.d_power <= n:
                fight.ended = float(fight.d_value)
            elif not attacker_side and fight.a_power <= n:
                fight.ended = float(-fight.a_value)
        elif op == "lose_threads":
            fight.threads += sign * n
        elif op == "gain_threads":
            fight.threads += sign * n * 0.8
        elif op == "draw":
            fight.threads += sign * n * 0.6

    def _battle_now(self, view: dict[str, Any]) -> tuple[Battle, dict[str, Any], dict[str, Any] | None] | None:
        battle = view.get("battle")
        if not battle:
            return None
        fields = {u["uid"]: u for p in view["players"] for u in p["field"]}
        attacker = fields.get(battle["attacker"]["uid"])
        if attacker is None:
            return None
        blocker = fields.get(battle["blocker"]["uid"]) if battle.get("blocker") else None
        fight = Battle.of(attacker, blocker, bool(battle.get("ja")), int(battle.get("ca") or 0))
        return fight, attacker, blocker

    # ----- before the game -------------------------------------------------------------
    def _ability(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        # The deck is unknown when abilities are chosen; 地脈の函 never hurts and wins big with 全能.
        return "ability:chimyaku_no_hako"

    def _mulligan(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, _ = self._me(view, decision.player)
        hand = me["hand"] or []
        cheap = sum(1 for h in hand if self._card(game, h["card"]).power <= 4)
        return "keep" if cheap >= 3 else "mulligan"

    # ----- upkeep and summon ---------------------------------------------------------
    def _upkeep(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, opp = self._me(view, decision.player)
        pay = next((o for o in decision.options if o.id.startswith("pay:")), None)
        if pay is None:
            return None
        power = int(pay.args[1])
        user = next((u for u in me["field"] if u["uid"] == _uid(pay)), None)
        reserve = RESERVE if opp["field"] else RESERVE - 1
        worth = user is not None and (self._free(user) or bool(self._group(game, user["card"], ATTACK)))
        if me["threads"] - power >= reserve - (1 if worth else 0):
            return pay.id
        return next(o.id for o in decision.options if o.id.startswith("release:"))

    def _main_effect_gain(self, game: Game[Any], view: dict[str, Any], seat: int, card_id: str,
                          sweep: bool = False) -> float:
        """Threads' worth of ``card_id``'s ``main`` group used now; ``sweep``: on every matching
        user (地脈感知, §9.3), an ``any_user`` harm landing on one's own users too."""
        me, opp = self._me(view, seat)
        gain = 0.0
        for eff in self._group(game, card_id, MAIN):
            n = int(eff.get("n", 0) or 0)
            target = eff.get("target")
            op = eff.op
            if sweep and op in ("destroy", "weaken") and target in ("opponent_user", "any_user"):
                gain += self._harm(eff, opp["field"], n)
                if target == "any_user":
                    gain -= self._harm(eff, me["field"], n)
            elif op == "destroy" and target in ("opponent_user", "any_user"):
                gain += max((u["printed"] + 1 for u in self._in_reach(eff, opp["field"])), default=0)
            elif op == "weaken" and opp["field"]:
                gain += 0.5 * n
            elif op in ("strengthen", "ready") and me["field"] and view.get("turn", 0) > 1:
                gain += 0.5 * max(n, 1)
            elif op == "lose_threads":
                gain += n * (2.0 if opp["threads"] <= n else 1.0)
            elif op == "gain_threads":
                gain += n
            elif op == "draw":
                gain += 0.8 * n
        return gain

    def _summon(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, opp = self._me(view, decision.player)
        best_effect: tuple[float, str] | None = None
        for o in decision.options:
            if o.id.startswith("effect:"):
                cost = int(o.args[1])
                if me["threads"] - cost < RESERVE + 1:
                    continue
                net = max(self._main_effect_gain(game, view, decision.player, o.args[0]),
                          self._sensed_gain(game, view, decision.player, o.args[0], _uid(o))) - cost - 1.0
                if net > 0 and (best_effect is None or net > best_effect[0]):
                    best_effect = (net, o.id)
        if best_effect is not None:
            return best_effect[1]
        summons = [o for o in decision.options if o.id.startswith("summon:")]
        hand_size = len(me["hand"] or []) + len(me["crisis"])
        if not summons or len(me["field"]) >= 4:
            return "done"
        if hand_size <= 2 and len(me["field"]) >= 2:
            return "done"
        opp_attrs = [u["attribute"] for u in opp["field"]]

        def score(o: Option) -> float:
            d = self._card(game, o.args[0])
            value = float(d.power) + 0.5 * len(d.groups[ATTACK])
            value += 0.5 * sum(1 for a in opp_attrs if battle_values(d.power, d.attribute, 3, a)[0] > d.power)
            if self._keeper(game, d.id):
                value -= 4.0
            if d.power > me["threads"] + 2:
                value -= 2.0
            return value

        best = max(summons, key=score)
        if self._keeper(game, best.args[0]) and len(me["field"]) >= 1:
            return "done"
        return best.id

    def _houki(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, _ = self._me(view, decision.player)
        pending = view.get("pending") or {}
        if not pending or not self._group(game, pending["card"], ATTACK):
            return "skip"
        picks = [o for o in decision.options if o.id.startswith("select:")]
        if not picks or len(me["hand"] or []) < 4:
            return "skip"
        return min(picks, key=lambda o: int(o.args[1])).id

    def _kijutsu(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, opp = self._me(view, decision.player)
        uses = [o for o in decision.options if o.id.startswith("use:")]
        for o in uses:
            group = self._group(game, o.args[0], TIMING_INDEX[o.id.split(":", 1)[1]])
            if me["threads"] - int(o.args[1]) >= RESERVE + 2 and self._hits_opponent(group, opp["field"]):
                return o.id
        return "skip"

    @staticmethod
    def _in_reach(eff: Any, field: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """The users of ``field`` that ``eff`` may target: its attribute, and a destroy's power limit."""
        attribute = eff.get("attribute")
        limit = int(eff.get("n", 0) or 0) if eff.op == "destroy" else None
        return [u for u in field
                if (attribute is None or u["attribute"] == attribute) and (limit is None or u["power"] <= limit)]

    def _hits_opponent(self, group: Sequence[Any], field: Sequence[dict[str, Any]]) -> bool:
        """False when a harmful effect of ``group`` (destroy, weaken) could only land on one's own
        users: an ``any_user`` destroy with no opposing user in reach would take one's own."""
        return all(self._in_reach(eff, field) for eff in group
                   if eff.op in ("destroy", "weaken") and eff.get("target") in ("opponent_user", "any_user"))

    def _harm(self, eff: Any, field: Sequence[dict[str, Any]], n: int) -> float:
        """A destroy or weaken on every user of ``field`` in its reach, in threads."""
        return sum((u["printed"] + 1.0 if eff.op == "destroy" else 0.5 * n) for u in self._in_reach(eff, field))

    def _spare(self, game: Game[Any], me: dict[str, Any], used: int) -> dict[str, Any] | None:
        """The 神秘 card 地脈感知 would discard: the weakest in hand or crisis zone that is not
        Lucky! and not the card being used (None: none)."""
        spare = [c for c in (me["hand"] or []) + me["crisis"]
                 if c["uid"] != used and self._card(game, c["card"]).attribute == "shinpi"
                 and not self._card(game, c["card"]).lucky]
        return min(spare, key=lambda c: (self._card(game, c["card"]).power, c["uid"])) if spare else None

    def _sensed_gain(self, game: Game[Any], view: dict[str, Any], seat: int, card_id: str, used: int) -> float:
        """The worth of ``card_id``'s ``main`` group under 地脈感知, less the spare card it costs
        (0 without the ability, a spare card, or a gain over the plain use)."""
        me, _ = self._me(view, seat)
        if me.get("ability") != KANCHI or self._spare(game, me, used) is None:
            return 0.0
        return self._main_effect_gain(game, view, seat, card_id, sweep=True) - SPARE_CARD

    def _sense(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        """地脈感知 when the users it adds pay for the spare card (see :meth:`_sensed_gain`)."""
        card_id = str(decision.prompt_args[0])
        me, _ = self._me(view, decision.player)
        spare = self._spare(game, me, -1)
        if spare is None or decision.find(f"select:{spare['uid']}") is None:
            return "skip"
        plain = self._main_effect_gain(game, view, decision.player, card_id)
        if self._main_effect_gain(game, view, decision.player, card_id, sweep=True) - SPARE_CARD <= plain:
            return "skip"
        return f"select:{spare['uid']}"

    def _target(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        op = str(decision.prompt_args[1]) if len(decision.prompt_args) > 1 else ""
        mine = decision.player + 1
        fields = {u["uid"]: u for p in view["players"] for u in p["field"]}
        battle = view.get("battle") or {}
        in_battle = {battle["attacker"]["uid"]} if battle.get("attacker") else set()
        if battle.get("blocker"):
            in_battle.add(battle["blocker"]["uid"])
        friendly = op in ("strengthen", "ready")

        def key(o: Option) -> tuple[int, int, int]:
            u = fields.get(_uid(o))
            side = 1 if (int(o.args[1]) == mine) == friendly else 0
            return (side, 1 if _uid(o) in in_battle else 0, int(u["power"]) if u else 0)

        return max(decision.options, key=key).id

    # ----- battle ---------------------------------------------------------------------
    def _attackers(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, opp = self._me(view, decision.player)
        users = {u["uid"]: u for u in me["field"]}
        best: tuple[float, str] | None = None
        for o in decision.options:
            if not o.id.startswith("attack:"):
                continue
            user = users.get(_uid(o))
            if user is None:
                continue
            if opp["field"]:
                value = min(self._with_own_effect(game, user, Battle.of(user, b)).score() for b in opp["field"])
            else:
                value = self._with_own_effect(game, user, Battle.of(user, None)).score()
            if value >= 0 and (value > 0 or user["printed"] <= 2) and (best is None or value > best[0]):
                best = (value, o.id)
        return best[1] if best is not None else "done"

    def _block(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, opp = self._me(view, decision.player)
        battle = view.get("battle") or {}
        attacker = None
        if battle.get("attacker"):
            attacker = next((u for u in opp["field"] if u["uid"] == battle["attacker"]["uid"]), None)
        if attacker is None:
            attacker = next((u for u in opp["field"] if u["card"] == decision.prompt_args[0]), None)
        if attacker is None:
            return None
        blockers = {u["uid"]: u for u in me["field"]}

        def attacker_score(o: Option) -> float:
            return self._with_own_effect(game, attacker, Battle.of(attacker, blockers[_uid(o)])).score()

        return min(decision.options, key=attacker_score).id

    def _effect_group(self, game: Game[Any], view: dict[str, Any], option: Option, attacker_uid: int
                      ) -> tuple[tuple[Any, ...], bool]:
        """The group an ``effect:`` option would use, and whether it is the attacker's own (under
        ``user_effects=any`` a user without an ``attack`` group uses its ``battle``, else ``main`` group)."""
        if _uid(option) == attacker_uid:
            card = option.args[0]
            group = self._group(game, card, ATTACK)
            if not group and (view.get("rules") or {}).get("user_effects") == "any":
                group = self._group(game, card, BATTLE) or self._group(game, card, MAIN)
            return group, True
        return self._group(game, option.args[0], BATTLE), False

    def _window(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        now = self._battle_now(view)
        if now is None:
            return "pass"
        fight, attacker, _ = now
        attacking = decision.player == view["active"]
        me, _ = self._me(view, decision.player)
        base = fight.score()
        best: tuple[float, str] | None = None
        for o in decision.options:
            if not o.id.startswith("effect:"):
                continue
            cost = int(o.args[1])
            if me["threads"] - cost < 2:
                continue
            group, own = self._effect_group(game, view, o, attacker["uid"])
            after = fight.copy()
            for eff in group:
                self._apply(eff, after, attacker_side=attacking, own_user=own)
            gain = (after.score() - base) if attacking else (base - after.score())
            net = gain - cost - (0.0 if own else 1.0)
            if net > 0.4 and (best is None or net > best[0]):
                best = (net, o.id)
        return best[1] if best is not None else "pass"

    def _response(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, _ = self._me(view, decision.player)
        cancels = [o for o in decision.options if o.id.startswith("effect:")]
        stack = view.get("stack") or []
        if not cancels or not stack:
            return "pass"
        frame = stack[-1]
        timing = TIMING_INDEX.get(str(frame["timing"]), MAIN)
        group = self._group(game, frame["source"]["card"], timing)
        targets = {t["uid"] for t in frame.get("targets", [])}
        mine = {u["uid"]: u for u in me["field"]}
        harm = 0.0
        now = self._battle_now(view)
        for eff in group:
            n = int(eff.get("n", 0) or 0)
            hit_mine = [mine[t] for t in targets if t in mine]
            if eff.op == "destroy":
                harm += max((u["printed"] + 1 for u in hit_mine), default=0) or (3 if frame.get("all") else 0)
            elif eff.op == "weaken":
                harm += (n + 1) if hit_mine and now is not None else 0.5 * n if hit_mine else 0
            elif eff.op in ("strengthen", "onslaught", "ca"):
                harm += (n + 1) if now is not None else 0.5 * n
            elif eff.op == "lose_threads":
                harm += n * (2 if me["threads"] <= n else 1)
            elif eff.op in ("gain_threads", "draw"):
                harm += 0.5 * n
            elif eff.op == "ja":
                harm += 1
        option = min(cancels, key=lambda o: int(o.args[1]))
        cost = int(option.args[1])
        if harm >= cost + 1 and me["threads"] - cost >= 2:
            return option.id
        return "pass"

    # ----- end of the turn ------------------------------------------------------------
    def _fate(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, _ = self._me(view, decision.player)
        picks = [o for o in decision.options if o.id.startswith("select:")]
        if not picks:
            return "skip"
        hand_size = len(me["hand"] or []) + len(me["crisis"])
        low = me["threads"] <= LOW_THREADS
        if not low and hand_size < 6:
            return "skip"
        crisis = {c["uid"] for c in me["crisis"]}

        def key(o: Option) -> tuple[int, int, int]:
            keeper = 1 if self._keeper(game, o.args[0]) and not low else 0
            return (-keeper, 1 if _uid(o) in crisis else 0, int(o.args[1]))

        return max(picks, key=key).id
