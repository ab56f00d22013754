"""運命予報祭 "Destiny Saga": the rule module (rules in ``docs/rules/destiny.md``).

>>> from grimoire.games.destiny import DestinyGame
>>> DestinyGame().title.ja
'運命予報祭'
"""

from .game import DestinyGame

__all__ = ["DestinyGame"]
