"""The 詠唱 Chant board on the terminal (Rich), drawn from a seat's view (:mod:`.view`).

Both chant areas (front slots and overflow row; each card with its name, progress and
chant value, ready mark, power and underlay), life, depth, the chanting count, library,
hand, forbidden-deck and blank-pile counts, and the seat's own hand and forbidden books.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from grimoire.core.game import Game


def _card_cell(game: Game[Any], entry: dict[str, Any], lang: str) -> Text:
    text = Text()
    text.append(game.text.card_name(entry["card"], lang), style="bold")
    text.append(f"\n{entry['progress']}/{entry['chant']}")
    if entry["ready"]:
        text.append(" " + game.text.ui("ready_mark", lang), style="bold yellow")
    if entry.get("activated"):
        text.append(f" ({game.text.ui('activated', lang)})", style="dim")
    if entry.get("power") is not None:
        text.append(f"\n{game.text.ui('power', lang)} {entry['power']}", style="red")
    attribute = game.pool[entry["card"]].attribute if entry["card"] in game.pool else ""
    if attribute:
        text.append(f"  {game.text.term(attribute, lang)}", style="dim")
    if entry.get("underlay"):
        names = ", ".join(game.text.card_name(u["card"], lang) for u in entry["underlay"])
        text.append(f"\n{game.text.ui('underlay', lang)}({len(entry['underlay'])}): {names}", style="magenta")
    return text


def _row(game: Game[Any], entries: list[dict[str, Any]], lang: str, slots: int) -> Table:
    table = Table(show_header=False, expand=True, padding=(0, 1), show_lines=False)
    columns = max(slots, len(entries))
    for _ in range(columns):
        table.add_column(ratio=1)
    cells: list[Text] = [_card_cell(game, e, lang) for e in entries]
    cells += [Text(game.text.ui("empty_slot", lang), style="dim")] * (columns - len(cells))
    table.add_row(*cells)
    return table


def _hand_line(game: Game[Any], cards: list[dict[str, Any]], lang: str) -> Text:
    text = Text()
    for c in cards:
        d = game.pool.by_id.get(c["card"])
        text.append("\n  • ")
        text.append(game.text.card_name(c["card"], lang), style="bold")
        if d is not None:
            stats = f"{game.text.term(d.attribute, lang)} {game.text.ui('chant_value', lang)}{d.chant}"
            if d.power is not None:
                stats += f" {game.text.ui('power', lang)}{d.power}"
            if getattr(d, "required", None):
                stats += f" {game.text.ui('required', lang)}{d.required}"
            text.append(f"  ({stats})", style="dim")
    return text


def player_panel(game: Game[Any], view: dict[str, Any], p: dict[str, Any], lang: str) -> Panel:
    """One player's side: counts, chant area rows, and (for the seat itself) hand and books."""
    seat = view.get("seat")
    who = game.text.ui("player", lang, n=p["seat"] + 1)
    if seat is not None:
        who += f" ({game.text.ui('you', lang) if p['seat'] == seat else game.text.ui('opponent', lang)})"
    stats = Text()
    stats.append(f"{game.text.ui('life', lang)} {p['life']}", style="bold green")
    depth_style = "bold red" if p["depth"] >= 1 else ""
    stats.append(f"  {game.text.ui('depth', lang)} {p['depth']}", style=depth_style)
    stats.append(f"  {game.text.ui('chanting', lang)} {p['chanting']}/5")
    say = game.text.ui
    stats.append(f"  {say('library', lang)} {p['library']}  {say('hand', lang)} {p['hand_count']}")
    stats.append(f"  {say('forbidden', lang)} {p['forbidden_count']}  {say('blank', lang)} {len(p['blank'])}")
    front = [e for e in p["area"] if e["slot"] == "front"]
    overflow = [e for e in p["area"] if e["slot"] != "front"]
    parts: list[RenderableType] = [stats, Text(game.text.ui("front", lang), style="dim"), _row(game, front, lang, 5)]
    if overflow:
        parts += [Text(game.text.ui("overflow", lang), style="dim"), _row(game, overflow, lang, len(overflow))]
    if p.get("hand") is not None:
        line = Text(f"{game.text.ui('hand', lang)} ({len(p['hand'])}):", style="bold")
        line.append_text(_hand_line(game, p["hand"], lang) if p["hand"] else Text(" " + game.text.ui("none", lang)))
        parts.append(line)
    if p.get("forbidden"):
        line = Text(f"{game.text.ui('forbidden', lang)} ({len(p['forbidden'])}):", style="bold")
        line.append_text(_hand_line(game, p["forbidden"], lang))
        parts.append(line)
    if p.get("shown"):
        names = ", ".join(game.text.card_name(c["card"], lang) for c in p["shown"])
        parts.append(Text(f"→ {names}", style="cyan"))
    mine = seat is not None and p["seat"] == seat
    return Panel(Group(*parts), title=who, title_align="left", border_style="green" if mine else "blue")


