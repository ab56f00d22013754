"""The rule each decision of 運命予報祭 Destiny Saga applies (numbers of docs/rules/destiny.md).

A key ``"<kind> <option id>"`` names an option's own rule: each forecast ability's.

>>> RULE_OF_DECISION["block"], RULE_OF_DECISION["ability ability:chimyaku_no_hako"]
('6.1', '9.4')
"""

from __future__ import annotations

RULE_OF_DECISION: dict[str, str] = {
    "ability": "2.3",       # choosing a forecast ability
    "mulligan": "2.6",
    "upkeep": "5.3",
    "summon": "5.4",
    "houki": "9.1",         # 地脈蜂起: the extra 気魄 card
    "kijutsu": "9.2",       # 地脈記述: the group used at summoning
    "sense": "9.3",         # 地脈感知: the extra 神秘 card
    "target": "7.4",
    "response": "7.3",
    "attackers": "5.5.1",
    "block": "6.1",
    "window": "6.2",
    "fate": "5.6",
    "ability ability:chimyaku_houki": "9.1",
    "ability ability:chimyaku_kijutsu": "9.2",
    "ability ability:chimyaku_kanchi": "9.3",
    "ability ability:chimyaku_no_hako": "9.4",
}
