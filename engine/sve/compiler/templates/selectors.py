"""Templates for choices: "choose N ..." sentences (CR 10.6.2.3)."""

from __future__ import annotations

import re
from typing import Any

from engine.sve.compiler.templates.base import _SUBJECT, Context, _targets, template
from engine.sve.effects.selectors import Select, Targets


@template("select", _SUBJECT + r"(?P<n>\d+)(?:体|枚|つ)(?P<upto>まで)?を?選ぶ。")
def _select(m: re.Match[str], ctx: Context) -> list[Any]:
    what = _targets(m)
    ctx.it, ctx.it_side = "targets", what.side
    return [Select(what, int(m["n"]), bool(m["upto"]))]


@template("select_boxed", r"相手の場の【箱詰め】状態のフォロワー(?P<n>\d+)体(?P<upto>まで)?選ぶ。")
def _select_boxed(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "enemy"
    return [Select(Targets(boxed=True), int(m["n"]), bool(m["upto"]))]


@template(
    "select_leader_or_follower",
    r"相手のリーダー(?:1人)?か相手の(?:場の)?フォロワー1体を選ぶ。",
)
def _select_any_enemy(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "enemy"
    return [Select(Targets(leaders=True))]


@template(
    "select_own_leader_or_follower",
    r"自分のリーダーか自分の場の(?P<other>他の)?フォロワー1体を選ぶ。",
)
def _select_own_any(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "own"
    return [Select(Targets(side="own", leaders=True, other=bool(m["other"])))]


@template(
    "select_named",
    r"(?P<side>自分|相手)の場の(?P<other>他の)?『(?P<name>[^』]+)』(?P<n>\d+)(?:体|枚|つ)(?P<upto>まで)?を?選ぶ。",
)
def _select_named(m: re.Match[str], ctx: Context) -> list[Any]:
    side = "own" if m["side"] == "自分" else "enemy"
    what = Targets(side=side, amulets=True, name=m["name"], other=bool(m["other"]))
    ctx.it, ctx.it_side = "targets", side
    return [Select(what, int(m["n"]), bool(m["upto"]))]


@template("select_any_side", r"場の(?P<other>他の)?フォロワー(?P<n>\d+)体(?P<upto>まで)?を?選ぶ。")
def _select_any_side(m: re.Match[str], ctx: Context) -> list[Any]:
    """``場の(他の)フォロワー1体を選ぶ``: a follower on either side (CR 10.6.2.3)."""
    ctx.it, ctx.it_side = "targets", "any"
    return [Select(Targets(side="any", other=bool(m["other"])), int(m["n"]), bool(m["upto"]))]
