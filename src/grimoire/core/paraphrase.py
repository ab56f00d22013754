"""Common ways of writing a rules sentence, rewritten into the one phrasing a game's grammar reads.

Designers write the same effect in many ways: 「デッキからカードを1枚ドローする」 for the
template's 「カードを1枚ドローする。」, 『』 for 「」 around names, a missing full stop.
A game lists its paraphrases as :class:`Rewrite` s (a pattern on normalised text and the
template's wording); a reader first tries a sentence as written and only when that fails
tries it rewritten (:func:`rewrite`), so the template's own sentences are never touched.

>>> rules = [Rewrite(r"(?:デッキ|山札)から(?=カード)", ""), Rewrite(r"引く(?=。|$)", "ドローする")]
>>> rewrite("デッキからカードを１枚引く", rules)
'カードを1枚ドローする。'
>>> rewrite("『火球』を\\n探す。", [])
'「火球」を探す。'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .phrases import normalize

Replacement = str | Callable[["re.Match[str]"], str]


class Rewrite:
    """One paraphrase: ``pattern`` (on normalised text) and what the template says instead."""

    def __init__(self, pattern: str, replacement: Replacement, flags: int = 0) -> None:
        self.pattern = pattern
        self.replacement = replacement
        self.compiled = re.compile(pattern, flags)

    def apply(self, text: str) -> str:
        """``text`` with every match replaced."""
        return self.compiled.sub(self.replacement, text)


#: Quotes around names as people type them, as the template writes them (Japanese).
QUOTES_JA = (("『", "「"), ("』", "」"), ("“", "「"), ("”", "」"))
#: ... and in English.
QUOTES_EN = (("“", '"'), ("”", '"'), ("「", '"'), ("」", '"'), ("『", '"'), ("』", '"'))


_STOP = re.compile(r"(?<=[^\x00-\x7f])\.")
_COMMA = re.compile(r"(?<=[^\x00-\x7f]),")
_JOINED = re.compile(r"(?<=[^\x00-\x7f]) (?=[^\x00-\x7f])")


def rewrite(text: str, rules: Sequence[Rewrite], lang: str = "ja") -> str:
    """``text`` normalised (lines of Japanese joined without a space), its quotes and stops made the template's,
    each of ``rules`` applied in order, and a final full stop added when the last sentence has none."""
    out = _JOINED.sub("", normalize(text))
    for old, new in QUOTES_JA if lang == "ja" else QUOTES_EN:
        out = out.replace(old, new)
    if lang == "ja":
        out = _STOP.sub("。", _COMMA.sub("、", out))
    for rule in rules:
        out = rule.apply(out)
    out = normalize(out)
    if out and out[-1] not in "。.!！)":
        out += "。" if lang == "ja" else "."
    return out
