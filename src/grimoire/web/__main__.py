"""``python -m grimoire.web``: serve the lobby and tables."""

from .server import main

main()
