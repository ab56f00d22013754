"""The compact observation (per-card-kind counts per zone and the game's scalars) and the batched
environment (Gymnasium's vector API): what they hold, and that they are the single environments' own."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

from grimoire.core.encoding import CompactObserver, CompactRows
from grimoire.core.play import RandomAgent
from grimoire.core.rng import Chance
from grimoire.rl import BatchedEnv, SingleAgentEnv, raw_env

CASES = [("chant", {}), ("chant", {"starting_life": 300, "chant_cap": 7}),
         ("destiny", {}), ("destiny", {"starting_threads": 400, "attribute_wheel": "off"})]


def cards_by_uid(view: Any, found: dict[int, str] | None = None) -> dict[int, str]:
    """Every ``{"uid": …, "card": …}`` anywhere in a view: which card each uid the seat sees is."""
    found = {} if found is None else found
    if isinstance(view, dict):
        if isinstance(view.get("uid"), int) and isinstance(view.get("card"), str):
            found[view["uid"]] = view["card"]
        for value in view.values():
            cards_by_uid(value, found)
    elif isinstance(view, list | tuple):
        for value in view:
            cards_by_uid(value, found)
    return found


def compact_from_full(full: np.ndarray, full_names: list[str], compact_names: tuple[str, ...],
                      cards: dict[int, str], card_ids: list[str]) -> np.ndarray:
    """The compact observation worked out from the full one (its scalars and uid rows) and the view's cards."""
    at = {n: i for i, n in enumerate(compact_names)}
    out = np.zeros(len(compact_names), np.float32)
    first_row = full_names.index("uid.0.seen")
    out[:first_row] = full[:first_row]
    slot = {n: i for i, n in enumerate(full_names)}
    for uid, card in cards.items():
        if full[slot[f"uid.{uid}.seen"]] != 1:
            continue
        zone = next(n.split("=")[1] for n in full_names if n.startswith(f"uid.{uid}.zone=") and full[slot[n]] == 1)
        if zone == "area":  # Chant's chant area: counted as chanting or ready
            zone = "ready" if full[slot[f"uid.{uid}.ready"]] == 1 else "chanting"
        owner = "me" if full[slot[f"uid.{uid}.mine"]] == 1 else "opp"
        out[at[f"{owner}.{zone}.{card}"]] += 0.25
        out[at[f"uid.{uid}.card"]] = (card_ids.index(card) + 1) / len(card_ids)
    return out


@pytest.mark.parametrize(("name", "options"), CASES)
def test_the_compact_observation_counts_what_the_full_one_shows_at_every_step(name: str,
                                                                              options: dict[str, Any]) -> None:
    compact, full = raw_env(name, options=options), raw_env(name, options=options, observation="full")
    game = compact.table.game
    card_ids = sorted(game.pool.by_id)
    names = list(full.observation_names)
    pick = Chance.seeded(12)
    counts = slice(names.index("uid.0.seen"), compact.observation_names.index("uid.0.card"))
    compared = counted = 0
    for seed in range(5):
        compact.reset(seed=seed)
        full.reset(seed=seed)
        while (decision := game.decision(compact.table.state)) is not None:
            for seat in (0, 1):
                got = compact.table.observe(seat)
                want = full.table.observe(seat)
                cards = cards_by_uid(game.view(compact.table.state, seat))
                expected = compact_from_full(want["observation"], names, compact.observation_names, cards, card_ids)
                assert np.array_equal(got["observation"], np.clip(expected, -10, 10)), (seed, seat)
                assert np.array_equal(got["action_mask"], want["action_mask"])
                compared += 1
                counted += int(np.count_nonzero(got["observation"][counts]))
            action = int(pick.below(len(decision.options)))
            oid = decision.options[action].id
            compact.step(compact.table.catalogue.index(oid))
            full.step(full.table.catalogue.index(oid))
    assert compared > 300 and counted > 0


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_the_compact_observation_is_the_default_and_smaller(name: str) -> None:
    compact, full = SingleAgentEnv(name, opponent="random"), SingleAgentEnv(name, opponent="random", observation="full")
    assert compact.table.observation == "compact"
    size = compact.observation_space["observation"].shape[0]
    assert size == len(compact.observation_names) < full.observation_space["observation"].shape[0] / 2
    assert compact.observation_names[0] == full.observation_names[0] == "turn"
    assert sum(n.startswith("uid.") for n in compact.observation_names) == sum(
        n.endswith(".seen") for n in full.observation_names)  # one slot per card instance: which card it is
    assert gymnasium.make(f"grimoire/{name}-v1", opponent="random").observation_space == full.observation_space
    assert gymnasium.make(f"grimoire/{name}-v2", opponent="random").observation_space == compact.observation_space


