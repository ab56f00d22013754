"""The balance report as one HTML page (plain string building, no template engine).

>>> page = render_html({"game": "chant", "seed": 1, "games_per_pairing": 2, "decks": ["a"], "agents": ["random"],
...                     "levels": {}, "flags": [], "guideline": [], "compare": None}, [])
>>> page.startswith("<!DOCTYPE html>") and "chant" in page
True
"""

from __future__ import annotations

from html import escape
from typing import Any

STYLE = """
body{font-family:system-ui,"Hiragino Sans","Noto Sans CJK JP",sans-serif;margin:2em;max-width:70em;color:#222}
table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #ccc;padding:0.2em 0.6em;text-align:right}
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}.flag{color:#b00}.ok{color:#070}
img{max-width:100%;border:1px solid #eee;margin:0.5em 0}h2{border-bottom:2px solid #ddd}
"""


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x:.1%}"


def _ci(ci: list[float]) -> str:
    return f"{ci[0]:.1%} – {ci[1]:.1%}"


def _table(head: list[str], rows: list[list[str]]) -> str:
    h = "".join(f"<th>{escape(c)}</th>" for c in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{h}</tr>{body}</table>"


def _level(name: str, d: dict[str, Any], images: list[str]) -> str:
    parts = [f"<h2>AI level: {escape(name)} ({d['games']} games)</h2>"]
    fp = d["first_player"]
    parts.append(f"<p>First player wins {_pct(fp['rate'])} (95 % {_ci(fp['ci95'])}) of {fp['games']} games. "
                 f"Mean length {d['length']['mean_turns']:.1f} turns (quartiles "
                 f"{', '.join(map(str, d['length']['quartiles']))}). Endings: "
                 f"{escape(', '.join(f'{k} {v}' for k, v in d['reasons'].items()))}.</p>")
    if d["matchups"]:
        parts.append("<h3>Matchups</h3>")
        parts.append(_table(["deck A", "deck B", "games", "A – B – draws", "A win rate", "95 % interval"],
                            [[escape(m["deck_a"]), escape(m["deck_b"]), str(m["games"]),
                              f"{m['wins_a']} – {m['wins_b']} – {m['draws']}", _pct(m["win_rate_a"]), _ci(m["ci95"])]
                             for m in d["matchups"]]))
    if d["deck_win_rates"]:
        parts.append(_table(["deck", "games", "win rate", "95 % interval"],
                            [[escape(r["deck"]), str(r["games"]), _pct(r["rate"]), _ci(r["ci95"])]
                             for r in d["deck_win_rates"]]))
    for img in images:
        if img.endswith(f"_{name}.png"):
            parts.append(f'<img src="{escape(img)}" alt="{escape(img)}">')
    parts.append("<h3>Card impact</h3><p>Win rate of a seat whose deck holds the card when it was drawn vs not; "
                 "win rate of a seat whose opponent played the card vs did not.</p>")
    rows = []
    for c in sorted(d["cards"], key=lambda c: -abs(c["drawn_delta"] or 0)):
        rows.append([escape(c["card"]), str(c["deck_games"]),
                     f"{_pct(c['drawn']['rate'])} ({c['drawn']['games']})",
                     f"{_pct(c['not_drawn']['rate'])} ({c['not_drawn']['games']})",
                     _pct(c["drawn_delta"]) if c["drawn_delta"] is not None else "—",
                     f"{_pct(c['played_against']['rate'])} ({c['played_against']['games']})",
                     f"{_pct(c['not_played_against']['rate'])} ({c['not_played_against']['games']})",
                     _pct(c["against_delta"]) if c["against_delta"] is not None else "—"])
    parts.append(_table(["card", "seat-games", "drawn", "not drawn", "Δ", "played against", "not played against",
                         "Δ"], rows))
    gm = d["game_metrics"]
    if gm:
        parts.append("<h3>Game metrics</h3>")
        parts.append(_table(["metric", "value"], [[escape(k), escape(_fmt(v))] for k, v in gm.items()]))
    return "\n".join(parts)


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3f}"
    if isinstance(v, dict) and "rate" in v and "ci95" in v:
        return f"{v['rate']:.1%} ({_ci(v['ci95'])}, n={v['games']})"
    if isinstance(v, dict):
        return ", ".join(f"{k}: {_fmt(x)}" for k, x in v.items())
    if isinstance(v, list):
        return "[" + ", ".join("—" if x is None else _fmt(x) for x in v[:40]) + "]"
    return str(v)


def render_html(data: dict[str, Any], images: list[str]) -> str:
    """The whole report page."""
    parts = [
        "<!DOCTYPE html>", '<html lang="ja"><head><meta charset="utf-8">',
        f"<title>Balance report — {escape(data['game'])}</title><style>{STYLE}</style></head><body>",
        f"<h1>Balance report / バランスレポート — {escape(data['game'])}</h1>",
        f"<p>Decks: {escape(', '.join(data['decks']))}. AI levels: {escape(', '.join(data['agents']))}. "
        f"{data['games_per_pairing']} games per deck pairing and level, seats alternated; seed {data['seed']}.</p>",
    ]
    for img in images:
        if img in ("lengths.png", "game.png"):
            parts.append(f'<img src="{escape(img)}" alt="{escape(img)}">')
    parts.append("<h2>Findings that change with AI strength</h2>")
    if data["flags"]:
        parts.append(_table(["metric", "subject", "by level"],
                            [[escape(f["metric"]), f'<span class="flag">{escape(f["subject"])}</span>',
                              escape(", ".join(f"{k}: {v:+.1%}" for k, v in f["values"].items()))]
                             for f in data["flags"]]))
    else:
        parts.append('<p class="ok">None: every checked finding keeps its sign across the AI levels.</p>')
    parts.append("<h2>Card-design guideline</h2>")
    if data["guideline"]:
        columns = [k for k in data["guideline"][0] if k not in ("problem", "source")]
        parts.append(_table([*columns, "problem", "file"],
                            [[escape(str(g.get(k, ""))) for k in columns]
                             + [f'<span class="flag">{escape(g["problem"])}</span>', escape(g.get("source", ""))]
                             for g in data["guideline"]]))
    else:
        parts.append('<p class="ok">No card outside the guideline.</p>')
    if data.get("compare"):
        cmp = data["compare"]
        parts.append(f"<h2>Card pool comparison</h2><p>{escape(cmp['old'])} → {escape(cmp['new'])}, "
                     "same seeds and agent chances (paired); difference new − old with a 95 % interval.</p>")
        parts.append(_table(["metric", "level", "subject", "old", "new", "difference", "95 % interval"],
                            [[escape(m["metric"]), escape(m["level"]), escape(m["subject"]), f"{m['old']:.3f}",
                              f"{m['new']:.3f}", f"{m['diff']:+.3f}", f"{m['ci95'][0]:+.3f} – {m['ci95'][1]:+.3f}"]
                             for m in cmp["metrics"]]))
    for name, d in data["levels"].items():
        parts.append(_level(name, d, images))
    parts.append("</body></html>")
    return "\n".join(parts)
