"""Option types shared by the commands: every value a command line gives is checked here.

Each type is an argparse ``type``: it returns the value or raises ``ArgumentTypeError``,
which the parser prints as one line naming the option (exit 2), before any work is done.
Every option of every command that takes a value uses one of these types (or a fixed list
of ``choices``); a test walks the parser to hold that. ``agents`` reads the AI players.
"""

from __future__ import annotations

import argparse
import ipaddress
import math
from dataclasses import dataclass
from datetime import date

from cardpool.readers import describe_char, unprintable

MAX_SEED = 2**63 - 1
"""Seeds are stored as signed 64-bit integers."""
MAX_TURN_LIMIT = 1000
"""A real game lasts a few dozen turns; the limit only stops a stuck game."""
MAX_WORKERS = 4096
"""More worker processes than any machine has cores."""
MAX_TEXT = 200
"""A name, code or query is at most this many characters (a card name is under 100)."""
MAX_NAME, MAX_PATH = 255, 4095
"""The longest file name and path Linux file systems take, in bytes."""


def _shown(text: str) -> str:
    """``text`` as an error message quotes it: escaped, at most 40 characters."""
    return repr(text[:40]) + ("..." if len(text) > 40 else "")


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high`` (ASCII digits, an optional sign)."""

    low: int
    high: int

    def __call__(self, text: str) -> int:
        """The number ``text`` gives, else a one-line refusal."""
        digits = text.strip().removeprefix("+").removeprefix("-")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
            raise argparse.ArgumentTypeError(
                f"{_shown(text)} is not a whole number from {self.low:,} to {self.high:,}"
            )
        value = int(text)
        if not self.low <= value <= self.high:
            raise argparse.ArgumentTypeError(
                f"{text.strip()} is out of range ({self.low:,} to {self.high:,})"
            )
        return value


def whole(low: int, high: int) -> Whole:
    """An argparse ``type``: a whole number from ``low`` to ``high``, else a one-line error.

    >>> whole(1, 9)("3")
    3
    """
    return Whole(low, high)


@dataclass(frozen=True)
class Decimal:
    """A decimal number from ``low`` up to, not including, ``high``."""

    low: float
    high: float

    def __call__(self, text: str) -> float:
        """The number ``text`` gives, else a one-line refusal."""
        try:
            value = float(text) if len(text) <= 30 else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(
                f"{_shown(text)} is not a number from {self.low:g} up to {self.high:g}"
            )
        if not self.low <= value < self.high:
            raise argparse.ArgumentTypeError(
                f"{text.strip()} is out of range ({self.low:g} up to {self.high:g})"
            )
        return value


def decimal(low: float, high: float) -> Decimal:
    """An argparse ``type``: a number from ``low`` up to, not including, ``high``.

    >>> decimal(0, 100)("2.5")
    2.5
    """
    return Decimal(low, high)


@dataclass(frozen=True)
class Text:
    """Text of 1 to ``max_chars`` printable characters: a name, a code or a query."""

    max_chars: int = MAX_TEXT
    empty: bool = False
    """Whether nothing (or blanks) is allowed, as for notes."""

    def __call__(self, text: str) -> str:
        """``text`` itself, else a one-line refusal."""
        if not text.strip() and not self.empty:
            raise argparse.ArgumentTypeError("is empty")
        if len(text) > self.max_chars:
            raise argparse.ArgumentTypeError(
                f"{_shown(text)} is {len(text):,} characters; at most {self.max_chars:,}"
            )
        bad = unprintable(text)
        if bad is not None:
            raise argparse.ArgumentTypeError(f"{_shown(text)} holds {describe_char(bad)}")
        return text


def text(max_chars: int = MAX_TEXT, *, empty: bool = False) -> Text:
    """An argparse ``type``: printable text of 1 (0 if ``empty``) to ``max_chars`` characters."""
    return Text(max_chars, empty)


@dataclass(frozen=True)
class FilePath:
    """A file or folder named on the command line; ``output`` if the command writes it.

    The file is read (or written) by the command through ``cardpool.readers``, which
    refuses what is not a regular file; here the name itself is checked.
    """

    output: bool = False
    folder: bool = False
    """The path may (or, for an output, must) be a folder."""

    def __call__(self, text: str) -> str:
        """``text`` itself, else a one-line refusal."""
        if not text:
            raise argparse.ArgumentTypeError("an empty file name")
        raw = text.encode("utf-8", "surrogateescape")
        if len(raw) > MAX_PATH or any(len(part) > MAX_NAME for part in raw.split(b"/")):
            raise argparse.ArgumentTypeError(
                f"{_shown(text)}: the file name is too long (the system allows {MAX_NAME} "
                f"bytes a name, {MAX_PATH} a path)"
            )
        return text


def filename(*, output: bool = False, folder: bool = False) -> FilePath:
    """An argparse ``type``: a file (or folder) name, not empty and not over the system limit."""
    return FilePath(output, folder)


@dataclass(frozen=True)
class Day:
    """A date written ``YYYY-MM-DD``."""

    def __call__(self, text: str) -> str:
        """``text`` itself once it reads as a date, else a one-line refusal."""
        try:
            date.fromisoformat(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{_shown(text)} is not a date in the form YYYY-MM-DD"
            ) from None
        return text


def day() -> Day:
    """An argparse ``type``: a date, ``YYYY-MM-DD``."""
    return Day()


@dataclass(frozen=True)
class DaskAddress:
    """``local`` or a scheduler address ``SCHEME://HOST:PORT``."""

    def __call__(self, text: str) -> str:
        """``text`` itself, else a one-line refusal."""
        from analytics.executors import check_dask_address
        from cardpool.errors import InputError

        try:
            check_dask_address(text)
        except InputError as err:
            raise argparse.ArgumentTypeError(str(err).removeprefix("--dask ")) from None
        return text


