"""Game records: ruleset and version, options, decks, seed, answers (JSON).

A record holds everything needed to reproduce a game exactly, plus a fingerprint of
each step's events; :mod:`grimoire.core.replay` re-simulates it.

>>> rec = GameRecord("chant", "1", {}, [], 7, "prng", [], ["pass"], ["a", "b"], None, {}, {})
>>> GameRecord.from_json(rec.to_json()) == rec
True
>>> GameRecord.from_json({"format": "grimoire-record"})
Traceback (most recent call last):
...
grimoire.core.errors.RecordError: record field 'game' is missing
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .branch import Branch
from .decks import Deck
from .errors import DeckError, RecordError
from .forfeit import Forfeit
from .safeio import RECORD_LIMIT, read_text

FORMAT = "grimoire-record"
FORMAT_VERSION = 1


@dataclass
class GameRecord:
    """Everything needed to reproduce a game exactly."""

    game: str
    ruleset_version: str
    options: dict[str, Any]
    decks: list[Deck]
    seed: int
    chance: str
    chance_script: list[Any]
    answers: list[str]
    checks: list[str]
    outcome: dict[str, Any] | None
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)
    #: set for a game branched from a position of another (:mod:`grimoire.core.branch`)
    branch: Branch | None = None
    #: set for a game a seat lost by conceding, on time or by leaving (:mod:`grimoire.core.forfeit`)
    forfeit: Forfeit | None = None
    #: the rule number of each event kind the game logged (:mod:`grimoire.core.why`); empty in older records
    event_rules: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "ruleset_version": self.ruleset_version,
            "options": self.options,
            "decks": [d.to_json() for d in self.decks],
            "seed": self.seed,
            "chance": {"kind": self.chance, "script": self.chance_script},
            "answers": self.answers,
            "checks": self.checks,
            "outcome": self.outcome,
            "cards": self.cards,
            "meta": self.meta,
            **({} if self.branch is None else {"branch": self.branch.to_json()}),
            **({} if self.forfeit is None else {"forfeit": self.forfeit.to_json()}),
            **({"event_rules": self.event_rules} if self.event_rules else {}),
        }

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read a record; every missing or mistyped field is a one-line RecordError."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a Grimoire record (format {data.get('format')!r})")

        def need(name: str, kind: type | tuple[type, ...]) -> Any:
            if name not in data:
                raise RecordError(f"record field {name!r} is missing")
            value = data[name]
            if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
                raise RecordError(f"record field {name!r} has the wrong type")
            return value

        game = need("game", str)
        version = need("ruleset_version", str)
        options = need("options", dict)
        decks_raw = need("decks", list)
        seed = need("seed", int)
        chance = need("chance", dict)
        answers = need("answers", list)
        checks = need("checks", list)
        outcome = data.get("outcome")
        kind = chance.get("kind", "prng")
        script = chance.get("script", [])
        meta = data.get("meta", {}) or {}
        if not isinstance(kind, str) or not isinstance(script, list) or not all(
                isinstance(x, (int, str)) and not isinstance(x, bool) for x in script):
            raise RecordError("record field 'chance' must have a string 'kind' and a 'script' list")
        if not isinstance(meta, dict):
            raise RecordError("record field 'meta' has the wrong type")
        if not 0 <= seed < 1 << 64:
            raise RecordError("record field 'seed' must be between 0 and 2**64 - 1")
        if not all(isinstance(k, str) and (v is None or isinstance(v, (str, int, float, bool)))
                   for k, v in options.items()):
            raise RecordError("record field 'options' must map names to plain values")
        if not all(isinstance(a, str) for a in answers):
            raise RecordError("record field 'answers' must be a list of strings")
        if not all(isinstance(c, str) for c in checks):
            raise RecordError("record field 'checks' must be a list of strings")
        try:
            decks = [Deck.from_json(d) for d in decks_raw]
        except DeckError as exc:
            raise RecordError(f"record deck: {exc}") from None
        cards = data.get("cards", {})
        if not isinstance(cards, dict):
            raise RecordError("record field 'cards' has the wrong type")
        if not all(isinstance(k, str) and isinstance(v, dict) for k, v in cards.items()):
            raise RecordError("record field 'cards' must map card ids to tables")
        branch = None if data.get("branch") is None else Branch.from_json(data["branch"])
        rules = data.get("event_rules", {}) or {}
        if not isinstance(rules, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in rules.items()):
            raise RecordError("record field 'event_rules' must map event kinds to rule numbers")
        return cls(game, version, options, decks, seed, kind, list(script), list(answers), list(checks),
                   outcome if isinstance(outcome, dict) else None, cards, dict(meta), branch,
                   None if data.get("forfeit") is None else Forfeit.from_json(data["forfeit"]), dict(rules))

    def save(self, path: str | Path) -> Path:
        """Write the record as UTF-8 JSON; returns the path."""
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp = p.with_name(p.name + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")
        tmp.replace(p)
        return p

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file; unreadable or malformed files raise RecordError."""
        p = Path(path)
        text = read_text(p, RECORD_LIMIT, lambda reason: RecordError(f"{p}: {reason}"), "record")
        try:
            data = json.loads(text, parse_constant=_refuse_constant)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{p}: not a JSON record: {exc}") from None
        except (ValueError, RecursionError) as exc:  # a number too long to convert, nesting too deep
            raise RecordError(f"{p}: not a JSON record: {exc or type(exc).__name__}") from None
        try:
            return cls.from_json(data)
        except RecordError as exc:
            raise RecordError(f"{p}: {exc}") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record may hold")
