"""The effect vocabulary of 詠唱 Chant (``docs/rules/chant-cards.md``): attributes, kinds, triggers,
timings and the operations with their parameters.

>>> sorted(REGISTRY.ops)[:3]
['advance', 'damage', 'discard']
>>> TIMINGS[0], DEFAULT_TIMING
('a_phase', 'a_phase')
"""

from __future__ import annotations

from grimoire.core.effects import OpRegistry, OpSpec, Param

ATTRIBUTES = ("science", "fantasy", "matter", "spirit")
KINDS = ("library", "forbidden")
TRIGGERS = ("chant_start", "static", "activate", "c_phase", "leave", "end_phase")
ACTIVE_TRIGGERS = tuple(t for t in TRIGGERS if t != "static")
#: When a card may be activated by its owner (3.4): its own A phase (the default), its own
#: C phase, both of those, its own E phase, or only as a counter in the opponent's turn.
TIMINGS = ("a_phase", "c_phase", "a_and_c_phase", "end_phase", "counter")
DEFAULT_TIMING = "a_phase"

_FILTER = Param("table", required=False, default={}, keys={
    "owner": ("own", "opponent", "any"),
    "attribute": ATTRIBUTES,
    "state": ("chanting", "ready", "any"),
})
_N = Param("int", minimum=1)
C_PHASE_COST = {"cost_life": Param("int", required=False, default=0, minimum=1)}


def op_registry() -> OpRegistry:
    """The effect vocabulary of ``docs/rules/chant-cards.md`` as an :class:`OpRegistry`."""
    reg = OpRegistry(ACTIVE_TRIGGERS)
    target = Param("str", choices=("self", "choose", "all"))
    for spec in (
        OpSpec("draw", {"n": _N}, doc="the owner draws n cards"),
        OpSpec("damage", {"n": _N, "to": Param("str", required=False, default="opponent",
                                                choices=("opponent", "self", "both"))}, doc="deal n damage"),
        OpSpec("gain_life", {"n": _N}, doc="the owner gains n life"),
        OpSpec("pay_life", {"n": _N}, doc="the owner pays n life"),
        OpSpec("advance", {"n": _N, "target": target, "filter": _FILTER}, doc="advance chanting cards"),
        OpSpec("rewind", {"n": _N, "target": target, "filter": _FILTER}, doc="rewind cards"),
        OpSpec("pay_life_advance_self", {"max": _N}, doc="pay k life, advance this card by k"),
        OpSpec("reveal_pick", {"n": _N}, doc="show up to n library cards; the opponent picks one for hand"),
        OpSpec("tutor_chant", {"card": Param("str")}, doc="search the library for a card and place it"),
        OpSpec("power_per_blank_name", {"names": Param("strlist"), "n": Param("int", required=False, default=1,
                                                                                minimum=1)},
               triggers=("activate",), doc="power bonus per distinct matching name in the blank pile"),
        OpSpec("power_mod", {"n": Param("int"), "filter": _FILTER}, triggers=("static",),
               doc="matching cards have power + n"),
        OpSpec("discard", {"n": _N}, doc="the owner discards n hand cards"),
    ):
        reg.add(spec)
    return reg


REGISTRY = op_registry()
