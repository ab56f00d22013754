"""Build the Japanese web font the browser pages ship: Noto Sans CJK JP (SIL OFL 1.1), in slices.

Usage (a maintainer's tool, run when the interface or the shipped cards gain characters)::

    apt-get install fonts-noto-cjk && pip install fonttools brotli
    python tools/webfont.py

The font covers JIS X 0208 (both kanji levels and its symbols), every character of
Grimoire's sources, message catalogs and card data (``src/grimoire``: .py, .toml, .js,
.html, .css, and the rules pages .md), ASCII, the kana, and the CJK and full-width
punctuation. It is cut into small woff2 slices, each declared with its ``unicode-range``,
so a browser fetches only the slices holding characters its page shows. The kanji are
ordered by use before they are cut: first those the lobby shows, then those of the other
pages (``tools/webfont-pages.txt``), then those of the web client and the rest of the sources
(by count), then the rest of JIS level 1 and level 2 in JIS order — a page of ordinary
text then needs only the first few slices. Run again, the slices keep their characters and
new characters go into new slices, so the files already shipped do not change (``--reslice``
cuts them all afresh).

Writes into ``src/grimoire/web/static/fonts``: ``grimoire-ja-NN.woff2`` (the slices; each
names itself family ``Grimoire JA NN``), ``grimoire-ja.css`` (their ``@font-face`` rules,
all of family ``Grimoire JA``), ``grimoire-ja.json`` (each slice's file, family and
characters, which the server reads to embed slices in card faces and the tests compare
with the content), ``grimoire-ja.woff2`` (one file holding the characters of the sources
and content: the font of PNG faces, as Cairo draws a text with one font file; its
characters in ``grimoire-ja.chars.txt``) and the licence.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
LICENSE_SOURCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")
OUT = ROOT / "src" / "grimoire" / "web" / "static" / "fonts"
SUFFIXES = {".py", ".toml", ".js", ".html", ".css", ".md"}
RANGES = ((0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2190, 0x21FF), (0x2460, 0x24FF), (0x25A0, 0x25FF),
          (0x2600, 0x26FF), (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0xFF00, 0xFFEF))
PAGES = ROOT / "tools" / "webfont-pages.txt"
LATIN_END = 0x2000
"""Characters below this are left to the system's fonts in the pages (the Latin slice serves PNG faces)."""
KANA = ((0x3000, 0x30FF),)
SLICE = 110
"""Kanji per slice: about 20 KB of woff2."""


def fixed() -> set[str]:
    """The characters of the fixed ranges (those the font lacks are left to the system's fonts)."""
    return {chr(c) for lo, hi in RANGES for c in range(lo, hi + 1)}


def jis_x_0208(first_row: int, last_row: int) -> list[str]:
    """The characters of JIS X 0208 rows ``first_row``..``last_row``, in JIS order.

    >>> "".join(jis_x_0208(16, 16)[:5])
    '亜唖娃阿哀'
    """
    chars = []
    for row in range(first_row, last_row + 1):
        for cell in range(1, 95):
            try:
                chars.append(bytes((0xA0 + row, 0xA0 + cell)).decode("euc_jp"))
            except UnicodeDecodeError:
                continue
    return chars


