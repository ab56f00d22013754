"""The balance lab: many AI games per deck pairing, card impact, and card pool comparisons.

:func:`~grimoire.balance.report.balance` writes an HTML report, PNG plots and a JSON
file (keys in ``docs/balance.md``). Plots need the optional extra ``balance``
(matplotlib).
"""

from .report import balance

__all__ = ["balance"]
