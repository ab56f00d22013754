"""Messages in Japanese (default) and English.

A message is a key plus arguments. Templates use ``{0}``, ``{1}``… for raw arguments
and ``{c0}``, ``{c1}``… for an argument that is a card id, rendered as that card's
name in the chosen language.

>>> cat = Catalog({"opt.place": {"ja": "{c0}を置く", "en": "Place {c0}"}})
>>> names = {"fireball": {"ja": "火球", "en": "Fireball"}}
>>> cat.render("opt.place", ("fireball",), "ja", lambda cid, lang: names[cid][lang])
'火球を置く'
>>> cat.render("missing.key", (1,), "en", lambda c, l: c)
'missing.key 1'

Word arguments listed in the catalog's ``terms`` (attributes, reasons…) render in the
chosen language wherever they appear:

>>> cat = Catalog({"ev.win": {"ja": "{0}の勝ち（{1}）", "en": "{0} wins ({1})"}}, {"life": ("ライフ切れ", "life")})
>>> cat.render("ev.win", ("P1", "life"), "ja", lambda c, l: c)
'P1の勝ち（ライフ切れ）'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

LANGS = ("ja", "en")
NameFn = Callable[[str, str], str]
_FORMATTER = string.Formatter()


def check_lang(lang: str) -> str:
    """Return ``lang`` if supported, else raise ValueError naming the choices."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    return lang


class Catalog:
    """Message templates per key and language, merged from several sources."""

    def __init__(self, entries: Mapping[str, Mapping[str, str]] | None = None,
                 terms: Mapping[str, tuple[str, str]] | None = None) -> None:
        self.entries: dict[str, dict[str, str]] = {}
        self.terms: dict[str, tuple[str, str]] = dict(terms or {})
        if entries:
            self.update(entries)

    def term(self, word: str, lang: str) -> str | None:
        """A word argument in ``lang``, or None if it is not a known term."""
        pair = self.terms.get(word)
        return None if pair is None else pair[0 if lang == "ja" else 1]

    def has(self, key: str) -> bool:
        """Whether ``key`` has a template."""
        return key in self.entries

    def update(self, entries: Mapping[str, Mapping[str, str]]) -> None:
        """Add or replace templates."""
        for key, by_lang in entries.items():
            self.entries.setdefault(key, {}).update(by_lang)

    def render(self, key: str, args: tuple[Any, ...], lang: str, name: NameFn) -> str:
        """Render ``key`` with ``args`` in ``lang``; unknown keys fall back to the key."""
        by_lang = self.entries.get(key)
        if by_lang is None:
            return " ".join([key, *map(str, args)])
        template = by_lang.get(lang) or by_lang.get("en") or next(iter(by_lang.values()))
        cards = {}
        for _, field, _, _ in _FORMATTER.parse(template):
            if field and field[0] == "c" and field[1:].isdigit():
                idx = int(field[1:])
                cards[field] = name(str(args[idx]), lang) if idx < len(args) else "?"
        shown = [self.term(a, lang) or a if isinstance(a, str) else a for a in args]
        return template.format(*shown, **cards)
