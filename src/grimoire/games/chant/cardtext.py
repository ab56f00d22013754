"""詠唱 Chant rules text, generated from a card's effects in Japanese and English, and read back.

Every effect operation is written once as a phrase (:mod:`grimoire.core.phrases`) per
language; the rules text prints them in the seed's wording (``『発動効果』・…``) and the
forum reader (:mod:`.forum`) parses sentences with a grammar compiled from the same
phrases. A card's effects form *bullets*: one per trigger (each ``static`` effect its
own), in the order they first appear, in two sections — 『詠唱効果』 (``chant_start``,
``static``, ``c_phase``, ``end_phase``) and 『発動効果』 (``activate``, ``leave``). Effects
after the first in a bullet are joined by ``その後、`` ("Then").

>>> from .cards import load_pool
>>> pool = load_pool()
>>> rules_text(pool["all_nighter_coffee"], "ja", pool)
'『発動効果』・カードを1枚ドローする。その後、自身はライフを1支払う。'
>>> rules_text(pool["all_nighter_coffee"], "en", pool)
'Activation effect: draw 1 card. Then pay 1 life.'
>>> rules_text(pool["fireball"], "en", pool)
'No effects.'
>>> read_bullet("カードを2枚ドローする。", "ja", 1)
('activate', [{'on': 'activate', 'op': 'draw', 'n': 2}], 0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any

from grimoire.core.effects import Effect
from grimoire.core.phrases import Article, Grammar, Name, Names, Num, Opt, Phrase, Plural, normalize, render

from .vocabulary import ATTRIBUTES, REGISTRY

ATTRIBUTE_JA = {"science": "科学", "fantasy": "幻想", "matter": "物質", "spirit": "精神"}
SECTIONS = ("chant", "activation")
SECTION_OF = {"chant_start": 0, "static": 0, "c_phase": 0, "end_phase": 0, "activate": 1, "leave": 1}
SECTION_LABEL = {"ja": ("『詠唱効果』", "『発動効果』"), "en": ("Chant effect: ", "Activation effect: ")}
NO_EFFECTS = {"ja": "効果なし。", "en": "No effects."}
JOINER = {"ja": "その後、", "en": "Then "}
#: The sentence that states a card's activation timing (3.4), first in its activation section;
#: the default timing (the A phase) has none.
TIMING_TEXT = {
    "ja": {"c_phase": "このカードは自身のCフェイズに発動する（Aフェイズには発動できない）。",
           "a_and_c_phase": "このカードは自身のCフェイズにも発動できる。",
           "end_phase": "このカードは自身のエンドフェイズに発動する（Cフェイズ・Aフェイズには発動できない）。",
           "counter": "このカードは反撃としてのみ発動できる。"},
    "en": {"c_phase": "Activate this card in your C phase (not in your A phase).",
           "a_and_c_phase": "You may also activate this card in your C phase.",
           "end_phase": "Activate this card in your E phase (not in your C or A phase).",
           "counter": "This card is activated only as a counter."},
}
COST_OPS = frozenset({"pay_life", "discard"})
SUBJECT_LEADS = frozenset({("activate", "cost"), ("end_phase", None), ("leave", None)})
DEFAULT_STATE = {"advance": "chanting", "rewind": "any", "power_mod": "any"}
OWNERS = ("own", "opponent", "any")
STATES = ("chanting", "ready", "any")

Key = tuple[Any, ...]
Find = Callable[[str], str | None]


class PhraseError(Exception):
    """A sentence outside the grammar: ``pos`` in the bullet, the sentence and the nearest phrasings."""

    def __init__(self, pos: int, sentence: str, nearest: list[str], reason: str | None = None) -> None:
        super().__init__(reason or sentence)
        self.pos = pos
        self.sentence = sentence
        self.nearest = nearest
        self.reason = reason


# ----------------------------------------------------------------------------- phrases
def _who(owner: str, lang: str, many: bool = False) -> str:
    if lang == "ja":
        return {"own": "自身の", "opponent": "相手の", "any": "互いの"}[owner]
    if owner == "any":
        return "both players'" if many else "either player's"
    return {"own": "your", "opponent": "your opponent's"}[owner]


def _attr(attribute: str | None, lang: str) -> str:
    if attribute is None:
        return ""
    return f"{ATTRIBUTE_JA[attribute]}属性の" if lang == "ja" else f"{attribute} "


def _state_ja(state: str, op: str) -> str:
    if op == "power_mod" and state == "any":
        return ""
    return {"chanting": "詠唱中の", "ready": "発動待ちの", "any": "詠唱エリアの"}[state]


def _state_en(state: str) -> tuple[str, str]:
    return {"chanting": ("chanting ", ""), "ready": ("ready ", ""), "any": ("", " (chanting or ready)")}[state]


def _move(key: Key, lang: str) -> Phrase:
    op, target = key[0], key[1]
    verb = ("進める" if op == "advance" else "戻す") if lang == "ja" else op
    if target == "self":
        return (("このカードの詠唱を", Num("n"), f"{verb}。") if lang == "ja"
                else (f"{verb} this card by ", Num("n"), "."))
    owner, state, attribute = key[2], key[3], key[4]
    if lang == "ja":
        where = _who(owner, "ja") + _state_ja(state, op)
        if target == "choose":
            return (f"{where}{_attr(attribute, 'ja')}カード1枚を選択し、詠唱を", Num("n"), f"{verb}。")
        return (f"{where}全ての{_attr(attribute, 'ja')}カードの詠唱を", Num("n"), f"{verb}。")
    word, tail = _state_en(state)
    again = (" (it is chanting again)" if target == "choose" else " (they are chanting again)") \
        if op == "rewind" and state == "ready" else ""
    if target == "choose":
        cards = f"{_who(owner, 'en')} {word}{_attr(attribute, 'en')}cards{tail}"
        return (f"choose one of {cards} and {verb} it by ", Num("n"), f"{again}.")
    cards = f"{_who(owner, 'en', many=True)} {word}{_attr(attribute, 'en')}cards{tail}"
    return (f"{verb} each of {cards} by ", Num("n"), f"{again}.")


def _power_mod(key: Key, lang: str) -> Phrase:
    _, owner, state, attribute, sign = key
    if lang == "ja":
        paren = "（威力を持たないカードは持たないまま）" if sign == "+" else "（0未満にはならない）"
        return (f"{_who(owner, 'ja')}{_state_ja(state, 'power_mod')}{_attr(attribute, 'ja')}カード",
                Opt("incl", "（このカードを含む）"), f"の威力を{sign}", Num("n"), f"する{paren}。")
    word = _state_en(state)[0]
    paren = " (cards without power stay without)" if sign == "+" else " (never below 0)"
    return (f"{_who(owner, 'en', many=True)} {word}{_attr(attribute, 'en')}cards",
            Opt("incl", " (this one included)"), f" have power {sign}", Num("n"), f"{paren}.")


def _damage(key: Key, lang: str, subject: bool) -> Phrase:
    to = key[1]
    if lang == "ja":
        return {"opponent": ("相手に", Num("n"), "のダメージを与える。"),
                "self": ("自身は", Num("n"), "のダメージを受ける。"),
                "both": ("互いのプレイヤーは", Num("n"), "のダメージを受ける。")}[to]
    if to == "opponent":
        return ("deal ", Num("n"), " damage to your opponent.")
    if to == "both":
        return ("each player takes ", Num("n"), " damage.")
    return ("you take " if subject else "take ", Num("n"), " damage.")


def op_phrase(key: Key, lang: str, subject: bool = False) -> Phrase:
    """The phrase of the operation ``key`` (see :func:`op_key`); ``subject``: after a lead ("you pay…")."""
    op = key[0]
    you = "you " if subject else ""
    cards = Plural("n", "card", "cards")
    if op in ("advance", "rewind"):
        return _move(key, lang)
    if op == "power_mod":
        return _power_mod(key, lang)
    if op == "damage":
        return _damage(key, lang, subject)
    ja: dict[str, Phrase] = {
        "draw": ("カードを", Num("n"), "枚ドローする。"),
        "gain_life": ("自身のライフを", Num("n"), "回復する。"),
        "pay_life": ("自身はライフを", Num("n"), "支払う。"),
        "pay_life_advance_self": ("自身はライフを", Num("max"), "まで支払う。"
                                  "支払ったライフだけこのカードの詠唱を進めて良い。"),
        "reveal_pick": ("自身のメインデッキから同名ではないカードを", Num("n"), "枚まで選択し相手に見せる。"
                        "相手はその中から1枚選択し、選択した1枚を手札に加える。"
                        "それ以外のカードはメインデッキに戻しシャッフルする。"),
        "tutor_chant": ("自身の書庫から", Name("card"), "1枚を探し、詠唱を開始する"
                        "（自身の詠唱中のカードが5枚以上なら手札に加える）。その後、書庫をシャッフルする。"),
        "power_per_blank_name": ("自身の空書置場に存在する", Names("names"), "と名のつくカード1種類につき"
                                 "このカードの威力を", Num("n"), "加えてダメージ処理を行う。"),
        "discard": ("自身は手札を", Num("n"), "枚選択し、空書置場に置く。"),
    }
    en: dict[str, Phrase] = {
        "draw": ("draw ", Num("n"), " ", cards, "."),
        "gain_life": (f"{you}gain ", Num("n"), " life."),
        "pay_life": (f"{you}pay ", Num("n"), " life."),
        "pay_life_advance_self": ("you may pay up to ", Num("max"), " life (never your last point); "
                                  "advance this card by the life paid."),
        "reveal_pick": ("choose up to ", Num("n"), " ", cards, " with different names from your library and show "
                        "them to your opponent. Your opponent picks one of them, which you put into your hand. "
                        "The others stay in your library, which you shuffle."),
        "tutor_chant": ("search your library for ", Article("card"), " ", Name("card", "", ""), " and start its chant "
                        "(if you already have 5 or more chanting cards, put it into your hand instead). "
                        "Then shuffle your library."),
        "power_per_blank_name": ("for each distinct card name in your blank pile that contains ",
                                 Names("names", "en", "gloss"), ", this card's power is raised by ", Num("n"),
                                 " for this damage."),
        "discard": ("choose ", Num("n"), " ", cards, " in your hand and put ", Plural("n", "it", "them"),
                    " into your blank pile."),
    }
    return (ja if lang == "ja" else en)[op]


def lead_phrase(lead: Key, lang: str) -> Phrase:
    """The words that open a bullet of trigger ``lead[0]`` (variant ``lead[1]``)."""
    trigger, variant = lead
    ja: dict[Key, Phrase] = {
        ("activate", None): (),
        ("activate", "cost"): ("このカードの発動時、",),
        ("chant_start", None): ("このカードの詠唱開始時、",),
        ("chant_start", "may"): ("このカードの詠唱開始時に使用できる。",),
        ("static", None): ("このカードが場にある間、",),
        ("end_phase", None): ("このカードが場にある間、自身のエンドフェイズ時、",),
        ("c_phase", None): ("このカードが場にある間、自身のCフェイズに1ターンに1度使用できる。",),
        ("c_phase", "cost"): ("このカードが場にある間、自身のCフェイズに1ターンに1度、ライフを", Num("cost"),
                              "支払って使用できる（ライフが", Num("cost"), "より多い場合のみ）。"),
        ("leave", None): ("このカードが場から離れる際に発動する。",),
    }
    en: dict[Key, Phrase] = {
        ("activate", None): (),
        ("activate", "cost"): ("when this card is activated, ",),
        ("chant_start", None): ("when this card's chant starts, ",),
        ("chant_start", "may"): ("when this card's chant starts, ",),
        ("static", None): ("while this card is on the field, ",),
        ("end_phase", None): ("while this card is on the field, at the start of each of your E phases ",),
        ("c_phase", None): ("while this card is on the field, once during each of your C phases you may ",),
        ("c_phase", "cost"): ("while this card is on the field, once during each of your C phases you may pay ",
                              Num("cost"), " life (only if your life is above ", Num("cost"), ") to "),
        ("leave", None): ("When this card leaves the field: ",),
    }
    return (ja if lang == "ja" else en)[(trigger, variant)]


# ----------------------------------------------------------------------------- effects -> keys
def op_key(effect: Effect) -> Key:
    """What a phrase must say of ``effect``: its operation and every worded (non-number) parameter."""
    op, p = effect.op, effect.params
    if op in ("advance", "rewind"):
        if p["target"] == "self":
            return (op, "self")
        flt = p.get("filter") or {}
        return (op, p["target"], flt.get("owner", "own"), flt.get("state", DEFAULT_STATE[op]), flt.get("attribute"))
    if op == "damage":
        return (op, p.get("to", "opponent"))
    if op == "power_mod":
        flt = p.get("filter") or {}
        return (op, flt.get("owner", "own"), flt.get("state", "any"), flt.get("attribute"),
                "+" if p["n"] > 0 else "-")
    return (op,)


def lead_key(trigger: str, effects: Sequence[Effect]) -> Key:
    """Which opening a bullet of ``trigger`` starting with ``effects[0]`` takes."""
    first = effects[0]
    if trigger == "activate" and (first.op in COST_OPS or (first.op == "damage" and first.get("to") != "opponent")):
        return (trigger, "cost")
    if trigger == "chant_start" and first.op == "pay_life_advance_self":
        return (trigger, "may")
    if trigger == "c_phase" and sum(e.cost for e in effects) > 0:
        return (trigger, "cost")
    return (trigger, None)


def bullets(effects: Sequence[Effect]) -> list[tuple[str, list[Effect]]]:
    """The card's effects as bullets ``(trigger, effects)``: chant section first, then activation."""
    found: dict[Any, tuple[str, list[Effect]]] = {}
    for index, effect in enumerate(effects):
        slot: Any = (effect.on, index) if effect.on == "static" else effect.on
        found.setdefault(slot, (effect.on, []))[1].append(effect)
    return sorted(found.values(), key=lambda b: SECTION_OF[b[0]])


