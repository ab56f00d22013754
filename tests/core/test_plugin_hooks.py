"""The optional hooks of a game's search and metrics (docs/protocol.md 1.5): declared protocols with
defaults, and a one-line note where a game that lacks one has a feature skipped."""

from __future__ import annotations

import importlib
import logging

import pytest

from grimoire.ai.search import PRIOR, SearchConfig, opponent_model, prior_weight
from grimoire.balance.collect import coverage_spec, metrics_for
from grimoire.balance.suggest import fixed_cards, shifts
from grimoire.balance.swaps import vanilla_card_tables, vanilla_tables
from grimoire.core.plugin import (
    DEFAULT_OPPONENT,
    OPTIONAL_HOOKS,
    HasCardEvents,
    HasCardGuidelines,
    HasCoverage,
    HasDeterminizer,
    HasFixedCards,
    HasGreedyAnswer,
    HasOpponent,
    HasPolicyView,
    HasPowerBand,
    HasPrior,
    HasStyles,
    HasVanilla,
)
from grimoire.core.registry import load_game, plugin


def test_every_optional_hook_is_a_declared_protocol_with_a_documented_default() -> None:
    assert set(OPTIONAL_HOOKS) == {"search.prior", "search.opponent", "search.policy_view", "search.greedy_answer",
                                   "search.determinizer", "metrics.vanilla", "metrics.styles", "metrics.coverage",
                                   "metrics.fixed_cards", "metrics.card_events", "metrics.power_band",
                                   "metrics.card_guidelines"}
    for name, proto in OPTIONAL_HOOKS.items():
        assert name.split(".")[1] in proto.__dict__.get("__annotations__", {}) or hasattr(proto, name.split(".")[1])
        assert "default" in (proto.__doc__ or ""), name


def test_the_shipped_games_declare_the_hooks_they_have() -> None:
    chant, destiny = plugin("chant").search_hooks(), plugin("destiny").search_hooks()
    assert isinstance(chant, HasPolicyView) and isinstance(chant, HasDeterminizer)
    assert isinstance(chant, HasGreedyAnswer) and isinstance(destiny, HasGreedyAnswer)
    assert isinstance(destiny, HasPrior) and isinstance(destiny, HasOpponent) and isinstance(destiny, HasDeterminizer)
    assert prior_weight(SearchConfig(), destiny) == destiny.prior != PRIOR
    assert opponent_model(SearchConfig(), destiny) == "policy"
    chant_metrics = metrics_for("chant")
    for proto in (HasVanilla, HasStyles, HasCoverage, HasFixedCards, HasCardEvents, HasPowerBand, HasCardGuidelines):
        assert isinstance(chant_metrics, proto), proto
    assert isinstance(metrics_for("destiny"), HasCardEvents)


def test_a_game_without_the_hooks_gets_the_defaults() -> None:
    toy = plugin("toy").search_hooks()
    assert toy is not None and not isinstance(toy, HasPrior | HasOpponent | HasPolicyView | HasGreedyAnswer
                                                      | HasDeterminizer)
    assert prior_weight(SearchConfig(), toy) == PRIOR
    assert opponent_model(SearchConfig(), toy) == DEFAULT_OPPONENT
    assert fixed_cards(load_game("toy")) == frozenset()


def test_a_skipped_feature_is_noted_in_one_line(caplog: pytest.LogCaptureFixture,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # a note is said once per process: earlier tests (the lab's toy runs) may have said these already
    monkeypatch.setattr(importlib.import_module("grimoire.core.plugin"), "_noted", set())
    game = load_game("toy")
    with caplog.at_level(logging.WARNING, logger="grimoire"):
        assert vanilla_tables(game, ["step1"], 0) == {"step1": None}
        assert vanilla_card_tables(game, ["step1"], 0) == {}
        assert coverage_spec(metrics_for("toy"), "toy") == []
        assert shifts(game, "step1", 1, {}) == []  # the example names no card_numbers: --suggest shifts none
    lines = [r.getMessage() for r in caplog.records]
    assert any("'toy' has no metrics.vanilla hook" in line and "--swap-with" in line for line in lines), lines
    assert any("'toy' has no metrics.coverage hook" in line for line in lines), lines
    assert any("'toy' has no card_numbers hook (docs/protocol.md 1.2)" in line for line in lines), lines
    assert all("\n" not in line for line in lines)


def test_the_terminal_summary_names_the_events_each_plugin_declares() -> None:
    from dataclasses import replace

    from grimoire.cli.play import striking
    from grimoire.core.decision import Event
    from grimoire.core.registry import register

    chant, destiny, toy = load_game("chant"), load_game("destiny"), load_game("toy")
    assert striking(chant, Event("attack", 0)) and striking(chant, Event("damage", 1, (3, 1, 3, 17)))
    assert not striking(chant, Event("draw", 0))
    assert striking(destiny, Event("direct", 0)) and striking(destiny, Event("recover", 1, (1, 9)))
    assert striking(toy, Event("trip", 0, ("c1",))) and not striking(toy, Event("play", 0, ("c1", 3)))
    declared = plugin("toy")
    register(replace(declared, summary_events=()))
    try:  # a game that declares nothing gets the moves only, whatever its events are called
        assert not striking(load_game("toy"), Event("trip", 0, ("c1",)))
    finally:
        register(declared)
