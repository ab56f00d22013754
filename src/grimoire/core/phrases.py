"""Phrases that print and read back: the one grammar of a game's rules text.

A phrase is a tuple of tokens: literal strings and slots (:class:`Num`, :class:`Plural`,
:class:`Article`, :class:`Name`, :class:`Names`, :class:`Opt`). :func:`render` prints a
phrase with values; a :class:`Grammar` compiles the same phrases into patterns and reads
text back into ``(key, values)``. A game writes each of its rules sentences once, as a
phrase, so that what Grimoire prints it can read, and a sentence it cannot read is
answered with the nearest phrasings it does understand.

Reading is tolerant of character width and spacing: text and phrases are compared after
Unicode NFKC normalisation (``１`` is ``1``, ``（`` is ``(``).

>>> phrase = ("カードを", Num("n"), "枚ドローする。")
>>> render(phrase, {"n": 2})
'カードを2枚ドローする。'
>>> render(phrase, {"n": 2}, digits="full")
'カードを２枚ドローする。'
>>> g = Grammar([("draw", phrase), ("gain", ("自身のライフを", Num("n"), "回復する。"))])
>>> g.match("カードを３枚ドローする。", 0)
('draw', {'n': 3}, 12)
>>> g.nearest("カードを1枚引く。", n=1)
['カードを1枚ドローする。']
>>> en = ("draw ", Num("n"), " ", Plural("n", "card", "cards"), ".")
>>> render(en, {"n": 1}), Grammar([("draw", en)], lang="en").match("Draw 2 cards.", 0)
('draw 1 card.', ('draw', {'n': 2}, 13))
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

FULL_DIGITS = str.maketrans("0123456789+-", "０１２３４５６７８９＋－")


@dataclass(frozen=True)
class Num:
    """A non-negative integer slot (``values[key]``); printed in ASCII or full-width digits."""

    key: str


@dataclass(frozen=True)
class Plural:
    """``one`` when ``values[key]`` is 1, else ``many`` (reads either)."""

    key: str
    one: str
    many: str


@dataclass(frozen=True)
class Article:
    """``a`` or ``an`` before the name in ``values[key]`` (English)."""

    key: str


@dataclass(frozen=True)
class Name:
    """One name (``values[key]``) between ``open`` and ``close`` (empty: unquoted)."""

    key: str
    open: str = "「"
    close: str = "」"


@dataclass(frozen=True)
class Names:
    """Several quoted names (``values[key]``, a sequence): ``「a」「b」`` or ``"a", "b" or "c"``.

    ``gloss`` (a key of ``values`` holding a function name -> text or None) adds `` (gloss)``
    after each name in the English style; reading ignores the glosses.
    """

    key: str
    style: str = "ja"
    gloss: str | None = None


@dataclass(frozen=True)
class Opt:
    """Literal ``text`` printed when ``values[key]`` is true; optional when reading."""

    key: str
    text: str


Token = str | Num | Plural | Article | Name | Names | Opt
Phrase = tuple[Token, ...]


def normalize(text: str) -> str:
    """NFKC with every run of whitespace as one space, stripped: how texts are compared and read.

    >>> normalize(" カードを１枚\\n 引く。 ")
    'カードを1枚 引く。'
    """
    return " ".join(unicodedata.normalize("NFKC", text).split())


def same_text(a: str, b: str) -> bool:
    """Whether two rules texts say the same, ignoring width and spacing.

    >>> same_text("そのパワー＋２。", "そのパワー+2。"), same_text("a", "b")
    (True, False)
    """
    return "".join(normalize(a).split()) == "".join(normalize(b).split())


def _article(name: str) -> str:
    return "an" if name[:1].lower() in "aeiou" else "a"


def _names(token: Names, values: Mapping[str, Any]) -> str:
    names = list(values[token.key])
    if token.style == "ja":
        return "".join(f"「{n}」" for n in names)
    gloss: Callable[[str], str | None] | None = values.get(token.gloss) if token.gloss else None
    parts = []
    for n in names:
        extra = gloss(n) if gloss else None
        parts.append(f'"{n}"' + (f" ({extra})" if extra else ""))
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def render(phrase: Sequence[Token], values: Mapping[str, Any], digits: str = "ascii") -> str:
    """The phrase printed with ``values`` (``digits="full"``: numbers in full-width digits)."""
    out: list[str] = []
    for token in phrase:
        if isinstance(token, str):
            out.append(token)
        elif isinstance(token, Num):
            text = str(values[token.key])
            out.append(text.translate(FULL_DIGITS) if digits == "full" else text)
        elif isinstance(token, Plural):
            out.append(token.one if values[token.key] == 1 else token.many)
        elif isinstance(token, Article):
            out.append(_article(str(values[token.key])))
        elif isinstance(token, Name):
            out.append(f"{token.open}{values[token.key]}{token.close}")
        elif isinstance(token, Names):
            out.append(_names(token, values))
        elif values.get(token.key):
            out.append(token.text)
    return "".join(out)


def _literal(text: str) -> str:
    pieces = re.split(r"(\s+)", unicodedata.normalize("NFKC", text))
    return "".join(r"\s+" if piece.isspace() else re.escape(piece) for piece in pieces if piece)


_JA_NAMES = r"((?:\s*「[^」]+」)+)"
_EN_NAMES = r'("[^"]+"(?:\s*\([^)]*\))?(?:(?:\s*,\s*or\s+|\s*,\s*|\s+or\s+)"[^"]+"(?:\s*\([^)]*\))?)*)'


def compile_phrase(phrase: Sequence[Token], flags: int = 0) -> tuple[re.Pattern[str], list[tuple[str, str]]]:
    """A pattern reading ``phrase`` (normalised text) and its groups as ``(kind, key)`` pairs."""
    pattern: list[str] = []
    groups: list[tuple[str, str]] = []
    seen: set[str] = set()
    for token in phrase:
        if isinstance(token, str):
            pattern.append(_literal(token))
        elif isinstance(token, Num):
            if token.key in seen:
                pattern.append(rf"\s*(?P={_group(token.key)})\s*")
            else:
                pattern.append(rf"\s*(?P<{_group(token.key)}>\d+)\s*")
                groups.append(("num", token.key))
                seen.add(token.key)
        elif isinstance(token, Plural):
            options = sorted({normalize(token.one), normalize(token.many)}, key=len, reverse=True)
            pattern.append("(?:" + "|".join(re.escape(o) for o in options) + ")")
        elif isinstance(token, Article):
            pattern.append("an?")
        elif isinstance(token, Name):
            pattern.append(_literal(token.open) + rf"(?P<{_group(token.key)}>.+?)" + _literal(token.close))
            groups.append(("name", token.key))
        elif isinstance(token, Names):
            names = _JA_NAMES if token.style == "ja" else _EN_NAMES
            pattern.append(names.replace("(", f"(?P<{_group(token.key)}>", 1))
            groups.append(("names", token.key))
        else:
            pattern.append("(?:" + _literal(token.text) + ")?")
    return re.compile("".join(pattern), flags), groups


def _group(key: str) -> str:
    return "g_" + re.sub(r"\W", "_", key)


def _read_names(text: str) -> list[str]:
    found = re.findall(r"「([^」]+)」", text)
    return found or re.findall(r'"([^"]+)"', text)


class Grammar:
    """Phrases keyed by what they mean; reads the longest phrase at a position.

    ``lang="en"`` reads case-insensitively. ``samples`` are the values a phrase is shown
    with among the suggestions (default: every number 1, every name ``…``).
    """

    def __init__(self, entries: Iterable[tuple[Any, Sequence[Token]]], lang: str = "ja",
                 samples: Mapping[str, Any] | None = None, digits: str = "ascii") -> None:
        self.entries = [(key, tuple(phrase)) for key, phrase in entries]
        self.flags = re.IGNORECASE if lang == "en" else 0
        self.samples = dict(samples or {})
        self.digits = digits
        self._compiled: list[tuple[Any, re.Pattern[str], list[tuple[str, str]]]] | None = None

    def _patterns(self) -> list[tuple[Any, re.Pattern[str], list[tuple[str, str]]]]:
        if self._compiled is None:
            self._compiled = [(key, *compile_phrase(phrase, self.flags)) for key, phrase in self.entries]
        return self._compiled

    def match(self, text: str, pos: int) -> tuple[Any, dict[str, Any], int] | None:
        """``(key, values, end)`` of the longest phrase reading ``text`` (normalised) at ``pos``."""
        best: tuple[Any, dict[str, Any], int] | None = None
        for key, pattern, groups in self._patterns():
            found = pattern.match(text, pos)
            if found is None or (best is not None and found.end() <= best[2]):
                continue
            values: dict[str, Any] = {}
            for kind, name in groups:
                raw = found.group(_group(name))
                values[name] = int(raw) if kind == "num" else _read_names(raw) if kind == "names" else raw
            best = (key, values, found.end())
        return best

    def sample(self, phrase: Sequence[Token]) -> str:
        """``phrase`` printed with sample values (numbers 1, names ``…``)."""
        values: dict[str, Any] = {}
        for token in phrase:
            if isinstance(token, Num | Plural):
                values.setdefault(token.key, self.samples.get(token.key, 1))
            elif isinstance(token, Article | Name):
                values.setdefault(token.key, self.samples.get(token.key, "…"))
            elif isinstance(token, Names):
                values.setdefault(token.key, self.samples.get(token.key, ["…"]))
        return render(phrase, values, self.digits)

    def examples(self) -> list[str]:
        """Every phrase printed once with sample values (no duplicates)."""
        return list(dict.fromkeys(self.sample(phrase) for _, phrase in self.entries))

    def nearest(self, sentence: str, n: int = 3) -> list[str]:
        """The ``n`` phrasings closest to ``sentence`` (closest first)."""
        examples = self.examples()
        by_norm = {normalize(e): e for e in examples}
        longest = max((len(e) for e in by_norm), default=0)
        found = difflib.get_close_matches(normalize(sentence)[:longest + 20], list(by_norm), n=n, cutoff=0.0)
        return [by_norm[f] for f in found]
