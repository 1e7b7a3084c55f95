"""``decklab`` entry point: one argparse parser, one module per command group."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from cardpool.errors import InputError
from decklab.commands import COMMAND_MODULES


class Parser(argparse.ArgumentParser):
    """An argparse parser whose refusals are one line (``decklab: error: ...``), exit 2."""

    def error(self, message: str) -> NoReturn:
        """Print what is wrong with the command line in one line and exit 2."""
        self.exit(2, f"decklab: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The full ``decklab`` parser with every subcommand registered."""
    parser = Parser(
        prog="decklab",
        description="Deck building, legality, exact draw odds and simulated matchups "
        "for Shadowverse EVOLVE and Riftbound.",
    )
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="DuckDB database file "
        "(default: $DECKLAB_DB, else ~/.local/share/decklab/decklab.duckdb)",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMAND_MODULES:
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``decklab`` with ``argv``; return the process exit code.

    Exit codes: 0 success, 1 a negative verdict (e.g. an illegal deck), 2 bad input.
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, or a refused command line (already printed)
        return done.code if isinstance(done.code, int) else 2
    try:
        code: int = args.run(args)
    except InputError as err:
        print(f"decklab: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("decklab: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
