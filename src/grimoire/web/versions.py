"""Versions of a saved card: a change to a card a stored game used is a new version with a new id.

The stored games name cards by id, so the version they were played with must stay in the rules
for them to replay; deck lists name cards by name, so only one card may bear the name. The new
version takes the id ``{id}_v{n}`` (the next free one) and the name; the old one is *superseded*:
out of the pool and refused in new decks (as a withdrawn card is), still in the rules under its
id, its name there marked with its version — 「小さな火花（v1）」 / "Little Spark (v1)" — so that a
deck list naming 小さな火花 means the current version, and a replay of an old game shows which
version it was played with.

>>> version_of("spark"), version_of("spark_v3"), next_id("spark", {"spark", "spark_v2"}), next_id("spark_v2", set())
(1, 3, 'spark_v3', 'spark_v3')
>>> versioned({"id": "spark", "name": {"ja": "火花", "en": "Spark"}})["name"]
{'ja': '火花（v1）', 'en': 'Spark (v1)'}
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable
from typing import Any

from .storage import SavedCard

_SUFFIX = re.compile(r"^(.*)_v(\d+)$")


def version_of(card_id: str) -> int:
    """The version number an id carries (1 for an id without ``_vN``)."""
    found = _SUFFIX.match(card_id)
    return int(found.group(2)) if found else 1


def next_id(card_id: str, taken: Container[str]) -> str:
    """The id of the version after ``card_id``: ``{base}_v{n}``, the first one not ``taken``."""
    found = _SUFFIX.match(card_id)
    base, n = (found.group(1), int(found.group(2))) if found else (card_id, 1)
    n += 1
    while f"{base}_v{n}" in taken:
        n += 1
    return f"{base}_v{n}"


def versioned(table: dict[str, Any]) -> dict[str, Any]:
    """A superseded version's table for the rules: its names marked with its version."""
    mark = version_of(str(table.get("id", "")))
    name = table.get("name")
    if isinstance(name, dict):
        name = {lang: f"{text}（v{mark}）" if lang == "ja" else f"{text} (v{mark})" for lang, text in name.items()}
    elif isinstance(name, str):
        name = f"{name}（v{mark}）"
    return {**table, "name": name}


def rules_tables(saved: Iterable[SavedCard], superseding: str = "") -> dict[str, dict[str, Any]]:
    """The saved cards' tables for the rules, by id: superseded versions (and ``superseding``, the one a new
    version is about to replace) under their version-marked names."""
    return {c.id: versioned(c.table) if c.superseded or c.id == superseding else c.table for c in saved}
