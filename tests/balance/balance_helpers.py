"""Shared content of the balance tests: a planted overpowered Chant card and a deck holding it, and the
``grimoire balance`` command run as a user runs it."""

from pathlib import Path
from typing import Any

PLANTED = """
[[cards]]
id = "planted_nuke"
kind = "library"
name.ja = "仕込みの核"
name.en = "Planted Nuke"
attribute = "fantasy"
chant = 2
power = 12
text.ja = "効果なし。"
text.en = "No effects."
"""

PLANTED_DECK = ("name: planted\n[書庫]\n3 詠唱の呼び水\n3 徹夜明けのコーヒー\n3 火球術入門\n3 planted_nuke\n"
                "3 妖精の悪戯\n3 氷の槍\n3 鉄の盾\n3 火焔球\n2 書きかけの魔術研究論文\n3 雷撃\n2 残り火\n"
                "2 蓄魔の水晶\n2 魔法陣の共鳴\n2 煉獄球\n2 竜の咆哮\n1 大魔導の極光\n"
                "[禁書]\n1 天上の劫火\n1 無限書庫の司書\n1 英雄譚の終章\n1 星界の大図書館\n1 星降りの夜\n")


def planted_files(folder: Path) -> tuple[Path, Path]:
    """Write the planted card file and its deck into ``folder``: (cards, deck)."""
    cards = folder / "planted.toml"
    cards.write_text(PLANTED, encoding="utf-8")
    deck = folder / "planted.txt"
    deck.write_text(PLANTED_DECK, encoding="utf-8")
    return cards, deck


def invoke_balance(args: list[str]) -> Any:
    """``grimoire balance ARGS`` through the command line (typer's test runner); returns the result."""
    import typer
    from typer.testing import CliRunner

    from grimoire.cli.balance import balance_command

    app = typer.Typer()
    app.command("balance")(balance_command)
    app.command("other")(lambda: None)  # two commands: typer keeps the "balance" name
    return CliRunner().invoke(app, ["balance", *args])
