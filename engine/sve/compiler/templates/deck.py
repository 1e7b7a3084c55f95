"""Templates for the deck and resources: draw, mill, PP, discard."""

from __future__ import annotations

import re
from typing import Any

from engine.sve.compiler.templates.base import Context, N, template
from engine.sve.effects.costs import (
    GainPP,
)
from engine.sve.effects.deck import Draw, Mill, ShuffleDeck
from engine.sve.effects.zones import (
    DiscardCards,
    HandToDeck,
    TopToEx,
)


@template("mill_opponent", r"相手プレイヤーすべては、自身のデッキの上" + N + r"枚を墓場に置く。")
def _mill_opponent(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Mill(int(m[1]), "opponent")]


@template("draw", r"(?:カードを)?" + N + r"枚引く。")
def _draw(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Draw(int(m[1]))]


@template("each_draws", r"各プレイヤーは" + N + r"枚引く。")
def _each_draw(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Draw(int(m[1])), Draw(int(m[1]), "opponent")]


@template("mill", r"(自分|相手)のデッキの上" + N + r"枚を墓場に置く。")
def _mill(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Mill(int(m[2]), "you" if m[1] == "自分" else "opponent")]


@template("recover_pp", r"自分のPPを" + N + r"回復する。")
def _recover(m: re.Match[str], ctx: Context) -> list[Any]:
    return [GainPP(int(m[1]))]


@template("max_pp", r"自分のPP最大値を\+" + N + r"する。")
def _max_pp(m: re.Match[str], ctx: Context) -> list[Any]:
    return [GainPP(int(m[1]), maximum=True)]


@template("discard", r"自分の手札" + N + r"枚を捨てる。")
def _discard(m: re.Match[str], ctx: Context) -> list[Any]:
    return [DiscardCards(int(m[1]))]


@template(
    "top_to_ex",
    r"自分のデッキ(?P<shuffle>をシャッフルし、)?(?:の)?上" + N + r"枚をEXエリアに置く。",
)
def _top_to_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "ex"
    moved = [TopToEx(int(m[2]))]
    return [ShuffleDeck(), *moved] if m["shuffle"] else moved


@template(
    "opponent_discards", r"相手プレイヤーすべては、自身の手札(をランダムに)?" + N + r"枚を?捨てる。"
)
def _opponent_discards(m: re.Match[str], ctx: Context) -> list[Any]:
    return [DiscardCards(int(m[2]), "opponent", bool(m[1]))]


@template("banish_top", r"(自分|相手)のデッキの上" + N + r"枚を消滅させる。")
def _banish_top(m: re.Match[str], ctx: Context) -> list[Any]:
    """The top N cards of a deck are banished (CR 5.7), not put into the graveyard."""
    return [Mill(int(m[2]), "you" if m[1] == "自分" else "opponent", banish=True)]


@template("mill_may", r"自分のデッキの上" + N + r"枚を墓場に置いてよい。")
def _mill_may(m: re.Match[str], ctx: Context) -> list[Any]:
    """You may mill N, deciding without looking at them (the milled cards become "it", which
    no later sentence may name)."""
    ctx.did = True
    ctx.it = ""
    return [Mill(int(m[1]), may=True)]


@template("discard_hand", r"自分の手札すべてを捨てる。")
def _discard_hand(m: re.Match[str], ctx: Context) -> list[Any]:
    return [DiscardCards(whole=True)]


@template("discard_may", r"自分の手札" + N + r"枚を捨ててよい。")
def _discard_may(m: re.Match[str], ctx: Context) -> list[Any]:
    """You may discard N (the discarded cards become "it", which no later sentence may
    name)."""
    ctx.did = True
    ctx.it = ""
    return [DiscardCards(int(m[1]), may=True)]


@template("hand_to_bottom", r"自分の手札1枚をデッキの下に置く。")
def _hand_to_bottom(m: re.Match[str], ctx: Context) -> list[Any]:
    return [HandToDeck(bottom=True)]
