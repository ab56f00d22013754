"""Every problem of a deck list at once, in the client's language (the deck builder and the lobby).

:meth:`~grimoire.core.cards.CardCatalog.deck_from_text` stops at the first problem;
the deck builder shows them all: syntax, unknown cards, cards in the wrong section, too
many copies, and each section's size against the deck rules.

>>> from grimoire.core.registry import load_game
>>> game = load_game("chant")
>>> found = problems(game, "4 火球\\n1 天上の劫火\\nfoo", "en")
>>> [(p["code"], p["line"]) for p in found]
[('copies', 1), ('kind', 2), ('syntax', 3), ('size', None)]
>>> found[0]["message"]
"'火球': 4 copies in library, at most 3 allowed"
>>> problems(game, game.cards.starter_deck("fire") and "", "ja")[0]["message"]
'書庫はちょうど 40 枚でなければなりません（いま 0 枚）'
>>> problems(game, "3 Firebal", "en")[0]["message"], nearest(game, "かきゅう")
("unknown card 'Firebal'; did you mean 'Fireball'?", None)

A deck list is screened before anything reads it (:func:`screen`): at most
:data:`MAX_DECK_TEXT` characters in :data:`MAX_DECK_LINES` lines, and a count of at most
:data:`MAX_COUNT_DIGITS` digits, so no list costs the server more than a few milliseconds;
only the first :data:`MAX_SUGGESTIONS` unknown names get a "did you mean".

>>> screen("9" * 5000 + " 火球")
Traceback (most recent call last):
...
grimoire.core.errors.DeckError: pasted deck:1: a count has at most 3 digits
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from grimoire.core.errors import DeckError
from grimoire.core.game import Game

from .errors import ClientError

_LINE = re.compile(r"^(\d+)\s*[xX×]?\s+(.+?)\s*$")
_HEADER = re.compile(r"^\[(.+)\]$")
_COUNT = re.compile(r"^[\s\u3000]*(\d+)")
#: A deck list's size: a deck of 60 cards with comments is well under 3,000 characters.
MAX_DECK_TEXT = 8000
MAX_DECK_LINES = 300
MAX_COUNT_DIGITS = 3
MAX_SUGGESTIONS = 8


def screen_size(text: str) -> None:
    """Refuse a deck list too long to read (:class:`ClientError`), before anything parses it."""
    if len(text) > MAX_DECK_TEXT or text.count("\n") >= MAX_DECK_LINES:
        raise ClientError("bad_message", "deck_long", chars=MAX_DECK_TEXT, lines=MAX_DECK_LINES)


def screen(text: str, source: str = "pasted deck") -> None:
    """Refuse a deck list too long to read (:class:`ClientError`) or with a count of more digits than any
    deck holds (:class:`DeckError` at its line), before anything parses it."""
    screen_size(text)
    for number, line in enumerate(text.splitlines(), start=1):
        count = _COUNT.match(line)
        if count and len(count.group(1)) > MAX_COUNT_DIGITS:
            raise DeckError(source, number, f"a count has at most {MAX_COUNT_DIGITS} digits")


def _problem(code: str, line: int | None, lang: str, **params: Any) -> dict[str, Any]:
    return {"code": code, "line": line, "message": ClientError("deck", f"deck_{code}", **params).message(lang)}


def section_name(game: Game[Any], section: str, lang: str) -> str:
    """A deck section's name for people: in Japanese its first Japanese alias (``[書庫]``), else its name."""
    found = game.cards.deck_rules.section(section)
    if lang == "ja" and found is not None:
        return next((a for a in found.aliases if not a.isascii()), section)
    return section


class NameIndex:
    """Card names (Japanese, English) and ids by the character pairs they hold, built once per card pool:
    a "did you mean" looks at the few names sharing the most pairs with the unknown one, not at all of them.

    >>> index = NameIndex(["Fireball", "Firewall", "Ice Bolt", "火球"])
    >>> index.nearest("Firebal"), index.nearest("火の球"), index.nearest("zzz")
    ('Fireball', '火球', None)
    """

    SHORTLIST = 6

    def __init__(self, names: list[str]) -> None:
        self.names = list(dict.fromkeys(n for n in names if n))
        self.by_pair: dict[str, list[int]] = {}
        for i, name in enumerate(self.names):
            for pair in _pairs(name):
                self.by_pair.setdefault(pair, []).append(i)

    def nearest(self, name: str) -> str | None:
        """The name most like ``name`` (difflib's ratio at least 0.5 among the shortlist), or None."""
        hits: dict[int, int] = {}
        for pair in _pairs(name.strip()):
            for i in self.by_pair.get(pair, ()):
                hits[i] = hits.get(i, 0) + 1
        shortlist = sorted(hits, key=lambda i: -hits[i])[:self.SHORTLIST]
        close = difflib.get_close_matches(name.strip(), [self.names[i] for i in shortlist], n=1, cutoff=0.5)
        return close[0] if close else None


