"""The rule modules: :mod:`grimoire.games.chant` (詠唱) and :mod:`grimoire.games.destiny` (運命予報祭).

Each is a :class:`grimoire.core.game.Game` subclass loaded by name through
:func:`grimoire.core.registry.load_game`.
"""
