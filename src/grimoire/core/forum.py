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

Every message of the reader is in Japanese and English (:data:`MESSAGES`); ``str(error)``
is the English line and :meth:`ForumError.message` the line in a chosen language:

>>> try:
...     split_cards("前置きだけ", "post.txt")
... except ForumError as exc:
...     print(exc.message("ja")); print(exc)
post.txt: カードが見つかりません（カードは「〇カード名」の行から始まります）
post.txt: no card found: a card starts with a line 〇NAME
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .content import Localized
from .errors import ContentError, GrimoireError
from .phrases import normalize

NAME_MARKS = ("〇", "○", "◯")
BULLETS = ("・", "･", "•", "- ", "* ")
NOTES = ("※", "→", "≪")
_SECTION = re.compile(r"^\s*(『[^』]+』|【[^】]+】|\[[^\]]+\])\s*$")
_RUBY = re.compile(r"^(?P<name>.*?)\s*[<＜](?P<ruby>[^<>＜＞]*)[>＞]\s*$")


#: The reader's messages by key: (Japanese, English) templates.
MESSAGES: dict[str, tuple[str, str]] = {
    "no_name": ("〇 のあとにカード名を書いてください", "a card needs a name after 〇"),
    "stray_line": ("カードの最初の見出しより前に、読めない行があります: {text}",
                   "unexpected line before the card's first section: {text!r}"),
    "no_card": ("カードが見つかりません（カードは「〇カード名」の行から始まります）",
                "no card found: a card starts with a line 〇NAME"),
    "not_field": ("「項目：値」の形ではありません: {text}", "expected 'key: value', got {text!r}"),
    "extra_item": ("{section}に知らない項目「{key}」があります（項目: ID、英語名、英語フレーバー、タグ）",
                   "unknown item {key!r} in {section}; items: ID, 英語名, 英語フレーバー, タグ"),
    "no_numbers": ("カード「{name}」に数値の行がありません（例: {example}）",
                   "card 「{name}」 needs its numbers line ({example})"),
    "bad_numbers": ("数値の行が読めません（例: {example}）: {text}",
                    "expected the numbers line ({example}), got {text!r}"),
    "unknown_stat": ("数値の行に知らない項目「{label}」があります（項目: {items}）",
                     "unknown item {label!r}; the numbers line has {items}"),
    "one_of": ("{label}は {choices} のどれかにしてください（いま「{value}」）",
               "{label} must be one of {choices}, got {value!r}"),
    "negative": ("{label}は 0 以上にしてください（いま「{value}」は負の数です）",
                 "{label} must not be negative, got {value!r}"),
    "not_number": ("{label}は数で書いてください（いま「{value}」）", "{label} must be a number, got {value!r}"),
    "no_stat": ("カード「{name}」に{label}がありません", "card 「{name}」 has no {label}"),
    "unknown_section": ("知らない見出し {label} です（見出し: {known}）", "unknown section {label}; sections: {known}"),
    "cannot_read": ("「{sentence}」が読めません", "cannot read 「{sentence}」"),
    "cannot_read_near": ("「{sentence}」が読めません。近い書き方: {nearest}",
                         "cannot read 「{sentence}」; nearest phrasings: {nearest}"),
    "card": ("カード「{name}」: {text}", "card 「{name}」: {text}"),
    "which_game": ("どのゲームのテンプレートか分かりません。--game で指定してください",
                   "cannot tell which game's template these cards are in; give --game"),
    "id_taken": ("カード「{name}」: ID {id} は{game}のカードにもうあります。『Grimoire』の ID で別の ID にしてください",
                 "card 「{name}」: id {id!r} is already a {game} card; give it another ID in its 『Grimoire』 "
                 "section"),
    "same_id": ("同じ ID のカードが 2 枚あります", "two cards of the post have the same id"),
    "name_taken": ("この名前はもうカード「{other}」が使っています", "the name is already used by card 「{other}」"),
}


def say(key: str, /, **args: Any) -> Localized:
    """The reader's message ``key`` with ``args``, in both languages (see :data:`MESSAGES`).

    An argument that is a :class:`Localized` shows in each message's own language.
    """
    ja, en = MESSAGES[key]

    def shown(lang: str) -> dict[str, Any]:
        return {k: v.get(lang) if isinstance(v, Localized) else v for k, v in args.items()}

    return Localized(ja.format(**shown("ja")), en.format(**shown("en")))


