"""What each card did (issue 35 item 2): placements, activations, effects fired, damage, turn of play,
forbidden books placed, flags for a card or effect that never mattered, association flags only beside
their swaps, and sample game records."""

from pathlib import Path
from typing import Any

from grimoire.balance.cardstats import CardTracker, card_events_of, card_stats, gate_associations
from grimoire.balance.collect import GameStats
from grimoire.balance.report import balance
from grimoire.balance.swaps import Arm, SwapPlan, summarize_swaps
from grimoire.core.decision import Event
from grimoire.core.records import GameRecord
from grimoire.core.registry import load_game
from grimoire.core.replay import verify
from grimoire.games.chant.metrics import ChantMetrics
from grimoire.games.destiny.metrics import DestinyMetrics


def _chant_tracker() -> CardTracker:
    spec = card_events_of(ChantMetrics())
    assert spec is not None
    return CardTracker(spec, load_game("chant").events)


def test_rule_5_1_1_an_activation_is_credited_with_the_effects_after_it_and_its_attack_damage() -> None:
    t = _chant_tracker()
    t.read([Event("place", 0, ("starfall_night", 7)), Event("activate", 0, ("starfall_night", 7)),
            Event("damage", 1, (2, "x1", 2, 18, 0, "a_phase")),  # its effect: 2 damage to the opponent
            Event("attack", 0, ("starfall_night", 7, 7)), Event("nocounter", 1),
            Event("damage", 1, (7, "x1", 7, 11, 0, "a_phase"))], turn=5)
    assert t.seats[0]["starfall_night"] == {"placed": 1, "turn": 5, "activated": 1, "fired": 1, "e:damage": 1,
                                            "damage": 9}
    assert t.seats[1] == {}


def test_rule_5_4_2_damage_after_a_clash_lost_by_the_attacker_goes_to_the_countering_card() -> None:
    t = _chant_tracker()
    t.read([Event("attack", 0, ("fireball", 3, 1)), Event("counter", 1, ("iron_shield", 9)),
            Event("clash", 0, ("fireball", 1, "iron_shield", 2)), Event("damage", 0, (1, "x1", 1, 19, 0, "a_phase"))],
           turn=4)
    assert t.seats[1]["iron_shield"] == {"activated": 1, "damage": 1} and "fireball" not in t.seats[0]


def test_rule_5_3_1_a_counter_is_an_activation_whose_effect_fires_while_the_attack_goes_on() -> None:
    t = _chant_tracker()  # the order the engine gives (パリィ・バックラー countering レールガン)
    t.read([Event("attack", 1, ("railgun", 76, 4)), Event("counter", 0, ("parrying_buckler", 10)),
            Event("gain_life", 0, (1, 14)), Event("clash", 1, ("railgun", 4, "parrying_buckler", 2)),
            Event("damage", 0, (2, "x1", 2, 12, 0, "a_phase")), Event("leave", 1, ("railgun", 76))], turn=9)
    assert t.seats[0]["parrying_buckler"] == {"activated": 1, "fired": 1, "e:gain_life": 1}
    assert t.seats[1]["railgun"] == {"damage": 2}


def test_rule_3_2_4_a_boost_after_a_placement_is_not_the_placed_cards_effect() -> None:
    t = _chant_tracker()
    t.read([Event("place", 0, ("thunderbolt", 4)), Event("discard", 0, ("fireball", 5)),
            Event("boost", 0, ("fantasy",)), Event("advance", 0, ("thunderbolt", 4, 1, 2))], turn=2)
    assert t.seats[0]["thunderbolt"] == {"placed": 1, "turn": 2}


def test_rule_3_2_2_forbidden_books_are_counted_apart() -> None:
    t = _chant_tracker()
    t.read([Event("underlay", 0, ("fireball", 5, "hero_final_chapter")), Event("book", 0, ("hero_final_chapter", 40)),
            Event("activate", 0, ("hero_final_chapter", 40)), Event("gain_life", 0, (3, 20))], turn=9)
    assert t.seats[0]["hero_final_chapter"] == {"placed": 1, "book": 1, "turn": 9, "activated": 1, "fired": 1,
                                                "e:gain_life": 1}


