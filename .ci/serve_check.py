"""Waits for `grimoire serve` on the port given, then fetches the lobby, a rules page and the shipped font."""

import sys
import time
import urllib.request

base = f"http://127.0.0.1:{sys.argv[1]}/"
for _ in range(300):
    try:
        with urllib.request.urlopen(base, timeout=2) as page:
            assert page.status == 200 and b"<html" in page.read().lower()
        break
    except OSError:
        time.sleep(0.2)
else:
    sys.exit("grimoire serve did not answer")
for path in ("rules/chant", "static/fonts/grimoire-ja.woff2"):
    with urllib.request.urlopen(base + path, timeout=10) as page:
        assert page.status == 200 and page.read(), path
print("grimoire serve from the wheel: lobby, rules and font served")