class ForumError(GrimoireError):
    """A card in forum text that cannot be read: ``FILE:LINE: message``.

    ``text`` is the message in both languages (a plain string is the same in both);
    ``str(error)`` is the English line. ``field`` names the card table's field a card
    check refused (``chant``, ``effects[0].n``), ``item`` the numbers-line item. For a sentence the
    reader does not understand yet, ``sentence`` is that sentence and ``nearest`` the phrasings it
    reads that come closest (the editor offers them).
    """

    def __init__(self, source: str, line: int | None, text: Localized | str, item: str | None = None,
                 field: str | None = None, sentence: str | None = None, nearest: Sequence[str] = ()) -> None:
        self.text = text if isinstance(text, Localized) else Localized(text, text)
        self.source = source
        self.line = line
        self.item = item
        self.field = field
        self.sentence = sentence
        self.nearest = list(nearest)
        super().__init__(self.message("en"))

    def detail(self, lang: str) -> str:
        """The message in ``lang`` without the file and line."""
        return self.text.get(lang)

    def message(self, lang: str) -> str:
        """``FILE:LINE: message`` in ``lang`` (``ja`` or ``en``)."""
        where = f"{self.source}:{self.line}" if self.line else self.source
        return f"{where}: {self.detail(lang)}"


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


NEGATIVE = re.compile(r"^[-\u2212\u2010\u2011\u2012\u2013\u2014\u30fc\uff0d]\s*\d+$")


def number_error(source: str, line: int, label: str, value: str, shown: Localized | None = None) -> ForumError:
    """The error of a numbers-line item that is not a number: ``negative`` for ``−3`` (any minus sign), else
    ``not_number``; ``item`` is the label, so that the editor shows it at its own field. ``shown`` is the
    item's name in each language (default: the label as written).

    >>> number_error("p.txt", 2, "威力", "−3", Localized("威力", "Power")).message("en")
    "p.txt:2: Power must not be negative, got '−3'"
    """
    key = "negative" if NEGATIVE.match(value.strip()) else "not_number"
    return ForumError(source, line, say(key, label=shown or label, value=value), item=label)


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
                raise ForumError(source, no, say("no_name"))
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
            raise ForumError(source, no, say("stray_line", text=line))
    if not blocks:
        raise ForumError(source, None, say("no_card"))
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
            raise ForumError(source, line.no, say("not_field", text=line.text))
    return out


# ----------------------------------------------------------------------------- the 『Grimoire』 section
GRIMOIRE_LABELS = ("『grimoire』", "[grimoire]")
FLAVOR_LABELS = {"『フレーバーテキスト』": "ja", "[flavor text]": "en", "[flavour text]": "en"}
EXTRA_FIELDS = {"id": "id", "英語名": "name", "英語フレーバー": "flavor", "japanese name": "name",
                "japanese flavor": "flavor", "japanese flavour": "flavor", "タグ": "tags", "tags": "tags"}
_TAG_SEP = re.compile(r"\s*[、,，/／]\s*")


def read_tags(text: str) -> list[str]:
    """The tags of a ``タグ：`` line: separated by 、 or commas.

    >>> read_tags("汎用、炎 , 学園")
    ['汎用', '炎', '学園']
    """
    return [t for t in (normalize(x) for x in _TAG_SEP.split(text)) if t]


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


def extras_lines(card_id: str, other_name: str, other_flavor: str | None, lang: str,
                 tags: Sequence[str] = ()) -> list[str]:
    """The 『Grimoire』 section: the card's id, its name and flavour in the other language, and its tags."""
    if lang == "ja":
        out = ["『Grimoire』", f"ID：{card_id}", f"英語名：{_one_line(other_name)}"]
        out += [f"英語フレーバー：{_one_line(other_flavor)}"] if other_flavor is not None else []
        return out + ([f"タグ：{'、'.join(tags)}"] if tags else [])
    out = ["[Grimoire]", f"ID: {card_id}", f"Japanese name: {_one_line(other_name)}"]
    out += [f"Japanese flavor: {_one_line(other_flavor)}"] if other_flavor is not None else []
    return out + ([f"Tags: {', '.join(tags)}"] if tags else [])


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
    tags: list[str] = []
    for section in block.sections:
        label = label_of(section)
        if label in FLAVOR_LABELS:
            flavor += [line.text for line in section.lines]
        elif label in GRIMOIRE_LABELS:
            for no, key, value in fields(section, source):
                name = EXTRA_FIELDS.get(key.casefold())
                if name is None:
                    raise ForumError(source, no, say("extra_item", key=key, section=section.label))
                extra[name] = _unescape(value)
                if name == "tags":
                    tags = read_tags(extra[name])
    other = "en" if lang == "ja" else "ja"
    names = {lang: block.name, other: extra.get("name") or block.name}
    english = names["en"] if lang == "en" or "name" in extra else None
    out: dict[str, Any] = {"id": extra.get("id") or card_id(names["ja"], english),
                           "name": {"ja": names["ja"], "en": names["en"]}}
    if flavor:
        mine = "\n".join(flavor)
        out["flavor"] = {lang: mine, other: extra.get("flavor") or mine}
        out["flavor"] = {"ja": out["flavor"]["ja"], "en": out["flavor"]["en"]}
    if tags:
        out["tags"] = tags
    return out


