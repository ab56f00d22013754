"""Card faces as SVG: one drawing for every game (frame, name, badges, emblem, rules and flavour text).

A game describes a face with a :class:`FaceSpec` — its colours, the numbers in the
corners (:class:`Badge`), the type line and its texts — and :func:`draw_face` draws it on
a 630 × 880 card (63 × 88 mm at 10 units per mm). Text is laid out here, not by the
viewer: each line is placed with a fixed width per character that is at least as wide
as the glyphs of the fonts the face names (:func:`text_width`), so a line never runs out
of its box, in Japanese or English; long names wrap onto more lines and every text
shrinks until it fits, never cut. The emblem where art would be is drawn from the card
id (the same id, the same emblem). All text is escaped.

>>> spec = FaceSpec("fireball", "ja", "火球", "ファイアー・ボール", "書庫", "幻想", PALETTES["violet"],
...                 (Badge("詠唱値", "2", "tl"), Badge("威力", "1", "br")), "効果なし。", None)
>>> svg = draw_face(spec)
>>> svg.startswith("<svg") and "火球" in svg and svg.count("<text") >= 6
True
>>> wrap("The quick brown fox", 130, 20)
['The quick', 'brown fox']
>>> wrap("詠唱開始時、カードを引く。", 140, 20)
['詠唱開始時、', 'カードを引く。']
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from dataclasses import dataclass, field

WIDTH, HEIGHT = 630, 880
FONT = "'IPAPGothic', 'IPA Pゴシック', 'Noto Sans CJK JP', 'Noto Sans JP', 'Hiragino Sans', 'Yu Gothic', sans-serif"
INK = "#1d1b1a"
ASCENT, DESCENT = 0.9, 0.25  # of the font size, above and below the baseline (generous)

# text boxes: (x, y, width, height)
TYPE_BOX = (48, 172, 534, 34)
ART_BOX = (48, 216, 534, 262)
TEXT_BOX = (62, 500, 506, 266)  # above the bottom badges

_NO_START = set("、。，．,.)）」』】〕〉》!！?？:：;；・ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞ…‥―-”’")
_NO_END = set("(（「『【〔〈《“‘")
_XML_BAD = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@dataclass(frozen=True)
class Palette:
    """A frame's colours: ``frame`` (attribute), ``dark`` (rim, badges), ``light`` (panels), ``glow`` (emblem)."""

    frame: str
    dark: str
    light: str
    glow: str


PALETTES = {
    "blue": Palette("#3b79b0", "#1f4467", "#e8f0f8", "#9cc8ee"),
    "violet": Palette("#7c52b5", "#3f2463", "#f1eaf9", "#c9a8f0"),
    "bronze": Palette("#a4723a", "#5a3b17", "#f7efe4", "#e8c38f"),
    "green": Palette("#43935e", "#1f4d2e", "#e9f5ec", "#a6dcb6"),
    "red": Palette("#be3a31", "#6a1711", "#fbeceb", "#f2a49c"),
    "gold": Palette("#b8902a", "#5e4708", "#faf4e2", "#f0d488"),
}


@dataclass(frozen=True)
class Badge:
    """A number in a corner (``tl``, ``tr``, ``bl``, ``br``) with its label; ``shape`` circle or star."""

    label: str
    value: str
    corner: str
    shape: str = "circle"


@dataclass(frozen=True)
class FaceSpec:
    """What a face shows; a game's face module fills it in (see the module docstring)."""

    card_id: str
    lang: str
    name: str
    ruby: str | None
    type_left: str
    type_right: str
    palette: Palette
    badges: tuple[Badge, ...]
    rules: str
    flavor: str | None
    trim: str | None = None  # a second rim colour (e.g. gold for a forbidden book)
    extra: dict[str, str] = field(default_factory=dict)  # data-* attributes on the <svg>


# ----------------------------------------------------------------------------- text measure and wrap
def char_width(ch: str) -> float:
    """Width of ``ch`` in ems: at least the advance of the face's fonts (IPA P Gothic, DejaVu Sans…)."""
    if ch == " ":
        return 0.34
    if ch.isascii():
        if ch in "mwMW@%":
            return 1.02
        if ch.isupper() or ch in "&#":
            return 0.8
        if ch in "iljtfr.,:;'!|()[]{}`\"":
            return 0.45
        return 0.66
    if unicodedata.combining(ch):
        return 0.0
    if unicodedata.east_asian_width(ch) == "H":
        return 0.55
    return 1.0


