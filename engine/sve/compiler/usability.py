"""Usability clauses: the parts of an ability line that limit when it may be used or work.

"この能力は…なら使える" (CR 10.6.2.1.2), "この能力は1ターンにN回使える", "この能力は1ターンにN回
働く", "ターンごとにN回", "自分のターン中" / "相手のターン中" and "…の場合" each have a
counterpart in the encoding (a condition, a per-turn limit, an evolve condition). The
compiler checks every modelled line with :func:`missing`: a line whose clause has no
counterpart counts as not modelled, so an ability is never encoded as usable more often
than its text allows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.sve.effects.core import Ability, Trigger
from engine.sve.effects.registry import to_data


@dataclass(frozen=True, slots=True)
class Clause:
    """One usability clause found in a line: its kind and its number (N times), if any."""

    kind: str
    """``condition``, ``times_used``, ``times_works``, ``times``, ``my_turn``,
    ``opponent_turn`` or ``case``."""
    n: int = 0


_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("condition", re.compile(r"この能力は(?!1ターンに)[^。]+?なら(?:、1ターンに1回)?使える")),
    ("times_used", re.compile(r"この能力は(?:[^。]+?なら、)?1ターンに(\d)回使える")),
    ("times_works", re.compile(r"この能力は1ターンに(\d)回働く")),
    ("times", re.compile(r"ターンごとに(\d+)回")),
    ("my_turn", re.compile(r"自分のターン中")),
    ("opponent_turn", re.compile(r"相手のターン中")),
    ("case", re.compile(r"の場合")),
)


def clauses(line: str) -> list[Clause]:
    """The usability clauses of one ability line, in the order of :data:`_PATTERNS`."""
    found: list[Clause] = []
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(line):
            found.append(Clause(kind, int(m[1]) if m.groups() else 0))
    return found


def _limited(ability: Ability, n: int) -> bool:
    """Whether ``ability`` may be used (or works) at most ``n`` times per turn."""
    return ability.times_per_turn == n or (n == 1 and ability.once_per_turn)


def _ops(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def missing(line: str, abilities: Sequence[Ability], evolve_if: Any = None) -> Clause | None:
    """The first usability clause of ``line`` that the abilities compiled from it (and the
    evolve condition it set, ``evolve_if``) do not encode; ``None`` when all are kept."""
    data = _ops([to_data(a) for a in abilities]) + (_ops(to_data(evolve_if)) if evolve_if else "")
    used = [a for a in abilities if a.trigger is Trigger.ACTIVATED]
    works = [a for a in abilities if a.trigger is not Trigger.ACTIVATED]
    for clause in clauses(line):
        kind = clause.kind
        if kind == "condition":  # of the evolve ability (CR 12.2) or an activated one
            ok = evolve_if is not None or '"EvolveCostIf"' in data
            ok = ok or any(a.condition is not None for a in used)
        elif kind == "times_used":  # "使える": an activated ability
            ok = any(_limited(a, clause.n) for a in used)
        elif kind == "times_works":  # "働く": an auto ability
            ok = any(_limited(a, clause.n) for a in works)
        elif kind == "times":
            ok = any(_limited(a, clause.n) for a in abilities)
        elif kind == "my_turn":
            ok = '"MyTurn"' in data
        elif kind == "opponent_turn":
            ok = '"OpponentTurn"' in data
        else:  # "…の場合": a condition somewhere in the line's abilities
            ok = any(a.condition is not None for a in abilities) or any(
                f'"op": "{op}"' in data for op in ("If", "Gate")
            )
        if not ok:
            return clause
    return None
