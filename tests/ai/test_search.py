"""Information-set search: honest, listed answers, budgets, consistent determinizations."""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest
from grimoire_toy_race.search import ToyHooks

from grimoire.ai.search import PRIOR, SearchAgent, SearchConfig, hooks_for, opponent_model, prior_weight
from grimoire.core.decision import Decision
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.hidden import KnownDecks, deal, unseen, view_matches
from grimoire.core.play import Agent
from grimoire.core.registry import load_game, plugin
from grimoire.core.rng import Chance


def toy() -> tuple[Game[Any], Any, Any]:
    game = load_game("toy")
    deck = game.cards.starter_deck("steady")
    return game, deck, game.new_state(Setup((deck, deck), game.options(), seed=11))


def canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def test_search_agent_never_receives_the_state() -> None:
    params = list(inspect.signature(SearchAgent.choose).parameters)
    assert params == ["self", "game", "view", "decision", "chance"]
    assert isinstance(SearchAgent(SearchConfig(iterations=5)), Agent)


def test_search_answers_a_listed_option_through_a_whole_game() -> None:
    game, deck, state = toy()
    agent = SearchAgent(SearchConfig(iterations=30), decks=(deck, deck), hooks=ToyHooks())
    chance = Chance.seeded(2)
    steps = 0
    while (d := game.decision(state)) is not None and steps < 200:
        answer = agent.choose(game, game.view(state, d.player), d, chance)
        assert answer in d.ids()
        game.apply(state, answer)
        steps += 1
    assert game.outcome(state) is not None


def test_search_respects_its_iteration_budget() -> None:
    game, deck, state = toy()
    agent = SearchAgent(SearchConfig(iterations=17), decks=(deck, deck), hooks=ToyHooks())
    d = game.decision(state)
    assert d is not None and len(d.options) > 1
    agent.choose(game, game.view(state, d.player), d, Chance.seeded(3))
    assert agent.stats.iterations == 17
    assert sum(agent.stats.visits.values()) == 17


def test_search_stops_at_its_time_budget_before_its_iteration_budget() -> None:
    game, deck, state = toy()
    agent = SearchAgent(SearchConfig(iterations=10**9, seconds=0.05), decks=(deck, deck), hooks=ToyHooks())
    d = game.decision(state)
    assert d is not None
    agent.choose(game, game.view(state, d.player), d, Chance.seeded(3))
    assert 1 <= agent.stats.iterations < 10**9


def test_search_is_deterministic_for_a_chance_source() -> None:
    game, deck, state = toy()
    d = game.decision(state)
    assert d is not None
    view = game.view(state, d.player)
    picks = [SearchAgent(SearchConfig(iterations=40), decks=(deck, deck), hooks=ToyHooks())
             .choose(game, view, d, Chance.seeded(9)) for _ in range(2)]
    assert picks[0] == picks[1]


def test_search_answers_a_forced_decision_without_searching() -> None:
    game, _, state = toy()
    first = game.decision(state)
    assert first is not None
    d = Decision(0, "turn", (first.options[-1],))
    agent = SearchAgent(SearchConfig(iterations=50), hooks=ToyHooks())
    assert agent.choose(game, {}, d, Chance.seeded(1)) == d.options[0].id
    assert agent.stats.iterations == 0


def test_search_beats_random_play_at_the_toy_race() -> None:
    from grimoire.core.play import RandomAgent

    game, deck, _ = toy()
    search = SearchAgent(SearchConfig(iterations=60), decks=(deck, deck), hooks=ToyHooks())
    wins = 0
    for seed in range(12):
        state = game.new_state(Setup((deck, deck), game.options(), seed=seed))
        agents: list[Any] = [search, RandomAgent()] if seed % 2 == 0 else [RandomAgent(), search]
        chance = Chance.seeded(seed)
        while (d := game.decision(state)) is not None:
            game.apply(state, agents[d.player].choose(game, game.view(state, d.player), d, chance))
        outcome = game.outcome(state)
        assert outcome is not None
        if outcome.winner == (0 if seed % 2 == 0 else 1):
            wins += 1
    assert wins >= 9


