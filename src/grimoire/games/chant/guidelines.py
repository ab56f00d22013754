"""詠唱 Chant: the seed's designer guidelines for one card, each quoted with its source line (rule 8.5, 8.6).

The seed (``000_6069a7e417a4847c.txt``) tells designers how strong a card should be: the
power band for its chant value, a drawback raising it, extreme effects kept to chant 10
or more in the main deck, effects before the chant ends weaker than after it, three
copies of a name and five forbidden books. :func:`card_guidelines` applies them to a card:
each :class:`Guideline` is a warning (``warn``), a shipped card's written-down exception
(``exception``), a passed check (``ok``) or a reminder (``note``), in both languages, with
the seed's words and line. Warnings, never refusals.
The power band is :func:`.bands.band_findings`, the one the balance report checks.

>>> from grimoire.core.registry import load_game
>>> game = load_game("chant", tables={"x": {"id": "x", "kind": "library", "name": {"ja": "x", "en": "x"},
...                                          "attribute": "fantasy", "chant": 1, "power": 9}})
>>> [(g.key, g.level) for g in card_guidelines(game.pool["x"]) if g.level == "warn"]
[('band', 'warn'), ('band', 'warn')]
>>> print(card_guidelines(game.pool["x"])[0].text.en)
Power 9 is above the 0–1 band's 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from grimoire.core.content import Localized
from grimoire.core.effects import Effect
from grimoire.core.phrases import render

from .bands import band_findings, drawback_effect, guideline_band, ratio_limit
from .cardtext import NameBook, _values, op_key, op_phrase

SEED = "000_6069a7e417a4847c.txt"

#: The seed's words each guideline stands on: (line, text).
QUOTES: dict[str, tuple[int, str]] = {
    "band": (48, "メインデッキのカードは大体は詠唱値の5割～7割くらいに設定するのが無難。"
                 "デメリット付きなら詠唱値と同じか～2割増しくらいでも良いと思う。"),
    "band_0_1": (85, "詠唱値0～1：威力を持たない補助効果のみのカード群。デメリット付きで威力1付きのも有り"),
    "band_2_4": (86, "詠唱値2～4：ちょっと強めな補助効果だったり、威力1～2程度のカード群。"),
    "band_5_9": (87, "詠唱値5～9：結構強めな補助効果もいける。威力で言えば3～6程度のカード群。"),
    "band_10": (88, "詠唱値10～：とても強い。でもとてもファッティ。威力で言えば～10くらいのカード群。"),
    "forbidden": (49, "禁書に関してはちょっと運用が異なるから……効果設定に応じて常識的な範囲内でお願いします。"),
    "extreme": (80, "（でもそういうのは詠唱値10以上にしておこうね……"),
    "extreme_main": (81, "禁書の浪漫性を確保する為にも極端なカードはメインデッキに入れるのは控えてもらえると"
                         "カードメイク時に他の人もやりやすいよ）"),
    "order": (42, "効果の強度設定は詠唱後>詠唱開始>詠唱中/発動待ちくらいを想定。"),
    "copies": (82, "一応カードゲームの体を取ってるので同名カードは3枚まで投入可。"),
    "extra": (102, "5枚まで設定出来るデッキ外カード群。実際強い。"),
    "extra_names": (109, "こっちは同名カード無し。"),
    "review": (111, "明らかにアレなカードは要協議だけど……まぁ各人の良心が咎めない範囲でお願いします。"),
}
BAND_QUOTE = {"0-1": "band_0_1", "2-4": "band_2_4", "5-9": "band_5_9", "10+": "band_10"}

#: Shipped cards outside the power guideline on purpose, each with its reason (docs/rules/chant.md 8.6.5).
EXCEPTIONS: dict[str, Localized] = {
    "orbital_cannon": Localized(
        "詠唱値10〜の目安（威力〜10、88行）の内で、7割の目安だけを超えます。強めと測定済み（docs/balance.md）で、出荷時のまま",
        "inside the chant 10+ band (power up to 10, seed line 88), above the 70 % norm only; measured as strong "
        "(docs/balance.md) and kept as shipped"),
    "archmage_aurora": Localized(
        "詠唱値10〜の目安（威力〜10、88行）の内で、7割の目安だけを超えます。測定で有意な強さは出ず、出荷時のまま",
        "inside the chant 10+ band (power up to 10, seed line 88), above the 70 % norm only; measured without a "
        "significant edge (docs/balance.md) and kept as shipped"),
    "parrying_buckler": Localized(
        "詠唱値2〜4の目安（威力1〜2、86行）の内で、7割の目安（詠唱値2の7割は1.4）だけを超えます",
        "inside the chant 2–4 band (power 1–2, seed line 86), above the 70 % norm only (70 % of chant 2 is 1.4)"),
}

#: An effect this strong is "extreme" (8.6): kept to chant 10 or more in the main deck. ``all`` moves every card.
EXTREME: dict[str, int] = {"draw": 3, "damage": 3, "gain_life": 4, "advance": 3, "advance_all": 2, "rewind": 3,
                           "rewind_all": 3, "power_mod": 2, "reveal_pick": 5, "discard": 99, "pay_life": 99}
#: Triggers before the chant ends: at chant start (詠唱開始) and while on the field (詠唱中/発動待ち). Such an
#: effect is too strong (8.6.2) above the same effect after the chant, or at one less than extreme (at least 2).
EARLY = ("chant_start", "static", "c_phase", "end_phase")


@dataclass(frozen=True)
class Guideline:
    """One guideline applied to a card: ``level`` ``warn``, ``exception`` (a shipped card's written-down
    exception, :data:`EXCEPTIONS`), ``ok`` or ``note``; ``quote``: the seed's words at ``line``."""

    key: str
    level: str
    text: Localized
    quote: str
    line: int

    @property
    def source(self) -> str:
        """Where the seed says it: ``000_….txt:48``."""
        return f"{SEED}:{self.line}"

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        text: Any = self.text.get(lang) if lang else {"ja": self.text.ja, "en": self.text.en}
        return {"key": self.key, "level": self.level, "text": text, "quote": self.quote, "source": self.source}


