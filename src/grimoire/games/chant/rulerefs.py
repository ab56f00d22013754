"""The rule each decision of 詠唱 Chant applies (numbers of docs/rules/chant.md).

>>> RULE_OF_DECISION["counter"]
'5.3'
"""

from __future__ import annotations

RULE_OF_DECISION: dict[str, str] = {
    "chant": "3.2",            # the C phase's actions
    "underlay": "3.2.2",       # placing a forbidden book on ready cards
    "discard_mode": "3.2.4",   # discarding: advance own or rewind the opponent's
    "activate": "5.1",         # activation in the A phase
    "counter": "5.3",          # a counter to an attack
    "spend_underlay": "5.6.2",  # an activated book gives up one underlay card
    "spread": "6.3.3",         # spreading advances after a runaway
    "end_activate": "7.1.1",   # activating an end-phase card in the E phase
    "pay_life": "8.3.1",       # "pay up to N life"
    "target": "10.3",          # an effect's choice
    "reveal": "10.3",          # reveal_pick: the owner shows cards
    "pick": "10.3",            # reveal_pick: the opponent picks one (10.3 names this pick)
    "discard_cards": "10.3",   # an effect's discard
}
