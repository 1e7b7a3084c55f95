"""Templates for tokens (CR 9.1, appendix A) and equipment (CR 14.5.2)."""

from __future__ import annotations

import re
from typing import Any

from engine.sve.compiler.templates.base import Context, N, Unsupported, template
from engine.sve.effects.stats import (
    Equip,
)
from engine.sve.effects.tokens import Summon, SummonSame

_TOKEN = r"『([^』]+)』" + N + r"(?:体|枚|つ)"


@template("summon", _TOKEN + r"を(?:場に)?出す。")
def _summon(m: re.Match[str], ctx: Context) -> list[Any]:
    it = _summon_it(ctx)
    return [Summon(ctx.token(m[1]), int(m[2]), it=it)]


def _summon_it(ctx: Context) -> str:
    """Created tokens are "it" when nothing was chosen before (``…を出す。それは…``)."""
    if ctx.it:
        return ""
    ctx.it, ctx.it_side = "targets", "own"
    return "set"


@template("summon_two", _TOKEN + r"と" + _TOKEN + r"を(?:場に)?出す。")
def _summon_two(m: re.Match[str], ctx: Context) -> list[Any]:
    it = _summon_it(ctx)
    return [
        Summon(ctx.token(m[1]), int(m[2]), it=it),
        Summon(ctx.token(m[3]), int(m[4]), it="add" if it else ""),
    ]


@template("equip", r"(これ|それ)は" + _TOKEN + r"を装備する。")
def _equip(m: re.Match[str], ctx: Context) -> list[Any]:
    token = ctx.token(m[2])
    if not token.card_type.endswith("equipment") or m[3] != "1":
        raise Unsupported("equipping something other than one equipment token")
    if token.card_id in ctx.unmodelled:
        raise Unsupported("an equipment token whose text is not modelled")
    return [Equip(token, "self" if m[1] == "これ" else ctx.need_it())]


@template("token_to_ex", _TOKEN + r"をEXエリアに置く。")
def _token_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    """Tokens into the EX area; they are "it" when nothing was chosen before and a later
    sentence names "it" (``このターン、それをプレイする際、コストを-1する``)."""
    it = (
        ""
        if ctx.it or not any(x.startswith(("それ", "このターン、それ")) for x in ctx.ahead)
        else "set"
    )
    if it:
        ctx.it, ctx.it_side = "targets", "ex"
    return [Summon(ctx.token(m[1]), int(m[2]), "ex", it=it)]


@template("token_to_ex_two", _TOKEN + r"と" + _TOKEN + r"(?:と" + _TOKEN + r")?をEXエリアに置く。")
def _token_ex_two(m: re.Match[str], ctx: Context) -> list[Any]:
    """Two (or three) kinds of tokens into the EX area."""
    return [Summon(ctx.token(m[i]), int(m[i + 1]), "ex") for i in (1, 3, 5) if m[i]]


@template(
    "token_choice_to_ex",
    _TOKEN + r"か" + _TOKEN + r"(?:か" + _TOKEN + r")?をEXエリアに置く。",
)
def _token_choice(m: re.Match[str], ctx: Context) -> list[Any]:
    from engine.sve.effects.flow import Modal

    options = [(Summon(ctx.token(m[i]), int(m[i + 1]), "ex"),) for i in (1, 3, 5) if m[i]]
    return [Modal(tuple(options))]


@template(
    "token_choice_to_ex_may",
    _TOKEN + r"か" + _TOKEN + r"(?:か" + _TOKEN + r")?をEXエリアに置いてよい。",
)
def _token_choice_may(m: re.Match[str], ctx: Context) -> list[Any]:
    from engine.sve.effects.flow import Modal

    options = [(Summon(ctx.token(m[i]), int(m[i + 1]), "ex"),) for i in (1, 3, 5) if m[i]]
    return [Modal((*options, ()))]  # "may": the last option does nothing


@template("token_field_or_ex", _TOKEN + r"を場かEXエリアに置いてよい。")
def _token_field_or_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    from engine.sve.effects.flow import Modal

    token, n = ctx.token(m[1]), int(m[2])
    return [Modal(((Summon(token, n),), (Summon(token, n, "ex"),), ()))]


@template(
    "token_choice_to_field",
    _TOKEN + r"か" + _TOKEN + r"(?:か" + _TOKEN + r")?を(?:場に)?出す。",
)
def _token_choice_field(m: re.Match[str], ctx: Context) -> list[Any]:
    from engine.sve.effects.flow import Modal

    options = [(Summon(ctx.token(m[i]), int(m[i + 1])),) for i in (1, 3, 5) if m[i]]
    return [Modal(tuple(options))]


@template("summon_same", r"それと同名のトークン・(?:カード1枚|フォロワー1体)を場に出す。")
def _summon_same(m: re.Match[str], ctx: Context) -> list[Any]:
    """A token named as the card that left the field, or as the chosen token."""
    it = ctx.need_it()
    if it not in ("event", "targets"):
        raise Unsupported("a token of the same name as no card")
    return [SummonSame(it)]


@template("instead_token", r"代わりに" + _TOKEN + r"を(?:場に)?出す。")
def _instead_token(m: re.Match[str], ctx: Context) -> list[Any]:
    """``…なら、代わりに『B』1体を場に出す``: other tokens instead of those just summoned."""
    return [INSTEAD_TOKEN, Summon(ctx.token(m[1]), int(m[2]))]


INSTEAD_TOKEN = "instead:token"
"""Marker: the tokens just summoned are these instead when the condition holds."""


@template("summon_until_full", _TOKEN + r"を、場が上限になるまで出す。")
def _summon_until_full(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.pending = "rest_to_ex"
    return [Summon(ctx.token(m[1]), int(m[2]), "field_then_ex")]


@template("summon_rest_ex", r"残りをEXエリアに置く。")
def _summon_rest_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.pending != "rest_to_ex":
        raise Unsupported("'the rest' without tokens put onto the field")
    ctx.pending = ""
    return []


@template("summon_choose", _TOKEN + r"の中から、好きな枚数を場に出す。")
def _summon_choose(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.pending = "any_to_ex"
    return [Summon(ctx.token(m[1]), int(m[2]), "choose")]


@template("summon_choose_ex", r"好きな枚数をEXエリアに置く。")
def _summon_choose_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.pending != "any_to_ex":
        raise Unsupported("'any number into the EX area' without tokens to choose from")
    ctx.pending = ""
    return []


@template("summon_for_its_player", r"それのプレイヤーは" + _TOKEN + r"を(?:場に)?出す。")
def _summon_for_its_player(m: re.Match[str], ctx: Context) -> list[Any]:
    """The player of the enemy card chosen gets the tokens (its English: "its controller
    summons")."""
    if ctx.need_it() != "targets" or ctx.it_side != "enemy":
        raise Unsupported("'its player' of a card that may be your own")
    return [Summon(ctx.token(m[1]), int(m[2]), who="opponent")]