def test_rule_7_1_a_destiny_use_is_credited_with_its_effect_and_a_direct_attack_with_the_threads_lost() -> None:
    spec = card_events_of(DestinyMetrics())
    assert spec is not None
    t = CardTracker(spec, load_game("destiny").events)
    t.read([Event("summon", 0, ("taiko_ronin", 3)), Event("use", 1, ("fox_fire", 8, "battle")),
            Event("lose", 0, (1, 9)), Event("direct", 0, ("taiko_ronin", 3, 3, 0)), Event("lose", 1, (3, 7))], turn=3)
    assert t.seats[1]["fox_fire"] == {"activated": 1, "fired": 1, "e:lose": 1, "damage": 1}
    assert t.seats[0]["taiko_ronin"] == {"placed": 1, "turn": 3, "damage": 3}


def _game(index: int, counts: dict[str, dict[str, int]], winner: int = 0) -> GameStats:
    return GameStats(index, "greedy", ("a", "b"), winner, "life", 0, 10, 50, [["dud", "bomb"], []], [[], []],
                     cards=[counts, {}])


def test_an_effect_that_never_fired_is_flagged_only_with_enough_chances() -> None:
    def flags(n: int) -> list[str]:
        games = [_game(i, {"dud": {"placed": 1, "activated": 1, "turn": 3}, "bomb": {"placed": 1, "activated": 1,
                                                                                   "fired": 1, "turn": 2}})
                 for i in range(n)]
        stats = card_stats(games, {"a": {"dud", "bomb"}, "b": set()}, {"dud": False, "bomb": False})
        return [f"{f['card']}:{f['kind']}" for f in stats["flags"]]

    assert flags(25) == ["dud:never_fired"]
    assert flags(19) == []  # too few chances to say so


def test_a_card_placed_in_almost_none_of_its_games_is_flagged_when_its_whole_interval_is_below_ten_per_cent() -> None:
    def rows(placed_every: int, n: int) -> dict[str, list[str]]:
        games = [_game(i, {"dud": {"placed": 1, "turn": 3}} if i % placed_every == 0 else {}) for i in range(n)]
        stats = card_stats(games, {"a": {"dud"}, "b": set()}, {})
        return {r["card"]: [f["kind"] for f in r["flags"]] for r in stats["rows"]}

    assert rows(100, 100) == {"dud": ["rarely_placed"]}  # 1 of 100: [0.2 %, 5.4 %]
    assert rows(10, 40) == {"dud": []}  # 4 of 40 (10 %): its interval reaches far above 10 %
    assert rows(1000, 30) == {"dud": []}  # 1 of 30: [0.6 %, 16.7 %] is no evidence of "rare"


def test_a_swap_that_changes_no_game_is_flagged() -> None:
    games = [GameStats(i, "greedy", ("a", "b"), i % 2, "life", 0, 10, 50) for i in range(30)]
    section = summarize_swaps(SwapPlan(("x",), "y"), [Arm("x", "a", "y", 2)], [], {"a": games}, {0: list(games)},
                              "holm")
    (row,) = section["rows"]
    assert row["value"] == 0 and row["ci95"] == [0.0, 0.0]
    assert any(f.startswith("never changed a game: all 30 paired games") for f in row["flags"])


def test_drawn_associations_are_shown_only_beside_the_swap_that_confirms_or_contradicts_them() -> None:
    flag = {"card": "dice", "kind": "drawn_association", "value": 0.238, "ci95": [0.2, 0.27], "p_adjusted": 1e-6,
            "reason": "win rate higher when drawn"}
    other = {"card": "dud", "kind": "never_played", "value": 0.0, "ci95": [0.0, 0.1], "p_adjusted": None,
             "reason": "played in 0 of 40"}
    levels: dict[str, dict[str, Any]] = {"greedy": {"card_flags": [flag, other]},
                                         "random": {"card_flags": [dict(flag)]}}
    swap: dict[str, Any] = {"card": "dice", "level": "greedy", "deck": "zenno", "value": -0.143, "ci95": [-0.2, -0.08]}
    gate_associations(levels, [swap])
    assert levels["greedy"]["card_flags"] == [other]  # not among the flags on its own
    (shown,) = levels["greedy"]["associations"]
    assert shown["swaps"] == [{"deck": "zenno", "value": -0.143, "ci95": [-0.2, -0.08], "verdict": "contradicts"}]
    assert swap["association"]["verdict"] == "contradicts"
    assert levels["random"]["card_flags"] == [] and levels["random"]["associations"][0]["swaps"] == []


