"""What the suite may not do to the checkout: tests write only to temporary folders.

A snapshot names every tracked file that differs from the last commit and every untracked
file git does not ignore, with a digest of its bytes; the suite takes one when it starts
and one when it ends, and any difference is a test that wrote into the checkout.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

Snapshot = dict[str, str]
"""Path (relative to the checkout) -> sha256 of its bytes, or ``"gone"``."""


def snapshot(repo: Path) -> Snapshot | None:
    """The changed and untracked files of ``repo``, or ``None`` outside a git checkout."""
    git = shutil.which("git")
    if git is None:
        return None
    try:
        top = subprocess.run(
            [git, "rev-parse", "--show-toplevel"], cwd=repo, capture_output=True, text=True,
            check=True, timeout=60,
        ).stdout.strip()  # fmt: skip
        if Path(top).resolve() != repo.resolve():
            return None  # the tests run from a copy inside another repository
        listed = subprocess.run(
            [git, "status", "--porcelain=v1", "-z", "--untracked-files=all"], cwd=repo,
            capture_output=True, check=True, timeout=120,
        ).stdout  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    out: Snapshot = {}
    entries = iter(listed.decode("utf-8", "surrogateescape").split("\0"))
    for entry in entries:
        if not entry:
            continue
        status, path = entry[:2], entry[3:]
        if status[0] in "RC":  # a rename names its source next: skip it
            next(entries, None)
        file = repo / path
        out[path] = hashlib.sha256(file.read_bytes()).hexdigest() if file.is_file() else "gone"
    return out


def written(before: Snapshot, after: Snapshot) -> list[str]:
    """The paths whose state differs between two snapshots, sorted.

    >>> written({"a.py": "1", "b.py": "2"}, {"a.py": "1", "b.py": "3", "c.png": "4"})
    ['b.py', 'c.png']
    """
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))
