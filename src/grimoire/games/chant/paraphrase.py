"""詠唱 Chant: the common ways designers write an effect, as the template's phrasing.

The seed writes its examples loosely (「デッキからカードを1枚ドローする」, 「指定した詠唱中の
カードの詠唱を1進める」, 「デッキから〇〇（カード名）を選択して詠唱を開始する」); the reader
(:func:`.cardtext.read_bullet`) tries a sentence as written, then rewritten by
:func:`paraphrase` (:mod:`grimoire.core.paraphrase`).

>>> paraphrase("デッキからカードを1枚ドローする")
'カードを1枚ドローする。'
>>> paraphrase("指定した詠唱中のカードの詠唱を1進める")
'自身の詠唱中のカード1枚を選択し、詠唱を1進める。'
>>> paraphrase("デッキから『火球』を選択して詠唱を開始する。")
'自身の書庫から「火球」1枚を探し、詠唱を開始する(自身の詠唱中のカードが5枚以上なら手札に加える)。その後、書庫をシャッフルする。'
>>> paraphrase("Draw a card", "en")
'Draw 1 card.'
"""

from __future__ import annotations

import re

from grimoire.core.paraphrase import Rewrite, rewrite
from grimoire.core.phrases import normalize, render

from .cardtext import ATTRIBUTE_JA, op_phrase

_AT = r"(?:^|(?<=[。、 ]))"
_DECK = r"(?:(?:自身の|自分の)?(?:メインデッキ|デッキ|山札|書庫|ライブラリ)から)"
_WHO = r"(自身の|自分の|相手の|互いの|両者の|お互いの)"
_STATE = r"(詠唱中の|発動待ちの|詠唱エリアの|場の)"
_ATTR = r"((?:科学|幻想|物質|精神)(?:属性)?の)"
_POINTS = r"(?:点|ポイント)?"
WHO = {"自身の": "own", "自分の": "own", "相手の": "opponent", "互いの": "any", "両者の": "any", "お互いの": "any"}
STATE = {"詠唱中の": "chanting", "発動待ちの": "ready", "詠唱エリアの": "any", "場の": "any"}
ATTRIBUTE = {ja: en for en, ja in ATTRIBUTE_JA.items()}


def _say(key: tuple[object, ...], **values: object) -> str:
    return normalize(render(op_phrase(key, "ja"), values))


def _move(found: re.Match[str]) -> str:
    """A chosen or every card's chant moved: the template's 「…カード1枚を選択し、詠唱をN進める。」."""
    verb = "advance" if found.group("verb") == "進める" else "rewind"
    owner = WHO.get(found.group("who") or "", "own")
    default = "chanting" if verb == "advance" else "any"
    state = STATE.get(found.group("state") or "", default)
    attribute = ATTRIBUTE.get((found.group("attr") or "").removesuffix("の").removesuffix("属性"))
    target = "all" if found.group("all") else "choose"
    return _say((verb, target, owner, state, attribute), n=int(found.group("n")))


def _tutor(found: re.Match[str]) -> str:
    return _say(("tutor_chant",), card=found.group("name").strip())


def _joined(*parts: str) -> str:
    return "".join(parts)


_MOVE_PICK = _joined(
    r"(?:指定した|選択した|選んだ|対象の)?", _WHO.replace("(", "(?P<who>", 1), "?",
    _STATE.replace("(", "(?P<state>", 1), "?", _ATTR.replace("(", "(?P<attr>", 1),
    r"?カード(?:を)?(?:1枚)?(?:を)?(?:選択し|選び|選んで|指定し)?、?(?:その)?",
    r"(?:カードの)?の?詠唱(?:値)?を(?P<n>\d+)(?:つ|だけ)?(?P<verb>進める|戻す)(?P<all>)")
_MOVE_ALL = _joined(
    r"(?:全ての|すべての)?", _WHO.replace("(", "(?P<who>", 1), "?", _STATE.replace("(", "(?P<state>", 1), "?",
    r"(?P<all>全ての|すべての)", _ATTR.replace("(", "(?P<attr>", 1),
    r"?カード(?:の)?詠唱(?:値)?を(?P<n>\d+)(?:つ|だけ)?(?P<verb>進める|戻す)")

