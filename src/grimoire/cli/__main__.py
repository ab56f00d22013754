"""``python -m grimoire.cli``: the ``grimoire`` command (``python -m grimoire`` too)."""

from .main import main

if __name__ == "__main__":
    main()
