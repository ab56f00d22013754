"""``python -m grimoire.web``: the ``grimoire serve`` command (serve the lobby and tables)."""

import sys

from grimoire.cli.main import run

sys.exit(run(["serve", *sys.argv[1:]]))
