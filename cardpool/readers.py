"""Careful reading of user files: size limits, UTF-8, JSON with line numbers, field checks."""

from __future__ import annotations

import json
import os
import re
import stat
import unicodedata
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from cardpool.errors import InputError

MAX_DECK_BYTES = 1 << 20
"""A deck list is a few kilobytes; anything over 1 MiB is not one."""
MAX_LINES = 500
"""A deck list is at most a few dozen lines."""
MAX_COUNT_DIGITS = 6
"""No count in a deck list has more digits than this."""
MAX_IMPORT_BYTES = 64 << 20
"""The whole SVE pool is about 3.5 MB of JSON; 64 MiB leaves room for any real dump."""


def read_text(path: str | Path, *, max_bytes: int) -> str:
    """Read a UTF-8 text file, refusing missing, empty, oversized or non-UTF-8 files."""
    return decode(read_bytes(path, max_bytes=max_bytes), path=path)


def read_bytes(path: str | Path, *, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; anything else is refused unread.

    The file is opened without blocking and checked on the open handle, so a FIFO (which
    would wait for a writer forever) or a device such as ``/dev/zero`` behind a symlink
    (which never ends) is refused, and no read goes past ``max_bytes + 1`` bytes.
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InputError("file not found", path=path) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file", path=path) from None
    except OSError as err:
        raise InputError(f"cannot open: {err.strerror}", path=path) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):  # os.open opens a folder for reading without a word
            raise InputError("is a folder, not a file", path=path)
        if not stat.S_ISREG(info.st_mode):
            raise InputError("is not a regular file (a pipe, device or socket)", path=path)
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as fh:
        if info.st_size > max_bytes:
            raise InputError(
                f"file is {info.st_size:,} bytes; the limit is {max_bytes:,}", path=path
            )
        try:
            raw = fh.read(max_bytes + 1)
        except OSError as err:
            raise InputError(f"cannot read: {err.strerror}", path=path) from None
    if len(raw) > max_bytes:  # the file grew while being read
        raise InputError(f"file is over the limit of {max_bytes:,} bytes", path=path)
    return raw


def check_size(size: int, *, max_bytes: int = MAX_DECK_BYTES, path: str | Path | None) -> None:
    """Refuse input of ``size`` bytes over ``max_bytes`` (uploads and pastes alike)."""
    if size > max_bytes:
        raise InputError(f"{size:,} bytes; the limit is {max_bytes:,}", path=path)


