"""``python -m grimoire.web``: the ``grimoire serve`` command (serve the lobby and tables)."""

import sys

from grimoire.web.command import main

sys.exit(main(sys.argv[1:]))
