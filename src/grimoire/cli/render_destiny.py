"""The 運命予報祭 Destiny Saga board on the terminal, drawn from a seat's view.

Threads, forecast ability, users (name, current and printed power, attribute, veteran
and effect-ready marks, Lucky!), the seat's own hand, crisis zones, deck and discard
counts, and the battle in progress (see ``games/destiny/view.py``).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from grimoire.core.game import Game

from .text import t

TIMINGS = ("main", "battle", "response", "attack")
PHASES = {
    "ability": ("予報能力の選択", "choosing forecast abilities"), "mulligan": ("引き直し", "mulligan"),
    "upkeep": ("維持", "upkeep"), "summon": ("召喚", "summon step"), "houki": ("地脈蜂起", "Ley Uprising"),
    "kijutsu": ("地脈記述", "Ley Inscription"), "declare": ("攻撃宣言", "declaring attackers"),
    "block": ("防御", "block"), "window_attacker": ("エフェクト（攻撃側）", "effect window (attacker)"),
    "window_defender": ("エフェクト（防御側）", "effect window (defender)"), "fate": ("運命の選別", "fate selection"),
    "over": ("終了", "over"),
}


def _term(game: Game[Any], key: str, lang: str) -> str:
    """An attribute, ability or phase name in ``lang`` (the game's term list)."""
    return game.card_name(key, lang)


def _user_cell(game: Game[Any], user: dict[str, Any], lang: str, fighting: bool) -> Text:
    text = Text()
    text.append(game.card_name(user["card"], lang), style="bold yellow" if fighting else "bold")
    power = f"{user['power']}" if user["power"] == user["printed"] else f"{user['power']} ({user['printed']})"
    text.append(f"\nP {power}  {_term(game, user['attribute'], lang)}")
    marks = []
    if user.get("veteran"):
        marks.append("★" + t("veteran", lang))
    if user.get("ready"):
        marks.append("⚡" + t("effect_ready", lang))
    if user.get("lucky"):
        marks.append(t("lucky", lang))
    if marks:
        text.append("\n" + " ".join(marks), style="cyan")
    return text


def _cards_text(game: Game[Any], cards: list[dict[str, Any]], lang: str) -> Text:
    text = Text()
    for c in cards:
        text.append("\n  • ")
        text.append(game.card_name(c["card"], lang), style="bold")
        d = game.pool.by_id.get(c["card"])
        if d is not None:
            timings = [_term(game, TIMINGS[i], lang) for i, g in enumerate(d.groups) if g]
            info = f"P{d.power} {_term(game, d.attribute, lang)}"
            if timings:
                info += " [" + "/".join(timings) + "]"
            if d.lucky:
                info += " " + t("lucky", lang)
            text.append(f"  ({info})", style="dim")
    return text


def player_panel(game: Game[Any], view: dict[str, Any], index: int, lang: str) -> Panel:
    """One forecaster's side of the board."""
    p = view["players"][index]
    seat = view.get("seat")
    who = t("player", lang, n=index + 1)
    if seat is not None:
        who += f" ({t('you', lang) if index == seat else t('opponent', lang)})"
    stats = Text()
    stats.append(f"{t('threads', lang)} {p['threads']}", style="bold green")
    ability = p.get("ability")
    shown = t("unknown", lang) if ability is None else _term(game, ability, lang)
    stats.append(f"  {t('ability', lang)} {shown}")
    stats.append(f"  {t('deck', lang)} {p['deck']}  {t('hand', lang)} {p['hand_count']}"
                 f"  {t('discard', lang)} {len(p['discard'])}")
    if p.get("saved"):
        stats.append(f"  {t('saved', lang)}", style="yellow")
    battle = view.get("battle") or {}
    fighting = {b["uid"] for b in (battle.get("attacker"), battle.get("blocker")) if b}
    parts: list[RenderableType] = [stats]
    if p["field"]:
        table = Table(show_header=False, expand=True, padding=(0, 1))
        for _ in p["field"]:
            table.add_column(ratio=1)
        table.add_row(*[_user_cell(game, u, lang, u["uid"] in fighting) for u in p["field"]])
        parts += [Text(t("field", lang), style="dim"), table]
    else:
        parts.append(Text(f"{t('field', lang)}: {t('none', lang)}", style="dim"))
    if p.get("hand") is not None:
        line = Text(f"{t('hand', lang)} ({len(p['hand'])}):", style="bold")
        line.append_text(_cards_text(game, p["hand"], lang) if p["hand"] else Text(" " + t("none", lang)))
        parts.append(line)
    if p.get("crisis"):
        line = Text(f"{t('crisis', lang)} ({len(p['crisis'])}):", style="bold magenta")
        line.append_text(_cards_text(game, p["crisis"], lang))
        parts.append(line)
    mine = seat is not None and index == seat
    return Panel(Group(*parts), title=who, title_align="left", border_style="green" if mine else "blue")


def board(game: Game[Any], view: dict[str, Any], lang: str) -> RenderableType:
    """The whole Destiny board for ``view``: the opponent on top, the viewer below."""
    seat = view.get("seat")
    order = [1 - seat, seat] if seat is not None else [1, 0]
    status = Text()
    status.append(t("turn", lang, n=view["turn"]) + "  ", style="bold")
    phase = PHASES.get(view["phase"], (view["phase"], view["phase"]))[0 if lang == "ja" else 1]
    status.append(t("destiny_phase", lang, n=view["active"] + 1, phase=phase))
    parts: list[RenderableType] = [status]
    parts += [player_panel(game, view, i, lang) for i in order]
    battle = view.get("battle")
    if battle:
        attacker = game.card_name(battle["attacker"]["card"], lang)
        blocker = game.card_name(battle["blocker"]["card"], lang) if battle.get("blocker") else t("unblocked", lang)
        line = t("battle_line", lang, a=attacker, d=blocker)
        extras = []
        if battle.get("ja"):
            extras.append("JA")
        if battle.get("ca"):
            extras.append(f"CA+{battle['ca']}")
        parts.append(Text(line + ("  " + " ".join(extras) if extras else ""), style="bold red"))
    return Group(*parts)
