"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The agent is honest: :meth:`SearchAgent.choose` gets only ``(game, view, decision,
chance)``. Each iteration

1. **determinizes** — the game's search hooks (its plugin's
   :class:`~grimoire.core.plugin.SearchHooks`) build a full
   state consistent with the view: own hand, both fields, public piles and counts as
   seen; the opponent's hand and both libraries' order drawn at random from the known
   deck lists minus the cards already seen; a fresh random generator for the state;
2. **selects** down one shared tree whose edges are option ids, with UCB1 over the
   options *available in this determinization* (each child counts how often it was
   available, as ISMCTS prescribes), the greedy agent's root answer getting a bonus
   that fades with visits; forced moves (one option) are played through;
3. **expands** one untried option;
4. **plays out** with the game's greedy agent (from the view of the seat to move in the
   determinization; or a cheaper rule of thumb, or uniformly at random) for at most
   ``depth`` decisions and ``turns`` turns, then scores the position with the game's
   heuristic (a finished game scores 1 / 0.5 / 0);
5. **backs up** the score of the seat that chose each edge.

The answer is the most visited option at the root. The budget is a number of
iterations, a time per decision, or both (whichever ends first); with an iteration
budget the agent is deterministic for a given chance source.

>>> SearchConfig(iterations=100).seconds is None
True
>>> SearchConfig(iterations=None, seconds=None)
Traceback (most recent call last):
...
grimoire.core.errors.GrimoireError: search needs a budget: iterations, seconds or both
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from grimoire.core.decision import Decision, Event
from grimoire.core.decks import Deck
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.hidden import KnownDecks
from grimoire.core.play import Agent
from grimoire.core.plugin import (
    DEFAULT_OPPONENT,
    DEFAULT_PRIOR,
    HasDeterminizer,
    HasGreedyAnswer,
    HasOpponent,
    HasPolicyView,
    HasPrior,
    SearchHooks,
)
from grimoire.core.registry import plugin
from grimoire.core.rng import Chance

Policy = Callable[[Any, Decision, Chance], str]


PLAYOUTS = ("greedy", "policy", "random")
OPPONENTS = ("tree", "policy")

#: The root bonus of the greedy agent's answer for games whose hooks do not set one (``HasPrior``).
PRIOR = DEFAULT_PRIOR


