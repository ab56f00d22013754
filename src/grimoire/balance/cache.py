"""The balance lab's results cache (``grimoire balance --cache DIR``): blocks whose inputs are unchanged
are read back instead of played.

A block's key is the sha256 of a canonical JSON of everything that decides its games
(:meth:`BlockCache.inputs`): the engine fingerprint (the bytes of every ``.py``, ``.so``,
``.toml`` and ``.txt`` file of the ``grimoire`` package, and of the game's own package when it
is installed apart, outside ``data`` folders, plus the Python version), the game, level, labels, both decks (name and
every section in order), seed, start, count, rules options, set-up hints and the definitions of
the cards the two decks hold (and of the cards those definitions name) as the block's loaded
game sees them. A changed card file or card table therefore replays only the pairings holding
that card, and any change to the code replays everything.

Each block is one file ``DIR/<game>/<key>.json`` (written to a temporary file, then renamed)
holding the key, its inputs and the block's :class:`~grimoire.balance.collect.GameStats` as
objects. A missing, unreadable or mismatched file is a miss: the block is played again and its
file rewritten.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import json
import os
import platform
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.sim.parallel import cached_game

from .collect import Block, GameStats

FORMAT = "grimoire-balance-cache"
VERSION = 1
FINGERPRINTED = (".py", ".so", ".toml", ".txt")
Runner = Callable[[list[Block]], list[list[GameStats]]]


def canonical(value: Any) -> str:
    """The canonical JSON of ``value``: sorted keys, no spaces, anything unknown as its ``str``.

    >>> canonical({"b": (1, 2), "a": "火"})
    '{"a":"火","b":[1,2]}'
    """
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)


def sha256(text: str) -> str:
    """The hex sha256 of ``text`` (UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _fingerprinted(path: Path, root: Path) -> bool:
    """Whether ``path`` is part of the engine's fingerprint: code and tables, but not the card and
    deck files of a ``data`` folder (a block keys the decks and card definitions it uses itself).

    >>> root = Path("/p")
    >>> _fingerprinted(root / "games/x/rules.py", root), _fingerprinted(root / "games/x/data/cards/a.toml", root)
    (True, False)
    """
    return path.suffix in FINGERPRINTED and "data" not in path.relative_to(root).parts[:-1]


@functools.cache
def package_digest(root: Path) -> str:
    """The sha256 over the relative path and bytes of every fingerprinted file under ``root``."""
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if _fingerprinted(p, root) and p.is_file()):
        data = path.read_bytes()
        h.update(f"{path.relative_to(root).as_posix()}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def _package_root(module: str) -> Path | None:
    """The folder of the top-level package of ``module`` (None for a single-file module)."""
    found = sys.modules.get(module.split(".", 1)[0])
    file = getattr(found, "__file__", None)
    return Path(file).resolve().parent if file and Path(file).name == "__init__.py" else None


@functools.cache
def engine_fingerprint(rules_module: str = "grimoire") -> str:
    """The engine's fingerprint for a game whose rules live in ``rules_module``: the ``grimoire``
    package, that game's package when it is not inside ``grimoire``, and the Python version
    (computed once per process)."""
    parts = [platform.python_implementation(), ".".join(map(str, sys.version_info[:3]))]
    for module in dict.fromkeys(("grimoire", rules_module)):
        root = _package_root(module)
        parts.append(f"{module.split('.', 1)[0]}:{package_digest(root) if root else '-'}")
    return sha256("\n".join(parts))


def _strings(value: Any) -> Iterator[str]:
    """Every string value inside a card table."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def card_definitions(game: Game[Any], card_ids: Sequence[str]) -> dict[str, str]:
    """The sha256 of the canonical JSON of each card's definition in ``game``'s pool (its source
    table), for ``card_ids`` and every card their definitions name, by id.

    >>> from grimoire.core.registry import load_game
    >>> sorted(card_definitions(load_game("chant"), ["fireball_primer"]))  # it names 火球
    ['fireball', 'fireball_primer']
    """
    pool = game.pool
    out: dict[str, str] = {}
    todo = sorted(set(card_ids), reverse=True)
    while todo:
        cid = todo.pop()
        if cid in out:
            continue
        table = pool.tables.get(cid)
        card = pool.by_id.get(cid)
        if table is not None:
            definition: Any = table
        elif card is not None and dataclasses.is_dataclass(card) and not isinstance(card, type):
            definition = dataclasses.asdict(card)
        else:
            definition = repr(card)
        out[cid] = sha256(canonical(definition))
        todo.extend(s for s in _strings(definition) if s in pool.by_id and s not in out)
    return dict(sorted(out.items()))


# ----- games as JSON --------------------------------------------------------------
def encode_games(games: Sequence[GameStats]) -> list[dict[str, Any]]:
    """Games as JSON objects (field by field)."""
    return [dataclasses.asdict(g) for g in games]


def _seats(value: Any) -> list[list[str]]:
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(s, list) and all(isinstance(c, str) for c in s) for s in value)):
        raise ValueError("not two lists of card ids")
    return [list(value[0]), list(value[1])]


def _seat(value: Any) -> int | None:
    if value is not None and (type(value) is not int or value not in (0, 1)):
        raise ValueError("not a seat")
    return value


def decode_game(data: Any) -> GameStats:
    """One game back from its JSON object (ValueError, KeyError or TypeError when it is not one).

    >>> g = GameStats(3, "greedy", ("a", "b"), 1, "life", 0, 12, 80, kinds={"draw": 9})
    >>> decode_game(json.loads(json.dumps(encode_games([g])[0]))) == g
    True
    """
    if not isinstance(data, dict):
        raise ValueError("a game must be an object")
    decks = data["decks"]
    numbers = [data["index"], data["turns"], data["decisions"]]
    if not all(type(n) is int for n in numbers) or not isinstance(data["level"], str) \
            or not isinstance(data["reason"], str):
        raise ValueError("bad game fields")
    if not (isinstance(decks, list) and len(decks) == 2 and all(isinstance(d, str) for d in decks)):
        raise ValueError("bad deck labels")
    extra, kinds = data["extra"], data["kinds"]
    if not isinstance(extra, dict) or not isinstance(kinds, dict) \
            or not all(type(n) is int for n in kinds.values()):
        raise ValueError("bad extra or kinds")
    cards = data.get("cards", [{}, {}])
    if not (isinstance(cards, list) and len(cards) == 2 and all(isinstance(s, dict) for s in cards)):
        raise ValueError("bad card counts")
    return GameStats(numbers[0], data["level"], (decks[0], decks[1]), _seat(data["winner"]), data["reason"],
                     _seat(data["first"]), numbers[1], numbers[2], _seats(data["drawn"]), _seats(data["played"]),
                     extra, kinds, [dict(cards[0]), dict(cards[1])])


# ----- the cache --------------------------------------------------------------------
class BlockCache:
    """Played blocks under ``folder`` (created if need be; a file or an uncreatable folder is a
    one-line :class:`~grimoire.core.errors.GrimoireError`), with counts of what a run reused.

    >>> import tempfile
    >>> from grimoire.balance.collect import run_blocks
    >>> from grimoire.balance.pairing import pair_blocks
    >>> from grimoire.core.registry import load_game
    >>> d = load_game("toy").cards.starter_deck("bold")
    >>> blocks = pair_blocks("toy", None, (), "random", ("a", d), ("b", d), 12, seed=1)
    >>> cache = BlockCache(tempfile.mkdtemp())
    >>> cache.run(blocks, run_blocks) == cache.run(blocks, run_blocks)
    True
    >>> cache.line()
    'cache: 2 of 4 blocks reused, 12 games played'
    """

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        if self.folder.exists() and not self.folder.is_dir():
            raise GrimoireError(f"--cache {folder}: is a file, not a folder")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise GrimoireError(f"--cache {folder}: cannot create the folder ({exc.strerror or exc})") from None
        if not os.access(self.folder, os.W_OK | os.X_OK):
            raise GrimoireError(f"--cache {folder}: the folder is not writable")
        self.reused = 0
        self.played = 0
        self.games_played = 0
        self.unsaved = 0
        self._cards: dict[int, tuple[Game[Any], dict[tuple[str, ...], dict[str, str]]]] = {}

    # ----- keys ---------------------------------------------------------------------
    def _definitions(self, block: Block) -> dict[str, str]:
        game = cached_game(block.game_name, block.card_paths, block.tables)
        held, memo = self._cards.setdefault(id(game), (game, {}))
        ids = tuple(sorted({c for deck in block.decks for c in deck.all_cards()}))
        if ids not in memo:
            memo[ids] = card_definitions(held, ids)
        return memo[ids]

    def inputs(self, block: Block) -> dict[str, Any]:
        """Everything that decides the games of ``block``, as JSON data (its key is their sha256)."""
        game = cached_game(block.game_name, block.card_paths, block.tables)
        found: dict[str, Any] = json.loads(canonical({
            "engine": engine_fingerprint(type(game).__module__),
            "game": block.game_name,
            "level": block.level,
            "labels": list(block.labels),
            "decks": [deck.to_json() for deck in block.decks],
            "seed": block.seed,
            "start": block.start,
            "count": block.count,
            "options": [[k, v] for k, v in block.options],
            "hints": [[list(h) for h in seat] for seat in block.hints],
            "cards": self._definitions(block),
        }))
        return found

    def key(self, block: Block) -> tuple[str, dict[str, Any]]:
        """The block's key and the inputs it hashes."""
        found = self.inputs(block)
        return sha256(canonical(found)), found

    def path(self, block: Block, key: str) -> Path:
        """Where the block's games are kept."""
        return self.folder / block.game_name / f"{key}.json"

    # ----- reading and writing -------------------------------------------------------
    def load(self, block: Block, keyed: tuple[str, dict[str, Any]] | None = None) -> list[GameStats] | None:
        """The block's games if its file holds them for exactly these inputs, else None (``keyed``:
        the block's :meth:`key`, when already computed)."""
        key, found = keyed or self.key(block)
        try:
            data = json.loads(self.path(block, key).read_text(encoding="utf-8"))
            if not (isinstance(data, dict) and data.get("format") == FORMAT and data.get("version") == VERSION
                    and data.get("key") == key and data.get("inputs") == found
                    and isinstance(data.get("games"), list)):
                return None
            games = [decode_game(g) for g in data["games"]]
        except (OSError, ValueError, KeyError, TypeError):
            return None
        wanted = list(range(block.start, block.start + block.count))
        if [g.index for g in games] != wanted or any(g.level != block.level for g in games):
            return None
        return games

    def store(self, block: Block, games: list[GameStats], keyed: tuple[str, dict[str, Any]] | None = None) -> bool:
        """Write the block's games (atomically); False when they do not survive JSON exactly or the
        file cannot be written (the run goes on)."""
        key, found = keyed or self.key(block)
        text = json.dumps({"format": FORMAT, "version": VERSION, "key": key, "inputs": found,
                           "games": encode_games(games)}, ensure_ascii=False, separators=(",", ":"))
        try:
            back = [decode_game(g) for g in json.loads(text)["games"]]
        except (ValueError, KeyError, TypeError):
            back = []
        if back != games:
            return False
        target = self.path(block, key)
        tmp: str | None = None
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{key[:16]}-", suffix=".tmp", dir=target.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, target)
            tmp = None
        except OSError:
            return False
        finally:
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)
        return True

    # ----- running ----------------------------------------------------------------------
    def run(self, blocks: list[Block], play: Runner) -> list[list[GameStats]]:
        """``play(blocks)``, but with every block found in the cache read back: ``play`` gets only
        the misses, each distinct block once (one call, so its workers and progress bar count only
        games played), whose games are then stored. Results in block order."""
        keys = [self.key(b) for b in blocks]
        found = [self.load(b, k) for b, k in zip(blocks, keys, strict=True)]
        first: dict[str, int] = {}  # a miss's key → the index of its first block in this call
        copies: list[tuple[int, int]] = []  # (a repeated block, the block it repeats)
        for i, games in enumerate(found):
            if games is None:
                key = keys[i][0]
                if key in first:
                    copies.append((i, first[key]))
                else:
                    first[key] = i
        misses = list(first.values())
        played = play([blocks[i] for i in misses]) if misses else []
        for i, games in zip(misses, played, strict=True):
            found[i] = games
            if not self.store(blocks[i], games, keys[i]):
                self.unsaved += 1
        for i, j in copies:
            found[i] = copy.deepcopy(found[j])
        self.reused += len(blocks) - len(misses)
        self.played += len(misses)
        self.games_played += sum(blocks[i].count for i in misses)
        return [games or [] for games in found]

    def summary(self) -> dict[str, Any]:
        """The run's cache counts for ``balance.json``."""
        return {"dir": str(self.folder), "blocks_reused": self.reused, "blocks_played": self.played,
                "games_played": self.games_played, "blocks_unsaved": self.unsaved}

    def line(self) -> str:
        """The line the command prints about the cache."""
        return summary_line(self.summary())


def summary_line(data: dict[str, Any]) -> str:
    """The line the command prints about the cache (from ``balance.json``'s ``cache``).

    >>> summary_line({"blocks_reused": 12, "blocks_played": 28, "games_played": 280, "blocks_unsaved": 0})
    'cache: 12 of 40 blocks reused, 280 games played'
    """
    line = (f"cache: {data['blocks_reused']} of {data['blocks_reused'] + data['blocks_played']} blocks reused, "
            f"{data['games_played']} games played")
    if data.get("blocks_unsaved"):
        line += f" ({data['blocks_unsaved']} blocks could not be saved)"
    return line