def nearest_message(sentence: str, nearest: list[str]) -> Localized:
    """``cannot read 「…」; nearest phrasings: 「…」 / 「…」`` (and its Japanese)."""
    shown = " / ".join(f"「{n}」" for n in nearest)
    quoted = sentence if len(sentence) <= 160 else sentence[:160] + "…"
    return say("cannot_read_near", sentence=quoted, nearest=shown) if shown else say("cannot_read", sentence=quoted)


#: The Japanese of the card checks' messages a post can reach, by the English the checks word them in
#: (regular expressions matched in full; ``{field}`` is the field's name, named groups the values, ``got`` the
#: value given: ``「x」`` for a quoted one).
CHECKS_JA: tuple[tuple[str, str], ...] = (
    (r"is missing or empty", "{field}が空です"),
    (r"is missing", "{field}がありません"),
    (r"must be at least (?P<n>\S+), got (?P<got>.+)", "{field}は {n} 以上にしてください（いま{got}）"),
    (r"must be at most (?P<n>\S+), got (?P<got>.+)", "{field}は {n} 以下にしてください（いま{got}）"),
    (r"must be an integer, got (?P<got>.+)", "{field}は整数にしてください（いま{got}）"),
    (r"must be one of (?P<n>.+), got (?P<got>.+)", "{field}は {n} のどれかにしてください（いま{got}）"),
    (r"must be lowercase ASCII letters, digits, '-' or '_', got (?P<got>.+)",
     "{field}は英小文字・数字・「-」「_」だけで書いてください（いま{got}）"),
    (r"must be a non-empty string, got .*", "{field}が空です"),
    (r"must not be 0", "{field}は 0 にできません"),
    (r"is not a known field", "{field}という項目はありません"),
    (r"name is already used by card '(?P<other>.+)'", "この名前はもうカード「{other}」が使っています"),
    (r"must be true or false, got (?P<got>.+)", "{field}は true か false にしてください（いま{got}）"),
    (r"must be a table", "{field}は表（キーと値の組）にしてください"),
    (r"must be a non-empty list of strings", "{field}は文字列を 1 つ以上並べたリストにしてください"),
    (r"unknown operation (?P<got>.+); known: (?P<n>.+)", "{field}: 知らない効果{got}です（効果: {n}）"),
    (r"operation '(?P<op>.+)' cannot be used with trigger (?P<got>.+); allowed: (?P<n>.+)",
     "{field}: 効果「{op}」はきっかけ{got}には使えません（使えるきっかけ: {n}）"),
)
#: Japanese names of the card fields every game has (a game adds its own, see :func:`check_text`).
FIELDS_JA = {"id": "ID", "name": "カード名", "name.ja": "カード名", "name.en": "英語名", "ruby": "ルビ",
             "flavor": "フレーバーテキスト", "flavor.ja": "フレーバーテキスト", "flavor.en": "英語フレーバー"}
#: English names of the card fields every game has; a game's own field is named by its id, capitalised
#: (``chant`` → ``Chant``), unless the game gives its English name (see :func:`check_text`).
FIELDS_EN = {"id": "ID", "name": "The name", "name.ja": "The Japanese name", "name.en": "The name",
             "ruby": "The reading", "flavor": "The flavor text", "flavor.ja": "The Japanese flavor text",
             "flavor.en": "The flavor text"}


def _field_ja(field: str | None, names: Mapping[str, str]) -> str:
    if not field:
        return "カード"
    found = re.fullmatch(r"effects\[\d+\](?:\.(\w+))?.*", field)
    if found is not None:
        return {"n": "この効果の数", "max": "この効果の上限"}.get(found.group(1) or "", "この効果")
    return names.get(field) or FIELDS_JA.get(field) or field


