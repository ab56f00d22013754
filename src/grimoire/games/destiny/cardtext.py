"""運命予報祭 Destiny Saga rules text, generated from a card's effects in Japanese and English, and read back.

Each effect operation is one phrase per language (:mod:`grimoire.core.phrases`); a card's
text is its groups in the order they first appear, each opened by its timing label
(``【メイン】`` ``[Main]``) and followed by its effects' sentences. Japanese numbers are
full-width, as in the seed (``カードを１枚引く。``). The forum reader (:mod:`.forum`) parses
sentences with a grammar compiled from the same phrases.

>>> from .cards import load_pool
>>> pool = load_pool()
>>> rules_text(pool["war_cry"], "ja")
'【バトル】自分の能力者１体を選ぶ。そのパワー＋１。カードを１枚引く。'
>>> rules_text(pool["war_cry"], "en")
'[Battle] Choose one of your users: it gets +1 power. Draw 1 card.'
>>> read_sentences("相手予報士は運命の糸を２失う。", "ja", "main")
[{'on': 'main', 'op': 'lose_threads', 'n': 2}]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

from grimoire.core.effects import Effect
from grimoire.core.phrases import Grammar, Num, Phrase, Plural, normalize, render

from .vocabulary import ATTRIBUTE_JA, ATTRIBUTES, TIMINGS, USER_OPS, VOCABULARY

LABEL = {"ja": {"main": "【メイン】", "battle": "【バトル】", "response": "【応答】", "attack": "【攻撃】"},
         "en": {"main": "[Main]", "battle": "[Battle]", "response": "[Response]", "attack": "[Attack]"}}
NO_EFFECTS = {"ja": "（エフェクトなし）", "en": "(No effects.)"}
DIGITS = {"ja": "full", "en": "ascii"}
PICKED = ("own_user", "opponent_user", "any_user")

Key = tuple[Any, ...]


class PhraseError(Exception):
    """A sentence outside the grammar: ``pos`` in the text, the sentence and the nearest phrasings."""

    def __init__(self, pos: int, sentence: str, nearest: list[str]) -> None:
        super().__init__(sentence)
        self.pos = pos
        self.sentence = sentence
        self.nearest = nearest
        self.reason: str | None = None


def _attr(attribute: str | None, lang: str) -> str:
    if attribute is None:
        return ""
    return f"{ATTRIBUTE_JA[attribute]}の" if lang == "ja" else f"{ATTRIBUTE_JA[attribute]} ({attribute}) "


def _pick(target: str, attribute: str | None, lang: str) -> str:
    a = _attr(attribute, lang)
    if lang == "ja":
        return {"own_user": f"自分の{a}能力者１体を選ぶ。", "opponent_user": f"相手の{a}能力者１体を選ぶ。",
                "any_user": f"{a}能力者１体を選ぶ（どちらの能力者でもよい）。"}[target]
    return {"own_user": f"Choose one of your {a}users: ", "opponent_user": f"Choose one of your opponent's {a}users: ",
            "any_user": f"Choose a {a}user on either side: "}[target]


def _user_op(key: Key, lang: str) -> Phrase:
    op, target, attribute = key
    sign = {"strengthen": "＋", "weaken": "－"}.get(op, "") if lang == "ja" else {"strengthen": "+", "weaken": "-"}.get(
        op, "")
    if op == "destroy":
        if target == "self":
            return (("この能力者のパワーが", Num("n"), "以下なら、この能力者を捨て札にする。") if lang == "ja"
                    else ("If this user's power is ", Num("n"), " or less, put it into its owner's discard pile."))
        a = _attr(attribute, lang)
        if lang == "ja":
            who = {"own_user": "自分の", "opponent_user": "相手の", "any_user": ""}[target]
            return ("パワー", Num("n"), f"以下の{'、' if attribute else ''}{who}{a}能力者１体を選び、捨て札にする。")
        if target == "any_user":
            return (f"Choose a {a}user with power ", Num("n"), " or less (either side) and put it into its owner's "
                    "discard pile.")
        whose = "your" if target == "own_user" else "your opponent's"
        return (f"Choose one of {whose} {a}users with power ", Num("n"), " or less and put it into its owner's "
                "discard pile.")
    if op == "ready":
        return (_pick(target, attribute, lang) + ("それはエフェクト使用可能状態になる。" if lang == "ja"
                                                  else "it becomes effect-ready."),)
    if target == "self":
        return (("この能力者のパワー" + sign, Num("n"), "。") if lang == "ja"
                else (f"This user gets {sign}", Num("n"), " power."))
    if lang == "ja":
        return (_pick(target, attribute, lang) + "そのパワー" + sign, Num("n"), "。")
    return (_pick(target, attribute, lang) + f"it gets {sign}", Num("n"), " power.")


def op_phrase(key: Key, lang: str) -> Phrase:
    """The phrase of the operation ``key`` (see :func:`op_key`) in ``lang``."""
    op = key[0]
    if op in USER_OPS:
        return _user_op(key, lang)
    threads = Plural("n", "thread", "threads")
    ja: dict[str, Phrase] = {
        "onslaught": ("猛攻：このバトルの間、この能力者のパワー＋", Num("n"), "。"),
        "ja": ("JA：このバトルでは、防御する能力者は相性による＋１を得ない。",),
        "ca": ("CA：この攻撃が勝ったなら、相手予報士は追加で運命の糸を", Num("n"), "失う。"),
        "cancel": ("相殺：直前に使われたエフェクトを打ち消す（そのコストは戻らない）。",),
        "gain_threads": ("運命の糸を", Num("n"), "得る。"),
        "lose_threads": ("相手予報士は運命の糸を", Num("n"), "失う。"),
        "draw": ("カードを", Num("n"), "枚引く。"),
    }
    en: dict[str, Phrase] = {
        "onslaught": ("Onslaught: this user gets +", Num("n"), " power for this battle."),
        "ja": ("JA (Jump Attack): in this battle the blocker gets no +1 from attributes.",),
        "ca": ("CA (Critical Attack): if this attack wins, the opposing forecaster loses ", Num("n"), " extra ",
               threads, "."),
        "cancel": ("Cancel: the effect just used does not resolve (its cost stays paid).",),
        "gain_threads": ("You gain ", Num("n"), " ", threads, "."),
        "lose_threads": ("Your opponent loses ", Num("n"), " ", threads, "."),
        "draw": ("Draw ", Num("n"), " ", Plural("n", "card", "cards"), "."),
    }
    return (ja if lang == "ja" else en)[op]


def op_key(effect: Effect) -> Key:
    """What a phrase must say of ``effect``: its operation, target and attribute (not its numbers)."""
    if effect.op in USER_OPS:
        target = effect.params["target"]
        return (effect.op, target, None if target == "self" else effect.params.get("attribute"))
    return (effect.op,)


def groups(effects: Sequence[Effect]) -> list[tuple[str, list[Effect]]]:
    """The effects by timing, in the order each timing first appears."""
    found: dict[str, list[Effect]] = {}
    for effect in effects:
        found.setdefault(effect.on, []).append(effect)
    return list(found.items())


def sentence(effect: Effect, lang: str) -> str:
    """One effect's sentence(s) in ``lang``."""
    return render(op_phrase(op_key(effect), lang), {"n": effect.params.get("n", 1)}, DIGITS[lang])


