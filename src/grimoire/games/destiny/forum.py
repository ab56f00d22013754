"""運命予報祭 Destiny Saga cards in a forum template, printed and read back.

The seed gives no card template; this one sits next to Chant's (same community, same
marks) and uses Destiny's own words (``docs/rules/destiny-cards.md``)::

    〇招き猫の子
    属性：神秘 カードパワー：１ Lucky!
    【メイン】
    ・運命の糸を２得る。
    『フレーバーテキスト』
    右手で福を、左手で糸を招く。
    『Grimoire』
    ID：beckoning_kitten
    英語名：Little Beckoning Cat
    英語フレーバー：The right paw beckons luck; the left paw beckons threads.

Each timing group is a section (【メイン】 【バトル】 【応答】 【攻撃】) with one bullet
per effect; ``Lucky!`` on the numbers line marks a Lucky! card.

>>> from .cards import load_pool
>>> pool = load_pool()
>>> print(to_forum(pool["oni_mask_champion"], "ja").split("『フレーバーテキスト』")[0])
〇鬼面の闘士
属性：気魄 カードパワー：５
【攻撃】
・猛攻：このバトルの間、この能力者のパワー＋２。
・CA：この攻撃が勝ったなら、相手予報士は追加で運命の糸を２失う。
<BLANKLINE>
>>> [(line, t["id"], t["lucky"]) for line, t in from_forum(to_forum(pool["fox_fire"], "en"), "p.txt")]
[(1, 'fox_fire', True)]
"""

from __future__ import annotations

import re
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
from grimoire.core.phrases import FULL_DIGITS, normalize
from grimoire.core.plugin import CardText

from .cards import ATTRIBUTE_JA, ATTRIBUTES, read_card
from .cardtext import LABEL, PhraseError, groups, ordered_effects, read_sentences, rules_text, sentence
from .paraphrase import paraphrase

ATTRIBUTE_WORDS = {**{ja: en for en, ja in ATTRIBUTE_JA.items()}, **{a: a for a in ATTRIBUTES}}
STAT_LABELS = {"属性": "attribute", "カードパワー": "power", "パワー": "power", "attribute": "attribute",
               "power": "power"}
SECTIONS: dict[str, tuple[str, str]] = {
    **{normalize(label).casefold(): (lang, timing) for lang, labels in LABEL.items()
       for timing, label in labels.items()},
    "『フレーバーテキスト』": ("ja", "flavor"), "[flavor text]": ("en", "flavor"), "[flavour text]": ("en", "flavor"),
    "『grimoire』": ("ja", "grimoire"), "[grimoire]": ("en", "grimoire"),
}
#: Japanese names of the card fields and the card checks' own messages (see :func:`grimoire.core.forum.check_text`).
FIELD_NAMES = {"attribute": "属性", "power": "カードパワー", "lucky": "Lucky!"}
CHECKS = (
    (r"'self' is allowed only in attack groups", "この能力者を選ぶ効果は【攻撃】にだけ書けます"),
    (r"a response group must start with 'cancel'", "【応答】は相殺から始めます"),
    (r"after 'cancel' a response group may only 'draw' or 'gain_threads'",
     "【応答】の相殺のあとには、カードを引く効果と運命の糸を得る効果だけを書けます"),
)
ITEMS = Localized("属性・カードパワー・Lucky!", "Attribute, Power, Lucky!")
CHOICES = Localized("気魄・術式・神秘・全能", ", ".join(ATTRIBUTE_JA))
#: The numbers line's items in each language, by field.
ITEM_NAMES = {"attribute": Localized("属性", "Attribute"), "power": Localized("カードパワー", "Power")}
#: English names of the card fields where the capitalised id is not (see :func:`grimoire.core.forum.check_text`).
FIELD_NAMES_EN = {"lucky": "Lucky!"}
_PAIR = re.compile(r"([^\s:]+?)\s*:\s*(\S+)")
_LUCKY = re.compile(r"lucky\s*!?", re.IGNORECASE)


def stats_line(card: Any, lang: str) -> str:
    """The numbers line: ``属性：気魄 カードパワー：５`` (``Lucky!`` after it on a Lucky! card)."""
    lucky = " Lucky!" if card.lucky else ""
    if lang == "ja":
        return f"属性：{ATTRIBUTE_JA[card.attribute]} カードパワー：{str(card.power).translate(FULL_DIGITS)}{lucky}"
    return f"Attribute: {card.attribute}  Power: {card.power}" + (" " + lucky if lucky else "")


def to_forum(card: Any, lang: str = "ja", pool: Any = None) -> str:
    """The card in the forum template, in ``lang``, ready to paste into a post."""
    other = "en" if lang == "ja" else "ja"
    out = [name_line(card.name.get(lang), card.ruby or None), stats_line(card, lang)]
    for timing, group in groups(ordered_effects(card)):
        out.append(LABEL[lang][timing])
        out.extend(("・" if lang == "ja" else "- ") + sentence(effect, lang) for effect in group)
    out += flavor_lines(card.flavor.get(lang) if card.flavor else None, lang)
    out += extras_lines(card.id, card.name.get(other), card.flavor.get(other) if card.flavor else None, lang,
                        card.tags)
    return "\n".join(out)


