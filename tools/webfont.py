"""Build the Japanese web font the browser pages ship: Noto Sans CJK JP (SIL OFL 1.1), subset.

Usage (a maintainer's tool, run when the interface or the shipped cards gain characters)::

    apt-get install fonts-noto-cjk && pip install fonttools brotli
    python tools/webfont.py

The subset holds every character of Grimoire's sources, message catalogs and card data
(``src/grimoire``: .py, .toml, .js, .html, .css, and the rules pages .md), all of ASCII, the kana, the CJK and
full-width punctuation — so the interface and every shipped card render on a machine
without Japanese fonts, and cards written in kana do too. Writes
``src/grimoire/web/static/fonts/grimoire-ja.woff2``, the list of characters it covers
(``grimoire-ja.chars.txt``, which the tests compare with the content) and the licence.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
LICENSE_SOURCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")
OUT = ROOT / "src" / "grimoire" / "web" / "static" / "fonts"
SUFFIXES = {".py", ".toml", ".js", ".html", ".css", ".md"}
RANGES = ((0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2190, 0x21FF), (0x2460, 0x24FF), (0x25A0, 0x25FF),
          (0x2600, 0x26FF), (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0xFF00, 0xFFEF))


def fixed() -> set[str]:
    """The characters of the fixed ranges (those the font lacks are left to the system's fonts)."""
    return {chr(c) for lo, hi in RANGES for c in range(lo, hi + 1)}


def wanted() -> set[str]:
    """Every character of the sources and content, and the fixed ranges."""
    chars = fixed()
    for path in sorted((ROOT / "src" / "grimoire").rglob("*")):
        if path.suffix in SUFFIXES and "fonts" not in path.parts:
            chars |= set(path.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable() or c == "\u3000"}


def ofl_text(copyright_line: str) -> str:
    """The font's copyright line and the SIL Open Font License (its text from the Debian package)."""
    text = LICENSE_SOURCE.read_text(encoding="utf-8")
    body = text[text.index("License: SIL-1.1\n -----"):].split("\n", 1)[1]
    lines = [line[1:] if line.startswith(" ") else line for line in body.splitlines()]
    licence = "\n".join("" if line == "." else line for line in lines).split("\nLicense:")[0]
    return ("grimoire-ja.woff2 is a subset of Noto Sans CJK JP Regular\n"
            f"{copyright_line}\n"
            "Subset for Grimoire by tools/webfont.py; used under the SIL Open Font License 1.1:\n\n"
            + licence.strip() + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    if not args.source.exists():
        print(f"webfont: no font at {args.source} (apt-get install fonts-noto-cjk)", file=sys.stderr)
        return 2
    from fontTools import subset
    from fontTools.ttLib import TTFont

    chars = wanted()
    font = TTFont(args.source, fontNumber=0)
    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(chars)))
    subsetter.subset(font)
    args.out.mkdir(parents=True, exist_ok=True)
    woff2 = args.out / "grimoire-ja.woff2"
    font.flavor = "woff2"
    font.save(woff2)
    covered = "".join(sorted(chr(c) for c in font.getBestCmap()))
    (args.out / "grimoire-ja.chars.txt").write_text(covered + "\n", encoding="utf-8")
    (args.out / "LICENSE-grimoire-ja.txt").write_text(ofl_text(font["name"].getDebugName(0) or ""), encoding="utf-8")
    missing = sorted(c for c in chars - fixed() if c not in covered and not c.isspace())
    print(f"{woff2.relative_to(ROOT)}: {woff2.stat().st_size / 1024:.0f} KiB, {len(covered)} characters"
          + (f"; not in the font: {''.join(missing)}" if missing else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
