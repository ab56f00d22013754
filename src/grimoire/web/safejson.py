"""JSON from clients, parsed within limits: nesting depth, number size, no Infinity or NaN.

:func:`loads` raises :class:`JSONRefused` (a ``ValueError``) with a reason for anything
the limits refuse and for text that is not JSON; it never raises anything else and
never recurses deeper than the depth limit.

>>> loads('{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> loads("[" * 40 + "]" * 40)
Traceback (most recent call last):
...
grimoire.web.safejson.JSONRefused: JSON nested deeper than 16 levels
>>> loads('{"n": 1e400}')
Traceback (most recent call last):
...
grimoire.web.safejson.JSONRefused: a JSON number is out of range
>>> loads('{"n": Infinity}')
Traceback (most recent call last):
...
grimoire.web.safejson.JSONRefused: a JSON number is out of range
>>> loads("9" * 30)
Traceback (most recent call last):
...
grimoire.web.safejson.JSONRefused: a JSON number has more than 15 digits
>>> loads('{"name": "\\ud800"}')
Traceback (most recent call last):
...
grimoire.web.safejson.JSONRefused: a JSON string holds a lone surrogate (not Unicode text)
>>> loads("[" + "1," * 5000 + "1]")
Traceback (most recent call last):
...
grimoire.web.safejson.JSONRefused: JSON with more than 2000 items
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_ITEMS = re.compile(r"[,:]")
_SURROGATE = re.compile("[\ud800-\udfff]")


class JSONRefused(ValueError):
    """Client JSON that is malformed or outside the limits; ``kind`` is ``syntax``, ``utf8``,
    ``depth``, ``digits``, ``range``, ``items`` or ``surrogate``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (strings skipped).

    >>> depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    deepest = level = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def items(text: str) -> int:
    """How many object members and array elements ``text`` holds beyond the first of each (strings skipped).

    >>> items('{"a": 1, "b": [1, 2, ","]}')
    5
    """
    return len(_ITEMS.findall(_STRINGS.sub("", text)))


def loads(data: str | bytes, max_depth: int = 16, max_digits: int = 15, max_items: int = 2000) -> Any:
    """Parse client JSON within the limits (see the module docstring); every check that costs more than
    a pass of a regular expression over the text comes after the cheap ones, all before the parser."""
    if isinstance(data, (bytes, bytearray)):
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise JSONRefused("utf8", "the text is not UTF-8") from None
    else:
        text = data
    if depth(text) > max_depth:
        raise JSONRefused("depth", f"JSON nested deeper than {max_depth} levels")
    if items(text) > max_items:
        raise JSONRefused("items", f"JSON with more than {max_items} items")

    def number(digits: str, convert: type[int] | type[float]) -> int | float:
        if sum(c.isdigit() for c in digits) > max_digits:
            raise JSONRefused("digits", f"a JSON number has more than {max_digits} digits")
        value = convert(digits)
        if isinstance(value, float) and not math.isfinite(value):
            raise JSONRefused("range", "a JSON number is out of range")
        return value

    def constant(name: str) -> Any:
        raise JSONRefused("range", "a JSON number is out of range")

    try:
        value = json.loads(text, parse_int=lambda s: number(s, int), parse_float=lambda s: number(s, float),
                           parse_constant=constant)
    except JSONRefused:
        raise
    except (ValueError, RecursionError):
        raise JSONRefused("syntax", "not JSON") from None
    if _SURROGATE.search(text) or ("\\u" in text and _has_surrogate(value)):
        raise JSONRefused("surrogate", "a JSON string holds a lone surrogate (not Unicode text)")
    return value


def _has_surrogate(value: Any) -> bool:
    """Whether a parsed value holds a string (or key) with a surrogate code point, which no UTF-8 text can carry."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False