def dask_address() -> DaskAddress:
    """An argparse ``type``: where to run on Dask."""
    return DaskAddress()


LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class HostPort:
    """``HOST:PORT``, ``:PORT`` or ``PORT`` (the host then is loopback): an address to serve on.

    A host must be an IP address or ``localhost``; ``0.0.0.0`` is allowed and means every
    interface, which the command then says.
    """

    def __call__(self, text: str) -> str:
        """``HOST:PORT`` with the host filled in, else a one-line refusal."""
        host, _, port = text.strip().rpartition(":")
        host = host.strip("[]") or LOOPBACK
        if host == "localhost":
            host = LOOPBACK
        try:
            ipaddress.ip_address(host)
            number = Whole(1, 65535)(port)
        except (ValueError, argparse.ArgumentTypeError):
            raise argparse.ArgumentTypeError(
                f"{_shown(text)}: give PORT or HOST:PORT, e.g. 127.0.0.1:8787"
            ) from None
        return f"[{host}]:{number}" if ":" in host else f"{host}:{number}"


def host_port() -> HostPort:
    """An argparse ``type``: an address to serve on, loopback unless a host is given."""
    return HostPort()


def is_loopback(address: str) -> bool:
    """Whether a ``HOST:PORT`` (as ``host_port`` returns it) listens on this machine only.

    >>> is_loopback("127.0.0.1:8787"), is_loopback("0.0.0.0:8787")
    (True, False)
    """
    host = address.rpartition(":")[0].strip("[]")
    return host == "localhost" or ipaddress.ip_address(host).is_loopback


CHECKED = (Whole, Decimal, Text, FilePath, Day, DaskAddress, HostPort)
"""The option types above: a test holds every option of every command to one of them."""


def agents(text: str) -> tuple[str, str]:
    """``--agents``: one AI player for both sides, or two separated by a comma (A's, B's).

    >>> agents("greedy"), agents("planner,search:400")
    (('greedy', 'greedy'), ('planner', 'search:400'))
    """
    from cardpool.errors import InputError
    from engine.sve.agents import agent_pair

    try:
        return agent_pair(text)
    except ValueError as err:
        raise InputError(f"--agents {text!r}: {err}") from None
