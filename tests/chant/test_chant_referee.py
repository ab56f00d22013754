"""An independent referee: random games checked against the rulings, clause by clause.

The referee recomputes from the plain state, without the engine's rule helpers, what
docs/rules/chant.md allows at every decision (options of the C and A phases, the counter,
the underlay) and what every damage must be; it also checks that no view shows the uid of
a card its seat cannot see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from chant_helpers import GAME

from grimoire.core.decision import Decision, Event
from grimoire.core.game import Setup
from grimoire.core.rng import Chance
from grimoire.games.chant.state import ChantState

DECKS = [GAME.cards.starter_deck(name) for name in sorted(GAME.cards.starter_decks())]
GAMES = 80

Check = Callable[[ChantState, Decision], None]


def _depth(s: ChantState, p: int) -> int:
    n = sum(1 + len(s.under.get(u, ())) for u in s.players[p].area)
    return max(0, n - 5)


def _chanting(s: ChantState, p: int) -> int:
    return sum(1 for u in s.players[p].area if s.progress[u] < s.defs[u].chant)


def _ready(s: ChantState, p: int) -> list[int]:
    return [u for u in s.players[p].area if s.progress[u] >= s.defs[u].chant]


def _times(n: int, depth: int) -> int:
    return n if depth <= 1 else (n * 3 // 2 if depth == 2 else n * 2)


def games(check: Check, after: Callable[[ChantState, list[Event]], None] | None = None) -> Iterator[int]:
    """Play seeded random games (every third with the exclusive variant), checking each decision."""
    for seed in range(GAMES):
        options = GAME.options({"exclusive_placement": seed % 3 == 0})
        s = GAME.new_state(Setup((DECKS[seed % 4], DECKS[(seed // 4) % 4]), options, seed=seed))
        chooser = Chance.seeded(seed)
        while (d := GAME.decision(s)) is not None:
            check(s, d)
            ev = GAME.apply(s, d.options[chooser.below(len(d.options))].id)
            if after is not None:
                after(s, ev)
        yield seed


def test_rule_3_2_c_phase_options_follow_the_rulings() -> None:
    def check(s: ChantState, d: Decision) -> None:
        if d.kind != "chant":
            return
        p, pl, opts = s.active, s.players[s.active], set(d.ids())
        can = _chanting(s, p) < 5 and not s.advanced  # 3.2.1 cap, 3.2.3 no placing after advancing
        places = {o for o in opts if o.startswith("place:")}
        assert bool(places) == (can and bool(pl.hand) and not (s.exclusive and s.book_placed))
        advances = {o for o in opts if o.startswith("advance:")}
        expected = {f"advance:{u}" for u in pl.area if s.progress[u] < s.defs[u].chant}
        assert advances == (set() if s.placed or s.book_placed or s.advanced else expected)
        ready = [u for u in _ready(s, p) if s.defs[u].kind == "library"]
        for b in pl.forbidden:
            book = s.defs[b]
            ok = (can and not s.book_placed and not (s.exclusive and s.placed)
                  and len(ready) >= (book.required or 0) and sum(s.defs[u].chant for u in ready) >= book.chant)
            assert (f"book:{b}" in opts) == ok
        assert any(o.startswith("discard:") for o in opts) == (not s.discarded and bool(pl.hand))

    assert sum(1 for _ in games(check)) == GAMES


def test_rule_3_2_2_underlay_done_only_with_the_required_number_and_chant_sum() -> None:
    def check(s: ChantState, d: Decision) -> None:
        if d.kind != "underlay":
            return
        f = s.stack[-1]
        book = s.defs[f.source]
        valid = len(f.regs) >= (book.required or 0) and sum(s.defs[u].chant for u in f.regs) >= book.chant
        assert ("done" in d.ids()) == valid

    assert sum(1 for _ in games(check)) == GAMES


def test_rule_5_1_2_a_phase_offers_each_ready_card_once_per_turn() -> None:
    activated: dict[tuple[int, int], set[int]] = {}  # (game, turn) -> uids activated by the turn player

    def check(s: ChantState, d: Decision) -> None:
        if d.kind != "activate":
            return
        done = activated.setdefault((id(s), s.turn), set())
        # 3.4: only cards whose printed timing names the A phase are offered there
        expected = {f"activate:{u}" for u in _ready(s, s.active)
                    if u not in done and s.defs[u].timing in ("a_phase", "a_and_c_phase")}
        assert set(d.ids()) - {"end"} == expected

    def after(s: ChantState, ev: list[Event]) -> None:
        for e in ev:
            if e.kind == "activate" and e.player == s.active:
                activated.setdefault((id(s), s.turn), set()).add(int(e.args[1]))

    for _ in games(check, after):
        activated.clear()


def test_rule_5_3_2_counter_offered_only_at_depth_0() -> None:
    def check(s: ChantState, d: Decision) -> None:
        if d.kind == "counter":
            assert _depth(s, d.player) == 0 and d.player != s.active
            assert set(d.ids()) == {f"counter:{u}" for u in _ready(s, d.player)} | {"nocounter"}

    assert sum(1 for _ in games(check)) == GAMES


def _size(s: ChantState, p: int) -> int:
    return sum(1 + len(s.under.get(u, ())) for u in s.players[p].area)


#: how each event changes its player's chant-area size (cards, underlay included)
_SIZE_CHANGE = {"place": 1, "tutor_place": 1, "book": 1, "leave": -1, "to_blank": -1}


def test_rule_5_5_1_every_damage_is_multiplied_by_the_depth_at_that_moment() -> None:
    """Each damage event's total is the amount times the multiplier of the damaged player's
    depth at that moment — tracked by the referee from the area sizes before the step and the
    events that add or remove cards since; the runaway's damage uses the depth noted when its
    coin showed tails (6.3.1). Damage taken in the C or E phase is not multiplied (5.5.2)."""
    sizes: list[int] = [0, 0]
    damages = 0
    phase = ["C"]

    def check(s: ChantState, d: Decision) -> None:
        sizes[0], sizes[1] = _size(s, 0), _size(s, 1)
        phase[0] = "A" if s.phase.name in ("A", "R") else s.phase.name

    def after(s: ChantState, ev: list[Event]) -> None:
        nonlocal damages
        noted: list[int] | None = None
        runaway = False
        for e in ev:
            sizes[e.player] += _SIZE_CHANGE.get(e.kind, 0)
            if e.kind == "phase":
                phase[0] = e.args[0]
            if e.kind == "damage" and phase[0] != "A":
                assert e.args[1:3] == ("x1", e.args[0]), (e, phase)
                damages += 1
            elif e.kind == "runaway" and e.args[1] == "tails":
                noted = [max(0, n - 5) for n in sizes]
            elif e.kind == "runaway_damage":
                runaway = True
            elif e.kind == "damage":
                amount, total = e.args[0], e.args[2]
                depth = noted[e.player] if runaway and noted is not None else max(0, sizes[e.player] - 5)
                assert total == _times(amount, depth), (e, sizes, noted)
                damages += 1
            elif e.kind not in ("damage",):
                runaway = runaway and e.kind in ("damage", "game_won", "game_drawn")

    assert sum(1 for _ in games(check, after)) == GAMES
    assert damages > 500


def _uids(data: Any, out: list[tuple[str, int]], path: str = "") -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "uid":
                out.append((path, int(value)))
            else:
                _uids(value, out, f"{path}/{key}")
    elif isinstance(data, list):
        for item in data:
            _uids(item, out, path)


def test_rule_1_4_views_show_no_uid_of_a_card_hidden_from_the_seat() -> None:
    def check(s: ChantState, d: Decision) -> None:
        for seat in (0, 1, None):
            hidden = set(s.players[0].library) | set(s.players[1].library)
            for p in (0, 1):
                if seat != p:
                    hidden |= set(s.players[p].hand) | set(s.players[p].forbidden)
            found: list[tuple[str, int]] = []
            _uids(GAME.view(s, seat), found)
            assert not [x for x in found if x[1] in hidden], (seat, found)

    assert sum(1 for _ in games(check)) == GAMES
