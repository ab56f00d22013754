"""運命予報祭 Destiny Saga card faces: which numbers, words and colours a face shows.

A face shows the card power (top left), a Lucky! star (top right) on Lucky! cards, the
attribute on the type line, the generated rules text (a line per bullet) and the flavour text; the frame
takes the attribute's colour. Drawn by :mod:`grimoire.core.cardface`.

>>> from .cards import load_pool
>>> svg = face(load_pool()["fox_fire"], "ja")
>>> "狐火" in svg and "Lucky!" in svg and 'data-attribute="shinpi"' in svg
True
"""

from __future__ import annotations

from typing import Any

from grimoire.core.cardface import PALETTES, Badge, FaceSpec, draw_face

from .cards import ATTRIBUTE_JA
from .cardtext import text_lines

COLOURS = {"kiryoku": "red", "jutsushiki": "blue", "shinpi": "violet", "zenno": "gold"}
WORDS = {"ja": {"power": "パワー", "kind": "能力者"}, "en": {"power": "Power", "kind": "User"}}


def face_spec(card: Any, lang: str = "ja", pool: Any = None) -> FaceSpec:
    """What the face of ``card`` shows in ``lang``."""
    words = WORDS["en" if lang == "en" else "ja"]
    badges = [Badge(words["power"], str(card.power), "tl")]
    if card.lucky:
        badges.append(Badge("", "Lucky!", "tr", "star"))
    ja = ATTRIBUTE_JA[card.attribute]
    attribute = ja if lang == "ja" else f"{card.attribute.capitalize()} ({ja})"
    flavor = card.flavor.get(lang) if card.flavor is not None else None
    return FaceSpec(card.id, lang, card.name.get(lang), card.ruby or None, words["kind"], attribute,
                    PALETTES[COLOURS[card.attribute]], tuple(badges), "\n".join(text_lines(card, lang, pool)), flavor,
                    extra={"game": "destiny", "attribute": card.attribute, "lucky": str(card.lucky).lower()})


def face(card: Any, lang: str = "ja", pool: Any = None) -> str:
    """The SVG face of ``card`` in ``lang``."""
    return draw_face(face_spec(card, lang, pool))
