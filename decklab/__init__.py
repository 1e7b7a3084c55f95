"""The decklab command line: every capability of the dashboard, for scripts and tests."""

__version__ = "0.1.0"
