"""Why an event happened: the rule that produced it and the numbers that went in.

Every game names, per event kind, the number of the rule in its rules document that
produces it (:attr:`EventSchema.rules <grimoire.core.events.EventSchema.rules>`) and a
``why.<kind>`` text in its message catalog, rendered with the event's named arguments
(its own and its explaining ``details``). :func:`explain` puts the two together; the
terminal (``why N``), the web table (a log line's hover or tap), and ``grimoire replay``
all show it. A record keeps the rule of each event kind it saw (``event_rules``), so a
replay names the rules as they were numbered when the game was played.

>>> from grimoire.core.registry import load_game
>>> from grimoire.core.decision import Event
>>> game = load_game("chant")
>>> hit = Event("damage", 1, (3, "x1.5", 4, 16, 2, "a_phase"))
>>> e = explain(game, hit, "en")
>>> e.rule, e.text, e.link
('5.5.1', 'depth 2, A phase: 3 x1.5 → 4', '/rules/chant#r-5.5.1')
>>> e.line("en"), explain(game, hit, "ja").line("ja")
('depth 2, A phase: 3 x1.5 → 4 (5.5.1)', '深度2・Aフェイズ：3 x1.5 → 4（5.5.1）')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .decision import Event

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Explanation:
    """Why one event happened: ``rule`` (a rule number, or None), ``text`` (the numbers that went
    in, in the reader's language; may be empty) and ``link`` (the rule on the game's rules page)."""

    rule: str | None
    text: str
    link: str | None

    def line(self, lang: str) -> str:
        """The explanation as one line: the text, then the rule number in brackets.

        >>> Explanation("2.1", "draw step", "/rules/chant#r-2.1").line("ja")
        'draw step（2.1）'
        >>> Explanation(None, "", None).line("en")
        ''
        """
        if self.rule is None:
            return self.text
        if lang == "ja":
            return f"{self.text}（{self.rule}）"
        return f"{self.text} ({self.rule})" if self.text else f"({self.rule})"

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "link": self.link}


def rule_link(game: str, rule: str) -> str:
    """Where rule ``rule`` of ``game`` is on the server's rules page (anchors are ``r-<number>``).

    >>> rule_link("destiny", "6.4.1")
    '/rules/destiny#r-6.4.1'
    """
    return f"/rules/{game}#r-{rule}"


def rule_of(game: Game[Any], event: Event, rules: Mapping[str, str] | None = None) -> str | None:
    """The rule that produced ``event``: from ``rules`` (a record's ``event_rules``) when given and
    naming the kind, else from the game's event schema."""
    if rules:
        if event.args and isinstance(event.args[0], str):
            found = rules.get(f"{event.kind} {event.args[0]}")
            if found is not None:
                return found
        found = rules.get(event.kind)
        if found is not None:
            return found
    return game.events.rule(event)


def explain(game: Game[Any], event: Event, lang: str, rules: Mapping[str, str] | None = None) -> Explanation:
    """Why ``event`` happened, in ``lang`` (``rules``: a record's rule numbers, see :func:`rule_of`).

    Never fails: an event of a kind the game does not explain gets no rule and an empty text.
    """
    rule = rule_of(game, event, rules)
    try:
        text = game.text.why(event, lang)
    except (KeyError, IndexError, ValueError, TypeError):
        text = ""
    return Explanation(rule, text, None if rule is None else rule_link(game.name, rule))
