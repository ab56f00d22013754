"""Interactive terminal play: a person against the computer, or two people at one screen.

The screen shows only what the deciding seat may know (its view and the log redacted
for it). A person answers with an option number or id; anything else is refused with
one line and the question is asked again. A set-up decision the person's deck declares
an answer to (a Destiny deck's ``# ability:`` line) offers it as the default: an empty
answer takes it. ``?`` (or ``help``) lists the cards in view with their text and
``? NAME`` shows one card (:mod:`.cardhelp`). Log lines are numbered; ``why N`` (or
``なぜ N``) shows why line N happened: the rule that produced it and the numbers that
went in (:mod:`grimoire.core.why`). ``u`` takes back the person's last answer, one at a
time, back to the last new information (:mod:`grimoire.core.undo`: a card drawn, a coin,
the opponent's answer); the record keeps only the answers that stand. ``f`` (``f en``,
``f ja``) prints the seat's post for the forum thread: what happened since its last ``f``
and the public board, plain text (:mod:`grimoire.core.thread`). ``q`` asks before it
abandons the game (``y`` or ``q`` again; the end of input abandons it at once); the record
is saved either way.

On a terminal the screen is cleared before each decision and drawn to fit the window
(an 80×24 terminal included): the other side's moves since the seat last decided stay
on screen as a two-line summary, the log gets the lines the board and the options leave,
a board too tall for the window is drawn compact, and options that do not fit are paged
(``n`` / ``p``; their numbers go on past 9) (:func:`.render.fit_layout`). A refused answer
is said above the prompt on the same screen, and ``?`` shows a window at a time;
``clear=False`` (``--no-clear``) keeps everything scrolling instead. With ``auto_pass``
(default on a terminal; ``--no-auto-pass``) a decision with a single option is answered
at once, as in the browser.

The game runs on the one play loop, :func:`grimoire.core.play.play`: a person's seat is
a :class:`Person`, an agent whose :meth:`~Person.choose` shows the seat's screen and
reads the answer, and quitting raises :class:`QuitGame`, which ends the loop.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from grimoire.core import registry
from grimoire.core.boardcoin import POST_KIND
from grimoire.core.content import user_data_dir
from grimoire.core.decision import Decision, Event, Option
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game, Setup
from grimoire.core.match import Match
from grimoire.core.play import Agent, play
from grimoire.core.rng import Chance
from grimoire.core.setup_choices import declared_answer
from grimoire.core.thread import forum_post
from grimoire.core.undo import take_back, takeback_limit
from grimoire.sim.runner import derive_seed

from .boardplay import read_post
from .cardhelp import help_request, show_help
from .render import PROMPT_LINES, event_line, fit_layout, safe_label, screen, why_line
from .saved import new_saved_path, saved_name
from .text import t

Reader = Callable[[str], "str | None"]
QUIT = ("q", "quit", "exit", "終了")
UNDO = ("u", "undo", "取消", "取り消し")
YES = ("y", "yes", "はい", "q")
SHORT_HELP = 4  # lines of help said above the prompt; longer help is paged
PAGE_KEYS = {"n": 1, ">": 1, "次": 1, "p": -1, "<": -1, "前": -1}
FORUM = ("f", "forum", "掲示板")
LOG_LINES = 14  # log lines shown at least
LOG_MAX = 48  # at most, when more happened since the seat last looked
WHY_WORDS = ("why", "なぜ")


def striking(game: Game[Any], event: Event) -> bool:
    """Whether ``event`` attacked or changed a player's score (what the summary of a turn names): the game's
    plugin declares both (``summary_events``, ``score_args``); a game that declares neither names none."""
    try:
        found = registry.plugin(game.name)
    except GrimoireError:
        return False
    return event.kind in found.summary_events or any(
        name in found.score_args for name in game.events.names(event.kind))


def why_request(line: str) -> str | None:
    """The line number a ``why N`` line asks about (as typed, maybe not a number), or None (not a why line).

    >>> why_request("why 12"), why_request("なぜ 3"), why_request("WHY"), why_request("12")
    ('12', '3', '', None)
    """
    words = line.strip().split(maxsplit=1)
    if not words or words[0].lower() not in WHY_WORDS:
        return None
    return words[1].strip() if len(words) > 1 else ""


def forum_request(line: str, lang: str) -> str | None:
    """The language of the forum post an ``f`` line asks for (``f``, ``f en``, ``f ja``), or None.

    >>> forum_request("f", "ja"), forum_request("F EN", "ja"), forum_request("forum ja", "en")
    ('ja', 'en', 'ja')
    >>> forum_request("fx", "ja"), forum_request("f de", "ja")
    (None, None)
    """
    words = line.strip().lower().split()
    if not words or words[0] not in FORUM or len(words) > 2 or (len(words) == 2 and words[1] not in ("ja", "en")):
        return None
    return words[1] if len(words) == 2 else lang


def read_stdin(prompt: str) -> str | None:
    """Read one answer line from standard input; None at the end of input."""
    try:
        line = input(prompt)
    except (EOFError, KeyboardInterrupt):
        print()
        return None
    if not sys.stdin.isatty():
        print(line)
    return line


def default_record_path(game_name: str) -> Path:
    """``<user data dir>/records/<game>-<timestamp>.json`` (made unique if it exists)."""
    folder = user_data_dir() / "records"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_name}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{game_name}-{stamp}-{n}.json"
    return path


class TakeBack(Exception):
    """A person typed ``u``: take back their last answer (:mod:`grimoire.core.undo`) and ask again."""


class QuitGame(Exception):
    """A person quit (``q``, or the end of input): ends the play loop; the record is still saved."""


@dataclass
class LogEntry:
    """One line of the play log: an engine event or a player's chosen option."""

    event: Event | None = None
    seat: int = 0
    option: Option | None = None
    public: bool = True


