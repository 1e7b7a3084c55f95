"""Templates for attack and defense, keywords given and counters."""

from __future__ import annotations

import re
from typing import Any

from engine.sve.compiler.templates.base import (
    _FILTER,
    _GROUP,
    _GROUPS,
    KW,
    SIGNED,
    Context,
    N,
    Unsupported,
    _filter,
    _two_traits,
    keyword_ids,
    template,
)
from engine.sve.effects.selectors import Targets
from engine.sve.effects.stats import (
    Buff,
    PutCounters,
    SetStats,
    StackUp,
)


@template("set_stats", r"それの攻撃力と体力を" + N + r"にする。")
def _set_stats(m: re.Match[str], ctx: Context) -> list[Any]:
    n = int(m[1])
    return [SetStats(n, n, ctx.need_it())]


@template(
    "buff_group",
    r"自分の(?:場の)?(?!EXエリア)(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?トークン(?:・フォロワー)?すべては"
    r"【攻撃力】" + SIGNED + r"/【体力】" + SIGNED + r"する。",
)
def _buff_group(m: re.Match[str], ctx: Context) -> list[Any]:
    what = Targets(side="own", trait=m["trait"] or "", token=True)
    return [Buff(int(m[2]), int(m[3]), what=what)]


@template(
    "buff_trait_group",
    r"(このターン、)?自分の(?:場の)?(?P<other>他の)?(?P<trait>[^・、。「」『』【】の]+)・フォロワーすべては"
    r"(このターン、)?【攻撃力】" + SIGNED + r"(?:/【体力】" + SIGNED + r")?する。",
)
def _buff_trait_group(m: re.Match[str], ctx: Context) -> list[Any]:
    what = Targets(side="own", trait=m["trait"], other=bool(m["other"]))
    return [Buff(int(m[5]), int(m[6] or 0), what=what, until_end_of_turn=bool(m[1] or m[4]))]


@template(
    "buff_cost_group",
    r"自分の場の元のコスト(?P<c>\d+)のフォロワーすべては【攻撃力】\+(?P<a>\d+)(?:/【体力】\+(?P<d>\d+))?する。",
)
def _buff_cost_group(m: re.Match[str], ctx: Context) -> list[Any]:
    what = Targets(side="own", exact_cost=int(m["c"]))
    return [Buff(int(m["a"]), int(m["d"] or 0), what=what)]


@template("instead_buff", r"代わりに【攻撃力】\+" + N + r"(?:/【体力】\+" + N + r")?する。")
def _instead_buff(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Buff(int(m[1]), int(m[2] or 0), "instead")]