def test_bad_observation_and_batch_arguments_are_one_line_errors() -> None:
    with pytest.raises(ValueError, match="^observation must be one of compact, full, got 'tiny'$"):
        SingleAgentEnv("chant", observation="tiny")
    with pytest.raises(ValueError, match="observation must be one of"):
        raw_env("destiny", observation="")
    with pytest.raises(ValueError, match="^num_envs must be a whole number of at least 1, got 0$"):
        BatchedEnv("destiny", num_envs=0)
    envs = BatchedEnv("destiny", num_envs=2, opponent="random")
    envs.reset(seed=1)
    with pytest.raises(ValueError, match="^step needs 2 actions, got 3$"):
        envs.step([0, 0, 0])
    with pytest.raises(ValueError, match="^reset needs 2 seeds, got 1$"):
        envs.reset(seed=[4])


@pytest.mark.parametrize(("name", "observation"), [("chant", "compact"), ("destiny", "compact"), ("destiny", "full")])
def test_the_batched_env_plays_the_games_of_single_envs_with_same_step_autoreset(name: str, observation: str) -> None:
    n = 3
    batched = BatchedEnv(name, num_envs=n, opponent="random", seat="random", observation=observation)
    singles = [SingleAgentEnv(name, opponent="random", seat="random", observation=observation) for _ in range(n)]
    obs, info = batched.reset(seed=20)
    firsts = [s.reset(seed=20 + i)[0] for i, s in enumerate(singles)]
    assert info == {} and batched.observation_space.contains(obs)
    for i in range(n):
        assert np.array_equal(obs["observation"][i], firsts[i]["observation"])
        assert np.array_equal(obs["action_mask"][i], firsts[i]["action_mask"])
    pick = Chance.seeded(3)
    ended = illegal = 0
    for step in range(1500):
        masks = batched.action_masks()
        assert np.array_equal(masks, obs["action_mask"].astype(bool)) and masks.any(axis=1).all()
        assert list(batched.seats) == [s.seat for s in singles]
        actions = []
        for i in range(n):
            legal = np.flatnonzero(masks[i])
            wrong = step % 97 == 0 and i == 1  # now and then an action outside the mask
            actions.append(int(np.flatnonzero(~masks[i])[0]) if wrong else int(legal[pick.below(len(legal))]))
        obs, rewards, terminations, truncations, info = batched.step(np.array(actions))
        assert not truncations.any() and rewards.dtype == np.float32
        for i, s in enumerate(singles):
            one, reward, done, _, one_info = s.step(actions[i])
            assert (rewards[i], terminations[i]) == (reward, done)
            if done:
                ended += 1
                assert info["_final_obs"][i] and info["_final_info"][i]
                assert np.array_equal(info["final_obs"]["observation"][i], one["observation"])
                assert np.array_equal(info["final_obs"]["action_mask"][i], one["action_mask"])
                if one_info.get("illegal"):
                    illegal += 1
                    assert info["final_info"]["illegal"][i] and reward == -1
                else:
                    assert info["final_info"]["reason"][i] == one_info["reason"]
                one, _ = s.reset()  # SAME_STEP: the row is already the next game's
            else:
                assert not info or not info["_final_obs"][i]
            assert np.array_equal(obs["observation"][i], one["observation"]), (step, i)
            assert np.array_equal(obs["action_mask"][i], one["action_mask"]), (step, i)
    assert ended > 5 and illegal > 3


def test_make_vec_of_the_v2_id_is_the_batched_env() -> None:
    envs = gymnasium.make_vec("grimoire/destiny-v2", num_envs=4, opponent="random")
    assert isinstance(envs, BatchedEnv) and envs.num_envs == 4
    obs, _ = envs.reset(seed=2)
    assert obs["observation"].shape == (4, len(envs.observation_names))
    if hasattr(gymnasium.vector, "AutoresetMode"):
        assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP


