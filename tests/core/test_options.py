"""Rules options: defaults, coercion from strings, one-line errors."""

import pytest

from grimoire.core.errors import OptionsError
from grimoire.core.options import OptionSpec, parse_option_pairs, resolve_options

SPECS = (
    OptionSpec("exclusive_placement", False, "variant"),
    OptionSpec("starting_life", 20, "life", minimum=1, maximum=99),
    OptionSpec("first_player", "coin", "who starts", choices=("coin", "0", "1")),
)


def test_defaults_and_string_values() -> None:
    got = resolve_options(SPECS, parse_option_pairs(["exclusive_placement=yes", "starting_life=30"]))
    assert got == {"exclusive_placement": True, "starting_life": 30, "first_player": "coin"}


@pytest.mark.parametrize(("given", "fragment"), [
    ({"nope": 1}, "unknown rules option 'nope'"),
    ({"starting_life": "x"}, "wants an integer"),
    ({"starting_life": 0}, "at least 1"),
    ({"starting_life": 100}, "at most 99"),
    ({"first_player": "2"}, "must be one of coin, 0, 1"),
    ({"exclusive_placement": "maybe"}, "wants true or false"),
])
def test_bad_values_are_refused(given: dict[str, object], fragment: str) -> None:
    with pytest.raises(OptionsError, match=fragment):
        resolve_options(SPECS, given)


def test_pair_without_equals_is_refused() -> None:
    with pytest.raises(OptionsError, match="name=value"):
        parse_option_pairs(["exclusive_placement"])
