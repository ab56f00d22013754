"""Search hooks of Toy Race: determinize a view, score a position, play fast."""

from __future__ import annotations

from typing import Any

from grimoire.core.decision import Decision
from grimoire.core.game import Game
from grimoire.core.hidden import KnownDecks, deal, unseen
from grimoire.core.rng import Chance

from .game import ToyState


class ToyHooks:
    """:class:`~grimoire.core.plugin.SearchHooks` of Toy Race."""

    turns = 6

    def determinize(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance,
                    decks: KnownDecks) -> ToyState:
        seat = decision.player
        players = view["players"]
        libs: list[list[str]] = [[], []]
        hands: list[list[str]] = [[], []]
        for s in (0, 1):
            p = players[s]
            full = decks.cards(s, "library") or []
            seen = list(p["played"]) + (list(p["hand"]) if s == seat else [])
            rest = unseen(full, seen)
            if s == seat:
                hands[s] = list(p["hand"])
                libs[s] = deal(rest, [len(rest)], chance)[0]
            else:
                hand, lib = deal(rest, [p["hand_count"], p["library_count"]], chance)
                hands[s], libs[s] = hand, lib
        return ToyState(libs, hands, [p["pos"] for p in players], [list(p["played"]) for p in players],
                        view["turn_player"], view["first_player"], view["turn"],
                        decision.player if decision.kind == "trip" else -1, None, "",
                        Chance.seeded(chance.next64()), view["goal"], view["turn_limit"])

    def evaluate(self, game: Game[Any], state: Any, seat: int) -> float:
        lead = int(state.pos[seat] - state.pos[1 - seat])
        return 0.5 + max(-0.45, min(0.45, lead / 20))

    def playout(self, game: Game[Any], state: Any, decision: Decision, chance: Chance) -> str:
        plays = [o for o in decision.options if o.id.startswith("play:")]
        if plays:
            return max(plays, key=lambda o: game.pool[o.args[0]].value).id
        return decision.options[-1].id


HOOKS = ToyHooks()