def card_effects(card: Any) -> list[Effect]:
    """A card's effects in file order of their groups (``card.groups`` by timing)."""
    return [effect for group in card.groups for effect in group]


def text_lines(card: Any, lang: str, pool: Any = None) -> list[str]:
    """The rules text group by group, each opened by its timing label (see :func:`rules_text`)."""
    effects = ordered_effects(card)
    if not effects:
        return [NO_EFFECTS[lang]]
    space = "" if lang == "ja" else " "
    return [LABEL[lang][timing] + space + space.join(sentence(e, lang) for e in group)
            for timing, group in groups(effects)]


def rules_text(card: Any, lang: str, pool: Any = None) -> str:
    """The card's rules text in ``lang``, generated from its effects (``pool`` is not needed here)."""
    return ("" if lang == "ja" else " ").join(text_lines(card, lang, pool))


def ordered_effects(card: Any) -> list[Effect]:
    """The card's effects as written: ``card.effects`` when it keeps them, else its groups."""
    return list(getattr(card, "effects", ()) or card_effects(card))


# ----------------------------------------------------------------------------- reading back
def all_op_keys() -> Iterator[Key]:
    """Every worded variant of every operation."""
    for op in VOCABULARY.ops:
        if op in USER_OPS:
            if op != "ready":
                yield (op, "self", None)
            for target in PICKED:
                for attribute in (None, *ATTRIBUTES):
                    yield (op, target, attribute)
        else:
            yield (op,)


@cache
def op_grammar(lang: str) -> Grammar:
    """Every operation's phrase in ``lang``."""
    return Grammar([(key, op_phrase(key, lang)) for key in all_op_keys()], lang, digits=DIGITS[lang])


def effect_table(timing: str, key: Key, values: dict[str, Any]) -> dict[str, Any]:
    """The TOML table of one read effect."""
    table: dict[str, Any] = {"on": timing, "op": key[0]}
    if key[0] in USER_OPS:
        table["target"] = key[1]
        if key[2] is not None:
            table["attribute"] = key[2]
    if "n" in values:
        table["n"] = values["n"]
    return table


def _sentence_at(text: str, pos: int, lang: str) -> str:
    """The rest of the bullet from ``pos`` (a bullet is one effect's sentences)."""
    return text[pos:]


def read_sentences(text: str, lang: str, timing: str) -> list[dict[str, Any]]:
    """The effect tables of a group's sentences; a sentence outside the grammar is a PhraseError."""
    if timing not in TIMINGS:
        raise ValueError(timing)
    text = normalize(text)
    pos = 0
    tables: list[dict[str, Any]] = []
    while pos < len(text):
        found = op_grammar(lang).match(text, pos)
        if found is None:
            bad = _sentence_at(text, pos, lang)
            raise PhraseError(pos, bad, op_grammar(lang).nearest(bad))
        tables.append(effect_table(timing, found[0], found[1]))
        pos = found[2]
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return tables
