"""``?`` during a decision: the cards in view with their text, or one card (``? NAME``).

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

from collections.abc import Iterator
from typing import Any

from rich.console import Console
from rich.text import Text

from grimoire.core.cardtools import rules_text
from grimoire.core.decision import Decision
from grimoire.core.game import Game

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
        console.print(Text(t("no_card_named", lang, name=asked), style="red"), soft_wrap=True)
        return
    for line in _card_lines(game, card.id, lang):
        console.print(line, soft_wrap=True)
    flavor = getattr(card, "flavor", None)
    if flavor is not None and hasattr(flavor, "get") and flavor.get(lang):
        console.print(Text(f"    {flavor.get(lang)}", style="italic"), soft_wrap=True)
