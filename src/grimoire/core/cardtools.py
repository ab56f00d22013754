"""What adapters ask of a game's cards — rules text, forum template, face, text check — through its plugin.

No adapter names a game: each asks the game's plugin (:attr:`GamePlugin.card_text`,
:attr:`GamePlugin.card_face`) through these functions. A game without a text generator
shows each card's own ``text``; one without a face renderer has no faces.

>>> from grimoire.core.registry import load_game
>>> game = load_game("chant")
>>> rules_text(game, "fireball", "en")
'No effects.'
>>> face_svg(game, "fireball", "ja").startswith("<svg")
True
>>> forum_text(game, ["fireball"], "ja").splitlines()[:2]
['〇火球<ファイアー・ボール>', '区分：書庫 属性：幻想 詠唱値：2 威力：1']
>>> text_warnings(game, ["fireball"])
[]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .content import Localized
from .errors import ContentError, GrimoireError
from .forum import check_text, say
from .game import Game
from .phrases import same_text
from .plugin import CardFace, CardText, GamePlugin, HasCardGuidelines
from .registry import plugin


def _plugin(game: Game[Any]) -> GamePlugin | None:
    try:
        return plugin(game.name)
    except GrimoireError:
        return None


def text_tools(game: Game[Any]) -> CardText | None:
    """The game's card text generator and forum template (None if its plugin has none)."""
    found = _plugin(game)
    return found.text_tools() if found is not None else None


def guidelines(game: Game[Any], card_id: str) -> list[Any]:
    """The game's designer guidelines applied to a card (each with ``key``, ``level`` — ``warn``,
    ``exception``, ``ok`` or ``note`` —, ``text`` in both languages, ``quote`` and ``source``); empty when the
    game has none.

    >>> from grimoire.core.registry import load_game
    >>> [(g.key, g.level) for g in guidelines(load_game("chant"), "orbital_cannon")][:1]
    [('band', 'exception')]
    """
    found = _plugin(game)
    metrics = found.metrics_reader() if found is not None else None
    return list(metrics.card_guidelines(game, card_id)) if isinstance(metrics, HasCardGuidelines) else []


def face_renderer(game: Game[Any]) -> CardFace | None:
    """The game's card face renderer (None if its plugin has none)."""
    found = _plugin(game)
    return found.face_renderer() if found is not None else None


def rules_text(game: Game[Any], card_id: str, lang: str) -> str:
    """The rules text a card shows in ``lang``: generated from its effects, else its own ``text``."""
    card = game.pool[card_id]
    tools = text_tools(game)
    if tools is not None:
        return tools.rules_text(card, lang, game.pool)
    text = getattr(card, "text", None)
    return text.get(lang) if isinstance(text, Localized) else ""


def _need_text(game: Game[Any]) -> CardText:
    tools = text_tools(game)
    if tools is None:
        raise GrimoireError(f"game {game.name!r} has no forum card template")
    return tools


def forum_text(game: Game[Any], card_ids: Sequence[str], lang: str) -> str:
    """The cards in the game's forum template, one after another (a blank line between)."""
    tools = _need_text(game)
    return "\n\n".join(tools.to_forum(game.pool[cid], lang, game.pool) for cid in card_ids)


def read_forum(game: Game[Any], text: str, source: str) -> list[tuple[int, dict[str, Any]]]:
    """``(line, card table)`` of every card of a forum post, read with the game's template."""
    return _need_text(game).from_forum(text, source, game.pool)


_TAKEN = re.compile(r"name is already used by card '(?P<other>.+)'")


def check_words(game: Game[Any], exc: ContentError) -> Localized:
    """A card check's refusal (without file and card) in Japanese and English, in the game's words if it has them;
    a card it names is named by its name.

    >>> from grimoire.core.registry import load_game
    >>> check_words(load_game("chant"), ContentError("f", "x", "name", "name is already used by card 'fireball'"))
    Localized(ja='この名前はもうカード「火球」が使っています', en='the name is already used by card 「Fireball」')
    """
    found = _TAKEN.search(str(exc))
    if exc.field == "name" and found is not None and found.group("other") in game.pool:
        return say("name_taken", other=game.pool[found.group("other")].name)
    tools = text_tools(game)
    if tools is not None and tools.check_words is not None:
        return tools.check_words(exc)
    return check_text(exc)


def forum_fit(game: Game[Any], text: str) -> int:
    """How well a post fits the game's forum template (0: not at all, or no template)."""
    tools = text_tools(game)
    return tools.forum_fit(text) if tools is not None else 0


def face_svg(game: Game[Any], card_id: str, lang: str) -> str:
    """The SVG face of a card in ``lang``."""
    face = face_renderer(game)
    if face is None:
        raise GrimoireError(f"game {game.name!r} has no card faces")
    return face(game.pool[card_id], lang, game.pool)


@dataclass(frozen=True)
class TextWarning:
    """A card file's hand-written text that differs from the text generated from its effects."""

    source: str
    card: str
    lang: str
    written: str
    generated: str

    def __str__(self) -> str:
        return (f"{self.source}: card {self.card!r}: text.{self.lang} differs from the generated text: "
                f"written 「{self.written}」, generated 「{self.generated}」")


def text_warnings(game: Game[Any], card_ids: Sequence[str] | None = None) -> list[TextWarning]:
    """Cards whose file carries a ``text`` that says something else than the generated text.

    Texts are compared ignoring character width and spacing (:func:`~grimoire.core.phrases.same_text`).
    """
    tools = text_tools(game)
    if tools is None:
        return []
    out = []
    for cid in sorted(game.pool.by_id) if card_ids is None else card_ids:
        written = game.pool.tables.get(cid, {}).get("text")
        if not isinstance(written, dict):
            continue
        for lang in ("ja", "en"):
            mine = written.get(lang)
            generated = tools.rules_text(game.pool[cid], lang, game.pool)
            if isinstance(mine, str) and not same_text(mine, generated):
                out.append(TextWarning(game.pool.sources.get(cid, "?"), cid, lang, mine, generated))
    return out
