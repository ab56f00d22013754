"""The 運命予報祭 Destiny Saga board on the terminal (Rich), drawn from a seat's view (:mod:`.view`).

Threads, forecast ability, users (name, current and printed power, attribute, veteran
and effect-ready marks, Lucky!), the seat's own hand, crisis zones, deck and discard
counts, and the battle in progress.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from grimoire.core.game import Game

from .cards import TIMINGS


def _user_cell(game: Game[Any], user: dict[str, Any], lang: str, fighting: bool) -> Text:
    text = Text()
    text.append(game.text.card_name(user["card"], lang), style="bold yellow" if fighting else "bold")
    power = f"{user['power']}" if user["power"] == user["printed"] else f"{user['power']} ({user['printed']})"
    text.append(f"\nP {power}  {game.text.term(user['attribute'], lang)}")
    marks = []
    if user.get("veteran"):
        marks.append("★" + game.text.ui("veteran", lang))
    if user.get("ready"):
        marks.append("⚡" + game.text.ui("effect_ready", lang))
    if user.get("lucky"):
        marks.append(game.text.ui("lucky", lang))
    if marks:
        text.append("\n" + " ".join(marks), style="cyan")
    return text


def _cards_text(game: Game[Any], cards: list[dict[str, Any]], lang: str) -> Text:
    text = Text()
    for c in cards:
        text.append("\n  • ")
        text.append(game.text.card_name(c["card"], lang), style="bold")
        d = game.pool.by_id.get(c["card"])
        if d is not None:
            timings = [game.text.term(TIMINGS[i], lang) for i, g in enumerate(d.groups) if g]
            info = f"P{d.power} {game.text.term(d.attribute, lang)}"
            if timings:
                info += " [" + "/".join(timings) + "]"
            if d.lucky:
                info += " " + game.text.ui("lucky", lang)
            text.append(f"  ({info})", style="dim")
    return text


def player_panel(game: Game[Any], view: dict[str, Any], index: int, lang: str) -> Panel:
    """One forecaster's side of the board."""
    p = view["players"][index]
    seat = view.get("seat")
    who = game.text.ui("player", lang, n=index + 1)
    if seat is not None:
        who += f" ({game.text.ui('you', lang) if index == seat else game.text.ui('opponent', lang)})"
    stats = Text()
    stats.append(f"{game.text.ui('threads', lang)} {p['threads']}", style="bold green")
    ability = p.get("ability")
    shown = game.text.ui("unknown", lang) if ability is None else game.text.term(ability, lang)
    stats.append(f"  {game.text.ui('ability', lang)} {shown}")
    stats.append(f"  {game.text.ui('deck', lang)} {p['deck']}  {game.text.ui('hand', lang)} {p['hand_count']}"
                 f"  {game.text.ui('discard', lang)} {len(p['discard'])}")
    if p.get("saved"):
        stats.append(f"  {game.text.ui('saved', lang)}", style="yellow")
    battle = view.get("battle") or {}
    fighting = {b["uid"] for b in (battle.get("attacker"), battle.get("blocker")) if b}
    parts: list[RenderableType] = [stats]
    if p["field"]:
        table = Table(show_header=False, expand=True, padding=(0, 1))
        for _ in p["field"]:
            table.add_column(ratio=1)
        table.add_row(*[_user_cell(game, u, lang, u["uid"] in fighting) for u in p["field"]])
        parts += [Text(game.text.ui("field", lang), style="dim"), table]
    else:
        parts.append(Text(f"{game.text.ui('field', lang)}: {game.text.ui('none', lang)}", style="dim"))
    if p.get("hand") is not None:
        line = Text(f"{game.text.ui('hand', lang)} ({len(p['hand'])}):", style="bold")
        line.append_text(_cards_text(game, p["hand"], lang) if p["hand"] else Text(" " + game.text.ui("none", lang)))
        parts.append(line)
    if p.get("crisis"):
        line = Text(f"{game.text.ui('crisis', lang)} ({len(p['crisis'])}):", style="bold magenta")
        line.append_text(_cards_text(game, p["crisis"], lang))
        parts.append(line)
    mine = seat is not None and index == seat
    return Panel(Group(*parts), title=who, title_align="left", border_style="green" if mine else "blue")


