"""The ``grimoire`` command line (Typer + Rich): play, sim, replay, deck check, cards."""
