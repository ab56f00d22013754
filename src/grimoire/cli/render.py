"""Drawing a game on the terminal with Rich: board, log and numbered options.

Each game's board comes from its plugin's renderer, which reads only the seat's view;
a game without one gets a plain key/value listing of its view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
        return decision.kind


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


def options_table(game: Game[Any], decision: Decision, lang: str) -> Table:
    """The numbered options of a decision."""
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="bold cyan")
    table.add_column()
    table.add_column(style="dim")
    for i, option in enumerate(decision.options, start=1):
        table.add_row(f"{i}.", Text(safe_label(game, option, lang)), Text(option.id))
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
        parts.append(Panel(options_table(game, decision, lang), title=Text(safe_prompt(game, decision, lang)),
                           title_align="left", border_style="cyan"))
    return Group(*parts)


PROMPT_LINES = 1  # the answer prompt below the screen
MIN_LOG = 3  # log lines a fitted screen keeps, drawing the board compact if need be


def fit_screen(game: Game[Any], view: dict[str, Any], log: Sequence[str], decision: Decision | None, lang: str,
               header: str, console: Console, notice: str = "") -> RenderableType:
    """The screen fitted to ``console``'s window (an 80×24 terminal included): header, board (compact
    when the full one leaves fewer than :data:`MIN_LOG` log lines), as many of the last log lines as
    fit, one line each, the options one line each under their question and a ``notice`` (a refused
    answer, say) just above the prompt."""
    def height(part: RenderableType) -> int:
        return len(console.render_lines(part, console.options, pad=False))

    top: list[RenderableType] = [Text(header, style="bold", no_wrap=True, overflow="ellipsis")] if header else []
    bottom: list[RenderableType] = []
    if decision is not None:
        bottom.append(Text(safe_prompt(game, decision, lang), style="bold cyan", no_wrap=True, overflow="ellipsis"))
        bottom.append(compact_options(game, decision, lang))
    if notice:
        bottom.append(Text(notice, style="bold yellow"))
    room = console.size.height - PROMPT_LINES - sum(height(p) for p in top + bottom)
    drawn = board(game, view, lang)
    if height(drawn) > room - MIN_LOG:  # the full board would leave too little of the log
        drawn = board(game, view, lang, compact=True)
    left = room - height(drawn) - 1  # the log's rule
    if left < 0 and top:  # the board names the turn too: the header goes first
        top, left = [], left + height(top[0])
    shown = list(log)[-left:] if left > 0 else []
    middle: list[RenderableType] = [drawn]
    if shown:
        middle.append(Rule(t("log", lang), align="left", style="dim"))
        middle += [Text(line, style="dim" if i < len(shown) - 3 else "", no_wrap=True, overflow="ellipsis")
                   for i, line in enumerate(shown)]
    return Group(*top, *middle, *bottom)


def compact_options(game: Game[Any], decision: Decision, lang: str) -> Table:
    """The numbered options one line each (long labels cut with an ellipsis)."""
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(justify="right", style="bold cyan", no_wrap=True)
    table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    table.add_column(style="dim", no_wrap=True)
    for i, option in enumerate(decision.options, start=1):
        table.add_row(f"{i}.", Text(safe_label(game, option, lang), no_wrap=True, overflow="ellipsis"), option.id)
    return table


def make_console(**kwargs: Any) -> Console:
    """A console writing to the current ``sys.stdout`` (so tests can capture it)."""
    return Console(highlight=False, **kwargs)
