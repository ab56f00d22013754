"""PNG plots of a balance report (matplotlib, Agg backend; optional extra ``balance``).

Each function draws one figure from the report's JSON data and returns the file name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from grimoire.extras import MissingExtra


def missing() -> str | None:
    """The one line naming the ``balance`` extra when matplotlib cannot be imported (None when it can)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as exc:
        return str(MissingExtra("balance", "the plots are left out: they need matplotlib", str(exc)))
    return None


def _plt() -> Any:
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(plt: Any, fig: Any, out: Path, name: str) -> str:
    """Lay out, write ``out/name`` as PNG and release the figure; returns ``name``."""
    fig.tight_layout()
    fig.savefig(out / name, dpi=90)
    plt.close(fig)
    return name


def matchup_matrix(data: dict[str, Any], level: str, out: Path) -> str | None:
    """Row deck's win rate against the column deck (mirrors shown as 50 %)."""
    plt = _plt()
    decks = data["decks"]
    if plt is None or len(decks) < 2:
        return None
    n = len(decks)
    grid = [[0.5] * n for _ in range(n)]
    labels = [["mirror"] * n for _ in range(n)]
    for m in data["levels"][level]["matchups"]:
        i, j = decks.index(m["deck_a"]), decks.index(m["deck_b"])
        lo, hi = m["ci95"]
        grid[i][j] = m["win_rate_a"]  # a draw counts ½ for each side: B's rate is 1 − A's
        grid[j][i] = 1 - m["win_rate_a"]
        labels[i][j] = f"{grid[i][j]:.0%}\n[{lo:.0%}–{hi:.0%}]\nn={m['games']}"
        labels[j][i] = f"{grid[j][i]:.0%}\n[{1 - hi:.0%}–{1 - lo:.0%}]\nn={m['games']}"
    fig, ax = plt.subplots(figsize=(1.2 * n + 2, 1.0 * n + 1.5))
    im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
    ax.set_xticks(range(n), decks, rotation=30, ha="right")
    ax.set_yticks(range(n), decks)
    for i in range(n):
        for j in range(n):
            ax.text(j, i, labels[i][j], ha="center", va="center", fontsize=7)
    ax.set_title(f"win rate of row deck vs column deck, 95 % interval ({level})")
    fig.colorbar(im, ax=ax)
    return _save(plt, fig, out, f"matchups_{_safe(level)}.png")


def lengths(data: dict[str, Any], out: Path) -> str | None:
    """Distribution of game length in turns, one line per AI level."""
    plt = _plt()
    if plt is None:
        return None
    fig, ax = plt.subplots(figsize=(7, 3.5))
    for level, d in data["levels"].items():
        hist = d["length"]["histogram"]
        xs = sorted(int(k) for k in hist)
        total = sum(hist.values()) or 1
        ax.plot(xs, [hist[str(x)] / total for x in xs], marker="o", label=level)
    ax.set_xlabel("turns per game (both players' turns counted)")
    ax.set_ylabel("share of games")
    ax.set_title("game length")
    ax.legend()
    return _save(plt, fig, out, "lengths.png")


def card_impact(data: dict[str, Any], level: str, out: Path, top: int = 20) -> str | None:
    """Win rate when drawn minus when not drawn with its 95 % interval (an association), for the
    cards with the largest difference among those with the minimum sample."""
    plt = _plt()
    cards = [c for c in data["levels"][level]["cards"] if c["drawn_delta"] is not None]
    if plt is None or not cards:
        return None
    cards = sorted(cards, key=lambda c: abs(c["drawn_delta"]), reverse=True)[:top]
    cards.reverse()
    fig, ax = plt.subplots(figsize=(7, 0.28 * len(cards) + 1.2))
    lows = [c["drawn_delta"] - c["drawn_delta_ci95"][0] for c in cards]
    highs = [c["drawn_delta_ci95"][1] - c["drawn_delta"] for c in cards]
    ax.barh([f"{c['card']} (n={c['deck_games']})" for c in cards], [c["drawn_delta"] for c in cards],
            xerr=[lows, highs], capsize=2,
            color=["tab:blue" if c["drawn_delta"] > 0 else "tab:red" for c in cards])
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("win rate drawn − not drawn, 95 % interval (association, not cause)")
    ax.set_title(f"card association ({level})")
    return _save(plt, fig, out, f"cards_{_safe(level)}.png")


def game_plot(data: dict[str, Any], out: Path) -> str | None:
    """The game's own figure, drawn by its plugin's metrics (e.g. overload depth, thread trajectories)."""
    plt = _plt()
    if plt is None:
        return None
    from .collect import metrics_for

    fig, ax = plt.subplots(figsize=(7, 3.5))
    if not metrics_for(data["game"]).plot(data, ax):
        plt.close(fig)
        return None
    ax.legend()
    return _save(plt, fig, out, "game.png")


def swap_values(data: dict[str, Any], level: str, out: Path, top: int = 30) -> str | None:
    """Card values by controlled swaps (as built − swapped) with their 95 % intervals."""
    plt = _plt()
    rows = [r for r in (data.get("swaps") or {}).get("rows", []) if r["level"] == level]
    if plt is None or not rows:
        return None
    rows = sorted(rows, key=lambda r: abs(r["value"]), reverse=True)[:top]
    rows.reverse()
    fig, ax = plt.subplots(figsize=(7, 0.28 * len(rows) + 1.2))
    ax.barh([f"{r['card']} in {r['deck']} (n={r['pairs']})" for r in rows], [r["value"] for r in rows],
            xerr=[[r["value"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["value"] for r in rows]], capsize=2,
            color=["tab:blue" if r["value"] > 0 else "tab:red" for r in rows])
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("deck result as built − swapped, 95 % interval")
    ax.set_title(f"card value by controlled swaps ({level})")
    return _save(plt, fig, out, f"swaps_{_safe(level)}.png")


def draw_all(data: dict[str, Any], out: Path) -> list[str]:
    """Every plot of the report; returns the file names written."""
    names = [lengths(data, out), game_plot(data, out)]
    names += [swap_values(data, level, out) for level in data["levels"]]
    for level in data["levels"]:
        names += [matchup_matrix(data, level, out), card_impact(data, level, out)]
    return [n for n in names if n]


def _safe(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in text)
