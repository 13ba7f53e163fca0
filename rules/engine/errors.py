"""Typed errors of the engine.

The split follows python-chess: *invalid* input cannot even be read (bad notation,
an unknown action string), *illegal* input is well formed but not allowed right now.
Every error carries a message a player can read; ``field`` names the input at fault
so forms and the JSON API can put the message next to it.
"""


class EngineError(ValueError):
    """Base class: every error the engine raises on bad input."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


class InvalidNotation(EngineError):
    """Text that is not tile or meld notation (says which character is wrong)."""

    def __init__(self, message: str, field: str | None = None, position: int | None = None):
        super().__init__(message, field)
        self.position = position


class InvalidHand(EngineError):
    """Readable, but not a possible hand: a fifth copy, a wrong tile count, a bad meld.

    When a situation flag is at fault (``field == "situation"``), ``flag`` names it
    (``"ippatsu"``, ``"rinshan"``...), so the calculator can put the message there.
    """

    def __init__(self, message: str, field: str | None = None, flag: str | None = None):
        super().__init__(message, field)
        self.flag = flag


class InvalidRuleset(EngineError):
    """A ruleset setting that is unknown, of the wrong type or impossible with the others.

    ``message`` begins with the setting's name; ``reason`` is the rest, for a page that
    names the setting by its label instead.
    """

    def __init__(self, message: str, field: str | None = None, reason: str | None = None):
        super().__init__(message, field)
        self.reason = reason or message


class InvalidAction(EngineError):
    """An action that cannot be parsed at all."""


class IllegalAction(EngineError):
    """A well-formed action that the rules do not allow at this moment."""
