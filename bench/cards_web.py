"""Benchmark of the card pages' server side: faces, the editor's preview, the deck builder's pool and check.

Runs the application in process (Starlette's test client, no network) on a fresh
database and times, per request (median and p95 of ``--repeat`` runs):

* a card face drawn for the first time (every card of the game once, both languages)
  and served again from the cache, and revalidated (``If-None-Match`` → 304);
* the editor's preview of a valid card and of a card with an error (what each keystroke
  costs after the page's 250 ms pause);
* saving a card (which rebuilds the game's rules) and the deck builder's pool and a
  full deck check.

    python bench/cards_web.py --repeat 50 --out docs/performance.md
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _report import write_section
from starlette.testclient import TestClient

from grimoire.core.registry import load_game
from grimoire.web.app import create_app
from grimoire.web.limits import Limits
from grimoire.web.storage import Store

FIELDS = {"name": "小さな火花", "ruby": "スパーク", "other_name": "Little Spark",
          "stats": {"区分": "書庫", "属性": "幻想", "詠唱値": "1", "威力": "1"},
          "sections": {"『発動効果』": "カードを1枚ドローする。"}, "flavor": "ぱちっ。"}


def timed(func: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """Median and p95 milliseconds of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.95))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    rows: list[tuple[str, float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        limits = Limits(saves_per_minute=100000)
        with TestClient(create_app(Store(Path(tmp) / "b.db"), ("chant",), ai_delay=0, limits=limits)) as c:
            ids = sorted(load_game("chant").pool.by_id)
            first = []
            for lang in ("ja", "en"):
                for cid in ids:
                    start = time.perf_counter()
                    assert c.get(f"/cards/chant/{cid}.svg?lang={lang}").status_code == 200
                    first.append((time.perf_counter() - start) * 1000)
            first.sort()
            rows.append((f"face, first time ({len(first)} faces)", statistics.median(first),
                         first[int(len(first) * 0.95)]))
            rows.append(("face, cached", *timed(lambda: c.get("/cards/chant/fireball.svg?lang=ja"), args.repeat)))
            etag = c.get("/cards/chant/fireball.svg?lang=ja").headers["etag"]
            rows.append(("face, revalidated (304)", *timed(
                lambda: c.get("/cards/chant/fireball.svg?lang=ja", headers={"If-None-Match": etag}), args.repeat)))
            body = {"game": "chant", "lang": "ja", "fields": FIELDS}
            rows.append(("editor preview, valid card", *timed(lambda: c.post("/api/cards/preview", json=body),
                                                               args.repeat)))
            bad = {**body, "fields": {**FIELDS, "sections": {"『発動効果』": "世界を救う。"}}}
            rows.append(("editor preview, unreadable sentence", *timed(
                lambda: c.post("/api/cards/preview", json=bad), args.repeat)))
            counter = iter(range(10**6))

            def save() -> None:
                n = next(counter)
                fields = {**FIELDS, "id": f"spark_{n}", "name": f"火花{n}", "other_name": f"Spark {n}"}
                assert c.post("/api/cards/save", json={**body, "fields": fields, "author": "bench"}).status_code == 201

            rows.append((f"save a card (pool grows to {len(ids) + args.repeat})", *timed(save, args.repeat)))
            rows.append(("deck builder pool", *timed(lambda: c.get("/api/pool/chant?lang=ja"), args.repeat)))
            deck = load_game("chant").cards.starter_decks()["fire"].read_text(encoding="utf-8")
            rows.append(("deck check, legal 45-card deck", *timed(
                lambda: c.post("/api/decks/check", json={"game": "chant", "text": deck}), args.repeat)))
    table = ["| request | median ms | p95 ms |", "| --- | ---: | ---: |"]
    table += [f"| {name} | {median:.1f} | {p95:.1f} |" for name, median, p95 in rows]
    text = ("In process (no network), one client, Chant, " + f"{args.repeat} runs each:\n\n" + "\n".join(table) +
            "\n\nThe editor waits 250 ms after the last keystroke before asking for a preview.")
    print(text)
    if args.out is not None:
        write_section(args.out, "cards-web", "## Card pages: faces, editor, deck builder\n\n" + text)


if __name__ == "__main__":
    main()