def _field_en(field: str, names: Mapping[str, str]) -> str:
    found = re.fullmatch(r"effects\[\d+\](?:\.(\w+))?.*", field)
    if found is not None:
        return {"n": "This effect's number", "max": "This effect's limit"}.get(found.group(1) or "", "This effect")
    return names.get(field) or FIELDS_EN.get(field) or field.replace("_", " ").capitalize()


def _quoted(value: str) -> str:
    """A value of an English message as Japanese shows it: ``'x'`` as ``「x」``, a number after a space."""
    return f"「{value[1:-1]}」" if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"" else f" {value}"


def check_text(exc: ContentError, names: Mapping[str, str] | None = None,
               checks: Sequence[tuple[str, str]] = (), names_en: Mapping[str, str] | None = None) -> Localized:
    """A card check's refusal (without file and card) in both languages.

    ``names`` are the game's Japanese names of its fields (``{"chant": "詠唱値"}``), ``names_en`` their
    English names where the capitalised id is not (``{"lucky": "Lucky!"}``), ``checks`` its own messages as
    in :data:`CHECKS_JA` (tried first); a message neither knows stays English.

    >>> check_text(ContentError("f", "fire", "chant", "must be at most 20, got 99"), {"chant": "詠唱値"})
    Localized(ja='詠唱値は 20 以下にしてください（いま 99）', en='Chant must be at most 20, got 99')
    """
    english = str(exc).removeprefix(f"{exc.file}: ").removeprefix(f"card {exc.card!r}: ")
    bare = english.removeprefix(f"field {exc.field!r}: ") if exc.field else english
    field = _field_ja(exc.field, names or {})
    if exc.field:
        # "must be at most 20" follows the field's name; a sentence of its own ("a response group must…") stands
        english = f"{_field_en(exc.field, names_en or {})} {bare}" if re.match(r"(must|is|has|needs?) ", bare) else bare
    for pattern, template in (*checks, *CHECKS_JA):
        found = re.fullmatch(pattern, bare)
        if found is not None:
            values = {k: _quoted(v) if k == "got" else v for k, v in found.groupdict().items()}
            return Localized(template.format(field=field, **values), english)
    return Localized(f"{field}: {bare}" if exc.field else bare, english)


def with_card(exc: ContentError, text: Localized) -> Localized:
    """A card check's refusal ``text`` after the card it names (``card 'x': …``), for errors about a card file."""
    if not exc.card:
        return text
    return Localized(f"カード {exc.card}: {text.ja}", f"card {exc.card!r}: {text.en}")


def card_error(exc: ContentError, source: str, block: Block, effect_lines: list[int],
               text: Localized | None = None) -> ForumError:
    """A card's validation error at its line: the effect's line for an effect field, else the name's.

    ``text`` is the refusal in both languages (default: :func:`check_text` without the game's words).
    """
    line = block.line
    found = re.match(r"effects\[(\d+)\]", exc.field or "")
    if found is not None and int(found.group(1)) < len(effect_lines):
        line = effect_lines[int(found.group(1))]
    text = text or check_text(exc)
    return ForumError(source, line, say("card", name=block.name, text=text), field=exc.field)


def template_fit(text: str, words: Sequence[str]) -> int:
    """How well a post fits a game's template: how many of the game's ``words`` (labels, attribute
    names) each card's numbers line holds, summed; 0 for text that is not a post.

    >>> template_fit("〇火球\\n区分：書庫 属性：幻想\\n", ("区分", "属性", "カードパワー"))
    2
    """
    try:
        blocks = split_cards(text, "")
    except ForumError:
        return 0
    return sum(sum(1 for w in words if w.casefold() in normalize(b.stats.text).casefold())
               for b in blocks if b.stats is not None)


def checked_card(block: Block, source: str, table: dict[str, Any], effects: list[tuple[int, dict[str, Any]]],
                 validate: Callable[[str, dict[str, Any]], object],
                 words: Callable[[ContentError], Localized]) -> tuple[int, dict[str, Any]]:
    """``(line, table)`` of a card read from ``block``, with its ``effects`` (each with its line), once
    ``validate(source, table)`` accepts it; its refusal becomes the :func:`card_error` at the line it names,
    in the game's ``words``."""
    if effects:
        table["effects"] = [effect for _, effect in effects]
    try:
        validate(source, table)
    except ContentError as exc:
        raise card_error(exc, source, block, [line for line, _ in effects], words(exc)) from None
    return block.line, table
