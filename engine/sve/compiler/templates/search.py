"""Templates for searching the deck (CR 5.8), looking at its top (CR 5.11), the graveyard
and the hand, and X (a number counted when the ability resolves).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.sve.compiler.templates.base import (
    _COUNTED,
    _FILTER,
    _GROUP,
    _GROUPS,
    _KINDS,
    _SUBJECT,
    CLASS_WORDS,
    Context,
    N,
    Unsupported,
    _counted,
    _filter,
    _targets,
    either_of,
    filters_of,
    keyword_ids,
    template,
)
from engine.sve.effects.damage import (
    Damage,
    HealLeader,
)
from engine.sve.effects.deck import Arrange, Draw, ShuffleDeck
from engine.sve.effects.flow import Scaled
from engine.sve.effects.search import FromGrave, LookTop, LookTopPicks, Search
from engine.sve.effects.selectors import CardFilter, Select, SelectEx, Targets
from engine.sve.effects.stats import (
    Buff,
)

_DEST = {"手札に加える": "hand", "EXエリアに置く": "ex", "場に出す": "field"}


@template(
    "search",
    r"自分のデッキから" + _FILTER + r"(?P<distinct>をカード名が異なるように)?(?P<n>\d+)枚"
    r"(?P<upto>まで)?を?探し、(?P<dest>手札に加える|EXエリアに置く|場に出す)。",
)
def _search(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "own"
    return [Search(_filter(m, ctx), int(m["n"]), _DEST[m["dest"]], bool(m["distinct"]))]


@template(
    "search_total_cost",
    r"自分のデッキから" + _FILTER + r"を元のコストの合計が(?P<total>\d+)以下になるように"
    r"(?P<n>\d+)枚まで探し、(?P<dest>手札に加える|EXエリアに置く|場に出す)。",
)
def _search_total_cost(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "own"
    dest = _DEST[m["dest"]]
    return [Search(_filter(m, ctx), int(m["n"]), dest, max_total=int(m["total"]))]


@template(
    "select_per_grave",
    r"自分の墓場の(?:元のコスト(?P<gc>\d+)(?P<gle>以下|以上)?の)?"
    r"(?:【(?P<gcls>[^】]+)】|(?P<gtrait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?(?P<gkind>フォロワー|カード|スペル|アミュレット)"
    r"1枚につき、" + _SUBJECT + r"1(?:体|枚)(?P<upto>まで)?選ぶ。",
)
def _select_per_grave(m: re.Match[str], ctx: Context) -> list[Any]:
    what = _targets(m)
    ctx.it, ctx.it_side = "targets", what.side
    traits: tuple[str, ...] = (m["gtrait"],) if m["gtrait"] else ()
    if m["gcls"]:
        if m["gcls"] not in CLASS_WORDS:
            raise Unsupported(f"unknown class {m['gcls']}")
        traits = (CLASS_WORDS[m["gcls"]],)
    cost, le = m["gc"], m["gle"]
    per = CardFilter(
        kind=_KINDS[m["gkind"]],
        traits=traits,
        max_cost=int(cost) if cost and le == "以下" else -1,
        exact_cost=int(cost) if cost and not le else -1,
        min_cost=int(cost) if cost and le == "以上" else -1,
    )
    return [Select(what, 1, bool(m["upto"]), per_grave=per)]


@template("select_in_ex", r"自分のEXエリアの" + _FILTER + r"(?P<n>\d+)(?:枚|体)を選ぶ。")
def _select_in_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "ex"
    return [SelectEx(_filter(m, ctx), int(m["n"]))]


@template("look_top", r"自分のデッキの上" + N + r"枚を見る。")
def _look(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.look = int(m[1])
    return []


@template(
    "look_take",
    r"その中から、" + _FILTER + r"(?P<n>\d+)枚(?:まで)?を?(?:公開して)?"
    r"(?P<dest>手札に加え|EXエリアに置い|場に出し|墓場に置い)てよい。",
)
def _look_take(m: re.Match[str], ctx: Context) -> list[Any]:
    if not ctx.look:
        raise Unsupported("'among them' without a look at the deck")
    dest = _LOOK_DEST[m["dest"]]
    look, ctx.look = ctx.look, 0
    ctx.it, ctx.it_side = "targets", "own"
    return [LookTop(look, _filter(m, ctx), int(m["n"]), dest, rest="top")]


_LOOK_DEST = {
    "手札に加え": "hand",
    "EXエリアに置い": "ex",
    "場に出し": "field",
    "墓場に置い": "grave",
}


@template("look_mill_it", r"それを墓場に置いてよい。")
def _look_mill_it(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.look != 1:
        raise Unsupported("'it' after a look at more than one card")
    ctx.look = 0
    return [LookTop(1, CardFilter(), 1, "grave", rest="top")]


@template("select_in_grave", r"自分の墓場の" + _FILTER + r"(?P<n>\d+)枚(?P<upto>まで)?を?選ぶ。")
def _grave(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.grave = (_filter(m, ctx), int(m["n"]), bool(m["upto"]))
    return []


@template(
    "select_in_grave_total",
    r"自分の墓場の"
    + _FILTER
    + r"を元のコストの合計が(?P<tot>\d+)以下になるように(?P<n>\d+)枚まで選ぶ。",
)
def _grave_total(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.grave = (_filter(m, ctx), int(m["n"]), True, False, int(m["tot"]))
    return []


@template(
    "select_in_grave_distinct",
    r"自分の墓場の" + _FILTER + r"をカード名が異なるように(?P<n>\d+)枚(?P<upto>まで)?選ぶ。",
)
def _grave_distinct(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.grave = (_filter(m, ctx), int(m["n"]), bool(m["upto"]), True)
    return []


@template(
    "grave_to",
    r"それを(手札に加え|場に出|EXエリアに置)(る|す|く|てよい|してよい|いてよい)。",
    after=("move",),
)
def _grave_to(m: re.Match[str], ctx: Context) -> list[Any]:
    if not ctx.grave:
        raise Unsupported("'put it' without a choice in the graveyard")
    what, n, up_to, *rest = ctx.grave
    distinct = rest[:1] == [True]
    total = rest[1] if len(rest) > 1 else -1
    up_to = up_to or m[2].endswith("よい")  # "…てよい": the player may decline
    ctx.grave = ()
    to = {"手札に加え": "hand", "場に出": "field", "EXエリアに置": "ex"}[m[1]]
    ctx.it, ctx.it_side = "targets", "ex" if to == "ex" else "own"
    ctx.did = True
    return [FromGrave(what, n, to, up_to, distinct_names=distinct, max_total=total)]


@template("x_is_max_pp", r"Xは「自分のPP最大値」である。")
def _x_is_max_pp(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.pending != "x_max_pp":
        raise Unsupported("X defined for nothing that uses it")
    ctx.pending = ""
    return []


_EITHER = (
    r"(?P<t1>(?!元のコスト)[^・、。「」『』【】]+)・(?P<k1>フォロワー|カード|スペル|アミュレット)か"
    r"(?P<t2>(?!元のコスト)[^・、。「」『』【】]+)・(?P<k2>フォロワー|カード|スペル|アミュレット)"
)


def _either(m: re.Match[str]) -> CardFilter:
    first = CardFilter(_KINDS[m["k1"]], (m["t1"],))
    return CardFilter(_KINDS[m["k2"]], (m["t2"],), also=(first,))


@template(
    "look_take_either",
    r"その中から、" + _EITHER + r"(?P<n>\d+)枚(?:まで)?を?(?:公開して)?"
    r"(?P<dest>手札に加え|EXエリアに置い|場に出し)てよい。",
)
def _look_take_either(m: re.Match[str], ctx: Context) -> list[Any]:
    if not ctx.look:
        raise Unsupported("'among them' without a look at the deck")
    look, ctx.look = ctx.look, 0
    ctx.it, ctx.it_side = "targets", "own"
    return [LookTop(look, _either(m), int(m["n"]), _LOOK_DEST[m["dest"]], rest="top")]


@template(
    "search_either",
    r"自分のデッキから"
    + _EITHER
    + r"(?P<n>\d+)枚を?探し、(?P<dest>手札に加える|EXエリアに置く|場に出す)。",
)
def _search_either(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "own"
    return [Search(_either(m), int(m["n"]), _DEST[m["dest"]])]


@template("look_arrange", r"その中から、好きな枚数を好きな順にデッキの上に置く。")
def _look_arrange(m: re.Match[str], ctx: Context) -> list[Any]:
    if not ctx.look:
        raise Unsupported("'among them' without a look at the deck")
    look, ctx.look = ctx.look, 0
    return [Arrange(look)]


@template("look_rest_bottom", r"残りを好きな順にデッキの下に置く。")
def _look_rest(m: re.Match[str], ctx: Context) -> list[Any]:
    return [REST_BOTTOM]


@template("look_rest_grave", r"残りを墓場に置く。")
def _look_rest_grave(m: re.Match[str], ctx: Context) -> list[Any]:
    return [REST_GRAVE]


@template("look_rest_hand", r"残りを手札に加える。")
def _look_rest_hand(m: re.Match[str], ctx: Context) -> list[Any]:
    return [REST_HAND]


REST_HAND = "rest:hand"
"""Marker: the looked-at cards not taken go to the hand."""


@template(
    "look_take_any_number",
    r"その中から、(?:" + _EITHER + r"|" + _FILTER + r")を好きな枚数"
    r"(?P<dest>手札に加え|EXエリアに置い|場に出し)てよい。",
)
def _look_take_any_number(m: re.Match[str], ctx: Context) -> list[Any]:
    if not ctx.look:
        raise Unsupported("'among them' without a look at the deck")
    look, ctx.look = ctx.look, 0
    ctx.it, ctx.it_side = "targets", "own"
    what = _either(m) if m["k1"] else _filter(m, ctx)
    return [LookTop(look, what, look, _LOOK_DEST[m["dest"]], rest="top")]


REST_BOTTOM = "rest:bottom"


REST_GRAVE = "rest:grave"
"""Markers the compiler turns into the ``rest`` of the look at the deck before them."""


@template("shuffle_look_top", r"自分のデッキをシャッフルし、上" + N + r"枚を(?:見|公開す)る。")
def _shuffle_look(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.look = int(m[1])
    return [ShuffleDeck()]


@dataclass(frozen=True)
class XCount:
    """Marker: the X of the effect just before is ``k`` times a count of field cards (or
    another number, see :class:`Scaled`)."""

    per: Targets | None
    k: int = 1
    count: str = "field"
    what: CardFilter | None = None


_X_NUMBERS = {
    "自分のPP最大値": "max_pp",
    "自分の手札の枚数": "hand",
    "自分のEXエリアのカードの枚数": "ex",
    "自分の消滅領域の枚数": "banish",
    "自分の手札とEXエリアのカードの合計": "hand_ex",
    "これの攻撃力": "attack",
    "選んだフォロワーの攻撃力": "attack_it",
    "このターン中に自分がプレイしたカードの枚数": "played",
}


@template("x_number", r"Xは「(" + "|".join(_X_NUMBERS) + r")」である。", after=("x_is_max_pp",))
def _x_number(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.pending not in ("x_count", "x_died"):
        raise Unsupported("X defined for nothing that uses it")
    ctx.pending = ""
    count = _X_NUMBERS[m[1]]
    if count == "attack_it":
        ctx.need_it()
    return [XCount(None, 1, count)]


@template(
    "x_field_and_ex",
    r"Xは「自分の場と自分のEXエリアの(?:(?P<trait>[^・、。「」『』【】]+)・)?(?P<tok>トークン・)?"
    r"(?P<kind>トークン|フォロワー|カード)の枚数の合計」である。",
)
def _x_field_and_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.pending not in ("x_count", "x_died"):
        raise Unsupported("X defined for nothing that uses it")
    ctx.pending = ""
    kind = m["kind"]
    per = Targets(
        side="own",
        amulets=kind == "カード",
        trait=m["trait"] or "",
        token=kind == "トークン" or bool(m["tok"]),
    )
    return [XCount(per, 1, "field_ex")]


@template(
    "damage_x_number",
    r"(それ|" + _GROUP[1:-1] + r")に「(" + "|".join(_X_NUMBERS) + r")」と同じダメージ。",
    after=("damage_attack", "damage_hand_size"),
)
def _damage_x_number(m: re.Match[str], ctx: Context) -> list[Any]:
    to = ctx.need_it() if m[1] == "それ" else _GROUPS[m[1]]
    count = _X_NUMBERS[m[2]]
    if count in ("attack_it",) and to == "targets":
        raise Unsupported("the chosen card's attack as damage to it")
    return [Scaled(Damage(1, to), None, 1, count)]


@template("buff_attack_x", r"これは【攻撃力】\+Xする。")
def _buff_attack_x(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.pending = "x_count"
    return [Buff(1, 0, "self")]


@template("draw_x", r"X枚引く。")
def _draw_x(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.pending = "x_count"
    return [Draw(1)]


@template("heal_x", r"自分のリーダーは【体力】\+Xする。")
def _heal_x(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.pending = "x_count"
    return [HealLeader(1)]


@template("x_count", r"Xは" + _COUNTED + r"である。")
def _x_count(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.pending not in ("x_count", "x_died"):
        raise Unsupported("X defined for nothing that uses it")
    ctx.pending = ""
    return [XCount(_counted(m), int(m["k"] or 1))]


@template("instead_count", r"代わりに" + N + r"(?:体|枚)。")
def _instead_count(m: re.Match[str], ctx: Context) -> list[Any]:
    return [INSTEAD_COUNT, int(m[1])]


@template(
    "damage_per_hurt",
    r"(それ|"
    + _GROUP[1:-1]
    + r")に「このターン中に自分のリーダーの体力が減少した回数」と同じダメージ。",
)
def _damage_per_hurt(m: re.Match[str], ctx: Context) -> list[Any]:
    to = ctx.need_it() if m[1] == "それ" else _GROUPS[m[1]]
    return [Damage(0, to, per_hurt=True)]


@template("keyword_choice", r"これは(【[^】]+】)か(【[^】]+】)を持つ。")
def _keyword_choice(m: re.Match[str], ctx: Context) -> list[Any]:
    from engine.sve.effects.flow import Modal

    first, second = keyword_ids(m[1]), keyword_ids(m[2])
    return [Modal(((Buff(0, 0, "self", keywords=first),), (Buff(0, 0, "self", keywords=second),)))]


@template("damage_its_attack", _GROUP + r"に「それの攻撃力」と同じダメージ。")
def _damage_its_attack(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.need_it() != "targets":
        raise Unsupported("'its attack' without a chosen card")
    return [Damage(0, _GROUPS[m[1]], attack_of_it=True)]


@template("look_take_forced", r"その中から、(?P<n>\d+)枚を(?:公開して)?手札に加える。")
def _look_take_forced(m: re.Match[str], ctx: Context) -> list[Any]:
    if not ctx.look:
        raise Unsupported("'among them' without a look at the deck")
    look, ctx.look = ctx.look, 0
    ctx.it, ctx.it_side = "targets", "own"
    return [LookTop(look, CardFilter(), int(m["n"]), "hand", rest="top", must=True)]


INSTEAD_COUNT = "instead:count"
"""Marker: the tokens just summoned are this many instead when the condition holds."""


_EX_COUNT = r"「自分のEXエリアの" + _FILTER + r"の枚数」"
"""``「自分のEXエリアの…の枚数」``: the cards of your EX area passing a filter (crests too)."""


def _ex_filter(m: re.Match[str], ctx: Context) -> CardFilter | None:
    """The filter of an EX-area count; ``None`` for every card (``カードの枚数``)."""
    what = _filter(m, ctx)
    return None if what == CardFilter() else what


@template(
    "damage_ex_count",
    r"(?P<to>それ|" + _GROUP[1:-1] + r")に" + _EX_COUNT + r"(?:と同じ|の(?P<k>\d+)倍の)ダメージ。",
    after=("damage_x_number",),
)
def _damage_ex_count(m: re.Match[str], ctx: Context) -> list[Any]:
    """Damage equal to (k times) the number of such cards in your EX area."""
    to = ctx.need_it() if m["to"] == "それ" else _GROUPS[m["to"]]
    k = int(m["k"]) if m["k"] else 1
    return [Scaled(Damage(1, to), None, k, "ex", _ex_filter(m, ctx))]


@template("x_ex_count", r"Xは" + _EX_COUNT + r"である。", after=("x_number",))
def _x_ex_count(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.pending not in ("x_count", "x_died"):
        raise Unsupported("X defined for nothing that uses it")
    ctx.pending = ""
    return [XCount(None, 1, "ex", _ex_filter(m, ctx))]


@template("damage_x", r"(それ|" + _GROUP[1:-1] + r")にXダメージ。")
def _damage_x(m: re.Match[str], ctx: Context) -> list[Any]:
    """X damage, X defined by the next sentence (``Xは「…」である``)."""
    ctx.pending = "x_count"
    to = ctx.need_it() if m[1] == "それ" else _GROUPS[m[1]]
    return [Damage(1, to)]


_TAKE_DEST = r"(?P<dest>手札に加え|EXエリアに置い|場に出し|墓場に置い)てよい。"


@template(
    "search_each",
    r"自分のデッキから(?P<a>.+?)1枚と(?P<b>.+?)1枚を探し、(?P<dest>手札に加える|EXエリアに置く|場に出す)。",
    after=("search", "search_either"),
)
def _search_each(m: re.Match[str], ctx: Context) -> list[Any]:
    """``AとB``: one card of each found, one search after the other (CR 5.8)."""
    found = filters_of(f"{m['a']}1枚と{m['b']}", "と", ctx)
    if found is None:
        raise Unsupported("a search for two kinds this compiler does not read")
    ctx.it = ""  # the second search's card alone would be "it"
    dest = _DEST[m["dest"]]
    return [Search(found[0], 1, dest), Search(found[1], 1, dest)]


@template(
    "search_alt",
    r"自分のデッキから(?P<what>.+?)(?P<n>\d+)枚を?探し、(?P<dest>手札に加える|EXエリアに置く|場に出す)。",
    after=("search", "search_either", "search_each", "search_total_cost"),
)
def _search_alt(m: re.Match[str], ctx: Context) -> list[Any]:
    """``AかB``: a card either phrase names (each phrase a whole filter)."""
    what = either_of(m["what"], ctx)
    if what is None:
        raise Unsupported("a search this compiler does not read")
    ctx.it, ctx.it_side = "targets", "own"
    return [Search(what, int(m["n"]), _DEST[m["dest"]])]


def _look_open(ctx: Context) -> int:
    if not ctx.look:
        raise Unsupported("'among them' without a look at the deck")
    look, ctx.look = ctx.look, 0
    ctx.it, ctx.it_side = "targets", "own"
    return look


@template(
    "look_take_total",
    r"その中から、" + _FILTER + r"を元のコストの合計が(?P<total>\d+)以下になるように"
    r"(?P<n>\d+)枚まで" + _TAKE_DEST,
)
def _look_take_total(m: re.Match[str], ctx: Context) -> list[Any]:
    """Up to N cards whose original costs add up to at most the total."""
    what = _filter(m, ctx)
    look = _look_open(ctx)
    dest = _LOOK_DEST[m["dest"]]
    return [LookTop(look, what, int(m["n"]), dest, rest="top", max_total=int(m["total"]))]


@template("look_take_each", r"その中から、(?P<what>.+?)それぞれ1枚まで" + _TAKE_DEST)
def _look_take_each(m: re.Match[str], ctx: Context) -> list[Any]:
    """``AとBそれぞれ1枚まで``: one card for each phrase, in turn, from the same look."""
    found = filters_of(m["what"], "と", ctx)
    if found is None:
        raise Unsupported("two picks this compiler does not read")
    look = _look_open(ctx)
    dest = _LOOK_DEST[m["dest"]]
    return [LookTopPicks(look, tuple((f, dest) for f in found), rest="top")]


@template(
    "look_take_alt",
    r"その中から、(?P<what>.+?)(?P<n>\d+)枚(?:まで)?を?(?:公開して)?" + _TAKE_DEST,
    after=("look_take", "look_take_either", "look_take_total", "look_take_each"),
)
def _look_take_alt(m: re.Match[str], ctx: Context) -> list[Any]:
    """``AかB`` / ``AやB`` among the cards looked at."""
    what = either_of(m["what"], ctx)
    if what is None:
        raise Unsupported("cards to take this compiler does not read")
    look = _look_open(ctx)
    return [LookTop(look, what, int(m["n"]), _LOOK_DEST[m["dest"]], rest="top")]