def test_toy_determinizations_agree_with_the_view() -> None:
    game, deck, state = toy()
    chance = Chance.seeded(5)
    hooks = ToyHooks()
    for _ in range(30):
        d = game.decision(state)
        if d is None:
            break
        view = game.view(state, d.player)
        det = hooks.determinize(game, view, d, chance, KnownDecks((deck, deck)))
        assert view_matches(game, det, d.player, view) == []
        assert game.decision(det) == d
        assert game.card_total(det) == game.card_total(state)
        game.apply(state, d.options[chance.below(len(d.options))].id)


def test_unseen_and_deal() -> None:
    assert unseen(["a", "b", "a"], ["a"]) == ["b", "a"]
    hand, lib = deal(["a", "b", "c", "d"], [1, 3], Chance.seeded(1))
    assert len(hand) == 1 and sorted(hand + lib) == ["a", "b", "c", "d"]


def test_unknown_game_has_no_search_support() -> None:
    with pytest.raises(GrimoireError, match="unknown game"):
        hooks_for("nonexistent-game")


def test_bad_configs_are_refused() -> None:
    with pytest.raises(GrimoireError):
        SearchConfig(iterations=0)
    with pytest.raises(GrimoireError):
        SearchConfig(playout="clever")
    with pytest.raises(GrimoireError):
        SearchConfig(prior=-0.5)
    with pytest.raises(GrimoireError):
        SearchConfig(opponent="psychic")


def start(name: str, seed: int) -> tuple[Game[Any], tuple[Any, Any], Any]:
    game = load_game(name)
    starters = sorted(game.cards.starter_decks())
    decks = (game.cards.starter_deck(starters[seed % len(starters)]),
             game.cards.starter_deck(starters[(seed + 1) % len(starters)]))
    return game, decks, game.new_state(Setup(decks, game.options(), seed=seed))


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_determinizations_agree_with_the_view_and_the_options(name: str) -> None:
    """``game.view(det, seat) == view`` and the same decision, at every step of seeded games."""
    hooks = hooks_for(name)
    chance = Chance.seeded(17)
    steps = 0
    for seed in range(3):
        game, decks, state = start(name, seed)
        while (d := game.decision(state)) is not None:
            view = game.view(state, d.player)
            known = KnownDecks(decks)
            for _ in range(2):
                det = hooks.determinize(game, view, d, chance, known)
                assert canon(game.view(det, d.player)) == canon(view), (name, seed, steps)
                assert game.decision(det) == d
                assert game.card_total(det) == game.card_total(state)
            game.apply(state, d.options[chance.below(len(d.options))].id)
            steps += 1
    assert steps > 100


