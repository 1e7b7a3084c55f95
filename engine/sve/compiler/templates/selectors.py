"""Templates for choices: "choose N ..." sentences (CR 10.6.2.3)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from engine.sve.compiler.templates.base import _SUBJECT, Context, Unsupported, _targets, template
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


@template(
    "select_not_named",
    r"(?P<side>自分|相手)の場の「これと同名を除く(?:(?P<trait>[^・、。「」『』【】]+)・)?"
    r"(?P<kind>フォロワー|カード|アミュレット)」(?P<n>\d+)(?:体|枚|つ)(?P<upto>まで)?を?選ぶ。",
)
def _select_not_named(m: re.Match[str], ctx: Context) -> list[Any]:
    """A card on a field other than one of this card's name (``「これと同名を除く…」``)."""
    if not ctx.name:
        raise Unsupported("'other than this card's name' without the card")
    side = "own" if m["side"] == "自分" else "enemy"
    kind = m["kind"]
    what = Targets(
        side=side,
        followers=kind != "アミュレット",
        amulets=kind != "フォロワー",
        trait=m["trait"] or "",
        not_name=ctx.name,
    )
    ctx.it, ctx.it_side = "targets", side
    return [Select(what, int(m["n"]), bool(m["upto"]))]


@template(
    "select_named_either",
    r"(?P<side>自分|相手)の場の『(?P<a>[^』]+)』(?:か|や)『(?P<b>[^』]+)』(?P<n>\d+)(?:体|枚|つ)"
    r"(?P<upto>まで)?を?選ぶ。",
)
def _select_named_either(m: re.Match[str], ctx: Context) -> list[Any]:
    """Cards of either name on a field (``『A』か『B』``, ``『A』や『B』2体まで``)."""
    side = "own" if m["side"] == "自分" else "enemy"
    what = Targets(side=side, amulets=True, name=m["b"], also=(Targets(name=m["a"]),))
    ctx.it, ctx.it_side = "targets", side
    return [Select(what, int(m["n"]), bool(m["upto"]))]


_SUBJECT_WHOLE = re.compile("^" + _SUBJECT + "$")


@template(
    "select_either", r"(?P<a>(?:自分|相手)の場の.+?)1体か(?P<b>(?:自分|相手)の場の.+?)1体を選ぶ。"
)
def _select_either(m: re.Match[str], ctx: Context) -> list[Any]:
    """A choice of one (trait A) or one (trait B) follower on your field: one card that
    either phrase allows (both on the same side, of the same kinds)."""
    a, b = _SUBJECT_WHOLE.match(m["a"]), _SUBJECT_WHOLE.match(m["b"])
    if a is None or b is None:
        raise Unsupported("a choice of two kinds this compiler does not read")
    first, second = _targets(a), _targets(b)
    if (first.side, first.followers, first.amulets) != (
        second.side,
        second.followers,
        second.amulets,
    ):
        raise Unsupported("a choice across sides or kinds")
    ctx.it, ctx.it_side = "targets", second.side
    return [Select(dataclasses.replace(second, also=(first,)))]
