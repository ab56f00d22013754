"""Grimoire: one rules engine for the fan-designed card games 詠唱 (Chant) and 運命予報祭 (Destiny Saga).

>>> import grimoire
>>> isinstance(grimoire.__version__, str)
True
"""

__version__ = "0.1.0"

if __import__("os").environ.get("GRIMOIRE_ENGINE_DIR"):  # a worker of a command running the compiled engine
    from grimoire.buildengine.switch import inherit

    inherit()