@template("buff_x", r"これは【攻撃力】\+X/【体力】\+Xする。")
def _buff_x(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.pending = "x_died"
    return [Buff(0, 0, "self", per_died=True)]


@template("x_died", r"Xは「このターン、場から墓場に置かれたフォロワーの数」である。")
def _x_died(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.pending != "x_died":
        raise Unsupported("X defined for nothing that uses it")
    ctx.pending = ""
    return []


_BUFF_SUBJECT = r"(このターン、)?(それ|これ|" + _GROUP[1:-1] + r")は(このターン、)?"


def _buff_to(word: str, ctx: Context) -> str:
    if word == "それ":
        return ctx.need_it()
    if word == "これ":
        return "self"
    to = _GROUPS[word]
    if to in ("enemy_leader", "own_leader", "enemy_all", "all_leaders"):
        raise Unsupported("leader stats")
    return to


@template(
    "buff",
    _BUFF_SUBJECT
    + r"【攻撃力】"
    + SIGNED
    + r"(?:/【体力】"
    + SIGNED
    + r")?(?:する|して、"
    + KW
    + r"を持つ)。",
)
def _buff(m: re.Match[str], ctx: Context) -> list[Any]:
    kws = keyword_ids(m[6]) if m[6] else ()
    eot = bool(m[1] or m[3])
    if m[2] == "それ" and ctx.it_side == "ex":  # cards in the EX area (CR 4.8.3.3)
        if eot:
            raise Unsupported("a change until the end of the turn to EX-area cards")
        ctx.need_it(any_zone=True)
        return [Buff(int(m[4]), int(m[5] or 0), "targets", False, kws, ex=True)]
    return [Buff(int(m[4]), int(m[5] or 0), _buff_to(m[2], ctx), eot, kws)]


@template("buff_defense", _BUFF_SUBJECT + r"【体力】" + SIGNED + r"する。", after=("heal_leader",))
def _buff_defense(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Buff(0, int(m[4]), _buff_to(m[2], ctx), bool(m[1] or m[3]))]


@template("give_keywords", _BUFF_SUBJECT + KW + r"を持つ。")
def _give(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Buff(0, 0, _buff_to(m[2], ctx), bool(m[1] or m[3]), keyword_ids(m[4]))]


@template(
    "add_counters",
    r"(?:自分の場の『(?P<name>[^』]+)』すべて|(?P<who>これ|それ))に"
    r"(?P<c>[^、。「」『』【】]+?)カウンター(?P<n>\d+)(?:個|つ)を置く。",
)
def _add_counters(m: re.Match[str], ctx: Context) -> list[Any]:
    if m["name"]:
        what = Targets(side="own", amulets=True, name=m["name"])
        return [PutCounters(m["c"], int(m["n"]), what=what)]
    to = ctx.need_it() if m["who"] == "それ" else "self"
    return [PutCounters(m["c"], int(m["n"]), to=to)]


@template(
    "buff_all",
    r"(?:元のコスト(?P<c>\d+)(?P<le>以下|以上)の)?自分の場の(?P<other>他の)?"
    r"(?:『(?P<name>[^』]+)』|(?:【(?P<cls>[^】]+)】)?(?:(?P<trait>[^・、。「」『』【】]+)・)?"
    r"(?P<tok>トークン・)?(?P<kind>フォロワー|トークン))すべては"
    r"(?:【攻撃力】(?P<atk>[+-]\d+)(?:/【体力】(?P<dfn>[+-]\d+))?(?:する|して、(?P<kw>"
    + KW[1:-1]
    + r")を持つ)"
    r"|(?P<only>" + KW[1:-1] + r")を持つ)。",
    after=("buff", "buff_trait_group", "give_keywords"),
)
def _buff_all(m: re.Match[str], ctx: Context) -> list[Any]:
    """Every card of a group on your field (by class, trait, name, token, cost) gets
    +N/+N, keywords, or both ("all of them get +2 attack and gain a keyword")."""
    cost = int(m["c"]) if m["c"] else -1
    trait, trait2 = _two_traits(m["cls"], m["trait"], None)
    what = Targets(
        side="own",
        trait=trait,
        trait2=trait2,
        name=m["name"] or "",
        other=bool(m["other"]),
        token=m["kind"] == "トークン" or bool(m["tok"]),
        max_cost=cost if m["le"] == "以下" else -1,
        min_cost=cost if m["le"] == "以上" else -1,
    )
    kws = keyword_ids(m["kw"] or m["only"] or "")
    return [Buff(int(m["atk"] or 0), int(m["dfn"] or 0), what=what, keywords=kws)]


@template("set_defense", r"(?P<who>これ|それ)の体力を(?:(?P<n>\d+)にする|元の体力と同じ値にする)。")
def _set_defense(m: re.Match[str], ctx: Context) -> list[Any]:
    """The defense becomes N, or the original (printed) defense; the attack is kept."""
    to = "self" if m["who"] == "これ" else ctx.need_it()
    return [SetStats(-1, int(m["n"]) if m["n"] else -1, to)]


@template("stack_up", r"自分の場の【スタック】を\+(\d+)する。")
def _stack_up(m: re.Match[str], ctx: Context) -> list[Any]:
    """CR 13.3.2.4: N stack counters on one Stack card of yours (nothing without one). A
    line whose reminder puts a 『大地の魔片』 there when you have none says more than the
    rules we hold, and its Japanese (the token, then +N) and English (the token with 1
    counter) differ on how many counters: not modelled."""
    if any("大地の魔片" in r for r in ctx.reminders):
        raise Unsupported("a Stack reminder whose Japanese and English differ")
    return [StackUp(int(m[1]))]


@template(
    "buff_ex_group",
    r"自分のEXエリアの"
    + _FILTER
    + r"すべては【攻撃力】"
    + SIGNED
    + r"/【体力】"
    + SIGNED
    + r"する。",
)
def _buff_ex_group(m: re.Match[str], ctx: Context) -> list[Any]:
    """Every such card in your EX area gets +N/+N; it keeps it onto the field (CR 4.8.3.3)."""
    last = m.lastindex or 0  # the two numbers are the pattern's last groups
    return [Buff(int(m[last - 1]), int(m[last]), ex=True, ex_what=_filter(m, ctx))]
