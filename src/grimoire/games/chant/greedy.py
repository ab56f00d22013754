"""A one-ply heuristic agent for 詠唱 Chant.

It reads only its seat's view (:mod:`grimoire.games.chant.view`), the options (ids and
arguments) and the public card definitions (``game.pool``). In words:

* C phase: place a forbidden book whenever it can; use C-phase abilities it can afford;
  place hand cards, attackers with good power for their chant value first, while it keeps
  fewer than 5 chanting cards and does not overload without reason (depth at most 1, and
  depth 0 while the opponent has ready attackers); if it places nothing, advance its
  card closest to ready instead; discard its least useful card when the attribute pays
  (advance its own chanting cards, or rewind the opponent's, ready attackers first).
* A phase: activate support cards, then attackers whose attack pays against the best
  counter the opponent could answer with; keep cheap ready cards back when they would
  let it place a forbidden book next turn. The same choice activates C-phase cards in the
  C phase (before placing: an activated card no longer adds to the depth) and end-phase
  cards in the E phase; a card allowed in both the C and the A phase waits for the A phase
  while the opponent's depth would multiply its damage there.
* Counter when the counter's power is at least the attack's, or when the hit is big.
* Underlay: the lowest-value ready cards that satisfy the book.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from grimoire.core.decision import Decision, Option, option_uid, split_option
from grimoire.core.game import Game
from grimoire.core.rng import Chance

BIG_HIT = 4
SAFE_LIFE = 10
ABILITY_MARGIN = 4
MAIN_KINDS = ("chant", "activate", "end_activate")  # decisions whose last option is "end"

Handler = Callable[[Game[Any], dict[str, Any], Decision], "str | None"]


def _uid(option: Option) -> int:
    return option_uid(option.id)


class GreedyChant:
    """The Chant heuristic agent (see the module docstring)."""

    name = "greedy"

    def __init__(self) -> None:
        # per-card figures depend only on the card definitions: computed once per pool
        self._pool: Any = None
        self._values: dict[str, float] = {}
        self._place_scores: dict[str, float] = {}
        self._op_lists: dict[tuple[str, str], list[Any]] = {}
        self._handler_table: dict[str, Handler] | None = None

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        if game.pool is not self._pool:
            self._pool = game.pool
            self._values, self._place_scores, self._op_lists = {}, {}, {}
        if self._handler_table is None:
            self._handler_table = self._handlers()
        handler = self._handler_table.get(decision.kind)
        answer = handler(game, view, decision) if handler is not None else None
        if answer is None or decision.find(answer) is None:
            return decision.options[0].id if decision.kind not in MAIN_KINDS else decision.options[-1].id
        return answer

    def _handlers(self) -> dict[str, Handler]:
        return {
            "chant": self._chant, "discard_mode": self._discard_mode, "underlay": self._underlay,
            "pay_life": self._pay_life, "activate": self._activate, "end_activate": self._activate,
            "counter": self._counter,
            "spend_underlay": self._spend_underlay, "spread": self._spread, "target": self._target,
            "reveal": self._reveal, "pick": self._pick, "discard_cards": self._discard_cards,
        }

    # ----- card knowledge ----------------------------------------------------------
    @staticmethod
    def _card(game: Game[Any], card_id: str) -> Any:
        return game.pool[card_id]

    def _ops(self, game: Game[Any], card_id: str, trigger: str) -> list[Any]:
        key = (card_id, trigger)
        ops = self._op_lists.get(key)
        if ops is None:
            ops = [e for e in self._card(game, card_id).effects if e.on == trigger]
            self._op_lists[key] = ops
        return ops

    def _value(self, game: Game[Any], card_id: str) -> float:
        """How much a library card is worth keeping (attack potential and effects)."""
        worth = self._values.get(card_id)
        if worth is None:
            worth = self._values[card_id] = self._compute_value(game, card_id)
        return worth

    def _compute_value(self, game: Game[Any], card_id: str) -> float:
        d = self._card(game, card_id)
        power = int(d.power or 0)
        worth = power * 1.5 + 0.6 * len(self._ops(game, card_id, "activate"))
        worth += 0.4 * len(self._ops(game, card_id, "static")) + 0.4 * len(self._ops(game, card_id, "c_phase"))
        return worth - 0.15 * int(d.chant)

    def _place_score(self, game: Game[Any], card_id: str) -> float:
        """How good a card is to start chanting now: affordable power first."""
        score = self._place_scores.get(card_id)
        if score is None:
            score = self._place_scores[card_id] = self._compute_place_score(game, card_id)
        return score

    def _compute_place_score(self, game: Game[Any], card_id: str) -> float:
        d = self._card(game, card_id)
        power = int(d.power or 0)
        score = 3.0 * power / (int(d.chant) + 2) + 0.2 * power
        score += 0.5 * len(self._ops(game, card_id, "activate")) + 0.6 * len(self._ops(game, card_id, "static"))
        score += 0.6 * len(self._ops(game, card_id, "c_phase"))
        for eff in self._ops(game, card_id, "chant_start") + self._ops(game, card_id, "activate"):
            if eff.op in ("pay_life", "discard") or (eff.op == "damage" and eff.get("to") in ("self", "both")):
                score -= 0.5 * int(eff.get("n", 1) or 1)
        return score

    # ----- view helpers ------------------------------------------------------------
    @staticmethod
    def _me(view: dict[str, Any], decision: Decision) -> tuple[dict[str, Any], dict[str, Any]]:
        seat = decision.player
        players: list[dict[str, Any]] = view["players"]
        return players[seat], players[1 - seat]

    @staticmethod
    def _area_size(player: dict[str, Any]) -> int:
        return sum(1 + len(e["underlay"]) for e in player["area"])

    @staticmethod
    def _ready_attackers(player: dict[str, Any]) -> list[dict[str, Any]]:
        return [e for e in player["area"] if e["ready"] and (e["power"] or 0) > 0]

    @staticmethod
    def _best_counter(player: dict[str, Any]) -> int | None:
        """The strongest counter ``player`` could make now (None: cannot counter)."""
        if player["depth"] >= 1:
            return None
        ready = [e for e in player["area"] if e["ready"]]
        if not ready:
            return None
        return max(e["power"] or 0 for e in ready)

    def _book_plan(self, game: Game[Any], me: dict[str, Any]) -> tuple[str, list[int]] | None:
        """A forbidden book reachable next C phase, and the ready cards it needs (lowest value)."""
        if not me.get("forbidden"):
            return None
        soon = [e for e in me["area"] if not e["underlay"] and self._card(game, e["card"]).kind == "library"
                and (e["ready"] or e["progress"] + 1 >= e["chant"])]
        best: tuple[float, str, list[int]] | None = None
        for book in me["forbidden"]:
            d = self._card(game, book["card"])
            chosen = self._cheapest_cover(game, [(e["uid"], e["card"], e["chant"]) for e in soon],
                                          d.required or 0, d.chant)
            if chosen is None:
                continue
            worth = (d.power or 0) * 2 + len(d.effects)
            if best is None or worth > best[0]:
                best = (worth, book["card"], chosen)
        return None if best is None else (best[1], best[2])

    def _cheapest_cover(self, game: Game[Any], cards: Sequence[tuple[int, str, int]], count: int,
                        total: int) -> list[int] | None:
        """The lowest-value subset with at least ``count`` cards and chant sum ``total`` (None: none)."""
        if count <= 0 and total <= 0:
            return []
        pool = sorted(cards, key=lambda c: self._value(game, c[1]))[:12]
        if sum(c[2] for c in pool) < total:
            return None  # no subset reaches the chant sum
        best: tuple[float, list[int]] | None = None
        for size in range(max(1, count), len(pool) + 1):
            for combo in combinations(pool, size):
                if sum(c[2] for c in combo) < total:
                    continue
                cost = sum(self._value(game, c[1]) for c in combo)
                if best is None or cost < best[0]:
                    best = (cost, [c[0] for c in combo])
            if best is not None and size >= count + 1:
                break
        return None if best is None else best[1]

    # ----- C phase -----------------------------------------------------------------
    def _chant(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, opp = self._me(view, decision)
        by_kind: dict[str, list[Option]] = {}
        for o in decision.options:
            by_kind.setdefault(split_option(o.id)[0], []).append(o)
        books = by_kind.get("book", [])
        if books:
            return max(books, key=lambda o: ((self._card(game, o.args[0]).power or 0) * 2
                                             + len(self._card(game, o.args[0]).effects))).id
        for o in by_kind.get("ability", []):
            if me["life"] > int(o.args[1]) + ABILITY_MARGIN:
                return o.id
        acts = [o for o in by_kind.get("activate", []) if opp["depth"] < 2
                or not self._card(game, o.args[0]).in_a]
        if acts:
            act = self._pick_activation(game, view, me, opp, acts)
            if act is not None:
                return act
        place = self._pick_place(game, view, me, opp, by_kind.get("place", []))
        if place is not None:
            return place
        advance = self._pick_advance(game, view, by_kind.get("advance", []), me)
        if advance is not None:
            return advance
        discard = self._pick_discard(game, me, opp, by_kind.get("discard", []))
        if discard is not None:
            return discard
        return "end"

    def _pick_place(self, game: Game[Any], view: dict[str, Any], me: dict[str, Any], opp: dict[str, Any],
                    options: list[Option]) -> str | None:
        if not options:
            return None
        if me["chanting"] >= 4:
            return None
        depth_after = max(0, self._area_size(me) + 1 - 5)
        threatened = bool(self._ready_attackers(opp))
        limit = 0 if threatened else 1
        scored = sorted(options, key=lambda o: self._place_score(game, o.args[0]), reverse=True)
        best = scored[0]
        if self._place_score(game, best.args[0]) <= 0:
            return None
        if depth_after > limit:
            # overload only for a card that is ready at once and attacks (it leaves this turn)
            d = self._card(game, best.args[0])
            if not (d.chant == 0 and (d.power or 0) > 0 and depth_after <= 1):
                return None
        if len(me.get("hand") or []) <= 1 and view["turn_flags"].get("discarded") is False and me["chanting"] >= 2:
            return None  # keep one card to discard for tempo
        return best.id

    def _pick_advance(self, game: Game[Any], view: dict[str, Any], options: list[Option],
                      me: dict[str, Any]) -> str | None:
        if not options:
            return None
        own = [o for o in options if int(o.args[1]) == view["seat"] + 1] or options

        def key(o: Option) -> tuple[int, float]:
            left = int(o.args[3]) - int(o.args[2])
            return (-left, self._value(game, o.args[0]))

        return max(own, key=key).id

    def _attribute_gain(self, game: Game[Any], me: dict[str, Any], opp: dict[str, Any], attribute: str
                        ) -> tuple[float, float]:
        """(boost value, hinder value) of discarding a card of ``attribute``."""
        boost = 0.0
        for e in me["area"]:
            if self._card(game, e["card"]).attribute == attribute and not e["ready"]:
                boost += 1.0 + (0.5 if e["progress"] + 1 >= e["chant"] else 0.0) + 0.1 * (e["power"] or 0)
        hinder = 0.0
        for e in opp["area"]:
            if self._card(game, e["card"]).attribute != attribute or e["progress"] <= 0:
                continue
            if e["ready"]:
                hinder += 1.5 + 0.5 * (e["power"] or 0)
            else:
                hinder += 0.8 + (0.4 if e["progress"] + 1 >= e["chant"] else 0.0)
        return boost, hinder

    def _pick_discard(self, game: Game[Any], me: dict[str, Any], opp: dict[str, Any],
                      options: list[Option]) -> str | None:
        best: tuple[float, str] | None = None
        for o in options:
            boost, hinder = self._attribute_gain(game, me, opp, str(o.args[1]))
            gain = max(boost, hinder)
            if gain < 1.0:
                continue
            net = gain - 0.3 * max(0.0, self._value(game, o.args[0]))
            if best is None or net > best[0]:
                best = (net, o.id)
        return None if best is None or best[0] <= 0 else best[1]

    def _discard_mode(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, opp = self._me(view, decision)
        attribute = str(decision.prompt_args[1])
        boost, hinder = self._attribute_gain(game, me, opp, attribute)
        return "hinder" if hinder > boost else "boost"

    def _underlay(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, _ = self._me(view, decision)
        _, picked, picked_sum, required, chant = decision.prompt_args[:5]
        stack = view.get("stack") or []
        taken = set(stack[-1]["regs"]) if stack else set()
        offered = {str(o.args[0]): o.id for o in decision.options if o.id.startswith("under:")}
        cards = [(e["uid"], e["card"], e["chant"]) for e in me["area"]
                 if e["ready"] and not e["underlay"] and e["uid"] not in taken and e["card"] in offered]
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

    def _pay_life(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, opp = self._me(view, decision)
        threat = sum(e["power"] or 0 for e in self._ready_attackers(opp))
        top = len(decision.options) - 1
        k = max(0, min(top, me["life"] - max(SAFE_LIFE, threat + 4)))
        return f"pay:{k}"

    # ----- A phase -----------------------------------------------------------------
    def _activate(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, opp = self._me(view, decision)
        return self._pick_activation(game, view, me, opp, decision.options) or "end"

    def _pick_activation(self, game: Game[Any], view: dict[str, Any], me: dict[str, Any], opp: dict[str, Any],
                         options: Sequence[Option]) -> str | None:
        """The ``activate:`` option worth taking now, if any (support first, then paying attacks)."""
        entries = {e["uid"]: e for e in me["area"]}
        plan = self._book_plan(game, me)
        keep = set(plan[1]) if plan is not None and not self._ready_attackers(opp) else set()
        counter = self._best_counter(opp)
        support: list[tuple[float, str]] = []
        attacks: list[tuple[float, str]] = []
        for o in options:
            if not o.id.startswith("activate:"):
                continue
            e = entries.get(_uid(o))
            if e is None:
                continue
            if e["uid"] in keep and (e["power"] or 0) <= 3:
                continue
            if not self._safe_to_activate(game, e["card"], me):
                continue
            power = e["power"] or 0
            if power <= 0:
                support.append((self._value(game, e["card"]), o.id))
                continue
            if counter is None or power > counter:
                attacks.append((power + 10.0, o.id))
            elif power == counter and power >= 3:
                attacks.append((power, o.id))
            elif me["life"] <= 4 or view["ready_total"] > 10:
                attacks.append((power - 10.0, o.id))
        if support:
            return max(support)[1]
        if attacks:
            return max(attacks)[1]
        return None

    def _safe_to_activate(self, game: Game[Any], card_id: str, me: dict[str, Any]) -> bool:
        cost = 0
        for eff in self._ops(game, card_id, "activate"):
            if eff.op == "pay_life" or (eff.op == "damage" and eff.get("to") in ("self", "both")):
                cost += int(eff.get("n", 0) or 0)
        return cost == 0 or me["life"] > cost * 2 + 1

    def _counter(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, _ = self._me(view, decision)
        attack = int(decision.prompt_args[1]) if len(decision.prompt_args) > 1 else 0
        options = [o for o in decision.options if o.id.startswith("counter:") and int(o.args[1]) > 0]
        if not options:
            return "nocounter"
        enough = [o for o in options if int(o.args[1]) >= attack]
        if enough:
            return min(enough, key=lambda o: (int(o.args[1]), self._value(game, o.args[0]))).id
        if attack >= BIG_HIT or attack >= me["life"]:
            return max(options, key=lambda o: int(o.args[1])).id
        return "nocounter"

    def _spend_underlay(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, _ = self._me(view, decision)
        blank = {b["card"] for b in me["blank"]}
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

    def _spread(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        options = [o for o in decision.options if o.id.startswith("advance:")]
        if not options:
            return "done"
        return max(options, key=lambda o: (-(int(o.args[3]) - int(o.args[2])), self._value(game, o.args[0]))).id

    def _target(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        op = str(decision.prompt_args[1]) if len(decision.prompt_args) > 1 else "advance"
        mine = view["seat"] + 1
        opp_areas = {e["uid"]: e for e in view["players"][1 - view["seat"]]["area"]}

        def advance_key(o: Option) -> tuple[int, int, float]:
            own = 1 if int(o.args[1]) == mine else 0
            left = int(o.args[3]) - int(o.args[2])
            return (own, -left, self._value(game, o.args[0]))

        def rewind_key(o: Option) -> tuple[int, int, float]:
            theirs = 1 if int(o.args[1]) != mine else 0
            e = opp_areas.get(_uid(o))
            ready = 1 if e is not None and e["ready"] else 0
            return (theirs, ready, (e["power"] or 0) if e is not None else 0.0)

        return max(decision.options, key=rewind_key if op == "rewind" else advance_key).id

    def _reveal(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        me, _ = self._me(view, decision)
        if me["shown"]:
            return "done"
        options = [o for o in decision.options if o.id.startswith("reveal:")]
        if not options:
            return "done"
        return max(options, key=lambda o: self._place_score(game, o.args[0])).id

    def _pick(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        return min(decision.options, key=lambda o: self._place_score(game, o.args[0])).id

    def _discard_cards(self, game: Game[Any], view: dict[str, Any], decision: Decision) -> str | None:
        return min(decision.options, key=lambda o: self._value(game, o.args[0])).id