class NameBook:
    """Card names for phrases: a card id's name, and the English gloss of a Japanese name."""

    def __init__(self, pool: Any = None) -> None:
        self.pool = pool

    def name(self, card_id: str, lang: str) -> str:
        card = self.pool.by_id.get(card_id) if self.pool is not None else None
        return card.name.get(lang) if card is not None else card_id

    def gloss(self, ja_name: str) -> str | None:
        card = self.pool.find(ja_name) if self.pool is not None else None
        return card.name.en if card is not None and card.name.ja == ja_name else None


def _values(effect: Effect, card: Any, lang: str, names: NameBook) -> dict[str, Any]:
    p = effect.params
    values: dict[str, Any] = {"n": abs(int(p.get("n", 1) or 1)), "max": p.get("max"), "names": p.get("names", ()),
                              "gloss": names.gloss}
    if "card" in p:
        values["card"] = names.name(str(p["card"]), lang)
    if effect.op == "power_mod":
        flt = p.get("filter") or {}
        values["incl"] = (flt.get("owner", "own") != "opponent" and flt.get("attribute") in (None, card.attribute)
                          and flt.get("state", "any") == "any")
    return values


def render_bullet(trigger: str, effects: Sequence[Effect], card: Any, lang: str, names: NameBook) -> str:
    """One bullet's sentence(s), without the bullet mark (English starts lower-case)."""
    lead = lead_key(trigger, effects)
    out = render(lead_phrase(lead, lang), {"cost": sum(e.cost for e in effects)})
    for i, effect in enumerate(effects):
        if i:
            out += JOINER[lang] if lang == "ja" else " " + JOINER[lang]
        phrase = op_phrase(op_key(effect), lang, subject=i == 0 and lead in SUBJECT_LEADS)
        out += render(phrase, _values(effect, card, lang, names))
    return out


