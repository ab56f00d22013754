"""The rules of Toy Race on Grimoire's engine core (see the package README).

>>> game = ToyGame()
>>> deck = game.cards.starter_deck("steady")
>>> state = game.new_state(Setup((deck, deck), game.options(), seed=3))
>>> d = game.decision(state)
>>> d is not None and d.player in (0, 1) and d.ids()[-1] == "draw"
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from grimoire.core.cardset import CardSet
from grimoire.core.content import Localized
from grimoire.core.decision import Decision, Event, Option, Outcome, split_option
from grimoire.core.decks import DeckRules, Section
from grimoire.core.errors import NotationError
from grimoire.core.events import EventSchema
from grimoire.core.game import Game, Setup
from grimoire.core.i18n import Catalog, Texts
from grimoire.core.options import OptionSpec
from grimoire.core.pool import CardPool
from grimoire.core.rng import Chance

DATA = Path(__file__).resolve().parent / "data"


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

#: the rule of the README's numbered rules that produces each event (see grimoire.core.why)
RULES = {"first": "1", "draw": "2", "play": "3", "trip": "4", "pass": "2", "game_won": "5", "game_drawn": "6"}

#: the rule each decision applies (the web table links its prompt to the rules page)
RULE_OF_DECISION = {"turn": "2", "trip": "4"}

#: every kind of event and of decision, and every option id's prefix, declared once: mypy refuses a kind or
#: prefix not listed here where an event, decision or option is made (docs/protocol.md 3.7, 5.3.2); a test
#: checks that EVENTS names the same kinds
ToyEventKind = Literal["first", "draw", "play", "trip", "pass", "game_won", "game_drawn"]
ToyDecisionKind = Literal["turn", "trip"]
ToyOptionPrefix = Literal["trip", "no_trip", "play", "draw", "pass"]
ToyEvent = Event[ToyEventKind]
ToyDecision = Decision[ToyDecisionKind]


def option_id(prefix: ToyOptionPrefix, card: str) -> str:
    """The option id ``<prefix>:<card>``: typed, so that mypy refuses a prefix not in ``ToyOptionPrefix``."""
    return f"{prefix}:{card}"


EVENTS = EventSchema({
    "first": (),
    "draw": ("card",),
    "play": ("card", "position"),
    "trip": ("card",),
    "pass": (),
    "game_won": ("reason",),
    "game_drawn": ("reason",),
}, RULES)

MESSAGES: dict[str, dict[str, str]] = {
    "opt.play": {"ja": "{c0}を出す", "en": "Play {c0}"},
    "opt.draw": {"ja": "1枚引く", "en": "Draw a card"},
    "opt.pass": {"ja": "パス", "en": "Pass"},
    "opt.trip": {"ja": "{c0}を捨てて足止めする", "en": "Discard {c0} to trip"},
    "opt.no_trip": {"ja": "足止めしない", "en": "Do not trip"},
    "ask.turn": {"ja": "あなたの手番です", "en": "Your turn"},
    "ask.trip": {"ja": "相手が3進みました。足止めしますか？", "en": "The opponent moved 3. Trip them?"},
    "ev.first": {"ja": "P{player}が先攻", "en": "P{player} goes first"},
    "ev.draw": {"ja": "P{player}が{card}を引いた", "en": "P{player} drew {card}"},
    "ev.draw.hidden": {"ja": "P{player}が1枚引いた", "en": "P{player} drew a card"},
    "ev.play": {"ja": "P{player}が{card}で{position}へ進んだ", "en": "P{player} played {card} and moved to {position}"},
    "ev.trip": {"ja": "P{player}が{card}で足止め", "en": "P{player} tripped with {card}"},
    "ev.pass": {"ja": "P{player}はパス", "en": "P{player} passes"},
    "ev.game_won": {"ja": "P{player}の勝ち（{reason}）", "en": "P{player} wins ({reason})"},
    "ev.game_drawn": {"ja": "引き分け（{reason}）", "en": "A draw ({reason})"},
    "why.first": {"ja": "先攻はコイントスかオプションで決まる",
                  "en": "a coin toss or the option decides who goes first"},
    "why.draw": {"ja": "出さずに1枚引く、または出した後に1枚引く",
                 "en": "a card is drawn instead of playing, or after a play"},
    "why.play": {"ja": "カードの値だけ進む：{position}へ", "en": "the card's value moves its player: to {position}"},
    "why.trip": {"ja": "値3の直後、値1のカードを捨てて1戻す",
                 "en": "after a value-3 play, a value-1 card sends the mover back 1"},
    "why.pass": {"ja": "出せず引けないときはパス", "en": "a player who can neither play nor draw passes"},
    "why.game_won": {"ja": "ゴールに最初に着いた", "en": "first to reach the goal"},
    "why.game_drawn": {"ja": "ターン上限まで誰もゴールしなかった", "en": "nobody reached the goal by the turn limit"},
    "ui.stat.value": {"ja": "歩", "en": "S"},  # the number on a card in the browser
    # the browser's names of the view's fields (ui.field.<key>: render.js and the generic table read them)
    "ui.field.pos": {"ja": "位置", "en": "Position"},
    "ui.field.goal": {"ja": "ゴール", "en": "Goal"},
    "ui.field.hand": {"ja": "手札", "en": "Hand"},
    "ui.field.hand_count": {"ja": "手札の枚数", "en": "Cards in hand"},
    "ui.field.library_count": {"ja": "書庫", "en": "Library"},
    "ui.field.played": {"ja": "出したカード", "en": "Played"},
    "ui.field.turn": {"ja": "ターン", "en": "Turn"},
    "ui.field.turn_player": {"ja": "手番のプレイヤー", "en": "Player to move"},
    "ui.field.turn_limit": {"ja": "ターン上限", "en": "Turn limit"},
    "ui.field.first_player": {"ja": "先攻", "en": "First player"},
}
TERMS = {"goal": ("ゴール", "goal"), "turn_limit": ("ターン上限", "turn limit")}


class ToyState:
    """Plain-data state of Toy Race; a library's top card is its last element.

    Each field is declared once, on one line; ``python -m grimoire.core.fields`` writes the
    constructors, ``clone``, ``to_json``, ``from_json`` and ``==`` below from these lines.
    """

    # fields:
    library: list[list[str]]
    hand: list[list[str]]
    pos: list[int]
    played: list[list[str]]
    turn_player: int
    first_player: int
    turn: int  # = 1
    trip_pending: int  # = -1
    winner: int | None  # = None
    reason: str  # = ""
    chance: Chance
    goal: int  # = 10
    turn_limit: int  # = 60

    # <generated by grimoire.core.fields>
    __slots__ = (
            "chance", "first_player", "goal", "hand", "library", "played", "pos", "reason", "trip_pending", "turn",
            "turn_limit", "turn_player", "winner")

    def __init__(  # noqa: PLR0913 — one parameter per declared field
            self, library: list[list[str]], hand: list[list[str]], pos: list[int], played: list[list[str]],
            turn_player: int, first_player: int, turn: int, trip_pending: int, winner: int | None, reason: str,
            chance: Chance, goal: int = 10, turn_limit: int = 60) -> None:
        self.library = library
        self.hand = hand
        self.pos = pos
        self.played = played
        self.turn_player = turn_player
        self.first_player = first_player
        self.turn = turn
        self.trip_pending = trip_pending
        self.winner = winner
        self.reason = reason
        self.chance = chance
        self.goal = goal
        self.turn_limit = turn_limit

    @classmethod
    def new(
            cls, library: list[list[str]], hand: list[list[str]], pos: list[int], played: list[list[str]],
            turn_player: int, first_player: int, chance: Chance) -> ToyState:
        """A ToyState with these values and every other field at its default."""
        return cls(library, hand, pos, played, turn_player, first_player, 1, -1, None, "", chance, 10, 60)

    def clone(self) -> ToyState:
        """An equal, independent copy."""
        return ToyState(
            [x[:] for x in self.library], [x[:] for x in self.hand], self.pos[:], [x[:] for x in self.played],
            self.turn_player, self.first_player, self.turn, self.trip_pending, self.winner, self.reason,
            self.chance.clone(), self.goal, self.turn_limit)

    def to_json(self) -> dict[str, Any]:
        return {
            "library": [x[:] for x in self.library], "hand": [x[:] for x in self.hand], "pos": self.pos[:],
            "played": [x[:] for x in self.played], "turn_player": self.turn_player, "first_player": self.first_player,
            "turn": self.turn, "trip_pending": self.trip_pending, "winner": self.winner, "reason": self.reason,
            "chance": self.chance.to_json(), "goal": self.goal, "turn_limit": self.turn_limit}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ToyState:
        """Inverse of :meth:`to_json`."""
        library: list[list[str]] = [[str(y) for y in x] for x in data["library"]]
        hand: list[list[str]] = [[str(y) for y in x] for x in data["hand"]]
        pos: list[int] = [int(x) for x in data["pos"]]
        played: list[list[str]] = [[str(y) for y in x] for x in data["played"]]
        turn_player: int = int(data["turn_player"])
        first_player: int = int(data["first_player"])
        turn: int = int(data["turn"])
        trip_pending: int = int(data["trip_pending"])
        winner: int | None = (
            None if "winner" not in data else None if data["winner"] is None else int(data["winner"]))
        reason: str = str(data["reason"])
        chance: Chance = Chance.from_json(data["chance"])
        goal: int = int(data["goal"])
        turn_limit: int = int(data["turn_limit"])
        return cls(
            library, hand, pos, played, turn_player, first_player, turn, trip_pending, winner, reason, chance, goal,
            turn_limit)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ToyState) and self.library == other.library and self.hand == other.hand and
            self.pos == other.pos and self.played == other.played and self.turn_player == other.turn_player and
            self.first_player == other.first_player and self.turn == other.turn and
            self.trip_pending == other.trip_pending and self.winner == other.winner and self.reason == other.reason and
            self.chance == other.chance and self.goal == other.goal and self.turn_limit == other.turn_limit)
    # </generated>


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
    max_steps = 1_000
    events = EVENTS

    def __init__(self, card_paths: Sequence[str | Path] = (),
                 tables: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        pool: CardPool[StepCard] = CardPool(CARDS, tables={c.id: {"id": c.id, "value": c.value} for c in CARDS})
        rules = DeckRules((Section("library", ("書庫",), exact=12, max_copies=6, kinds=("library",)),))
        self.cards = CardSet(pool, rules, DATA / "decks")
        self.text = Texts(Catalog(MESSAGES, TERMS), pool, EVENTS)

    # ----- set-up --------------------------------------------------------------
    def new_state(self, setup: Setup, events: list[ToyEvent] | None = None) -> ToyState:
        opts = self.options(setup.options)
        chance = setup.make_chance()
        libraries = [list(setup.decks[0].sections.get("library", [])), list(setup.decks[1].sections.get("library", []))]
        for lib in libraries:
            chance.shuffle(lib)
        fp = opts["first_player"]
        first = int(fp) if fp in ("0", "1") else (0 if chance.coin() else 1)
        state = ToyState.new(libraries, [[], []], [0, 0], [[], []], first, first, chance)
        state.goal, state.turn_limit = opts["goal"], opts["turn_limit"]
        out = events if events is not None else []
        out.append(Event("first", first))
        for seat in (0, 1):
            for _ in range(3):
                self._draw(state, seat, out)
        return state

    def _draw(self, state: ToyState, seat: int, events: list[ToyEvent]) -> None:
        if state.library[seat]:
            card = state.library[seat].pop()
            state.hand[seat].append(card)
            events.append(Event("draw", seat, (card,), seat))

    # ----- the state machine -------------------------------------------------
    def decision(self, state: ToyState) -> ToyDecision | None:
        if state.winner is not None or state.reason:
            return None
        if state.trip_pending >= 0:
            seat = state.trip_pending
            # an option's argument is a card id (docs/protocol.md 3.2): copies of a card are alike
            opts = [Option(option_id("trip", c), "opt.trip", (c,)) for c in sorted(set(state.hand[seat]))
                    if self.pool[c].value == 1]
            return Decision(seat, "trip", (*opts, Option("no_trip", "opt.no_trip")))
        seat = state.turn_player
        options = [Option(option_id("play", c), "opt.play", (c,)) for c in sorted(set(state.hand[seat]))]
        options.append(Option("draw", "opt.draw") if state.library[seat] else Option("pass", "opt.pass"))
        return Decision(seat, "turn", tuple(options))

    def apply_unchecked(self, state: ToyState, option_id: str, events: list[ToyEvent]) -> None:
        if state.trip_pending >= 0:
            seat = state.trip_pending
            state.trip_pending = -1
            if option_id.startswith("trip:"):
                card = split_option(option_id)[1]
                state.hand[seat].remove(card)
                state.played[seat].append(card)
                mover = 1 - seat
                state.pos[mover] = max(0, state.pos[mover] - 1)
                events.append(Event("trip", seat, (card,)))
            self._end_turn(state, events)
            return
        seat = state.turn_player
        if option_id.startswith("play:"):
            card = split_option(option_id)[1]
            state.hand[seat].remove(card)
            state.played[seat].append(card)
            value = self.pool[card].value
            state.pos[seat] += value
            events.append(Event("play", seat, (card, state.pos[seat])))
            if state.pos[seat] >= state.goal:
                state.winner = seat
                state.reason = "goal"
                events.append(Event("game_won", seat, ("goal",)))
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

    def _end_turn(self, state: ToyState, events: list[ToyEvent]) -> None:
        if state.turn >= state.turn_limit:
            state.reason = "turn_limit"
            events.append(Event("game_drawn", state.turn_player, ("turn_limit",)))
            return
        state.turn += 1
        state.turn_player = 1 - state.turn_player

    def settle(self, state: ToyState) -> list[ToyEvent]:
        return []  # every Toy Race state waits on a decision

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.winner is None and not state.reason:
            return None
        return Outcome(state.winner, state.reason)

    def turn_number(self, state: ToyState) -> int:
        return state.turn

    def first_player(self, state: ToyState) -> int | None:
        return state.first_player

    def chance(self, state: ToyState) -> Chance:
        return state.chance

    # ----- plain data ----------------------------------------------------------
    def clone(self, state: ToyState) -> ToyState:
        return state.clone()

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState.from_json(data)

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        players = []
        for s in (0, 1):
            players.append({
                "pos": state.pos[s], "hand_count": len(state.hand[s]), "library_count": len(state.library[s]),
                "hand": list(state.hand[s]) if s == seat else None, "played": list(state.played[s]),
            })
        return {"game": "toy", "seat": seat, "turn": state.turn, "turn_player": state.turn_player,
                "goal": state.goal, "turn_limit": state.turn_limit, "first_player": state.first_player,
                "players": players}

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
