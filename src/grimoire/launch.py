"""The ``grimoire`` command's entry point: switch to the compiled engine when it is built, then run the CLI.

The switch (:func:`grimoire.buildengine.switch.start`) has to come before the command line
imports the engine, so it is the first thing the command does.
"""

from __future__ import annotations

from grimoire.buildengine.switch import start


def main() -> None:
    """Run ``grimoire`` on the compiled engine of the cache when it matches, else on the pure one."""
    start()
    from grimoire.cli.main import main as cli_main

    cli_main()