VARIANTS = {"chant": {"first_turn_draw": True, "runaway_threshold": 12, "chant_cap": 4,
                      "depth_multipliers": "1,1.5,2,3"},
            "destiny": {"attribute_wheel": "off", "hako_trigger": "summon", "crisis_expiry": False,
                        "sense_timing": "any", "kijutsu_timing": "any", "sense_scope": "field", "hako_turn": "own",
                        "blocker_leaves": "unblocked", "hako_limit": "first_per_turn", "omni_direct": True,
                        "user_effects": "any"}}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_determinizations_keep_the_rules_variant(name: str) -> None:
    """Under variant options the rebuilt positions play by the variant (playouts follow the game's rules)."""
    game = load_game(name)
    deck = game.cards.starter_deck(sorted(game.cards.starter_decks())[0])
    state = game.new_state(Setup((deck, deck), game.options(VARIANTS[name]), seed=4))
    chance = Chance.seeded(5)
    for _ in range(40):
        d = game.decision(state)
        if d is None:
            break
        det = hooks_for(name).determinize(game, game.view(state, d.player), d, chance, KnownDecks((deck, deck)))
        assert det.variant == state.variant != load_game(name).new_state(Setup((deck, deck), seed=4)).variant
        assert canon(game.view(det, d.player)) == canon(game.view(state, d.player))
        game.apply(state, d.options[chance.below(len(d.options))].id)


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_determinizations_without_deck_lists_still_agree_with_the_view(name: str) -> None:
    hooks = hooks_for(name)
    chance = Chance.seeded(3)
    game, _, state = start(name, 1)
    for _ in range(60):
        d = game.decision(state)
        if d is None:
            break
        view = game.view(state, d.player)
        det = hooks.determinize(game, view, d, chance, KnownDecks())
        assert canon(game.view(det, d.player)) == canon(view)
        assert game.decision(det) == d
        game.apply(state, d.options[chance.below(len(d.options))].id)


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_determinizations_redraw_the_hidden_cards(name: str) -> None:
    """The opponent's hand differs between determinizations: hidden cards are sampled, not copied."""
    hooks = hooks_for(name)
    game, decks, state = start(name, 2)
    chance = Chance.seeded(8)
    while (d := game.decision(state)) is not None and (
            game.turn_number(state) < 3 or game.view(state, None)["players"][1 - d.player]["hand_count"] < 2):
        game.apply(state, d.options[chance.below(len(d.options))].id)
    assert d is not None
    view = game.view(state, d.player)
    hands = set()
    for _ in range(12):
        det = hooks.determinize(game, view, d, chance, KnownDecks(decks))
        opp = game.view(det, 1 - d.player)["players"][1 - d.player]["hand"]
        hands.add(tuple(sorted(c["card"] for c in opp)))
    assert len(hands) > 1


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_search_plays_a_whole_game_with_listed_answers(name: str) -> None:
    game, decks, state = start(name, 4)
    agents = [SearchAgent(SearchConfig(iterations=12), decks=decks), SearchAgent(SearchConfig(iterations=12),
                                                                                decks=decks[::-1])]
    chance = Chance.seeded(4)
    while (d := game.decision(state)) is not None:
        answer = agents[d.player].choose(game, game.view(state, d.player), d, chance)
        assert answer in d.ids()
        game.apply(state, answer)
    assert game.outcome(state) is not None


def test_search_respects_its_budget_on_a_real_game() -> None:
    game, decks, state = start("chant", 5)
    chance = Chance.seeded(5)
    agent = SearchAgent(SearchConfig(iterations=25), decks=decks)
    searched = 0
    while (d := game.decision(state)) is not None and searched < 5:
        if d.player == 0 and len(d.options) > 1:
            agent.choose(game, game.view(state, 0), d, chance)
            assert agent.stats.iterations == 25
            searched += 1
        game.apply(state, d.options[chance.below(len(d.options))].id)
    assert searched == 5


def test_search_never_mutates_the_view() -> None:
    game, decks, state = start("destiny", 6)
    chance = Chance.seeded(6)
    for _ in range(30):
        d = game.decision(state)
        assert d is not None
        game.apply(state, d.options[chance.below(len(d.options))].id)
    d = game.decision(state)
    assert d is not None
    view = game.view(state, d.player)
    before = canon(view)
    SearchAgent(SearchConfig(iterations=30), decks=decks).choose(game, view, d, chance)
    assert canon(view) == before


def test_deck_lists_published_in_a_view_are_used() -> None:
    game = load_game("chant")
    fire, matter = game.cards.starter_deck("fire"), game.cards.starter_deck("matter")
    known = KnownDecks.from_view({"decklists": [fire.to_json(), None]}, KnownDecks((None, matter)))
    assert known.of(0) == fire and known.of(1) == matter
    assert KnownDecks.from_view({}, None).lists == (None, None)


