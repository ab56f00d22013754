"""Every message table of Grimoire, read as ``{key: {"ja": text, "en": text}}``, and the checks of one language.

The tables live in several shapes: a game's :class:`~grimoire.core.i18n.Catalog` (templates and terms), the
server's ``(ja, en)`` tuples, the command line's ``{key: {"ja", "en"}}`` and the web client's JavaScript
``const WORDS = {ja: {...}, en: {...}}``. :func:`js_tables` reads the last without running JavaScript.

>>> js_tables('const WORDS = {\\n  ja: { a: "あ{0}", b: "い" + "う" },\\n  en: { a: "A{0}", "b": \\'B\\' },\\n};')
{'WORDS': {'a': {'ja': 'あ{0}', 'en': 'A{0}'}, 'b': {'ja': 'いう', 'en': 'B'}}}
>>> ja_problems("{c0}を置く（P{player}）"), ja_problems("main か battle のまとまり")
([], ['main', 'battle'])
>>> en_problems("Place {c0}"), en_problems("Uses 気魄")
([], ['気魄'])
>>> placeholders("P{0}の{c1}（{n:+d}）")
['0', 'c1', 'n']
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable, Mapping

Table = dict[str, dict[str, str]]

#: Latin words a Japanese text may hold: the games' own (the seat marks P1/P2; Destiny's Lucky!, JA and CA and the
#: A/D of its damage sums; Chant's phase letters D, C, A, E as in Cフェイズ) and the names of formats, protocols and
#: keys the server and the pages speak of.
JA_LATIN = frozenset({
    "P", "Lucky", "JA", "CA", "A", "D", "C", "E",
    "ID", "JSON", "TOML", "SVG", "UTF", "Unicode", "Infinity", "NaN", "null", "hello", "Host", "Content", "Type",
    "application", "json", "webhook", "http", "https", "URL", "Grimoire", "OK", "Enter",
})
_LATIN = re.compile(r"[A-Za-z][A-Za-z_]*")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]+")
_FORMATTER = string.Formatter()


def placeholders(template: str) -> list[str]:
    """The names of a template's ``{…}`` fields, sorted (format spec and conversion left out)."""
    try:
        return sorted({field.split("!")[0] for _, field, _, _ in _FORMATTER.parse(template) if field is not None})
    except ValueError:
        return sorted(set(re.findall(r"\{([^{}:!]*)", template)))


def _plain(text: str) -> str:
    """``text`` without its placeholders, quoted ids ('starter', `main`), settings (depth_damage=all), command
    examples and multipliers (x1.5)."""
    text = re.sub(r"\{[^{}]*\}", " ", text)
    text = re.sub(r"'[^'\s]+'|`[^`]+`|--[a-z-]+(=\S+)?|<[a-z]+>|\b[a-z_]+=[a-z_0-9]+\b|\bx(?=\d)", " ", text)
    return text


def ja_problems(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The Latin words of a Japanese text that are not the games' or the formats' own names."""
    extra = set(allowed)
    return [w for w in _LATIN.findall(_plain(text)) if w not in JA_LATIN and w not in extra]


def en_problems(text: str) -> list[str]:
    """The Japanese of an English text."""
    return _JAPANESE.findall(re.sub(r"\{[^{}]*\}", " ", text))


def from_pairs(table: Mapping[str, tuple[str, str]]) -> Table:
    """A ``{key: (ja, en)}`` table as ``{key: {"ja", "en"}}``."""
    return {key: {"ja": ja, "en": en} for key, (ja, en) in table.items()}


# ----- JavaScript object literals
_TOKEN = re.compile(r"""\s*(?:(//[^\n]*)|("(?:[^"\\\n]|\\.)*")|('(?:[^'\\\n]|\\.)*')|(`[^`$]*`)"""
                    r"""|([A-Za-z_$][\w$]*)|(.))""", re.S)


def _tokens(source: str, start: int) -> Iterable[tuple[str, str]]:
    pos = start
    while pos < len(source):
        m = _TOKEN.match(source, pos)
        if m is None or m.end() == pos:
            return
        pos = m.end()
        comment, dq, sq, bq, name, other = m.groups()
        if comment is not None:
            continue
        if dq is not None:
            yield "str", json.loads(dq)
        elif sq is not None:
            yield "str", json.loads('"' + sq[1:-1].replace('\\\'', "'").replace('"', '\\"') + '"')
        elif bq is not None:
            yield "str", bq[1:-1]
        elif name is not None:
            yield "name", name
        elif other is not None:
            yield "op", other


def _literal(tokens: Iterable[tuple[str, str]]) -> object:
    """Read one object literal of strings (joined with +) and nested objects from ``tokens``."""
    it = iter(tokens)
    stack: list[dict[str, object]] = []
    key: str | None = None
    value: str | None = None
    for kind, text in it:
        if kind == "op" and text == "{":
            fresh: dict[str, object] = {}
            if stack and key is not None:
                stack[-1][key] = fresh
                key = None
            stack.append(fresh)
        elif kind == "op" and text in ",}":
            if key is not None and value is not None:
                stack[-1][key] = value
            key = value = None
            if text == "}":
                done = stack.pop()
                if not stack:
                    return done
        elif kind == "op" and text in ":+":
            continue
        elif key is None and kind in ("name", "str"):
            key = text
        elif kind == "str":
            value = text if value is None else value + text
        else:
            raise ValueError(f"not a table of strings near {text!r}")
    raise ValueError("the table does not end")


def js_tables(source: str) -> dict[str, Table]:
    """Each ``const NAME = { ja: {...}, en: {...} }`` of a JavaScript source, by NAME, as key → language → text."""
    out: dict[str, Table] = {}
    for m in re.finditer(r"^const ([A-Z_]+) = \{\s*\n?\s*ja: \{", source, re.M):
        raw = _literal(_tokens(source, source.index("{", m.start())))
        assert isinstance(raw, dict)
        table: Table = {}
        for lang, words in raw.items():
            assert isinstance(words, dict)
            for key, text in words.items():
                table.setdefault(key, {})[lang] = str(text)
        out[m.group(1)] = table
    return out
