"""A tiny race game on the engine core, used to test generic code (agents, sim, CLI, core).

Rules of "Toy Race" (トイ・レース):

* Each player has a 12-card library of step cards (value 1–3), shuffled, and draws 3.
  Hands are hidden, library order is hidden from both.
* A coin toss (the state's chance) decides the first player; ``first_player`` option
  ``coin``/``0``/``1`` overrides it.
* On their turn a player either plays a hand card (moving forward by its value, then
  drawing 1 if they can) or draws 1 card. A player who must draw from an empty library
  and has an empty hand passes instead.
* After a play of value 3 the opponent may answer with a "trip": discard a value-1 card
  to push the mover back by 1 (an opponent decision in the middle of a turn).
* The first player to reach ``goal`` (default 10) wins; after ``turn_limit`` turns in
  all it is a draw.

>>> game = ToyGame()
>>> deck = game.starter_deck("steady")
>>> state = game.new_state(Setup((deck, deck), game.options(), seed=3))
>>> d = game.decision(state)
>>> d is not None and d.player in (0, 1) and d.ids()[-1] == "draw"
True
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grimoire.core import registry
from grimoire.core.content import Localized
from grimoire.core.decision import Decision, Event, Option, Outcome
from grimoire.core.decks import DeckRules, Section
from grimoire.core.errors import NotationError
from grimoire.core.game import Game, Setup
from grimoire.core.i18n import Catalog
from grimoire.core.options import OptionSpec
from grimoire.core.pool import CardPool
from grimoire.core.rng import Chance


@dataclass(frozen=True)
class StepCard:
    """A step card: moves its player forward by ``value``."""

    id: str
    name: Localized
    value: int
    kind: str = "library"
    text: Localized = field(default_factory=lambda: Localized("", ""))


CARDS = (
    StepCard("step1", Localized("一歩", "One Step"), 1, text=Localized("1進む。", "Move 1.")),
    StepCard("step2", Localized("二歩", "Two Steps"), 2, text=Localized("2進む。", "Move 2.")),
    StepCard("step3", Localized("三歩", "Three Steps"), 3, text=Localized("3進む。", "Move 3.")),
)

STARTERS = {
    "steady": "name: 堅実 / Steady\n[library]\n4 step1\n4 step2\n4 step3\n",
    "bold": "name: 大胆 / Bold\n[library]\n2 step1\n4 step2\n6 step3\n",
}

MESSAGES: dict[str, dict[str, str]] = {
    "opt.play": {"ja": "{c0}を出す", "en": "Play {c0}"},
    "opt.draw": {"ja": "1枚引く", "en": "Draw a card"},
    "opt.pass": {"ja": "パス", "en": "Pass"},
    "opt.trip": {"ja": "{c0}を捨てて足止めする", "en": "Discard {c0} to trip"},
    "opt.no_trip": {"ja": "足止めしない", "en": "Do not trip"},
    "ask.turn": {"ja": "あなたの手番です", "en": "Your turn"},
    "ask.trip": {"ja": "相手が3進みました。足止めしますか？", "en": "The opponent moved 3. Trip them?"},
    "ev.first": {"ja": "P{0}が先攻", "en": "P{0} goes first"},
    "ev.draw": {"ja": "P{0}が{c1}を引いた", "en": "P{0} drew {c1}"},
    "ev.draw_hidden": {"ja": "P{0}が1枚引いた", "en": "P{0} drew a card"},
    "ev.play": {"ja": "P{0}が{c1}で{2}へ進んだ", "en": "P{0} played {c1} and moved to {2}"},
    "ev.trip": {"ja": "P{0}が{c1}で足止め", "en": "P{0} tripped with {c1}"},
    "ev.pass": {"ja": "P{0}はパス", "en": "P{0} passes"},
    "ev.win": {"ja": "P{0}の勝ち", "en": "P{0} wins"},
}


@dataclass
class ToyState:
    """Plain-data state of Toy Race."""

    library: list[list[str]]
    hand: list[list[str]]
    pos: list[int]
    played: list[list[str]]
    turn_player: int
    first_player: int
    turn: int = 1
    trip_pending: int = -1  # seat that may trip, or -1
    winner: int | None = None
    reason: str = ""
    chance: Chance = field(default_factory=Chance)
    goal: int = 10
    turn_limit: int = 60


class ToyGame(Game[ToyState]):
    """Toy Race: a two-player race with hidden hands (see the module docstring)."""

    name = "toy"
    version = "1"
    title = Localized("トイ・レース", "Toy Race")
    option_specs = (
        OptionSpec("first_player", "coin", "Who goes first", choices=("coin", "0", "1")),
        OptionSpec("goal", 10, "Steps needed to win", minimum=1),
        OptionSpec("turn_limit", 60, "Turns before a draw", minimum=1),
    )
    deck_rules = DeckRules((Section("library", ("書庫",), exact=12, max_copies=6, kinds=("library",)),))

    def __init__(self, card_paths: Sequence[str | Path] = (), tables: Mapping[str, Mapping[str, Any]] | None = None
                 ) -> None:
        self.catalog = Catalog(MESSAGES)
        self.pool = CardPool(CARDS, tables={c.id: {"id": c.id, "value": c.value} for c in CARDS})

    # ----- set-up --------------------------------------------------------------
    def new_state(self, setup: Setup, events: list[Event] | None = None) -> ToyState:
        opts = self.options(setup.options)
        chance = setup.make_chance()
        libraries = [list(setup.decks[0].sections.get("library", [])), list(setup.decks[1].sections.get("library", []))]
        for lib in libraries:
            chance.shuffle(lib)
        fp = opts["first_player"]
        first = int(fp) if fp in ("0", "1") else (0 if chance.coin() else 1)
        state = ToyState(libraries, [[], []], [0, 0], [[], []], first, first, chance=chance, goal=opts["goal"],
                         turn_limit=opts["turn_limit"])
        out = events if events is not None else []
        out.append(Event("first", first))
        for seat in (0, 1):
            for _ in range(3):
                self._draw(state, seat, out)
        return state

    def _draw(self, state: ToyState, seat: int, events: list[Event]) -> None:
        if state.library[seat]:
            card = state.library[seat].pop()
            state.hand[seat].append(card)
            events.append(Event("draw", seat, (card,), seat))

    # ----- the state machine -------------------------------------------------
    def decision(self, state: ToyState) -> Decision | None:
        if state.winner is not None or state.reason:
            return None
        if state.trip_pending >= 0:
            seat = state.trip_pending
            opts = [Option(f"trip:{i}", "opt.trip", (c,)) for i, c in enumerate(state.hand[seat])
                    if self.pool[c].value == 1]
            return Decision(seat, "trip", (*opts, Option("no_trip", "opt.no_trip")))
        seat = state.turn_player
        options = [Option(f"play:{i}", "opt.play", (c,)) for i, c in enumerate(state.hand[seat])]
        options.append(Option("draw", "opt.draw") if state.library[seat] else Option("pass", "opt.pass"))
        return Decision(seat, "turn", tuple(options))

    def apply_unchecked(self, state: ToyState, option_id: str, events: list[Event]) -> None:
        if state.trip_pending >= 0:
            seat = state.trip_pending
            state.trip_pending = -1
            if option_id.startswith("trip:"):
                card = state.hand[seat].pop(int(option_id[5:]))
                state.played[seat].append(card)
                mover = 1 - seat
                state.pos[mover] = max(0, state.pos[mover] - 1)
                events.append(Event("trip", seat, (card,)))
            self._end_turn(state, events)
            return
        seat = state.turn_player
        if option_id.startswith("play:"):
            card = state.hand[seat].pop(int(option_id[5:]))
            state.played[seat].append(card)
            value = self.pool[card].value
            state.pos[seat] += value
            events.append(Event("play", seat, (card, state.pos[seat])))
            if state.pos[seat] >= state.goal:
                state.winner = seat
                state.reason = "goal"
                events.append(Event("win", seat))
                return
            self._draw(state, seat, events)
            if value == 3 and any(self.pool[c].value == 1 for c in state.hand[1 - seat]):
                state.trip_pending = 1 - seat
                return
        elif option_id == "draw":
            self._draw(state, seat, events)
        else:
            events.append(Event("pass", seat))
        self._end_turn(state, events)

    def _end_turn(self, state: ToyState, events: list[Event]) -> None:
        if state.turn >= state.turn_limit:
            state.reason = "turn_limit"
            return
        state.turn += 1
        state.turn_player = 1 - state.turn_player

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.winner is None and not state.reason:
            return None
        return Outcome(state.winner, state.reason)

    # ----- plain data ----------------------------------------------------------
    def clone(self, state: ToyState) -> ToyState:
        return self.from_json(self.to_json(state))

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {
            "library": [list(x) for x in state.library], "hand": [list(x) for x in state.hand],
            "pos": list(state.pos), "played": [list(x) for x in state.played],
            "turn_player": state.turn_player, "first_player": state.first_player,
            "turn": state.turn, "trip_pending": state.trip_pending, "winner": state.winner, "reason": state.reason,
            "chance": state.chance.to_json(), "goal": state.goal, "turn_limit": state.turn_limit,
        }

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState([list(x) for x in data["library"]], [list(x) for x in data["hand"]], list(data["pos"]),
                        [list(x) for x in data["played"]], int(data["turn_player"]), int(data["first_player"]),
                        int(data["turn"]),
                        int(data["trip_pending"]), data["winner"], str(data["reason"]),
                        Chance.from_json(dict(data["chance"])), int(data["goal"]), int(data["turn_limit"]))

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        players = []
        for s in (0, 1):
            players.append({
                "pos": state.pos[s], "hand_count": len(state.hand[s]), "library_count": len(state.library[s]),
                "hand": list(state.hand[s]) if s == seat else None, "played": list(state.played[s]),
            })
        return {"seat": seat, "turn": state.turn, "turn_player": state.turn_player, "goal": state.goal,
                "first_player": state.first_player, "players": players}

    def resample_hidden(self, state: ToyState, seat: int, chance: Chance) -> ToyState:
        other = self.clone(state)
        for s in (0, 1):
            pool = list(other.library[s]) if s == seat else list(other.library[s]) + list(other.hand[s])
            chance.shuffle(pool)
            if s != seat:
                n = len(other.hand[s])
                other.hand[s] = pool[:n]
                other.library[s] = pool[n:]
            else:
                other.library[s] = pool
        return other

    def card_total(self, state: ToyState) -> int:
        return sum(len(x) for x in state.library) + sum(len(x) for x in state.hand) + sum(len(x) for x in state.played)

    def encode_position(self, state: ToyState) -> str:
        return json.dumps(self.to_json(state), sort_keys=True)

    def decode_position(self, text: str) -> ToyState:
        try:
            return self.from_json(json.loads(text))
        except (ValueError, KeyError, TypeError) as exc:
            raise NotationError(f"not a toy position: {exc}") from None

    def turn_number(self, state: ToyState) -> int:
        return state.turn

    def starter_decks(self) -> dict[str, Path]:
        folder = Path(tempfile.gettempdir()) / "grimoire-toy-decks"
        folder.mkdir(parents=True, exist_ok=True)
        out = {}
        for name, text in STARTERS.items():
            path = folder / f"{name}.txt"
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
            out[name] = path
        return out


class ToyGreedy:
    """Toy Race's greedy agent: plays its biggest step, trips whenever it can."""

    name = "greedy"

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        if decision.kind == "trip":
            return decision.options[0].id
        plays = [o for o in decision.options if o.id.startswith("play:")]
        if not plays:
            return decision.options[-1].id
        return max(plays, key=lambda o: game.pool[o.args[0]].value).id


def register() -> None:
    """Make ``load_game("toy")`` and the toy greedy agent work (tests call this)."""
    from grimoire.ai import registry as agents

    here = str(Path(__file__).resolve().parent)
    if here not in sys.path:
        sys.path.insert(0, here)
    registry.GAMES.setdefault("toy", "toy_game:ToyGame")
    agents.GREEDY.setdefault("toy", "toy_game:ToyGreedy")


def unregister() -> None:
    """Undo :func:`register`, so the registries list only the real games again."""
    from grimoire.ai import registry as agents

    if registry.GAMES.get("toy") == "toy_game:ToyGame":
        del registry.GAMES["toy"]
    if agents.GREEDY.get("toy") == "toy_game:ToyGreedy":
        del agents.GREEDY["toy"]