def _counts(paths: list[Path]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for path in paths:
        counts.update(path.read_text(encoding="utf-8"))
    return counts


def sources() -> list[Path]:
    """The text files of the package whose characters the font must hold."""
    return [path for path in sorted((ROOT / "src" / "grimoire").rglob("*"))
            if path.suffix in SUFFIXES and "fonts" not in path.relative_to(ROOT).parts]


def content() -> set[str]:
    """Every character of the sources and content, and the fixed ranges."""
    chars = fixed()
    for path in sources():
        chars |= set(path.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable() or c == "\u3000"}


def wanted() -> set[str]:
    """Every character of the sources and content, the fixed ranges and JIS X 0208."""
    return content() | set(jis_x_0208(1, 84))


def pages() -> dict[str, int]:
    """Each kanji of :data:`PAGES` and the number of the first line (page group) showing it."""
    lines = [line for line in PAGES.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    found: dict[str, int] = {}
    for number, line in enumerate(lines):
        for c in line:
            found.setdefault(c, number)
    return found


def ordered(chars: set[str]) -> list[str]:
    """``chars`` in the order they are sliced: the pages' (lobby first), the web client's and the
    other sources' by use, then JIS order."""
    first = pages()
    web = _counts([p for p in sources() if "static" in p.relative_to(ROOT).parts])
    used = _counts(sources())
    jis = {c: i for i, c in enumerate(jis_x_0208(1, 84))}
    return sorted(chars, key=lambda c: (first.get(c, len(first)), -web[c], -used[c], jis.get(c, len(jis) + ord(c))))


def slices(chars: set[str], size: int = SLICE) -> list[list[str]]:
    """``chars`` cut into slices: Latin; kana and CJK punctuation; other symbols; kanji by use.

    >>> [len(s) for s in slices(set("aあ→" + "漢字"), size=1)]
    [1, 1, 1, 1, 1]
    """
    latin = sorted(c for c in chars if ord(c) < LATIN_END)
    kana = sorted(c for c in chars if any(lo <= ord(c) <= hi for lo, hi in KANA))
    symbols = sorted(c for c in chars if ord(c) >= LATIN_END and not 0x3000 <= ord(c) <= 0x30FF
                     and not c.isidentifier())
    rest = ordered(chars - set(latin) - set(kana) - set(symbols))
    return [s for s in (latin, kana, symbols) if s] + [rest[i:i + size] for i in range(0, len(rest), size)]


def unicode_range(chars: list[str]) -> str:
    """A CSS ``unicode-range`` value for ``chars`` (runs of code points merged).

    >>> unicode_range(list("abcx"))
    'U+61-63, U+78'
    """
    points = sorted({ord(c) for c in chars})
    runs: list[list[int]] = []
    for p in points:
        if runs and runs[-1][1] == p - 1:
            runs[-1][1] = p
        else:
            runs.append([p, p])
    return ", ".join(f"U+{lo:X}" if lo == hi else f"U+{lo:X}-{hi:X}" for lo, hi in runs)


def ofl_text(copyright_line: str) -> str:
    """The font's copyright line and the SIL Open Font License (its text from the Debian package)."""
    text = LICENSE_SOURCE.read_text(encoding="utf-8")
    body = text[text.index("License: SIL-1.1\n -----"):].split("\n", 1)[1]
    lines = [line[1:] if line.startswith(" ") else line for line in body.splitlines()]
    licence = "\n".join("" if line == "." else line for line in lines).split("\nLicense:")[0]
    return ("grimoire-ja-*.woff2 are subsets of Noto Sans CJK JP Regular\n"
            f"{copyright_line}\n"
            "Subset for Grimoire by tools/webfont.py; used under the SIL Open Font License 1.1:\n\n"
            + licence.strip() + "\n")


def _rename(font: object, family: str) -> None:
    from fontTools.ttLib import TTFont

    assert isinstance(font, TTFont)
    name = font["name"]
    for record in list(name.names):
        if record.nameID in (1, 3, 4, 6, 16, 17):
            name.removeNames(nameID=record.nameID)
    for name_id, value in ((1, family), (4, family), (6, family.replace(" ", "")), (3, family)):
        name.setName(value, name_id, 3, 1, 0x409)
        name.setName(value, name_id, 1, 0, 0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--reslice", action="store_true",
                        help="cut all slices afresh (by default the slices keep their characters and new ones "
                             "go into new slices, so the files already in the repository do not change)")
    args = parser.parse_args()
    if not args.source.exists():
        print(f"webfont: no font at {args.source} (apt-get install fonts-noto-cjk)", file=sys.stderr)
        return 2
    from fontTools import subset
    from fontTools.ttLib import TTFont

    cmap = TTFont(args.source, fontNumber=0).getBestCmap()
    copyright_line = TTFont(args.source, fontNumber=0)["name"].getDebugName(0) or ""
    chars = {c for c in wanted() if (ord(c) in cmap and not c.isspace()) or c == " "}
    args.out.mkdir(parents=True, exist_ok=True)
    previous = args.out / "grimoire-ja.json"
    parts: list[list[str]] = []
    if previous.is_file() and not args.reslice:
        parts = [list(item["chars"]) for item in json.loads(previous.read_text(encoding="utf-8"))]
    kept = {c for part in parts for c in part}
    fresh = chars - kept
    parts += slices(fresh) if not parts else [ordered(fresh)[i:i + SLICE] for i in range(0, len(fresh), SLICE)]
    for old in args.out.glob("grimoire-ja*.woff2"):
        old.unlink()
    manifest = []
    css = ["/* Built by tools/webfont.py: slices of Noto Sans CJK JP (SIL OFL 1.1, LICENSE-grimoire-ja.txt);",
           "   a browser fetches a slice only when its page shows a character of the slice's range. */"]
    total = 0
    def cut(text: str, file: str) -> TTFont:
        font = TTFont(args.source, fontNumber=0)
        options = subset.Options()
        options.flavor = "woff2"
        options.hinting = False
        options.layout_features = []  # the variants (vertical, proportional…) the pages never ask for: half the size
        options.desubroutinize = True  # compresses better in woff2
        options.name_IDs = ["*"]
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(font)
        if file != "grimoire-ja.woff2":
            _rename(font, file.removesuffix(".woff2").replace("grimoire-ja-", "Grimoire JA "))
        font.flavor = "woff2"
        font.recalcTimestamp = False  # the same characters give the same bytes
        font.save(args.out / file)
        return font

    whole = cut("".join(sorted(c for c in content() if ord(c) in cmap)), "grimoire-ja.woff2")
    (args.out / "grimoire-ja.chars.txt").write_text("".join(sorted(chr(c) for c in whole.getBestCmap())) + "\n",
                                                    encoding="utf-8")
    for number, part in enumerate(parts):
        family = f"Grimoire JA {number:02d}"
        file = f"grimoire-ja-{number:02d}.woff2"
        font = cut("".join(part), file)
        covered = "".join(sorted(chr(c) for c in font.getBestCmap() if chr(c) in part))
        manifest.append({"file": file, "family": family, "chars": covered})
        total += (args.out / file).stat().st_size
        web = [c for c in covered if ord(c) >= LATIN_END]
        if web:
            css.append(f'@font-face {{ font-family: "Grimoire JA"; src: url("{file}") format("woff2"); '
                       f"font-display: swap;\n  unicode-range: {unicode_range(web)}; }}")
    (args.out / "grimoire-ja.css").write_text("\n".join(css) + "\n", encoding="utf-8")
    (args.out / "grimoire-ja.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=0) + "\n",
                                                encoding="utf-8")
    (args.out / "LICENSE-grimoire-ja.txt").write_text(ofl_text(copyright_line), encoding="utf-8")
    missing = sorted(c for c in wanted() - fixed() if ord(c) not in cmap and not c.isspace())
    print(f"grimoire-ja.woff2 (PNG faces): {(args.out / 'grimoire-ja.woff2').stat().st_size / 1024:.0f} KiB, "
          f"{len(whole.getBestCmap())} characters")
    print(f"{len(manifest)} slices, {total / 1024:.0f} KiB, {sum(len(m['chars']) for m in manifest)} characters"
          + (f"; not in the font: {''.join(missing)}" if missing else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
