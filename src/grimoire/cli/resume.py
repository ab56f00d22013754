"""Going on with a saved terminal game (``grimoire play --resume``; see :mod:`.saved`)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from grimoire.ai.parallel import default_workers
from grimoire.ai.registry import make_agent
from grimoire.core.records import GameRecord
from grimoire.core.replay import setup_of
from grimoire.core.setup_choices import playing

from .play import Session
from .saved import resume_info, saved_name
from .text import t


def resumed_session(path: Path, lang: str, console: Console, clear: bool = True, auto_pass: bool = True,
                    workers: int | None = None) -> Session:
    """A terminal session going on with the saved game at ``path``: its answers played again at once,
    the same opponent, the record saved where it was."""
    record = GameRecord.load(path)
    info = resume_info(record, path)
    game, setup = setup_of(record)
    vs = str(info["vs"])
    decks = setup.decks
    opponent = None if vs == "human" else playing(
        make_agent(vs, game.name, (decks[1], decks[0]), workers=workers or default_workers()),
        () if info.get("ai_setup") else decks[1].choices)
    console.print(Text(t("resumed", lang, name=saved_name(path), n=len(record.answers)), style="bold"))
    kept = info.get("record")
    return Session(game, setup, lang, (None, opponent), console, record_path=Path(kept) if isinstance(kept, str)
                   else None, agent_seed=setup.seed + len(record.answers),
                   clear=clear, auto_pass=auto_pass, resume={"vs": vs, "ai_setup": bool(info.get("ai_setup"))},
                   saved_path=path, replay_answers=list(record.answers), posted=posted_marks(info.get("posted")))


def posted_marks(data: object) -> dict[int, int]:
    """Where each seat's next forum post starts, as a saved game keeps it (``{"0": 12}``).

    >>> posted_marks({"0": 12, "x": 3, "1": "?"}), posted_marks(None)
    ({0: 12}, {})
    """
    if not isinstance(data, dict):
        return {}
    return {int(k): v for k, v in data.items() if k in ("0", "1") and isinstance(v, int)}