def _g(key: str, level: str, ja: str, en: str, quote: str | None = None) -> Guideline:
    line, words = QUOTES[quote or key]
    return Guideline(key, level, Localized(ja, en), words, line)


BAND_JA = {
    "above_band": "威力{power}は詠唱値{band}の目安（威力{limit}まで）を超えています。",
    "below_band": "威力{power}は詠唱値{band}の目安（威力{limit}以上）に届きません。",
    "needs_drawback": "詠唱値0〜1で威力{power}を持つにはデメリットが要ります。",
    "above_drawback": "威力{power}は詠唱値{chant}の{share}%で、デメリット付きの上限（12割、威力{limit}）を"
                      "超えています。",
    "above_norm": "威力{power}は詠唱値{chant}の{share}%で、デメリットのないカードの目安（7割、威力{limit}）を"
                  "超えています。",
    "below_norm": "威力{power}は詠唱値{chant}の{share}%で、目安（5割、威力{limit}）に届かず、補う効果も"
                  "ありません。",
}
BAND_EN = {
    "above_band": "Power {power} is above the {band} band's {limit}.",
    "below_band": "Power {power} is below the {band} band's {limit}.",
    "needs_drawback": "Power {power} at chant 0–1 needs a drawback.",
    "above_drawback": "Power {power} is {share} % of chant {chant}, above the 120 % a drawback allows ({limit}).",
    "above_norm": "Power {power} is {share} % of chant {chant}, above the 70 % norm ({limit}) for a card without "
                  "a drawback.",
    "below_norm": "Power {power} is {share} % of chant {chant}, below the 50 % norm ({limit}), and no effect makes "
                  "up for it.",
}


def _band(card: Any, drawback: Effect | None) -> list[Guideline]:
    band, lo, hi = guideline_band(card.chant)
    found = band_findings(card.chant, card.power, drawback is not None, bool(card.effects))
    shown = {"ja": band.replace("10+", "10〜").replace("-", "〜"), "en": band.replace("-", "–")}
    out = [_g("band", "warn", BAND_JA[kind].format(**{**values, "band": shown["ja"]}),
              BAND_EN[kind].format(**{**values, "band": shown["en"]}),
              BAND_QUOTE[band] if kind in ("above_band", "below_band", "needs_drawback") else "band")
           for kind, values in found]
    if not out:
        top = min(hi, ratio_limit(card.chant, 1.2 if drawback is not None else 0.7))
        allowed = (f"{lo}", f"{lo}") if band == "0-1" else (f"{lo}〜{top}", f"{lo}–{top}")
        out.append(_g("band", "ok", f"威力{card.power}は詠唱値{card.chant}の目安の内です（威力{allowed[0]}）。",
                      f"Power {card.power} is within the guideline for chant {card.chant} ({allowed[1]}).",
                      BAND_QUOTE[band]))
    reason = EXCEPTIONS.get(card.id)
    if reason is not None:
        out = [Guideline(g.key, "exception", Localized(f"{g.text.ja}（例外: {reason.ja}）",
                                                       f"{g.text.en} (exception: {reason.en})"), g.quote, g.line)
               if g.level == "warn" else g for g in out]
    return out


def _effect_words(effect: Effect, card: Any, pool: Any) -> Localized:
    values = _values(effect, card, "ja", NameBook(pool))
    ja = render(op_phrase(op_key(effect), "ja"), values)
    en = render(op_phrase(op_key(effect), "en"), _values(effect, card, "en", NameBook(pool)))
    return Localized(f"「{ja}」", f"“{en}”")


#: Effects that look like a cost but are not drawbacks (issue 35): what the owner may decline or aim elsewhere.
def _not_drawbacks(card: Any) -> list[Effect]:
    out = []
    for e in card.effects:
        owner = (e.params.get("filter") or {}).get("owner", "own")
        if (e.on == "c_phase" and (e.cost or e.op in ("pay_life", "discard"))) or e.op == "pay_life_advance_self" \
                or (e.op == "rewind" and e.params.get("target") == "choose" and owner == "any"):
            out.append(e)
    return out