def decode(raw: bytes, *, path: str | Path | None) -> str:
    """Decode UTF-8 (a BOM is allowed), naming the line of the first bad byte."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise InputError(
            f"not UTF-8 text (byte 0x{raw[err.start]:02x} at offset {err.start})",
            path=path,
            line=line,
        ) from None
    if not text.strip():
        raise InputError("file is empty", path=path)
    return text


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _DuplicateKey(key)
        seen[key] = value
    return seen


def loads(text: str) -> Any:
    """``json.loads`` that refuses an object holding one key twice (``_DuplicateKey``)."""
    return json.loads(text, object_pairs_hook=_no_duplicates)


def parse_json(text: str, *, path: str | Path | None, line: int | None = None) -> Any:
    """Parse JSON, turning every problem into an ``InputError`` naming the line.

    A key given twice in one object is refused (JSON readers disagree on which one wins),
    and so is a number of more than 4,300 digits.
    """
    try:
        return loads(text)
    except json.JSONDecodeError as err:
        raise InputError(
            f"malformed JSON: {err.msg} (column {err.colno})",
            path=path,
            line=line or err.lineno,
        ) from None
    except _DuplicateKey as err:
        raise InputError(
            f"duplicate key {err.args[0]!r} in a JSON object", path=path, line=line
        ) from None
    except RecursionError:
        raise InputError("malformed JSON: nested too deeply", path=path, line=line) from None
    except ValueError as err:  # int() of a number with thousands of digits
        digits = str(err).split("value has ", 1)[-1].split(";", 1)[0]
        raise InputError(f"malformed JSON: a number of {digits}", path=path, line=line) from None


def require_fields(
    record: dict[str, Any], fields: Sequence[str], *, path: str | Path, index: int
) -> None:
    """Refuse a record that lacks a field or has a non-scalar where a string is expected."""
    missing = [f for f in fields if f not in record]
    if missing:
        raise InputError(f"record {index + 1} lacks field(s) {', '.join(missing)}", path=path)
    for f in fields:
        if isinstance(record[f], (dict, list)):
            raise InputError(f"record {index + 1}: field {f!r} must be text", path=path)


def unprintable(text: str) -> str | None:
    """The first character of ``text`` a terminal or page would not show as itself, if any.

    Control characters (escape codes, NUL, bidirectional overrides) and lone surrogates
    (bytes of a command line or file name that were not UTF-8) are refused wherever a name
    comes in: shown raw, an escape code would drive the user's terminal.

    >>> unprintable("ok ありあ"), unprintable("red\\x1b[31m")
    (None, '\\x1b')
    """
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs") or (category == "Cf" and char not in "\u200c\u200d"):
            return char
    return None


def describe_char(char: str) -> str:
    """How a refusal names a character: ``U+001B``, or a byte that was not UTF-8.

    >>> describe_char("\\x1b"), describe_char("\\udcff")
    ('a control character (U+001B)', 'a byte that is not UTF-8 (0xff)')
    """
    if "\udc80" <= char <= "\udcff":
        return f"a byte that is not UTF-8 (0x{ord(char) - 0xDC00:02x})"
    return f"a control character (U+{ord(char):04X})"


def printable(text: str, *, what: str, path: str | Path | None, line: int | None = None) -> str:
    """``text`` when every character of it shows as itself, else an ``InputError``."""
    bad = unprintable(text)
    if bad is not None:
        raise InputError(f"{what} holds {describe_char(bad)}", path=path, line=line)
    return text


CARD_CODE = re.compile(r"[A-Za-z0-9]{1,12}(?:-[A-Za-z0-9Ⓢ*]{1,12}){1,3}")
"""A printed card code: ``BP01-001``, ``SP01-SL03``, ``BP03-LDⓈ01``, ``OGN-007a``, ``OGN-*``."""
MAX_NAME = 200
"""The longest card name in any pool is well under 100 characters."""


def card_code(value: Any, *, where: str, path: str | Path) -> str:
    """An imported card code, checked against ``CARD_CODE`` (no markup, no blanks inside)."""
    code = value.strip() if isinstance(value, str) else value
    if not isinstance(code, str) or not CARD_CODE.fullmatch(code):
        raise InputError(f"{where}: {str(value)[:60]!r} is not a card code", path=path)
    return code


def card_name(value: Any, *, where: str, path: str | Path) -> str:
    """An imported card name: text of 1 to ``MAX_NAME`` characters."""
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InputError(f"{where}: no name ('name' is {value!r})", path=path)
    if not isinstance(value, str) or len(value.strip()) > MAX_NAME:
        raise InputError(
            f"{where}: 'name' must be text of 1 to {MAX_NAME} characters, not {str(value)[:60]!r}",
            path=path,
        )
    return printable(value.strip(), what=f"{where}: the name", path=path)


def deck_lines(text: str, *, path: str | Path | None) -> Iterator[tuple[int, str]]:
    """The non-blank lines of a text deck list, with their line numbers.

    Each line comes with its runs of whitespace collapsed to one space (in linear time), so
    the line patterns of the readers never meet a run of blanks and cannot backtrack on one.

    >>> list(deck_lines("Main   deck\\n\\n 3  BP01-001 ", path=None))
    [(1, 'Main deck'), (3, '3 BP01-001')]
    """
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise InputError(f"{len(lines)} lines; a deck list has at most {MAX_LINES}", path=path)
    for number, raw in enumerate(lines, start=1):
        line = " ".join(raw.split())
        if line:
            yield number, line


def count_of(digits: str, *, where: str, path: str | Path | None, line: int | None) -> int:
    """A count written as digits; a run of digits longer than any count is refused unread.

    (``int()`` of thousands of digits is slow and, past 4,300 digits, an error.)
    """
    if len(digits) > MAX_COUNT_DIGITS:
        raise InputError(
            f"{where}: count {digits[:12]}... ({len(digits)} digits) is out of range",
            path=path,
            line=line,
        )
    return int(digits)
