"""Typed errors. Every message is one line that names the offending input.

>>> print(DeckError("mydeck.txt", 3, "unknown card 'foo'"))
mydeck.txt:3: unknown card 'foo'
"""

from __future__ import annotations


class GrimoireError(Exception):
    """Base class of every error Grimoire raises on bad input."""


class IllegalAnswer(GrimoireError):
    """An answer that is not one of the options of the pending decision."""

    def __init__(self, answer: str, kind: str, valid: list[str]) -> None:
        shown = ", ".join(valid[:12]) + (" …" if len(valid) > 12 else "")
        super().__init__(f"illegal answer {answer!r} to decision {kind!r}; valid: {shown}")
        self.answer = answer
        self.kind = kind
        self.valid = valid


class GameOver(GrimoireError):
    """An answer was given to a finished game."""


class ContentError(GrimoireError):
    """A card file is malformed: names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, message: str) -> None:
        where = file
        if card:
            where += f": card {card!r}"
        if field:
            where += f": field {field!r}"
        super().__init__(f"{where}: {message}")
        self.file = file
        self.card = card
        self.field = field


class DeckError(GrimoireError):
    """A deck list breaks a rule: names the file, the line and the rule."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {message}")
        self.file = file
        self.line = line


class OptionsError(GrimoireError):
    """A rules option is unknown or has a bad value."""


class RecordError(GrimoireError):
    """A game record cannot be read or does not replay."""


class NotationError(GrimoireError):
    """A position or answer text cannot be parsed."""
