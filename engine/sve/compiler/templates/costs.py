"""Costs inside an ability (CR 10.4.7) and the lines of continuous abilities (CR 10.1.1.3)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeAlias

from engine.sve.compiler.templates.base import (
    _FILTER,
    _KINDS,
    CLASS_WORDS,
    KW,
    Context,
    N,
    Unsupported,
    _filter,
    either_of,
    filter_of,
    keyword_ids,
    template,
)
from engine.sve.compiler.templates.conditions import condition
from engine.sve.compiler.templates.search import XCount
from engine.sve.effects.conditions import (
    Always,
    Count,
    LeaderAtMost,
    MyTurn,
    OpponentTurn,
)
from engine.sve.effects.costs import (
    AdditionalCost,
    CannotPlay,
    CostDown,
    DiscountFor,
    ExCostDown,
    ExtraCost,
    ExTurnCostDown,
    NextCostDown,
    PayCost,
    PlayCostDown,
    PlayCostFor,
    PlayCostIf,
    PlayCostX,
    SpellTax,
)
from engine.sve.effects.damage import (
    BanishInstead,
    DamageBonus,
    DamageCap,
    DamageTaken,
)
from engine.sve.effects.evolve import (
    EvolveCostPer,
)
from engine.sve.effects.selectors import CardFilter, Targets
from engine.sve.effects.stats import (
    STACK,
    STACK_HOLDERS,
    Grant,
)

_FILTER_ANY = (
    r"(?:『(?P<aname>[^』]+)』|"
    r"(?:(?P<at1>(?!元のコスト)[^・、。「」『』【】]+)・(?P<ak1>フォロワー|カード|スペル|アミュレット)か)?"
    r"(?:【(?P<acls>[^】]+)】|(?P<at2>(?!元のコスト)[^・、。「」『』【】]+)・)?"
    r"(?P<ak2>フォロワー|カード|スペル|アミュレット))"
)
"""A card by name, or a kind of card, with a trait or class, or two such kinds joined by か."""


_KIND_IDS = {
    "フォロワー": "follower",
    "カード": "card",
    "スペル": "spell",
    "アミュレット": "amulet",
}


def filter_any(m: re.Match[str]) -> CardFilter:
    """The filter of :data:`_FILTER_ANY` as matched."""
    if m["aname"]:
        return CardFilter(name=m["aname"])
    traits: tuple[str, ...] = (m["at2"],) if m["at2"] else ()
    if m["acls"]:
        if m["acls"] not in CLASS_WORDS:
            raise Unsupported(f"unknown class {m['acls']}")
        traits = (CLASS_WORDS[m["acls"]],)
    second = CardFilter(_KIND_IDS[m["ak2"]], traits)
    if m["at1"]:
        return CardFilter(
            _KIND_IDS[m["ak2"]], traits, also=(CardFilter(_KIND_IDS[m["ak1"]], (m["at1"],)),)
        )
    return second


@template(
    "next_cost_down",
    r"このターン、次に自分が" + _FILTER_ANY + r"をプレイする際、コストを-" + N + r"する。",
)
def _next_cost_down(m: re.Match[str], ctx: Context) -> list[Any]:
    return [NextCostDown(filter_any(m), int(m[m.lastindex or 0]))]


@template(
    "next_cost_down_filter",
    r"このターン、次に自分が(?!EXエリアの)(?P<what>.+?)をプレイする際、コストを-" + N + r"する。",
    after=("next_cost_down",),
)
def _next_cost_down_filter(m: re.Match[str], ctx: Context) -> list[Any]:
    """The next card of any filter phrase (cost limits, two traits, class and token)."""
    what = filter_of(m["what"], ctx) or either_of(m["what"], ctx)
    if what is None:
        raise Unsupported("the next card of a kind this compiler does not read")
    return [NextCostDown(what, int(m[m.lastindex or 0]))]


@template(
    "ex_turn_cost_down",
    r"このターン、自分がEXエリアの(?P<what>[^。]+?)をプレイする際、コストを-" + N + r"する。",
)
def _ex_turn_cost_down(m: re.Match[str], ctx: Context) -> list[Any]:
    """Every card of a filter played from your EX area this turn costs N less."""
    what = filter_of(m["what"], ctx)
    if what is None:
        raise Unsupported("cards of a kind this compiler does not read")
    return [ExTurnCostDown(what, int(m[m.lastindex or 0]))]


@template("cost_down_x", r"このターン、それをプレイする際、コストを-Xする。")
def _cost_down_x(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.pending = "x_played"
    return [CostDown(0, ctx.need_it(any_zone=True), per_played=True)]


@template("x_cards_played", r"Xは「このターン中に自分がプレイしたカードの枚数」である。")
def _x_cards_played(m: re.Match[str], ctx: Context) -> list[Any]:
    """X of a cost reduction just before, or of a number an effect before uses (the
    compiler scales that effect by it)."""
    if ctx.pending == "x_count":
        ctx.pending = ""
        return [XCount(None, 1, "played")]
    if ctx.pending != "x_played":
        raise Unsupported("X defined for nothing that uses it")
    ctx.pending = ""
    return []


@template("cost_zero", r"このターン、それをプレイする際、コストを0にする。")
def _cost_zero(m: re.Match[str], ctx: Context) -> list[Any]:
    return [CostDown(0, ctx.need_it(any_zone=True), zero=True)]


@template("cost_down", r"このターン、それをプレイする際、コストを-" + N + r"する。")
def _cost_down(m: re.Match[str], ctx: Context) -> list[Any]:
    return [CostDown(int(m[1]), ctx.need_it(any_zone=True))]


@template(
    "ex_cost_down", r"EXエリアのこれは「これをプレイする際、コストを-" + N + r"する」を持つ。"
)
def _ex_cost_down(m: re.Match[str], ctx: Context) -> list[Any]:
    return [ExCostDown(int(m[1]))]


_COST_PARTS = re.compile(
    r"(?:【コスト(?P<pp>\d+)】"
    r"|(?:自分の)?リーダーの【体力】-(?P<leader>\d+)"
    r"|手札の" + _FILTER + r"(?P<dn>\d+)枚を(?P<hdest>捨てる|EXエリアに置く)"
    r"|(?P<anyhand>手札(?P<an>\d+)枚を捨てる)"
    r"|(?P<engself>これを【アクト】)"
    r"|手札の(?:元のコスト(?P<vc>\d+)の)?(?:(?P<vt>[^・、。「」『』【】]+)・)?"
    r"(?P<vk>カード|フォロワー|スペル|アミュレット)(?P<vn>\d+)枚を公開"
    r"|場の(?P<rother>他の)?(?:(?P<rtrait>[^・、。「」『』【】]+)・)?(?P<rkind>フォロワー|カード|アミュレット)"
    r"1(?:体|枚|つ)(?:か場の(?:他の)?(?P<rtrait2>[^・、。「」『』【】]+)・(?P=rkind)1(?:体|枚|つ))?を手札に戻す"
    r"|手札の(?P<dt1>[^・、。「」『』【】]+)・(?P<dk1>カード|フォロワー|スペル|アミュレット)か"
    r"(?P<dt2>[^・、。「」『』【】]+)・(?P<dk2>カード|フォロワー|スペル|アミュレット)1枚を捨てる"
    r"|場の(?P<other>他の)?(?:(?P<strait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?(?P<skind>フォロワー|カード|アミュレット)"
    r"(?P<sn>\d+)(?:体|枚|つ)を(?P<sdest>墓場|EXエリア)に置く"
    r"|場の『(?P<fname>[^』]+)』1(?:つ|体|枚)を消滅"
    r"|EXエリアの(?:『(?P<xname>[^』]+)』|(?:(?P<bxtrait>[^・、。「」『』【】の]+)・)?(?P<bxtok>トークン・)?"
    r"(?P<bxkind>トークン|カード|フォロワー|スペル))(?P<xn>\d+)枚を(?P<xdest>消滅|墓場に置く)"
    r"|場の(?P<eother>他の)?(?:『(?P<ename>[^』]+)』|(?:【(?P<ecls>[^】]+)】|(?P<etrait>[^・、。「」『』【】の]+)・)?"
    r"(?P<ekind>フォロワー|カード|アミュレット))(?P<en>\d+)(?:つ|体|枚)を【アクト】"
    r"|(?:場の)?『(?P<sname>[^』]+)』1(?:つ|体|枚)を墓場に置く"
    r"|場の『(?P<tname>[^』]+)』1(?:つ|体|枚)の(?P<tc>[^、。「」『』【】]+)カウンター(?P<tn>\d+)個を取る"
    r"|これの(?P<sc>[^、。「」『』【】]+?)カウンター(?P<scn>\d+)個を取る"
    r"|場の「これと同名を除く(?:(?P<nrtrait>[^・、。「」『』【】]+)・)?(?P<nrkind>フォロワー|カード)」"
    r"1(?:体|枚|つ)を手札に戻す"
    r"|(?P<rite>【土の秘術(?:_(?P<riten>\d+))?】)"
    r"|墓場の(?:『(?P<bname>[^』]+)』|(?:【(?P<bcls>[^】]+)】)?(?:(?P<btrait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?"
    r"(?P<bkind>カード|フォロワー|スペル|アミュレット))(?P<bn>\d+)(?:枚|つ)を消滅"
    r"|【レッスン_(?P<lesson>\d+)】)"
)


def cost(text: str, name: str = "") -> PayCost | None:
    """The cost of ``text`` when the whole of it is a cost this engine can pay, else ``None``
    (``name``: the card's own, for ``「これと同名を除く…」``).

    Parts: ``【コストN】`` (PP, CR 10.4.4), ``リーダーの【体力】-N`` (CR 10.4.5), discarding one
    card of a kind from the hand (CR 5.12), putting one of your field cards into the
    graveyard. At most one card is paid with.
    """
    pos, pp, leader = 0, 0, 0
    discard: CardFilter | None = None
    sacrifice: Targets | None = None
    banish: CardFilter | None = None
    banish_n = 0
    banish_field = False
    banish_from = "grave"
    ex_to_grave = False
    lesson = 0
    take: tuple[Targets, str, int] | None = None
    take_self: tuple[str, int] | None = None
    engage_self = False
    discard_n = 1
    to_ex = False
    hand_to_ex = False
    engage: Targets | None = None
    engage_n = 1
    to_hand = False
    hand_to_ex = False
    sacrifice_n = 1
    reveal: CardFilter | None = None
    reveal_n = 0
    while pos < len(text):
        m = _COST_PARTS.match(text, pos)
        if m is None or m.end() == pos:
            return None
        pos = m.end()
        if m["engself"]:
            engage_self = True
        elif m["sc"]:
            if take_self is not None:
                return None
            take_self = (m["sc"], int(m["scn"]))
        elif m["nrkind"]:  # a field card not of this card's name back to the hand
            if not name or discard is not None or sacrifice is not None:
                return None
            sacrifice = Targets(
                side="own",
                amulets=m["nrkind"] == "カード",
                trait=m["nrtrait"] or "",
                not_name=name,
            )
            to_hand = True
        elif m["rite"]:  # CR 13.3.3.2: Earth Rite, stack counters from a Stack amulet
            if take is not None:
                return None
            take = (STACK_HOLDERS, STACK, int(m["riten"] or 1))
        elif m["pp"]:
            pp += int(m["pp"])
        elif m["lesson"]:  # CR 14.3.2.1
            lesson += int(m["lesson"])
        elif m["leader"]:
            leader += int(m["leader"])
        elif m["anyhand"]:
            if discard is not None or sacrifice is not None:
                return None
            discard = CardFilter()
            discard_n = int(m["an"])
        elif m["tname"]:
            if discard is not None or sacrifice is not None or take is not None:
                return None
            take = (Targets(side="own", amulets=True, name=m["tname"]), m["tc"], int(m["tn"]))
        elif m["fname"]:
            if discard is not None or sacrifice is not None:
                return None
            sacrifice = Targets(side="own", amulets=True, name=m["fname"])
            banish_field = True
        elif m["en"]:
            if engage is not None:
                return None
            ekind = m["ekind"] or "カード"
            cls = m["ecls"]
            if cls and cls not in CLASS_WORDS:
                return None
            etrait = CLASS_WORDS[cls] if cls else m["etrait"] or ""
            etoken = etrait == "トークン"
            engage = Targets(
                side="own",
                followers=ekind != "アミュレット",
                amulets=ekind != "フォロワー",
                trait="" if etoken else etrait,
                token=etoken,
                name=m["ename"] or "",
                other=bool(m["eother"]),
            )
            engage_n = int(m["en"])
        elif m["vn"]:
            if reveal is not None:
                return None
            reveal = CardFilter(
                _KINDS[m["vk"]],
                (m["vt"],) if m["vt"] else (),
                exact_cost=int(m["vc"]) if m["vc"] else -1,
            )
            reveal_n = int(m["vn"])
        elif m["rkind"]:
            if discard is not None or sacrifice is not None:
                return None
            kind = m["rkind"]
            sacrifice = Targets(
                side="own",
                followers=kind != "アミュレット",
                amulets=kind != "フォロワー",
                trait=m["rtrait"] or "",
                other=bool(m["rother"]),
            )
            if m["rtrait2"]:  # "…1体か場の他の獣・フォロワー1体": either
                sacrifice = replace(sacrifice, also=(replace(sacrifice, trait=m["rtrait2"]),))
            to_hand = True
        elif m["dt1"]:
            if discard is not None or sacrifice is not None:
                return None
            first = CardFilter(_KINDS[m["dk1"]], (m["dt1"],))
            discard = CardFilter(_KINDS[m["dk2"]], (m["dt2"],), also=(first,))
        elif m["xn"]:
            if banish is not None:
                return None
            xkind = m["bxkind"]
            banish = CardFilter(
                kind=_KINDS.get(xkind or "", "card"),
                name=m["xname"] or "",
                traits=(m["bxtrait"],) if m["bxtrait"] else (),
                token=xkind == "トークン" or bool(m["bxtok"]),
            )
            banish_n, banish_from = int(m["xn"]), "ex"
            ex_to_grave = m["xdest"] == "墓場に置く"
        elif m["sname"]:
            if discard is not None or sacrifice is not None:
                return None
            sacrifice = Targets(side="own", amulets=True, name=m["sname"])
        elif m["bn"]:
            if banish is not None:
                return None
            kind = _KINDS[m["bkind"]] if m["bkind"] else "card"
            bcls = m["bcls"]
            if bcls and bcls not in CLASS_WORDS:
                return None
            btraits = (CLASS_WORDS[bcls],) if bcls else (m["btrait"],) if m["btrait"] else ()
            if bcls and m["btrait"]:
                return None
            banish = CardFilter(kind, btraits, name=m["bname"] or "")
            banish_n = int(m["bn"])
        elif m["skind"]:
            if discard is not None or sacrifice is not None:
                return None
            kind = m["skind"]
            token = m["strait"] == "トークン"
            sacrifice = Targets(
                side="own",
                followers=kind != "アミュレット",
                amulets=kind != "フォロワー",
                trait="" if token else m["strait"] or "",
                other=bool(m["other"]),
                token=token,
            )
            to_ex = m["sdest"] == "EXエリア"
            sacrifice_n = int(m["sn"])
            if to_ex and sacrifice_n != 1:
                return None
        else:
            if discard is not None or sacrifice is not None:
                return None
            try:
                discard = _filter(m)
            except Unsupported:
                return None
            discard_n = int(m["dn"])
            hand_to_ex = m["hdest"] == "EXエリアに置く"
    if not (
        pp
        or leader
        or discard
        or sacrifice
        or banish
        or lesson
        or take
        or engage_self
        or engage
        or reveal
        or take_self
    ):
        return None
    if take is not None and (discard is not None or sacrifice is not None or take_self):
        return None
    if take_self is not None:
        take = (Targets(), take_self[0], take_self[1])
    return PayCost(
        (),
        pp,
        leader,
        discard,
        sacrifice,
        banish=banish,
        banish_n=banish_n,
        banish_field=banish_field,
        banish_from=banish_from,
        banish_to_grave=ex_to_grave,
        lesson=lesson,
        take_from=take[0] if take and take_self is None else None,
        take=take[1] if take else "",
        take_n=take[2] if take else 0,
        take_self=take_self is not None,
        engage_self=engage_self,
        discard_n=discard_n,
        sacrifice_to_ex=to_ex,
        discard_to_ex=hand_to_ex,
        engage=engage,
        engage_n=engage_n,
        sacrifice_to_hand=to_hand,
        sacrifice_n=sacrifice_n,
        reveal=reveal,
        reveal_n=reveal_n,
    )


STATIC_KEYWORD_LINES: dict[str, str] = {
    "これは【守護】を無視して攻撃できる。": "ignore_ward",
    "これはアクト状態で場に出る。": "enters_engaged",
    "これは相手を攻撃できない。": "cannot_attack",
    "これが場にいる限り、自分は【進化】能力を1ターンに何回でも使える。": "evolve_any_times",
    "これは能力によって破壊されず、消滅しない。": "ability_proof",
    "これは能力によって破壊されない。": "destroy_proof",
    "これは交戦ダメージを受けない。": "combat_proof",
    "これはEXエリアからプレイできない。": "no_play_from_ex",
    "これは能力ダメージを受けない。": "no_ability_damage",
    "これは自分のスタートフェイズにスタンドしない。": "no_stand",
}
"""Continuous abilities of a card's own that the engine checks like keywords (a line of
several such sentences gives each)."""


_WHILE_HERE = re.compile(
    r"^これ(?:が場に|が)(?:いる|ある)限り、自分の(?:場の)?(?P<other>他の)?"
    r"(?:『(?P<name>[^』]+)』|(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?(?:フォロワー|(?P<tok>トークン)(?:・フォロワー)?))"
    r"すべては" + KW + r"を持つ。$"
)


_WHILE_SELF = re.compile(
    r"^(?:自分の墓場に"
    + _FILTER
    + r"が(?P<gn>\d+)枚以上ある|自分のリーダーの体力が(?P<hp>\d+)以下である)限り、これは"
    + KW
    + r"を持つ。$"
)


_HAS_KEYWORDS = re.compile(r"^これは" + KW + r"を持つ。$")


_DAMAGE_TAKEN = re.compile(r"^これが受けるダメージを-(\d+)する。$")


_BANISH_INSTEAD = re.compile(
    r"^これが場にいる限り、相手の(?:場の)?フォロワーが場から墓場に置かれる際、"
    r"代わりにそれを消滅させる。$"
)


_DAMAGE_CAP = re.compile(
    r"^(?:(?P<cond>[^、]+)限り、)?これが受ける(\d+)以上のダメージを(\d+)にする。$"
)


_WHILE_ANY = re.compile(r"^(?P<cond>[^、]+)限り、これは(?P<kw>(?:【[^】]+】)+)を持つ。$")


_DAMAGE_BONUS = re.compile(r"^(相手のターン中、)?これが与えるダメージを\+(\d+)する。$")


_EXTRA_COST = re.compile(r"^これをプレイする際、コストを\+(\d+)してよい。$")


_EVOLVE_COST_PER = re.compile(
    r"^これの【進化】コストは「自分の場の(?P<other>他の)?(?:(?P<trait>[^・、。「」『』【】]+)・)?"
    r"フォロワーの数」と同じだけ-1する。$"
)


_COST_IF = re.compile(
    r"^これを(?P<ex>EXエリアから)?プレイする際、(?P<cond>.+?なら、)?コストを-(?P<n>\d+)する。$"
)


_COST_FOR = re.compile(
    r"^これをプレイする際、(?:元のコスト(?P<c>\d+)(?P<le>以下)?の)?場の"
    r"(?:『(?P<name>[^』]+)』|(?:(?P<trait>[^・、。「」『』【】]+)・)?(?P<kind>フォロワー|カード|アミュレット))"
    r"(?P<count>\d+)(?:体|つ|枚)を(?P<how>墓場に置く|【アクト】)：コストを-(?P<n>\d+)する。$"
)


_PLAY_COST_DOWN = re.compile(
    r"^これ(?:が場に|が)(?:いる|ある)限り、(?P<turn>自分のターン中、)?自分が(?P<ex>EXエリアの)?"
    + _FILTER
    + r"をプレイする際、コストを-(?P<n>\d+)する。$"
)


_SPELL_TAX = re.compile(
    r"^これが(?:場に)?(?:いる|ある)限り、相手がスペルをプレイする際、コストを\+(\d+)する。$"
)


_CANNOT_PLAY_IF = re.compile(r"^これは(?P<cond>[^。]+なら)、プレイできない。$")
_CANNOT_PLAY_MY_TURN = "これは自分のターン中、プレイできない。"


_DISCOUNT_FOR = re.compile(
    r"^これをプレイする際、(?P<cost>[^：。]+)：コストを(?:-(?P<n>\d+)する|(?P<to>\d+)にする)。$"
)


_ADDITIONAL_COST = re.compile(r"^これをプレイする際、追加コストとして(?P<cost>[^。]+)。$")


_COST_DOWN_IF = re.compile(r"^これをプレイする際、(?P<cond>.+?)コストを-(?P<n>\d+)する。$")


_COST_DOWN_X = re.compile(r"^これをプレイする際、コストを-Xする。Xは「(?P<x>[^」]+)」である。$")


_X_EVOLVED = re.compile(
    r"^自分のエボルヴデッキの表向きの(?:(?P<trait>[^・、。「」『』【】]+)・)?エボルヴフォロワーの枚数$"
)


_X_FIELD = re.compile(
    r"^自分の場の(?:『(?P<name>[^』]+)』|(?:【(?P<cls>[^】]+)】)?(?:(?P<trait>[^・、。「」『』【】]+)・)?"
    r"(?P<kind>フォロワー|カード|アミュレット))の(?:数|枚数)$"
)


_X_EX = re.compile(r"^自分のEXエリアの" + _FILTER + r"の枚数$")


def _cost_x(text: str) -> PlayCostX | None:
    """The X of ``コストを-Xする`` when the engine can count it, else ``None``."""
    m = _X_EVOLVED.match(text)
    if m:
        traits = (m["trait"],) if m["trait"] else ()
        return PlayCostX(per_evolved=CardFilter("follower", traits))
    m = _X_FIELD.match(text)
    if m:
        kind = m["kind"] or "カード"
        cls = m["cls"]
        if cls and (cls not in CLASS_WORDS or m["trait"]):
            return None
        per = Targets(
            side="own",
            followers=kind != "アミュレット",
            amulets=kind != "フォロワー",
            trait=CLASS_WORDS[cls] if cls else m["trait"] or "",
            name=m["name"] or "",
        )
        return PlayCostX(per_field=per)
    if text == "自分の消滅領域の枚数":
        return PlayCostX(per_banished=True)
    if text == "自分のターン数":
        return PlayCostX(per_turn=True)
    m = _X_EX.match(text)
    if m:
        try:
            return PlayCostX(per_ex=_filter(m))
        except Unsupported:
            return None
    return None


StaticLine: TypeAlias = tuple[str, Any, Any]
"""What a continuous line compiles to: ``(template ids joined by |, condition, effect)``."""

NOT_MODELLED: StaticLine = ("", None, None)
"""A reader's answer for a line of its phrasing that the engine does not model: the line is
not tried further."""

StaticReader: TypeAlias = Callable[[str, bool], "StaticLine | None"]

STATIC_LINES: list[tuple[str, StaticReader]] = []
"""The readers of continuous lines (CR 10.1.1.3), tried in the order they are registered."""


def static_line(name: str) -> Callable[[StaticReader], StaticReader]:
    """Register a reader of continuous lines: ``(line, equipment)`` to its compiled form,
    ``None`` when the line is not of its phrasing, :data:`NOT_MODELLED` to stop."""

    def register(read: StaticReader) -> StaticReader:
        STATIC_LINES.append((name, read))
        return read

    return register


def static(line: str, equipment: bool = False) -> StaticLine | None:
    """A continuous ability ``(template ids joined by |, condition, effect)``, or ``None``.

    Raises :class:`Unsupported` for a keyword the engine does not implement.
    """
    for _name, read in STATIC_LINES:
        found = read(line, equipment)
        if found is not None:
            return None if found is NOT_MODELLED else found
    return None


@static_line("damage_taken")
def _damage_taken(line: str, equipment: bool) -> StaticLine | None:
    m = _DAMAGE_TAKEN.match(line)
    return ("damage_taken", None, DamageTaken(-int(m[1]))) if m and equipment else None


@static_line("self_keyword_if")
def _self_keyword_if(line: str, equipment: bool) -> StaticLine | None:
    cond, whole, rest, cid = condition(line)
    if cond is not None and whole:  # "【ネクロチャージ_N】これは…を持つ" (CR 13.5.1)
        m = _HAS_KEYWORDS.match(rest)
        if m:
            return f"self_keyword|if_{cid}", cond, Grant(keyword_ids(m[1]))
    return None


@static_line("banish_instead")
def _banish_instead(line: str, equipment: bool) -> StaticLine | None:
    return ("banish_instead", None, BanishInstead()) if _BANISH_INSTEAD.match(line) else None


@static_line("damage_cap")
def _damage_cap(line: str, equipment: bool) -> StaticLine | None:
    m = _DAMAGE_CAP.match(line)
    if not m or equipment:
        return None
    cap = DamageCap(int(m[2]), int(m[3]))
    if not m["cond"]:
        return "damage_cap", None, cap
    cond, _whole, rest, cid = condition(m["cond"].removesuffix("である") + "なら、")
    if cond is None or rest:
        raise Unsupported("a condition the engine does not check")
    return f"damage_cap|if_{cid}", cond, cap


@static_line("damage_bonus")
def _damage_bonus(line: str, equipment: bool) -> StaticLine | None:
    m = _DAMAGE_BONUS.match(line)
    if not m:
        return None
    return "damage_bonus", OpponentTurn() if m[1] else None, DamageBonus(int(m[2]))


@static_line("extra_play_cost")
def _extra_play_cost(line: str, equipment: bool) -> StaticLine | None:
    m = _EXTRA_COST.match(line)
    return ("extra_play_cost", None, ExtraCost(int(m[1]))) if m else None


@static_line("evolve_cost_per")
def _evolve_cost_per(line: str, equipment: bool) -> StaticLine | None:
    m = _EVOLVE_COST_PER.match(line)
    if not m:  # the evolve cost (CR 12.2) less 1 per follower counted
        return None
    what = Targets(side="own", trait=m["trait"] or "", other=bool(m["other"]))
    return "evolve_cost_per", None, EvolveCostPer(what)


@static_line("play_cost_if")
def _play_cost_if(line: str, equipment: bool) -> StaticLine | None:
    m = _COST_IF.match(line)
    if not m:  # "as you play this, if ..., it costs N less" (CR 10.6.2.5.1.3)
        return None
    if not m["cond"]:  # "これをEXエリアからプレイする際、コストを-Nする。": from there always
        if not m["ex"]:
            return None
        return "play_cost_if", None, PlayCostIf(int(m["n"]), Always(), ex_only=True)
    cond, _whole, rest, cid = condition(m["cond"])
    if cond is not None and not rest:
        return f"play_cost_if|if_{cid}", None, PlayCostIf(int(m["n"]), cond, bool(m["ex"]))
    return NOT_MODELLED


_COST_INSTEAD = re.compile(
    r"^これをプレイする際、(?P<cond>[^。]+?なら、|(?:【[^】]+】)+)コストを-(?P<n>\d+)する。"
    r"(?P<more>(?:(?:[^。]+?なら、|(?:【[^】]+】)+)代わりに-\d+する。)+)$"
)
"""``これをプレイする際、(condition)コストを-Nする。(condition)代わりに-Mする。…``: a play
cost reduction that grows under further conditions (CR 10.6.2.5.1.3)."""
_INSTEAD_TIER = re.compile(r"(?P<cond>[^。]+?なら、|(?:【[^】]+】)+)代わりに-(?P<n>\d+)する。")


@static_line("play_cost_instead")
def _play_cost_instead(line: str, equipment: bool) -> StaticLine | None:
    m = _COST_INSTEAD.match(line)
    if not m:
        return None
    tiers: list[PlayCostIf] = []
    ids: list[str] = []
    parts = [(m["cond"], m["n"])] + [(t["cond"], t["n"]) for t in _INSTEAD_TIER.finditer(m["more"])]
    for text, n in parts:
        cond, _whole, rest, cid = condition(text)
        if cond is None or rest:
            return NOT_MODELLED
        tiers.append(PlayCostIf(int(n), cond))
        ids.append(f"if_{cid}")
    first, *more = tiers
    names = "|".join(["play_cost_if", *sorted(set(ids))])
    return names, None, replace(first, instead=tuple(more))


@static_line("play_cost_for")
def _play_cost_for(line: str, equipment: bool) -> StaticLine | None:
    m = _COST_FOR.match(line)
    if not m:  # "as you play this, (cost): it costs N less" (CR 10.4.7.2)
        return None
    kind = m["kind"] or "card"
    limit = int(m["c"]) if m["c"] else -1
    what = Targets(
        side="own",
        followers=kind != "アミュレット",
        amulets=kind != "フォロワー",
        trait=m["trait"] or "",
        name=m["name"] or "",
        max_cost=limit if m["le"] else -1,
        exact_cost=limit if not m["le"] else -1,
    )
    engage = m["how"] == "【アクト】"
    return "play_cost_for", None, PlayCostFor(what, int(m["n"]), int(m["count"]), engage)


@static_line("cannot_play_if")
def _cannot_play_if(line: str, equipment: bool) -> StaticLine | None:
    if line == _CANNOT_PLAY_MY_TURN:  # a Quick card for the opponent's turn alone
        return "cannot_play_if|if_my_turn", MyTurn(), CannotPlay()
    m = _CANNOT_PLAY_IF.match(line)
    if m:  # "これは(condition)なら、プレイできない。"
        cond, _whole, rest, cid = condition(m["cond"] + "、")
        if cond is not None and not rest:
            return f"cannot_play_if|if_{cid}", cond, CannotPlay()
    return None


@static_line("discount_for_cost")
def _discount_for_cost(line: str, equipment: bool) -> StaticLine | None:
    m = _DISCOUNT_FOR.match(line)
    if m:  # "これをプレイする際、(cost)：コストを-Nする。"
        paid = cost(m["cost"])
        if paid is not None and not paid.pp:
            n, to = int(m["n"] or 0), int(m["to"]) if m["to"] else -1
            return (
                "discount_for_cost",
                None,
                DiscountFor(replace(paid, optional=False), n, to),
            )
    return None


@static_line("play_cost_if_marked")
def _play_cost_if_marked(line: str, equipment: bool) -> StaticLine | None:
    m = _COST_DOWN_IF.match(line)
    if not m:  # "これをプレイする際、【スペルチェイン_10】コストを-2する。" (CR 13.3.1)
        return None
    cond, whole, rest, cid = condition(m["cond"])
    if cond is None or not whole or rest:
        return None
    return f"play_cost_if|if_{cid}", None, PlayCostIf(int(m["n"]), cond)


@static_line("additional_cost")
def _additional_cost(line: str, equipment: bool) -> StaticLine | None:
    m = _ADDITIONAL_COST.match(line)
    if m:  # "これをプレイする際、追加コストとして(cost)。": it cannot be played without it
        paid = cost(m["cost"])
        if paid is not None and not paid.pp:
            return "additional_cost", None, AdditionalCost(replace(paid, optional=False))
    return None


@static_line("play_cost_down_x")
def _play_cost_down_x(line: str, equipment: bool) -> StaticLine | None:
    m = _COST_DOWN_X.match(line)
    if m:  # "これをプレイする際、コストを-Xする。Xは「…」である。"
        found = _cost_x(m["x"])
        if found is not None:
            return "play_cost_down_x", None, found
    return None


@static_line("self_keyword")
def _self_keyword(line: str, equipment: bool) -> StaticLine | None:
    m = _HAS_KEYWORDS.match(line)
    return ("self_keyword", None, Grant(keyword_ids(m[1]))) if m else None


@static_line("play_cost_down")
def _play_cost_down(line: str, equipment: bool) -> StaticLine | None:
    m = _PLAY_COST_DOWN.match(line)
    if not m:
        return None
    cond = MyTurn() if m["turn"] else None  # "自分のターン中、": in your turns only
    return "play_cost_down", cond, PlayCostDown(_filter(m), int(m["n"]), bool(m["ex"]))


@static_line("spell_tax")
def _spell_tax(line: str, equipment: bool) -> StaticLine | None:
    m = _SPELL_TAX.match(line)
    return ("spell_tax", None, SpellTax(int(m[1]))) if m else None


@static_line("while_here_grant")
def _while_here_grant(line: str, equipment: bool) -> StaticLine | None:
    m = _WHILE_HERE.match(line)
    if not m:
        return None
    what = Targets(
        side="own",
        trait=m["trait"] or "",
        name=m["name"] or "",
        other=bool(m["other"]),
        token=bool(m["tok"]),
    )
    return "while_here_grant", None, Grant(keyword_ids(m[m.lastindex or 0]), what)


@static_line("while_self_keyword")
def _while_self_keyword(line: str, equipment: bool) -> StaticLine | None:
    m = _WHILE_SELF.match(line)
    if not m:
        return None
    kws = keyword_ids(m[m.lastindex or 0])
    if m["hp"]:
        return "while_self_keyword", LeaderAtMost(int(m["hp"])), Grant(kws)
    return "while_self_keyword", Count("grave", int(m["gn"]), _filter(m)), Grant(kws)


@static_line("while_self_keyword_if")
def _while_any(line: str, equipment: bool) -> StaticLine | None:
    m = _WHILE_ANY.match(line)
    if m:  # "(condition)限り、これは…を持つ": any condition opener the compiler knows
        text = m["cond"].removesuffix("である")
        cond, _whole, rest, cid = condition(text + "なら、")
        if cond is not None and not rest:
            return f"while_self_keyword|if_{cid}", cond, Grant(keyword_ids(m["kw"]))
    return None


PLAYED_TRIGGER = re.compile(r"^自分が" + _FILTER_ANY + r"をプレイしたとき、")
"""``自分が…をプレイしたとき、``: the opener of a "when you play a card" ability."""


_EQUIPPED = "これを装備しているフォロワー"


_EQUIPPED_NOW = "これを装備したフォロワー"


_GRANTS = re.compile(r"^これは(?P<kw>(?:【[^】]+】)*)(?:と)?「(?P<inner>.+)」を持つ。$")


def equipment_lines(line: str) -> list[str]:
    """An equipment token's line (CR 14.5.2) as lines of the equipped follower's own.

    "The follower equipping this has X" becomes X (and a keyword grant), "when this is
    equipped" a trigger of its own; "this" then names the follower.
    """
    line = line.replace(_EQUIPPED, "これ").replace(_EQUIPPED_NOW, "これ")
    m = _GRANTS.match(line)
    if m:
        inner = m["inner"]
        out = [inner if inner.endswith("。") else inner + "。"]
        if m["kw"]:
            out.insert(0, "これは" + m["kw"] + "を持つ。")
        return out
    return [line]


EX_TRIGGER = re.compile(r"^自分のEXエリアに" + _FILTER_ANY + r"が置かれたとき、")
"""``自分のEXエリアに…が置かれたとき、``: the opener of a "card put into your EX area"
ability."""
