"""Rules options (variants) as validated, frozen configuration.

Each game declares its options as :class:`OptionSpec` s; :func:`resolve_options`
fills defaults and rejects unknown names and bad values with a one-line error.

>>> specs = (OptionSpec("starting_life", 20, "Life at the start", minimum=1),
...          OptionSpec("first_player", "coin", "Who goes first", choices=("coin", "0", "1")))
>>> resolve_options(specs, {"starting_life": 30})
{'starting_life': 30, 'first_player': 'coin'}
>>> resolve_options(specs, {"lifee": 3})
Traceback (most recent call last):
...
grimoire.core.errors.OptionsError: unknown rules option 'lifee'; known: starting_life, first_player
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionsError


@dataclass(frozen=True)
class OptionSpec:
    """One rules option: name, default (its type is the option's type), help text."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def coerce(self, value: Any) -> Any:
        """Convert ``value`` (possibly a string from a command line) to the option's type."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, str):
                low = value.strip().lower()
                if low in ("1", "true", "yes", "on"):
                    return True
                if low in ("0", "false", "no", "off"):
                    return False
                raise OptionsError(f"rules option {self.name!r} wants true or false, got {value!r}")
            if isinstance(value, bool):
                return value
            raise OptionsError(f"rules option {self.name!r} wants true or false, got {value!r}")
        if kind is int:
            if isinstance(value, bool):
                raise OptionsError(f"rules option {self.name!r} wants an integer, got {value!r}")
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise OptionsError(f"rules option {self.name!r} wants an integer, got {value!r}") from None
            if self.minimum is not None and number < self.minimum:
                raise OptionsError(f"rules option {self.name!r} must be at least {self.minimum}, got {number}")
            if self.maximum is not None and number > self.maximum:
                raise OptionsError(f"rules option {self.name!r} must be at most {self.maximum}, got {number}")
            return number
        text = str(value)
        if self.choices and text not in self.choices:
            choices = ", ".join(map(str, self.choices))
            raise OptionsError(f"rules option {self.name!r} must be one of {choices}, got {value!r}")
        return text


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``given``; every value checked."""
    by_name = {s.name: s for s in specs}
    result = {s.name: s.default for s in specs}
    for name, value in (given or {}).items():
        spec = by_name.get(name)
        if spec is None:
            raise OptionsError(f"unknown rules option {name!r}; known: {', '.join(by_name)}")
        result[name] = spec.coerce(value)
    return result


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """Parse ``name=value`` strings from a command line.

    >>> parse_option_pairs(["exclusive_placement=true"])
    {'exclusive_placement': 'true'}
    """
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionsError(f"rules option {pair!r} is not of the form name=value")
        out[name.strip()] = value.strip()
    return out
