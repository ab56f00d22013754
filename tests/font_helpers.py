"""A fontconfig set-up that knows only DejaVu: a machine without any Japanese font, as far as
Cairo or Chromium can tell (the PNG faces and the web font are tested against it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

LATIN_ONLY = Path("/usr/share/fonts/truetype/dejavu")


def latin_only_fontconfig(tmp_path: Path) -> Path:
    """Write a fonts.conf that lists only DejaVu; fails in CI (skips elsewhere) without the fonts."""
    if not LATIN_ONLY.exists():
        if os.environ.get("CI"):
            pytest.fail(f"no {LATIN_ONLY} (apt-get install fonts-dejavu-core)")
        pytest.skip(f"no {LATIN_ONLY}")
    config = tmp_path / "fonts.conf"
    config.write_text(f"<?xml version='1.0'?><fontconfig><dir>{LATIN_ONLY}</dir>"
                      f"<cachedir>{tmp_path / 'fc-cache'}</cachedir></fontconfig>", encoding="utf-8")
    return config
