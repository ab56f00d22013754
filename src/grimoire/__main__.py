"""``python -m grimoire``: the ``grimoire`` command."""

from grimoire.launch import main

if __name__ == "__main__":
    main()
