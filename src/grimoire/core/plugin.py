"""What a game package gives Grimoire: one :class:`GamePlugin` object.

A game is a package (``grimoire.games.chant``, or any installed third-party package)
that exports a ``GamePlugin`` and names it in the ``grimoire.games`` entry-point
group::

    [project.entry-points."grimoire.games"]
    chant = "grimoire.games.chant:PLUGIN"

The plugin bundles everything game-specific that Grimoire's adapters need, so that no
adapter (AI, simulation, balance lab, terminal, web, RL) ever names a game:

* ``rules`` — the :class:`~grimoire.core.game.Game` class;
* ``greedy`` — its one-ply heuristic agent (an :class:`~grimoire.core.play.Agent`);
* ``search`` — its :class:`SearchHooks` for information-set search;
* ``board`` — its terminal board renderer ``board(game, view, lang)`` (Rich); a function
  ``compact`` beside it in its module draws the board small enough for an 80×24 terminal;
* ``metrics`` — its :class:`GameMetrics` for the balance lab;
* ``encoding`` — its :class:`~grimoire.core.encoding.Encoding` for learning agents (the
  action catalogue and the numeric observation of a seat's view);
* ``web_assets`` — a folder whose ``render.js`` draws its table in the browser (else a
  generic table is drawn); its words come from the game's catalog (``ui.*`` keys);
* ``hard`` — the search budget of the ``hard`` computer level;
* ``card_text`` — its :class:`CardText`: rules text generated from effect data and the
  forum template printed and read back (else a card shows its own ``text``);
* ``card_face`` — its :class:`CardFace`: a card's face as SVG;
* ``rules_docs`` — a folder of its package holding its numbered rules, ``<name>.md``
  (English) and ``<name>.ja.md`` (Japanese): the server renders them at ``/rules/<name>``
  and event explanations and prompts link to their rules there;
* ``rule_refs`` — a mapping from decision kind (or ``"<kind> <option id>"``) to the number
  of the rule in its rules document that it applies (the table links prompts to it);
* ``board_editor`` — its :class:`~grimoire.core.boardedit.BoardEditor`: the zones, life and
  position notation of the web board editor (else the editor does not offer the game);
* ``forum_board`` — ``lines(game, view, lang)``: the public board of a forum post as plain
  lines (else :func:`grimoire.core.thread.generic_board` lists the view's numbers and cards).

References are ``"module:attribute"`` strings, imported on first use, so that listing
the games imports nothing heavy.

>>> p = GamePlugin("toy", Localized("玩具", "Toy"), rules="collections:OrderedDict")
>>> p.greedy_agent() is None, p.search_hooks() is None
(True, True)
>>> GamePlugin("Bad Name", Localized("x", "x"), rules="a:b")
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: game name 'Bad Name' must be lowercase letters, digits, '-' or '_'
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .content import Localized
from .decision import Decision, Event
from .errors import GrimoireError
from .hidden import KnownDecks
from .rng import Chance

if TYPE_CHECKING:
    from .boardedit import BoardEditor
    from .encoding import Encoding
    from .game import Game
    from .play import Agent

_NAME = re.compile(r"^[a-z0-9][a-z0-9_\-]*$")


class SearchHooks(Protocol):
    """What information-set search needs from one game.

    ``turns`` is how many turns a playout runs beyond the root before :meth:`evaluate`
    scores it.
    """

    turns: int

    def determinize(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance,
                    decks: KnownDecks) -> Any:
        """A full state whose view for ``decision.player`` equals ``view`` and whose decision is ``decision``."""
        ...

    def evaluate(self, game: Game[Any], state: Any, seat: int) -> float:
        """How good ``state`` is for ``seat``, in [0, 1] (0.5: even)."""
        ...

    def playout(self, game: Game[Any], state: Any, decision: Decision, chance: Chance) -> str:
        """A quick answer for playouts (must be one of ``decision``'s options)."""
        ...


# ----- optional hooks -------------------------------------------------------------------------------
# A game's search hooks and metrics may have more members than their protocols require. Each optional
# member is declared here as a protocol of its own (``isinstance(hooks, HasPrior)`` tells whether a game
# has it, and narrows the type); without it the adapter uses the default named in its docstring, and
# where that skips a feature it says so in one line (:func:`note_missing`).

#: the weight of the greedy agent's root answer in search when the hooks name none (:class:`HasPrior`)
DEFAULT_PRIOR = 0.5
#: how search answers the other seat when the hooks name no model (:class:`HasOpponent`)
DEFAULT_OPPONENT = "tree"


@runtime_checkable
class HasPrior(Protocol):
    """Optional search hook ``prior``: the weight of the greedy agent's root answer (default
    :data:`DEFAULT_PRIOR`, 0.5; ``--prior`` / ``search-N-pW`` override it)."""

    prior: float


@runtime_checkable
class HasOpponent(Protocol):
    """Optional search hook ``opponent``: how the tree answers the other seat, ``tree`` (default) or
    ``policy`` (the greedy agent from the opponent's own view)."""

    opponent: str


@runtime_checkable
class HasPolicyView(Protocol):
    """Optional search hook ``policy_view``: just what the greedy agent reads of ``seat``'s view, built
    fast for playouts (default: ``game.view(state, seat)``, the same answers, slower)."""

    def policy_view(self, game: Game[Any], state: Any, seat: int) -> dict[str, Any]: ...


@runtime_checkable
class HasGreedyAnswer(Protocol):
    """Optional search hook ``greedy_answer``: the greedy agent's answer for the seat to move, read from
    the state directly, the same as its answer on that seat's view (default: the greedy agent on
    ``policy_view``, else on ``game.view``: the same answers, slower)."""

    def greedy_answer(self, game: Game[Any], state: Any, decision: Decision, chance: Chance) -> str: ...


@runtime_checkable
class HasDeterminizer(Protocol):
    """Optional search hook ``determinizer``: reads a view once and returns a dealer whose every call
    ``dealer(chance)`` is a fresh determinization (default: ``determinize`` on every call, slower)."""

    def determinizer(self, game: Game[Any], view: dict[str, Any], decision: Decision,
                     decks: KnownDecks) -> Callable[[Chance], Any]: ...


@runtime_checkable
class HasVanilla(Protocol):
    """Optional metrics hook ``vanilla``: the card table of a plain card of the same cost as ``card_id``
    (power shifted by ``power_delta``), or None (default: none; the balance lab's ``--swap`` then needs
    ``--swap-with CARD``)."""

    def vanilla(self, game: Game[Any], card_id: str, power_delta: int = 0) -> dict[str, Any] | None: ...


@runtime_checkable
class HasStyles(Protocol):
    """Optional metrics hook ``styles``: the game's balance play styles by name, each a wrapper
    ``style(base_agent, name)`` of an agent (default: none; the lab's agents are then AI levels only)."""

    def styles(self) -> dict[str, Any]: ...


@runtime_checkable
class HasCoverage(Protocol):
    """Optional metrics hook ``coverage``: the mechanics the balance report's coverage section watches
    (:func:`coverage_item` entries; default: none, and the report has no coverage section)."""

    def coverage(self) -> list[dict[str, Any]]: ...


@runtime_checkable
class HasFixedCards(Protocol):
    """Optional metrics hook ``fixed_cards``: card ids the lab's ``--suggest`` never changes (default: none)."""

    def fixed_cards(self) -> Iterable[str]: ...


@runtime_checkable
class HasCardEvents(Protocol):
    """Optional metrics hook ``card_events``: which event kinds mean what for a card (a plain dict of the
    fields of :class:`grimoire.balance.cardstats.CardEvents`: placed, activated, effects, attacks,
    damage …), read by the balance report's "what each card did" (default: none; the report then has no
    per-card statistics)."""

    def card_events(self) -> dict[str, Any]: ...


@runtime_checkable
class HasPowerBand(Protocol):
    """Optional metrics hook ``power_band``: the lowest and highest power the game's design guideline allows
    for ``card_id``'s cost, or None, the band the lab's equivalent power is judged against (default: none; the
    lab's ``--equivalent`` then gives no verdict against a band)."""

    def power_band(self, game: Game[Any], card_id: str) -> tuple[int, int] | None: ...


@runtime_checkable
class HasCardGuidelines(Protocol):
    """Optional metrics hook ``card_guidelines``: the game's designer guidelines applied to a card (each with
    ``key``, ``level``, ``text``, ``quote`` and ``source``), shown by the card tools and the card editor
    (default: none, and no guideline is shown)."""

    def card_guidelines(self, game: Game[Any], card_id: str) -> Iterable[Any]: ...


#: every optional hook: the protocol that declares it, by where it lives and its name
OPTIONAL_HOOKS: dict[str, type] = {
    "search.prior": HasPrior, "search.opponent": HasOpponent, "search.policy_view": HasPolicyView,
    "search.greedy_answer": HasGreedyAnswer, "search.determinizer": HasDeterminizer,
    "metrics.vanilla": HasVanilla, "metrics.styles": HasStyles, "metrics.coverage": HasCoverage,
    "metrics.fixed_cards": HasFixedCards, "metrics.card_events": HasCardEvents,
    "metrics.power_band": HasPowerBand, "metrics.card_guidelines": HasCardGuidelines,
}

_noted: set[str] = set()
log = logging.getLogger("grimoire")


def note_missing(game: str, hook: str, skipped: str, section: str = "1.5") -> str:
    """Say once per process, in one line on the ``grimoire`` logger (stderr by default), that ``game``
    lacks optional ``hook`` (declared in ``section`` of docs/protocol.md) and what is skipped; returns the line.

    >>> note_missing("toy", "metrics.coverage", "the balance report has no coverage section")
    "note: game 'toy' has no metrics.coverage hook (docs/protocol.md 1.5): the balance report has no coverage section"
    """
    line = f"note: game {game!r} has no {hook} hook (docs/protocol.md {section}): {skipped}"
    if line not in _noted:
        _noted.add(line)
        log.warning("%s", line)
    return line


class PlayedGame(Protocol):
    """What :meth:`GameMetrics.summarize` reads of each balance game."""

    @property
    def winner(self) -> int | None: ...

    @property
    def extra(self) -> dict[str, Any]: ...


def coverage_item(key: str, ja: str, en: str, events: list[str], hint: str) -> dict[str, Any]:
    """One mechanic a game's metrics watch for the balance report's coverage section: its label in
    both languages, the event kinds that show it happened, and what could exercise it if it never does."""
    return {"key": key, "label": {"ja": ja, "en": en}, "events": events, "hint": hint}


class GameMetrics(Protocol):
    """A game's own balance metrics: read from each game's events, summarized over many.

    :meth:`start` gives a fresh per-game ``extra`` dict that :meth:`step` fills from each
    step's events (and the state after it); :meth:`summarize` turns many games' extras
    into the report's ``game_metrics``; :meth:`plot` draws its figure on a Matplotlib
    axis from the report data (False: nothing to draw); :meth:`guideline` lists cards
    outside the game's card-design guideline.
    """

    def draws(self, event: Event) -> tuple[int, str] | None:
        """``(seat, card id)`` when ``event`` puts a card into a seat's hand."""
        ...

    def plays(self, event: Event) -> tuple[int, str] | None:
        """``(seat, card id)`` when ``event`` is a seat putting a card into play."""
        ...

    def start(self) -> dict[str, Any]:
        """A fresh per-game record."""
        ...

    def step(self, game: Game[Any], state: Any, events: list[Event], extra: dict[str, Any]) -> None:
        """Read one step's events (and the state after it) into ``extra``."""
        ...

    def summarize(self, games: Sequence[PlayedGame]) -> dict[str, Any]:
        """The game's metrics over many games."""
        ...

    def plot(self, data: dict[str, Any], ax: Any) -> bool:
        """Draw the game's figure of a report on ``ax``; False if there is nothing to draw."""
        ...

    def guideline(self, game: Game[Any]) -> list[dict[str, Any]]:
        """Cards outside the game's design guideline, each with the reason."""
        ...


Board = Callable[["Game[Any]", dict[str, Any], str], Any]
ForumBoard = Callable[["Game[Any]", dict[str, Any], str], list[str]]
"""``lines(game, view, lang)``: the public board of a forum post (the public ``view``) as plain lines."""


@dataclass(frozen=True)
class CardText:
    """A game's card words, pure functions of card data (``pool`` names the cards a text mentions).

    ``rules_text(card, lang, pool)`` is the rules text generated from the card's effects;
    ``to_forum(card, lang, pool)`` the card in the forum template; ``from_forum(text,
    source, pool)`` the ``(line, card table)`` of every card of a post (errors name the
    line); ``forum_fit(text)`` how well a post fits this game's template (0: not at all);
    ``check_words(error)`` a card check's refusal (a ContentError) in Japanese and English.
    """

    rules_text: Callable[[Any, str, Any], str]
    to_forum: Callable[[Any, str, Any], str]
    from_forum: Callable[[str, str, Any], list[tuple[int, dict[str, Any]]]]
    forum_fit: Callable[[str], int]
    check_words: Callable[[Any], Localized] | None = None


@dataclass(frozen=True)
class CardNumber:
    """A number on a game's cards, for the card tools and the balance lab.

    ``field`` is the card's attribute; ``stronger`` what a higher value does to the card:
    +1 strengthens it (a power), -1 weakens it (a cost), 0 neither or it depends (the
    balance lab's suggestions leave it alone); ``minimum`` and ``maximum`` (None: no
    bound) are the values its card files accept.

    >>> CardNumber("power", stronger=1, minimum=1).stronger
    1
    """

    field: str
    stronger: int = 0
    minimum: int = 0
    maximum: int | None = None


CardFace = Callable[[Any, str, Any], str]
"""``face(card, lang, pool)``: the SVG document of a card's face."""


def resolve(ref: str) -> Any:
    """The object a ``"module:attribute"`` reference names; a bad reference is a GrimoireError."""
    module_name, sep, attr = ref.partition(":")
    if not sep or not module_name or not attr:
        raise GrimoireError(f"bad plugin reference {ref!r}: expected 'module:attribute'")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise GrimoireError(f"plugin reference {ref!r}: cannot import {module_name!r}: {exc}") from None
    found = module
    for part in attr.split("."):
        if not hasattr(found, part):
            raise GrimoireError(f"plugin reference {ref!r}: {module_name!r} has no {attr!r}")
        found = getattr(found, part)
    return found


@dataclass(frozen=True)
class GamePlugin:
    """One game as Grimoire sees it (see the module docstring)."""

    name: str
    title: Localized
    rules: str
    greedy: str | None = None
    search: str | None = None
    board: str | None = None
    metrics: str | None = None
    encoding: str | None = None
    web_assets: Path | None = None
    hard: Mapping[str, Any] = field(default_factory=lambda: {"iterations": 1000, "seconds": 0.9})
    description: Localized | None = None
    card_text: str | None = None
    card_face: str | None = None
    rule_refs: str | None = None
    rules_docs: Path | None = None
    board_editor: str | None = None
    forum_board: str | None = None
    #: the numbers on its cards; its cards' other attributes the card pool lists; those the deck builder filters by
    card_numbers: tuple[CardNumber, ...] = ()
    card_facets: tuple[str, ...] = ()
    card_filters: tuple[str, ...] = ()
    #: the event kinds the terminal's summary of the other side's turn names (its attacks), and the event
    #: arguments that hold a player's score (an event with one changed how the game stands): none by default
    summary_events: tuple[str, ...] = ()
    score_args: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise GrimoireError(f"game name {self.name!r} must be lowercase letters, digits, '-' or '_'")

    def make_game(self, card_paths: Sequence[str | Path] = (),
                  tables: Mapping[str, Mapping[str, Any]] | None = None) -> Game[Any]:
        """The game's rules with its built-in cards plus ``card_paths`` and record ``tables``."""
        cls = resolve(self.rules)
        game: Game[Any] = cls(card_paths=card_paths, tables=tables)
        return game

    def greedy_agent(self) -> Agent | None:
        """A fresh heuristic agent (None if the game has none)."""
        if self.greedy is None:
            return None
        agent: Agent = resolve(self.greedy)()
        return agent

    def search_hooks(self) -> SearchHooks | None:
        """The search hooks (None if the game has none)."""
        if self.search is None:
            return None
        hooks: SearchHooks = resolve(self.search)
        return hooks

    def board_renderer(self) -> Board | None:
        """The terminal board renderer (None: a generic listing of the view is drawn)."""
        if self.board is None:
            return None
        board: Board = resolve(self.board)
        return board

    def compact_board_renderer(self) -> Board | None:
        """The board for a small terminal: ``compact`` in the module of ``board`` (None: there is none)."""
        if self.board is None:
            return None
        try:
            compact: Board = resolve(self.board.partition(":")[0] + ":compact")
        except GrimoireError:
            return None
        return compact

    def metrics_reader(self) -> GameMetrics | None:
        """A fresh balance-metrics reader (None: only the generic metrics)."""
        if self.metrics is None:
            return None
        metrics: GameMetrics = resolve(self.metrics)()
        return metrics

    def encoder(self) -> Encoding | None:
        """The numeric encoding for learning agents (None if the game has none)."""
        if self.encoding is None:
            return None
        found: Encoding = resolve(self.encoding)
        return found

    def text_tools(self) -> CardText | None:
        """The card text generator and forum template (None: cards show their own text)."""
        if self.card_text is None:
            return None
        found: CardText = resolve(self.card_text)
        return found

    def face_renderer(self) -> CardFace | None:
        """The card face renderer (None if the game has none)."""
        if self.card_face is None:
            return None
        found: CardFace = resolve(self.card_face)
        return found

    def rule_map(self) -> Mapping[str, str]:
        """Decision kind (or ``"<kind> <option id>"``) → the rule number it applies (empty: none named)."""
        if self.rule_refs is None:
            return {}
        found: Mapping[str, str] = resolve(self.rule_refs)
        return found

    def board_editor_hook(self) -> BoardEditor | None:
        """The web board editor's zones, words and position writer (None: the game has no board editor)."""
        if self.board_editor is None:
            return None
        found: BoardEditor = resolve(self.board_editor)
        return found

    def forum_board_lines(self) -> ForumBoard | None:
        """The forum post's board lines (None: :func:`grimoire.core.thread.generic_board`)."""
        if self.forum_board is None:
            return None
        found: ForumBoard = resolve(self.forum_board)
        return found

    def rules_document(self, lang: str) -> Path | None:
        """The game's rules in ``lang`` (``<name>.md`` in English, ``<name>.<lang>.md`` otherwise, in
        :attr:`rules_docs`), if it ships them."""
        if self.rules_docs is None:
            return None
        path = self.rules_docs / (f"{self.name}.md" if lang == "en" else f"{self.name}.{lang}.md")
        return path if path.is_file() else None

    def web_renderer(self) -> Path | None:
        """The browser renderer (``render.js`` in :attr:`web_assets`), if the game ships one."""
        if self.web_assets is None:
            return None
        path = self.web_assets / "render.js"
        return path if path.is_file() else None
