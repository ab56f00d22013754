"""Toy Race (トイ・レース): a tiny two-player race game, and an example Grimoire game plugin.

>>> PLUGIN.name, PLUGIN.make_game().title.en
('toy', 'Toy Race')
"""

from pathlib import Path

from grimoire.core.content import Localized
from grimoire.core.plugin import GamePlugin

from .game import ToyGame, ToyState

PLUGIN = GamePlugin(
    name="toy",
    title=Localized("トイ・レース", "Toy Race"),
    rules="grimoire_toy_race.game:ToyGame",
    greedy="grimoire_toy_race.greedy:ToyGreedy",
    search="grimoire_toy_race.search:HOOKS",
    encoding="grimoire_toy_race.encoding:ENCODING",
    web_assets=Path(__file__).resolve().parent / "web",  # render.js: its table in the browser
    hard={"iterations": 200, "seconds": 0.5},
    rules_docs=Path(__file__).resolve().parent / "docs",  # toy.md and toy.ja.md: the page /rules/toy
    rule_refs="grimoire_toy_race.game:RULE_OF_DECISION",
    board_editor="grimoire_toy_race.boards:EDITOR",  # the web board editor (/board)
    forum_board="grimoire_toy_race.boards:BOARD",  # a forum post's board
    summary_events=("trip",),  # the terminal names a trip in its summary of the other side's turn
)

__all__ = ["PLUGIN", "ToyGame", "ToyState"]
