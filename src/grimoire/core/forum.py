"""Cards written in the forum template: the document's shape, shared by every game.

A forum post lists cards in the designers' template (see ``docs/rules/*-cards.md``)::

    〇火球<ファイアー・ボール>
    区分：書庫 属性：幻想 詠唱値：2 威力：1
    『フレーバーテキスト』
    「火の玉が当たったら大ケガするに決まってんだろ！」―火球の過小評価に憤る魔術師

:func:`split_cards` cuts a post into :class:`Block` s: a card starts at a line opening with
``〇`` (name, and an optional reading between ``<`` and ``>``), its next line holds its
numbers, and bracketed lines (``『…』``, ``【…】``, ``[…]``) open its sections. Lines
before the first card, blank lines and notes (lines opening with ``※``, ``→`` or ``≪``)
are skipped. Each game reads the numbers and sections of its own template; a line it
cannot read is a :class:`ForumError` naming the file and the line.

>>> post = "前置き\\n〇火球<ファイアー・ボール>\\n区分：書庫 属性：幻想\\n『発動効果』\\n・一文目\\n続き。\\n"
>>> blocks = split_cards(post, "post.txt")
>>> b = blocks[0]
>>> b.name, b.ruby, b.stats.text, b.line
('火球', 'ファイアー・ボール', '区分：書庫 属性：幻想', 2)
>>> [(s.label, [line.text for line in s.lines]) for s in b.sections]
[('『発動効果』', ['・一文目', '続き。'])]
>>> bullets(b.sections[0])
[('一文目続き。', [(5, 0), (6, 3)])]
>>> name_line("火球", None), name_line("a<b>", None)
('〇火球', '〇a<b><>')
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

from .errors import ContentError, GrimoireError
from .phrases import normalize

NAME_MARKS = ("〇", "○", "◯")
BULLETS = ("・", "･", "•", "- ", "* ")
NOTES = ("※", "→", "≪")
_SECTION = re.compile(r"^\s*(『[^』]+』|【[^】]+】|\[[^\]]+\])\s*$")
_RUBY = re.compile(r"^(?P<name>.*?)\s*[<＜](?P<ruby>[^<>＜＞]*)[>＞]\s*$")


class ForumError(GrimoireError):
    """A card in forum text that cannot be read: ``FILE:LINE: message``."""

    def __init__(self, source: str, line: int | None, message: str) -> None:
        super().__init__(f"{source}:{line}: {message}" if line else f"{source}: {message}")
        self.source = source
        self.line = line


@dataclass
class Line:
    """One line of the post and its 1-based number."""

    no: int
    text: str


@dataclass
class Section:
    """A bracketed label and the lines under it."""

    label: str
    line: int
    lines: list[Line] = field(default_factory=list)


@dataclass
class Block:
    """One card of a post: its name line, numbers line and sections."""

    line: int
    name: str
    ruby: str | None
    stats: Line | None = None
    sections: list[Section] = field(default_factory=list)


def read_name(text: str) -> tuple[str, str | None]:
    """``(name, ruby)`` of a name line without its mark: the reading is a trailing ``<…>``.

    >>> read_name("天上の劫火"), read_name("火球<ファイアー・ボール>"), read_name("a<b><>")
    (('天上の劫火', None), ('火球', 'ファイアー・ボール'), ('a<b>', None))
    """
    found = _RUBY.match(text.strip())
    if found is None:
        return text.strip(), None
    return found.group("name").strip(), found.group("ruby").strip() or None


def name_line(name: str, ruby: str | None) -> str:
    """The name line of a card: ``〇name<ruby>`` (``<>`` when a name ending in ``>`` has none)."""
    if ruby:
        return f"〇{name}<{ruby}>"
    return f"〇{name}<>" if name.rstrip().endswith((">", "＞")) else f"〇{name}"


def split_cards(text: str, source: str) -> list[Block]:
    """The cards of a forum post (see the module docstring); no card at all is a ForumError."""
    blocks: list[Block] = []
    current: Block | None = None
    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith(NOTES):
            continue
        if line.startswith(NAME_MARKS):
            name, ruby = read_name(line[1:])
            if not name:
                raise ForumError(source, no, "a card needs a name after 〇")
            current = Block(no, name, ruby)
            blocks.append(current)
            continue
        if current is None:
            continue
        if _SECTION.match(line):
            current.sections.append(Section(line, no))
        elif current.sections:
            current.sections[-1].lines.append(Line(no, line))
        elif current.stats is None:
            current.stats = Line(no, line)
        else:
            raise ForumError(source, no, f"unexpected line before the card's first section: {line!r}")
    if not blocks:
        raise ForumError(source, None, "no card found: a card starts with a line 〇NAME")
    return blocks


def _glue(before: str, after: str) -> str:
    """How two wrapped lines join: nothing between Japanese text, a space between words."""
    if before and after and before[-1].isascii() and after[0].isascii():
        return " "
    return ""


def bullets(section: Section) -> list[tuple[str, list[tuple[int, int]]]]:
    """The section's bullets, each as normalised text with ``(line, offset)`` where each line starts.

    A line opening with a bullet mark (``・``, ``-``, ``*``, ``•``) starts a bullet; other
    lines continue the one before (a post wraps long sentences).
    """
    out: list[tuple[str, list[tuple[int, int]]]] = []
    for line in section.lines:
        text = line.text
        mark = next((m for m in BULLETS if text.startswith(m)), None)
        body = normalize(text[len(mark):] if mark else text)
        if mark is None and out:
            previous, starts = out[-1]
            glue = _glue(previous, body)
            starts.append((line.no, len(previous) + len(glue)))
            out[-1] = (previous + glue + body, starts)
        else:
            out.append((body, [(line.no, 0)]))
    return out


def line_at(starts: list[tuple[int, int]], pos: int) -> int:
    """The line holding offset ``pos`` of a bullet (see :func:`bullets`)."""
    found = starts[0][0]
    for no, offset in starts:
        if offset <= pos:
            found = no
    return found


_FIELD = re.compile(r"^\s*([^:：]{1,24}?)\s*[:：]\s*(.*)$")


def fields(section: Section, source: str) -> list[tuple[int, str, str]]:
    """``(line, key, value)`` of ``key: value`` lines; other lines continue the previous value.

    >>> fields(Section("『Grimoire』", 1, [Line(2, "ID：fireball"), Line(3, "英語名: Fireball")]), "p.txt")
    [(2, 'ID', 'fireball'), (3, '英語名', 'Fireball')]
    """
    out: list[tuple[int, str, str]] = []
    for line in section.lines:
        found = _FIELD.match(line.text)
        if found is not None:
            out.append((line.no, normalize(found.group(1)), found.group(2).strip()))
        elif out:
            no, key, value = out[-1]
            out[-1] = (no, key, value + "\n" + line.text)
        else:
            raise ForumError(source, line.no, f"expected 'key: value', got {line.text!r}")
    return out


# ----------------------------------------------------------------------------- the 『Grimoire』 section
GRIMOIRE_LABELS = ("『grimoire』", "[grimoire]")
FLAVOR_LABELS = {"『フレーバーテキスト』": "ja", "[flavor text]": "en", "[flavour text]": "en"}
EXTRA_FIELDS = {"id": "id", "英語名": "name", "英語フレーバー": "flavor", "japanese name": "name",
                "japanese flavor": "flavor", "japanese flavour": "flavor"}


def label_of(section: Section) -> str:
    """A section's label, normalised and case-folded (``『発動効果』``, ``[main]``)."""
    return normalize(section.label).casefold()


