"""Card faces as PNG images (``grimoire cards render --png``), always drawn with a Japanese font.

CairoSVG draws text in the *first* family of an SVG's ``font-family`` through fontconfig,
and fontconfig answers a family it does not have with some Latin font: Japanese would come
out as boxes. So the family is chosen here: the first of the face's families the machine
has, else the subset of Noto Sans CJK JP that the package ships for the browser pages
(``grimoire/web/static/fonts``), added to fontconfig for this process only. Where there is
no fontconfig at all (Cairo on another font system) the faces are drawn as they are and a
one-line note says that Japanese may not show.

>>> with_family('<svg font-family="\\'IPAPGothic\\', sans-serif"><text>火球</text></svg>', "Noto Sans CJK JP")
'<svg font-family="Noto Sans CJK JP"><text>火球</text></svg>'
>>> families("'IPAPGothic', 'IPA Pゴシック', sans-serif")
['IPAPGothic', 'IPA Pゴシック']
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grimoire.core.cardface import FONT
from grimoire.extras import require

SHIPPED_FONT = Path(__file__).resolve().parents[1] / "web" / "static" / "fonts" / "grimoire-ja.woff2"
SHIPPED_FAMILY = "Noto Sans CJK JP"
"""The family name inside :data:`SHIPPED_FONT`."""
GENERIC = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"}
NO_FONTCONFIG = ("no fontconfig library: PNG faces are drawn with Cairo's default font, in which Japanese may "
                 "show as boxes")


def families(css: str) -> list[str]:
    """The named (not generic) families of a CSS ``font-family`` list, in order."""
    names = [part.strip().strip("'\"") for part in css.split(",")]
    return [name for name in names if name and name.lower() not in GENERIC]


def with_family(svg: str, family: str) -> str:
    """``svg`` with every ``font-family`` attribute set to ``family`` alone."""
    return re.sub(r'font-family="[^"]*"', f'font-family="{family}"', svg)


class Fontconfig:
    """The few calls of the system's fontconfig library (the one Cairo uses) that choosing a font needs."""

    MATCH_PATTERN = 0
    RESULT_MATCH = 0

    def __init__(self, lib: Any) -> None:
        self.lib = lib
        lib.FcConfigGetCurrent.restype = ctypes.c_void_p
        lib.FcConfigAppFontAddFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.FcConfigAppFontAddFile.restype = ctypes.c_int
        lib.FcNameParse.argtypes = [ctypes.c_char_p]
        lib.FcNameParse.restype = ctypes.c_void_p
        lib.FcConfigSubstitute.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
        lib.FcDefaultSubstitute.argtypes = [ctypes.c_void_p]
        lib.FcFontMatch.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
        lib.FcFontMatch.restype = ctypes.c_void_p
        lib.FcPatternGetString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                           ctypes.POINTER(ctypes.c_char_p)]
        lib.FcPatternGetString.restype = ctypes.c_int
        lib.FcPatternDestroy.argtypes = [ctypes.c_void_p]

    @classmethod
    def load(cls) -> Fontconfig | None:
        """The system's fontconfig, or None where there is none."""
        name = ctypes.util.find_library("fontconfig")
        for candidate in filter(None, (name, "libfontconfig.so.1")):
            try:
                return cls(ctypes.CDLL(candidate))
            except OSError:
                continue
        return None

    def has(self, family: str) -> bool:
        """Whether fontconfig has a font of ``family`` itself (not a substitute for it)."""
        escaped = re.sub(r"([\\\-:,])", r"\\\1", family)
        pattern = self.lib.FcNameParse(escaped.encode("utf-8"))
        if not pattern:
            return False
        config = self.lib.FcConfigGetCurrent()
        self.lib.FcConfigSubstitute(config, pattern, self.MATCH_PATTERN)
        self.lib.FcDefaultSubstitute(pattern)
        result = ctypes.c_int(0)
        match = self.lib.FcFontMatch(config, pattern, ctypes.byref(result))
        self.lib.FcPatternDestroy(pattern)
        if not match:
            return False
        found: list[str] = []
        value = ctypes.c_char_p()
        while self.lib.FcPatternGetString(match, b"family", len(found), ctypes.byref(value)) == self.RESULT_MATCH:
            found.append((value.value or b"").decode("utf-8", "replace").casefold())
        self.lib.FcPatternDestroy(match)
        return family.casefold() in found

    def add(self, path: Path) -> bool:
        """Add the font file ``path`` to this process's fonts."""
        return bool(self.lib.FcConfigAppFontAddFile(self.lib.FcConfigGetCurrent(), str(path).encode()))


@dataclass
class FontChoice:
    """The family PNG faces are drawn in (None: as the SVG says), and a note when Japanese may not show."""

    family: str | None
    note: str | None = None


def choose_family(fc: Fontconfig | None, wanted: list[str] | None = None) -> FontChoice:
    """The first of ``wanted`` (the faces' families) that ``fc`` has, else the shipped font."""
    if fc is None:
        return FontChoice(None, NO_FONTCONFIG)
    for family in families(FONT) if wanted is None else wanted:
        if fc.has(family):
            return FontChoice(family)
    if fc.add(SHIPPED_FONT) and fc.has(SHIPPED_FAMILY):
        return FontChoice(SHIPPED_FAMILY)
    return FontChoice(None, f"no Japanese font, and fontconfig cannot read the shipped {SHIPPED_FONT.name}: "
                            "Japanese may show as boxes in PNG faces (install fonts-noto-cjk or fonts-ipafont)")


def png_renderer(fc_loader: Callable[[], Fontconfig | None] | None = None
                 ) -> tuple[Callable[[str], bytes], str | None]:
    """``(svg -> PNG bytes, note)``: CairoSVG with the family :func:`choose_family` picks (from
    ``fc_loader()``, default :meth:`Fontconfig.load`); a :class:`~grimoire.extras.MissingExtra`
    when CairoSVG (or its Cairo library) is missing."""
    cairosvg = require("cairosvg", "png", "--png needs CairoSVG")
    choice = choose_family((fc_loader or Fontconfig.load)())
    family = choice.family

    def draw(svg: str) -> bytes:
        text = svg if family is None else with_family(svg, family)
        return bytes(cairosvg.svg2png(bytestring=text.encode("utf-8")))

    return draw, choice.note