def text_width(text: str, size: float) -> float:
    """The width of ``text`` at font ``size`` (see :func:`char_width`)."""
    return sum(char_width(ch) for ch in text) * size


def _units(text: str) -> list[str]:
    """Pieces a line may break between: words (with their trailing space) and single CJK characters."""
    units: list[str] = []
    for piece in re.findall(r"[A-Za-z0-9'’\-+/&@#%$.,:;!?()\"“”\[\]]+\s*|\s+|.", text):
        if units and (piece[0] in _NO_START or units[-1][-1] in _NO_END or units[-1].endswith("\u200d")):
            units[-1] += piece
        else:
            units.append(piece)
    return units


def _split_long(unit: str, width: float, size: float) -> list[str]:
    parts, line = [], ""
    for ch in unit:
        if line and text_width(line + ch, size) > width:
            parts.append(line)
            line = ""
        line += ch
    return [*parts, line] if line else parts


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at font ``size`` (``\\n`` breaks a line)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for unit in _units(paragraph):
            if text_width((line + unit).rstrip(), size) <= width:
                line += unit
                continue
            if line.strip():
                lines.append(line.rstrip())
            line = unit.lstrip()
            if text_width(line.rstrip(), size) > width:
                *full, line = _split_long(line.rstrip(), width, size)
                lines.extend(full)
        lines.append(line.rstrip())
    return lines


def fit(text: str, width: float, height: float, size: float, leading: float = 1.3,
        max_lines: int | None = None) -> tuple[float, list[str]]:
    """The largest font size from ``size`` down at which ``text`` wraps into the box."""
    while True:
        lines = wrap(text, width, size)
        tall = size * (ASCENT + DESCENT) + (len(lines) - 1) * size * leading
        if (tall <= height and (max_lines is None or len(lines) <= max_lines)) or size < 1:
            return size, lines
        size = round(size * 0.94, 2)


# ----------------------------------------------------------------------------- svg pieces
def escape(text: str) -> str:
    """``text`` safe in SVG text and attributes (markup characters escaped, control characters dropped).

    >>> escape('<script>&"x"')
    '&lt;script&gt;&amp;&quot;x&quot;'
    """
    text = _XML_BAD.sub("", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, size: float, text: str, fill: str = INK, anchor: str = "start",
          weight: str = "normal", style: str = "normal") -> str:
    attrs = f'x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" fill="{fill}"'
    if anchor != "start":
        attrs += f' text-anchor="{anchor}"'
    if weight != "normal":
        attrs += f' font-weight="{weight}"'
    if style != "normal":
        attrs += f' font-style="{style}"'
    return f"<text {attrs}>{escape(text)}</text>"


def _box(name: str, box: tuple[float, float, float, float], body: list[str]) -> str:
    x, y, w, h = box
    return f'<g data-box="{name}" data-x="{_num(x)}" data-y="{_num(y)}" data-w="{_num(w)}" data-h="{_num(h)}">' \
           + "".join(body) + "</g>"


def _lines(lines: list[str], x: float, top: float, size: float, leading: float, anchor: str = "start",
           style: str = "normal", fill: str = INK, weight: str = "normal") -> tuple[list[str], float]:
    out = []
    y = top + size * ASCENT
    for line in lines:
        out.append(_text(x, y, size, line, fill, anchor, weight, style))
        y += size * leading
    return out, top + size * (ASCENT + DESCENT) + (len(lines) - 1) * size * leading


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return "kanji" if "IDEOGRAPH" in name else name.split(" ")[0]


def balanced(text: str, width: float, size: float) -> list[str] | None:
    """``text`` in two lines of about equal width, broken between words (or where Japanese changes
    script: kanji to kana and back), so that neither line is a stray character; None if it cannot be.

    >>> balanced("まだ見ぬ読者への手紙", 400, 40), balanced("Life Flashing Before Your Eyes", 400, 40)
    (['まだ見ぬ', '読者への手紙'], ['Life Flashing', 'Before Your Eyes'])
    """
    best: tuple[float, list[str]] | None = None
    spaced = " " in text.strip()
    for i in range(1, len(text)):
        if spaced:
            if text[i] != " ":
                continue
            first, second = text[:i].rstrip(), text[i:].strip()
        else:
            if text[i] in _NO_START or text[i - 1] in _NO_END or _script(text[i]) == _script(text[i - 1]):
                continue
            first, second = text[:i], text[i:]
        widths = (text_width(first, size), text_width(second, size))
        if first and second and max(widths) <= width:
            cost = max(widths) + abs(widths[0] - widths[1]) / 100
            if best is None or cost < best[0]:
                best = (cost, [first, second])
    return None if best is None else best[1]