def _stats(block: Block, source: str) -> tuple[str, dict[str, Any]]:
    example = Localized("属性：気魄 カードパワー：３", "Attribute: kiryoku Power: 3")
    if block.stats is None:
        raise ForumError(source, block.line, say("no_numbers", name=block.name, example=example))
    no, text = block.stats.no, normalize(block.stats.text)
    lucky = bool(_LUCKY.search(text))
    pairs = _PAIR.findall(_LUCKY.sub(" ", text))
    if not pairs:
        raise ForumError(source, no, say("bad_numbers", example=example, text=text))
    lang = "ja" if any(not label.isascii() for label, _ in pairs) else "en"
    out: dict[str, Any] = {"lucky": lucky}
    for label, raw in pairs:
        name = STAT_LABELS.get(label.casefold())
        if name is None:
            raise ForumError(source, no, say("unknown_stat", label=label, items=ITEMS), item=label)
        if name == "attribute":
            if raw.casefold() not in ATTRIBUTE_WORDS:
                raise ForumError(source, no, say("one_of", label=ITEM_NAMES["attribute"], choices=CHOICES, value=raw),
                                 item=label)
            out[name] = ATTRIBUTE_WORDS[raw.casefold()]
        elif not raw.isdigit():
            raise number_error(source, no, label, raw, ITEM_NAMES[name])
        else:
            out[name] = int(raw)
    for name in ("attribute", "power"):
        if name not in out:
            raise ForumError(source, no, say("no_stat", name=block.name, label=ITEM_NAMES[name]))
    return lang, out


def _effects(block: Block, source: str) -> list[tuple[int, dict[str, Any]]]:
    effects: list[tuple[int, dict[str, Any]]] = []
    for section in block.sections:
        label = label_of(section)
        if label not in SECTIONS:
            known = Localized("、".join([*LABEL["ja"].values(), "『フレーバーテキスト』"]),
                              ", ".join([*LABEL["en"].values(), "[Flavor text]"]))
            raise ForumError(source, section.line, say("unknown_section", label=section.label, known=known))
        lang, timing = SECTIONS[label]
        if timing in ("flavor", "grimoire"):
            continue
        for text, starts in bullets(section):
            try:
                effects.extend((starts[0][0], table) for table in read_effects(text, lang, timing))
            except PhraseError as exc:
                raise ForumError(source, line_at(starts, exc.pos), nearest_message(exc.sentence, exc.nearest),
                                 sentence=exc.sentence, nearest=exc.nearest) from None
    return effects


def read_effects(text: str, lang: str, timing: str) -> list[dict[str, Any]]:
    """The effect tables of one bullet: as written, else in the template's phrasing (:mod:`.paraphrase`).

    A sentence read neither way is the PhraseError of the text as written.

    >>> read_effects("山札からカードを１枚ドローする", "ja", "main")
    [{'on': 'main', 'op': 'draw', 'n': 1}]
    """
    try:
        return read_sentences(text, lang, timing)
    except PhraseError as exc:
        again = paraphrase(text, lang)
        if again == normalize(text):
            raise
        try:
            return read_sentences(again, lang, timing)
        except PhraseError:
            raise exc from None


def from_forum(text: str, source: str = "<forum>", pool: Any = None) -> list[tuple[int, dict[str, Any]]]:
    """``(line, card table)`` of every card of a post, each validated; errors name the line."""
    out = []
    for block in split_cards(text, source):
        lang, stats = _stats(block, source)
        common = common_fields(block, source, lang)
        table: dict[str, Any] = {"id": common["id"], "name": common["name"]}
        if block.ruby:
            table["ruby"] = block.ruby
        table.update(attribute=stats["attribute"], power=stats["power"], lucky=stats["lucky"])
        if "flavor" in common:
            table["flavor"] = common["flavor"]
        if "tags" in common:
            table["tags"] = common["tags"]
        out.append(checked_card(block, source, table, _effects(block, source), _validate, check_words))
    return out


def _validate(source: str, table: dict[str, Any]) -> None:
    """Read a card table as the pool would (on a copy: the table stays as the post wrote it)."""
    read_card(source, dict(table))


def forum_fit(text: str) -> int:
    """How well a post fits the Destiny template: the Destiny words (labels, attributes) on its numbers lines."""
    return template_fit(text, ("カードパワー", "lucky", "power:", *ATTRIBUTE_WORDS))


def check_words(exc: ContentError) -> Localized:
    """A card check's refusal in both languages, in this game's words (:func:`~grimoire.core.forum.check_text`)."""
    return check_text(exc, FIELD_NAMES, CHECKS, FIELD_NAMES_EN)


CARD_TEXT = CardText(rules_text, to_forum, from_forum, forum_fit, check_words)
"""What the plugin offers (:attr:`grimoire.core.plugin.GamePlugin.card_text`)."""
