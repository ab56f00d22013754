"""Drawing a game on the terminal with Rich: board, log and numbered options.

Each game's board comes from its plugin's renderer, which reads only the seat's view;
a game without one gets a plain key/value listing of its view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from grimoire.core.decision import Decision, Event
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.registry import plugin
from grimoire.core.why import explain

from .text import t


def event_line(game: Game[Any], event: Event, lang: str) -> str:
    """One log line for ``event``; never fails, even on a redacted event."""
    try:
        return game.text.describe(event, lang)
    except (IndexError, KeyError, ValueError, TypeError, AttributeError):
        return f"P{event.player + 1}: {event.kind}"


def why_line(game: Game[Any], event: Event, lang: str, rules: Mapping[str, str] | None = None) -> str:
    """Why ``event`` happened as one line: the numbers that went in and the rule (:mod:`grimoire.core.why`);
    '' when the game explains nothing of it."""
    return explain(game, event, lang, rules).line(lang)


def safe_label(game: Game[Any], option: Any, lang: str) -> str:
    """An option's label; falls back to its id."""
    try:
        return game.text.label(option, lang)
    except (IndexError, KeyError, ValueError, TypeError, AttributeError):
        return str(option.id)


def safe_prompt(game: Game[Any], decision: Decision, lang: str) -> str:
    """A decision's question; falls back to its kind."""
    try:
        return game.text.prompt(decision, lang)
    except (IndexError, KeyError, ValueError, TypeError, AttributeError):
        return str(decision.kind)


def generic_board(game: Game[Any], view: dict[str, Any], lang: str) -> RenderableType:
    """A plain listing of a view (for games without their own renderer)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()

    def show(value: Any) -> str:
        if isinstance(value, str) and value in game.pool:
            return game.text.card_name(value, lang)
        if isinstance(value, list):
            return "[" + ", ".join(show(v) for v in value) + "]"
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
        return str(value)

    for key, value in view.items():
        if key == "players" and isinstance(value, list):
            for i, player in enumerate(value):
                table.add_row(Text(t("player", lang, n=i + 1)), Text(show(player)))
        else:
            table.add_row(Text(str(key)), Text(show(value)))
    return table


def board(game: Game[Any], view: dict[str, Any], lang: str, compact: bool = False) -> RenderableType:
    """The board of ``view`` drawn by the game's renderer (generic if it has none or it fails);
    ``compact``: its small-terminal renderer, when it has one."""
    try:
        found = plugin(game.name)
        draw = (found.compact_board_renderer() if compact else None) or found.board_renderer()
        if draw is not None:
            drawn: RenderableType = draw(game, view, lang)
            return drawn
    except (GrimoireError, KeyError, IndexError, TypeError, ValueError, AttributeError):
        pass
    return generic_board(game, view, lang)


def _locate(value: Any, uid: int, key: str = "") -> tuple[str, int] | None:
    """Where the card instance ``uid`` lies in a view: the list's key and its index there."""
    if isinstance(value, dict):
        for k, item in value.items():
            found = _locate(item, uid, str(k))
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, dict) and item.get("uid") == uid:
                return key, i
            found = _locate(item, uid, key)
            if found is not None:
                return found
    return None


def _zone_word(game: Game[Any], zone: str, lang: str) -> str | None:
    """A zone's name in ``lang``: the game's board word, or the terminal's own for the common zones."""
    if game.text.catalog.has("ui." + zone):
        return game.text.ui(zone, lang)
    word = t("zone_" + zone, lang)
    return None if word == "zone_" + zone else word