def _pairs(text: str) -> set[str]:
    padded = f" {text.casefold()} "
    return {padded[i:i + 2] for i in range(len(padded) - 1)}


_INDEXES: dict[int, tuple[Any, NameIndex]] = {}


def name_index(game: Game[Any]) -> NameIndex:
    """The :class:`NameIndex` of ``game``'s card pool (built at its first use; a new pool gets a new one)."""
    pool = game.pool
    found = _INDEXES.get(id(pool))
    if found is None or found[0] is not pool:
        if len(_INDEXES) > 64:
            _INDEXES.clear()
        names: list[str] = []
        for card in pool:
            names.extend((card.name.ja, card.name.en, card.id))
        found = _INDEXES[id(pool)] = (pool, NameIndex(names))
    return found[1]


def nearest(game: Game[Any], name: str) -> str | None:
    """The card name (Japanese or English, as ``name`` is written) or id most like ``name``; None if none is close."""
    return name_index(game).nearest(name[:100])


def problems(game: Game[Any], text: str, lang: str, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every problem of the deck list ``text`` (``{code, line, message}``; empty: the deck is legal)."""
    rules = game.cards.deck_rules_for(options)
    section = rules.sections[0]
    found: list[dict[str, Any]] = []
    counts: dict[str, int] = {s.name: 0 for s in rules.sections}
    copies: dict[tuple[str, str], int] = {}
    suggested = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip().replace("\u3000", " ")
        if not line or line.lower().startswith("name:") or line.startswith(("名前:", "名前：")):
            continue
        header = _HEADER.match(line)
        if header:
            chosen = rules.section(header.group(1))
            if chosen is None:
                found.append(_problem("section", number, lang, header=header.group(1)[:40],
                                      known=", ".join(section_name(game, s.name, lang) for s in rules.sections)))
            else:
                section = chosen
            continue
        match = _LINE.match(line)
        if match and len(match.group(1)) > MAX_COUNT_DIGITS:
            found.append(_problem("count", number, lang, most=MAX_COUNT_DIGITS))
            continue
        if not match or int(match.group(1)) < 1:
            found.append(_problem("syntax", number, lang, text=line[:60]))
            continue
        count, name = int(match.group(1)), match.group(2)
        card = game.pool.find(name)
        if card is None:
            suggested += 1
            near = nearest(game, name) if suggested <= MAX_SUGGESTIONS else None
            if near is None:
                found.append(_problem("unknown", number, lang, name=name[:60]))
            else:
                found.append({**_problem("unknown_near", number, lang, name=name[:60], near=near), "near": near})
            continue
        kind = game.cards.card_kind(card.id)
        if section.kinds and kind not in section.kinds:
            found.append(_problem("kind", number, lang, name=card.name.get(lang),
                                  section=section_name(game, section.name, lang)))
            continue
        key = (section.name, card.id)
        before = copies.get(key, 0)
        copies[key] = before + count
        counts[section.name] += count
        if copies[key] > section.max_copies >= before:
            found.append(_problem("copies", number, lang, name=name, n=copies[key],
                                  section=section_name(game, section.name, lang), most=section.max_copies))
    for s in rules.sections:
        size = counts[s.name]
        shown = section_name(game, s.name, lang)
        if s.exact is not None and size != s.exact:
            found.append(_problem("size", None, lang, section=shown, want=s.exact, n=size))
        elif size < s.minimum:
            found.append(_problem("few", None, lang, section=shown, want=s.minimum, n=size))
        elif s.maximum is not None and size > s.maximum:
            found.append(_problem("many", None, lang, section=shown, want=s.maximum, n=size))
    found.sort(key=lambda p: (p["line"] is None, p["line"] or 0))
    return found


def rules_json(game: Game[Any], lang: str, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The deck rules for the deck builder: each section's name, size bounds, copy limit and card kinds."""
    return [{"name": s.name, "title": section_name(game, s.name, lang), "exact": s.exact, "minimum": s.minimum,
             "maximum": s.maximum, "max_copies": s.max_copies, "kinds": list(s.kinds)}
            for s in game.cards.deck_rules_for(options).sections]
