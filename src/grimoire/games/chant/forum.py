"""詠唱 Chant cards in the forum template of the seed, printed and read back.

The template (``docs/rules/chant-cards.md``)::

    〇天上の劫火
    区分：禁書 属性：幻想 詠唱値：6 威力：8 要求枚数：3
    『詠唱効果』
    ・このカードの詠唱開始時に使用できる。自身はライフを6まで支払う。支払ったライフだけこのカードの詠唱を進めて良い。
    『発動効果』
    ・…
    『フレーバーテキスト』
    火属性魔法の極致として伝説で語られる魔法。…
    『Grimoire』
    ID：heavenly_conflagration
    英語名：Heavenly Conflagration

A card activated at another time than the A phase (rule 3.4) ends its numbers line with
``発動：Cフェイズ`` (``C・Aフェイズ``, ``エンドフェイズ``, ``反撃のみ``; in English ``Timing: c_phase``…);
a post may instead open 『発動効果』 with the rules text's timing sentence.

The 『Grimoire』 section (the card's id and its other-language name and flavour) is what
Grimoire adds so that a card survives a round trip; posts without it import too. The
effect sentences are read by :mod:`.cardtext`'s grammar; ``--lang en`` prints the same
template in English (``[Chant effect]``…), which reads back as well.

>>> from .cards import load_pool
>>> pool = load_pool()
>>> print(to_forum(pool["fireball"], "ja", pool))
〇火球<ファイアー・ボール>
区分：書庫 属性：幻想 詠唱値：2 威力：1
『フレーバーテキスト』
「火の玉が当たったら大ケガするに決まってんだろ！」―火球の過小評価に憤る魔術師
『Grimoire』
ID：fireball
英語名：Fireball
英語フレーバー："Of course a ball of fire hurts when it hits you!" — a mage outraged that fireballs are underrated
>>> [(line, t["id"], t["chant"]) for line, t in from_forum(to_forum(pool["fireball"], "en", pool), "p.txt", pool)]
[(1, 'fireball', 2)]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from grimoire.core.content import Localized
from grimoire.core.errors import ContentError
from grimoire.core.forum import (
    Block,
    ForumError,
    bullets,
    check_text,
    checked_card,
    common_fields,
    extras_lines,
    flavor_lines,
    label_of,
    line_at,
    name_line,
    nearest_message,
    number_error,
    say,
    split_cards,
    template_fit,
)
from grimoire.core.phrases import normalize
from grimoire.core.plugin import CardText

from .cards import ATTRIBUTES, DEFAULT_TIMING, parse_card
from .cardtext import ATTRIBUTE_JA, PhraseError, forum_bullets, read_bullet, read_timing, rules_text
from .paraphrase import paraphrase

KIND_WORDS = {"書庫": "library", "禁書": "forbidden", "library": "library", "forbidden": "forbidden"}
ATTRIBUTE_WORDS = {**{ja: en for en, ja in ATTRIBUTE_JA.items()}, **{a: a for a in ATTRIBUTES}}
NO_POWER = ("--", "-", "—", "―", "ー", "なし", "none")
STAT_LABELS = {
    "区分": "kind", "属性": "attribute", "詠唱値": "chant", "威力": "power", "要求枚数": "required", "発動": "timing",
    "kind": "kind", "attribute": "attribute", "chant": "chant", "power": "power", "required": "required",
    "timing": "timing",
}
#: The numbers line's ``発動`` (``Timing``) item: the activation timing (3.4) in the template's words.
TIMING_JA = {"a_phase": "Aフェイズ", "c_phase": "Cフェイズ", "a_and_c_phase": "C・Aフェイズ",
             "end_phase": "エンドフェイズ", "counter": "反撃のみ"}
TIMING_WORDS = {**{ja.casefold(): t for t, ja in TIMING_JA.items()}, **{t: t for t in TIMING_JA}}
TIMING_CHOICES = Localized("・".join(TIMING_JA.values()), ", ".join(TIMING_JA))
SECTIONS: dict[str, tuple[str, int | str]] = {
    "『詠唱効果』": ("ja", 0), "『発動効果』": ("ja", 1), "『フレーバーテキスト』": ("ja", "flavor"),
    "『grimoire』": ("ja", "grimoire"), "[chant effect]": ("en", 0), "[activation effect]": ("en", 1),
    "[flavor text]": ("en", "flavor"), "[flavour text]": ("en", "flavor"), "[grimoire]": ("en", "grimoire"),
}
EXAMPLE = Localized("区分：書庫 属性：幻想 詠唱値：2 威力：1", "Kind: library Attribute: fantasy Chant: 2 Power: 1")
ITEMS = Localized("区分・属性・詠唱値・威力・要求枚数", "Kind, Attribute, Chant, Power, Required")
CHOICES = Localized("科学・幻想・物質・精神", ", ".join(ATTRIBUTE_JA))
#: The numbers line's items in each language, by field.
ITEM_NAMES = {"kind": Localized("区分", "Kind"), "attribute": Localized("属性", "Attribute"),
              "chant": Localized("詠唱値", "Chant"), "power": Localized("威力", "Power"),
              "required": Localized("要求枚数", "Required"), "timing": Localized("発動", "Timing")}
#: Japanese names of the card fields and the card checks' own messages (see :func:`grimoire.core.forum.check_text`).
FIELD_NAMES = {"kind": "区分", "attribute": "属性", "chant": "詠唱値", "power": "威力", "required": "要求枚数",
               "timing": "発動"}
CHECKS = (
    (r"is missing \(a forbidden book needs its required number\)", "禁書には要求枚数が要ります"),
    (r"is only for forbidden books", "要求枚数は禁書にだけ書きます"),
    (r"a power bonus needs a card with power", "パワーを上げるこの効果は、威力のあるカードにだけ書けます"),
    (r"'(?P<name>.+)' is not a library card", "「{name}」は書庫のカードではありません"),
)
_PAIR = re.compile(r"([^\s:]+?)\s*(?:\([^)]*\))?\s*:\s*(\S+)")


# ----------------------------------------------------------------------------- printing
def stats_line(card: Any, lang: str) -> str:
    """The numbers line: ``区分：書庫 属性：幻想 詠唱値：2 威力：1`` (or in English), with ``発動：Cフェイズ``
    (``Timing: c_phase``) for a card not activated in the A phase (3.4)."""
    power = "--" if card.power is None else str(card.power)
    if lang == "ja":
        kind = "禁書" if card.kind == "forbidden" else "書庫"
        line = f"区分：{kind} 属性：{ATTRIBUTE_JA[card.attribute]} 詠唱値：{card.chant} 威力：{power}"
        line += f" 要求枚数：{card.required}" if card.required is not None else ""
        return line + (f" 発動：{TIMING_JA[card.timing]}" if card.timing != DEFAULT_TIMING else "")
    line = f"Kind: {card.kind}  Attribute: {card.attribute}  Chant: {card.chant}  Power: {power}"
    line += f"  Required: {card.required}" if card.required is not None else ""
    return line + (f"  Timing: {card.timing}" if card.timing != DEFAULT_TIMING else "")


def to_forum(card: Any, lang: str = "ja", pool: Any = None) -> str:
    """The card in the forum template, in ``lang``, ready to paste into a post."""
    other = "en" if lang == "ja" else "ja"
    out = [name_line(card.name.get(lang), card.ruby or None), stats_line(card, lang)]
    labels = (("『詠唱効果』", "『発動効果』") if lang == "ja" else ("[Chant effect]", "[Activation effect]"))
    listed = forum_bullets(card, lang, pool)
    for section in (0, 1):
        texts = [text for s, text in listed if s == section]
        if texts:
            out.append(labels[section])
            out.extend(("・" if lang == "ja" else "- ") + text for text in texts)
    out += flavor_lines(card.flavor.get(lang) if card.flavor else None, lang)
    out += extras_lines(card.id, card.name.get(other), card.flavor.get(other) if card.flavor else None, lang,
                        card.tags)
    return "\n".join(out)


# ----------------------------------------------------------------------------- reading
def _stats(block: Block, source: str) -> tuple[str, dict[str, Any]]:
    if block.stats is None:
        raise ForumError(source, block.line, say("no_numbers", name=block.name, example=EXAMPLE))
    no, text = block.stats.no, normalize(block.stats.text)
    pairs = _PAIR.findall(text)
    if not pairs:
        raise ForumError(source, no, say("bad_numbers", example=EXAMPLE, text=text))
    lang = "ja" if any(not label.isascii() for label, _ in pairs) else "en"
    out: dict[str, Any] = {}
    for label, raw in pairs:
        name = STAT_LABELS.get(label.casefold())
        if name is None:
            raise ForumError(source, no, say("unknown_stat", label=label, items=ITEMS), item=label)
        word = re.sub(r"\(.*$", "", raw).casefold()
        if name == "kind":
            if word not in KIND_WORDS:
                raise ForumError(source, no, Localized(f"区分は書庫か禁書にしてください（いま「{raw}」）",
                                                       f"Kind must be library or forbidden, got {raw!r}"), item=label)
            out[name] = KIND_WORDS[word]
        elif name == "attribute":
            word = word.removesuffix("属性")
            if word not in ATTRIBUTE_WORDS:
                raise ForumError(source, no, say("one_of", label=ITEM_NAMES["attribute"], choices=CHOICES, value=raw),
                                 item=label)
            out[name] = ATTRIBUTE_WORDS[word]
        elif name == "timing":
            if word not in TIMING_WORDS:
                raise ForumError(source, no, say("one_of", label=ITEM_NAMES["timing"], choices=TIMING_CHOICES,
                                                 value=raw), item=label)
            out[name] = TIMING_WORDS[word]
        elif name == "power" and word in NO_POWER:
            continue
        elif not word.isdigit():
            raise number_error(source, no, label, raw, ITEM_NAMES[name])
        else:
            out[name] = int(word)
    for name in ("attribute", "chant"):
        if name not in out:
            raise ForumError(source, no, say("no_stat", name=block.name, label=ITEM_NAMES[name]))
    out.setdefault("kind", "forbidden" if "required" in out else "library")
    return lang, out


def _head(block: Block, source: str) -> dict[str, Any]:
    lang, stats = _stats(block, source)
    common = common_fields(block, source, lang)
    table: dict[str, Any] = {"id": common["id"], "kind": stats["kind"], "name": common["name"]}
    if block.ruby:
        table["ruby"] = block.ruby
    for key in ("attribute", "chant", "power", "required", "timing"):
        if key in stats:
            table[key] = stats[key]
    if "flavor" in common:
        table["flavor"] = common["flavor"]
    if "tags" in common:
        table["tags"] = common["tags"]
    return table


def _effects(block: Block, source: str, find: Callable[[str], str | None], table: dict[str, Any]
             ) -> list[tuple[int, dict[str, Any]]]:
    """The effect tables of a card's sections; a timing sentence (3.4) sets ``table["timing"]``."""
    effects: list[tuple[int, dict[str, Any]]] = []
    for section in block.sections:
        label = label_of(section)
        if label not in SECTIONS:
            known = Localized("、".join(s for s in SECTIONS if s.startswith("『")),
                              "[Chant effect], [Activation effect], [Flavor text], [Grimoire]")
            raise ForumError(source, section.line, say("unknown_section", label=section.label, known=known))
        lang, kind = SECTIONS[label]
        if kind not in (0, 1):
            continue
        for text, starts in bullets(section):
            timing = read_timing(text, lang)
            if timing is not None:  # the rules text's sentence (3.4.2), as a post may copy it
                if table.get("timing", timing) != timing:
                    raise ForumError(source, starts[0][0], Localized(
                        f"発動タイミングが数値の行（{TIMING_JA[table['timing']]}）と食い違います",
                        f"the timing sentence contradicts the numbers line ({table['timing']})"))
                table["timing"] = timing
                continue
            try:
                tables = read_effects(text, lang, int(kind), find)
            except PhraseError as exc:
                where = line_at(starts, exc.pos)
                unread = exc.sentence if exc.reason is None else None
                raise ForumError(source, where, _phrase_text(exc), sentence=unread, nearest=exc.nearest) from None
            effects.extend((starts[0][0], table) for table in tables)
    return effects