@dataclass
class Person:
    """A seat played by a person at this terminal: an agent that asks the person through the session."""

    session: Session
    name: str = "human"

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        """Show the seat's screen (from ``view``) and return the option the person picks."""
        return self.session.ask_person(view, decision).id


@dataclass
class PostsByPerson:
    """A computer seat whose board-coin tosses the person at this terminal posts: the post question
    is asked on the person's own screen, never the computer's."""

    agent: Agent
    session: Session
    name: str = ""

    def __post_init__(self) -> None:
        self.name = self.agent.name

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        if decision.kind != POST_KIND:
            return self.agent.choose(game, view, decision, chance)
        person = 1 - decision.player
        return self.session.ask_person(game.view(self.session.match.state, person), decision, person).id


@dataclass
class Session:
    """One game at the terminal (see the module docstring); a seat whose agent is None is a person."""

    game: Game[Any]
    setup: Setup
    lang: str
    agents: tuple[Agent | None, Agent | None]
    console: Console
    read: Reader = read_stdin
    record_path: Path | None = None
    agent_seed: int = 0
    clear: bool = True
    auto_pass: bool = True
    log: list[LogEntry] = field(default_factory=list)
    seen: dict[int | None, int] = field(default_factory=dict)
    #: where each seat's next forum post starts in the match's log (``f``)
    posted: dict[int, int] = field(default_factory=dict)
    #: how a quit game is continued (:mod:`.saved`): the opponent (``vs``), its workers, ``ai_setup``
    resume: dict[str, Any] = field(default_factory=dict)
    #: the saved game this session continues (removed once the game ends), and the answers it replays
    saved_path: Path | None = None
    replay_answers: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.match: Match[Any] = Match(self.game, self.setup)
        self.chances = [Chance.seeded(derive_seed(self.agent_seed, "play", s)) for s in (0, 1)]
        self.last_person: int | None = None
        self.marks: list[int] = []  # where each answer's lines begin in the log
        #: the last screen drawn (viewer, decision, view, log lines) and the notice under it
        self.drawn: tuple[int | None, Decision | None, dict[str, Any], list[str]] | None = None
        self.notice = ""
        self.summary_line = ""  # the other side's moves on the screen being asked
        self.page, self.pages = 0, 1  # the page of options shown, of how many
        self.undone = ""  # what the next screen says about answers just taken back
        self.pending: tuple[int, Option] | None = None
        self.viewing: dict[str, Any] | None = None  # the view of the seat being asked (for ``?``)
        if self.replay_answers:
            self.replay(self.replay_answers)

    def replay(self, answers: list[str]) -> None:
        """Play ``answers`` again at once (a resumed game): the log shows them as they were played."""
        self.note_events(self.match.state, list(self.match.start_events))
        for answer in answers:
            decision = self.match.decision
            if decision is None:
                break
            self.note_answer(self.match.state, decision, answer)
            self.note_events(self.match.state, self.match.answer(answer))

    @property
    def hotseat(self) -> bool:
        return self.agents[0] is None and self.agents[1] is None

    def who(self, seat: int) -> str:
        if self.hotseat:
            return t("player", self.lang, n=seat + 1)
        if self.agents[seat] is None:
            return t("you", self.lang)
        return t("computer", self.lang)

    def log_lines(self, viewer: int | None) -> list[str]:
        """The log as ``viewer`` may see it: everything new since it last looked (at least LOG_LINES)."""
        seen = self.seen.get(viewer, 0)
        start = max(0, min(seen, len(self.log) - LOG_LINES * 2), len(self.log) - LOG_MAX * 2)
        lines: list[str] = []
        new_from: int | None = None
        for i, entry in enumerate(self.log[start:], start=start):
            if i == seen:
                new_from = len(lines)
            if entry.event is not None:
                lines.append(f"{i + 1:>3} " + event_line(self.game, entry.event.redacted_for(viewer), self.lang))
            elif entry.option is not None and (entry.public or entry.seat == viewer):
                label = safe_label(self.game, entry.option, self.lang)
                lines.append(f"{i + 1:>3} " + t("moved", self.lang, who=self.who(entry.seat), label=label))
        self.seen[viewer] = len(self.log)
        fresh = len(lines) - (len(lines) if new_from is None else new_from)
        keep = max(LOG_LINES, fresh) if seen >= start else LOG_MAX
        return lines[-min(keep, LOG_MAX):]

    def why(self, asked: str, viewer: int | None) -> str:
        """The answer to ``why N`` for ``viewer``: why log line N happened, or a one-line refusal."""
        lang = self.lang
        n = int(asked) if asked.isdigit() else 0
        entry = self.log[n - 1] if 1 <= n <= len(self.log) else None
        if entry is None or (entry.event is None and not (entry.public or entry.seat == viewer)):
            return t("why_bad", lang, line=asked, n=len(self.log))
        if entry.event is None:
            return t("why_choice", lang, i=n)
        event = entry.event.redacted_for(viewer)
        why = why_line(self.game, event, lang)
        line = event_line(self.game, event, lang)
        return t("why_line", lang, i=n, line=line, why=why) if why else t("why_none", lang, i=n, line=line)

    def header(self, viewer: int | None) -> str:
        turn = self.game.turn_number(self.match.state)
        title = self.game.title.get(self.lang) if self.game.title.ja else self.game.name
        who = "" if viewer is None else f" — {self.who(viewer)} ({t('player', self.lang, n=viewer + 1)})"
        return f"{title} — {t('turn', self.lang, n=turn)}{who}"

    def show(self, viewer: int | None, decision: Decision | None, view: dict[str, Any] | None = None) -> None:
        """Draw the screen of ``viewer`` (its ``view``, computed when not given) with ``decision``."""
        if view is None:
            view = self.game.view(self.match.state, viewer)
        summary = self.summary(viewer)
        self.drawn = (viewer, decision, view, self.log_lines(viewer))
        self.notice = ""
        self.summary_line = summary
        self.page = 0
        self.redraw()

    def redraw(self) -> None:
        """Draw the last screen again in place, with the current notice (a terminal only)."""
        if self.drawn is None:
            return
        viewer, decision, view, log = self.drawn
        if self.fitting:
            fitted = fit_layout(self.game, view, log, decision, self.lang, self.header(viewer), self.console,
                                self.notice, self.summary_line, self.page)
            self.pages, self.page = fitted.pages, fitted.page
            self.console.clear()
            self.console.print(fitted.renderable)
        else:
            self.console.print(screen(self.game, view, log, decision, self.lang, self.header(viewer)))

    def summary(self, viewer: int | None) -> str:
        """What the other side did since ``viewer`` last looked, in at most two lines: its moves (a move made
        several times in a row once, with its count) and what changed a player's score or attacked (the
        events its plugin declares: ``summary_events``, ``score_args``); '' when the other side did nothing. Only what
        ``viewer`` may see is named."""
        if viewer is None:
            return ""
        moves: list[list[Any]] = []
        hits: list[str] = []
        for entry in self.log[self.seen.get(viewer, 0):]:
            if entry.event is not None:
                if striking(self.game, entry.event):
                    hits.append(event_line(self.game, entry.event.redacted_for(viewer), self.lang))
                continue
            if entry.option is None or entry.seat == viewer or not entry.public:
                continue
            label = safe_label(self.game, entry.option, self.lang)
            if moves and moves[-1][0] == label:
                moves[-1][1] += 1
            else:
                moves.append([label, 1])
        if not moves:
            return ""
        text = " · ".join(label if n == 1 else f"{label} ×{n}" for label, n in moves)
        lines = [t("they_moved", self.lang, who=self.who(1 - viewer), moves=text)]
        if hits:  # the latest count most: the earliest give way when the line is too long
            cut = False
            while len(hits) > 1 and cell_len("⚔ … " + " · ".join(hits)) > self.console.width:
                hits.pop(0)
                cut = True
            lines.append(("⚔ … " if cut else "⚔ ") + " · ".join(hits))
        return "\n".join(lines)

    def turn_page(self, step: int) -> bool:
        """Show the next (``step`` 1) or previous (-1) page of options; False when there is one page only."""
        if self.pages <= 1 or not self.fitting:
            return False
        self.page = (self.page + step) % self.pages
        self.notice = ""
        self.redraw()
        return True

    def paged(self, write: Callable[[Console], None]) -> None:
        """Show what ``write`` prints a window at a time (Enter: the next, q: back to the game), then the
        game's screen again; without a fitted screen it is simply printed."""
        if not self.fitting:
            write(self.console)
            return
        with self.console.capture() as captured:
            write(self.console)
        lines: list[Text] = []  # as the window shows them: long lines wrapped
        for raw in captured.get().rstrip("\n").split("\n"):
            lines.extend(Text.from_ansi(raw).wrap(self.console, self.console.width) or [Text("")])
        if len(lines) <= SHORT_HELP:  # a few lines: said above the prompt, the game stays on screen
            self.say("\n".join(line.plain for line in lines), "")
            return
        size = max(1, self.console.size.height - PROMPT_LINES)
        for start in range(0, len(lines), size):
            self.console.clear()
            self.console.print(Text("\n").join(lines[start:start + size]), no_wrap=True, overflow="crop")
            line = self.read(t("more_help", self.lang) + " > ")
            if line is None or line.strip().lower() in QUIT:
                break
        self.notice = ""
        self.redraw()

    def confirm_quit(self) -> bool:
        """Ask before quitting: ``y`` (or ``q`` again, or the end of input) quits; anything else plays on.
        A quit game is saved to go on later (:mod:`.saved`, ``grimoire play --resume``)."""
        self.say(t("quit_confirm", self.lang), "yellow")
        line = self.read("> ")
        if line is None or line.strip().lower() in YES:
            return True
        self.notice = ""
        self.redraw()
        return False

    def say(self, message: str, style: str = "red") -> None:
        """Tell the person something about their answer: on a fitted screen the screen is drawn again in
        place with the message above the prompt (nothing scrolls away); otherwise one line is printed."""
        if self.fitting and self.drawn is not None:
            self.notice = message
            self.redraw()
        else:
            self.console.print(Text(message, style=style), soft_wrap=True)

    @property
    def fitting(self) -> bool:
        """Whether each screen replaces the last and fits the window (a terminal, without ``--no-clear``)."""
        return self.clear and self.console.is_terminal

    # the play loop's observers: every answer is logged with the events it caused
    def note_answer(self, state: Any, decision: Decision, answer: str) -> None:
        if decision.kind == POST_KIND:  # the post time of a held answer: that answer is logged with its events
            return
        option = decision.find(answer)
        self.pending = None if option is None else (decision.player, option)

    def note_events(self, state: Any, events: list[Event]) -> None:
        if self.match.held is not None:  # held until its toss has a post time
            return
        if self.pending is not None:
            seat, option = self.pending
            self.pending = None
            self.marks.append(len(self.log))
            # a choice that caused no public event (e.g. a secret pre-game pick) is shown to its seat only
            public = any(e.private_to < 0 for e in events)
            self.log.append(LogEntry(seat=seat, option=option, public=public))
        self.log.extend(LogEntry(event=e) for e in events)

    def ask(self, decision: Decision) -> Option | None:
        """Ask the person at ``decision.player`` until a listed answer or quit (None). A set-up
        decision the seat's deck declares an answer to (``# ability:``) takes it on an empty line.
        A board coin's toss asks for the post time (:mod:`.boardplay`)."""
        if decision.kind == POST_KIND:
            answer = read_post(self.read, self.console, self.lang, decision.player, int(decision.prompt_args[0]),
                               self.confirm_quit)
            return None if answer is None else Option(answer, "opt.post", (answer,))
        declared = declared_answer(self.setup.decks[decision.player].choices, decision)
        default = None if declared is None else decision.find(declared)
        prompt = t("answer_prompt", self.lang)
        if default is not None:
            prompt += " — " + t("default_answer", self.lang, label=safe_label(self.game, default, self.lang))
        while True:
            line = self.read(f"{prompt}> ")
            if line is None:
                return None
            answer = line.strip()
            if answer.lower() in QUIT:
                if self.confirm_quit():
                    return None
                continue
            if answer.lower() in PAGE_KEYS and self.turn_page(PAGE_KEYS[answer.lower()]):
                continue
            if not answer and default is not None:
                return default
            if answer.lower() in UNDO:
                refusal = self.undo_refusal(decision.player)
                if refusal is None:
                    raise TakeBack
                self.say(refusal)
                continue
            post_lang = forum_request(answer, self.lang)
            if post_lang is not None:
                self.print_post(decision.player, post_lang)
                continue
            line_asked = why_request(answer)
            if line_asked is not None:
                self.say(self.why(line_asked, decision.player), "")
                continue
            asked = help_request(answer)
            if asked is not None:
                view = self.viewing if self.viewing is not None else self.game.view(self.match.state, decision.player)
                self.paged(partial(show_help, self.game, view, decision, asked, self.lang))
                continue
            option = decision.resolve(answer)
            if option is not None:
                return option
            self.say(t("bad_answer", self.lang, answer=answer, n=len(decision.options)))

    def print_post(self, seat: int, lang: str) -> None:
        """Print ``seat``'s post for the forum thread (:mod:`grimoire.core.thread`): what happened since
        its last post and the public board, plain text; the next post starts after it."""
        since = self.posted.get(seat, 0)
        text = forum_post(self.game, self.match.state, self.match.log, since, seat, lang)
        self.console.print(Text(text), soft_wrap=True, markup=False, highlight=False)
        self.console.print(Text(t("forum_copied", lang), style="dim"), soft_wrap=True)
        self.posted[seat] = len(self.match.log)

    def ask_person(self, view: dict[str, Any], decision: Decision, seat: int | None = None) -> Option:
        """A person's answer to ``decision`` from the seat's ``view``; :class:`QuitGame` when they quit.

        At one screen (hotseat) the device is passed first whenever the other person is to decide.
        A single option is taken at once with auto-pass on a terminal (it shows in the next screen's log).
        """
        if self.forced(decision):
            return decision.options[0]
        seat = decision.player if seat is None else seat  # the person answering (a computer's toss: its opponent)
        if self.hotseat and self.last_person is not None and seat != self.last_person:
            if self.console.is_terminal:
                self.console.clear()
            if self.read(t("pass_device", self.lang, n=seat + 1) + " ") is None:
                raise QuitGame
            if self.console.is_terminal:
                self.console.clear()
        self.last_person = seat
        self.show(seat, decision, view)
        if self.undone:
            self.say(self.undone, "yellow")
            self.undone = ""
        self.viewing = view
        option = self.ask(decision)
        self.viewing = None
        if option is None:
            raise QuitGame
        return option

    def run(self) -> int:
        """Play until the game ends or a person quits; saves the record; returns 0."""
        title = self.game.title.get(self.lang) if self.game.title.ja else self.game.name
        self.console.print(Text(t("game_start", self.lang, title=title, seed=self.setup.seed), style="bold"))
        names = [d.name for d in self.setup.decks]
        self.console.print(Text(t("decks_line", self.lang, a=names[0], b=names[1])))
        # with the board coin, a computer's toss is posted by the person here
        seats: list[Agent] = [Person(self) if agent is None else PostsByPerson(agent, self)
                              if self.setup.chance == "post" else agent for agent in self.agents]
        quit_game = False
        while True:
            try:
                play(self.game, None, seats, self.chances, match=self.match, on_decision=self.note_answer,
                     on_events=self.note_events)
            except QuitGame:
                quit_game = True
            except TakeBack:
                self.take_back()
                continue
            return self.finish(quit_game)

    # ----- taking answers back (``u``) ----------------------------------------------
    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` cannot take back an answer now (a one-line message), or None when it can."""
        if not self.match.deciders or self.match.deciders[-1] != seat:
            return t("undo_nothing", self.lang)
        if takeback_limit(self.match, seat) == 0:
            return t("undo_new_info", self.lang)
        return None

    def take_back(self) -> None:
        """Take back the last answer of the seat that asked (and any forced answers before it, which
        auto-pass would give again at once); the log loses their lines."""
        seat = self.match.deciders[-1]
        left = take_back(self.match, seat)
        while left > 0 and self.forced(self.match.decision):
            left = take_back(self.match, seat)
        steps = len(self.match.answers)
        cut = self.marks[steps] if steps < len(self.marks) else len(self.log)
        del self.marks[steps:]
        del self.log[0 if steps == 0 else cut:]  # from no answers at all, the play loop logs the set-up again
        for viewer, seen in self.seen.items():
            self.seen[viewer] = min(seen, len(self.log))
        self.undone = t("undone", self.lang, n=left)

    def forced(self, decision: Decision | None) -> bool:
        """Whether auto-pass answers ``decision`` without asking (a single option on a terminal)."""
        return (decision is not None and self.auto_pass and self.console.is_terminal
                and len(decision.options) == 1)

    def finish(self, quit_game: bool) -> int:
        lang = self.lang
        if quit_game:
            self.console.print(Text(t("quit", lang), style="yellow"))
        else:
            viewer = None if self.hotseat else (0 if self.agents[0] is None else 1)
            self.show(viewer, None)
            outcome = self.match.outcome
            if outcome is None:
                self.console.print(Text(t("unfinished", lang), style="yellow"))
            else:
                if outcome.winner is None:
                    message = t("draw", lang)
                elif self.hotseat:
                    message = t("seat_wins", lang, n=outcome.winner + 1)
                else:
                    message = t("you_win", lang) if self.agents[outcome.winner] is None else t("you_lose", lang)
                self.console.print(Text(message, style="bold green"))
                self.console.print(Text(t("reason", lang, reason=self.reason_text(outcome.reason))))
        players = ["human" if a is None else a.name for a in self.agents]
        path = self.record_path or default_record_path(self.game.name)
        record = self.match.record({"players": players, "lang": lang})
        saved = record.save(path)
        self.console.print(Text(t("record_saved", lang, path=str(saved))), soft_wrap=True)
        if self.resume and self.match.outcome is None:
            record.meta["resume"] = {**self.resume, "record": str(saved),
                                     "posted": {str(seat): at for seat, at in self.posted.items()}}
            kept = record.save(self.saved_path or new_saved_path(self.game.name))
            self.console.print(Text(t("game_saved", lang, name=saved_name(kept))), soft_wrap=True)
        elif self.saved_path is not None and self.match.outcome is not None:
            self.saved_path.unlink(missing_ok=True)
        return 0

    def reason_text(self, reason: str) -> str:
        return self.game.text.term(reason, self.lang)
