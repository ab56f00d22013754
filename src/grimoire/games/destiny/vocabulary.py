"""The effect vocabulary of Destiny (``docs/rules/destiny-cards.md``): attributes, timings, targets,
abilities and the operations with their parameters.

>>> ATTRIBUTE_JA[ATTRIBUTES[0]], TIMINGS[ATTACK]
('気魄', 'attack')
"""

from __future__ import annotations

from typing import Final

from grimoire.core.effects import OpRegistry, OpSpec, Param

ATTRIBUTES = ("kiryoku", "jutsushiki", "shinpi", "zenno")
KIRYOKU: Final = "kiryoku"
JUTSUSHIKI: Final = "jutsushiki"
SHINPI: Final = "shinpi"
ZENNO: Final = "zenno"
ATTRIBUTE_JA = {"kiryoku": "気魄", "jutsushiki": "術式", "shinpi": "神秘", "zenno": "全能"}

TIMINGS = ("main", "battle", "response", "attack")
# Final: the compiled engine inlines them
MAIN: Final = 0
BATTLE: Final = 1
RESPONSE: Final = 2
ATTACK: Final = 3

TARGETS = ("own_user", "opponent_user", "any_user", "self")
USER_OPS = frozenset({"strengthen", "weaken", "destroy", "ready"})

ABILITIES = ("chimyaku_houki", "chimyaku_kijutsu", "chimyaku_kanchi", "chimyaku_no_hako")
HOUKI: Final = "chimyaku_houki"
KIJUTSU: Final = "chimyaku_kijutsu"
KANCHI: Final = "chimyaku_kanchi"
HAKO: Final = "chimyaku_no_hako"


def _n() -> Param:
    return Param("int", minimum=1, maximum=6)


def _targeted() -> dict[str, Param]:
    return {"n": _n(), "target": Param("str", choices=TARGETS),
            "attribute": Param("str", required=False, choices=ATTRIBUTES)}


def vocabulary() -> OpRegistry:
    """The effect operations of destiny-cards.md, with their timings and parameters."""
    reg = OpRegistry(TIMINGS)
    target_only = {"target": Param("str", choices=TARGETS),
                   "attribute": Param("str", required=False, choices=ATTRIBUTES)}
    specs = (
        OpSpec("onslaught", {"n": _n()}, ("attack",), "this user gets +n power"),
        OpSpec("ja", {}, ("attack",), "the blocker's wheel +1 becomes 0"),
        OpSpec("ca", {"n": _n()}, ("attack",), "a winning attack takes n extra threads"),
        OpSpec("cancel", {}, ("response",), "the group just used does not resolve"),
        OpSpec("strengthen", _targeted(), ("main", "battle", "attack"), "target gets +n power"),
        OpSpec("weaken", _targeted(), ("main", "battle", "attack"), "target gets -n power"),
        OpSpec("destroy", _targeted(), ("main", "battle", "attack"), "target with power <= n leaves"),
        OpSpec("ready", target_only, ("main", "battle"), "target becomes effect-ready"),
        OpSpec("gain_threads", {"n": _n()}, ("main", "battle", "attack", "response"), "you gain n threads"),
        OpSpec("lose_threads", {"n": _n()}, ("main", "battle", "attack"), "the opponent loses n threads"),
        OpSpec("draw", {"n": _n()}, ("main", "battle", "attack", "response"), "you draw n cards"),
    )
    for spec in specs:
        reg.add(spec)
    return reg


VOCABULARY = vocabulary()