def capital(text: str) -> str:
    """``text`` with its first letter upper-case."""
    return text[:1].upper() + text[1:]


def timing_text(card: Any, lang: str) -> str | None:
    """The sentence stating ``card``'s activation timing (3.4), or None for the default (the A phase).

    >>> from .cards import load_pool
    >>> card = load_pool(tables={"x": {"id": "x", "kind": "library", "name": {"ja": "x", "en": "x"},
    ...                                "attribute": "science", "chant": 1, "timing": "counter"}})["x"]
    >>> timing_text(card, "ja"), rules_text(card, "en")
    ('このカードは反撃としてのみ発動できる。', 'This card is activated only as a counter.')
    """
    return TIMING_TEXT[lang].get(getattr(card, "timing", "a_phase"))


def read_timing(text: str, lang: str) -> str | None:
    """The timing a bullet states, if it is one of the timing sentences (:data:`TIMING_TEXT`), else None.

    >>> read_timing("このカードは自身のCフェイズにも発動できる。", "ja"), read_timing("Draw 1 card.", "en")
    ('a_and_c_phase', None)
    """
    key = normalize(text).strip().casefold()
    for timing, sentence in TIMING_TEXT[lang].items():
        if normalize(sentence).casefold() == key:
            return timing
    return None


def _with_timing(card: Any, lang: str, listed: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``(trigger, text)`` bullets with the timing sentence first in the activation section."""
    timing = timing_text(card, lang)
    if timing is None:
        return listed
    at = next((i for i, (trigger, _) in enumerate(listed) if SECTION_OF[trigger] == 1), len(listed))
    return [*listed[:at], ("timing", timing), *listed[at:]]


def text_lines(card: Any, lang: str, pool: Any = None) -> list[str]:
    """The rules text bullet by bullet, each section's label before its first bullet (see :func:`rules_text`)."""
    if not card.effects and timing_text(card, lang) is None:
        return [NO_EFFECTS[lang]]
    names = NameBook(pool)
    lines: list[str] = []
    labelled = [False, False]
    listed = [(trigger, render_bullet(trigger, effects, card, lang, names))
              for trigger, effects in bullets(card.effects)]
    for trigger, text in _with_timing(card, lang, listed):
        if trigger == "timing":
            if lang == "ja":
                lines.append(("" if labelled[1] else SECTION_LABEL["ja"][1]) + "・" + text)
                labelled[1] = True
            else:
                lines.append(capital(text))
            continue
        section = SECTION_OF[trigger]
        if lang == "ja":
            lines.append(("" if labelled[section] else SECTION_LABEL["ja"][section]) + "・" + text)
            labelled[section] = True
        elif not labelled[section] and (section == 0 or trigger == "activate"):
            lines.append(SECTION_LABEL["en"][section] + text)
            labelled[section] = True
        else:
            lines.append(capital(text))
    return lines


def rules_text(card: Any, lang: str, pool: Any = None) -> str:
    """The card's rules text in ``lang``, generated from its effects (``pool`` names cards in it)."""
    return ("" if lang == "ja" else " ").join(text_lines(card, lang, pool))


def forum_bullets(card: Any, lang: str, pool: Any = None) -> list[tuple[int, str]]:
    """``(section, sentence)`` of each bullet, as the forum template lists them (the template
    states the activation timing on its numbers line instead, :mod:`.forum`)."""
    names = NameBook(pool)
    out = []
    for trigger, effects in bullets(card.effects):
        text = render_bullet(trigger, effects, card, lang, names)
        out.append((SECTION_OF[trigger], text if lang == "ja" else capital(text)))
    return out


# ----------------------------------------------------------------------------- reading back
def all_op_keys() -> Iterator[Key]:
    """Every worded variant of every operation."""
    attributes: tuple[str | None, ...] = (None, *ATTRIBUTES)
    for op in REGISTRY.ops:
        if op in ("advance", "rewind"):
            yield (op, "self")
            for target in ("choose", "all"):
                for owner in OWNERS:
                    for state in STATES:
                        for attribute in attributes:
                            yield (op, target, owner, state, attribute)
        elif op == "damage":
            for to in ("opponent", "self", "both"):
                yield (op, to)
        elif op == "power_mod":
            for owner in OWNERS:
                for state in STATES:
                    for attribute in attributes:
                        for sign in "+-":
                            yield (op, owner, state, attribute, sign)
        else:
            yield (op,)


LEADS: tuple[Key, ...] = (("activate", "cost"), ("chant_start", None), ("chant_start", "may"), ("static", None),
                          ("end_phase", None), ("c_phase", None), ("c_phase", "cost"), ("leave", None))
SAMPLES = {"card": "火球", "names": ["火球"], "n": 1, "max": 6, "cost": 1}


@cache
def op_grammar(lang: str) -> Grammar:
    """Every operation's phrases (both forms) in ``lang``."""
    entries: dict[tuple[Key, Phrase], None] = {}
    for key in all_op_keys():
        for subject in (False, True):
            entries[(key, op_phrase(key, lang, subject))] = None
    samples = SAMPLES if lang == "ja" else {**SAMPLES, "card": "Fireball", "names": ["火球"]}
    return Grammar(list(entries), lang, samples)


@cache
def lead_grammar(lang: str) -> Grammar:
    """The bullet openings in ``lang``."""
    return Grammar([(lead, lead_phrase(lead, lang)) for lead in LEADS], lang, SAMPLES)


@cache
def joiner_grammar(lang: str) -> Grammar:
    return Grammar([("then", (JOINER[lang].strip() + ("," if lang == "en" else ""),)), ("then", (JOINER[lang],))],
                   lang)


def effect_table(trigger: str, key: Key, values: dict[str, Any], find: Find | None) -> dict[str, Any]:
    """The TOML table of one read effect (parameters at their defaults are left out)."""
    op = key[0]
    table: dict[str, Any] = {"on": trigger, "op": op}
    if op in ("advance", "rewind"):
        table["n"] = values["n"]
        table["target"] = key[1]
        if key[1] != "self":
            flt = {}
            if key[2] != "own":
                flt["owner"] = key[2]
            if key[3] != DEFAULT_STATE[op]:
                flt["state"] = key[3]
            if key[4] is not None:
                flt["attribute"] = key[4]
            if flt:
                table["filter"] = flt
    elif op == "damage":
        table.update(n=values["n"], to=key[1])
    elif op == "power_mod":
        table["n"] = values["n"] if key[4] == "+" else -values["n"]
        flt = {k: v for k, v in zip(("owner", "state", "attribute"), key[1:4], strict=True)
               if v is not None and v != {"owner": "own", "state": "any"}.get(k)}
        if flt:
            table["filter"] = flt
    elif op == "pay_life_advance_self":
        table["max"] = values["max"]
    elif op == "tutor_chant":
        name = str(values["card"]).strip()
        found = find(name) if find is not None else None
        if found is None:
            raise PhraseError(0, name, [], f"no card named 「{name}」 to search for")
        table["card"] = found
    elif op == "power_per_blank_name":
        table["names"] = list(values["names"])
        if values["n"] != 1:
            table["n"] = values["n"]
    else:
        table["n"] = values["n"]
    return table


def _sentence_at(text: str, pos: int, lang: str) -> str:
    """The words from ``pos`` to the next ``その後、`` ("Then") or the bullet's end."""
    stop = text.find("。" + JOINER["ja"] if lang == "ja" else ". " + JOINER["en"], pos)
    return text[pos:] if stop < 0 else text[pos:stop + 1]


def _nearest(grammar: Grammar, sentence: str, lang: str, prefixes: Sequence[str] = ("",)) -> list[str]:
    """The phrasings nearest ``sentence`` (each after one of ``prefixes``), as a post would write them."""
    found = Grammar([((p, key), (p, *phrase)) for p in prefixes for key, phrase in grammar.entries], lang,
                    grammar.samples).nearest(sentence)
    return found if lang == "ja" else [capital(f) for f in found]


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def read_bullet(text: str, lang: str, section: int, find: Find | None = None) -> tuple[str, list[dict[str, Any]], int]:
    """``(trigger, effect tables, life cost)`` of one bullet; a sentence outside the grammar is a PhraseError.

    ``section`` is 0 (『詠唱効果』) or 1 (『発動効果』: a bullet without an opening is an
    activation effect); ``find`` turns a card name into its id (for 「火球」 in a search).
    """
    text = normalize(text)
    pos = 0
    lead = lead_grammar(lang).match(text, 0)
    if lead is not None and lead[2] > 0:
        trigger, cost, pos = lead[0][0], int(lead[1].get("cost", 0)), _skip(text, lead[2])
    elif section == 1:
        trigger, cost = "activate", 0
    else:
        sentence = _sentence_at(text, 0, lang)
        leads = [lead_grammar(lang).sample(lead_phrase(lead, lang)) for lead in LEADS if lead[0] != "activate"]
        raise PhraseError(0, sentence, _nearest(op_grammar(lang), sentence, lang, leads))
    tables: list[dict[str, Any]] = []
    while pos < len(text):
        if tables:
            joined = joiner_grammar(lang).match(text, pos)
            if joined is not None:
                pos = _skip(text, joined[2])
        found = op_grammar(lang).match(text, pos)
        if found is None:
            sentence = _sentence_at(text, pos, lang)
            raise PhraseError(pos, sentence, _nearest(op_grammar(lang), sentence, lang))
        try:
            tables.append(effect_table(trigger, found[0], found[1], find))
        except PhraseError as exc:
            raise PhraseError(pos, exc.sentence, [], exc.reason) from None
        pos = _skip(text, found[2])
    if tables and cost:
        first = tables[0]
        tables[0] = {"on": first["on"], "op": first["op"], "cost_life": cost,
                     **{k: v for k, v in first.items() if k not in ("on", "op")}}
    if not tables:
        sentence = _sentence_at(text, 0, lang)
        raise PhraseError(0, sentence, _nearest(op_grammar(lang), sentence, lang))
    return trigger, tables, cost