@pytest.mark.parametrize("name", ["chant", "destiny"])
def test_the_random_opponent_plays_the_same_games_without_building_its_view(name: str) -> None:
    class Viewing(RandomAgent):  # not the random agent itself: asked through its view, as any agent is
        views = 0

        def choose(self, game: Any, view: Any, decision: Any, chance: Chance) -> str:
            Viewing.views += 1
            return super().choose(game, view, decision, chance)

    def trace(opponent: Any) -> list[Any]:
        e = SingleAgentEnv(name, opponent=opponent, seat="random")
        seen: list[Any] = []
        for seed in range(3):
            obs, _ = e.reset(seed=seed)
            done = False
            while not done:
                obs, reward, done, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
                seen.append((obs["observation"].tobytes(), reward))
        return seen

    assert trace("random") == trace(Viewing()) and Viewing.views > 20


@pytest.mark.parametrize(("name", "options"), CASES)
def test_the_compact_observer_gives_observe_compact_clipped_whatever_it_observed_before(
        name: str, options: dict[str, Any]) -> None:
    # one observer for both seats and two games played in turn: every call compares every zone with its copy
    tables = [raw_env(name, options=options).table, raw_env(name, options=options).table]
    encoding, game = tables[0].compact, tables[0].game
    assert encoding is not None and tables[0].observers is not None
    observer = tables[0].observers[0]
    pick = Chance.seeded(5)
    compared = 0
    for seed in range(4):
        for i, table in enumerate(tables):
            table.new_game(100 * seed + i)
        while any(game.decision(t.state) is not None for t in tables):
            for table in tables:
                decision = game.decision(table.state)
                if decision is None:
                    continue
                for _ in range(pick.below(3)):
                    seat = pick.below(2)
                    mine = decision if decision.player == seat else None
                    got = np.frombuffer(observer.observe(table.state, seat, mine), np.float32)
                    want = np.clip(np.frombuffer(encoding.observe_compact(game, table.state, seat, mine, table.options),
                                                 np.float32), -10, 10)
                    assert np.array_equal(got, want), (seed, seat)
                    compared += 1
                game.apply_unchecked(table.state, decision.options[pick.below(len(decision.options))].id, [])
    assert compared > 300


class _Zones:
    """A compact source of two zones the test fills by hand (a uid may be in both)."""

    def __init__(self) -> None:
        self.rows = CompactRows(["x"], ["a", "b"], ["p", "q"], 60)
        self.ids = ["p"] * 50 + ["q"] * 10
        self.zones: list[list[int]] = [[], []]

    def compact_rows_for(self, game: Any, state: Any, options: Any) -> CompactRows:
        return self.rows

    def compact_ids(self, state: Any) -> list[str]:
        return self.ids

    def compact_scalars(self, state: Any, seat: int, decision: Any, out: Any) -> None:
        out[0] = 0.5

    def compact_zones(self, state: Any, seat: int) -> list[list[int]]:
        return self.zones


def test_the_compact_observer_clips_a_crowded_zone_and_keeps_a_card_shown_in_two_zones() -> None:
    source = _Zones()
    observer = CompactObserver(source, None)  # type: ignore[arg-type]
    names = source.rows.layout.names
    source.zones = [list(range(50)), [3, 55]]  # 50 copies of p in a: 12.5, clipped to 10
    got = dict(zip(names, observer.observe(None, 0, None), strict=True))
    assert (got["x"], got["a.p"], got["a.q"], got["b.p"], got["b.q"]) == (0.5, 10.0, 0.0, 0.25, 0.25)
    assert got["uid.3.card"] == 0.5 and got["uid.55.card"] == 1.0 and got["uid.56.card"] == 0.0
    source.zones = [[], [3, 55]]  # uid 3 leaves a but is still in b
    got = dict(zip(names, observer.observe(None, 0, None), strict=True))
    assert (got["a.p"], got["b.p"], got["uid.3.card"], got["uid.4.card"]) == (0.0, 0.25, 0.5, 0.0)
    source.zones = [[], []]
    assert list(observer.observe(None, 0, None)) == [0.5] + [0.0] * (len(names) - 1)