def option_labels(game: Game[Any], decision: Decision, lang: str, view: Mapping[str, Any] | None = None
                  ) -> list[str]:
    """The options' labels, never two the same: options that would read alike say where their card lies
    (its zone and place, found in ``view``) or, failing that, which of them they are.

    >>> from grimoire.core.decision import Option
    >>> from grimoire.core.registry import load_game
    >>> game = load_game("chant")
    >>> d = Decision(0, "chant", (Option("place:3", "opt.place", ("embers",)),
    ...                           Option("place:4", "opt.place", ("embers",)), Option("end", "opt.end")))
    >>> option_labels(game, d, "en", {"hand": [{"uid": 4, "card": "embers"}, {"uid": 3, "card": "embers"}]})
    ['Place Embers (Hand, 2nd)', 'Place Embers (Hand, 1st)', 'End the phase']
    >>> option_labels(game, d, "ja", None)[:2]
    ['残り火を詠唱開始する（1枚目）', '残り火を詠唱開始する（2枚目）']
    """
    labels = [safe_label(game, option, lang) for option in decision.options]
    seen: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        seen.setdefault(label, []).append(i)
    for same in seen.values():
        if len(same) < 2:
            continue
        for k, i in enumerate(same):
            arg = decision.options[i].id.partition(":")[2]
            where = _locate(view, int(arg)) if view is not None and arg.isdigit() else None
            zone = None if where is None else _zone_word(game, where[0], lang)
            if where is not None and zone is not None:
                labels[i] += t("at_place", lang, zone=zone, nth=t("nth", lang, n=where[1] + 1,
                                                                  th=_ordinal(where[1] + 1)))
            else:
                labels[i] += t("which", lang, nth=t("nth", lang, n=k + 1, th=_ordinal(k + 1)))
    return labels


def _ordinal(n: int) -> str:
    """The English ordinal suffix of ``n`` (1st, 2nd, 3rd, 4th, 11th…)."""
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def options_table(game: Game[Any], decision: Decision, lang: str, view: Mapping[str, Any] | None = None) -> Table:
    """The numbered options of a decision."""
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="bold cyan")
    table.add_column()
    table.add_column(style="dim")
    for i, (option, label) in enumerate(zip(decision.options, option_labels(game, decision, lang, view),
                                            strict=True), start=1):
        table.add_row(f"{i}.", Text(label), Text(option.id))
    return table


def screen(game: Game[Any], view: dict[str, Any], log: Sequence[str], decision: Decision | None, lang: str,
           header: str = "") -> RenderableType:
    """The whole screen: header, board, the last lines of the log and the options."""
    parts: list[RenderableType] = []
    if header:
        parts.append(Text(header, style="bold"))
    parts.append(board(game, view, lang))
    if log:
        parts.append(Panel(Text("\n".join(log)), title=t("log", lang), title_align="left"))
    if decision is not None:
        parts.append(Panel(options_table(game, decision, lang, view), title=Text(safe_prompt(game, decision, lang)),
                           title_align="left", border_style="cyan"))
    return Group(*parts)


PROMPT_LINES = 1  # the answer prompt below the screen
MIN_LOG = 3  # log lines a fitted screen keeps, drawing the board compact if need be
SUMMARY_LINES = 2  # at most, for the other side's moves since the seat last decided
MIN_PAGE = 4  # options a page shows at least, however tall the board


@dataclass
class Fitted:
    """A screen fitted to the window: what to draw, and how its options are paged (``pages`` of
    ``page_size``; one page when they all fit; ``page`` is the one shown)."""

    renderable: RenderableType
    pages: int = 1
    page: int = 0
    page_size: int = 0


def fit_screen(game: Game[Any], view: dict[str, Any], log: Sequence[str], decision: Decision | None, lang: str,
               header: str, console: Console, notice: str = "") -> RenderableType:
    """:func:`fit_layout`'s screen (its first page of options)."""
    return fit_layout(game, view, log, decision, lang, header, console, notice).renderable


