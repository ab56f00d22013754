"""Plain-text deck lists a person can write by hand, and their validation.

Format::

    # comment; blank lines are ignored
    name: 炎の書 / Fire
    [library]            # a section header (the game names its sections and aliases)
    3 火球                # "<count> <card>": Japanese name, English name or id
    [forbidden]
    1 天上の劫火

A comment line ``# kind: answer`` (lower-case kind, one-word answer) declares the deck's
answer to a set-up decision of that kind, e.g. Destiny's ``# ability: chimyaku_no_hako``:
every surface that plays the deck answers with it (see :mod:`grimoire.core.setup_choices`).

Errors name the file and line and the broken rule.

>>> rules = DeckRules((Section("library", ("書庫",), exact=2, max_copies=3, kinds=("library",)),))
>>> cards = {"a": ("a", "library"), "b": ("b", "library")}
>>> lookup = lambda name: cards.get(name)
>>> build_deck(parse_deck_text("1 a\\n1 b\\n"), rules, lookup).sections["library"]
['a', 'b']
>>> build_deck(parse_deck_text("3 a\\n"), rules, lookup)
Traceback (most recent call last):
...
grimoire.core.errors.DeckError: <deck>: library must have exactly 2 cards, has 3
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import DeckError
from .safeio import DECK_LIMIT, printable, read_text

_LINE = re.compile(r"^(\d+)\s*[xX×]?\s+(.+?)\s*$")
_HEADER = re.compile(r"^\[(.+)\]$")
_CHOICE = re.compile(r"^#\s*([a-z_]+)\s*:\s*([A-Za-z0-9_\-]+)\s*$")

#: A deck's declared set-up choices: ``(decision kind, answer)`` pairs, e.g. ``(("ability", "chimyaku_houki"),)``.
Choices = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class DeckLine:
    """One ``count name`` line of a deck list, with its section and line number."""

    count: int
    name: str
    section: str
    line: int


@dataclass
class DeckList:
    """A parsed but not yet validated deck list."""

    source: str
    name: str
    lines: list[DeckLine]
    choices: Choices = ()


@dataclass(frozen=True)
class Section:
    """A deck section: its name, header aliases, size bounds, copy limit, card kinds."""

    name: str
    aliases: tuple[str, ...] = ()
    exact: int | None = None
    minimum: int = 0
    maximum: int | None = None
    max_copies: int = 3
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class DeckRules:
    """A game's deck sections; the first is the default section."""

    sections: tuple[Section, ...]

    def section(self, header: str) -> Section | None:
        """The section a ``[header]`` names, by name or alias (case-insensitive)."""
        low = header.strip().lower()
        for s in self.sections:
            if low == s.name.lower() or low in (a.lower() for a in s.aliases):
                return s
        return None


@dataclass
class Deck:
    """A validated deck: card ids per section, in list order, and its declared set-up choices."""

    name: str
    sections: dict[str, list[str]] = field(default_factory=dict)
    #: the deck's answers to set-up decisions (``# kind: answer`` lines), played by every surface
    choices: Choices = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "sections": {k: list(v) for k, v in self.sections.items()}}
        if self.choices:
            out["choices"] = {kind: answer for kind, answer in self.choices}
        return out

    @classmethod
    def from_json(cls, data: Any) -> Deck:
        if not isinstance(data, dict) or not isinstance(data.get("sections"), dict):
            raise DeckError("<record>", None, "deck must be an object with 'sections'")
        sections = data["sections"]
        if not all(isinstance(v, list) and all(isinstance(c, str) for c in v) for v in sections.values()):
            raise DeckError("<record>", None, "each deck section must be a list of card ids")
        name = data.get("name", "")
        if not isinstance(name, str):
            raise DeckError("<record>", None, "a deck's name must be a string")
        choices = data.get("choices", {})
        if not isinstance(choices, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                    for k, v in choices.items()):
            raise DeckError("<record>", None, "a deck's choices must map decision kinds to answers")
        return cls(printable(name), {str(k): list(v) for k, v in sections.items()},
                   tuple(sorted((printable(k), printable(v)) for k, v in choices.items())))

    def all_cards(self) -> list[str]:
        """Every card id over all sections."""
        return [c for cards in self.sections.values() for c in cards]


