"""The table's "resolving" line names each frame of the effect stack in the page's language (rule 5.1.3,
the activation; 5.6, putting away): 「解決中: 大剣（発動）」, never the engine's id ``activation``."""

from __future__ import annotations

import re
from pathlib import Path

from grimoire.games.chant.messages import MESSAGES
from grimoire.games.chant.state import FrameKind

RENDER = Path(__file__).resolve().parents[2] / "src" / "grimoire" / "games" / "chant" / "web" / "render.js"


def test_rule_5_1_3_every_stack_frame_kind_has_words_in_both_languages() -> None:
    for kind in FrameKind:
        words = MESSAGES[f"ui.frame.{kind.name.lower()}"]
        assert words["en"] and words["ja"] and not re.search(r"[A-Za-z_]", words["ja"]), (kind, words)


def test_the_resolving_line_shows_the_frames_words_not_its_id() -> None:
    source = RENDER.read_text(encoding="utf-8")
    line = source[source.index('"stack-line"'):]
    line = line[:line.index("c.append(s)")]
    assert "f.frame" not in line and "frame.${f.kind}" in line
