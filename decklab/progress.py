"""A progress bar on the terminal (stderr), with games per second and time left."""

from __future__ import annotations

import sys
from typing import TextIO

from analytics.simulate import Progress

WIDTH = 30


class ProgressBar:
    """Draws ``[#####.....] done/total games  N games/s  ETA Ns`` in place."""

    def __init__(self, label: str = "", stream: TextIO | None = None):
        self.label = label
        self.stream = stream or sys.stderr
        self.last_done = -1

    def __call__(self, progress: Progress) -> None:
        """Redraw for ``progress``."""
        if progress.done == self.last_done:
            return
        self.last_done = progress.done
        filled = int(WIDTH * progress.done / progress.total) if progress.total else WIDTH
        eta = progress.eta_s
        eta_text = f"ETA {eta:5.0f}s" if eta is not None else "ETA     ?"
        self.stream.write(
            f"\r{self.label}[{'#' * filled}{'.' * (WIDTH - filled)}] "
            f"{progress.done}/{progress.total} games  {progress.games_per_s:7.1f} games/s  "
            f"{eta_text}"
        )
        if progress.done >= progress.total:
            self.stream.write("\n")
        self.stream.flush()
