"""The ``cards`` and ``deck`` commands: list, show, check, import, export and render cards; check deck files.

Card files given with ``--cards`` load into their own game only (:mod:`grimoire.core.cardfiles`).
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from grimoire.core.cardfiles import open_games
from grimoire.core.cardtools import (
    check_words,
    face_svg,
    forum_fit,
    forum_text,
    guidelines,
    read_forum,
    rules_text,
    text_warnings,
)
from grimoire.core.content import Localized, card_files
from grimoire.core.decks import Deck, read_deck_file
from grimoire.core.errors import ContentError, DeckError, GrimoireError
from grimoire.core.forum import ForumError, say, with_card
from grimoire.core.game import Game
from grimoire.core.i18n import name_in
from grimoire.core.registry import game_names, load_game
from grimoire.core.safeio import CARDS_LIMIT, read_text
from grimoire.core.tomlwrite import dump_cards

from .pngfaces import png_renderer
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
    """A card as JSON-able data: its source table when known, else its fields; ``text`` is the generated text."""
    card = game.pool[card_id]
    table = game.pool.tables.get(card_id)
    data: dict[str, Any] = _plain(table) if table is not None else _plain(card)
    if not isinstance(data, dict):
        data = {}
    data.setdefault("id", card_id)
    data["name"] = {"ja": card.name.ja, "en": card.name.en}
    data.setdefault("kind", game.cards.card_kind(card_id))
    data["text"] = {lang: rules_text(game, card_id, lang) for lang in ("ja", "en")}  # what the card shows
    return data


def card_stats(game: Game[Any], card: Any, lang: str, with_kind: bool = False) -> str:
    """A card's numbers and categories on one line (kind, attribute, chant, power…): the numbers
    line of the game's forum template in ``lang`` when the game has one (区分：書庫 属性：幻想 詠唱値：2 …),
    else its fields (after its kind with ``with_kind``)."""
    card_id = getattr(card, "id", None)
    if isinstance(card_id, str) and card_id in game.pool.by_id:
        try:
            lines = forum_text(game, [card_id], lang).splitlines()
        except GrimoireError:  # a game without a forum template
            lines = []
        if len(lines) > 1 and lines[1].strip():
            return " ".join(lines[1].split())
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
    if with_kind and isinstance(card_id, str):
        parts.insert(0, game.cards.card_kind(card_id))
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


def show_card(name: str, games: Sequence[str], cards: Sequence[str | Path], lang: str, console: Console,
              game_name: str | None = None, as_json: bool = False) -> int:
    """Print the full text of the card(s) called ``name`` in ``games`` (``game_name``: the one given);
    ``as_json``: one JSON list, each card as ``cards list --json`` gives it plus its ``game``."""
    found = 0
    data: list[dict[str, Any]] = []
    for shown, game in open_games(games, cards, game_name).items():
        card = game.pool.find(name)
        if card is None:
            continue
        found += 1
        if as_json:
            data.append({"game": shown, **card_data(game, card.id)})
            continue
        other = "en" if lang == "ja" else "ja"
        console.print(Text(f"{card.name.get(lang)} ({card.name.get(other)}) [{card.id}] — {shown}",
                           style="bold"), soft_wrap=True)
        ruby = getattr(card, "ruby", None)
        if ruby:
            console.print(Text(f"〈{ruby}〉"))
        console.print(Text(card_stats(game, card, lang, with_kind=True)))
        text = rules_text(game, card.id, lang)
        if text:
            console.print(Text(f"{t('text', lang)}: {text}"), soft_wrap=True)
        flavor = getattr(card, "flavor", None)
        if isinstance(flavor, Localized) and flavor.get(lang):
            console.print(Text(f"{t('flavor', lang)}: {flavor.get(lang)}", style="italic"), soft_wrap=True)
    if not found:
        raise GrimoireError(f"no card named {name!r} in {', '.join(games)}")
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
    return 0


def _deck_score(game: Game[Any], path: Path) -> tuple[int, int]:
    """How well a deck file fits ``game``: (headers understood, card names known)."""
    try:
        parsed = read_deck_file(path, game.cards.deck_rules)
    except DeckError as exc:
        if any(words in str(exc) for words in ("cannot read", "cannot be read", "not UTF-8")):
            raise
        return (0, 0)
    known = sum(1 for line in parsed.lines if game.pool.find(line.name) is not None)
    return (1, known)


def check_deck(path: Path, game_name: str | None, cards: Sequence[str | Path], lang: str, console: Console,
               as_json: bool = False) -> int:
    """Validate a deck file, guessing its game from sections and cards when not given.

    ``as_json``: one JSON object (:func:`deck_json`) on stdout; a deck that breaks a rule
    prints ``{"ok": false, "file", "line", "error"}`` before the usual one-line error.
    """
    games = open_games([game_name] if game_name is not None else game_names(), cards, game_name)
    game = max(games.values(), key=lambda g: _deck_score(g, path))
    try:
        deck = game.cards.deck_from_file(path)
    except (DeckError, ContentError) as exc:
        if as_json:
            print(json.dumps({"ok": False, "file": str(path), "game": game.name,
                              "line": getattr(exc, "line", None), "error": str(exc)}, ensure_ascii=False))
        raise
    if as_json:
        print(json.dumps(deck_json(game, deck, path), ensure_ascii=False, indent=1))
    else:
        describe_deck(game, deck, lang, console)
    return 0


def deck_json(game: Game[Any], deck: Deck, path: Path) -> dict[str, Any]:
    """A valid deck as ``deck check --json`` prints it: ``ok``, ``file``, ``game``, ``name``, ``total``
    and ``sections`` (each a list of ``{"id", "name": {"ja", "en"}, "count"}`` in file order)."""
    sections = {section: [{"id": cid, "name": {lang: game.text.card_name(cid, lang) for lang in ("ja", "en")},
                           "count": count} for cid, count in Counter(ids).items()]
                for section, ids in deck.sections.items()}
    return {"ok": True, "file": str(path), "game": game.name, "name": deck.name,
            "total": sum(len(ids) for ids in deck.sections.values()), "sections": sections}


def section_title(game: Game[Any], section: str, lang: str) -> str:
    """A deck section's name in ``lang``: in Japanese its first Japanese alias (書庫), else its name."""
    found = game.cards.deck_rules.section(section)
    if lang == "ja" and found is not None:
        return next((alias for alias in found.aliases if not alias.isascii()), section)
    return section


