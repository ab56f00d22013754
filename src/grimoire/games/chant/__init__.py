"""詠唱 "Chant": the rule module (numbered rules in ``docs/rules/chant.md``).

Modules: :mod:`.cards` (card definitions, loading, the effect vocabulary),
:mod:`.state` (plain-data state), :mod:`.rules` (rule primitives), :mod:`.phases`
(turn flow), :mod:`.effects` and :mod:`.procedures` (the effect-stack interpreter),
:mod:`.decisions` (pending decisions), :mod:`.view`, :mod:`.notation`,
:mod:`.messages` and :mod:`.game` (the :class:`ChantGame` itself).

>>> from grimoire.games.chant import ChantGame
>>> ChantGame().name
'chant'
"""

from .game import ChantGame

__all__ = ["ChantGame"]
