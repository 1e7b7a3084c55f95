"""``decklab`` entry point: one argparse parser, one module per command group."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from cardpool.errors import InputError
from cardpool.settings import resolve_db_path
from decklab import commands
from decklab.args import filename


class Parser(argparse.ArgumentParser):
    """An argparse parser whose refusals are one line (``decklab: error: ...``), exit 2."""

    def error(self, message: str) -> NoReturn:
        """Print what is wrong with the command line in one line and exit 2."""
        self.exit(2, f"decklab: error: {message} (see '{self.prog} --help')\n")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The ``decklab`` parser with every subcommand registered.

    Given the command line, only the module of its command is imported; the other commands
    are listed by name (from their modules' source) so they still show in errors and help.
    """
    parser = Parser(
        prog="decklab",
        description="Deck building, legality, exact draw odds and simulated matchups "
        "for Shadowverse EVOLVE and Riftbound.",
    )
    parser.add_argument(
        "--db",
        metavar="PATH",
        type=filename(),
        help="DuckDB database file "
        "(default: $DECKLAB_DB, else ~/.local/share/decklab/decklab.duckdb)",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    listed = commands.commands()
    word = _command_word(sys.argv[1:] if argv is None else argv)
    chosen = {c.module for c in listed if c.name == word}
    if not chosen and word is not None:  # an unknown word: every module, fully (a command
        for name in commands.module_names():  # whose name is computed may be it)
            module = commands.load(name)
            if hasattr(module, "register"):
                module.register(subparsers)
        return parser
    if not chosen:  # help or no command: names and help lines, read from the sources
        # (a module whose commands cannot be read that way is imported and asked)
        chosen = set(commands.module_names()) - {c.module for c in listed}
    registered: set[str] = set()
    for command in listed:
        if command.module not in chosen:
            subparsers.add_parser(command.name, help=command.help)
        elif command.module not in registered:
            commands.load(command.module).register(subparsers)
            registered.add(command.module)
    for name in sorted(chosen - registered):  # modules none of whose commands could be read
        module = commands.load(name)
        if hasattr(module, "register"):
            module.register(subparsers)
    return parser


def _command_word(argv: Sequence[str]) -> str | None:
    """The command named on a command line (the first word after the global options)."""
    words = iter(argv)
    for word in words:
        if word == "--db":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``decklab`` with ``argv``; return the process exit code.

    Exit codes: 0 success, 1 a negative verdict (e.g. an illegal deck), 2 bad input,
    130 interrupted (Ctrl-C), 141 the reader of the output went away (a closed pipe).
    """
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, or a refused command line (already printed)
        return done.code if isinstance(done.code, int) else 2
    try:
        code: int = args.run(args)
    except InputError as err:
        one_line = " ".join(str(err).splitlines())
        print(f"decklab: error: {one_line}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("decklab: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader left (``decklab meta | head -2``): end quietly
        _silence_stdout()
        return 141
    except Exception as err:  # Ctrl-C inside a DuckDB query arrives as the query's error
        if _interrupted_query(err):
            print("decklab: interrupted", file=sys.stderr)
            return 130
        if _unreadable_database(err):
            where = resolve_db_path(args.db)
            problem = " ".join(str(err).splitlines())[:300]
            print(
                f"decklab: error: {where}: the database file is damaged or cut short; "
                f"rebuild it (decklab db init on a new file) or restore a copy ({problem})",
                file=sys.stderr,
            )
            return 2
        raise
    return code


def _interrupted_query(err: Exception) -> bool:
    """Whether ``err`` is DuckDB's report of a query stopped by Ctrl-C."""
    return type(err).__name__ == "InterruptException" or (
        isinstance(err, RuntimeError) and "query interrupted" in str(err).lower()
    )


def _unreadable_database(err: Exception) -> bool:
    """Whether ``err`` is DuckDB failing to read the file itself (cut short or corrupt).

    Such a file opens (its header is whole) and fails at the first query that reaches a
    missing or damaged block, wherever that is; the message says it in one line.
    """
    kind = type(err)
    return kind.__module__.startswith(("duckdb", "_duckdb")) and kind.__name__ in (
        "IOException",
        "SerializationException",
    )


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (a test's capture)
        pass
    finally:
        os.close(devnull)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
