"""One deck, one meaning in batch self-play: each seat plays its deck's declared set-up choices
(a Destiny deck's `# ability:` line), so `sim` and the balance lab play the same games; the
agents pick their own only when asked to (`--ai-setup`)."""

from __future__ import annotations

from pathlib import Path

from grimoire.balance.collect import run_blocks
from grimoire.balance.pairing import pair_blocks
from grimoire.balance.report import load_hints
from grimoire.core.decks import Deck
from grimoire.core.registry import load_game
from grimoire.sim.runner import simulate
from record_helpers import abilities


def festival(name: str) -> Deck:
    return load_game("destiny").cards.starter_deck(name)



def test_rule_2_3_sim_plays_each_decks_declared_ability_whoever_sits_where(tmp_path: Path) -> None:
    decks = (festival("formula_festival"), festival("omnipotent_festival"))
    simulate("destiny", decks, ("greedy", "random"), 4, seed=3, records_dir=tmp_path, alternate=True)
    played = [abilities(p) for p in sorted(tmp_path.glob("*.json"))]
    assert played == [{0: "chimyaku_kijutsu", 1: "chimyaku_no_hako"}] * 4


def test_rule_2_3_with_ai_setup_the_agents_pick_their_own_ability(tmp_path: Path) -> None:
    decks = (festival("formula_festival"), festival("mystery_festival"))
    simulate("destiny", decks, ("greedy", "greedy"), 2, seed=3, records_dir=tmp_path, ai_setup=True)
    played = [abilities(p) for p in sorted(tmp_path.glob("*.json"))]
    # the greedy agent's own pick is 地脈の函, which neither deck declares
    assert played == [{0: "chimyaku_no_hako", 1: "chimyaku_no_hako"}] * 2


def test_sim_and_the_balance_lab_play_the_same_game_on_the_same_seeds() -> None:
    """Game i of a lab block and game i of a sim run with the block's seed are one game (even i: the lab
    seats the decks as given), so the two surfaces' deck win rates differ only by which games they play."""
    game = load_game("destiny")
    field = [("omnipotent_festival", festival("omnipotent_festival")), ("spirit_festival", festival("spirit_festival"))]
    hints = load_hints(game, field, {})
    blocks = pair_blocks("destiny", None, (), "greedy", field[0], field[1], 20, 1, hints=hints)
    lab = [g for part in run_blocks(blocks) for g in part]
    sim = simulate("destiny", (field[0][1], field[1][1]), ("greedy", "greedy"), 20, seed=blocks[0].seed, game=game)
    pairs = [(g.winner, r.winner, g.turns, r.turns) for g, r in zip(lab, sim.results, strict=True) if g.index % 2 == 0]
    assert len(pairs) == 10
    assert [(a, c) for a, _, c, _ in pairs] == [(b, d) for _, b, _, d in pairs]
