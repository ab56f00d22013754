"""The card editor's server side: a game's forum template as form fields, and a card checked from them.

The editor fills in the fields of the designers' forum template (``docs/rules/*-cards.md``)
or pastes a post; the server composes the post from the fields, reads it with the game's
own template reader (:func:`~grimoire.core.cardtools.read_forum`) and answers with the
card's face, its generated text in both languages, its forum text and TOML, and every
error at the field it belongs to. Nothing game-specific is written here: the fields come
from the game's own forum export of its built-in cards (:func:`template`).

>>> from grimoire.core.registry import load_game
>>> game = load_game("chant")
>>> spec = template(game, "ja")
>>> [s["key"] for s in spec["stats"]][:3], spec["sections"][:2]
(['区分', '属性', '詠唱値'], ['『詠唱効果』', '『発動効果』'])
>>> fields = {"name": "小さな火", "id": "small_fire", "other_name": "Small Fire",
...           "stats": {"区分": "書庫", "属性": "幻想", "詠唱値": "1", "威力": "1"}}
>>> text, lines = compose(fields, "ja")
>>> text.splitlines()[:2], lines[2]
(['〇小さな火', '区分：書庫 属性：幻想 詠唱値：1 威力：1'], 'stats')
>>> checked = check(game, fields, "ja")
>>> checked.errors, checked.table["id"], checked.table["chant"]
([], 'small_fire', 1)
>>> check(game, {**fields, "name": "<b>x</b>"}, "ja").errors[0].field
'name'

Errors read the page's language:

>>> [(e.field, e.message) for e in check(game, {**fields, "stats": {**fields["stats"], "詠唱値": "99"}}, "ja").errors]
[('stats.詠唱値', 'カード「小さな火」: 詠唱値は 20 以下にしてください（いま 99）')]
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from grimoire.core.cardtools import check_words, face_svg, forum_text, guidelines, read_forum, rules_text
from grimoire.core.content import Localized
from grimoire.core.errors import ContentError, GrimoireError
from grimoire.core.forum import (
    EXTRA_FIELDS,
    FLAVOR_LABELS,
    GRIMOIRE_LABELS,
    ForumError,
    bullets,
    label_of,
    name_line,
    say,
    split_cards,
    with_card,
)
from grimoire.core.forum import (
    fields as section_fields,
)
from grimoire.core.game import Game
from grimoire.core.registry import load_game, plugin
from grimoire.core.tomlwrite import dump_cards

from .errors import ClientError
from .facefonts import with_fonts
from .names import clean, look_alike

#: The longest value of each field (characters); a post is at most :data:`MAX_POST`.
MAX_LEN = {"name": 60, "ruby": 60, "other_name": 80, "id": 48, "flavor": 600, "other_flavor": 600, "section": 1200,
           "stat": 24, "author": 40, "tags": 200}
MAX_POST = 8000
_TOKEN = re.compile(r"([^\s:：]+)\s*[:：]\s*(\S+)|(\S+)")
_ID = re.compile(r"^[a-z0-9][a-z0-9_]*$")
_MARKUP = re.compile(r"[<>&]")
BULLET_MARKS = ("・", "-", "*", "•", "･")
STAT_SEP = {"ja": ("：", " "), "en": (": ", "  ")}


@dataclass(frozen=True)
class FieldError:
    """An error at one field of the editor (``stats.<key>``, ``section.<label>``, ``name``…)."""

    field: str
    message: str
    unread: str | None = None  # a sentence not understood yet (the card can be kept as a draft)
    nearest: tuple[str, ...] = ()  # the phrasings the reader understands that come closest to it

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"field": self.field, "message": self.message}
        if self.unread is not None:
            out.update(unread=self.unread, nearest=list(self.nearest))
        return out


@dataclass
class Checked:
    """A card read from the editor: its table (None if it cannot be read), the rules with it, and the errors."""

    text: str
    table: dict[str, Any] | None = None
    game: Game[Any] | None = None
    errors: list[FieldError] = field(default_factory=list)


def _stats(line: str) -> tuple[list[tuple[str, str]], list[str]]:
    """``(key, value)`` items and bare flags of a numbers line."""
    pairs, flags = [], []
    for found in _TOKEN.finditer(line):
        if found.group(3):
            flags.append(found.group(3))
        else:
            pairs.append((found.group(1), found.group(2)))
    return pairs, flags


@cache
def _template(game_name: str, lang: str) -> dict[str, Any]:
    game = load_game(game_name)
    stats: dict[str, list[str]] = {}
    ids: dict[str, str] = {}
    canon: dict[str, dict[str, str]] = {}
    flags: list[str] = []
    sections: list[str] = []
    section_ids: dict[str, str] = {}
    phrasings: dict[str, list[str]] = {}
    for cid in sorted(game.pool.by_id):
        block = split_cards(forum_text(game, [cid], lang), cid)[0]
        english = split_cards(forum_text(game, [cid], "en"), cid)[0]
        if block.stats is not None and english.stats is not None:
            pairs, bare = _stats(block.stats.text)
            words = _stats(english.stats.text)[0]
            for (key, value), (en_key, en_value) in zip(pairs, words, strict=False):
                seen = stats.setdefault(key, [])
                if value not in seen:
                    seen.append(value)
                ids[key] = en_key.casefold()
                canon.setdefault(key, {})[value] = en_value
            flags += [f for f in bare if f not in flags]
        own = [s for s in block.sections if label_of(s) not in GRIMOIRE_LABELS and label_of(s) not in FLAVOR_LABELS]
        other = [s for s in english.sections
                 if label_of(s) not in GRIMOIRE_LABELS and label_of(s) not in FLAVOR_LABELS]
        for section, en_section in zip(own, other, strict=False):
            if section.label not in sections:
                sections.append(section.label)
            section_ids[section.label] = label_of(en_section)
            known = phrasings.setdefault(section.label, [])
            known += [t for t, _ in bullets(section) if t not in known]
    out = []
    for key, values in stats.items():
        numeric = all(unicodedata.numeric(v[0], -1) >= 0 or v.strip("-") == "" for v in values)
        out.append({"key": key, "id": ids[key], "numeric": numeric, "values": sorted(values) if not numeric else [],
                    "canon": {} if numeric else canon[key]})
    return {"lang": lang, "stats": out, "flags": flags, "sections": sections,
            "section_ids": [section_ids[label] for label in sections],
            "phrasings": {label: sorted(phrasings.get(label, [])) for label in sections},
            "flavor": "『フレーバーテキスト』" if lang == "ja" else "[Flavor text]"}


def template(game: Game[Any], lang: str) -> dict[str, Any]:
    """The editor's fields for ``game`` in ``lang``: numbers-line items (with the values the built-in cards
    use when they are words), flags, and effect sections, in the order the game prints them. Each item has
    an ``id`` and each of its words a ``canon`` form (both the English template's) and each section a
    ``section_ids`` entry, the same in both languages: switching the page's language carries typed fields
    over by them. ``phrasings`` lists, per section, every sentence the built-in cards use there (the
    editor's effect picker beside a sentence not understood yet).

    >>> spec = template(load_game("chant"), "ja")
    >>> spec["stats"][1]["id"], spec["stats"][1]["canon"]["幻想"], spec["section_ids"]
    ('attribute', 'fantasy', ['[chant effect]', '[activation effect]'])
    >>> "カードを1枚ドローする。" in spec["phrasings"]["『発動効果』"]
    True
    """
    try:
        return _template(game.name, lang)
    except GrimoireError:
        return {"lang": lang, "stats": [], "flags": [], "sections": [], "flavor": ""}


@cache
def _number_labels(game_name: str, lang: str) -> dict[str, str]:
    game = load_game(game_name)
    seen: dict[str, dict[str, list[bool]]] = {}
    for cid in sorted(game.pool.by_id):
        block = split_cards(forum_text(game, [cid], lang), cid)[0]
        pairs = dict(_stats(block.stats.text)[0]) if block.stats is not None else {}
        card = game.pool[cid]
        for name in (n.field for n in plugin(game_name).card_numbers):
            value = getattr(card, name, None)
            if not isinstance(value, int) or isinstance(value, bool):
                continue
            for key, shown in pairs.items():
                seen.setdefault(name, {}).setdefault(key, []).append(unicodedata.normalize("NFKC", shown) == str(value))
    out = {}
    for name, keys in seen.items():
        fits = [key for key, hits in keys.items() if all(hits) and len(hits) >= 2]
        if len(fits) == 1:
            out[name] = fits[0]
    return out


def number_labels(game: Game[Any], lang: str) -> dict[str, str]:
    """The word the game's template prints for each number field of its cards (``{"chant": "詠唱値"}``):
    the numbers-line item whose value is that field on every card that has it.

    >>> number_labels(load_game("chant"), "en")["power"]
    'Power'
    """
    try:
        return _number_labels(game.name, lang)
    except GrimoireError:
        return {}


def _text(fields: Mapping[str, Any], key: str) -> str:
    value = fields.get(key, "")
    return value.strip() if isinstance(value, str) else ""


def compose(fields: Mapping[str, Any], lang: str) -> tuple[str, dict[int, str]]:
    """The forum post of the editor's ``fields`` and which field each line came from (1-based)."""
    lines: list[str] = []
    where: dict[int, str] = {}

    def add(text: str, name: str) -> None:
        lines.append(text)
        where[len(lines)] = name

    add(name_line(_text(fields, "name"), _text(fields, "ruby") or None), "name")
    stats = fields.get("stats") if isinstance(fields.get("stats"), Mapping) else {}
    assert isinstance(stats, Mapping)
    sep, gap = STAT_SEP.get(lang, STAT_SEP["ja"])
    items = [f"{k}{sep}{str(v).strip()}" for k, v in stats.items() if isinstance(v, str | int) and str(v).strip()]
    flags = fields.get("flags") if isinstance(fields.get("flags"), list) else []
    assert isinstance(flags, list)
    items += [str(f) for f in flags if isinstance(f, str) and f.strip()]
    add(gap.join(items), "stats")
    sections = fields.get("sections") if isinstance(fields.get("sections"), Mapping) else {}
    assert isinstance(sections, Mapping)
    for label, body in sections.items():
        text = body.strip() if isinstance(body, str) else ""
        if not text:
            continue
        add(str(label), f"section.{label}")
        wrapped = any(line.lstrip().startswith(BULLET_MARKS) for line in text.splitlines())
        for line in text.splitlines():
            if line.strip():
                # a section written with bullet marks wraps its sentences over lines, as the seed does:
                # an unmarked line continues the bullet before; without marks each line is a bullet
                marked = wrapped or line.lstrip().startswith(BULLET_MARKS)
                add(("" if marked else "・" if lang == "ja" else "- ") + line.strip(), f"section.{label}")
    flavor = _text(fields, "flavor")
    if flavor:
        add("『フレーバーテキスト』" if lang == "ja" else "[Flavor text]", "flavor")
        for line in flavor.splitlines():
            if line.strip():
                add(line.strip(), "flavor")
    extras = [("ID", "id"), ("英語名" if lang == "ja" else "Japanese name", "other_name"),
              ("英語フレーバー" if lang == "ja" else "Japanese flavor", "other_flavor"),
              ("タグ" if lang == "ja" else "Tags", "tags")]
    given = [(label, name, _text(fields, name)) for label, name in extras if _text(fields, name)]
    if given:
        add("『Grimoire』" if lang == "ja" else "[Grimoire]", "id")
        colon = "：" if lang == "ja" else ": "
        for label, name, value in given:
            add(f"{label}{colon}{value.replace(chr(92), chr(92) * 2).replace(chr(10), chr(92) + 'n')}", name)
    return "\n".join(lines) + "\n", where


def split(text: str, lang: str) -> dict[str, Any]:
    """The editor's fields of the first card of a forum post (ForumError if it has none)."""
    block = split_cards(text, "post")[0]
    out: dict[str, Any] = {"name": block.name, "ruby": block.ruby or "", "stats": {}, "flags": [], "sections": {},
                           "flavor": "", "id": "", "other_name": "", "other_flavor": "", "tags": ""}
    if block.stats is not None:
        pairs, flags = _stats(block.stats.text)
        out["stats"] = dict(pairs)
        out["flags"] = flags
    for section in block.sections:
        label = label_of(section)
        body = "\n".join(line.text for line in section.lines)
        if label in FLAVOR_LABELS:
            out["flavor"] = body
        elif label in GRIMOIRE_LABELS:
            for _, key, value in section_fields(section, "post"):
                name = EXTRA_FIELDS.get(key.casefold())
                target = {"id": "id", "name": "other_name", "flavor": "other_flavor", "tags": "tags"}.get(name or "")
                if target:
                    out[target] = value.replace("\\n", "\n")
        else:
            out["sections"][section.label] = body
    return out


def _plain_checks(fields: Mapping[str, Any], lang: str) -> list[FieldError]:
    """Length, markup and id checks of the fields, before the post is read."""
    errors: list[FieldError] = []

    def check_value(name: str, value: str, limit: int) -> None:
        if len(value) > limit:
            errors.append(FieldError(name, ClientError("bad_message", "card_long", limit=limit).message(lang)))
        elif _MARKUP.search(value):
            errors.append(FieldError(name, ClientError("bad_message", "card_markup").message(lang)))
        elif any(unicodedata.category(c) == "Cc" and c not in "\n\t" for c in value):
            errors.append(FieldError(name, ClientError("bad_message", "card_control").message(lang)))

    for name in ("name", "ruby", "other_name", "id", "flavor", "other_flavor", "tags"):
        check_value(name, _text(fields, name), MAX_LEN[name])
    if not _text(fields, "name"):
        errors.append(FieldError("name", ClientError("bad_message", "card_no_name").message(lang)))
    card_id = _text(fields, "id")
    if card_id and not _ID.match(card_id) and not any(e.field == "id" for e in errors):
        errors.append(FieldError("id", ClientError("bad_message", "card_id").message(lang)))
    stats = fields.get("stats")
    for key, value in (stats.items() if isinstance(stats, Mapping) else ()):
        check_value(f"stats.{key}", str(value), MAX_LEN["stat"])
    sections = fields.get("sections")
    for label, body in (sections.items() if isinstance(sections, Mapping) else ()):
        check_value(f"section.{label}", body if isinstance(body, str) else "", MAX_LEN["section"])
    return errors


NAME_FIELDS = ("name", "other_name", "ruby")


def _name_checks(game: Game[Any], fields: Mapping[str, Any], lang: str) -> list[FieldError]:
    """A card's names: no invisible or direction characters, no mixed look-alike scripts, and not
    to be told apart from an existing card's name (:mod:`grimoire.web.names`)."""
    errors: list[FieldError] = []
    existing = [n for card in game.pool for n in (card.name.ja, card.name.en)]
    for name in NAME_FIELDS:
        value = _text(fields, name)
        if not value:
            continue
        try:
            clean(value)
        except ClientError as exc:
            errors.append(FieldError(name, exc.message(lang)))
            continue
        if name != "ruby" and value not in existing:  # the same name: the card loader's own error says so
            other = look_alike(value, existing)
            if other is not None:
                errors.append(FieldError(name, ClientError("bad_message", "name_like", name=other).message(lang)))
    return errors


def _field_of(exc: ForumError, where: Mapping[int, str], fields: Mapping[str, Any], labels: Mapping[str, str]) -> str:
    """The editor field of a reader's error: its numbers-line item, the item of the card field a check refused
    (``labels``: see :func:`number_labels`), else the field its line came from."""
    name = where.get(exc.line or 0, "name")
    found = fields.get("stats")
    stats = found if isinstance(found, Mapping) else {}
    for item in (exc.item, labels.get(exc.field or "")):
        if item and item in stats:
            return f"stats.{item}"
    if name == "stats":
        message = str(exc)
        for key in stats:
            if f" {key} " in f" {message.split(': ', 1)[-1]}" or f"{key!r}" in message:
                return f"stats.{key}"
    return name


def check(game: Game[Any], fields: Mapping[str, Any], lang: str) -> Checked:
    """Read the card of the editor's ``fields`` (forum template in ``lang``) against ``game``'s cards.

    The card must not have the id of a card ``game`` has; the rules with the new card
    are in the answer when it is valid.
    """
    fields = {**fields, **{k: unicodedata.normalize("NFKC", v) for k, v in fields.items()
                           if k in NAME_FIELDS and isinstance(v, str)}}
    text, where = compose(fields, lang)
    out = Checked(text)
    out.errors = _plain_checks(fields, lang) or _name_checks(game, fields, lang)
    if out.errors:
        return out
    try:
        read = read_forum(game, text, "card")
    except ForumError as exc:
        out.errors.append(FieldError(_field_of(exc, where, fields, number_labels(game, lang)), exc.detail(lang),
                                     exc.sentence, tuple(exc.nearest)))
        return out
    except GrimoireError as exc:
        out.errors.append(FieldError("name", str(exc)))
        return out
    table = read[0][1]
    out.table = table
    if table["id"] in game.pool:
        field_name = "id" if _text(fields, "id") else "other_name"
        taken = ClientError("bad_message", "card_taken", id=table["id"])
        out.errors.append(FieldError(field_name, taken.message(lang)))
        return out
    try:
        out.game = load_game(game.name, tables={**_own_tables(game), table["id"]: table})
    except ContentError as exc:
        found = (exc.field or "").split(".")[0].split("[")[0]
        name = {"name": "name", "flavor": "flavor", "id": "id", "ruby": "ruby"}.get(found, "stats")
        out.errors.append(FieldError(name, _refusal(game, table, exc).get(lang)))
    return out


def _refusal(game: Game[Any], table: Mapping[str, Any], exc: ContentError) -> Localized:
    """A card check's refusal of the card ``table`` in both languages, the card named by its name (not before
    a refusal of the name itself, which the editor shows at the name).

    >>> game = load_game("chant")
    >>> _refusal(game, {"name": {"ja": "火球", "en": "Fireball"}},
    ...          ContentError("f", "x", "name", "name is already used by card 'fireball'"))
    Localized(ja='この名前はもうカード「火球」が使っています', en='the name is already used by card 「Fireball」')
    """
    text = check_words(game, exc)
    names = table.get("name")
    if exc.field == "name" or not isinstance(names, Mapping):
        return text if exc.field == "name" else with_card(exc, text)
    return say("card", name=Localized(str(names.get("ja", "")), str(names.get("en", ""))), text=text)


def _own_tables(game: Game[Any]) -> dict[str, Any]:
    built_in = load_game(game.name).pool.by_id
    return {cid: t for cid, t in game.pool.tables.items() if cid not in built_in}


def card_json(game: Game[Any], card_id: str, lang: str) -> dict[str, Any]:
    """What the editor shows of a valid card: face (SVG), generated text and forum text in both languages, TOML,
    and the game's design guidelines for it in ``lang`` (:func:`~grimoire.core.cardtools.guidelines`)."""
    table = game.pool.tables.get(card_id, {})
    return {"id": card_id, "svg": with_fonts(face_svg(game, card_id, lang)),
            "text": {lg: rules_text(game, card_id, lg) for lg in ("ja", "en")},
            "forum": {lg: forum_text(game, [card_id], lg) for lg in ("ja", "en")},
            "toml": dump_cards([table]) if table else "",
            "guidelines": [g.to_json(lang) for g in guidelines(game, card_id)],
            "fields": split(forum_text(game, [card_id], lang), lang)}