def declared_choices(text: str) -> Choices:
    """The ``# kind: answer`` lines of a deck list: its answers to set-up decisions of that kind
    (a kind named twice: the last line counts), sorted by kind.

    >>> declared_choices("# Splash: cheap attackers\\n# ability: chimyaku_kijutsu\\nname: x")
    (('ability', 'chimyaku_kijutsu'),)
    """
    found: dict[str, str] = {}
    for line in text.splitlines():
        m = _CHOICE.match(line.strip())
        if m:
            found[m.group(1)] = m.group(2)
    return tuple(sorted(found.items()))


def parse_deck_text(text: str, source: str = "<deck>", default_section: str = "library",
                    rules: DeckRules | None = None) -> DeckList:
    """Parse a deck list; syntax errors name the line."""
    section = rules.sections[0].name if rules else default_section
    name = ""
    lines: list[DeckLine] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip().replace("\u3000", " ")
        if not line:
            continue
        if line.lower().startswith("name:") or line.startswith("名前:") or line.startswith("名前："):
            name = printable(line.split(":", 1)[-1].split("：", 1)[-1].strip())
            continue
        header = _HEADER.match(line)
        if header:
            if rules is not None:
                found = rules.section(header.group(1))
                if found is None:
                    known = ", ".join(s.name for s in rules.sections)
                    raise DeckError(source, number, f"unknown section [{header.group(1)}]; sections: {known}")
                section = found.name
            else:
                section = header.group(1).strip()
            continue
        match = _LINE.match(line)
        if not match:
            raise DeckError(source, number, f"expected '<count> <card name>', got {raw.strip()!r}")
        digits = match.group(1).lstrip("0") or "0"
        if len(digits) > 4:
            raise DeckError(source, number, f"count {digits[:8]}{'…' if len(digits) > 8 else ''} is too large")
        count = int(digits)
        if count < 1:
            raise DeckError(source, number, f"count must be at least 1, got {count}")
        lines.append(DeckLine(count, match.group(2), section, number))
    return DeckList(source, name, lines, declared_choices(text))


Lookup = Callable[[str], "tuple[str, str] | None"]


def build_deck(deck: DeckList, rules: DeckRules, lookup: Lookup) -> Deck:
    """Validate a parsed list against ``rules``.

    ``lookup(name)`` returns ``(card_id, kind)`` or None for an unknown card.
    """
    result = Deck(deck.name or Path(deck.source).stem, {s.name: [] for s in rules.sections}, deck.choices)
    copies: dict[tuple[str, str], int] = {}
    first_line: dict[tuple[str, str], int] = {}
    for entry in deck.lines:
        section = rules.section(entry.section)
        if section is None:
            raise DeckError(deck.source, entry.line, f"unknown section [{entry.section}]")
        found = lookup(entry.name)
        if found is None:
            raise DeckError(deck.source, entry.line, f"unknown card {entry.name!r}")
        card_id, kind = found
        if section.kinds and kind not in section.kinds:
            raise DeckError(deck.source, entry.line,
                            f"{entry.name!r} is a {kind} card and cannot be in the {section.name} section")
        key = (section.name, card_id)
        copies[key] = copies.get(key, 0) + entry.count
        first_line.setdefault(key, entry.line)
        if copies[key] > section.max_copies:
            raise DeckError(deck.source, entry.line, f"{entry.name!r}: {copies[key]} copies in {section.name}, "
                            f"at most {section.max_copies} allowed")
        result.sections[section.name].extend([card_id] * entry.count)
    for section in rules.sections:
        size = len(result.sections[section.name])
        if section.exact is not None and size != section.exact:
            raise DeckError(deck.source, None, f"{section.name} must have exactly {section.exact} cards, has {size}")
        if size < section.minimum:
            raise DeckError(deck.source, None, f"{section.name} must have at least {section.minimum} cards, has {size}")
        if section.maximum is not None and size > section.maximum:
            raise DeckError(deck.source, None, f"{section.name} may have at most {section.maximum} cards, has {size}")
    return result


def read_deck_file(path: str | Path, rules: DeckRules) -> DeckList:
    """Read and parse a deck file; a missing, unreadable, oversized or non-UTF-8 file (or a pipe or
    device, never waited on) is a DeckError."""
    p = Path(path)
    text = read_text(p, DECK_LIMIT, lambda reason: DeckError(str(p), None, reason), "deck file")
    return parse_deck_text(text, str(p), rules=rules)