def _drawback(card: Any, drawback: Effect | None, pool: Any) -> list[Guideline]:
    out = []
    if drawback is not None:
        words = _effect_words(drawback, card, pool)
        out.append(_g("drawback", "ok",
                      f"デメリットとして数えた効果: {words.ja}（威力の目安が詠唱値の12割まで上がります）。",
                      f"Counted as a drawback: {words.en} (the power guideline rises to 120 % of the chant value).",
                      "band"))
    for e in _not_drawbacks(card):
        words = _effect_words(e, card, pool)
        why = ("選べる（払わなくてよい）コスト" if e.on == "c_phase" or e.op == "pay_life_advance_self"
               else "どちらのプレイヤーのカードでも選べる対象")
        why_en = ("a cost the owner may decline" if e.on == "c_phase" or e.op == "pay_life_advance_self"
                  else "a target the owner may pick on either side")
        out.append(_g("drawback", "note", f"{words.ja}はデメリットに数えません（{why}）。",
                      f"{words.en} is not a drawback ({why_en}).", "band"))
    return out


def _strength(effect: Effect) -> tuple[str, int] | None:
    """The effect's kind for :data:`EXTREME` and its size (None: not measured)."""
    op = effect.op
    if op == "damage" and effect.params.get("to") != "opponent":
        return None
    if op in ("advance", "rewind"):
        target = effect.params.get("target")
        owner = (effect.params.get("filter") or {}).get("owner", "own")
        if target == "self" or (op == "advance" and owner == "opponent") or (op == "rewind" and owner == "own"):
            return None
        return (f"{op}_all" if target == "all" else op, int(effect.params.get("n", 1)))
    if op not in EXTREME:
        return None
    return op, abs(int(effect.params.get("n", 1) or 1))


def _extreme(card: Any, pool: Any) -> list[Guideline]:
    if card.kind != "library" or card.chant >= 10:
        return []
    out = []
    for e in card.effects:
        found = _strength(e)
        if found is not None and found[1] >= EXTREME[found[0]]:
            words = _effect_words(e, card, pool)
            out.append(_g("extreme", "warn", f"{words.ja}は極端な効果です。メインデッキ（書庫）では詠唱値10以上の"
                          f"カードに（いま詠唱値{card.chant}）。",
                          f"{words.en} is an extreme effect: in the main deck keep it to chant 10 or more "
                          f"(chant {card.chant} now).", "extreme"))
    return out


def _order(card: Any, pool: Any) -> list[Guideline]:
    """Effects before the chant ends weaker than after it (after > chant start > while chanting/ready)."""
    out: list[Guideline] = []
    after: dict[str, int] = {}
    for e in card.effects:
        found = _strength(e)
        if e.on in ("activate", "leave") and found is not None:
            after[found[0]] = max(after.get(found[0], 0), found[1])
    for e in card.effects:
        found = _strength(e)
        if e.on not in EARLY or found is None:
            continue
        kind, size = found
        if size <= after.get(kind, size) and size < max(2, EXTREME[kind] - 1):
            continue
        words = _effect_words(e, card, pool)
        when = {"chant_start": ("詠唱開始時", "at chant start")}.get(e.on, ("場にある間", "while on the field"))
        out.append(_g("order", "warn", f"{when[0]}の効果{words.ja}が強すぎます。効果の強さは詠唱後＞詠唱開始＞"
                      "詠唱中・発動待ちの順にします。", f"{words.en} {when[1]} is too strong: effects after the "
                      "chant are the strongest, then at chant start, then while chanting or ready.", "order"))
    return out


def _limits(card: Any) -> list[Guideline]:
    if card.kind == "forbidden":
        return [_g("forbidden", "note", "禁書に威力の決まった目安はありません。効果に応じて常識的な範囲で。",
                   "Forbidden books have no fixed power guideline: keep to common sense for their effects."),
                _g("extra", "note", "禁書（エクストラデッキ）は5枚まで、同名カードは入れられません。",
                   "The extra deck holds up to 5 forbidden books, no two of the same name.", "extra"),
                _g("review", "note", "明らかに強すぎる禁書は要協議です。",
                   "A clearly broken forbidden book needs discussion (要協議) first.")]
    return [_g("copies", "note", "同名カードはメインデッキに3枚まで入れられます。",
               "Up to 3 copies of a name go into the main deck.")]


def card_guidelines(card: Any, pool: Any = None) -> list[Guideline]:
    """The seed's guidelines applied to ``card`` (see the module docstring): warnings first."""
    out: list[Guideline] = []
    drawback = drawback_effect(card)
    if card.kind == "library" and card.power is not None:
        out += _band(card, drawback)
    out += _drawback(card, drawback, pool)
    out += _extreme(card, pool) + _order(card, pool) + _limits(card)
    return sorted(out, key=lambda g: {"warn": 0, "exception": 1, "ok": 2, "note": 3}[g.level])


def warnings(cards: Sequence[Any], pool: Any = None) -> list[tuple[str, Guideline]]:
    """``(card id, guideline)`` of every warning of ``cards``."""
    return [(card.id, g) for card in cards for g in card_guidelines(card, pool) if g.level == "warn"]
