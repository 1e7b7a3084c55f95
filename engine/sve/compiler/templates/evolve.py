"""Templates for evolving and evolve costs (CR 8.3, 12.2)."""

from __future__ import annotations

import re
from typing import Any

from engine.sve.compiler.templates.base import Context, N, template
from engine.sve.effects.evolve import (
    EvolveCostDown,
    EvolveOrReturn,
    EvolveSelf,
    FromEvolveDeck,
    SetEvolveCost,
)


@template("evolve_self", r"これは進化する。")
def _evolve_self(m: re.Match[str], ctx: Context) -> list[Any]:
    return [EvolveSelf()]


@template("evolve_or_return", r"これは進化するか手札に戻る。")
def _evolve_or_return(m: re.Match[str], ctx: Context) -> list[Any]:
    return [EvolveOrReturn()]


@template("set_evolve_cost", r"これの【進化】コストを" + N + r"にする。")
def _set_evolve_cost(m: re.Match[str], ctx: Context) -> list[Any]:
    return [SetEvolveCost(int(m[1]))]


@template("evolve_cost_down", r"このターン、これの【進化】コストを-" + N + r"する。")
def _evolve_cost_down(m: re.Match[str], ctx: Context) -> list[Any]:
    return [EvolveCostDown(int(m[1]))]


@template(
    "from_evolve_deck",
    r"自分のエボルヴデッキの『([^』]+)』1枚を(EXエリアに置いて|場に出して)よい。",
)
def _from_evolve_deck(m: re.Match[str], ctx: Context) -> list[Any]:
    return [FromEvolveDeck(m[1], "ex" if m[2].startswith("EX") else "field")]


@template("evolve_it", r"それは進化する。")
def _evolve_it(m: re.Match[str], ctx: Context) -> list[Any]:
    """The chosen follower, or the one that entered, evolves (CR 5.16; no cost)."""
    return [EvolveSelf(ctx.need_it())]
