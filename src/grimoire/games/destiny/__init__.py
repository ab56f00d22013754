"""運命予報祭 "Destiny Saga": one game package (rules in ``docs/rules/destiny.md``).

Rules: :mod:`.cards` (card definitions and the effect vocabulary), :mod:`.state`,
:mod:`.turn` (the flow of a game), :mod:`.actions` (threads, draws, the end),
:mod:`.battle` (the attribute wheel), :mod:`.effects` (the effect interpreter),
:mod:`.decisions`, :mod:`.events`, :mod:`.view`, :mod:`.notation`, :mod:`.messages`
and :mod:`.game` (the :class:`DestinyGame` itself). For Grimoire's adapters:
:mod:`.greedy`, :mod:`.search`, :mod:`.board`, :mod:`.metrics`, :mod:`.encoding`, ``web/render.js`` and
:mod:`.scenario`; for cards :mod:`.cardtext` (rules text generated from effects), :mod:`.forum`
(the forum card template) and :mod:`.face` (card faces). All bundled in :data:`PLUGIN`.

>>> PLUGIN.name, PLUGIN.make_game().title.ja
('destiny', '運命予報祭')
"""

from pathlib import Path

from grimoire.core.content import Localized
from grimoire.core.plugin import CardNumber, GamePlugin

from .game import DestinyGame
from .scenario import scenario, settle

PLUGIN = GamePlugin(
    name="destiny",
    title=Localized("運命予報祭", "Destiny Saga"),
    rules="grimoire.games.destiny.game:DestinyGame",
    greedy="grimoire.games.destiny.greedy:GreedyDestiny",
    search="grimoire.games.destiny.search:HOOKS",
    board="grimoire.games.destiny.board:board",
    encoding="grimoire.games.destiny.encoding:ENCODING",
    card_text="grimoire.games.destiny.forum:CARD_TEXT",
    card_face="grimoire.games.destiny.face:face",
    rule_refs="grimoire.games.destiny.rulerefs:RULE_OF_DECISION",
    board_editor="grimoire.games.destiny.boardsetup:EDITOR",
    forum_board="grimoire.games.destiny.post:BOARD",
    metrics="grimoire.games.destiny.metrics:DestinyMetrics",
    web_assets=Path(__file__).resolve().parent / "web",
    rules_docs=Path(__file__).resolve().parent / "docs",  # links to docs/rules/, the one copy
    hard={"iterations": 1000, "seconds": 0.45},
    card_numbers=(CardNumber("power", stronger=1, minimum=1, maximum=6),),
    card_facets=("attribute", "lucky"),
    card_filters=("attribute", "power"),
    summary_events=("attack", "direct"),
    score_args=("threads",),
)

__all__ = ["PLUGIN", "DestinyGame", "scenario", "settle"]
