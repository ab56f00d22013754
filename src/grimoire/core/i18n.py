"""Messages in Japanese (default) and English.

A message is a key plus arguments. Templates use ``{0}``, ``{1}``… for raw arguments
and ``{c0}``, ``{c1}``… for an argument that is a card id, rendered as that card's
name in the chosen language.

>>> cat = Catalog({"opt.place": {"ja": "{c0}を置く", "en": "Place {c0}"}})
>>> names = {"fireball": {"ja": "火球", "en": "Fireball"}}
>>> cat.render("opt.place", ("fireball",), "ja", lambda cid, lang: names[cid][lang])
'火球を置く'
>>> cat.render("missing.key", (1,), "en", lambda c, l: c)
'missing.key 1'

Word arguments listed in the catalog's ``terms`` (attributes, reasons…) render in the
chosen language wherever they appear:

>>> cat = Catalog({"ev.win": {"ja": "{0}の勝ち（{1}）", "en": "{0} wins ({1})"}}, {"life": ("ライフ切れ", "life")})
>>> cat.render("ev.win", ("P1", "life"), "ja", lambda c, l: c)
'P1の勝ち（ライフ切れ）'

Event lines use named arguments (see :mod:`grimoire.core.events`): ``{player}`` is the
1-based player number, a ``card`` / ``*_card`` argument renders as the card's name:

>>> cat = Catalog({"ev.place": {"ja": "P{player}が{card}を置いた", "en": "P{player} places {card}"}})
>>> cat.render_named("ev.place", {"player": 1, "card": "fireball"}, "en", lambda c, l: c.title())
'P1 places Fireball'
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .decision import Decision, Event, Option
from .events import EventSchema, is_card_arg

if TYPE_CHECKING:
    from .pool import CardPool

LANGS = ("ja", "en")

#: Board words every game shares (a game's own ``ui.*`` entries take precedence).
COMMON_UI: dict[str, dict[str, str]] = {
    "ui.player": {"ja": "プレイヤー{n}", "en": "Player {n}"},
    "ui.seat": {"ja": "P{n}", "en": "P{n}"},
    "ui.you": {"ja": "あなた", "en": "You"},
    "ui.opponent": {"ja": "相手", "en": "Opponent"},
    "ui.none": {"ja": "なし", "en": "none"},
    "ui.turn": {"ja": "ターン {n}", "en": "Turn {n}"},
    "ui.turn_mark": {"ja": " ・手番", "en": " · turn"},
    "ui.hand": {"ja": "手札", "en": "Hand"},
    "ui.deck": {"ja": "山札", "en": "Deck"},
    "ui.unknown": {"ja": "未定", "en": "not yet known"},
}
#: The board coin asked at the toss (:mod:`grimoire.core.boardcoin`): its question, options and log line.
COMMON_MESSAGES: dict[str, dict[str, str]] = {
    "ask.post": {"ja": "コイントス（{0}回目）：決め手の書き込み時刻（または秒の下一桁）を入力",
                 "en": "Coin toss {0}: the time of the post that decides it (or its seconds' last digit)"},
    "opt.post": {"ja": "秒の下一桁 {0}", "en": "seconds end in {0}"},
    "ev.post": {"ja": "P{player}の書き込み {time}：秒の下一桁{digit} → {coin}",
                "en": "P{player}'s post at {time}: seconds end in {digit} → {coin}"},
    "why.post": {"ja": "掲示板のコイン：秒の下一桁が偶数なら表、奇数なら裏",
                 "en": "the board coin: an even last seconds digit is heads, odd is tails"},
}
#: End reasons every game shares: games lost other than by the rules (a game's own terms take precedence).
COMMON_TERMS: dict[str, tuple[str, str]] = {
    "concession": ("投了", "concession"),
    "timeout": ("時間切れ", "out of time"),
    "abandoned": ("離席（勝利の申し立て）", "left the game (win claimed)"),
    "step_limit": ("手数上限", "step limit"),
    "heads": ("表", "heads"),
    "tails": ("裏", "tails"),
}
NameFn = Callable[[str, str], str]
_FORMATTER = string.Formatter()
_CODE = re.compile(r"`([^`]*)`")
_JAPANESE = re.compile(r"[\u3005\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e「」]+")
_GLOSS = re.compile(r"\s*[(（][^()（）A-Za-z]*[\u3040-\u30ff\u3400-\u9fff][^()（）A-Za-z]*[)）]")
_WIDE = r"[^\x00-\x7f]"
_TITLE = re.compile(r"^[^。]*?[（(]`?[a-z_]+`?[）)][。.]\s*")


def _starting(word: str, m: re.Match[str]) -> str:
    """``word`` put in place of ``m``, capitalised when ``m`` starts a sentence."""
    before = m.string[:m.start()].rstrip()
    return word[:1].upper() + word[1:] if not before or before[-1] in ".!?" else word


def rule_note(text: str) -> str:
    """A rule's text as a note beside an option: without a leading "Name (`id`)." title (the option names
    it) and without its interpretations (the rules page gives them).

    >>> rule_note("地脈蜂起（`chimyaku_houki`）。捨てられます。解釈: 変種オプション `x` は…")
    '捨てられます。'
    """
    text = re.split(r"\s*(?:\*\*)?(?:Interpretation|解釈):", text)[0]
    return _TITLE.sub("", text)


def name_in(name: str, lang: str) -> str:
    """A name given in both languages as "日本語 / English" (a starter deck's) in ``lang``; any other name as is.

    >>> name_in("炎の書 / Book of Fire", "en"), name_in("炎の書 / Book of Fire", "ja"), name_in("my deck", "ja")
    ('Book of Fire', '炎の書', 'my deck')
    """
    parts = name.split(" / ")
    if len(parts) != 2 or not all(parts):
        return name
    return parts[1] if lang == "en" else parts[0]


def check_lang(lang: str) -> str:
    """Return ``lang`` if supported, else raise ValueError naming the choices."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    return lang


class Catalog:
    """Message templates per key and language, merged from several sources."""

    def __init__(self, entries: Mapping[str, Mapping[str, str]] | None = None,
                 terms: Mapping[str, tuple[str, str]] | None = None) -> None:
        self.entries: dict[str, dict[str, str]] = {}
        self.terms: dict[str, tuple[str, str]] = dict(terms or {})
        if entries:
            self.update(entries)

    def term(self, word: str, lang: str) -> str | None:
        """A word argument in ``lang``, or None if it is not a known term."""
        pair = self.terms.get(word)
        return None if pair is None else pair[0 if lang == "ja" else 1]

    def has(self, key: str) -> bool:
        """Whether ``key`` has a template."""
        return key in self.entries

    def update(self, entries: Mapping[str, Mapping[str, str]]) -> None:
        """Add or replace templates."""
        for key, by_lang in entries.items():
            self.entries.setdefault(key, {}).update(by_lang)

    def render(self, key: str, args: tuple[Any, ...], lang: str, name: NameFn) -> str:
        """Render ``key`` with ``args`` in ``lang``; unknown keys fall back to the key."""
        by_lang = self.entries.get(key)
        if by_lang is None:
            return " ".join([key, *map(str, args)])
        template = by_lang.get(lang) or by_lang.get("en") or next(iter(by_lang.values()))
        cards = {}
        for _, field, _, _ in _FORMATTER.parse(template):
            if field and field[0] == "c" and field[1:].isdigit():
                idx = int(field[1:])
                cards[field] = name(str(args[idx]), lang) if idx < len(args) else "?"
        shown = [self.term(a, lang) or a if isinstance(a, str) else a for a in args]
        return template.format(*shown, **cards)

    def render_named(self, key: str, args: Mapping[str, Any], lang: str, name: NameFn) -> str:
        """Render ``key`` with named ``args``: card arguments as names, known words as terms."""
        by_lang = self.entries.get(key)
        if by_lang is None:
            return " ".join([key, *(f"{k}={v}" for k, v in args.items())])
        template = by_lang.get(lang) or by_lang.get("en") or next(iter(by_lang.values()))
        shown: dict[str, Any] = {}
        for k, v in args.items():
            if isinstance(v, str):
                shown[k] = name(v, lang) if is_card_arg(k) else (self.term(v, lang) or v)
            else:
                shown[k] = v
        return template.format_map(_Missing(shown))

    def ui(self) -> dict[str, dict[str, str]]:
        """The ``ui.*`` templates (board words), keyed without the prefix (served to the browser)."""
        return {k[3:]: dict(v) for k, v in self.entries.items() if k.startswith("ui.")}


class _Missing(dict[str, Any]):
    """A format mapping that shows a missing field as ``?`` (a redacted or short event)."""

    def __missing__(self, key: str) -> str:
        return "?"


class Texts:
    """A game's words: card names, terms, option labels, prompts, event lines and board words.

    The collaborator a :class:`~grimoire.core.game.Game` holds for everything it says.
    """

    def __init__(self, catalog: Catalog, pool: CardPool[Any], events: EventSchema) -> None:
        for key, by_lang in (*COMMON_UI.items(), *COMMON_MESSAGES.items()):
            if not catalog.has(key):
                catalog.update({key: by_lang})
        for word, pair in COMMON_TERMS.items():
            catalog.terms.setdefault(word, pair)
        self.catalog = catalog
        self.pool = pool
        self.events = events

    def card_name(self, card_id: str, lang: str) -> str:
        """A card's name in ``lang``; a known term in ``lang``; else the id itself."""
        card = self.pool.by_id.get(card_id)
        if card is not None:
            return str(card.name.get(lang))
        return self.catalog.term(card_id, lang) or card_id

    def term(self, word: str, lang: str) -> str:
        """A rules word (attribute, ability, end reason…) in ``lang``; the word itself if unknown."""
        return self.catalog.term(word, lang) or word

    def label(self, option: Option, lang: str) -> str:
        """The readable label of an option."""
        return self.catalog.render(option.key, option.args, lang, self.card_name)

    def prompt(self, decision: Decision, lang: str) -> str:
        """The readable question of a decision."""
        return self.catalog.render("ask." + decision.kind, decision.prompt_args, lang, self.card_name)

    def describe(self, event: Event, lang: str) -> str:
        """An event as a line of the game log (``ev.<kind>.hidden`` when its args were redacted)."""
        key = "ev." + event.kind
        if event.private_to >= 0 and not event.args and self.catalog.has(key + ".hidden"):
            key += ".hidden"
        args = self.events.named(event) if event.kind != "post" else dict(zip(("time", "digit", "coin"),
                                                                                 event.args, strict=False))
        args["player"] = event.player + 1
        return self.catalog.render_named(key, args, lang, self.card_name)

    def why(self, event: Event, lang: str) -> str:
        """Why ``event`` happened, the numbers that went in: ``why.<kind>``, or ``why.<kind>.<first
        argument>`` when the catalog has it (a game drawn by turn limit), or ``why.<kind>.hidden`` when its
        args were redacted; '' when the game has no such text. See :mod:`grimoire.core.why`."""
        key = "why." + event.kind
        if event.private_to >= 0 and not event.args and self.catalog.has(key + ".hidden"):
            key += ".hidden"
        elif event.args and isinstance(event.args[0], str) and self.catalog.has(f"{key}.{event.args[0]}"):
            key = f"{key}.{event.args[0]}"
        if not self.catalog.has(key):
            return ""
        args = self.events.named(event)
        args["player"] = event.player + 1
        return self.catalog.render_named(key, args, lang, self.card_name)

    def rule_word(self, word: str, lang: str) -> str | None:
        """A rules document's id (``main``, ``own_user``) in ``lang``: a ``word.<id>`` entry, else a term."""
        by_lang = self.catalog.entries.get("word." + word)
        if by_lang is not None and lang in by_lang:
            return by_lang[lang]
        return self.catalog.term(word, lang)

    def rule_words(self, text: str, lang: str) -> str:
        """A rule's text (its ids still in backquotes, as the rules document writes them) as a player reads it
        at the table: the ids (```main```, ```own_user```) in the words of ``lang``; in English, the seed's
        Japanese glosses in brackets dropped and its Japanese words given in English (Japanese with no known
        English stays).

        >>> from grimoire.core.events import EventSchema
        >>> from grimoire.core.pool import CardPool
        >>> texts = Texts(Catalog({"word.main": {"ja": "【メイン】", "en": "[Main]"}},
        ...                       {"kiryoku": ("気魄", "kiryoku")}), CardPool([]), EventSchema({}))
        >>> texts.rule_words("a `main` group of a 気魄 card (地脈) in the main phase. 気魄 cards.", "en")
        'a [Main] group of a kiryoku card in the main phase. Kiryoku cards.'
        >>> texts.rule_words("`kiryoku` のカードの `main` か `battle` のまとまり", "ja")
        '気魄のカードの【メイン】か battle のまとまり'
        """
        def word(m: re.Match[str]) -> str:
            found = self.rule_word(m.group(1), lang)
            return m.group(1) if found is None else _starting(found, m) if lang == "en" else found

        out = _CODE.sub(word, text)
        if lang == "ja":
            return re.sub(f"(?<={_WIDE}) (?={_WIDE})", "", out)
        out = _GLOSS.sub("", out)
        english: dict[str, str] = {}
        for pair in self.catalog.terms.values():
            english.setdefault(pair[0], pair[1])
        for key, by_lang in self.catalog.entries.items():
            if key.startswith("word.") and "ja" in by_lang and "en" in by_lang:
                english[by_lang["ja"]] = by_lang["en"]
        return _JAPANESE.sub(lambda m: _starting(english.get(m.group(0), m.group(0)), m), out)

    def ui(self, key: str, lang: str, **args: Any) -> str:
        """A board word or phrase ``ui.<key>`` in ``lang``, formatted with ``args``."""
        by_lang = self.catalog.entries.get("ui." + key)
        if by_lang is None:
            return key
        template = by_lang.get(lang) or by_lang.get("en") or next(iter(by_lang.values()))
        return template.format_map(_Missing(args))
