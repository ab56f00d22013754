"""The rules options a lobby offers: every option of a game with a one-line description and its rule.

Each option's description comes from the options table of the game's rules document
(``docs/rules/<game>.md`` and ``<game>.ja.md``, served by :mod:`.rules`): the row naming
the option, its last cell. The rule it links to is the first rule number in that line
(``1.6.3``, ``§2.4``); a game without a rules page falls back to the option's own help.

>>> from grimoire.core.registry import load_game
>>> rows = {row["name"]: row for row in option_rows(load_game("chant"))}
>>> rows["first_player"]["rule"], rows["first_player"]["choices"]
('1.6.3', ['coin', '0', '1'])
>>> rows["starting_life"]["help"]["ja"], rows["starting_life"]["type"], rows["starting_life"]["min"]
('準備時のライフ（1.6.1）', 'int', 1)
>>> rule_in("Variant: the attribute wheel (§6.4)"), rule_in("steps of 0.5 (5.5.1)"), rule_in("none here")
('6.4', '5.5.1', None)
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from grimoire.core.game import Game
from grimoire.core.i18n import LANGS

from .rules import rules_source

_ROW = re.compile(r"^\|\s*`([a-z0-9_]+)`\s*\|(.*)\|\s*$")
_CITED = re.compile(r"[(（](?:§|rule )?(\d+(?:\.\d+)+)")
_RULE = re.compile(r"(\d+(?:\.\d+)+)")


def rule_in(text: str) -> str | None:
    """The first rule number cited in ``text`` (``(§6.4)``, ``（1.6.3）``; else any), or None."""
    found = _CITED.search(text) or _RULE.search(text)
    return found.group(1) if found else None


@cache
def _described(game: str, lang: str) -> dict[str, str]:
    """Option name → the description cell of its row in the rules document of ``game`` in ``lang``."""
    source = rules_source(game, lang) or ""
    out: dict[str, str] = {}
    for line in source.splitlines():
        row = _ROW.match(line.strip())
        if row is not None:
            cells = [c.strip() for c in row.group(2).split("|")]
            out.setdefault(row.group(1), cells[-1].replace("`", ""))
    return out


def option_rows(game: Game[Any]) -> list[dict[str, Any]]:
    """Every rules option of ``game`` as the lobby shows it: name, default, type (``bool``, ``int``,
    ``choice`` or ``text``), choices, bounds, a description per language and the rule number."""
    rows: list[dict[str, Any]] = []
    for spec in game.option_specs:
        kind = ("bool" if isinstance(spec.default, bool) else "int" if isinstance(spec.default, int)
                else "choice" if spec.choices else "text")
        helps = {lang: _described(game.name, lang).get(spec.name) or spec.help for lang in LANGS}
        rows.append({"name": spec.name, "default": spec.default, "type": kind,
                     "choices": [str(c) for c in spec.choices], "min": spec.minimum, "max": spec.maximum,
                     "help": helps, "rule": rule_in(helps["en"]) or rule_in(spec.help)})
    return rows