def name_lines(name: str, width: float, height: float, size: float = 46) -> tuple[float, list[str]]:
    """A name's font size and lines: one line if it fits large enough, else two balanced ones, else more."""
    one_size, one = fit(name, width, height, size, leading=1.12, max_lines=1)
    if one_size >= size * 0.74:
        return one_size, one
    while size >= 24:
        lines = balanced(name, width, size) or wrap(name, width, size)
        if len(lines) <= 2 and size * (ASCENT + DESCENT) + (len(lines) - 1) * size * 1.12 <= height:
            return size, lines
        size = round(size * 0.94, 2)
    return fit(name, width, height, 46, leading=1.12)


def name_box(spec: FaceSpec) -> tuple[float, float, float, float]:
    """Where the name goes: the top band between the top corner badges."""
    corners = {b.corner for b in spec.badges}
    left = 142 if "tl" in corners else 44
    right = 488 if "tr" in corners else 586
    return (left, 40, right - left, 118)


def _name(spec: FaceSpec) -> str:
    box = name_box(spec)
    x, y, w, h = box
    ruby_size = 19.0
    ruby_lines: list[str] = []
    if spec.ruby:
        ruby_size, ruby_lines = fit(spec.ruby, w, 26, ruby_size, max_lines=1)
    room = h - (ruby_size * (ASCENT + DESCENT) + 4 if ruby_lines else 0)
    size, lines = name_lines(spec.name, w, room)
    name_tall = size * (ASCENT + DESCENT) + (len(lines) - 1) * size * 1.12
    ruby_tall = ruby_size * (ASCENT + DESCENT) + 4 if ruby_lines else 0
    top = y + (h - name_tall - ruby_tall) / 2
    body: list[str] = []
    if ruby_lines:
        ruby, _ = _lines(ruby_lines, x + w / 2, top, ruby_size, 1.2, "middle", fill="#4a4440")
        body += ruby
        top += ruby_tall
    names, _ = _lines(lines, x + w / 2, top, size, 1.12, "middle", weight="bold")
    return _box("name", box, body + names)


def _type_line(spec: FaceSpec) -> str:
    x, y, w, h = TYPE_BOX
    half = (w - 24) / 2
    body = []
    for text, anchor, at in ((spec.type_left, "start", x + 12), (spec.type_right, "end", x + w - 12)):
        if text:
            size, lines = fit(text, half, h - 4, 22, max_lines=1)
            line = lines[0] if lines else ""
            body.append(_text(at, y + (h - size * (ASCENT + DESCENT)) / 2 + size * ASCENT, size, line, INK, anchor,
                              "bold"))
    return _box("type", TYPE_BOX, body)


def _texts(spec: FaceSpec) -> str:
    x, y, w, h = TEXT_BOX
    size = 25.0
    while True:
        rules = wrap(spec.rules, w, size)
        flavor = wrap(spec.flavor, w, size * 0.84) if spec.flavor else []
        rules_tall = size * (ASCENT + DESCENT) + (len(rules) - 1) * size * 1.38
        flavor_tall = (size * 0.84 * (ASCENT + DESCENT) + (len(flavor) - 1) * size * 0.84 * 1.3 + size * 0.9) \
            if flavor else 0
        if rules_tall + flavor_tall <= h or size < 1:
            break
        size = round(size * 0.95, 2)
    body, bottom = _lines(rules, x, y, size, 1.38)
    if flavor:
        rule_y = bottom + size * 0.45
        body.append(f'<line x1="{_num(x + w * 0.2)}" y1="{_num(rule_y)}" x2="{_num(x + w * 0.8)}" y2="{_num(rule_y)}" '
                    f'stroke="{spec.palette.frame}" stroke-width="1.5"/>')
        more, _ = _lines(flavor, x, bottom + size * 0.9, size * 0.84, 1.3, style="italic", fill="#4a4440")
        body += more
    return _box("text", TEXT_BOX, body)