def describe_deck(game: Game[Any], deck: Deck, lang: str, console: Console) -> None:
    """Print a deck's summary: name, game, each section with counts and card names."""
    title = game.title.get(lang) if game.title.ja else game.name
    console.print(Text(t("deck_ok", lang, name=name_in(deck.name, lang), game=title), style="bold green"))
    for section, ids in deck.sections.items():
        console.print(Text(t("cards_total", lang, section=section_title(game, section, lang), n=len(ids)),
                           style="bold"))
        for cid, count in Counter(ids).items():
            console.print(Text(f"  {count} {game.text.card_name(cid, lang)}"))


# ----------------------------------------------------------------------------- card making
def find_cards(names: Sequence[str], games: dict[str, Game[Any]]) -> tuple[Game[Any], list[str]]:
    """The one game holding every card in ``names`` and their ids; a GrimoireError names what is missing."""
    holders: dict[str, list[str]] = {}
    for name in names:
        found = [game_name for game_name, game in games.items() if game.pool.find(name) is not None]
        if not found:
            raise GrimoireError(f"no card named {name!r} in {', '.join(games)}")
        holders[name] = found
    common = set.intersection(*(set(found) for found in holders.values()))
    if len(common) != 1:
        where = ", ".join(f"{name!r} in {'/'.join(found)}" for name, found in holders.items())
        advice = "give --game" if common else "name one game's cards at a time"
        raise GrimoireError(f"the cards are not all of one game ({where}); {advice}")
    game = games[common.pop()]
    ids = []
    for name in names:
        card = game.pool.find(name)
        assert card is not None
        ids.append(card.id)
    return game, ids


def check_cards(paths: Sequence[str | Path], game_name: str | None, strict: bool, lang: str,
                console: Console, as_json: bool = False) -> int:
    """Validate card files (or every card of the game(s)) and warn where hand-written text differs.

    ``as_json``: one object ``{"ok", "checked", "games", "warnings"}``, each warning
    ``{"game", "file", "card", "lang", "written", "generated"}``, and ``"guidelines"``: the seed's
    designer guidelines a card breaks (:func:`~grimoire.core.cardtools.guidelines`; level ``warn``, or
    ``exception`` for a shipped card's written-down exception, which is not counted); ``ok`` is false when
    there are warnings (the exit code is still 0 unless ``strict``).
    """
    names = [game_name] if game_name is not None else game_names()
    games = open_games(names, paths, game_name)
    checked = warned = advised = 0
    found: list[dict[str, Any]] = []
    advice: list[dict[str, Any]] = []
    chosen = {Path(p).resolve() for p in card_files(paths)} if paths else None
    for name, game in games.items():
        ids = [cid for cid in sorted(game.pool.by_id)
               if chosen is None or Path(game.pool.sources.get(cid, "<record>")).resolve() in chosen]
        checked += len(ids)
        for warning in text_warnings(game, ids):
            warned += 1
            if as_json:
                found.append({"game": name, "file": warning.source, "card": warning.card, "lang": warning.lang,
                              "written": warning.written, "generated": warning.generated})
            else:
                console.print(Text(f"warning: {warning}", style="yellow"), soft_wrap=True)
        for cid in ids:
            for g in guidelines(game, cid):
                if g.level not in ("warn", "exception"):
                    continue
                source = game.pool.sources.get(cid, "?")
                advised += g.level == "warn"
                if as_json:
                    advice.append({"game": name, "file": source, "card": cid, **g.to_json(lang)})
                elif g.level == "warn":
                    console.print(Text(t("guideline_line", lang, file=source, card=cid, text=g.text.get(lang),
                                         quote=g.quote, source=g.source), style="yellow"), soft_wrap=True)
    if as_json:
        print(json.dumps({"ok": not warned and not advised, "checked": checked, "games": list(games),
                          "warnings": found, "guidelines": advice}, ensure_ascii=False, indent=1))
    else:
        if advised:
            console.print(Text(t("guideline_summary", lang, g=advised), style="bold"))
        console.print(Text(t("check_summary", lang, n=checked, w=warned), style="bold"))
    return 1 if strict and (warned or advised) else 0


