"""A metagame view (issue 35 item 6): matchup cycles named, decks rated against a chosen meta, and the
deck optimizer's moves checked on held-out seeds before they are reported, with the improved deck written."""

from pathlib import Path

import pytest
from balance_helpers import invoke_balance

from grimoire.balance.meta import cycles, meta_ratings, parse_meta
from grimoire.balance.report import balance
from grimoire.core.errors import GrimoireError
from grimoire.core.registry import load_game


def _m(a: str, b: str, rate: float, n: int = 400) -> dict[str, object]:
    half = 1.96 * (rate * (1 - rate) / n) ** 0.5
    return {"deck_a": a, "deck_b": b, "games": n, "win_rate_a": rate, "ci95": [rate - half, rate + half]}


DESTINY = ["formula", "mystery", "spirit", "omnipotent"]


def test_a_rock_paper_scissors_loop_is_named_with_its_edges() -> None:
    # the Destiny finding: formula > mystery > spirit > formula at 71–79 %
    found = cycles([_m("formula", "mystery", 0.79), _m("formula", "spirit", 0.29), _m("mystery", "spirit", 0.71),
                    _m("formula", "omnipotent", 0.5), _m("mystery", "omnipotent", 0.5),
                    _m("spirit", "omnipotent", 0.5)], DESTINY)
    (cycle,) = found
    assert cycle["name"] == "formula > mystery > spirit > formula" and cycle["significant"]
    assert [(e["winner"], e["loser"], round(e["rate"], 2)) for e in cycle["edges"]] == [
        ("formula", "mystery", 0.79), ("mystery", "spirit", 0.71), ("spirit", "formula", 0.71)]


def test_an_ordered_field_has_no_cycle_and_a_loose_one_is_not_significant() -> None:
    assert cycles([_m("a", "b", 0.7), _m("b", "c", 0.7), _m("a", "c", 0.7)], ["a", "b", "c"]) == []
    (loose,) = cycles([_m("a", "b", 0.52, 40), _m("b", "c", 0.7), _m("a", "c", 0.3)], ["a", "b", "c"])
    assert not loose["significant"]


def test_a_deck_is_rated_against_the_weighted_meta_with_mirrors_at_one_half() -> None:
    matchups = [_m("formula", "mystery", 0.8), _m("formula", "spirit", 0.3), _m("mystery", "spirit", 0.7)]
    rated = {r["deck"]: r for r in meta_ratings(matchups, DESTINY[:3], {"mystery": 3, "spirit": 1})}
    assert rated["formula"]["rate"] == pytest.approx((3 * 0.8 + 0.3) / 4)
    assert rated["mystery"]["rate"] == pytest.approx((3 * 0.5 + 0.7) / 4)  # its own mirror counts ½
    lo, hi = rated["formula"]["ci95"]
    assert lo < rated["formula"]["rate"] < hi
    alone = meta_ratings([], ["a", "b"], {"b": 1})
    assert alone == [{"deck": "b", "rate": 0.5, "ci95": [0.5, 0.5], "missing": []}]


def test_bad_meta_weights_are_refused_in_one_line() -> None:
    labels = ["fire", "matter"]
    assert parse_meta(["fire=2", "matter=0.5"], labels) == {"fire": 2.0, "matter": 0.5}
    for bad, words in ((["fire"], "not DECK=WEIGHT"), (["fire=-1"], "not DECK=WEIGHT"), (["fire=x"], "not DECK"),
                       (["water=1"], "names no deck of the run"), (["fire=0"], "at least one weight above 0")):
        with pytest.raises(GrimoireError, match=words):
            parse_meta(bad, labels)


def test_the_command_names_the_cycles_and_rates_the_decks_against_the_meta(tmp_path: Path) -> None:
    result = invoke_balance(["toy", "--deck", "steady", "--deck", "bold", "--agent", "greedy", "-n", "10",
                             "--out", str(tmp_path), "--meta", "bold=3,steady=1"])
    assert result.exit_code == 0, result.output
    assert "meta [greedy] steady:" in result.output and "meta [greedy] bold:" in result.output
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Metagame" in page and "Against the meta (bold 3, steady 1)" in page
    refused = invoke_balance(["toy", "--deck", "steady", "--agent", "greedy", "-n", "2", "--out",
                              str(tmp_path / "x"), "--meta", "swift=1"])
    assert refused.exit_code != 0 and "--meta names no deck of the run: swift" in str(refused.exception or "") + \
        refused.output
    assert not (tmp_path / "x").exists()


def test_the_optimizer_keeps_a_move_only_when_held_out_seeds_confirm_it_and_writes_the_deck(tmp_path: Path) -> None:
    data = balance("toy", ["steady", "bold"], ["greedy"], 40, tmp_path, seed=2, plots_enabled=False,
                   optimize="steady", suggest_steps=2, search_width=4)
    o = data["optimize"]
    checked = [h for h in o["steps"][1:] if h.get("held_out")]
    assert checked
    for h in checked:
        c = h["held_out"]
        assert c["seed"] != 2 and c["pairs"] == 40
        assert (h["move"] is not None) == (c["ci95"][0] > 0)  # kept exactly when the interval lies above 0
    kept = [h["move"] for h in o["steps"][1:] if h.get("move")]
    assert kept and o["improved"]
    deck = load_game("toy").cards.deck_from_file(Path(o["deck_file"]))
    assert Path(o["deck_file"]) == tmp_path / "optimized-decks" / "steady.txt"
    assert {c: deck.all_cards().count(c) for c in set(deck.all_cards())} == o["list"]["library"]
