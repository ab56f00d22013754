"""Chance: seeded, cloneable, serialisable; scripted and board sources."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire.core.errors import OptionsError
from grimoire.core.rng import Chance, make_chance


def test_same_seed_same_sequence() -> None:
    a, b = Chance.seeded(123), Chance.seeded(123)
    assert [a.next64() for _ in range(50)] == [b.next64() for _ in range(50)]


def test_different_seeds_differ() -> None:
    assert [Chance.seeded(1).next64() for _ in range(3)] != [Chance.seeded(2).next64() for _ in range(3)]


def test_clone_is_independent() -> None:
    a = Chance.seeded(5)
    a.next64()
    b = a.clone()
    assert b == a
    b.next64()
    assert b != a


def test_json_round_trip_continues_the_sequence() -> None:
    a = Chance.seeded(9)
    a.below(10)
    b = Chance.from_json(a.to_json())
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Chance.seeded(seed).shuffle(shuffled)
    assert Counter(shuffled) == Counter(items)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_below_is_in_range(seed: int, n: int) -> None:
    c = Chance.seeded(seed)
    assert all(0 <= c.below(n) < n for _ in range(20))


def test_coin_is_roughly_fair() -> None:
    c = Chance.seeded(2024)
    heads = sum(c.coin() for _ in range(10_000))
    assert 4_700 < heads < 5_300


def test_scripted_source_reads_its_script_then_falls_back() -> None:
    c = Chance.scripted([1, 0, 4])
    assert c.coin() is True
    assert c.coin() is False
    assert c.below(3) == 1  # 4 % 3
    assert c.pos == 3
    c.coin()  # falls back to the PRNG without error
    assert c.pos == 3


def test_board_source_heads_on_even_last_second_digit() -> None:
    c = Chance.board(["2026/11/29 12:00:04", "12:00:17", 30, "59"])
    assert [c.coin(), c.coin(), c.coin(), c.coin()] == [True, False, True, False]


def test_board_source_rejects_a_time_without_seconds() -> None:
    with pytest.raises(OptionsError, match="no seconds"):
        Chance.board(["noon"])


def test_unknown_source_is_named() -> None:
    with pytest.raises(OptionsError, match="'dice'"):
        make_chance("dice", 1)
    with pytest.raises(OptionsError, match="'dice'"):
        Chance.from_json({"kind": "dice"})


def _splitmix64(state: int) -> tuple[int, int]:
    """Reference SplitMix64 (Steele, Lea and Flood 2014) on unbounded ints: (new state, output)."""
    mask = (1 << 64) - 1
    state = (state + 0x9E3779B97F4A7C15) & mask
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return state, z ^ (z >> 31)


def test_prng_is_splitmix64_with_its_published_outputs() -> None:
    c = Chance.seeded(0)
    assert [c.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=2**40))
def test_below_coin_and_shuffle_follow_the_reference_stream(seed: int, n: int) -> None:
    """Every draw is the reference formula on the SplitMix64 stream, in either build (pure or compiled)."""
    c = Chance.seeded(seed)
    state = seed
    for _ in range(4):
        state, out = _splitmix64(state)
        assert c.below(n) == (out * n) >> 64
        state, out = _splitmix64(state)
        assert c.coin() is (out >> 63 == 0)
        assert c.state == state
    items = list(range(12))
    c.shuffle(items)
    expected = list(range(12))
    for i in range(11, 0, -1):
        state, out = _splitmix64(state)
        j = (out * (i + 1)) >> 64
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert Chance.from_json(c.to_json()) == c and c.clone() == c