CORNERS = {"tl": (86, 98), "tr": (544, 98), "bl": (86, 822), "br": (544, 822)}


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 5, turn: float = -90) -> str:
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / points)
        pts.append(f"{_num(cx + r * math.cos(a))},{_num(cy + r * math.sin(a))}")
    return " ".join(pts)


def _badge(badge: Badge, palette: Palette) -> str:
    cx, cy = CORNERS[badge.corner]
    if badge.shape == "star":
        shape = (f'<polygon points="{_star(cx, cy, 58, 30)}" fill="{palette.glow}" stroke="{palette.dark}" '
                 f'stroke-width="4"/>')
    else:
        shape = f'<circle cx="{cx}" cy="{cy}" r="46" fill="{palette.light}" stroke="{palette.dark}" stroke-width="6"/>'
    value_size, value = fit(badge.value, 62, 40, 40, max_lines=1)
    label_size, label = fit(badge.label, 84, 18, 15, max_lines=1)
    box = (cx - 46, cy - 46, 92, 92) if badge.shape != "star" else (cx - 58, cy - 58, 116, 116)
    body = [_text(cx, cy + value_size * 0.34, value_size, value[0] if value else "", palette.dark, "middle", "bold")]
    if label and label[0]:
        body.append(_text(cx, cy - 22 + label_size * 0.3, label_size, label[0], palette.dark, "middle"))
        body[0] = _text(cx, cy + 8 + value_size * 0.34, value_size * 0.9, value[0] if value else "", palette.dark,
                        "middle", "bold")
    return shape + _box(f"badge-{badge.corner}", box, body)


# ----------------------------------------------------------------------------- the emblem
def emblem(card_id: str, palette: Palette, uid: str) -> str:
    """A round emblem drawn from ``card_id``'s digest in the art box (the same id, the same emblem)."""
    digest = hashlib.sha256(card_id.encode("utf-8")).digest()
    x, y, w, h = ART_BOX
    cx, cy = x + w / 2, y + h / 2
    radius = h / 2 - 16
    points = 3 + digest[0] % 7
    turn = digest[1] / 255 * 360
    inner = 0.25 + digest[2] / 255 * 0.35
    petals = 4 + digest[3] % 9
    petal_len = 0.45 + digest[4] / 255 * 0.4
    rings = 1 + digest[5] % 3
    dots = 8 + digest[6] % 17
    hue_shift = digest[7] % 2
    out = [f'<defs><radialGradient id="{uid}-glow" cx="50%" cy="50%" r="60%">'
           f'<stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="{palette.glow}"/>'
           f'<stop offset="1" stop-color="{palette.frame}"/></radialGradient>'
           f'<clipPath id="{uid}-clip"><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10"/></clipPath></defs>',
           f'<g clip-path="url(#{uid}-clip)">',
           f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="url(#{uid}-glow)"/>']
    for i in range(rings):
        r = radius * (1 - i * 0.14)
        out.append(f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="none" stroke="{palette.dark}" '
                   f'stroke-opacity="0.55" stroke-width="{2 + i}"/>')
    for i in range(petals):
        angle = turn + i * 360 / petals
        fill = palette.light if (i + hue_shift) % 2 else palette.glow
        out.append(f'<ellipse cx="{_num(cx)}" cy="{_num(cy - radius * petal_len / 2)}" rx="{_num(radius * 0.12)}" '
                   f'ry="{_num(radius * petal_len / 2)}" fill="{fill}" fill-opacity="0.8" stroke="{palette.dark}" '
                   f'stroke-width="1.5" transform="rotate({_num(angle)} {_num(cx)} {_num(cy)})"/>')
    out += _motif(digest, cx, cy, radius, palette, points, turn, inner)
    for i in range(dots):
        a = math.radians(turn / 2 + i * 360 / dots)
        out.append(f'<circle cx="{_num(cx + radius * 0.9 * math.cos(a))}" cy="{_num(cy + radius * 0.9 * math.sin(a))}" '
                   f'r="{_num(3 + digest[8 + i % 16] % 4)}" fill="{palette.dark}" fill-opacity="0.7"/>')
    out.append(f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(radius * 0.12)}" fill="#ffffff" '
               f'stroke="{palette.dark}" stroke-width="3"/>')
    out.append("</g>")
    return "".join(out)


def _polygon(cx: float, cy: float, r: float, sides: int, turn: float) -> str:
    return " ".join(f"{_num(cx + r * math.cos(math.radians(turn + i * 360 / sides)))},"
                    f"{_num(cy + r * math.sin(math.radians(turn + i * 360 / sides)))}" for i in range(sides))


