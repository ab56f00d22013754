"""詠唱 "Chant": one game package (numbered rules in ``docs/rules/chant.md``).

Rules: :mod:`.cards` (card definitions, loading, the effect vocabulary), :mod:`.state`
(plain-data state), :mod:`.rules` (rule primitives), :mod:`.phases` (turn flow),
:mod:`.effects` and :mod:`.procedures` (the effect-stack interpreter), :mod:`.decisions`
(pending decisions), :mod:`.events` (the event schema), :mod:`.view`, :mod:`.notation`,
:mod:`.messages` and :mod:`.game` (the :class:`ChantGame` itself). For Grimoire's
adapters: :mod:`.greedy` (heuristic agent), :mod:`.search` (search hooks),
:mod:`.board` (terminal board), :mod:`.metrics` (balance metrics), :mod:`.encoding`
(RL actions and observations), ``web/render.js``
(browser table) and :mod:`.scenario` (positions for tests and designers). For cards:
:mod:`.cardtext` (rules text generated from effects), :mod:`.forum` (the forum card
template both ways) and :mod:`.face` (card faces). All of it is bundled in :data:`PLUGIN`.

>>> PLUGIN.name, PLUGIN.make_game().title.en
('chant', 'Chant')
"""

from pathlib import Path

from grimoire.core.content import Localized
from grimoire.core.plugin import CardNumber, GamePlugin

from .game import ChantGame
from .scenario import Area, Side, scenario, settle

PLUGIN = GamePlugin(
    name="chant",
    title=Localized("詠唱", "Chant"),
    rules="grimoire.games.chant.game:ChantGame",
    greedy="grimoire.games.chant.greedy:GreedyChant",
    search="grimoire.games.chant.search:HOOKS",
    board="grimoire.games.chant.board:board",
    encoding="grimoire.games.chant.encoding:ENCODING",
    card_text="grimoire.games.chant.forum:CARD_TEXT",
    card_face="grimoire.games.chant.face:face",
    rule_refs="grimoire.games.chant.rulerefs:RULE_OF_DECISION",
    board_editor="grimoire.games.chant.boardsetup:EDITOR",
    forum_board="grimoire.games.chant.post:BOARD",
    metrics="grimoire.games.chant.metrics:ChantMetrics",
    web_assets=Path(__file__).resolve().parent / "web",
    rules_docs=Path(__file__).resolve().parent / "docs",  # links to docs/rules/, the one copy
    hard={"iterations": 1000, "seconds": 0.45},
    card_numbers=(CardNumber("chant", stronger=-1), CardNumber("power", stronger=1, minimum=1),
                  CardNumber("required", minimum=1)),
    card_facets=("attribute",),
    card_filters=("attribute", "chant", "power"),
    summary_events=("attack",),
    score_args=("life",),
)

__all__ = ["PLUGIN", "Area", "ChantGame", "Side", "scenario", "settle"]
