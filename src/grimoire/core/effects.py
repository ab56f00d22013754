"""The effect vocabulary: named operations with data parameters, validated at load.

A game registers each operation it implements as an :class:`OpSpec` (its parameters
and which triggers it may appear under). Card files are checked against the registry,
so a typo in a card file is a load error naming the file, the card and the field, not a
crash in the middle of a game.

A half-resolved effect is data too: a :class:`Frame` on the state's effect stack names
its kind, the source card instance, the controller, the effect (card id + index) and a
program counter with a few integer registers. A game's interpreter steps the top frame; when
an operation needs a choice it leaves its frame on the stack and the game's pending
decision is read from it.

>>> reg = OpRegistry()
>>> reg.add(OpSpec("draw", {"n": Param("int", minimum=1)}, triggers=("activate",)))
>>> eff = reg.validate("c.toml", "fireball", 0, {"on": "activate", "op": "draw", "n": 2})
>>> eff.op, eff.params["n"]
('draw', 2)
>>> reg.validate("c.toml", "fireball", 0, {"on": "activate", "op": "drow"})
Traceback (most recent call last):
...
grimoire.core.errors.ContentError: c.toml: card 'fireball': field 'effects[0].op': unknown operation 'drow'; known: draw
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import ContentError

ParamKind = Literal["int", "str", "bool", "strlist", "table"]
"""What an operation's parameter holds (:attr:`Param.kind`): mypy refuses any other word."""


@dataclass(frozen=True)
class Param:
    """One parameter of an operation: its type and constraints.

    ``kind`` is one of ``int``, ``str``, ``bool``, ``strlist`` or ``table`` (:data:`ParamKind`).
    """

    kind: ParamKind
    required: bool = True
    default: Any = None
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)  # table: key -> allowed values


@dataclass(frozen=True)
class OpSpec:
    """An operation name, its parameters and the triggers it may be used under."""

    name: str
    params: dict[str, Param]
    triggers: tuple[str, ...] = ()
    doc: str = ""


@dataclass(frozen=True)
class Effect:
    """A validated effect of a card: trigger ``on``, operation ``op`` and its params."""

    on: str
    op: str
    params: dict[str, Any]
    cost: int = 0

    def get(self, name: str, default: Any = None) -> Any:
        """A parameter value."""
        return self.params.get(name, default)


@dataclass(slots=True)
class Frame:
    """A half-resolved effect or rule procedure on the stack (plain data).

    ``kind`` says what the frame is (each game names its kinds with an ``IntEnum``:
    one card effect, a trigger group, a rule procedure…); ``source`` is the card
    instance, ``controller`` its owner's seat, ``card``/``index`` name the effect (or
    the trigger, per kind), ``pc`` is the procedure's program counter and ``regs`` its
    scratch registers (chosen targets, counts). Games read and write registers through
    named slot constants or small accessors, never by bare position.
    """

    kind: int
    source: int
    controller: int
    card: str
    index: int = 0
    pc: int = 0
    regs: list[int] = field(default_factory=list)

    def clone(self) -> Frame:
        return Frame(self.kind, self.source, self.controller, self.card, self.index, self.pc, self.regs[:])

    def to_json(self) -> list[Any]:
        return [self.kind, self.source, self.controller, self.card, self.index, self.pc, list(self.regs)]

    @classmethod
    def from_json(cls, data: list[Any]) -> Frame:
        return cls(int(data[0]), int(data[1]), int(data[2]), str(data[3]), int(data[4]), int(data[5]),
                   [int(x) for x in data[6]])


class OpRegistry:
    """The operations a game understands, used to validate effect tables."""

    def __init__(self, triggers: tuple[str, ...] = ()) -> None:
        self.ops: dict[str, OpSpec] = {}
        self.triggers = triggers

    def add(self, spec: OpSpec) -> None:
        """Register an operation."""
        self.ops[spec.name] = spec

    def validate(self, file: str, card: str, index: int, table: dict[str, Any],
                 extra: dict[str, Param] | None = None) -> Effect:
        """Check one effect table and return it as an :class:`Effect`."""
        where = f"effects[{index}]"

        def err(key: str, message: str) -> ContentError:
            return ContentError(file, card, f"{where}.{key}", message)

        op = table.get("op")
        if not isinstance(op, str) or op not in self.ops:
            raise err("op", f"unknown operation {op!r}; known: {', '.join(sorted(self.ops))}")
        spec = self.ops[op]
        on = table.get("on")
        allowed = spec.triggers or self.triggers
        if not isinstance(on, str) or (allowed and on not in allowed):
            raise err("on", f"operation {op!r} cannot be used with trigger {on!r}; allowed: {', '.join(allowed)}")
        params: dict[str, Any] = {}
        known = dict(spec.params)
        known.update(extra or {})
        for key in table:
            if key not in ("on", "op") and key not in known:
                raise err(key, f"is not a parameter of {op!r}; parameters: {', '.join(known) or 'none'}")
        for key, param in known.items():
            if key not in table:
                if param.required:
                    raise err(key, "is missing")
                params[key] = param.default
                continue
            params[key] = _check_param(table[key], param, lambda m, k=key: err(k, m))
        cost = params.pop("cost_life", 0) or 0
        return Effect(on, op, params, int(cost))


def _check_param(value: Any, param: Param, err: Any) -> Any:
    if param.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise err(f"must be an integer, got {value!r}")
        if param.minimum is not None and value < param.minimum:
            raise err(f"must be at least {param.minimum}, got {value}")
        if param.maximum is not None and value > param.maximum:
            raise err(f"must be at most {param.maximum}, got {value}")
        return value
    if param.kind == "bool":
        if not isinstance(value, bool):
            raise err(f"must be true or false, got {value!r}")
        return value
    if param.kind == "str":
        if not isinstance(value, str):
            raise err(f"must be a string, got {value!r}")
        if param.choices and value not in param.choices:
            raise err(f"must be one of {', '.join(param.choices)}, got {value!r}")
        return value
    if param.kind == "strlist":
        if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
            raise err("must be a non-empty list of strings")
        return tuple(value)
    if param.kind == "table":
        if not isinstance(value, dict):
            raise err("must be a table")
        for k, v in value.items():
            if k not in param.keys:
                raise err(f"has unknown key {k!r}; known: {', '.join(param.keys)}")
            if param.keys[k] and v not in param.keys[k]:
                raise err(f"key {k!r} must be one of {', '.join(param.keys[k])}, got {v!r}")
        return dict(value)
    raise err(f"has unsupported parameter kind {param.kind!r}")
