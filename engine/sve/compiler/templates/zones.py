"""Templates for moving cards between zones: destroy, banish, return, EX area, graveyard."""

from __future__ import annotations

import re
from typing import Any

from engine.sve.compiler.templates.base import (
    _FILTER,
    _GROUP,
    _GROUPS,
    SIGNED,
    Context,
    N,
    Unsupported,
    _filter,
    either_of,
    template,
)
from engine.sve.effects.damage import (
    Banish,
    Destroy,
)
from engine.sve.effects.search import FromHand
from engine.sve.effects.selectors import Select, Targets
from engine.sve.effects.stats import (
    Box,
    Buff,
    Engage,
    NoAttack,
    SkipStand,
)
from engine.sve.effects.zones import (
    DiscardCards,
    ExileLater,
    PutInEx,
    ReturnToHand,
    SacrificeFollower,
    SelfExToField,
    SelfToEx,
    SelfToField,
    ToGrave,
)

_MOVES: dict[str, type] = {
    "を破壊する": Destroy,
    "を手札に戻す": ReturnToHand,
    "を消滅させる": Banish,
    "は消滅する": Banish,
    "を消滅する": Banish,
    "をEXエリアに置く": PutInEx,
}


@template(
    "move",
    r"(それ|これ|" + _GROUP[1:-1] + r")(を破壊する|を手札に戻す|を消滅させる|"
    r"は消滅する|を消滅する|をEXエリアに置く)。",
)
def _move(m: re.Match[str], ctx: Context) -> list[Any]:
    who = m[1]
    to = ctx.need_it() if who == "それ" else "self" if who == "これ" else _GROUPS[who]
    if to in ("enemy_leader", "own_leader", "enemy_all", "all_leaders"):
        raise Unsupported("a leader cannot be moved")
    return [_MOVES[m[2]](to)]


@template("engage", r"(それ|これ)を(アクト|スタンド)する。")
def _engage(m: re.Match[str], ctx: Context) -> list[Any]:
    to = ctx.need_it() if m[1] == "それ" else "self"
    return [Engage(to, stand=m[2] == "スタンド")]


@template(
    "no_attack",
    r"(このターン、|次のそれのプレイヤーのターン中、)(それ|これ)は相手を攻撃できない。",
)
def _no_attack(m: re.Match[str], ctx: Context) -> list[Any]:
    to = ctx.need_it() if m[2] == "それ" else "self"
    return [NoAttack(to, next_turn=m[1] != "このターン、")]


@template("skip_stand", r"それは次のそれのプレイヤーのスタートフェイズにスタンドしない。")
def _skip_stand(m: re.Match[str], ctx: Context) -> list[Any]:
    return [SkipStand(ctx.need_it())]


@template("box_it", r"次のそれのプレイヤーのターン終了時まで、それを【箱詰め】状態にする。")
def _box_it(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Box(ctx.need_it())]


@template("self_grave_to_ex", r"自分の墓場のこれをEXエリアに置(く|いてよい)。")
def _self_grave_to_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.did = True
    return [SelfToEx(optional=m[1] != "く")]


@template("self_from_ex", r"自分のEXエリアのこれを(アクト状態で)?場に出す。")
def _self_from_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    return [SelfExToField(bool(m[1]))]


@template("self_from_grave", r"自分の墓場のこれを場に出す。")
def _self_from_grave(m: re.Match[str], ctx: Context) -> list[Any]:
    return [SelfToField()]


LAST_WORDS_MARKER = "【ラストワード】"
"""The Last Words marker (CR 12.5), for phrasings that grant the ability."""


@template(
    "buff_exile_later",
    r"これは【攻撃力】" + SIGNED + rf"して、「{LAST_WORDS_MARKER}これは消滅する」を持つ。",
)
def _buff_exile_later(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Buff(int(m[1]), 0, "self"), ExileLater()]


@template("exile_later", rf"これは「{LAST_WORDS_MARKER}これは消滅する」を持つ。")
def _exile_later(m: re.Match[str], ctx: Context) -> list[Any]:
    return [ExileLater()]


@template("self_to_ex", r"これをEXエリアに置いてよい。")
def _self_to_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    return [SelfToEx()]


@template("to_grave_self", r"これを墓場に置く。")
def _to_grave_self(m: re.Match[str], ctx: Context) -> list[Any]:
    return [ToGrave()]


@template("hand_to_ex", r"自分の手札の" + _FILTER + r"1枚をEXエリアに置いてよい。")
def _hand_to_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "ex"
    ctx.did = True
    return [FromHand(_filter(m, ctx), to="ex")]


@template(
    "hand_to_field",
    r"(?:自分の)?手札(?P<ex>か自分のEXエリア)?の(?P<x>元のコストX以下の)?"
    + _FILTER
    + r"(?P<n>\d+)枚"
    r"(?P<upto>まで)?を?場に出してよい。",
)
def _hand_to_field(m: re.Match[str], ctx: Context) -> list[Any]:
    if m["x"]:
        if m["cost"]:
            raise Unsupported("two cost limits")
        ctx.pending = "x_max_pp"  # the next sentence must define X
    ctx.it, ctx.it_side = "targets", "own"
    ctx.did = True
    return [FromHand(_filter(m, ctx), int(m["n"]), bool(m["ex"]), bool(m["x"]))]


@template("banish_from_hand", r"自分の手札" + N + r"枚を消滅させる。")
def _banish_from_hand(m: re.Match[str], ctx: Context) -> list[Any]:
    return [DiscardCards(int(m[1]), banish=True)]


@template(
    "hand_to_field_alt",
    r"(?:自分の)?手札の(?P<what>.+?)(?P<n>\d+)枚(?P<upto>まで)?を?場に出してよい。",
    after=("hand_to_field",),
)
def _hand_to_field_alt(m: re.Match[str], ctx: Context) -> list[Any]:
    """``手札のAかB1枚を場に出してよい``: a hand card either phrase names."""
    what = either_of(m["what"], ctx)
    if what is None:
        raise Unsupported("hand cards this compiler does not read")
    ctx.it, ctx.it_side = "targets", "own"
    ctx.did = True
    return [FromHand(what, int(m["n"]))]


@template(
    "chosen_to_grave",
    r"自分の場の(?P<other>他の)?(?:(?P<trait>[^・、。「」『』【】]+)・)?(?P<kind>フォロワー|カード|アミュレット)"
    r"1(?:体|枚|つ)を墓場に置く。",
)
def _chosen_to_grave(m: re.Match[str], ctx: Context) -> list[Any]:
    """Choose one of your field cards and put it into the graveyard (not destroyed)."""
    kind = m["kind"]
    what = Targets(
        side="own",
        followers=kind != "アミュレット",
        amulets=kind != "フォロワー",
        trait=m["trait"] or "",
        other=bool(m["other"]),
    )
    ctx.it, ctx.it_side = "targets", "own"
    return [Select(what), ToGrave("targets")]


@template("opponent_sacrifices", r"相手プレイヤーすべては、自身の場のフォロワー1体を墓場に置く。")
def _opponent_sacrifices(m: re.Match[str], ctx: Context) -> list[Any]:
    return [SacrificeFollower()]


@template("self_to_field_last_words", r"これを場に出す。")
def _self_to_field_last_words(m: re.Match[str], ctx: Context) -> list[Any]:
    """Last Words: this card, now in the graveyard, onto the field (CR 12.5)."""
    if ctx.event != "last_words":
        raise Unsupported("'put this onto the field' outside Last Words")
    return [SelfToField()]
