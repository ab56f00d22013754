"""Card tables written as TOML, in the style of the shipped card files (the standard library only reads TOML).

>>> print(dump_cards([{"id": "spark", "name": {"ja": "火花", "en": "Spark"}, "chant": 1,
...                    "effects": [{"on": "activate", "op": "draw", "n": 1, "filter": {"owner": "opponent"}}]}]))
[[cards]]
id = "spark"
name.ja = "火花"
name.en = "Spark"
chant = 1
<BLANKLINE>
[[cards.effects]]
on = "activate"
op = "draw"
n = 1
filter = { owner = "opponent" }
<BLANKLINE>
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def string(text: str) -> str:
    """A TOML basic string (quotes, backslashes and control characters escaped).

    >>> string('say "hi"\\n')
    '"say \\\\"hi\\\\"\\\\n"'
    """
    out = []
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def key(name: str) -> str:
    """A bare key, or a quoted one."""
    return name if _BARE.match(name) else string(name)


def value(item: Any) -> str:
    """A TOML value: string, integer, boolean, list or inline table."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, str):
        return string(item)
    if isinstance(item, Mapping):
        return "{ " + ", ".join(f"{key(k)} = {value(v)}" for k, v in item.items()) + " }" if item else "{}"
    if isinstance(item, list | tuple):
        return "[" + ", ".join(value(v) for v in item) + "]"
    raise TypeError(f"cannot write {type(item).__name__} as TOML")


def _table_lines(table: Mapping[str, Any], skip: str) -> list[str]:
    lines: list[str] = []
    for name, item in table.items():
        if name == skip or item is None:
            continue
        if isinstance(item, Mapping) and item and set(item) <= {"ja", "en"}:
            lines.extend(f"{key(name)}.{lang} = {value(text)}" for lang, text in item.items())
        else:
            lines.append(f"{key(name)} = {value(item)}")
    return lines


def dump_cards(cards: Iterable[Mapping[str, Any]], header: str = "") -> str:
    """``[[cards]]`` tables (each with its ``[[cards.effects]]``) as TOML text."""
    out = [f"# {line}".rstrip() for line in header.splitlines()]
    for card in cards:
        if out:
            out.append("")
        out.append("[[cards]]")
        out.extend(_table_lines(card, "effects"))
        for effect in card.get("effects") or ():
            out += ["", "[[cards.effects]]", *_table_lines(effect, "")]
    return "\n".join(out) + "\n"
