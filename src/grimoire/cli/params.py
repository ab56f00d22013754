"""Parameters shared by several commands (``grimoire balance`` in grimoire.cli.balance too).

Each option that takes a value names it with a metavar (``--games N``, ``--cards PATH``);
the choices (games, languages, backends) are Enums, listed in ``--help`` and checked by Typer.
"""

from __future__ import annotations

from typing import Annotated

import typer

from .choices import Backend, GameName, Lang

GameArg = Annotated[GameName, typer.Argument(metavar="GAME", help="The game.", show_default=False)]
CardsOpt = Annotated[list[str] | None, typer.Option("--cards", metavar="PATH",
                                                    help="Extra card file or folder (repeatable).")]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", metavar="NAME=VALUE",
                                                     help="Rules option (repeatable).")]
LangOpt = Annotated[Lang, typer.Option("--lang", envvar="GRIMOIRE_LANG", help="Language of the output (default: "
                                       "English for a non-Japanese locale, else Japanese).")]
SeedOpt = Annotated[int, typer.Option("--seed", metavar="N", help="Run seed.")]
WorkersOpt = Annotated[int | None, typer.Option("--workers", metavar="N", help="Processes (default: every core).")]
BackendOpt = Annotated[Backend, typer.Option("--backend", help="Where the games run: local processes or a Ray "
                                             "cluster (extra: ray).")]
AddressOpt = Annotated[str | None, typer.Option("--address", metavar="ADDRESS", help="With --backend ray: the "
                                                "cluster address (default: a local Ray instance).")]
AiSetupOpt = Annotated[bool, typer.Option("--ai-setup", help="The computer picks its own set-up choices (a Destiny "
                                          "forecast ability) instead of playing its deck's declared ones "
                                          "(# ability: line).")]
