"""Reading the files people hand to Grimoire, and showing the names in them, defensively.

:func:`read_text` reads a deck list, card file or record: only a regular file (a FIFO,
device or folder is refused at once, never waited on), at most ``limit`` bytes, as
UTF-8; anything else is one error line from the caller's error class. :func:`printable`
makes a name safe to print: control characters (a terminal's escape sequences) become
visible symbols of the same length.

>>> printable("炎の書\\x1b[2J")
'炎の書␛[2J'
>>> printable("bell\\a, line\\nbreak")
'bell␇, line\\nbreak'
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

#: Size limits of the files Grimoire reads (bytes).
DECK_LIMIT = 1 << 20
CARDS_LIMIT = 8 << 20
RECORD_LIMIT = 64 << 20

_VISIBLE = {c: 0x2400 + c for c in range(0x20) if c not in (0x09, 0x0A)}  # Control Pictures ␀ … ␟; tab, newline stay
_VISIBLE[0x7F] = 0x2421  # ␡
_VISIBLE.update({c: 0xFFFD for c in range(0x80, 0xA0)})  # C1 controls (CSI among them)


def printable(text: str) -> str:
    """``text`` with every control character but tab and newline replaced by a visible symbol of the same length."""
    return text.translate(_VISIBLE)


def read_bytes(path: str | os.PathLike[str], limit: int, fail: Callable[[str], Exception], what: str = "file"
               ) -> bytes:
    """The contents of a regular file of at most ``limit`` bytes; ``fail(reason)`` is raised otherwise
    (``what`` names the file in the reason: ``cannot read deck file: …``)."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise fail(f"cannot read {what}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise fail(f"{what} is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise fail(f"{what} is not a regular file (a pipe, socket or device is not read)")
        if info.st_size > limit:
            raise fail(f"{what} is too large ({info.st_size} bytes; at most {limit})")
        chunks = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise fail(f"{what} is too large (more than {limit} bytes)")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise fail(f"cannot read {what}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def read_text(path: str | os.PathLike[str], limit: int, fail: Callable[[str], Exception], what: str = "file"
              ) -> str:
    """:func:`read_bytes` decoded as UTF-8 (a byte-order mark is dropped); ``fail`` if it is not UTF-8."""
    data = read_bytes(path, limit, fail, what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise fail(f"{what} is not UTF-8 text (byte {exc.start})") from None