def card_id(ja: str, en: str | None) -> str:
    """The id of an imported card: from its English name, else from a digest of its Japanese name.

    >>> card_id("火球", "Fire Ball!"), card_id("火球", None)
    ('fire_ball', 'card_186c4dbd')
    """
    slug = re.sub(r"[^a-z0-9]+", "_", (en or "").casefold()).strip("_")
    return slug if slug and slug.isascii() else "card_" + hashlib.sha1(ja.encode()).hexdigest()[:8]


def _one_line(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), text)


def extras_lines(card_id: str, other_name: str, other_flavor: str | None, lang: str) -> list[str]:
    """The 『Grimoire』 section: the card's id and its name and flavour in the other language."""
    if lang == "ja":
        out = ["『Grimoire』", f"ID：{card_id}", f"英語名：{_one_line(other_name)}"]
        return out + ([f"英語フレーバー：{_one_line(other_flavor)}"] if other_flavor is not None else [])
    out = ["[Grimoire]", f"ID: {card_id}", f"Japanese name: {_one_line(other_name)}"]
    return out + ([f"Japanese flavor: {_one_line(other_flavor)}"] if other_flavor is not None else [])


def flavor_lines(text: str | None, lang: str) -> list[str]:
    """The flavour section of a card (nothing without flavour)."""
    if text is None:
        return []
    return ["『フレーバーテキスト』" if lang == "ja" else "[Flavor text]", *(x for x in text.splitlines() if x.strip())]


def common_fields(block: Block, source: str, lang: str) -> dict[str, Any]:
    """``id``, ``name`` and ``flavor`` of a card block (``lang``: the language the block is written in).

    Without a 『Grimoire』 section the other language repeats the block's own words and
    the id comes from the English name (or a digest of the Japanese one).
    """
    extra: dict[str, str] = {}
    flavor: list[str] = []
    for section in block.sections:
        label = label_of(section)
        if label in FLAVOR_LABELS:
            flavor += [line.text for line in section.lines]
        elif label in GRIMOIRE_LABELS:
            for no, key, value in fields(section, source):
                name = EXTRA_FIELDS.get(key.casefold())
                if name is None:
                    raise ForumError(source, no, f"unknown item {key!r} in {section.label}; items: "
                                                 "ID, 英語名, 英語フレーバー")
                extra[name] = _unescape(value)
    other = "en" if lang == "ja" else "ja"
    names = {lang: block.name, other: extra.get("name") or block.name}
    english = names["en"] if lang == "en" or "name" in extra else None
    out: dict[str, Any] = {"id": extra.get("id") or card_id(names["ja"], english),
                           "name": {"ja": names["ja"], "en": names["en"]}}
    if flavor:
        mine = "\n".join(flavor)
        out["flavor"] = {lang: mine, other: extra.get("flavor") or mine}
        out["flavor"] = {"ja": out["flavor"]["ja"], "en": out["flavor"]["en"]}
    return out


def nearest_message(sentence: str, nearest: list[str]) -> str:
    """``cannot read 「…」; nearest phrasings: 「…」 / 「…」``."""
    shown = " / ".join(f"「{n}」" for n in nearest)
    quoted = sentence if len(sentence) <= 160 else sentence[:160] + "…"
    return f"cannot read 「{quoted}」" + (f"; nearest phrasings: {shown}" if shown else "")


def card_error(exc: ContentError, source: str, block: Block, effect_lines: list[int]) -> ForumError:
    """A card's validation error at its line: the effect's line for an effect field, else the name's."""
    line = block.line
    found = re.match(r"effects\[(\d+)\]", exc.field or "")
    if found is not None and int(found.group(1)) < len(effect_lines):
        line = effect_lines[int(found.group(1))]
    message = str(exc).removeprefix(f"{exc.file}: ").removeprefix(f"card {exc.card!r}: ")
    return ForumError(source, line, f"card 「{block.name}」: {message}")
