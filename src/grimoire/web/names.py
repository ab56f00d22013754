"""Names people give (cards, decks, authors): one normal form, nothing invisible, nothing that poses as another.

A name is NFKC-normalised (full-width letters, compatibility forms and the ideographic space become
their plain forms) and refused when it holds a control, format (zero-width, bidi override),
private-use, unassigned or line-separator character, or when it mixes Latin letters with Cyrillic or
Greek ones (the "F\\u0456reball" with a Cyrillic \\u0456). A new card's name is also refused when its
*skeleton* equals an existing card's: case, look-alike letters (Cyrillic and Greek letters shaped like
Latin ones, ``0``/``O``, ``1``/``l``/``I``, ``rn``/``m``, katakana and kanji of one shape) and spaces
are folded, in the manner of Unicode's confusable skeletons (UTS #39) for the letters the card names
use, with the standard library's :mod:`unicodedata` only.

>>> clean("Ｆｉｒｅｂａｌｌ")
'Fireball'
>>> clean("Fire\\u200bball")
Traceback (most recent call last):
...
grimoire.web.errors.ClientError: bad_message: invisible, control or text-direction characters are not allowed
>>> clean("Fir\\u0435ball")  # a Cyrillic е
Traceback (most recent call last):
...
grimoire.web.errors.ClientError: bad_message: a name may not mix Latin letters with Cyrillic or Greek ones
>>> skeleton("FIREBALL") == skeleton("Fireba1l") == skeleton("Fire ball")
True
>>> look_alike("カ球", ["力球", "Fireball"]), look_alike("Icebolt", ["力球", "Fireball"])
('力球', None)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .errors import ClientError

#: Unicode categories refused in a name: control, format (zero-width, bidi), surrogate, private use,
#: unassigned, line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Scripts whose letters pass for one another; a name may use one of them.
LOOK_ALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC"})

#: Look-alike letters, folded to one prototype (after casefolding): the confusables of UTS #39 for the
#: Latin letters, digits and the katakana/kanji pairs that card names use.
_PROTOTYPES = {
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "\u0501": "d", "е": "e", "ё": "e", "\u04bb": "h",
    "\u0456": "l", "\u0457": "l", "\u0458": "j",
    "к": "k", "\u04cf": "l", "м": "m", "н": "h", "о": "o", "р": "p", "\u051b": "q", "\u0455": "s", "т": "t", "у": "y",
    "\u051d": "w", "х": "x", "\u04af": "y", "ь": "b", "г": "r", "п": "n", "и": "u",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "n", "ι": "l", "κ": "k", "μ": "u", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "\u03f2": "c", "\u03f3": "j", "ω": "w",
    # Latin and digits
    "i": "l", "1": "l", "|": "l", "\u0131": "l", "0": "o", "ɡ": "g", "ɑ": "a", "\ua7b5": "b",
    # katakana and kanji (or hiragana) of one shape
    "カ": "力", "ロ": "口", "エ": "工", "ニ": "二", "ハ": "八", "ト": "卜", "タ": "夕", "ヘ": "へ",
    "ー": "一", "オ": "才", "チ": "千", "ミ": "三",
}


def _refused(c: str) -> bool:
    return unicodedata.category(c) in REFUSED_CATEGORIES


def scripts(text: str) -> set[str]:
    """The scripts of the letters of ``text`` (the first word of each letter's Unicode name).

    >>> sorted(scripts("火球 Fireball ファイア"))
    ['CJK', 'KATAKANA', 'LATIN']
    """
    found: set[str] = set()
    for c in text:
        if unicodedata.category(c).startswith("L"):
            found.add(unicodedata.name(c, "UNKNOWN").split(" ", 1)[0])
    return found


def clean(value: str) -> str:
    """``value`` NFKC-normalised and trimmed; :class:`ClientError` for refused characters or mixed scripts."""
    text = unicodedata.normalize("NFKC", value).strip()
    if any(_refused(c) for c in text):
        raise ClientError("bad_message", "name_chars")
    if len(scripts(text) & LOOK_ALIKE_SCRIPTS) > 1:
        raise ClientError("bad_message", "name_mixed")
    return text


def skeleton(text: str) -> str:
    """What ``text`` looks like: NFKC, casefolded, look-alikes folded to one prototype, spaces dropped."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    out = "".join(_PROTOTYPES.get(c, c) for c in folded if not c.isspace() and not _refused(c))
    return out.replace("rn", "m")


def look_alike(name: str, existing: Iterable[str]) -> str | None:
    """The first of ``existing`` that ``name`` cannot be told apart from (equal skeletons), else None."""
    mine = skeleton(name)
    if not mine:
        return None
    for other in existing:
        if other and skeleton(other) == mine:
            return other
    return None
