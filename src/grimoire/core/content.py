"""Loading and validating card files (TOML) shared by every game.

A card file holds ``[[cards]]`` tables. :class:`TableReader` reads one table's fields
with type and range checks; every error names the file, the card and the field.

>>> r = TableReader("x.toml", {"id": "fireball", "chant": 2, "name": {"ja": "火球", "en": "Fireball"}})
>>> r.slug("id"), r.int("chant", minimum=0, maximum=20), r.text("name").ja
('fireball', 2, '火球')
>>> r.int("power", required=False) is None
True
"""

from __future__ import annotations

import builtins
import os
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ContentError
from .safeio import CARDS_LIMIT, printable, read_text

_SLUG = re.compile(r"^[a-z0-9][a-z0-9_\-]*$")
#: A card's tags (``tags = ["generic", "炎"]``): how many, and how long each.
MAX_TAGS = 8
TAG_LEN = 24


@dataclass(frozen=True, slots=True)
class Localized:
    """A text in Japanese and English."""

    ja: str
    en: str

    def get(self, lang: str) -> str:
        """The text in ``lang`` (``ja`` or ``en``)."""
        return self.en if lang == "en" else self.ja


class TableReader:
    """Typed access to one card table; remembers which keys were read."""

    def __init__(self, file: builtins.str, table: dict[builtins.str, Any], card: builtins.str | None = None) -> None:
        self.file = file
        self.table = table
        self.card = card if card is not None else str(table.get("id", "?"))
        self.seen: set[builtins.str] = set()

    def error(self, field: builtins.str | None, message: builtins.str) -> ContentError:
        """A ContentError naming this file, card and ``field``."""
        return ContentError(self.file, self.card, field, message)

    def _get(self, field: builtins.str, required: builtins.bool) -> Any:
        self.seen.add(field)
        value = self.table.get(field)
        if value is None and required:  # absent, or null in a JSON table (a record's card table)
            raise self.error(field, "is missing" if field not in self.table else "must not be null")
        return value

    def str(self, field: builtins.str, required: builtins.bool = True, choices: Sequence[builtins.str] = ()) -> Any:
        value = self._get(field, required)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.error(field, f"must be a non-empty string, got {value!r}")
        if choices and value not in choices:
            raise self.error(field, f"must be one of {', '.join(choices)}, got {value!r}")
        return value

    def slug(self, field: builtins.str) -> builtins.str:
        value: builtins.str = self.str(field)
        if not _SLUG.match(value):
            raise self.error(field, f"must be lowercase ASCII letters, digits, '-' or '_', got {value!r}")
        return value

    def int(self, field: builtins.str, required: builtins.bool = True,
            minimum: builtins.int | None = None, maximum: builtins.int | None = None) -> Any:
        value = self._get(field, required)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(field, f"must be an integer, got {value!r}")
        if minimum is not None and value < minimum:
            raise self.error(field, f"must be at least {minimum}, got {value}")
        if maximum is not None and value > maximum:
            raise self.error(field, f"must be at most {maximum}, got {value}")
        return value

    def bool(self, field: builtins.str, default: builtins.bool = False) -> builtins.bool:
        value = self._get(field, False)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.error(field, f"must be true or false, got {value!r}")
        return value

    def tags(self, field: builtins.str) -> tuple[builtins.str, ...]:
        """An optional list of short labels (a card's tags: ``["generic", "炎"]``), NFKC-normalised, each
        at most :data:`TAG_LEN` characters, at most :data:`MAX_TAGS` of them, repeats dropped."""
        value = self._get(field, False)
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, builtins.str) and v.strip() for v in value):
            raise self.error(field, f"must be a list of non-empty strings, got {value!r}")
        if len(value) > MAX_TAGS:
            raise self.error(field, f"must have at most {MAX_TAGS} tags, got {len(value)}")
        out: list[builtins.str] = []
        for v in value:
            tag = " ".join(unicodedata.normalize("NFKC", v).split())
            if len(tag) > TAG_LEN:
                raise self.error(field, f"must have tags of at most {TAG_LEN} characters, got {v!r}")
            if tag not in out:
                out.append(tag)
        return tuple(out)

    def text(self, field: builtins.str, required: builtins.bool = True) -> Any:
        """A ``{ja = "...", en = "..."}`` table; a missing language is an error."""
        value = self._get(field, required)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self.error(field, "must be a table with 'ja' and 'en' strings")
        for lang in ("ja", "en"):
            if not isinstance(value.get(lang), str) or not value[lang].strip():
                raise self.error(f"{field}.{lang}", "is missing or empty")
        extra = set(value) - {"ja", "en"}
        if extra:
            raise self.error(f"{field}.{sorted(extra)[0]}", "is not a known language (ja, en)")
        return Localized(printable(value["ja"]), printable(value["en"]))

    def tables(self, field: builtins.str) -> list[dict[builtins.str, Any]]:
        value = self._get(field, False)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.error(field, "must be a list of tables")
        return value

    def finish(self) -> None:
        """Raise if the table has keys no reader asked for (typos)."""
        extra = sorted(set(self.table) - self.seen)
        if extra:
            raise self.error(extra[0], "is not a known field")


def card_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Expand files and folders (``*.toml`` inside, sorted) into a list of files."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(path.glob("*.toml")))
        elif path.is_file():
            out.append(path)
        else:
            raise ContentError(str(path), None, None, "no such file or folder")
    return out


#: Dotted parts one TOML key may have: the standard library's parser takes time quadratic in them, so a
#: key like ``a.a.a…`` of 50,000 parts would stall the reader for minutes. Card files use two or three.
KEY_PARTS_LIMIT = 32


def overlong_key(text: str) -> int | None:
    """The first line (1-based) whose key or table header has more than :data:`KEY_PARTS_LIMIT` dotted parts,
    checked before parsing; None when every key is short. Values (after ``=``) are not looked at.

    >>> overlong_key('id = "a.b.c"'), overlong_key('x' + '."x"' * 40 + ' = 1')
    (None, 1)
    """
    for number, line in enumerate(text.splitlines(), start=1):
        key = line if line.lstrip().startswith("[") else line.split("=", 1)[0] if "=" in line else ""
        if key.count(".") >= KEY_PARTS_LIMIT:
            return number
    return None


def read_card_tables(path: Path) -> list[dict[str, Any]]:
    """The ``[[cards]]`` tables of one TOML file."""
    text = read_text(path, CARDS_LIMIT, lambda reason: ContentError(str(path), None, None, reason), "card file")
    too_long = overlong_key(text)
    if too_long is not None:
        raise ContentError(str(path), None, None, f"not valid card TOML: line {too_long} has a key of more than "
                                                  f"{KEY_PARTS_LIMIT} dotted parts")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(str(path), None, None, f"not valid TOML: {exc}") from None
    except (ValueError, RecursionError, MemoryError) as exc:  # huge numbers, nesting deeper than the parser goes
        raise ContentError(str(path), None, None, f"not valid TOML: {type(exc).__name__}") from None
    cards = data.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        raise ContentError(str(path), None, "cards", "the file must contain [[cards]] tables")
    return cards


def user_data_dir() -> Path:
    """The user's data folder (``$GRIMOIRE_HOME`` or ``$XDG_DATA_HOME/grimoire``)."""
    home = os.environ.get("GRIMOIRE_HOME")
    if home:
        return Path(home)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "grimoire"
