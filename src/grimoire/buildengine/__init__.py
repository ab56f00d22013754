"""The compiled engine for every install: built once into a per-user cache, used when it matches.

``pip install`` gives the pure-Python engine. ``grimoire build-engine`` compiles the engine's
modules (:data:`modules.COMPILED`) with mypyc into the cache (:mod:`.cache`, :mod:`.build`),
and every later start of ``grimoire`` runs them when the cache entry was built from exactly the
installed sources (:mod:`.switch`). Nothing here is compiled itself, and nothing is imported by
``import grimoire`` unless a worker process inherits its parent's compiled engine.
"""
