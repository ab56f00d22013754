"""Stepping through a recorded game, and verifying that it replays exactly."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rich.console import Console
from rich.text import Text

from grimoire.core.decision import Event
from grimoire.core.errors import GrimoireError, RecordError
from grimoire.core.match import Match
from grimoire.core.records import GameRecord
from grimoire.core.replay import setup_of, verify
from grimoire.core.thread import game_posts

from .play import Reader, read_stdin
from .render import event_line, safe_label, safe_prompt, why_line
from .text import t


def verify_file(path: Path, lang: str, console: Console, as_json: bool = False) -> int:
    """Re-simulate a record: 0 when every step matches, 1 naming the first step that does not.

    ``as_json``: one object on stdout, ``{"ok", "file", "game", "rules_version", "steps",
    "first_bad_step", "error"}``; ``error`` is null or ``{"key", "message", "args"}`` (the
    message in ``lang``). A record that cannot be read at all stays a one-line error (exit 2).
    """
    record = GameRecord.load(path)
    result = verify(record)
    if as_json:
        error = None if result.ok else {"key": result.key, "message": t(f"verify_{result.key}", lang, **result.args),
                                        "args": result.args}
        print(json.dumps({"ok": result.ok, "file": str(path), "game": record.game,
                          "rules_version": record.ruleset_version, "steps": result.steps,
                          "first_bad_step": result.first_bad_step, "error": error}, ensure_ascii=False, default=str))
        return 0 if result.ok else 1
    if result.ok:
        console.print(Text(t("verify_ok", lang, steps=result.steps)), soft_wrap=True)
        return 0
    message = t(f"verify_{result.key}", lang, **result.args)
    print(f"grimoire: {t('verify_bad', lang, message=message)}", file=sys.stderr)
    return 1


def forum_file(path: Path, lang: str) -> int:
    """Print a recorded game as the posts of its forum thread (:func:`grimoire.core.thread.game_posts`),
    numbered as a thread numbers them, plain text on standard output."""
    record = GameRecord.load(path)
    game, setup = setup_of(record)
    try:
        posts = game_posts(game, setup, record.answers, lang, record.branch)
    except GrimoireError as exc:
        raise RecordError(f"{path}: record does not replay: {exc}") from None
    for number, post in enumerate(posts, start=1):
        sys.stdout.write(f"#{number}\n{post}\n")
    return 0


def replay_file(path: Path, lang: str, console: Console, step: bool = False, read: Reader = read_stdin) -> int:
    """Print each step of a record: who decided what, the events it caused, and under each event why
    it happened (its rule as the record numbered it, and the numbers that went in)."""
    record = GameRecord.load(path)
    game, setup = setup_of(record)
    title = game.title.get(lang) if game.title.ja else game.name
    console.print(Text(t("record_of", lang, game=title, version=record.ruleset_version, seed=record.seed,
                         n=len(record.answers)), style="bold"))
    console.print(Text(t("decks_line", lang, a=setup.decks[0].name, b=setup.decks[1].name)))
    match = Match(game, setup, record.branch)
    console.print(Text(f"— {t('setup_step', lang)} —", style="bold"))
    rules = record.event_rules

    def show(event: Event) -> None:
        console.print(Text("  " + event_line(game, event, lang)))
        why = why_line(game, event, lang, rules)
        if why:
            console.print(Text("      ↳ " + why, style="dim"))

    for event in match.start_events:
        show(event)
    for i, answer in enumerate(record.answers, start=1):
        decision = match.decision
        if decision is None:
            raise RecordError(f"{path}: step {i}: answer {answer!r} given after the game ended")
        option = decision.find(answer)
        if option is None:
            raise RecordError(f"{path}: step {i}: answer {answer!r} is not an option of {decision.kind!r}")
        try:
            events = match.answer(answer)
        except GrimoireError as exc:
            raise RecordError(f"{path}: step {i}: {exc}") from None
        who = t("player", lang, n=decision.player + 1)
        console.print(Text(f"— {t('step', lang, i=i)} — {who}: {safe_prompt(game, decision, lang)} → "
                           f"{safe_label(game, option, lang)} [{answer}]", style="bold"))
        for event in events:
            show(event)
        if step:
            line = read(t("press_enter", lang) + " ")
            if line is None or line.strip().lower() in ("q", "quit"):
                return 0
    if record.forfeit is not None and match.outcome is None:  # conceded, out of time, or left (idle claim)
        match.forfeit(record.forfeit.seat, record.forfeit.reason)
    outcome = match.outcome
    if outcome is None:
        console.print(Text(t("unfinished", lang)))
    elif outcome.winner is None:
        console.print(Text(t("draw", lang), style="bold green"))
    else:
        reason = t("reason", lang, reason=game.text.term(outcome.reason, lang))
        console.print(Text(t("seat_wins", lang, n=outcome.winner + 1) + " " + reason,
                           style="bold green"))
    return 0