def board(game: Game[Any], view: dict[str, Any], lang: str) -> RenderableType:
    """The whole Chant board for ``view``: the opponent on top, the viewer below."""
    seat = view.get("seat")
    order = [1 - seat, seat] if seat is not None else [1, 0]
    status = Text()
    status.append(game.text.ui("turn", lang, n=view["turn"]) + "  ", style="bold")
    phase = game.text.ui(f"phase.{view['phase']}", lang)
    status.append(game.text.ui("phase_line", lang, n=view["active"] + 1, phase=phase))
    status.append("  " + game.text.ui("ready_total", lang, n=view["ready_total"]), style="dim")
    parts: list[RenderableType] = [status]
    parts += [player_panel(game, view, view["players"][p], lang) for p in order]
    return Group(*parts)


def _compact_card(game: Game[Any], entry: dict[str, Any], lang: str) -> Text:
    text = Text("[")
    text.append(game.text.card_name(entry["card"], lang), style="bold")
    text.append(f" {entry['progress']}/{entry['chant']}")
    if entry["ready"]:
        text.append(" " + game.text.ui("ready_mark", lang), style="bold yellow")
    if entry.get("power") is not None:
        text.append(f" {game.text.ui('power', lang)}{entry['power']}", style="red")
    if entry.get("underlay"):
        text.append(f" +{len(entry['underlay'])}", style="magenta")
    text.append("]")
    return text


def _compact_side(game: Game[Any], view: dict[str, Any], p: dict[str, Any], lang: str) -> list[Text]:
    say = game.text.ui
    seat = view.get("seat")
    mine = seat is not None and p["seat"] == seat
    who = f"P{p['seat'] + 1}" + (f" ({say('you', lang)})" if mine else "")
    head = Text(who, style="bold green" if mine else "bold blue")
    head.append(f"  {say('life', lang)} {p['life']}", style="bold green")
    head.append(f"  {say('depth', lang)} {p['depth']}", style="bold red" if p["depth"] >= 1 else "")
    head.append(f"  {say('chanting', lang)} {p['chanting']}/5  {say('library', lang)} {p['library']}"
                f"  {say('hand', lang)} {p['hand_count']}  {say('forbidden', lang)} {p['forbidden_count']}"
                f"  {say('blank', lang)} {len(p['blank'])}")
    lines = [head]
    area = Text("  ")
    for i, entry in enumerate(p["area"]):
        if i:
            area.append(" ")
        area.append_text(_compact_card(game, entry, lang))
    if not p["area"]:
        area.append(say("empty_slot", lang), style="dim")
    lines.append(area)
    for key, cards in (("hand", p.get("hand")), ("forbidden", p.get("forbidden"))):
        if cards:
            line = Text(f"  {say(key, lang)}: ", style="bold")
            line.append(", ".join(game.text.card_name(c["card"], lang) for c in cards), style="")
            lines.append(line)
    if p.get("shown"):
        lines.append(Text("  → " + ", ".join(game.text.card_name(c["card"], lang) for c in p["shown"]), style="cyan"))
    return lines


def compact(game: Game[Any], view: dict[str, Any], lang: str) -> RenderableType:
    """The Chant board in a few lines (an 80×24 terminal): per side one line of counts, the chant
    area as ``[name progress/chant ready power +underlay]``, and the seat's own hand and books."""
    seat = view.get("seat")
    order = [1 - seat, seat] if seat is not None else [1, 0]
    status = Text()
    status.append(game.text.ui("turn", lang, n=view["turn"]) + "  ", style="bold")
    status.append(game.text.ui("phase_line", lang, n=view["active"] + 1,
                               phase=game.text.ui(f"phase.{view['phase']}", lang)))
    status.append("  " + game.text.ui("ready_total", lang, n=view["ready_total"]), style="dim")
    lines: list[RenderableType] = [status]
    for p in order:
        lines += _compact_side(game, view, view["players"][p], lang)
    return Group(*lines)
