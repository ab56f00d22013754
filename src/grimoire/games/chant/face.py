"""詠唱 Chant card faces: which numbers, words and colours a face shows (drawn by :mod:`grimoire.core.cardface`).

A face shows the chant value (top left), the power (bottom right; none for a card
without power), a forbidden book's required number (bottom left), the kind and the
attribute on the type line, the generated rules text (a line per bullet) and the flavour text; the frame
takes the attribute's colour, and a forbidden book gets a gold rim.

>>> from .cards import load_pool
>>> pool = load_pool()
>>> svg = face(pool["heavenly_conflagration"], "en", pool)
>>> "Heavenly Conflagration" in svg and "Forbidden book" in svg and 'data-attribute="fantasy"' in svg
True
>>> face_spec(pool["fireball"], "en").type_left
'Library'
"""

from __future__ import annotations

from typing import Any

from grimoire.core.cardface import PALETTES, Badge, FaceSpec, draw_face

from .cardtext import ATTRIBUTE_JA, text_lines

COLOURS = {"science": "blue", "fantasy": "violet", "matter": "bronze", "spirit": "green"}
GOLD = "#e2b64a"
WORDS = {
    "ja": {"chant": "詠唱値", "power": "威力", "required": "要求枚数", "library": "書庫", "forbidden": "禁書"},
    "en": {"chant": "Chant", "power": "Power", "required": "Required", "library": "Library",
           "forbidden": "Forbidden book"},
}
#: The activation timing on the type line (3.4); the A phase, the default, is not shown.
TIMING_WORDS = {
    "ja": {"c_phase": "Cフェイズ", "a_and_c_phase": "C・Aフェイズ", "end_phase": "エンドフェイズ",
           "counter": "反撃のみ"},
    "en": {"c_phase": "C phase", "a_and_c_phase": "C/A phase", "end_phase": "E phase", "counter": "counter only"},
}


def face_spec(card: Any, lang: str = "ja", pool: Any = None) -> FaceSpec:
    """What the face of ``card`` shows in ``lang``."""
    words = WORDS["en" if lang == "en" else "ja"]
    badges = [Badge(words["chant"], str(card.chant), "tl")]
    if card.power is not None:
        badges.append(Badge(words["power"], str(card.power), "br"))
    if card.required is not None:
        badges.append(Badge(words["required"], str(card.required), "bl"))
    attribute = ATTRIBUTE_JA[card.attribute] if lang == "ja" else card.attribute.capitalize()
    flavor = card.flavor.get(lang) if card.flavor is not None else None
    kind = words[card.kind]
    extra = {"game": "chant", "attribute": card.attribute, "kind": card.kind}
    timing = TIMING_WORDS["en" if lang == "en" else "ja"].get(card.timing)
    if timing is not None:
        kind += f"・{timing}" if lang != "en" else f" · {timing}"
        extra["timing"] = card.timing
    return FaceSpec(card.id, lang, card.name.get(lang), card.ruby or None, kind, attribute,
                    PALETTES[COLOURS[card.attribute]], tuple(badges), "\n".join(text_lines(card, lang, pool)), flavor,
                    trim=GOLD if card.kind == "forbidden" else None,
                    extra=extra)


def face(card: Any, lang: str = "ja", pool: Any = None) -> str:
    """The SVG face of ``card`` in ``lang`` (``pool`` names the cards its text mentions)."""
    return draw_face(face_spec(card, lang, pool))