def read_effects(text: str, lang: str, section: int, find: Callable[[str], str | None] | None = None
                 ) -> list[dict[str, Any]]:
    """The effect tables of one bullet: as written, else in the template's phrasing (:mod:`.paraphrase`).

    A sentence read neither way is the PhraseError of the text as written.

    >>> read_effects("デッキからカードを１枚ドローする", "ja", 1)
    [{'on': 'activate', 'op': 'draw', 'n': 1}]
    """
    try:
        return read_bullet(text, lang, section, find)[1]
    except PhraseError as exc:
        again = paraphrase(text, lang)
        if again == normalize(text):
            raise
        try:
            return read_bullet(again, lang, section, find)[1]
        except PhraseError:
            raise exc from None


def _phrase_text(exc: PhraseError) -> Localized:
    """A sentence the grammar cannot read, in both languages."""
    if exc.reason is None:
        return nearest_message(exc.sentence, exc.nearest)
    if exc.reason == f"no card named 「{exc.sentence}」 to search for":
        return Localized(f"探すカード「{exc.sentence}」がありません", exc.reason)
    return Localized(exc.reason, exc.reason)


def from_forum(text: str, source: str = "<forum>", pool: Any = None) -> list[tuple[int, dict[str, Any]]]:
    """``(line, card table)`` of every card of a post, each validated; errors name the line.

    Card names in the post (「火球」 in a search) are looked up among the post's own cards,
    then in ``pool``.
    """
    blocks = split_cards(text, source)
    heads = [_head(block, source) for block in blocks]
    own: dict[str, str] = {normalize(n).casefold(): str(h["id"]) for h in heads for n in h["name"].values()}

    def find(name: str) -> str | None:
        key = normalize(name).casefold()
        if key in own:
            return own[key]
        card = pool.find(name) if pool is not None else None
        return None if card is None else str(card.id)

    return [checked_card(block, source, table, _effects(block, source, find, table), parse_card, check_words)
            for block, table in zip(blocks, heads, strict=True)]


def forum_fit(text: str) -> int:
    """How well a post fits the Chant template: the Chant words (labels, attributes) on its numbers lines."""
    return template_fit(text, ("詠唱値", "区分", "要求枚数", "威力", "chant:", "kind:", "required:", "発動", "timing:",
                               *ATTRIBUTE_WORDS))


def check_words(exc: ContentError) -> Localized:
    """A card check's refusal in both languages, in this game's words (:func:`~grimoire.core.forum.check_text`)."""
    return check_text(exc, FIELD_NAMES, CHECKS)


CARD_TEXT = CardText(rules_text, to_forum, from_forum, forum_fit, check_words)
"""What the plugin offers (:attr:`grimoire.core.plugin.GamePlugin.card_text`)."""
