"""運命予報祭 Destiny Saga: the common ways of writing an effect, as the template's phrasing.

The seed words its actions loosely (「カードを１枚引く」, 「運命の糸を回復」, 「ＪＡ・ＣＡ」); the
reader (:func:`.forum.read_effects`) tries a sentence as written, then rewritten by
:func:`paraphrase` (:mod:`grimoire.core.paraphrase`).

>>> paraphrase("山札からカードを1枚ドローする")
'カードを1枚引く。'
>>> paraphrase("相手の運命の糸を２減らす")
'相手予報士は運命の糸を2失う。'
>>> paraphrase("自分の能力者1体を選び、そのパワーを1上げる")
'自分の能力者1体を選ぶ。そのパワー+1。'
"""

from __future__ import annotations

import re

from grimoire.core.paraphrase import Rewrite, rewrite

_AT = r"(?:^|(?<=[。、 :]))"
_END = r"(?:。|$)?"
_ATTR = r"(?:(?:気魄|術式|神秘|全能)(?:属性)?の)?"
_PICK = r"(?P<pick>(?:自分|相手)の" + _ATTR + r"能力者|" + _ATTR + r"能力者)"


def _pick(found: re.Match[str]) -> str:
    """``自分の気魄の能力者１体を選ぶ。`` from the words of a pick (``相手の神秘属性の能力者``)."""
    words = found.group("pick").replace("属性の", "の")
    either = "" if words.startswith(("自分の", "相手の")) else "(どちらの能力者でもよい)"
    return f"{words}1体を選ぶ{either}。"


def _change(found: re.Match[str]) -> str:
    sign = "+" if found.group("up") in ("+", "上げる", "増やす", "上昇させる", "プラスする") else "-"
    return f"{_pick(found)}そのパワー{sign}{found.group('n')}。"


#: Japanese paraphrases, each rewritten into the template's phrasing (applied in order).
JA: tuple[Rewrite, ...] = (
    Rewrite(r"ジャンプアタック", "JA"),
    Rewrite(r"クリティカルアタック", "CA"),
    Rewrite(r"^(猛攻|JA|CA|相殺)\s*[:、]?\s*", r"\1:"),
    Rewrite(r"カードを(?:山札|デッキ)から", "山札からカードを"),
    Rewrite(r"このバトル(?:中|のあいだ)、", "このバトルの間、"),
    Rewrite(r"この攻撃が(?:勝った|成功した)(?:なら|ら|場合)、?", "この攻撃が勝ったなら、"),
    Rewrite(r"^相殺:直前に(?:使われた|使用された)エフェクトを(?:打ち消す|無効にする)(?:。|$)",
            "相殺:直前に使われたエフェクトを打ち消す(そのコストは戻らない)。"),
    Rewrite(_AT + r"(?:(?:自分の)?(?:山札|デッキ)から)?(?:カードを)?(?P<n>\d+)枚(?:の)?(?:カードを)?"
            r"(?:引く|ひく|ドローする|ドロー)" + _END, r"カードを\g<n>枚引く。"),
    Rewrite(_AT + r"(?:(?:自分の)?(?:山札|デッキ)から)?カード(?P<n>\d+)枚を(?:引く|ひく|ドローする)" + _END,
            r"カードを\g<n>枚引く。"),
    Rewrite(_AT + r"(?:自分の|自分は)?(?:運命の)?糸(?:を|が)\+?(?P<n>\d+)(?:本)?"
            r"(?:得る|回復する|獲得する|増やす|増える|する)" + _END, r"運命の糸を\g<n>得る。"),
    Rewrite(_AT + r"(?:相手予報士|相手プレイヤー|相手)(?:は|の)(?:運命の)?糸(?:を|が)(?P<n>\d+)(?:本)?"
            r"(?:失う|減らす|減る|失わせる)" + _END, r"相手予報士は運命の糸を\g<n>失う。"),
    Rewrite(_AT + r"(?:運命の)?糸を(?P<n>\d+)(?:本)?失わせる" + _END, r"相手予報士は運命の糸を\g<n>失う。"),
    Rewrite(r"追加で(?:運命の)?糸を(?P<n>\d+)(?:本)?(?:失う|失わせる|減らす)" + _END,
            r"追加で運命の糸を\g<n>失う。"),
    Rewrite(r"この能力者のパワー(?:を)?\+(?P<n>\d+)(?:する)?" + _END, r"この能力者のパワー+\g<n>。"),
    Rewrite(r"この能力者のパワーを(?P<n>\d+)上げる" + _END, r"この能力者のパワー+\g<n>。"),
    Rewrite(_AT + _PICK + r"(?:を)?1体(?:を)?(?:選ぶ。|選び、|選んで、?)(?:その|それの)(?:能力者の)?パワー(?:を)?"
            r"(?:(?P<up>[+-])(?P<n>\d+)(?:する)?|(?P<n2>\d+)(?P<up2>上げる|下げる))" + _END,
            lambda m: _change_any(m)),
    Rewrite(_AT + _PICK + r"1体のパワー(?:を)?(?P<up>[+-])(?P<n>\d+)(?:する)?" + _END, lambda m: _change(m)),
    Rewrite(_AT + _PICK + r"(?:を)?1体(?:を)?(?:選ぶ。|選び、|選んで、?)(?:それ|その能力者)(?:は|を)"
            r"エフェクト使用可能状態(?:になる|にする)" + _END,
            lambda m: _pick(m) + "それはエフェクト使用可能状態になる。"),
)


def _change_any(found: re.Match[str]) -> str:
    if found.group("up") is not None:
        return _change(found)
    sign = "+" if found.group("up2") == "上げる" else "-"
    return f"{_pick(found)}そのパワー{sign}{found.group('n2')}。"


#: English paraphrases.
EN: tuple[Rewrite, ...] = (
    Rewrite(r"\bdraws? (a|one|\d+) cards?\.?", lambda m: f"Draw {1 if m.group(1) in ('a', 'one') else m.group(1)} "
            f"card{'' if m.group(1) in ('a', 'one', '1') else 's'}.", re.IGNORECASE),
    Rewrite(r"\bgain (\d+) (?:fate )?threads?\.?", lambda m: f"You gain {m.group(1)} thread"
            f"{'' if m.group(1) == '1' else 's'}.", re.IGNORECASE),
)


def paraphrase(text: str, lang: str = "ja") -> str:
    """``text`` in the template's phrasing where it says a known effect in another way."""
    return rewrite(text, JA if lang == "ja" else EN, lang)
