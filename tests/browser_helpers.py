"""What every browser test needs: Debian's Chromium, its flags, and the rule for a missing browser.

Locally a browser test skips with the reason when Playwright, Chromium or a font it needs
is missing; in CI (``CI`` set) it fails instead, so a missing browser is never hidden.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def missing_browser(fonts: Sequence[Path] = ()) -> str | None:
    """Why the browser tests cannot run here (None when they can); ``fonts``: one of them must exist."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install -e . --group browser-tests)"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if fonts and not any(path.exists() for path in fonts):
        return "no Japanese font (apt-get install fonts-ipafont-gothic)"
    return None


def require_browser(what: str = "browser tests", fonts: Sequence[Path] = ()) -> None:
    """Skip (locally) or fail (in CI) when :func:`missing_browser` names a reason."""
    reason = missing_browser(fonts)
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} cannot run in CI: {reason}")
    pytest.skip(reason)