def _motif(digest: bytes, cx: float, cy: float, radius: float, palette: Palette, points: int, turn: float,
           inner: float) -> list[str]:
    """The centre figure: a star, nested polygons, a rosette of circles or a sunburst (by the digest)."""
    kind = digest[9] % 4
    stroke = f'stroke="{palette.dark}"'
    if kind == 0:
        return [f'<polygon points="{_star(cx, cy, radius * 0.62, radius * 0.62 * inner, points, turn)}" '
                f'fill="{palette.frame}" fill-opacity="0.85" {stroke} stroke-width="3"/>']
    if kind == 1:
        return [f'<polygon points="{_polygon(cx, cy, radius * (0.66 - i * 0.16), points, turn + i * 180 / points)}" '
                f'fill="{palette.frame if i % 2 == 0 else palette.light}" fill-opacity="0.8" {stroke} '
                f'stroke-width="2.5"/>' for i in range(3)]
    if kind == 2:
        r = radius * (0.22 + inner * 0.2)
        return [f'<circle cx="{_num(cx + r * math.cos(math.radians(turn + i * 360 / points)))}" '
                f'cy="{_num(cy + r * math.sin(math.radians(turn + i * 360 / points)))}" r="{_num(r)}" '
                f'fill="{palette.frame}" fill-opacity="0.35" {stroke} stroke-width="2"/>' for i in range(points)]
    rays = points * 2
    out = []
    for i in range(rays):
        a = math.radians(turn + i * 360 / rays)
        b = math.radians(turn + (i + 0.5) * 360 / rays)
        c = math.radians(turn + (i - 0.5) * 360 / rays)
        tip = radius * (0.7 if i % 2 == 0 else 0.5)
        base = radius * 0.18
        out.append(f'<polygon points="{_num(cx + tip * math.cos(a))},{_num(cy + tip * math.sin(a))} '
                   f'{_num(cx + base * math.cos(b))},{_num(cy + base * math.sin(b))} '
                   f'{_num(cx + base * math.cos(c))},{_num(cy + base * math.sin(c))}" fill="{palette.frame}" '
                   f'fill-opacity="0.85" {stroke} stroke-width="2"/>')
    return out


# ----------------------------------------------------------------------------- the face
def draw_face(spec: FaceSpec) -> str:
    """The SVG (a complete document) of one card face."""
    p = spec.palette
    uid = "f" + hashlib.sha1(f"{spec.card_id}\x00{spec.lang}".encode()).hexdigest()[:10]
    data = "".join(f' data-{escape(k)}="{escape(v)}"' for k, v in spec.extra.items())
    label = escape(spec.name)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-label="{label}" data-card="{escape(spec.card_id)}" lang="{escape(spec.lang)}"{data} '
        f'font-family="{escape(FONT)}">',
        f"<title>{label}</title>",
        f'<rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="30" fill="{p.frame}" stroke="{p.dark}" '
        f'stroke-width="8"/>',
    ]
    if spec.trim:
        parts.append(f'<rect x="16" y="16" width="{WIDTH - 32}" height="{HEIGHT - 32}" rx="22" fill="none" '
                     f'stroke="{spec.trim}" stroke-width="5"/>')
    parts += [
        f'<rect x="30" y="30" width="{WIDTH - 60}" height="138" rx="16" fill="{p.light}" stroke="{p.dark}" '
        f'stroke-width="3"/>',
        f'<rect x="{TYPE_BOX[0]}" y="{TYPE_BOX[1]}" width="{TYPE_BOX[2]}" height="{TYPE_BOX[3]}" rx="8" '
        f'fill="{p.light}" fill-opacity="0.92"/>',
        emblem(spec.card_id, p, uid),
        f'<rect x="{ART_BOX[0]}" y="{ART_BOX[1]}" width="{ART_BOX[2]}" height="{ART_BOX[3]}" rx="10" fill="none" '
        f'stroke="{p.dark}" stroke-width="3"/>',
        f'<rect x="40" y="488" width="{WIDTH - 80}" height="322" rx="14" fill="#fffdf8" stroke="{p.dark}" '
        f'stroke-width="3"/>',
        _name(spec),
        _type_line(spec),
        _texts(spec),
        *(_badge(b, p) for b in spec.badges),
        "</svg>",
    ]
    return "".join(parts)
