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
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}.flag{color:#b00}.ok{color:#070}.caveat{background:#fff8e0;padding:0.4em}
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


def _rate(r: dict[str, Any]) -> str:
    """A rate with its interval and sample size: ``55.0% [48.1% – 61.7%] n=200``."""
    return f"{_pct(r['rate'])} [{_ci(r['ci95'])}] n={r['games']}" if r["games"] else "— n=0"


def _delta(value: float | None, ci: list[float] | None, p: float | None = None) -> str:
    if value is None or ci is None:
        return "— (n too small)"
    text = f"{value:+.1%} [{ci[0]:+.1%} – {ci[1]:+.1%}]"
    return text if p is None else f"{text} p<sub>adj</sub>={p:.3g}"


def _cards(d: dict[str, Any], method: dict[str, Any]) -> str:
    """The per-card association table, its caveat and the card flags."""
    caveat = method.get("caveat", {})
    parts = ["<h3>Card associations / カードと勝率の相関</h3>",
             f'<p class="caveat">{escape(caveat.get("ja", ""))}<br>{escape(caveat.get("en", ""))}</p>',
             f"<p>Differences are shown only with at least {method.get('min_sample', '?')} seat-games on each "
             f"side; p-values adjusted over the cards ({escape(str(method.get('correction', '')))}). "
             "Play rate: share of the seat-games in which the card was drawn that its holder also played it.</p>"]
    rows = []
    for c in sorted(d["cards"], key=lambda c: -abs(c["drawn_delta"] or 0)):
        rows.append([escape(c["card"]), str(c["deck_games"]), _rate(c["drawn"]), _rate(c["not_drawn"]),
                     _delta(c["drawn_delta"], c.get("drawn_delta_ci95"), c.get("drawn_p_adjusted")),
                     _rate(c["played_against"]), _rate(c["not_played_against"]),
                     _delta(c["against_delta"], c.get("against_delta_ci95"), c.get("against_p_adjusted")),
                     _rate(c["play_rate"]) if "play_rate" in c else "—"])
    parts.append(_table(["card", "seat-games", "drawn: win rate", "not drawn: win rate", "Δ [95 %]",
                         "opponent played it", "opponent did not", "Δ [95 %]", "play rate"], rows))
    flags = d.get("card_flags", [])
    if flags:
        parts.append("<h4>Card flags</h4>")
        parts.append(_table(["card", "flag", "value [95 %]", "reason"],
                            [[escape(f["card"]), f'<span class="flag">{escape(f["kind"])}</span>',
                              f"{f['value']:+.1%} [{_ci(f['ci95'])}]" if f["kind"] == "drawn_association"
                              else f"{_pct(f['value'])} [{_ci(f['ci95'])}]", escape(f["reason"])]
                             for f in flags]))
    return "\n".join(parts)


def _level(name: str, d: dict[str, Any], images: list[str], method: dict[str, Any]) -> str:
    parts = [f"<h2>AI level: {escape(name)} ({d['games']} games)</h2>"]
    fp = d["first_player"]
    parts.append(f"<p>First player wins {_pct(fp['rate'])} (95 % {_ci(fp['ci95'])}) of {fp['games']} games. "
                 f"Mean length {d['length']['mean_turns']:.1f} turns (quartiles "
                 f"{', '.join(map(str, d['length']['quartiles']))}; {escape(d['length'].get('counted', ''))}). "
                 "Endings: "
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
        if img.endswith(f"_{name}.png") and not img.startswith("swaps_"):
            parts.append(f'<img src="{escape(img)}" alt="{escape(img)}">')
    parts.append(_cards(d, method))
    if d.get("card_stats"):
        parts.append(_card_stats(d["card_stats"]))
    if d.get("associations"):
        parts.append(_associations(d["associations"]))
    if d.get("coverage"):
        parts.append(_coverage(d["coverage"], d["games"]))
    gm = d["game_metrics"]
    if gm:
        parts.append("<h3>Game metrics</h3>")
        parts.append(_table(["metric", "value"], [[escape(k), escape(_fmt(v))] for k, v in gm.items()]))
    return "\n".join(parts)


def _record_links(samples: list[dict[str, Any]]) -> str:
    links = []
    for smp in samples:
        label = f"{smp['decks'][0]}–{smp['decks'][1]} #{smp['index']}"
        links.append(f'<a href="{escape(smp["record"])}">{escape(label)}</a>' if smp.get("record") else escape(label))
    return ", ".join(links)


def _card_stats(cs: dict[str, Any]) -> str:
    """What each card did: placed, activated, effect fired, damage, turn of play, with the flags."""
    note = cs.get("note", {})
    parts = ["<h3>各カードの働き / What each card did</h3>",
             f"<p>{escape(note.get('ja', ''))}<br>{escape(note.get('en', ''))}</p>"]
    if not cs["tracked"]:
        parts.append("<p>この対戦ではカードの働きが記録されていません / "
                     "no card events were recorded in these games.</p>")
        return "\n".join(parts)
    if cs["flags"]:
        parts.append("<h4>フラグ / Flags</h4>")
        parts.append(_table(["card", "flag", "理由", "reason"],
                            [[escape(f["card"]), f'<span class="flag">{escape(f["kind"])}</span>',
                              escape(f["reason"]["ja"]), escape(f["reason"]["en"])] for f in cs["flags"]]))
    rows = []
    for r in cs["rows"]:
        fired = (f"{r['fired']} ({r['fired_games']} games)" if r["has_effect"] else "— (no counted effect)")
        placed = r["placed"]
        name = escape(r["card"]) + (" 📕" if r["book"] else "")
        rows.append([f'<span class="flag">{name}</span>' if r["flags"] else name, str(r["seat_games"]),
                     str(r["drawn"]), f"{_pct(placed['rate'])} ({_pct(placed['ci95'][0])}–{_pct(placed['ci95'][1])})",
                     str(r["placements"]), str(r["activations"]), escape(fired),
                     f"{r['damage']} ({r['damage_per_placement']:.2f})",
                     "—" if r["mean_turn"] is None else f"{r['mean_turn']:.1f}",
                     escape(", ".join(f"{k} {n}" for k, n in sorted(r["effects"].items()))),
                     _record_links(r["samples"])])
    parts.append(_table(["card", "seat-games", "drawn", "placed [95 %]", "placements", "activations",
                         "effect fired", "damage (per placement)", "mean turn placed", "effect events",
                         "sample records"], rows))
    return "\n".join(parts)


def _associations(found: list[dict[str, Any]]) -> str:
    """Drawn associations, each only beside the swap that confirms or contradicts it."""
    rows = []
    for f in found:
        for sw in f.get("swaps", []):
            rows.append([escape(f["card"]), f"{f['value']:+.1%} [{_ci(f['ci95'])}]", escape(sw["deck"]),
                         _delta(sw["value"], sw["ci95"]), escape(sw["verdict"])])
    if not rows:
        return ""
    return ("<h4>引いたときの相関とカード交換 / Drawn associations beside their swaps</h4>"
            + _table(["card", "drawn association [95 %]", "deck", "swap value [95 %]", "the swap"], rows))


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


def _coverage(cov: list[dict[str, Any]], games: int) -> str:
    """Which mechanics fired how often, with a warning for those that never did."""
    rows = [[escape(f"{c['label']['ja']} / {c['label']['en']}"), str(c["events"]), f"{c['per_game']:.2f}",
             _rate(c["games_with"]),
             f'<span class="flag">{escape(c["warning"])}</span>' if c["warning"] else '<span class="ok">ok</span>']
            for c in cov]
    return ("<h3>Coverage / 発生したメカニクス</h3>"
            + _table(["mechanic", "events", "per game", "games with it", "warning"], rows))


def _suggest(s: dict[str, Any]) -> str:
    """The changes --suggest kept, each step's candidates, and the decks after the changes."""
    band = f"{s['band'][0]:.0%}–{s['band'][1]:.0%}"
    parts = [f"<h2>Suggested changes / 調整案 ({escape(', '.join(s.get('levels') or [s['level']]))})</h2>",
             f"<p>Kept: <b>{escape(', '.join(s['changes']) or 'none')}</b>. "
             f"{'Every deck and the first player' if s.get('with_first_player') else 'Every deck'} inside {band}: "
             f"{'yes' if s['in_band'] else 'no'}. {escape(s['note'])}.</p>"]
    rows = []
    for i, h in enumerate(s["steps"]):
        tried = "; ".join(f"{t['change']} → {t['objective']:.3f}" for t in h.get("tried", []))
        rows.append([str(i), escape(h.get("target", "—")), escape(h["change"] or "—"), f"{h['objective']:.3f}",
                     escape(tried), escape(h.get("note", ""))])
    parts.append(_table(["step", "aimed at", "change kept", "distance outside the band",
                         "candidates tried → distance", "note"], rows))
    by_level = s.get("by_level") or {s["level"]: {"deck_rates": s["final"], "first_player": s.get("first_player")}}
    rows = []
    for lv, at in by_level.items():
        finals = [*at["deck_rates"], *([{"deck": "first player", **at["first_player"]}] if at["first_player"] else [])]
        rows += [[escape(lv), escape(r["deck"]), _rate(r)] for r in finals]
    parts.append(_table(["level", "deck", "win rate after [95 %]"], rows))
    if s.get("paired"):
        parts.append(_table(["metric", "subject", "difference after − before [95 %]", "paired games"],
                            [[escape(m["metric"]), escape(m["subject"]),
                              f"{m['diff']:+.3f} [{m['ci95'][0]:+.3f} – {m['ci95'][1]:+.3f}]", str(m["pairs"])]
                             for m in s["paired"]]))
    return "\n".join(parts)


def _optimize(o: dict[str, Any]) -> str:
    """The deck optimizer's moves and the best list found."""
    parts = [f"<h2>Deck optimizer / デッキ最適化: {escape(o['deck'])} ({escape(o['level'])})</h2>",
             f"<p>Win rate against the rest of the field: {_rate(o['win_rate'])}. {escape(o['note'])}.</p>"]
    rows = [[str(i), escape(h.get("move") or "—"), _rate(h["win_rate"]) if "win_rate" in h else "—",
             (f"{escape(h['held_out']['move'])}: {_delta(h['held_out']['value'], h['held_out']['ci95'])} "
              f"n={h['held_out']['pairs']}") if h.get("held_out") else "—", escape(h.get("note", ""))]
            for i, h in enumerate(o["steps"])]
    parts.append(_table(["step", "move kept", "win rate", "held-out check (after − before) [95 %]", "note"], rows))
    if o.get("deck_file"):
        parts.append(f"<p>改善したデッキ / Improved deck: <code>{escape(o['deck_file'])}</code></p>")
    listing = "; ".join(f"[{escape(sec)}] " + ", ".join(f"{n} {escape(c)}" for c, n in cards.items())
                        for sec, cards in o["list"].items())
    parts.append(f"<p>Best list: {listing}</p>")
    return "\n".join(parts)


def _metagame(mg: dict[str, Any]) -> str:
    """Matchup cycles and the decks rated against the chosen meta."""
    parts = ["<h2>メタゲーム / Metagame</h2>", f"<p>{escape(mg['note'])}</p>"]
    rows = [[escape(lv), escape(c["name"]),
             escape(", ".join(f"{e['winner']} > {e['loser']} {e['rate']:.0%} [{_ci(e['ci95'])}]" for e in c["edges"])),
             '<span class="flag">yes</span>' if c["significant"] else "no"]
            for lv, d in mg["levels"].items() for c in d["cycles"]]
    parts.append(_table(["level", "cycle / 三すくみ", "edges (win rate [95 %])", "significant"], rows) if rows
                 else "<p>循環なし / No matchup cycle.</p>")
    if mg["weights"]:
        weights = ", ".join(f"{d} {w:g}" for d, w in mg["weights"].items())
        rows = [[escape(lv), escape(r["deck"]), f"{_pct(r['rate'])} [{_ci(r['ci95'])}]",
                 escape(", ".join(r["missing"]) or "—")]
                for lv, d in mg["levels"].items() for r in d["ratings"]]
        parts.append(f"<h3>メタに対する勝率 / Against the meta ({escape(weights)})</h3>")
        parts.append(_table(["level", "deck", "expected win rate [95 %]", "never met"], rows))
    return "\n".join(parts)


def _choice_table(t: dict[str, Any]) -> str:
    """Each deck with each answer of one set-up decision."""
    parts = [f"<h2>Deck × {escape(t['kind'])} / デッキ × 選択</h2><p>{escape(t['note'])}; "
             f"{escape(t['interval'])}.</p>"]
    rows = [[escape(r["level"]), escape(r["deck"]), escape(r["answer"]) + (" (own)" if r["own"] else ""),
             _rate(r), _delta(r["vs_own"]["value"], r["vs_own"]["ci95"]) if r["vs_own"] else "—"]
            for r in t["rows"]]
    parts.append(_table(["level", "deck", "answer", "win rate [95 %]", "vs own answer [95 %]"], rows))
    return "\n".join(parts)


def _swaps(sw: dict[str, Any], images: list[str]) -> str:
    """Card values by controlled swaps."""
    parts = ["<h2>Card value by controlled swaps / カード交換による価値</h2>",
             f"<p>{escape(sw['replacement'])}. {escape(sw['note'])}; 95 % interval of the paired mean; "
             f"p-values adjusted over all rows ({escape(sw['correction'])}).</p>"]
    parts.append(_table(["level", "card", "deck", "copies", "replacement", "value [95 %]", "as built", "swapped",
                         "paired games", "p adj", "play rate", "first player Δ [95 %]", "flags"],
                        [[escape(r["level"]), escape(r["card"]), escape(r["deck"]), str(r["copies"]),
                          escape(r["replacement"]), _delta(r["value"], r["ci95"]), _pct(r["built"]),
                          _pct(r["swapped"]), str(r["pairs"]), f"{r['p_adjusted']:.3g}", _rate(r["play_rate"]),
                          _delta(r["first_player"]["value"], r["first_player"]["ci95"]) if r.get("first_player")
                          else "—",
                          f'<span class="flag">{escape("; ".join(r["flags"]))}</span>']
                         for r in sw["rows"]]))
    if sw["skipped"]:
        parts.append("<p>Skipped: " + escape("; ".join(sw["skipped"])) + "</p>")
    parts += [f'<img src="{escape(i)}" alt="{escape(i)}">' for i in images if i.startswith("swaps_")]
    return "\n".join(parts)


def _field_swaps(sw: dict[str, Any], decks: list[str]) -> str:
    """Cards swapped in every deck at once: the whole field's paired differences."""
    parts = ["<h2>Cards swapped in every deck / 全デッキでのカード交換</h2>",
             f"<p>{escape(sw['replacement'])}. {escape(sw['note'])}.</p>"]
    rows = []
    for r in sw["rows"]:
        by = {("first" if m["metric"] == "first_player_win_rate" else "turns" if m["metric"] == "turns"
               else m["subject"], m["level"]): m for m in r["metrics"]}
        for level in sorted({lv for _, lv in by}):
            cells = [escape(level), escape(r["card"]), escape(", ".join(r["decks"])), str(r["copies"]),
                     escape(r["replacement"])]
            for key in ("first", "turns", *decks):
                m = by.get((key, level))
                cells.append("—" if m is None else _delta(m["diff"], m["ci95"]) if key != "turns"
                             else f"{m['diff']:+.2f} [{m['ci95'][0]:+.2f} – {m['ci95'][1]:+.2f}]")
            rows.append(cells)
    parts.append(_table(["level", "card", "decks", "copies", "replacement", "first player Δ [95 %]", "turns Δ",
                         *[f"{d} Δ" for d in decks]], rows))
    if sw["skipped"]:
        parts.append("<p>Skipped: " + escape("; ".join(sw["skipped"])) + "</p>")
    return "\n".join(parts)


def _paired_table(metrics: list[dict[str, Any]], old: str, new: str) -> str:
    return _table(["metric", "level", "subject", old, new, "difference [95 %]", "paired games"],
                  [[escape(m["metric"]), escape(m["level"]), escape(m["subject"]), f"{m['old']:.3f}",
                    f"{m['new']:.3f}", f"{m['diff']:+.3f} [{m['ci95'][0]:+.3f} – {m['ci95'][1]:+.3f}]",
                    str(m["pairs"])] for m in metrics])


def _pilot_effect(p: dict[str, Any]) -> str:
    """The piloted decks against the same games played by the run's levels, paired."""
    names = ", ".join(f"{deck} = {level}" for deck, level in p["pilots"].items())
    return "\n".join([f"<h2>Pilots / 操作者: {escape(names)}</h2>",
                      "<p>Each piloted deck's games compared with the same games played by the run's level (same "
                      "seeds and agent chances); difference piloted − unpiloted with a 95 % interval of the paired "
                      "mean. A large fall under a weaker pilot: the deck has much to decide.</p>",
                      _paired_table(p["metrics"], "run's level", "piloted")])


def _pilot_table(t: dict[str, Any]) -> str:
    """Each deck in turn played by the table's pilot, against its games played by the run's level."""
    rows = [[escape(r["level"]), escape(r["deck"]), f"{r['old']:.3f}", f"{r['new']:.3f}",
             f"{r['diff']:+.3f} [{r['ci95'][0]:+.3f} – {r['ci95'][1]:+.3f}]", str(r["pairs"])] for r in t["rows"]]
    return "\n".join([f"<h2>Pilot table / 操作者表: each deck played by {escape(t['pilot'])}</h2>",
                      "<p>Each deck's games against the field, played by the run's level and by the pilot "
                      "(same seeds and agent chances); difference with a 95 % interval of the paired mean. "
                      "The decks that move most have the most to decide.</p>",
                      _table(["level", "deck", "run's level", "pilot", "difference [95 %]", "paired games"], rows)])


def _first_player(rows: list[dict[str, Any]]) -> str:
    """How large the first player's advantage is at each AI level."""
    lo, hi = rows[0]["band"]
    return "\n".join([
        "<h2>First player / 先攻の有利</h2>",
        f"<p>The first player's win rate at each AI level (a draw counts ½), its difference from 50 % "
        f"and where it lies against {lo * 100:.0f}–{hi * 100:.0f} % / "
        "先攻の勝率（引き分けは ½ 勝と数える）と 50 % との差。</p>",
        _table(["level", "games", "first – second – draws", "first player wins", "95 % interval", "effect (points)",
                f"{lo * 100:.0f}–{hi * 100:.0f} %"],
               [[escape(r["level"]), str(r["games"]), f"{r['wins']} – {r['second_wins']} – {r['draws']}",
                 _pct(r["rate"]), _ci(r["ci95"]), f"{r['effect'] * 100:+.1f}",
                 f'<span class="{"ok" if r["position"] == "inside" else "flag"}">{escape(r["position"])}</span>']
                for r in rows])])


def _variant(v: dict[str, Any]) -> str:
    """One rules variant against the default, paired."""
    name = ", ".join(f"{k}={x}" for k, x in v["variant"].items())
    parts = [f"<h2>Rules variant / ルール変更: {escape(name)}</h2>",
             "<p>Same seeds and agent chances as the default run; difference variant − default with a 95 % "
             "interval of the paired mean (win rates count a draw as ½; turns: both players' turns).</p>"]
    parts.append(_paired_table(v["metrics"], "default", "variant"))
    gm = v.get("game_metrics", {})
    rows = [[escape(level), escape(k), escape(_fmt(x))] for level, g in gm.items() for k, x in g.items()]
    if rows:
        parts.append(_table(["level", "game metric under the variant", "value"], rows))
    return "\n".join(parts)


def render_html(data: dict[str, Any], images: list[str]) -> str:
    """The whole report page."""
    parts = [
        "<!DOCTYPE html>", '<html lang="ja"><head><meta charset="utf-8">',
        f"<title>Balance report — {escape(data['game'])}</title><style>{STYLE}</style></head><body>",
        f"<h1>Balance report / バランスレポート — {escape(data['game'])}</h1>",
        f"<p>Decks: {escape(', '.join(data['decks']))}. AI levels: {escape(', '.join(data['agents']))}. "
        f"{data['games_per_pairing']} games per deck pairing and level, seats alternated; seed {data['seed']}.</p>"
        + "".join(f"<p>Pilot: {escape(deck)} is played by {escape(level)} at every level (same seeds).</p>"
                  for deck, level in data.get("pilots", {}).items()),
    ]
    if data.get("plots_missing"):
        parts.append(f'<p class="caveat"><b>グラフなし / No plots.</b> {escape(data["plots_missing"])}</p>')
    for img in images:
        if img in ("lengths.png", "game.png"):
            parts.append(f'<img src="{escape(img)}" alt="{escape(img)}">')
    if data.get("method"):
        m = data["method"]
        parts.append(f"<p>Intervals: {escape(m['interval'])}. Minimum sample for a difference: "
                     f"{m['min_sample']} seat-games per side. Multiple comparisons: {escape(m['correction'])}. "
                     f"Game length: {escape(m['turns_counted'])}.</p>")
        parts.append(f'<p class="caveat"><b>相関であり因果ではない / Associations, not causes.</b> '
                     f"{escape(m['caveat']['ja'])}<br>{escape(m['caveat']['en'])}</p>")
    if data.get("first_player_effect"):
        parts.append(_first_player(data["first_player_effect"]))
    if data.get("metagame"):
        parts.append(_metagame(data["metagame"]))
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
        columns = [k for k in data["guideline"][0] if k not in ("problem", "source", "reasons")]
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
    if data.get("suggest"):
        parts.append(_suggest(data["suggest"]))
    if data.get("optimize"):
        parts.append(_optimize(data["optimize"]))
    if data.get("choice_table"):
        parts.append(_choice_table(data["choice_table"]))
    if data.get("swaps"):
        parts.append(_swaps(data["swaps"], images))
    if data.get("field_swaps"):
        parts.append(_field_swaps(data["field_swaps"], list(data["decks"])))
    if data.get("pilot_effect"):
        parts.append(_pilot_effect(data["pilot_effect"]))
    if data.get("pilot_table"):
        parts.append(_pilot_table(data["pilot_table"]))
    for v in data.get("variants", []):
        parts.append(_variant(v))
    for name, d in data["levels"].items():
        parts.append(_level(name, d, images, data.get("method", {})))
    parts.append("</body></html>")
    return "\n".join(parts)
