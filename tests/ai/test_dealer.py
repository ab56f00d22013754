"""The determinizer scaffolding shared in the core (``grimoire.core.hidden.Dealer``): each game declares how
to read its view and where dealt cards go, and its determinizations and search answers are the ones its own
dealer gave before the scaffolding moved (digests recorded from that code, for the same seeds).

A change that is meant to change what the search answers (its playouts, its evaluation) re-records
``ANSWERS`` with ``answers_digest(name)``; ``DEALT`` changes only with how a view is dealt. Both play the
starter decks, so a change to a starter deck re-records both (Chant's were re-recorded so when five forbidden
books left its starters, with the dealer unchanged)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from grimoire.ai.search import SearchAgent, SearchConfig, hooks_for
from grimoire.core.game import Game, Setup
from grimoire.core.hidden import Dealer, HiddenCards, KnownDecks, canonical
from grimoire.core.registry import load_game
from grimoire.core.rng import Chance

#: sha256 of the determinizations dealt at seeded positions, and of the search's answers, per game
DEALT = {"chant": "273cdce3e7c1f60028fee64e92deb20f4e629c305bbb88dc36bf9bd443b234a3",
         "destiny": "ca9aaeed499155d7c4502c0d8cbe8ed53d672c23cdac2a82613a3ceab9700950"}
ANSWERS = {"chant": "e926868e29481fd083336239a1bf5c7c657998e5b1c3bef33da4af54e8be6726",
           "destiny": "1a476038fa67ab35016d68385e261a10bb613b5500f7dada8f303af5958b71cd"}


def start(name: str, seed: int) -> tuple[Game[Any], Any, Any]:
    game = load_game(name)
    starters = sorted(game.cards.starter_decks())
    decks = (game.cards.starter_deck(starters[seed % len(starters)]),
             game.cards.starter_deck(starters[(seed + 1) % len(starters)]))
    return game, decks, game.new_state(Setup(decks, game.options(), seed=seed))


def dealt_digest(name: str) -> str:
    hooks = hooks_for(name)
    digest = hashlib.sha256()
    for seed in (1, 2):
        game, decks, state = start(name, seed)
        chance = Chance.seeded(seed)
        step = 0
        while (d := game.decision(state)) is not None and step < 120:
            if step % 7 == 0:
                dealer = hooks.determinizer(game, game.view(state, d.player), d, KnownDecks(decks))
                deal = Chance.seeded(step)
                for _ in range(3):
                    det = dealer(deal)
                    digest.update(json.dumps(game.to_json(det), sort_keys=True).encode())
            game.apply(state, d.options[chance.below(len(d.options))].id)
            step += 1
    return digest.hexdigest()


def answers_digest(name: str) -> str:
    game, decks, state = start(name, 3)
    agent = SearchAgent(SearchConfig(iterations=16), decks=decks)
    chance = Chance.seeded(3)
    answers = []
    while (d := game.decision(state)) is not None and len(answers) < 40:
        answer = agent.choose(game, game.view(state, d.player), d, chance)
        answers.append(answer)
        game.apply(state, answer)
    return hashlib.sha256(" ".join(answers).encode()).hexdigest()


@pytest.mark.parametrize("name", sorted(DEALT))
def test_the_shared_dealer_deals_what_the_games_own_dealer_dealt(name: str) -> None:
    assert dealt_digest(name) == DEALT[name]


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_search_answers_are_unchanged_on_seeded_positions(name: str) -> None:
    assert answers_digest(name) == ANSWERS[name]


def test_a_deal_numbers_the_copies_of_a_card_lowest_uid_first() -> None:
    ids = ["a", "b", "a", "b", "a", "c"]
    for seed in range(20):
        dealt = canonical([5, 0, 1, 2, 3, 4], ids, Chance.seeded(seed))
        assert sorted(dealt) == [0, 1, 2, 3, 4, 5]
        for card in "abc":
            copies = [u for u in dealt if ids[u] == card]
            assert copies == sorted(copies)
    # the cards' order is the shuffle's: the same seed deals the same cards in the same places
    order = [ids[u] for u in range(6)]
    Chance.seeded(7).shuffle(order)
    assert [ids[u] for u in canonical(list(range(6)), ids, Chance.seeded(7))] == order


class Pile:
    """A toy game's declaration: the state is a list, uid 0 stays, the rest are hidden (hand of one)."""

    def __init__(self, exact: bool) -> None:
        self.exact = exact
        self.builds = 0

    def build(self, chance: Chance) -> tuple[list[int], list[HiddenCards], bool]:
        self.builds += 1
        return [0, 1, 2, 3], [HiddenCards([1, 2, 3], ["k", "x", "y", "z"], 1)], self.exact

    def copy(self, template: list[int]) -> list[int]:
        return list(template)

    def place(self, state: list[int], seat: int, dealt: list[int], hand: int) -> None:
        state[1:] = dealt

    def reseed(self, state: list[int], chance: Chance) -> None:
        state.append(-1)


def test_the_dealer_reads_the_view_once_when_it_fixes_every_card_and_deals_only_the_hidden_ones() -> None:
    rules = Pile(exact=True)
    dealer = Dealer(rules)
    chance = Chance.seeded(2)
    first = dealer(chance)
    later = [dealer(chance) for _ in range(30)]
    assert rules.builds == 1 and first == [0, 1, 2, 3]
    assert all(s[0] == 0 and sorted(s[1:4]) == [1, 2, 3] and s[4] == -1 for s in later)
    assert len({tuple(s) for s in later}) > 1
    inexact = Pile(exact=False)
    dealer = Dealer(inexact)
    assert [dealer(chance) for _ in range(3)] == [[0, 1, 2, 3]] * 3 and inexact.builds == 3