@dataclass(frozen=True)
class SearchConfig:
    """Search settings.

    ``iterations`` and ``seconds`` bound each decision (None: no bound of that kind; at
    least one must be set). ``exploration`` is the UCB constant for scores in [0, 1].
    Playouts stop after ``depth`` decisions or ``turns`` turns beyond the root (None: the
    game's hooks say, ``hooks.turns``) and are scored by the heuristic.
    ``playout`` is the policy of playouts and of the first expansion of a node:
    ``greedy`` (the game's greedy agent, from the view of the seat to move in the
    determinization), ``policy`` (the game's cheaper rule of thumb) or ``random``;
    with probability ``epsilon`` a playout answer is random instead.
    ``prior`` is the weight of a bonus ``prior / (1 + visits)`` for the greedy agent's
    answer at the root (progressive bias: with few iterations the search follows the
    heuristic unless the playouts disagree); None: the game's hooks say (``hooks.prior``,
    :data:`PRIOR` for hooks without one). ``reuse`` runs that many iterations on
    copies of each determinization (with fresh chance). ``workers`` above 1 searches
    that many independent trees at once, one per process, and adds up their root
    visits (root parallelism: :class:`grimoire.ai.parallel.ParallelSearchAgent`); an
    iteration budget is then shared out between the trees. ``opponent`` is how the tree
    answers the other seat's decisions: ``tree`` (UCB over their options, as for the
    searching seat) or ``policy`` (the playout policy's answer from that seat's own view
    of the determinization: an opponent model that cannot see the searching seat's hand);
    None: the game's hooks say (``hooks.opponent``, ``tree`` for hooks without one).
    """

    iterations: int | None = 200
    seconds: float | None = None
    exploration: float = 0.7
    depth: int = 60
    turns: int | None = None
    playout: str = "greedy"
    epsilon: float = 0.1
    prior: float | None = None
    reuse: int = 1
    workers: int = 1
    opponent: str | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise GrimoireError("search needs a budget: iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise GrimoireError(f"search iterations must be at least 1, got {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise GrimoireError(f"search seconds must be positive, got {self.seconds}")
        if self.playout not in PLAYOUTS:
            raise GrimoireError(f"unknown playout {self.playout!r}; playouts: {', '.join(PLAYOUTS)}")
        if self.prior is not None and self.prior < 0:
            raise GrimoireError(f"search prior must be at least 0, got {self.prior}")
        if self.opponent is not None and self.opponent not in OPPONENTS:
            raise GrimoireError(f"unknown opponent model {self.opponent!r}; models: {', '.join(OPPONENTS)}")
        if self.reuse < 1:
            raise GrimoireError(f"reuse must be at least 1, got {self.reuse}")
        if self.workers < 1:
            raise GrimoireError(f"search workers must be at least 1, got {self.workers}")


def hooks_for(game_name: str) -> SearchHooks:
    """The search hooks of ``game_name``'s plugin; a game without them is a GrimoireError."""
    hooks = plugin(game_name).search_hooks()
    if hooks is None:
        raise GrimoireError(f"game {game_name!r} has no search hooks")
    return hooks


class Node:
    """A tree node: reached by one option id chosen by ``player``."""

    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


@dataclass
class SearchStats:
    """What the last search did (for benchmarks and tests)."""

    iterations: int = 0
    seconds: float = 0.0
    nodes: int = 0
    visits: dict[str, int] = field(default_factory=dict)
    #: summed scores (for the chooser) of each root option, and the greedy agent's root answer
    totals: dict[str, float] = field(default_factory=dict)
    prior: str | None = None
    #: search trees grown at once (root parallelism) and the iterations of each
    shares: list[int] = field(default_factory=list)
    #: the line the tree expects from the root: (seat, option id) along the most visited edges
    line: list[tuple[int, str]] = field(default_factory=list)


class SearchAgent:
    """An ISMCTS agent (see the module docstring).

    ``decks`` are the deck lists as ``(own, opponent)`` (either may be None); a game
    whose view publishes both lists (``view["decklists"]``) needs none. ``hooks``
    overrides the search hooks of the game's plugin.
    """

    def __init__(self, config: SearchConfig | None = None, decks: Sequence[Deck | None] | None = None,
                 hooks: SearchHooks | None = None, name: str | None = None) -> None:
        self.config = config or SearchConfig()
        own, opp = (*tuple(decks), None, None)[:2] if decks is not None else (None, None)
        self._own: Deck | None = own
        self._opp: Deck | None = opp
        self._hooks = hooks
        budget = self.config.iterations if self.config.iterations is not None else f"{self.config.seconds}s"
        self.name = name or f"search-{budget}"
        self.stats = SearchStats()
        self._greedy_agent: Agent | None = None
        self._greedy_game = ""

    def known_decks(self, view: dict[str, Any], seat: int) -> KnownDecks:
        """The deck lists by seat: the view's own, else those given at construction."""
        lists: list[Deck | None] = [None, None]
        lists[seat] = self._own
        lists[1 - seat] = self._opp
        return KnownDecks.from_view(view, KnownDecks((lists[0], lists[1])))

    def choose(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance) -> str:
        """The most visited root option after the budget is spent."""
        if len(decision.options) == 1:
            self.stats = SearchStats(0, 0.0, 0, {decision.options[0].id: 0})
            return decision.options[0].id
        self.stats = self.search(game, view, decision, chance)
        return best_option(decision.ids(), self.stats, chance)

    def search(self, game: Game[Any], view: dict[str, Any], decision: Decision, chance: Chance,
               iterations: int | None = None, progress: Callable[[SearchStats], None] | None = None,
               every: int = 0) -> SearchStats:
        """Spend the budget (``iterations`` overrides the configured count) and return the root's statistics.

        ``progress`` (with ``every`` > 0) is called with the statistics so far every ``every`` iterations.
        """
        hooks = self._hooks or hooks_for(game.name)
        policy = self._policy(game, hooks)
        seat = decision.player
        decks = self.known_decks(view, seat)
        cfg = self.config
        root = Node(1 - seat)
        root_ids = decision.ids()
        began = time.perf_counter()
        prior_id = None
        weight = prior_weight(cfg, hooks)
        model = policy if opponent_model(cfg, hooks) == "policy" else None
        if weight > 0:
            greedy = self._greedy(game)
            if greedy is not None:
                prior_id = greedy.choose(game, view, decision, chance.clone())
        deadline = None if cfg.seconds is None else began + cfg.seconds
        budget = iterations if iterations is not None else cfg.iterations
        limit = budget if budget is not None else 1 << 62
        done = 0
        base: Any = None
        events: list[Event] = []
        sample = _sampler(hooks, game, view, decision, decks)
        while done < limit:
            if base is None or done % cfg.reuse == 0:
                base = sample(chance)
                state = base if cfg.reuse == 1 else game.clone(base)
            else:
                state = game.clone(base)
                game.chance(state).reseed(chance.next64())
            self._iterate(game, hooks, policy, model, state, root, root_ids, prior_id, weight, chance, events)
            done += 1
            if progress is not None and every > 0 and done % every == 0 and done < limit:
                progress(root_stats(root, root_ids, done, time.perf_counter() - began, prior_id))
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return root_stats(root, root_ids, done, time.perf_counter() - began, prior_id)

    def _greedy(self, game: Game[Any]) -> Agent | None:
        """The game's greedy agent (None if the game has none)."""
        if self._greedy_agent is None or self._greedy_game != game.name:
            self._greedy_agent = plugin(game.name).greedy_agent()
            self._greedy_game = game.name
        return self._greedy_agent

    def _policy(self, game: Game[Any], hooks: SearchHooks) -> Policy | None:
        """The playout policy: ``(state, decision, chance) -> option id``, or None for random answers."""
        mode = self.config.playout
        if mode == "greedy":
            greedy = self._greedy(game)
            if greedy is not None and isinstance(hooks, HasGreedyAnswer):
                # the hooks answer as the greedy agent would, reading the state (no view is built)
                state_greedy = hooks

                def by_state(state: Any, d: Decision, chance: Chance) -> str:
                    return state_greedy.greedy_answer(game, state, d, chance)

                return by_state
            if greedy is not None:
                agent = greedy
                # the hooks may build just what the greedy agent reads of a view (a playout fast path)
                fast = hooks if isinstance(hooks, HasPolicyView) else None

                def by_view(state: Any, d: Decision, chance: Chance) -> str:
                    view = fast.policy_view(game, state, d.player) if fast is not None else game.view(state, d.player)
                    return agent.choose(game, view, d, chance)

                return by_view
            mode = "policy"
        if mode == "policy":
            def quick(state: Any, d: Decision, chance: Chance) -> str:
                return hooks.playout(game, state, d, chance)

            return quick
        return None

    def _iterate(self, game: Game[Any], hooks: SearchHooks, policy: Policy | None, model: Policy | None,  # noqa: PLR0913 — one search iteration's whole context, passed on the hot path rather than packed
                 state: Any, root: Node, root_ids: list[str], prior_id: str | None, bonus: float,
                 chance: Chance, events: list[Event]) -> None:
        """One iteration: select and expand (``model`` answering the opponent's decisions), play out, back up."""
        cfg = self.config
        c = cfg.exploration
        me = 1 - root.player
        node = root
        path = [root]
        turn0 = game.turn_number(state)
        d: Decision | None = game.decision(state)
        first = True
        # selection and expansion
        while d is not None:
            if first:
                ids = [o for o in d.ids() if o in root_ids] or root_ids
                first = False
            else:
                if len(d.options) == 1:
                    events.clear()
                    game.apply_unchecked(state, d.options[0].id, events)
                    d = game.decision(state)
                    continue
                if model is not None and d.player != me:
                    # the opponent model answers; its answers still branch the tree (no expansion stop)
                    oid = model(state, d, chance)
                    nxt = node.children.get(oid)
                    if nxt is None:
                        nxt = node.children[oid] = Node(d.player)
                    events.clear()
                    game.apply_unchecked(state, oid, events)
                    node = nxt
                    path.append(node)
                    d = game.decision(state)
                    continue
                ids = d.ids()
            children = node.children
            untried: list[str] = []
            for oid in ids:
                child = children.get(oid)
                if child is None:
                    untried.append(oid)
                else:
                    child.avail += 1
            if untried:
                if node is root and prior_id in untried:
                    oid = prior_id
                elif policy is not None and len(untried) > 1 and chance.below(2) == 0:
                    pick = policy(state, d, chance)
                    oid = pick if pick in untried else untried[chance.below(len(untried))]
                else:
                    oid = untried[chance.below(len(untried))]
                child = Node(d.player)
                child.avail = 1
                children[oid] = child
                events.clear()
                game.apply_unchecked(state, oid, events)
                path.append(child)
                break
            best_id = ids[0]
            best_score = -1.0
            for oid in ids:
                child = children[oid]
                score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if oid == prior_id and node is root:
                    score += bonus / (1 + child.visits)
                if score > best_score:
                    best_score = score
                    best_id = oid
            node = children[best_id]
            events.clear()
            game.apply_unchecked(state, best_id, events)
            path.append(node)
            d = game.decision(state)
        # playout
        reward0 = self._playout(game, hooks, policy, state, turn0, chance, events)
        for n in path:
            n.visits += 1
            n.total += reward0 if n.player == 0 else 1.0 - reward0

    def _playout(self, game: Game[Any], hooks: SearchHooks, policy: Policy | None, state: Any, turn0: int,
                 chance: Chance, events: list[Event]) -> float:
        """Play on from ``state`` and return seat 0's score in [0, 1]."""
        cfg = self.config
        last_turn = turn0 + (cfg.turns if cfg.turns is not None else hooks.turns)
        depth = cfg.depth
        eps = int(cfg.epsilon * 1000)
        decide = game.decision
        apply = game.apply_unchecked
        turn_number = game.turn_number
        below = chance.below
        steps = 0
        while (d := decide(state)) is not None:
            if steps >= depth or turn_number(state) >= last_turn:
                return hooks.evaluate(game, state, 0)
            opts = d.options
            if len(opts) == 1:
                oid = opts[0].id
            elif policy is not None and below(1000) >= eps:
                oid = policy(state, d, chance)
            else:
                oid = opts[below(len(opts))].id
            events.clear()
            apply(state, oid, events)
            steps += 1
        outcome = game.outcome(state)
        if outcome is None or outcome.winner is None:
            return 0.5
        return 1.0 if outcome.winner == 0 else 0.0


def prior_weight(config: SearchConfig, hooks: SearchHooks) -> float:
    """The weight of the greedy agent's root answer: the config's, else the hooks', else :data:`PRIOR`.

    >>> prior_weight(SearchConfig(prior=0.0), object())  # type: ignore[arg-type]
    0.0
    >>> prior_weight(SearchConfig(), object())  # type: ignore[arg-type]
    0.5
    """
    if config.prior is not None:
        return config.prior
    return float(hooks.prior) if isinstance(hooks, HasPrior) else PRIOR


def opponent_model(config: SearchConfig, hooks: SearchHooks) -> str:
    """How the tree answers the other seat: the config's model, else the hooks', else ``tree``.

    >>> opponent_model(SearchConfig(), object())  # type: ignore[arg-type]
    'tree'
    """
    return config.opponent or (str(hooks.opponent) if isinstance(hooks, HasOpponent) else DEFAULT_OPPONENT)


def _sampler(hooks: SearchHooks, game: Game[Any], view: dict[str, Any], decision: Decision,
             decks: KnownDecks) -> Callable[[Chance], Any]:
    """Determinizations of one view: the hooks' ``determinizer`` when they have one (it reads the view once
    and deals only the hidden cards on each call), else their ``determinize`` on every call."""
    if isinstance(hooks, HasDeterminizer):
        return hooks.determinizer(game, view, decision, decks)

    def each(chance: Chance) -> Any:
        return hooks.determinize(game, view, decision, chance, decks)

    return each


def best_option(root_ids: list[str], stats: SearchStats, chance: Chance) -> str:
    """The answer to a searched decision: the most visited root option (ties: the greedy agent's answer, then
    the better mean score, then the earlier option); a random one if nothing was visited."""
    visits = stats.visits
    if not visits:
        return root_ids[chance.below(len(root_ids))]
    totals = stats.totals
    prior_id = stats.prior

    def key(oid: str) -> tuple[int, bool, float]:
        n = visits.get(oid, -1)
        return (n, oid == prior_id, totals.get(oid, 0.0) / n if n > 0 else 0.0)

    return max(root_ids, key=key)


def root_stats(root: Node, root_ids: list[str], done: int, seconds: float, prior_id: str | None) -> SearchStats:
    """The statistics of a tree: its root options' visits and scores, its size and its expected line."""
    visits: dict[str, int] = {}
    totals: dict[str, float] = {}
    for oid in root_ids:
        child = root.children.get(oid)
        if child is not None:
            visits[oid] = child.visits
            totals[oid] = child.total
    return SearchStats(done, seconds, _count(root), visits, totals, prior_id, [done], expected_line(root))


def expected_line(root: Node, longest: int = 12) -> list[tuple[int, str]]:
    """The most visited edge from each node down, while an edge was visited at least twice:
    ``(seat that chooses, option id)`` pairs."""
    line: list[tuple[int, str]] = []
    node = root
    while len(line) < longest and node.children:
        best_id = ""
        best: Node | None = None
        for oid, child in node.children.items():
            if best is None or child.visits > best.visits:
                best_id, best = oid, child
        if best is None or best.visits < 2:
            break
        line.append((best.player, best_id))
        node = best
    return line


def _count(node: Node) -> int:
    return 1 + sum(_count(c) for c in node.children.values())