def board(game: Game[Any], view: dict[str, Any], lang: str) -> RenderableType:
    """The whole Destiny board for ``view``: the opponent on top, the viewer below."""
    seat = view.get("seat")
    order = [1 - seat, seat] if seat is not None else [1, 0]
    status = Text()
    status.append(game.text.ui("turn", lang, n=view["turn"]) + "  ", style="bold")
    phase = game.text.ui(f"phase.{view['phase']}", lang)
    status.append(game.text.ui("phase_line", lang, n=view["active"] + 1, phase=phase))
    parts: list[RenderableType] = [status]
    parts += [player_panel(game, view, i, lang) for i in order]
    battle = view.get("battle")
    if battle:
        attacker = game.text.card_name(battle["attacker"]["card"], lang)
        blocked = battle.get("blocker")
        blocker = game.text.card_name(blocked["card"], lang) if blocked else game.text.ui("unblocked", lang)
        line = game.text.ui("battle_line", lang, a=attacker, d=blocker)
        extras = []
        if battle.get("ja"):
            extras.append("JA")
        if battle.get("ca"):
            extras.append(f"CA+{battle['ca']}")
        parts.append(Text(line + ("  " + " ".join(extras) if extras else ""), style="bold red"))
    return Group(*parts)


def _compact_user(game: Game[Any], user: dict[str, Any], lang: str, fighting: bool) -> Text:
    text = Text("[")
    text.append(game.text.card_name(user["card"], lang), style="bold yellow" if fighting else "bold")
    power = f"{user['power']}" if user["power"] == user["printed"] else f"{user['power']}({user['printed']})"
    text.append(f" P{power}")
    if user.get("veteran"):
        text.append(" ★", style="cyan")
    if user.get("ready"):
        text.append(" ⚡", style="cyan")
    if user.get("lucky"):
        text.append(" " + game.text.ui("lucky", lang), style="cyan")
    text.append("]")
    return text


def compact(game: Game[Any], view: dict[str, Any], lang: str) -> RenderableType:
    """The Destiny board in a few lines (an 80×24 terminal): per side one line of counts, the users
    as ``[name Ppower ★ ⚡]``, the seat's own hand and the crisis zone, and the battle."""
    say = game.text.ui
    seat = view.get("seat")
    order = [1 - seat, seat] if seat is not None else [1, 0]
    status = Text()
    status.append(say("turn", lang, n=view["turn"]) + "  ", style="bold")
    status.append(say("phase_line", lang, n=view["active"] + 1, phase=say(f"phase.{view['phase']}", lang)))
    lines: list[RenderableType] = [status]
    battle = view.get("battle") or {}
    fighting = {b["uid"] for b in (battle.get("attacker"), battle.get("blocker")) if b}
    for index in order:
        p = view["players"][index]
        mine = seat is not None and index == seat
        who = f"P{index + 1}" + (f" ({say('you', lang)})" if mine else "")
        head = Text(who, style="bold green" if mine else "bold blue")
        ability = p.get("ability")
        shown = say("unknown", lang) if ability is None else game.text.term(ability, lang)
        head.append(f"  {say('threads', lang)} {p['threads']}", style="bold green")
        head.append(f"  {say('ability', lang)} {shown}  {say('deck', lang)} {p['deck']}"
                    f"  {say('hand', lang)} {p['hand_count']}  {say('discard', lang)} {len(p['discard'])}")
        if p.get("saved"):
            head.append(f"  {say('saved', lang)}", style="yellow")
        users = Text("  ")
        for i, user in enumerate(p["field"]):
            if i:
                users.append(" ")
            users.append_text(_compact_user(game, user, lang, user["uid"] in fighting))
        if not p["field"]:
            users.append(f"{say('field', lang)}: {say('none', lang)}", style="dim")
        lines += [head, users]
        for key, cards, style in (("hand", p.get("hand"), "bold"), ("crisis", p.get("crisis"), "bold magenta")):
            if cards:
                line = Text(f"  {say(key, lang)}: ", style=style)
                line.append(", ".join(game.text.card_name(c["card"], lang) for c in cards), style="")
                lines.append(line)
    if battle:
        attacker = game.text.card_name(battle["attacker"]["card"], lang)
        blocked = battle.get("blocker")
        blocker = game.text.card_name(blocked["card"], lang) if blocked else say("unblocked", lang)
        lines.append(Text(say("battle_line", lang, a=attacker, d=blocker), style="bold red"))
    return Group(*lines)