def test_the_root_prior_is_the_games_own_unless_the_config_sets_one() -> None:
    assert prior_weight(SearchConfig(), hooks_for("destiny")) == hooks_for("destiny").prior == 1.5  # type: ignore[attr-defined]
    assert prior_weight(SearchConfig(), hooks_for("chant")) == PRIOR
    assert prior_weight(SearchConfig(prior=0.2), hooks_for("destiny")) == 0.2
    # the weight reaches the tree: Destiny's default searches exactly as with its hooks' weight set by hand,
    # and not as with the weight other games use
    game, decks, state = start("destiny", 3)
    chance = Chance.seeded(3)
    searches = {name: SearchAgent(SearchConfig(iterations=40, prior=weight), decks=decks)
                for name, weight in (("default", None), ("hooks", 1.5), ("other", PRIOR))}
    same = differ = 0
    while (d := game.decision(state)) is not None and same < 6:
        if len(d.options) > 1:
            view = game.view(state, d.player)
            seen = {name: a.search(game, view, d, Chance.seeded(17)).visits for name, a in searches.items()}
            assert seen["default"] == seen["hooks"]
            same += 1
            differ += seen["default"] != seen["other"]
        game.apply(state, d.options[chance.below(len(d.options))].id)
    assert same == 6 and differ > 0


def test_the_opponent_model_answers_from_the_opponents_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    assert opponent_model(SearchConfig(), hooks_for("destiny")) == "policy"
    assert opponent_model(SearchConfig(), hooks_for("chant")) == "tree"
    assert opponent_model(SearchConfig(opponent="tree"), hooks_for("destiny")) == "tree"
    game, decks, state = start("destiny", 4)
    chance = Chance.seeded(4)
    while (d := game.decision(state)) is not None and not (d.player == 0 and d.kind == "summon" and state.turn > 2):
        game.apply(state, d.options[chance.below(len(d.options))].id)
    assert d is not None
    view = game.view(state, 0)
    nodes = {}
    for model in ("tree", "policy"):
        agent = SearchAgent(SearchConfig(iterations=60, opponent=model, prior=0.0), decks=decks)
        nodes[model] = agent.search(game, view, d, Chance.seeded(9)).nodes
    # the tree grows one node an iteration; the model's answers add nodes without being expansions
    assert nodes["tree"] <= 61 < nodes["policy"]
    # every answer the greedy agent gives during the search is its answer on the answering seat's own view
    agent0 = plugin("destiny").greedy_agent()
    assert agent0 is not None
    hooks = hooks_for("destiny")
    seen: list[tuple[int, bool, bool]] = []
    original = type(hooks).greedy_answer  # type: ignore[attr-defined]

    def spy(self: Any, game: Game[Any], state: Any, decision: Decision, chance: Chance) -> str:
        answer: str = original(self, game, state, decision, chance)
        own = game.view(state, decision.player)
        hidden = own["players"][1 - decision.player]["hand"] is None
        seen.append((decision.player, hidden, answer == agent0.choose(game, own, decision, chance.clone())))
        return answer

    monkeypatch.setattr(type(hooks), "greedy_answer", spy)
    SearchAgent(SearchConfig(iterations=30, opponent="policy"), decks=decks).search(game, view, d, Chance.seeded(9))
    assert any(player == 1 for player, _, _ in seen)
    assert all(hidden and same for _, hidden, same in seen)


def test_rule_7_5_determinizing_a_users_battle_group_in_its_attack_keeps_the_response_step() -> None:
    """Under ``user_effects=any`` an attacking user's battle group is answered like any use; a rebuilt
    position half-way through its targets must not read it as 地脈記述's unanswerable use."""
    from grimoire.games.destiny.scenario import scenario
    from grimoire.games.destiny.state import variant_of
    game = load_game("destiny")
    state = scenario(phase="declare", p0={"field": ["stall_bouncer#0"]},
                     p1={"field": ["moon_rabbit#1"], "hand": ["veil_of_mist#2"]})
    state.variant = variant_of({"user_effects": "any"})
    for answer in ("attack:0", "done", "block:1", "effect:0"):
        game.apply(state, answer)
    d = game.decision(state)
    assert d is not None and d.kind == "target"
    det = hooks_for("destiny").determinize(game, game.view(state, 0), d, Chance.seeded(1), KnownDecks())
    for s in (state, det):
        game.apply(s, "target:0")
        assert game.decision(s).kind == "response"  # type: ignore[union-attr]