def test_the_report_says_what_each_chant_card_did_with_books_and_sample_records(tmp_path: Path) -> None:
    data = balance("chant", ["fire", "matter"], ["greedy"], 12, tmp_path, seed=3, plots_enabled=False,
                   sample_records=4)
    cs = data["levels"]["greedy"]["card_stats"]
    rows = {r["card"]: r for r in cs["rows"]}
    assert cs["tracked"] and len(rows) == len(set(load_game("chant").cards.starter_deck("fire").all_cards())
                                              | set(load_game("chant").cards.starter_deck("matter").all_cards()))
    fire_books = {c for c in load_game("chant").cards.starter_deck("fire").sections["forbidden"]}
    assert all(rows[b]["book"] for b in fire_books) and not rows["fireball"]["book"]
    assert all(rows[b]["placed"]["games"] == rows[b]["seat_games"] >= 36 for b in fire_books)  # fire's 36 seat-games
    assert rows["fireball"]["placements"] > 0 and rows["fireball"]["damage"] > 0
    assert rows["fireball"]["mean_turn"] is not None and not rows["fireball"]["has_effect"]
    assert any(r["fired"] for r in rows.values())
    for f in cs["flags"]:  # every rarely-placed flag is a forbidden book whose interval lies below 10 %
        if f["kind"] == "rarely_placed":
            assert rows[f["card"]]["book"] and f["ci95"][1] < 0.10
    assert 1 <= len(data["sample_records"]) <= 4
    first = data["sample_records"][0]
    record = GameRecord.load(tmp_path / first["record"])
    assert verify(record).ok
    linked = [s for r in rows.values() for s in r["samples"] if s.get("record")]
    assert linked and all((tmp_path / s["record"]).exists() for s in linked)
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "各カードの働き" in page and f'href="{first["record"]}"' in page


def test_an_effect_never_used_though_drawn_is_flagged() -> None:
    # Destiny's greedy agent never uses some main-timing groups (招き猫の子's threads): the card is drawn, its
    # effect never used
    games = [_game(i, {"dud": {"placed": 1, "turn": 2}}) for i in range(20)]
    stats = card_stats(games, {"a": {"dud"}, "b": set()}, {"dud": False})
    assert [f["kind"] for f in stats["flags"]] == ["never_used"]
    assert card_stats(games[:19], {"a": {"dud"}, "b": set()}, {"dud": False})["flags"] == []
    assert card_stats(games, {"a": {"dud"}, "b": set()}, {})["flags"] == []  # no counted effect: nothing to use


def test_a_card_used_from_hand_is_not_rarely_placed_in_a_game_without_books() -> None:
    games = [_game(i, {"dud": {"activated": 1, "fired": 1}}) for i in range(100)]
    (row,) = card_stats(games, {"a": {"dud"}, "b": set()}, {"dud": False})["rows"]
    assert row["placed"]["wins"] == 0 and row["played"]["wins"] == 100 and row["flags"] == []


def test_a_swap_of_exactly_zero_contradicts_a_large_drawn_association() -> None:
    # Destiny's 天地結びの糸: drawn +32 points, its swap changes no game — the association is not the card's doing
    flag = {"card": "thread", "kind": "drawn_association", "value": 0.322, "ci95": [0.242, 0.396],
            "p_adjusted": 1e-9, "reason": "win rate higher when drawn"}
    levels: dict[str, dict[str, Any]] = {"greedy": {"card_flags": [flag]}}
    gate_associations(levels, [{"card": "thread", "level": "greedy", "deck": "d", "value": 0.0, "ci95": [0.0, 0.0]}])
    assert levels["greedy"]["associations"][0]["swaps"][0]["verdict"] == "contradicts"


def test_rule_3_2_2_every_starter_forbidden_book_is_placed_in_a_tenth_of_its_decks_greedy_games(
        tmp_path: Path) -> None:
    # a starter's forbidden deck holds only books the greedy agent places (docs/balance.md, "Chant's
    # forbidden books"): none would be flagged rarely_placed; 200 games, a book's seat-games 80–400
    chant = load_game("chant")
    starters = sorted(chant.cards.starter_decks())
    data = balance("chant", starters, ["greedy"], 20, tmp_path, seed=101, plots_enabled=False)
    rows = {r["card"]: r for r in data["levels"]["greedy"]["card_stats"]["rows"]}
    books = {b for name in starters for b in chant.cards.starter_deck(name).sections["forbidden"]}
    assert books and {b: rows[b]["placed"]["rate"] for b in books if rows[b]["placed"]["rate"] < 0.10} == {}