def fit_layout(game: Game[Any], view: dict[str, Any], log: Sequence[str], decision: Decision | None, lang: str,
               header: str, console: Console, notice: str = "", summary: str = "", page: int = 0) -> Fitted:
    """The screen fitted to ``console``'s window (an 80×24 terminal included), top to bottom: header,
    board (compact when the full one leaves too little room), the ``summary`` of the other side's moves
    since the seat last decided (at most :data:`SUMMARY_LINES`, always shown), as many of the last log
    lines as fit, the question, the options one line each — a page of them with a line saying how to
    turn pages when they do not all fit — and a ``notice`` (a refused answer, say) above the prompt."""
    def height(part: RenderableType) -> int:
        return len(console.render_lines(part, console.options, pad=False))

    top: list[RenderableType] = [Text(header, style="bold", no_wrap=True, overflow="ellipsis")] if header else []
    fixed: list[RenderableType] = []
    if summary:
        fixed.append(summary_text(summary, console))
    if decision is not None:
        fixed.append(Text(safe_prompt(game, decision, lang), style="bold cyan", no_wrap=True, overflow="ellipsis"))
    tail: list[RenderableType] = [Text(notice, style="bold yellow")] if notice else []
    n = 0 if decision is None else len(decision.options)
    noticed = max(1, sum(height(p) for p in tail))  # a line is kept for a notice: pages stay the same with one
    room = console.size.height - PROMPT_LINES - noticed - sum(height(p) for p in top + fixed)
    drawn = board(game, view, lang)
    if height(drawn) > room - n - 1 - MIN_LOG:  # the full board would leave too little of the log
        drawn = board(game, view, lang, compact=True)
    left = room - height(drawn)
    if left < min(n, MIN_PAGE + 1) and top:  # the board names the turn too: the header goes first
        top, left = [], left + height(top[0])
    pages, size = 1, n
    if decision is not None and n > left:  # page the options, with one line to say so
        size = max(MIN_PAGE, left - 1)
        pages = -(-n // size)
        page = max(0, min(page, pages - 1))
    else:
        page = 0
    options: list[RenderableType] = []
    if decision is not None:
        first = page * size
        labels = option_labels(game, decision, lang, view)
        options.append(compact_options(decision, labels, first, first + size))
        if pages > 1:
            options.append(Text(t("options_page", lang, first=first + 1, last=min(n, first + size), n=n),
                                style="bold", no_wrap=True, overflow="ellipsis"))
        left -= sum(height(p) for p in options)
    left -= 1  # the log's rule
    shown = list(log)[-left:] if left > 0 else []
    middle: list[RenderableType] = [drawn]
    if summary:
        middle.append(fixed.pop(0))
    if shown:
        middle.append(Rule(t("log", lang), align="left", style="dim"))
        middle += [Text(line, style="dim" if i < len(shown) - 3 else "", no_wrap=True, overflow="ellipsis")
                   for i, line in enumerate(shown)]
    return Fitted(Group(*top, *middle, *fixed, *options, *tail), pages, page, size)


def summary_text(summary: str, console: Console) -> RenderableType:
    """``summary`` in at most :data:`SUMMARY_LINES` lines of the window (cut with an ellipsis): each of its
    lines on one line, or a single line over two."""
    parts = summary.split("\n")[:SUMMARY_LINES]
    if len(parts) > 1:
        return Group(*(Text(part, style="bold magenta", no_wrap=True, overflow="ellipsis") for part in parts))
    text = Text(parts[0], style="bold magenta")
    lines = text.wrap(console, console.width)
    if len(lines) <= SUMMARY_LINES:
        return text
    kept = Text("\n", style="bold magenta").join(lines[:SUMMARY_LINES])
    kept.right_crop(1)
    kept.append("…")
    return kept


def compact_options(decision: Decision, labels: Sequence[str], start: int = 0, stop: int | None = None) -> Table:
    """The numbered options ``start`` to ``stop`` one line each (long labels cut with an ellipsis)."""
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(justify="right", style="bold cyan", no_wrap=True)
    table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    table.add_column(style="dim", no_wrap=True)
    end = len(decision.options) if stop is None else min(stop, len(decision.options))
    for i in range(start, end):
        table.add_row(f"{i + 1}.", Text(labels[i], no_wrap=True, overflow="ellipsis"), decision.options[i].id)
    return table


def make_console(**kwargs: Any) -> Console:
    """A console writing to the current ``sys.stdout`` (so tests can capture it)."""
    return Console(highlight=False, **kwargs)
