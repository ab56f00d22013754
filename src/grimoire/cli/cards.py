"""The ``cards`` and ``deck`` commands: list and show cards, check deck files."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from grimoire.core.content import Localized
from grimoire.core.decks import Deck, read_deck_file
from grimoire.core.errors import DeckError, GrimoireError
from grimoire.core.game import Game
from grimoire.core.registry import game_names

from .common import open_game
from .text import t

HIDDEN_FIELDS = ("id", "name", "text", "flavor", "effects", "ruby", "groups", "kind", "choices", "mods", "cost")


def _plain(value: Any) -> Any:
    if isinstance(value, Localized):
        return {"ja": value.ja, "en": value.en}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def card_data(game: Game[Any], card_id: str) -> dict[str, Any]:
    """A card as JSON-able data: its source table when known, else its fields."""
    card = game.pool[card_id]
    table = game.pool.tables.get(card_id)
    data: dict[str, Any] = _plain(table) if table is not None else _plain(card)
    if not isinstance(data, dict):
        data = {}
    data.setdefault("id", card_id)
    data["name"] = {"ja": card.name.ja, "en": card.name.en}
    data.setdefault("kind", game.cards.card_kind(card_id))
    return data


def card_stats(game: Game[Any], card: Any, lang: str) -> str:
    """A card's numbers and categories on one line (kind, attribute, chant, power…)."""
    if dataclasses.is_dataclass(card):
        names = [f.name for f in dataclasses.fields(card)]
    else:
        names = [n for n in vars(card) if not n.startswith("_")]
    parts = []
    for name in names:
        if name in HIDDEN_FIELDS:
            continue
        value = getattr(card, name)
        if value is None or value == () or value == [] or value is False:
            continue
        if isinstance(value, Localized):
            value = value.get(lang)
        elif isinstance(value, str):
            value = game.text.term(value, lang)
        elif not isinstance(value, int | float):
            continue
        parts.append(f"{name}={value}" if value is not True else name)
    return " ".join(parts)


def list_cards(game: Game[Any], lang: str, as_json: bool, console: Console) -> int:
    """Print every card of ``game`` as a table, or as one JSON list."""
    ids = sorted(game.pool.by_id)
    if as_json:
        print(json.dumps([card_data(game, cid) for cid in ids], ensure_ascii=False, indent=1))
        return 0
    table = Table(title=t("card_count", lang, n=len(ids)), title_justify="left")
    table.add_column(t("col_id", lang), style="dim")
    table.add_column(t("col_name", lang), style="bold")
    table.add_column(t("col_kind", lang))
    table.add_column(t("col_stats", lang))
    for cid in ids:
        card = game.pool[cid]
        table.add_row(cid, Text(card.name.get(lang)), game.cards.card_kind(cid), Text(card_stats(game, card, lang)))
    console.print(table)
    return 0


def show_card(name: str, games: Sequence[str], cards: Sequence[str | Path], lang: str, console: Console) -> int:
    """Print the full text of the card(s) called ``name`` in ``games``."""
    found = 0
    for game_name in games:
        game = open_game(game_name, cards)
        card = game.pool.find(name)
        if card is None:
            continue
        found += 1
        other = "en" if lang == "ja" else "ja"
        console.print(Text(f"{card.name.get(lang)} ({card.name.get(other)}) [{card.id}] — {game_name}",
                           style="bold"), soft_wrap=True)
        ruby = getattr(card, "ruby", None)
        if ruby:
            console.print(Text(f"〈{ruby}〉"))
        console.print(Text(f"{game.cards.card_kind(card.id)}  {card_stats(game, card, lang)}"))
        text = getattr(card, "text", None)
        if isinstance(text, Localized) and text.get(lang):
            console.print(Text(f"{t('text', lang)}: {text.get(lang)}"), soft_wrap=True)
        flavor = getattr(card, "flavor", None)
        if isinstance(flavor, Localized) and flavor.get(lang):
            console.print(Text(f"{t('flavor', lang)}: {flavor.get(lang)}", style="italic"), soft_wrap=True)
    if not found:
        raise GrimoireError(f"no card named {name!r} in {', '.join(games)}")
    return 0


def _deck_score(game: Game[Any], path: Path) -> tuple[int, int]:
    """How well a deck file fits ``game``: (headers understood, card names known)."""
    try:
        parsed = read_deck_file(path, game.cards.deck_rules)
    except DeckError as exc:
        if "cannot read" in str(exc) or "not UTF-8" in str(exc):
            raise
        return (0, 0)
    known = sum(1 for line in parsed.lines if game.pool.find(line.name) is not None)
    return (1, known)


def check_deck(path: Path, game_name: str | None, cards: Sequence[str | Path], lang: str, console: Console) -> int:
    """Validate a deck file, guessing its game from sections and cards when not given."""
    if game_name is not None:
        game = open_game(game_name, cards)
    else:
        games = [open_game(name, cards) for name in game_names()]
        game = max(games, key=lambda g: _deck_score(g, path))
    deck = game.cards.deck_from_file(path)
    describe_deck(game, deck, lang, console)
    return 0


def describe_deck(game: Game[Any], deck: Deck, lang: str, console: Console) -> None:
    """Print a deck's summary: name, game, each section with counts and card names."""
    title = game.title.get(lang) if game.title.ja else game.name
    console.print(Text(t("deck_ok", lang, name=deck.name, game=title), style="bold green"))
    for section, ids in deck.sections.items():
        console.print(Text(t("cards_total", lang, section=section, n=len(ids)), style="bold"))
        for cid, count in Counter(ids).items():
            console.print(Text(f"  {count} {game.text.card_name(cid, lang)}"))
