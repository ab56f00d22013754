"""The replay view: a game after any step, recomputed by replaying its stored answers.

A cursor per (game, seat) keeps the last replayed match, so that stepping forward
applies one answer; stepping back replays from the start.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from grimoire.core.match import Match

from .live import LiveGame, stored_branch
from .protocol import outcome_payload, render_events

Cursor = tuple[Match[Any], list[int]]  # the match and the log length after each step


class ReplayCache:
    """Replay cursors of the most recently viewed games (at most ``size``)."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._cursors: OrderedDict[tuple[str, int | None], Cursor] = OrderedDict()

    def _cursor(self, live: LiveGame, seat: int | None, step: int) -> Cursor:
        """A cursor of ``live`` at ``step`` (taken out of the cache: put it back when done)."""
        answers = live.match.answers
        cursor = self._cursors.pop((live.id, seat), None)
        if cursor is None or len(cursor[0].answers) > step:
            # the set-up with the post times a board-coin game's tosses read (the same set-up otherwise)
            match: Match[Any] = Match(live.game, live.match.played_setup(), stored_branch(live.stored))
            cursor = (match, [len(match.log)])
        match, bounds = cursor
        while len(match.answers) < step:
            match.answer(answers[len(match.answers)])
            bounds.append(len(match.log))
        return cursor

    def forget(self, game_id: str) -> None:
        """Drop the cursors of a game whose last answers were taken back (they may follow other answers)."""
        for key in [k for k in self._cursors if k[0] == game_id]:
            del self._cursors[key]

    def view(self, live: LiveGame, step: int, seat: int | None, lang: str) -> dict[str, Any]:
        """The view after ``step`` answers (clamped), as ``seat`` sees it (None: the public).

        Returns the step, the number of steps, the view, the events of this step and the
        whole log up to it (redacted for ``seat``), and who answered this step (with the
        answer's label only for that seat itself).
        """
        answers = list(live.match.answers)
        step = max(0, min(step, len(answers)))
        match, bounds = cursor = self._cursor(live, seat, step)
        self._cursors[(live.id, seat)] = cursor
        while len(self._cursors) > self.size:
            self._cursors.popitem(last=False)
        game = live.game
        start = bounds[step - 1] if step > 0 else 0
        decision = match.decision
        actor = None
        chosen = None
        if step < len(answers) and decision is not None:
            actor = decision.player
            if seat == actor:
                found = decision.find(answers[step])
                chosen = None if found is None else game.text.label(found, lang)
        return {
            "type": "replay", "game": game.name, "step": step, "steps": len(answers), "seat": seat,
            "view": game.view(match.state, seat),
            "events": render_events(game, match.log[start:bounds[step]], seat, lang),
            "log": render_events(game, match.log[:bounds[step]], seat, lang),
            "next_actor": actor, "next_answer": chosen,
            # the last step of a game conceded, lost on time or claimed: the live game's ending (the
            # replayed rules alone never end it)
            "outcome": outcome_payload(game, match.outcome or (live.match.outcome if step == len(answers) else None),
                                       lang, match.log),
        }
