"""The balance lab's results cache (``--cache DIR``): unchanged blocks are read back, changed ones replayed."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from balance_helpers import PLANTED, invoke_balance, planted_files

from grimoire.balance import balance, cache, collect
from grimoire.balance.cache import BlockCache, decode_game, encode_games
from grimoire.balance.collect import Block, GameStats, run_blocks
from grimoire.balance.pairing import pair_blocks
from grimoire.balance.swaps import SwapPlan
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.registry import load_game
from grimoire.sim import parallel

TOY = load_game("toy")
MIXED = "name: mixed\n[library]\n3 step1\n5 step2\n4 step3\n"


@pytest.fixture
def plays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the games actually played (the lab runs in this process with one worker)."""
    count = [0]
    real = collect.play_game

    def counting(game: Game[Any], block: Block, index: int) -> GameStats:
        count[0] += 1
        return real(game, block, index)

    monkeypatch.setattr(collect, "play_game", counting)
    return count


def numbers(data: dict[str, Any]) -> dict[str, Any]:
    """A report without its cache counts."""
    return {k: v for k, v in data.items() if k != "cache"}


def toy_decks(folder: Path) -> list[Path]:
    """The two toy starters and a third deck, as files (labels bold, steady, mixed)."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, text in (("bold", None), ("steady", None), ("mixed", MIXED)):
        path = folder / f"{name}.txt"
        path.write_text(text or TOY.cards.starter_decks()[name].read_text(encoding="utf-8"), encoding="utf-8")
        out.append(path)
    return out


def test_a_second_identical_run_reuses_every_block_and_plays_no_game(tmp_path: Path, plays: list[int]) -> None:
    def run(out: str, cache: Path | None) -> dict[str, Any]:
        return balance("toy", ["bold", "steady"], ["greedy", "random"], 20, tmp_path / out, seed=1,
                       plots_enabled=False, variants=[{"goal": "8"}], cache=cache,
                       swap=SwapPlan(("step3",), with_card="step1"))

    plain = run("plain", None)
    assert "cache" not in plain and "cache" not in json.loads((tmp_path / "plain" / "balance.json").read_text())
    played_plain = plays[0]
    # field and variant: 3 pairings × 20 games × 2 levels each; swaps: both decks hold step3, each against
    # the other as built and swapped (4 × 20 games × 2 levels)
    assert played_plain == 120 + 120 + 160
    plays[0] = 0
    first = run("a", tmp_path / "cache")
    # the swaps' as-built pairing bold–steady repeats a field pairing (2 blocks × 2 levels): played once
    assert plays[0] == first["cache"]["games_played"] == 400 - 40
    blocks = first["cache"]["blocks_reused"] + first["cache"]["blocks_played"]
    assert blocks == 40  # blocks of 10 games
    plays[0] = 0
    second = run("b", tmp_path / "cache")
    assert plays[0] == 0
    assert second["cache"] == {"dir": str(tmp_path / "cache"), "blocks_reused": blocks, "blocks_played": 0,
                               "games_played": 0, "blocks_unsaved": 0}
    assert numbers(first) == numbers(second) == plain
    saved = [json.loads((tmp_path / d / "balance.json").read_text(encoding="utf-8")) for d in ("plain", "a", "b")]
    assert numbers(saved[1]) == numbers(saved[2]) == saved[0]
    rates = {r["deck"]: r["rate"] for r in second["levels"]["greedy"]["deck_win_rates"]}
    assert rates == {r["deck"]: r["rate"] for r in plain["levels"]["greedy"]["deck_win_rates"]}
    assert second["levels"]["greedy"]["matchups"][0]["games"] == 20


def test_destiny_games_read_back_give_the_same_report(tmp_path: Path, plays: list[int]) -> None:
    def run(out: str) -> dict[str, Any]:
        return balance("destiny", ["spirit_festival", "formula_festival"], ["random"], 2, tmp_path / out, seed=2,
                       plots_enabled=False, cache=tmp_path / "cache")

    first = run("a")
    assert plays[0] == 6 and first["cache"]["blocks_played"] == 3
    second = run("b")
    assert plays[0] == 6 and second["cache"]["blocks_reused"] == 3
    assert numbers(first) == numbers(second)
    assert first["levels"]["random"]["game_metrics"] == second["levels"]["random"]["game_metrics"]


def test_editing_one_deck_replays_only_the_pairings_holding_it(tmp_path: Path, plays: list[int]) -> None:
    decks = toy_decks(tmp_path / "decks")

    def run(out: str, cache: Path | None = tmp_path / "cache") -> dict[str, Any]:
        return balance("toy", decks, ["greedy"], 10, tmp_path / out, seed=3, plots_enabled=False, cache=cache)

    first = run("a")
    assert plays[0] == 60 and first["cache"]["blocks_played"] == 6  # 6 pairings (mirrors included), 1 block each
    decks[2].write_text(MIXED.replace("3 step1\n5 step2", "2 step1\n6 step2"), encoding="utf-8")
    plays[0] = 0
    second = run("b")
    # mixed–mixed, bold–mixed, steady–mixed are replayed; bold–bold, bold–steady, steady–steady are read back
    assert plays[0] == 30
    assert (second["cache"]["blocks_reused"], second["cache"]["blocks_played"]) == (3, 3)
    assert numbers(second) == run("plain", None)  # the same report as a run without the cache
    old = {(m["deck_a"], m["deck_b"]): m for m in first["levels"]["greedy"]["matchups"]}
    new = {(m["deck_a"], m["deck_b"]): m for m in second["levels"]["greedy"]["matchups"]}
    assert new[("bold", "steady")] == old[("bold", "steady")]


def test_changing_a_card_replays_only_the_pairings_of_decks_holding_it(tmp_path: Path, plays: list[int],
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    cards, deck = planted_files(tmp_path)

    def edit(text: str) -> None:  # a new command in a new process: the card file is read again
        cards.write_text(text, encoding="utf-8")
        monkeypatch.setattr(parallel, "_GAMES", {})

    def run(out: str, cache: Path | None = tmp_path / "cache") -> dict[str, Any]:
        return balance("chant", ["fire", "matter", deck], ["random"], 2, tmp_path / out, seed=4,
                       plots_enabled=False, card_paths=[cards], cache=cache)

    run("a")
    assert plays[0] == 12
    edit(PLANTED.replace("power = 12", "power = 11"))
    plays[0] = 0
    second = run("b")
    assert plays[0] == 6  # planted–planted, fire–planted, matter–planted
    assert (second["cache"]["blocks_reused"], second["cache"]["blocks_played"]) == (3, 3)
    assert numbers(second) == run("plain", None)
    edit(PLANTED.replace("power = 12", "power = 11") + PLANTED.replace("planted_nuke", "unused_nuke")
         .replace("仕込みの核", "使わない核").replace("Planted Nuke", "Unused Nuke"))
    plays[0] = 0
    third = run("c")  # a new card no deck holds changes no pairing
    assert plays[0] == 0 and third["cache"]["blocks_reused"] == 6


def test_a_corrupt_or_mismatched_cache_file_is_a_miss_and_is_rewritten(tmp_path: Path, plays: list[int]) -> None:
    def run(out: str) -> dict[str, Any]:
        return balance("toy", ["bold", "steady"], ["greedy"], 10, tmp_path / out, seed=5, plots_enabled=False,
                       cache=tmp_path / "cache")

    first = run("a")
    files = sorted((tmp_path / "cache" / "toy").glob("*.json"))
    assert len(files) == 3 and plays[0] == 30
    files[0].write_text("{\"format\": \"grimoire-balance-c", encoding="utf-8")  # cut short
    files[1].write_bytes(files[2].read_bytes())  # another block's games under this key
    plays[0] = 0
    second = run("b")
    assert plays[0] == 20 and (second["cache"]["blocks_reused"], second["cache"]["blocks_played"]) == (1, 2)
    assert numbers(second) == numbers(first)
    for f in files:
        assert json.loads(f.read_text(encoding="utf-8"))["key"] == f.stem
    plays[0] = 0
    run("c")
    assert plays[0] == 0


@pytest.mark.parametrize("change", [{"options": {"goal": "8"}}, {"seed": 6}, {"agents": ["random"]}])
def test_changed_options_seed_or_level_miss(tmp_path: Path, plays: list[int], change: dict[str, Any]) -> None:
    args: dict[str, Any] = {"agents": ["greedy"], "seed": 5, "options": None, **change}
    balance("toy", ["bold", "steady"], ["greedy"], 10, tmp_path / "a", seed=5, plots_enabled=False,
            cache=tmp_path / "cache")
    plays[0] = 0
    data = balance("toy", ["bold", "steady"], args["agents"], 10, tmp_path / "b", seed=args["seed"],
                   options=args["options"], plots_enabled=False, cache=tmp_path / "cache")
    assert plays[0] == 30 and data["cache"]["blocks_reused"] == 0


def test_every_input_of_a_block_is_in_its_key(tmp_path: Path) -> None:
    bold, steady = TOY.cards.starter_deck("bold"), TOY.cards.starter_deck("steady")
    (block,) = pair_blocks("toy", None, (), "greedy", ("a", bold), ("b", steady), 10, 1)
    cache = BlockCache(tmp_path)
    changed = [dataclasses.replace(block, **field) for field in (
        {"level": "random"}, {"labels": ("a", "c")}, {"decks": (steady, bold)}, {"seed": block.seed + 1},
        {"start": 10}, {"count": 9}, {"options": (("goal", 8),)}, {"hints": ((("ability", "x"),), ())},
        {"hints": ((), (("pilot", "random"),))},
        {"game_name": "chant", "decks": (load_game("chant").cards.starter_deck("fire"),) * 2})]
    keys = {cache.key(b)[0] for b in [block, *changed]}
    assert len(keys) == 1 + len(changed)
    assert cache.key(dataclasses.replace(block, card_paths=("unused.toml",)))[0] == cache.key(block)[0]


def test_games_that_do_not_survive_json_are_not_stored(tmp_path: Path) -> None:
    bold = TOY.cards.starter_deck("bold")
    (block,) = pair_blocks("toy", None, (), "random", ("a", bold), ("b", bold), 2, 1)
    cache = BlockCache(tmp_path)
    games = run_blocks([block])[0]
    assert [decode_game(g) for g in json.loads(json.dumps(encode_games(games)))] == games
    games[0].extra = {"pair": (1, 2)}  # a tuple would come back as a list
    assert not cache.store(block, games) and cache.load(block) is None
    games[0].extra = {"pair": [1, 2]}
    assert cache.store(block, games) and cache.load(block) == games


def test_the_command_prints_the_cache_line_and_refuses_a_file(tmp_path: Path, plays: list[int]) -> None:
    args = ["toy", "--deck", "bold", "--deck", "steady", "--agent", "greedy", "-n", "4", "--workers", "1"]
    first = invoke_balance([*args, "--out", str(tmp_path / "a"), "--cache", str(tmp_path / "cache")])
    assert first.exit_code == 0, first.output
    assert "cache: 0 of 3 blocks reused, 12 games played" in first.output
    second = invoke_balance([*args, "--out", str(tmp_path / "b"), "--cache", str(tmp_path / "cache")])
    assert "cache: 3 of 3 blocks reused, 0 games played" in second.output and plays[0] == 12
    saved = json.loads((tmp_path / "b" / "balance.json").read_text(encoding="utf-8"))
    assert saved["cache"]["blocks_reused"] == 3
    afile = tmp_path / "afile"
    afile.write_text("keep", encoding="utf-8")
    for bad, why in ((afile, "is a file, not a folder"), (afile / "sub", "cannot create the folder")):
        result = invoke_balance([*args, "--out", str(tmp_path / "c"), "--cache", str(bad)])
        message = str(result.exception)
        assert result.exit_code != 0 and isinstance(result.exception, GrimoireError)
        assert message == f"--cache {bad}: {why}" or message.startswith(f"--cache {bad}: {why} (")
        assert "\n" not in message
    assert plays[0] == 12 and not (tmp_path / "c").exists() and afile.read_text(encoding="utf-8") == "keep"


def test_the_engine_fingerprint_covers_code_but_not_card_and_deck_files(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    (root / "games" / "x" / "data" / "cards").mkdir(parents=True)
    rules, cards = root / "games" / "x" / "rules.py", root / "games" / "x" / "data" / "cards" / "a.toml"
    rules.write_text("X = 1\n")
    cards.write_text("power = 1\n")
    before = cache.package_digest.__wrapped__(root)
    cards.write_text("power = 2\n")  # card definitions are keyed per block, not through the fingerprint
    assert cache.package_digest.__wrapped__(root) == before
    rules.write_text("X = 2\n")
    assert cache.package_digest.__wrapped__(root) != before


def test_a_block_repeated_in_one_call_is_played_once(tmp_path: Path, plays: list[int]) -> None:
    d = TOY.cards.starter_deck("bold")
    blocks = pair_blocks("toy", None, (), "random", ("a", d), ("b", d), 12, seed=1)  # 2 blocks, 10 + 2 games
    store = BlockCache(tmp_path / "c")
    results = store.run(blocks + blocks[:1], run_blocks)
    assert plays[0] == 12 and results[2] == results[0] and results[2] is not results[0]
    assert (store.reused, store.played, store.games_played) == (1, 2, 12)
