"""``python -m grimoire``: the ``grimoire`` command."""

from grimoire.cli.main import main

if __name__ == "__main__":
    main()
