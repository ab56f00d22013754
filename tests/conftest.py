"""Settings every test runs under.

The command line's language defaults to the user's locale (``GRIMOIRE_LANG`` overrides it);
the tests expect the games' own language, Japanese, wherever they give no ``--lang``, so
they pin it here for themselves and for every process they start.
"""

import os

os.environ["GRIMOIRE_LANG"] = "ja"
