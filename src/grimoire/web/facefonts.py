"""Card faces that carry their own Japanese glyphs: the shipped font's slices a face needs, embedded.

A face is shown as an image (``<img src=…svg>``) and downloaded as a file; neither can
fetch the page's web font, so on a machine without a Japanese font its text would be
boxes. :func:`with_fonts` adds to the SVG the slices of the shipped Noto Sans CJK JP
(``static/fonts/grimoire-ja-NN.woff2``, built by ``tools/webfont.py``; their characters are
listed in ``grimoire-ja.json``) that hold the face's non-Latin characters, as ``data:``
URLs with their ``unicode-range``, and names the family ``Grimoire JA`` after the face's
own families: a machine with a Japanese font still uses it, and Latin letters stay with the
system's fonts.

>>> svg = '<svg xmlns="http://www.w3.org/2000/svg" font-family="\\'IPAPGothic\\', sans-serif"><text>火球</text></svg>'
>>> out = with_fonts(svg)
>>> "font-family=\\"'IPAPGothic', 'Grimoire JA', sans-serif\\"" in out, out.count("@font-face")
(True, 1)
>>> with_fonts(svg.replace("火球", "Fireball")) == svg.replace("火球", "Fireball")
True
"""

from __future__ import annotations

import base64
import html
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FONTS = Path(__file__).resolve().parent / "static" / "fonts"
FAMILY = "Grimoire JA"
LATIN_END = 0x2000
"""Characters below this are left to the system's fonts (as in the pages' stylesheet)."""
_TEXT = re.compile(r">([^<]+)<")
_FAMILY_ATTR = re.compile(r"font-family=\"([^\"]*)\"")


@dataclass(frozen=True)
class Slice:
    """One slice of the shipped font: its file and the characters it holds."""

    file: str
    chars: frozenset[str]

    def unicode_range(self) -> str:
        """The CSS ``unicode-range`` of its characters from :data:`LATIN_END` on (runs merged)."""
        runs: list[list[int]] = []
        for point in sorted(ord(c) for c in self.chars if ord(c) >= LATIN_END):
            if runs and runs[-1][1] == point - 1:
                runs[-1][1] = point
            else:
                runs.append([point, point])
        return ", ".join(f"U+{lo:X}" if lo == hi else f"U+{lo:X}-{hi:X}" for lo, hi in runs)


@cache
def slices() -> tuple[Slice, ...]:
    """The shipped slices (none when the font's list is missing)."""
    path = FONTS / "grimoire-ja.json"
    if not path.is_file():
        return ()
    return tuple(Slice(str(item["file"]), frozenset(str(item["chars"])))
                 for item in json.loads(path.read_text(encoding="utf-8")))


@cache
def _face_rule(file: str, unicode_range: str) -> str:
    data = base64.b64encode((FONTS / file).read_bytes()).decode("ascii")
    return (f'@font-face{{font-family:"{FAMILY}";src:url(data:font/woff2;base64,{data}) format("woff2");'
            f"unicode-range:{unicode_range}}}")


def needed(text: str) -> list[Slice]:
    """The slices holding the characters of ``text`` from :data:`LATIN_END` on, in the font's order."""
    wanted = {c for c in text if ord(c) >= LATIN_END}
    return [s for s in slices() if wanted & s.chars]


def text_of(svg: str) -> str:
    """The text an SVG shows (its text nodes, entities decoded)."""
    return "".join(html.unescape(part) for part in _TEXT.findall(svg))


def _with_family(families: str) -> str:
    names = [part.strip() for part in families.split(",")]
    if any(name.strip("'\"") == FAMILY for name in names):
        return families
    generic = next((i for i, name in enumerate(names) if name in {"serif", "sans-serif", "monospace"}), len(names))
    return ", ".join([*names[:generic], f"'{FAMILY}'", *names[generic:]])


def with_fonts(svg: str) -> str:
    """``svg`` with the font slices its text needs embedded (unchanged when it needs none)."""
    parts = needed(text_of(svg))
    if not parts:
        return svg
    style = "<style>" + "".join(_face_rule(s.file, s.unicode_range()) for s in parts) + "</style>"
    head = svg.index(">") + 1
    opening = _FAMILY_ATTR.sub(lambda m: f'font-family="{html.escape(_with_family(html.unescape(m[1])), quote=False)}"',
                               svg[:head])
    return opening + style + svg[head:]
