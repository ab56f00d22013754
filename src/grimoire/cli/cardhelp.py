"""``?`` during a decision: the cards in view with their text, or one card (``? NAME``); a rules word
with a rule of its own (a Destiny forecast ability) is explained by that rule (:func:`term_help`).

The cards in view are those the deciding seat's view shows (every ``card`` it holds:
hand, areas, piles, revealed cards) and those the options and the prompt name, in the
order they appear; nothing hidden from the seat is listed.

>>> from grimoire.core.registry import load_game
>>> game = load_game("chant")
>>> cards_in_view(game, {"hand": [{"uid": 3, "card": "fireball"}], "x": {"card": "nope"}}, None)
['fireball']
>>> help_request("?"), help_request("help 火球"), help_request("？ fire"), help_request("1")
('', '火球', 'fire', None)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rich.console import Console
from rich.text import Text

from grimoire.core.cardtools import rules_text
from grimoire.core.decision import Decision, split_option
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.i18n import rule_note
from grimoire.core.registry import plugin

from .cards import card_stats
from .text import t

HELP_WORDS = ("?", "？", "help", "ヘルプ")


def help_request(line: str) -> str | None:
    """What a help line asks for: ``""`` (every card in view), a card name, or None (not a help line)."""
    text = line.strip()
    for word in HELP_WORDS:
        if text.lower() == word:
            return ""
        if text.lower().startswith(word) and (word in "?？" or text[len(word):][:1].isspace()):
            return text[len(word):].strip()
    return None


def _cards(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        card = value.get("card")
        if isinstance(card, str):
            yield card
        for key, item in value.items():
            if key != "card":
                yield from _cards(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _cards(item)


def cards_in_view(game: Game[Any], view: dict[str, Any], decision: Decision | None) -> list[str]:
    """The ids of the cards the seat can see: in its view, then named by the decision, first seen first."""
    found: dict[str, None] = {}
    for cid in _cards(view):
        if cid in game.pool:
            found.setdefault(cid, None)
    if decision is not None:
        for option in decision.options:
            for part in option.id.split(":")[1:]:
                if part in game.pool:
                    found.setdefault(part, None)
    return list(found)


def _card_lines(game: Game[Any], card_id: str, lang: str) -> list[Text]:
    card = game.pool[card_id]
    head = Text(f"{card.name.get(lang)}", style="bold")
    head.append(f"  [{card_id}]  {card_stats(game, card, lang, with_kind=True)}", style="dim")
    text = rules_text(game, card_id, lang) or t("no_text", lang)
    return [head, Text(f"    {text}")]


def _rules_markdown(game: Game[Any], lang: str) -> str | None:
    """The game's rules document in ``lang`` as its package ships it (None: it ships none)."""
    path = plugin(game.name).rules_document(lang)
    return None if path is None else path.read_text(encoding="utf-8")


def rule_paragraph(markdown: str, number: str, code: bool = False) -> str | None:
    r"""Rule ``number``'s paragraph of a rules document as plain text (None: no such rule); with ``code``,
    ids keep their backquotes (for :meth:`~grimoire.core.i18n.Texts.rule_words`).

    >>> rule_paragraph("9.1. **Ley** (`x`). When\nsummoning.\n\n9.2. Other.", "9.1")
    'Ley (x). When summoning.'
    >>> rule_paragraph("9.1. **Ley** (`x`). When\nsummoning.", "9.1", code=True)
    'Ley (`x`). When summoning.'
    >>> rule_paragraph("9.1. 召喚するとき\n捨てられます。", "9.1"), rule_paragraph("", "9.9")
    ('召喚するとき捨てられます。', None)
    """
    lines = markdown.splitlines()
    head = f"{number}. "
    for i, line in enumerate(lines):
        if line.startswith(head):
            para = [line[len(head):]]
            for more in lines[i + 1:]:
                if not more.strip() or re.match(r"\d+(\.\d+)*\. ", more):
                    break
                para.append(more.strip())
            text = para[0]
            for more in para[1:]:  # Japanese lines join without a space
                text += more if not text or not more or not (text[-1].isascii() and more[0].isascii()) \
                    else " " + more
            return re.sub(r"\*\*" if code else r"\*\*|`", "", text).strip()
    return None


def term_help(game: Game[Any], asked: str, lang: str) -> list[Text] | None:
    """What ``? NAME`` says of a rules word that has a rule of its own (a Destiny forecast ability, say):
    its name and that rule's text; None when ``asked`` names no such word (or ``asked`` fits several)."""
    try:
        refs = plugin(game.name).rule_map()
    except GrimoireError:
        return None
    folded = asked.casefold()
    found: dict[str, str] = {}
    for key, number in refs.items():
        _, _, option = key.partition(" ")
        word = split_option(option)[1] or option
        if not word:
            continue
        names = [word, game.text.term(word, "ja"), game.text.term(word, "en")]
        if any(folded == n.casefold() for n in names) or (len(folded) > 1 and any(folded in n.casefold()
                                                                              for n in names[1:])):
            found.setdefault(word, number)
    if len(found) != 1:
        return None
    word, number = next(iter(found.items()))
    markdown = _rules_markdown(game, lang)
    text = None if markdown is None else rule_paragraph(markdown, number, code=True)
    text = None if text is None else game.text.rule_words(rule_note(text), lang)
    head = Text(game.text.term(word, lang), style="bold")
    head.append(f"  [{word}]  " + t("rule_number", lang, n=number), style="dim")
    return [head, Text(f"    {text or t('no_text', lang)}")]


def show_help(game: Game[Any], view: dict[str, Any], decision: Decision | None, asked: str, lang: str,
              console: Console) -> None:
    """Print the cards in view (``asked == ""``) or the card called ``asked`` (one red line if there is none)."""
    in_view = cards_in_view(game, view, decision)
    if not asked:
        console.print(Text(t("cards_in_view", lang, n=len(in_view)), style="bold"))
        for cid in in_view:
            for line in _card_lines(game, cid, lang):
                console.print(line, soft_wrap=True)
        console.print(Text(t("help_hint", lang), style="dim"))
        return
    card = game.pool.find(asked)
    if card is None:  # a unique part of the name of a card in view
        folded = asked.casefold()
        near = [cid for cid in in_view if folded in game.pool[cid].name.get(lang).casefold()
                or folded in game.pool[cid].name.ja.casefold() or folded in game.pool[cid].name.en.casefold()]
        card = game.pool[near[0]] if len(near) == 1 else None
    if card is None:
        term = term_help(game, asked, lang)
        if term is not None:
            for line in term:
                console.print(line, soft_wrap=True)
            return
        console.print(Text(t("no_card_named", lang, name=asked), style="red"), soft_wrap=True)
        return
    for line in _card_lines(game, card.id, lang):
        console.print(line, soft_wrap=True)
    flavor = getattr(card, "flavor", None)
    if flavor is not None and hasattr(flavor, "get") and flavor.get(lang):
        console.print(Text(f"    {flavor.get(lang)}", style="italic"), soft_wrap=True)
