"""``python -m grimoire.cli``."""

from .main import main

main()