#: Japanese paraphrases, each rewritten into the template's phrasing (applied in order).
JA: tuple[Rewrite, ...] = (
    Rewrite(r"その後(?!、)", "その後、"),
    Rewrite(r"すべての", "全ての"),
    Rewrite(r"(自身の|自分の|相手の|互いの)全ての(詠唱中の|発動待ちの|詠唱エリアの)", r"\1\2全ての"),
    # leads
    Rewrite(_AT + r"(?:このカードの)?詠唱開始時(?:に、|に|、|,)(?!使用)", "このカードの詠唱開始時、"),
    Rewrite(_AT + r"(?:このカードの)?(?:発動時|発動した時|発動したとき)(?:に、|に|、|,)", "このカードの発動時、"),
    Rewrite(_AT + r"(?:このカードが)?場(?:から|を)離れ(?:る際|た時|たとき|る時)(?:に発動する。|、|に、|,)",
            "このカードが場から離れる際に発動する。"),
    Rewrite(_AT + r"(?:このカードが)?場に(?:ある|存在する)(?:間|限り)(?:、|,)", "このカードが場にある間、"),
    # draw
    Rewrite(_AT + _DECK + r"?(?:カードを)?(?P<n>\d+)枚(?:の)?(?:カードを)?(?:ドローする|ドロー|引く|引き)(?:。|$)?",
            lambda m: _say(("draw",), n=int(m.group("n")))),
    Rewrite(_AT + _DECK + r"?カード(?P<n>\d+)枚を(?:ドローする|ドロー|引く)(?:。|$)?",
            lambda m: _say(("draw",), n=int(m.group("n")))),
    # life
    Rewrite(_AT + r"(?:自身の|自分の|自身は|自分は)?ライフ(?:を|が)(?P<n>\d+)" + _POINTS + r"回復(?:する)?(?:。|$)?",
            lambda m: _say(("gain_life",), n=int(m.group("n")))),
    Rewrite(_AT + r"(?:自身は|自分は|自身の|自分の)?ライフを(?P<n>\d+)" + _POINTS + r"(?:支払う|払う)(?:。|$)?",
            lambda m: _say(("pay_life",), n=int(m.group("n")))),
    # damage
    Rewrite(_AT + r"相手(?:プレイヤー)?(?:に|へ)(?P<n>\d+)" + _POINTS
            + r"(?:の)?ダメージ(?:を与える|を与え|を)?(?:。|$)?",
            lambda m: _say(("damage", "opponent"), n=int(m.group("n")))),
    Rewrite(_AT + r"(?P<n>\d+)" + _POINTS + r"(?:の)?ダメージを相手(?:プレイヤー)?(?:に|へ)与える(?:。|$)?",
            lambda m: _say(("damage", "opponent"), n=int(m.group("n")))),
    Rewrite(_AT + r"(?:互いのプレイヤー|両プレイヤー|両者|お互い|互い)(?:は|に|が)(?P<n>\d+)" + _POINTS
            + r"(?:の)?ダメージを(?:受ける|与える)(?:。|$)?",
            lambda m: _say(("damage", "both"), n=int(m.group("n")))),
    Rewrite(_AT + r"(?:自身|自分)(?:は|が|に)(?P<n>\d+)" + _POINTS + r"(?:の)?ダメージを受ける(?:。|$)?",
            lambda m: _say(("damage", "self"), n=int(m.group("n")))),
    # discard
    Rewrite(_AT + r"(?:自身は|自分は)?手札(?:を|から)(?:カードを)?(?P<n>\d+)枚(?:選択し|選び|選んで)?、?"
            r"(?:空書置場|空書エリア|墓地)?(?:に|へ)?(?:置く|捨てる)(?:。|$)?",
            lambda m: _say(("discard",), n=int(m.group("n")))),
    # this card's chant
    Rewrite(_AT + r"このカードの詠唱(?:値)?を(?P<n>\d+)(?:つ|だけ)?(?P<verb>進める|戻す)(?:。|$)?",
            lambda m: _say(("advance" if m.group("verb") == "進める" else "rewind", "self"), n=int(m.group("n")))),
    # other cards' chant
    Rewrite(_AT + _MOVE_ALL + r"(?:。|$)?", _move),
    Rewrite(_AT + _MOVE_PICK + r"(?:。|$)?", _move),
    # a search
    Rewrite(_AT + _DECK + r"「?(?P<name>[^「」、。]+?)」?(?:を)?(?:1枚)?(?:を)?"
            r"(?:選択して|選択し、|選んで|探して|探し、)"
            r"詠唱を開始する(?:\([^)]*\))?(?:。|$)?(?:その後、)?(?:(?:自身の)?(?:書庫|デッキ|メインデッキ|山札)を"
            r"シャッフルする(?:。|$)?)?", _tutor),
)

_EN_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _n(word: str) -> str:
    return str(_EN_NUM.get(word.casefold(), word))


#: English paraphrases.
EN: tuple[Rewrite, ...] = (
    Rewrite(r"\b(?:you )?draws? (a|an|one|two|three|four|five|\d+) cards?(?: from (?:your|the) (?:deck|library))?\.?",
            lambda m: f"Draw {_n(m.group(1))} card{'s' if _n(m.group(1)) != '1' else ''}.", re.IGNORECASE),
    Rewrite(r"\bdeal (\d+|a|one|two|three) damage to (?:the|your) (?:opponent|enemy)(?: player)?\.?",
            lambda m: f"Deal {_n(m.group(1))} damage to your opponent.", re.IGNORECASE),
    Rewrite(r"\b(?:you )?gain (\d+|one|two|three) (?:life|hp)(?: points?)?\.?",
            lambda m: f"Gain {_n(m.group(1))} life.", re.IGNORECASE),
)


def paraphrase(text: str, lang: str = "ja") -> str:
    """``text`` in the template's phrasing where it says a known effect in another way."""
    return rewrite(text, JA if lang == "ja" else EN, lang)
