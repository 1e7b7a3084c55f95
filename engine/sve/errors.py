"""Specific exceptions of the SVE engine."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the SVE engine raises on bad input."""


class ActionSyntaxError(EngineError):
    """A string that is not the canonical form of any action."""

    def __init__(self, text: str, why: str) -> None:
        super().__init__(f"cannot read action {text!r}: {why}")
        self.text = text
        self.why = why


class IllegalActionError(EngineError):
    """An action that the rules do not allow in the current position."""

    def __init__(self, action: object, why: str) -> None:
        super().__init__(f"illegal action '{action}': {why}")
        self.action = action
        self.why = why


class DeckError(EngineError):
    """A deck the engine cannot start a game with (e.g. an empty main deck)."""