def export_cards(names: Sequence[str], game_name: str | None, cards: Sequence[str | Path], form: str, lang: str) -> str:
    """The named cards in the forum template (``form="forum"``) or as card TOML (``"toml"``)."""
    games = open_games([game_name] if game_name is not None else game_names(), cards, game_name)
    game, ids = find_cards(names, games)
    if form == "toml":
        return dump_cards([game.pool.tables.get(cid) or card_data(game, cid) for cid in ids])  # as filed
    return forum_text(game, ids, lang) + "\n"


def import_cards(file: Path, game_name: str | None, cards: Sequence[str | Path], out: Path | None,
                 force: bool) -> tuple[str, int, Localized]:
    """``(TOML, card count, game title)`` of the cards of a forum post, validated with the game's pool.

    The game is the one whose template the post fits best when not given; nothing is
    written here (see :func:`write_new`). A post the game cannot take is a :class:`ForumError`
    (its message in Japanese and English).
    """
    text = read_text(file, CARDS_LIMIT, lambda reason: GrimoireError(f"{file}: {reason}"), "post")
    names = [game_name] if game_name is not None else game_names()
    games = open_games(names, cards, game_name)
    if game_name is None:
        fits = sorted(((forum_fit(g, text), name) for name, g in games.items()), reverse=True)
        if not fits or fits[0][0] == 0 or (len(fits) > 1 and fits[0][0] == fits[1][0]):
            raise ForumError(str(file), None, say("which_game"))
        game_name = fits[0][1]
    game = games[game_name]
    read = read_forum(game, text, str(file))
    lines = {table["id"]: line for line, table in read}
    for line, table in read:
        if table["id"] in game.pool:
            raise ForumError(str(file), line, say("id_taken", name=table["name"]["ja"], id=table["id"],
                                                  game=Localized(game.title.ja, game_name)))
    if len(lines) != len(read):
        raise ForumError(str(file), None, say("same_id"))
    try:
        load_game(game_name, card_paths=list(cards), tables={t["id"]: t for _, t in read}, user_cards=True)
    except ContentError as exc:
        at = lines.get(exc.card or "")
        words = check_words(game, exc)
        if at is None:
            raise ForumError(str(file), None, with_card(exc, words)) from None
        named = next(t["name"] for _, t in read if t["id"] == exc.card)
        name = Localized(named["ja"], named["en"])
        raise ForumError(str(file), at, say("card", name=name, text=words)) from None
    if out is not None and out.exists() and not force:
        raise GrimoireError(f"{out} exists; give --force to replace it")
    header = f"{game.title.en} ({game.title.ja}) cards imported from {file.name} by `grimoire cards import`"
    return dump_cards([t for _, t in read], header), len(read), game.title


def write_new(path: Path, data: str | bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file (a half-written file never stays)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    tmp.replace(path)


def render_cards(names: Sequence[str], game_name: str | None, cards: Sequence[str | Path], out: Path, png: bool,
                 lang: str) -> list[Path]:
    """Write the faces of the named cards into ``out`` (``<id>-<lang>.svg``, and ``.png`` with ``png``)."""
    to_png = None
    if png:
        to_png, note = png_renderer()
        if note:
            print(f"grimoire: note: {note}", file=sys.stderr)
    if out.exists() and not out.is_dir():
        raise GrimoireError(f"{out} is not a folder")
    games = open_games([game_name] if game_name is not None else game_names(), cards, game_name)
    game, ids = find_cards(names, games)
    files: dict[Path, bytes] = {}
    for cid in ids:
        svg = face_svg(game, cid, lang)
        files[out / f"{cid}-{lang}.svg"] = svg.encode("utf-8")
        if to_png is not None:
            try:
                files[out / f"{cid}-{lang}.png"] = to_png(svg)
            except Exception as exc:  # CairoSVG's own errors: one line, nothing written
                raise GrimoireError(f"cannot draw {cid!r} as PNG: {exc}") from None
    for path, data in files.items():
        write_new(path, data)
    return list(files)
