"""Sentence templates: recurring Japanese phrasings and the effects they mean.

Each :class:`Template` has an id (``select``, ``damage_it``, ...), a regular expression over
one normalised sentence and a builder that returns effects of :mod:`engine.sve.effects`.
A builder raises :class:`Unsupported` when the sentence matched the shape but asks for
something the interpreter does not model (an unknown token name, a keyword the engine does
not implement): the sentence then counts as not modelled, never as a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.cards import CardRecord
from engine.sve.effects.conditions import (
    Always,
    AnyOf,
    AttackSum,
    BurstsThisTurn,
    CameFrom,
    Combo,
    Count,
    CountersAtLeast,
    DidIt,
    DiscardedThisTurn,
    EvolvedThisTurn,
    HaveEvolved,
    HaveOnField,
    ItIs,
    LeaderAtMost,
    MaxPP,
    Necrocharge,
    Not,
    NthEvolve,
    OpponentTurn,
    Overflow,
    PaidExtra,
    PlacedInEx,
    PlayedExactly,
    PlayedThisTurn,
    Revealed,
    Sanguine,
    Spellchain,
    Standing,
    TookCard,
)
from engine.sve.effects.costs import (
    AdditionalCost,
    CannotPlay,
    CostDown,
    DiscountFor,
    ExCostDown,
    ExtraCost,
    GainPP,
    NextCostDown,
    PayCost,
    PlayCostDown,
    PlayCostFor,
    PlayCostIf,
    PlayCostX,
    SpellTax,
)
from engine.sve.effects.damage import (
    Banish,
    BanishInstead,
    Damage,
    DamageBonus,
    DamageCap,
    DamageShield,
    DamageTaken,
    Destroy,
    HealLeader,
    LeaderShield,
    NoCombatDamage,
    NoDamage,
    SplitDamage,
    TakesMore,
)
from engine.sve.effects.deck import Arrange, Draw, Mill, ShuffleDeck
from engine.sve.effects.evolve import (
    EvolveCostDown,
    EvolveCostPer,
    EvolveOrReturn,
    EvolveSelf,
    FromEvolveDeck,
    SetEvolveCost,
)
from engine.sve.effects.flow import Scaled
from engine.sve.effects.search import FromGrave, FromHand, LookTop, Search
from engine.sve.effects.selectors import CardFilter, Select, SelectEx, Targets
from engine.sve.effects.stats import (
    Box,
    Buff,
    Engage,
    Equip,
    Grant,
    NoAttack,
    PutCounters,
    SetStats,
    SkipStand,
)
from engine.sve.effects.tokens import Summon, SummonSame
from engine.sve.effects.zones import (
    DiscardCards,
    ExileLater,
    PutInEx,
    ReturnToHand,
    SelfExToField,
    SelfToEx,
    SelfToField,
    ToGrave,
    TopToEx,
)


class Unsupported(Exception):
    """The sentence has a known shape but needs something the interpreter lacks."""


CLASS_WORDS: dict[str, str] = {
    "エルフ": "forest",
    "ロイヤル": "sword",
    "ウィッチ": "rune",
    "ドラゴン": "dragon",
    "ナイトメア": "abyss",
    "ビショップ": "haven",
    "ニュートラル": "neutral",
}
"""Class names in 【】 to class ids (a class may stand where a trait does)."""

RULE_KEYWORDS: dict[str, str] = {
    "守護": "ward",
    "疾走": "storm",
    "突進": "rush",
    "必殺": "bane",
    "ドレイン": "drain",
    "威圧": "intimidate",
    "オーラ": "aura",
    "指定攻撃": "assail",
}
"""Keywords whose rules the engine checks (CR 12.8-12.16), by their printed name."""


@dataclass
class Context:
    """What the sentences of one ability share while they are compiled."""

    card_id: str
    tokens: Mapping[str, CardRecord]
    """Token records by printed name."""
    name: str = ""
    """The card's own name (for ``これと同名``)."""
    it: str = ""
    """What "それ" names: ``targets`` after a selection, ``event`` for a trigger's card."""
    it_side: str = ""
    look: int = 0
    """The N of a pending "look at the top N cards"."""
    grave: tuple[Any, ...] = ()
    """A pending choice in the graveyard ``(filter, n, up_to)`` awaiting where it goes."""
    pending: str = ""
    """A sentence the previous one needs next (``rest_to_ex``, ``any_to_ex``)."""
    equipment: bool = False
    """Compiling an equipment token's text (CR 14.5.2)."""
    did: bool = False
    """A choice that may be declined was made (so "そうしたなら" can refer to it)."""
    unmodelled: frozenset[str] = frozenset()
    """Ids of tokens whose own text is not fully modelled (equipping one is not modelled)."""
    effects: list[Any] = field(default_factory=list)

    def token(self, name: str) -> CardRecord:
        """The token record named ``name`` (``Unsupported`` when unknown)."""
        rec = self.tokens.get(name)
        if rec is None:
            raise Unsupported(f"no token named {name!r}")
        return rec

    def need_it(self, any_zone: bool = False) -> str:
        """The recipient word of "それ" (``Unsupported`` when nothing was chosen, or when it
        is a card put into the EX area and the effect works on field cards only)."""
        if not self.it:
            raise Unsupported("'it' refers to nothing chosen")
        if self.it_side == "ex" and not any_zone:
            raise Unsupported("'it' is a card in the EX area")
        return self.it


Builder = Callable[[re.Match[str], Context], list[Any]]


@dataclass(frozen=True)
class Template:
    """One phrasing: ``id``, its pattern over a whole sentence, and its builder."""

    id: str
    pattern: re.Pattern[str]
    build: Builder


TEMPLATES: list[Template] = []


def template(tid: str, regex: str) -> Callable[[Builder], Builder]:
    """Register a builder for sentences matching ``regex`` (anchored at both ends)."""

    def deco(fn: Builder) -> Builder:
        TEMPLATES.append(Template(tid, re.compile(f"^(?:{regex})$"), fn))
        return fn

    return deco


N = r"(\d+)"
KW = r"((?:【[^】]+】)+)"
SIGNED = r"([+-]\d+)"


def keyword_ids(markers: str) -> tuple[str, ...]:
    """Keyword ids of ``【守護】【突進】``; ``Unsupported`` for one the engine lacks."""
    out = []
    for name in re.findall(r"【([^】]+)】", markers):
        kid = RULE_KEYWORDS.get(name)
        if kid is None:
            raise Unsupported(f"keyword {name} is not implemented")
        out.append(kid)
    return tuple(out)


# --- selections ------------------------------------------------------------------------------

_FILTER_ANY = (
    r"(?:(?P<at1>[^・、。「」『』【】]+)・(?P<ak1>フォロワー|カード|スペル|アミュレット)か)?"
    r"(?:【(?P<acls>[^】]+)】|(?P<at2>[^・、。「」『』【】]+)・)?(?P<ak2>フォロワー|カード|スペル|アミュレット)"
)
"""A kind of card, with a trait or class, or two such kinds joined by か."""

_KIND_IDS = {
    "フォロワー": "follower",
    "カード": "card",
    "スペル": "spell",
    "アミュレット": "amulet",
}


def filter_any(m: re.Match[str]) -> CardFilter:
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


_SUBJECT = (
    r"(?:攻撃力(?P<a1>\d+)以下の)?"
    r"(?:体力(?P<d1>\d+)以下の)?"
    r"(?:元のコスト(?P<c1>\d+)(?P<le1>以下)?の)?"
    r"(?P<side>相手|自分)の(?!墓場|手札|デッキ|EXエリア|エボルヴデッキ)(?P<field>場の)?(?P<other>他の)?"
    r"(?:元のコスト(?P<c2>\d+)(?P<le2>以下)?の)?"
    r"(?:【(?P<cls>[^】]+)】|(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?(?P<tok>トークン・)?"
    r"(?P<kind>フォロワー|カード|アミュレット)"
)


def _targets(m: re.Match[str]) -> Targets:
    side = "enemy" if m["side"] == "相手" else "own"
    kind = m["kind"]
    trait = ""
    if m["cls"]:
        if m["cls"] not in CLASS_WORDS:
            raise Unsupported(f"unknown class {m['cls']}")
        trait = CLASS_WORDS[m["cls"]]
    elif m["trait"]:
        trait = m["trait"]
    cost = m["c1"] or m["c2"]
    le = m["le1"] or m["le2"]
    return Targets(
        side=side,
        followers=kind in ("フォロワー", "カード"),
        amulets=kind in ("アミュレット", "カード"),
        trait=trait,
        max_cost=int(cost) if cost and le else -1,
        exact_cost=int(cost) if cost and not le else -1,
        other=bool(m["other"]),
        max_defense=int(m["d1"]) if m["d1"] else -1,
        token=bool(m["tok"]),
        max_attack=int(m["a1"]) if m["a1"] else -1,
    )


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
    "next_cost_down",
    r"このターン、次に自分が" + _FILTER_ANY + r"をプレイする際、コストを-" + N + r"する。",
)
def _next_cost_down(m: re.Match[str], ctx: Context) -> list[Any]:
    return [NextCostDown(filter_any(m), int(m[m.lastindex or 0]))]


@template("evolve_self", r"これは進化する。")
def _evolve_self(m: re.Match[str], ctx: Context) -> list[Any]:
    return [EvolveSelf()]


@template("mill_opponent", r"相手プレイヤーすべては、自身のデッキの上" + N + r"枚を墓場に置く。")
def _mill_opponent(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Mill(int(m[1]), "opponent")]


@template("damage_again", r"さらに" + N + r"ダメージ。")
def _damage_again(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(int(m[1]), ctx.need_it())]


@template("set_stats", r"それの攻撃力と体力を" + N + r"にする。")
def _set_stats(m: re.Match[str], ctx: Context) -> list[Any]:
    n = int(m[1])
    return [SetStats(n, n, ctx.need_it())]


# --- damage ----------------------------------------------------------------------------------


@template("damage_it", r"それに" + N + r"ダメージ。")
def _damage_it(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(int(m[1]), ctx.need_it())]


_GROUPS = {
    "相手のリーダー": "enemy_leader",
    "相手のリーダーすべて": "enemy_leader",
    "自分のリーダー": "own_leader",
    "場の他のフォロワーすべてと相手のリーダーすべて": "all_other_and_enemy_leader",
    "相手の場のフォロワーすべて": "enemy_followers",
    "相手のフォロワーすべて": "enemy_followers",
    "相手のリーダーすべてと相手の場のフォロワーすべて": "enemy_all",
    "相手のリーダーすべてと相手のフォロワーすべて": "enemy_all",
    "相手のリーダーと相手の場のフォロワーすべて": "enemy_all",
    "相手のリーダーと相手のフォロワーすべて": "enemy_all",
    "自分の場のフォロワーすべて": "own_followers",
    "自分の場の他のフォロワーすべて": "own_other_followers",
    "自分のフォロワーすべて": "own_followers",
    "自分の他のフォロワーすべて": "own_other_followers",
    "場のフォロワーすべて": "all_followers",
    "場の他のフォロワーすべて": "all_other_followers",
    "お互いの場のフォロワーすべて": "all_followers",
    "フォロワーすべて": "all_followers",
    "他のフォロワーすべて": "all_other_followers",
    "これ": "self",
    "リーダーすべて": "all_leaders",
}
_GROUP = "(" + "|".join(sorted(map(re.escape, _GROUPS), key=len, reverse=True)) + ")"


@template("damage_group", _GROUP + r"に" + N + r"ダメージ。")
def _damage_group(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(int(m[2]), _GROUPS[m[1]])]


@template(
    "damage_count",
    r"それに「(?P<side>自分|相手)の場の(?P<other>他の)?(?:『(?P<name>[^』]+)』"
    r"|(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?"
    r"(?P<kind>フォロワー|カード|アミュレット))の数」と同じダメージ。",
)
def _damage_count(m: re.Match[str], ctx: Context) -> list[Any]:
    kind = m["kind"] or "フォロワー"
    per = Targets(
        side="own" if m["side"] == "自分" else "enemy",
        followers=kind in ("フォロワー", "カード"),
        amulets=kind in ("アミュレット", "カード"),
        trait=m["trait"] or "",
        name=m["name"] or "",
        other=bool(m["other"]),
    )
    return [Damage(0, ctx.need_it(), per)]


@template("select_any_number", r"相手の場のフォロワーを好きな(?:枚|体)数選ぶ。")
def _select_any_number(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "enemy"
    return [Select(Targets(), 5, up_to=True)]  # CR 4.4.4.1: at most 5 on a field


@template("split_damage", r"それに" + N + r"ダメージを割りふる。")
def _split_damage(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.need_it() != "targets":
        raise Unsupported("divided damage without chosen targets")
    return [SplitDamage(int(m[1]))]


@template("no_combat_damage", r"このターン、これは交戦ダメージを受けない。")
def _no_combat_damage(m: re.Match[str], ctx: Context) -> list[Any]:
    return [NoCombatDamage("self")]


@template(
    "buff_group",
    r"自分の(?:場の)?(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?トークン(?:・フォロワー)?すべては"
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


@template("damage_half_attack", _GROUP + r"に「これの攻撃力の半分」と同じダメージ。")
def _damage_half_attack(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(0, _GROUPS[m[1]], half_attack=True)]


@template("instead_damage", r"代わりに" + N + r"ダメージ。")
def _instead(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(int(m[1]), "instead")]


@template(
    "buff_cost_group",
    r"自分の場の元のコスト(?P<c>\d+)のフォロワーすべては【攻撃力】\+(?P<a>\d+)(?:/【体力】\+(?P<d>\d+))?する。",
)
def _buff_cost_group(m: re.Match[str], ctx: Context) -> list[Any]:
    what = Targets(side="own", exact_cost=int(m["c"]))
    return [Buff(int(m["a"]), int(m["d"] or 0), what=what)]


@template("damage_hand_size", r"それに「自分の手札の枚数」と同じダメージ。")
def _damage_hand_size(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(0, ctx.need_it(), per_hand=True)]


@template("instead_buff", r"代わりに【攻撃力】\+" + N + r"(?:/【体力】\+" + N + r")?する。")
def _instead_buff(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Buff(int(m[1]), int(m[2] or 0), "instead")]


@template("damage_it_and_its_leader", r"それとそれのリーダーに" + N + r"ダメージ。")
def _damage_it_and_leader(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.it_side != "enemy":
        raise Unsupported("'its leader' of a card that may be your own")
    n = int(m[1])
    return [Damage(n, ctx.need_it()), Damage(n, "enemy_leader")]


@template("damage_its_leader", r"それのリーダーに" + N + r"ダメージ。")
def _damage_its_leader(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.it_side != "enemy":
        raise Unsupported("'its leader' of a card that may be your own")
    return [Damage(int(m[1]), "enemy_leader")]


# --- moves of field cards --------------------------------------------------------------------

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


@template("cost_down_x", r"このターン、それをプレイする際、コストを-Xする。")
def _cost_down_x(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.pending = "x_played"
    return [CostDown(0, ctx.need_it(any_zone=True), per_played=True)]


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


@template("x_cards_played", r"Xは「このターン中に自分がプレイしたカードの枚数」である。")
def _x_cards_played(m: re.Match[str], ctx: Context) -> list[Any]:
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


# --- stats and keywords (the leader first: its 【体力】+N is a heal) ---------------------


@template("heal_leader", r"自分のリーダーは【体力】\+" + N + r"する。")
def _heal(m: re.Match[str], ctx: Context) -> list[Any]:
    return [HealLeader(int(m[1]))]


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
    return [Buff(int(m[4]), int(m[5] or 0), _buff_to(m[2], ctx), eot, kws)]


@template("buff_defense", _BUFF_SUBJECT + r"【体力】" + SIGNED + r"する。")
def _buff_defense(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Buff(0, int(m[4]), _buff_to(m[2], ctx), bool(m[1] or m[3]))]


@template("give_keywords", _BUFF_SUBJECT + KW + r"を持つ。")
def _give(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Buff(0, 0, _buff_to(m[2], ctx), bool(m[1] or m[3]), keyword_ids(m[4]))]


# --- cards and resources ---------------------------------------------------------------------


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


# --- tokens (CR 9.1, appendix A) -------------------------------------------------------------

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
    return [Summon(ctx.token(m[1]), int(m[2]), "ex")]


@template("token_to_ex_two", _TOKEN + r"と" + _TOKEN + r"をEXエリアに置く。")
def _token_ex_two(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Summon(ctx.token(m[1]), int(m[2]), "ex"), Summon(ctx.token(m[3]), int(m[4]), "ex")]


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
    "no_damage_named",
    r"このターン、自分の場の『(?P<a>[^』]+)』すべて(?:と『(?P<b>[^』]+)』すべて)?はダメージを受けない。",
)
def _no_damage_named(m: re.Match[str], ctx: Context) -> list[Any]:
    names = [n for n in (m["a"], m["b"]) if n]
    return [NoDamage(Targets(side="own", name=n)) for n in names]


@template("no_damage", r"このターン、これはダメージを受けない。")
def _no_damage(m: re.Match[str], ctx: Context) -> list[Any]:
    return [NoDamage()]


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


@template(
    "top_to_ex",
    r"自分のデッキ(?P<shuffle>をシャッフルし、)?(?:の)?上" + N + r"枚をEXエリアに置く。",
)
def _top_to_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "ex"
    moved = [TopToEx(int(m[2]))]
    return [ShuffleDeck(), *moved] if m["shuffle"] else moved


@template("summon_same", r"それと同名のトークン・カード1枚を場に出す。")
def _summon_same(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.need_it() != "event":
        raise Unsupported("a token of the same name as no card that left the field")
    return [SummonSame()]


@template(
    "opponent_discards", r"相手プレイヤーすべては、自身の手札(をランダムに)?" + N + r"枚を?捨てる。"
)
def _opponent_discards(m: re.Match[str], ctx: Context) -> list[Any]:
    return [DiscardCards(int(m[2]), "opponent", bool(m[1]))]


@template("damage_discarded_cost", r"それに「捨てたカードのコスト」と同じダメージ。")
def _damage_discarded_cost(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(0, ctx.need_it(), discarded_cost=True)]


@template(
    "select_named",
    r"(?P<side>自分|相手)の場の(?P<other>他の)?『(?P<name>[^』]+)』(?P<n>\d+)(?:体|枚|つ)(?P<upto>まで)?を?選ぶ。",
)
def _select_named(m: re.Match[str], ctx: Context) -> list[Any]:
    side = "own" if m["side"] == "自分" else "enemy"
    what = Targets(side=side, amulets=True, name=m["name"], other=bool(m["other"]))
    ctx.it, ctx.it_side = "targets", side
    return [Select(what, int(m["n"]), bool(m["upto"]))]


@template("damage_shield", r"このターン、(これ|それ)は(次の)?ダメージを受けない。")
def _damage_shield(m: re.Match[str], ctx: Context) -> list[Any]:
    to = "self" if m[1] == "これ" else ctx.need_it()
    return [DamageShield(to, bool(m[2]))]


@template(
    "ex_cost_down", r"EXエリアのこれは「これをプレイする際、コストを-" + N + r"する」を持つ。"
)
def _ex_cost_down(m: re.Match[str], ctx: Context) -> list[Any]:
    return [ExCostDown(int(m[1]))]


@template("evolve_or_return", r"これは進化するか手札に戻る。")
def _evolve_or_return(m: re.Match[str], ctx: Context) -> list[Any]:
    return [EvolveOrReturn()]


@template("to_grave_self", r"これを墓場に置く。")
def _to_grave_self(m: re.Match[str], ctx: Context) -> list[Any]:
    return [ToGrave()]


# --- the deck: search (CR 5.8) and look (CR 5.11) --------------------------------------------

_FILTER = (
    r"(?:(?:元の)?コスト(?P<cost>\d+)(?P<le>以下|以上)?の)?"
    r"(?:(?P<xself>「これと同名を除く(?:元のコスト(?P<xcost>\d+)(?P<xle>以下|以上)?の)?"
    r"(?:【(?P<xcls>[^】]+)】|(?P<xtrait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?(?P<xkind>フォロワー|カード)」)|"
    r"『(?P<name>[^』]+)』|「カード名に『(?P<contains>[^』]+)』を含む(?:【(?P<ccls>[^】]+)】)?"
    r"(?P<ckind>フォロワー|カード)」"
    r"|(?:【(?P<cls>[^】]+)】|(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?"
    r"(?P<kind>フォロワー|カード|スペル|アミュレット))"
)
_KINDS = {"フォロワー": "follower", "カード": "card", "スペル": "spell", "アミュレット": "amulet"}


def _filter(m: re.Match[str], ctx: Context | None = None) -> CardFilter:
    traits: tuple[str, ...] = ()
    if m["xself"]:  # "「これと同名を除く…」": needs the card's own name
        if ctx is None or not ctx.name:
            raise Unsupported("'other than this card's name' without the card")
        cls, trait, cost, le = m["xcls"], m["xtrait"], m["xcost"], m["xle"]
        if cls:
            if cls not in CLASS_WORDS:
                raise Unsupported(f"unknown class {cls}")
            traits = (CLASS_WORDS[cls],)
        elif trait:
            traits = (trait,)
        return CardFilter(
            kind=_KINDS[m["xkind"]],
            traits=traits,
            max_cost=int(cost) if cost and le == "以下" else -1,
            exact_cost=int(cost) if cost and not le else -1,
            min_cost=int(cost) if cost and le == "以上" else -1,
            not_name=ctx.name,
        )
    cls = m["cls"] or m["ccls"]
    if cls:
        if cls not in CLASS_WORDS:
            raise Unsupported(f"unknown class {cls}")
        traits = (CLASS_WORDS[cls],)
    elif m["trait"]:
        traits = (m["trait"],)
    cost = m["cost"]
    kind = m["kind"] or m["ckind"]
    return CardFilter(
        kind=_KINDS[kind] if kind else "card",
        traits=traits,
        max_cost=int(cost) if cost and m["le"] == "以下" else -1,
        exact_cost=int(cost) if cost and not m["le"] else -1,
        min_cost=int(cost) if cost and m["le"] == "以上" else -1,
        name=m["name"] or "",
        name_contains=m["contains"] or "",
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


@template("hand_to_ex", r"自分の手札の" + _FILTER + r"1枚をEXエリアに置いてよい。")
def _hand_to_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "ex"
    ctx.did = True
    return [FromHand(_filter(m, ctx), to="ex")]


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


@template("select_in_ex", r"自分のEXエリアの" + _FILTER + r"(?P<n>\d+)枚を選ぶ。")
def _select_in_ex(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.it, ctx.it_side = "targets", "own"
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


@template("x_is_max_pp", r"Xは「自分のPP最大値」である。")
def _x_is_max_pp(m: re.Match[str], ctx: Context) -> list[Any]:
    if ctx.pending != "x_max_pp":
        raise Unsupported("X defined for nothing that uses it")
    ctx.pending = ""
    return []


_EITHER = (
    r"(?P<t1>[^・、。「」『』【】]+)・(?P<k1>フォロワー|カード|スペル|アミュレット)か"
    r"(?P<t2>[^・、。「」『』【】]+)・(?P<k2>フォロワー|カード|スペル|アミュレット)"
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


@template("takes_more", r"このターン、それが受けるダメージを\+" + N + r"する。")
def _takes_more(m: re.Match[str], ctx: Context) -> list[Any]:
    return [TakesMore(int(m[1]), ctx.need_it())]


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


@template("damage_attack", _GROUP + r"に「これの攻撃力」と同じダメージ。")
def _damage_attack(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(0, _GROUPS[m[1]], attack=True)]


@template("shuffle_look_top", r"自分のデッキをシャッフルし、上" + N + r"枚を(?:見|公開す)る。")
def _shuffle_look(m: re.Match[str], ctx: Context) -> list[Any]:
    ctx.look = int(m[1])
    return [ShuffleDeck()]


@template(
    "buff_all",
    r"(?:元のコスト(?P<c>\d+)(?P<le>以下|以上)の)?自分の場の(?P<other>他の)?"
    r"(?:『(?P<name>[^』]+)』|(?:(?P<trait>[^・、。「」『』【】]+)・)?(?P<kind>フォロワー|トークン))"
    r"すべては【攻撃力】(?P<atk>[+-]\d+)(?:/【体力】(?P<dfn>[+-]\d+))?する。",
)
def _buff_all(m: re.Match[str], ctx: Context) -> list[Any]:
    cost = int(m["c"]) if m["c"] else -1
    what = Targets(
        side="own",
        trait=m["trait"] or "",
        name=m["name"] or "",
        other=bool(m["other"]),
        token=m["kind"] == "トークン",
        max_cost=cost if m["le"] == "以下" else -1,
        min_cost=cost if m["le"] == "以上" else -1,
    )
    return [Buff(int(m["atk"]), int(m["dfn"] or 0), what=what)]


@template("banish_from_hand", r"自分の手札" + N + r"枚を消滅させる。")
def _banish_from_hand(m: re.Match[str], ctx: Context) -> list[Any]:
    return [DiscardCards(int(m[1]), banish=True)]


@template(
    "leader_shield",
    r"このターン、自分のリーダー(?:は次のダメージを受けない|が次に受けるダメージを-(\d+)する)。",
)
def _leader_shield(m: re.Match[str], ctx: Context) -> list[Any]:
    return [LeaderShield(int(m[1]) if m[1] else -1)]


_COUNTED = (
    r"「(?P<side>自分|相手)の場の(?P<other>他の)?(?:『(?P<name>[^』]+)』|(?:(?P<trait>[^・、。「」『』【】]+)・)?"
    r"(?P<kind>フォロワー|カード|アミュレット))の(?:数|枚数)(?:の(?P<k>\d+)倍)?」"
)
"""``「自分の場の…の数」``: a count of field cards (optionally doubled, ``の2倍``)."""


def _counted(m: re.Match[str]) -> Targets:
    kind = m["kind"] or "カード"
    return Targets(
        side="own" if m["side"] == "自分" else "enemy",
        followers=kind in ("フォロワー", "カード"),
        amulets=kind in ("アミュレット", "カード"),
        trait=m["trait"] or "",
        name=m["name"] or "",
        other=bool(m["other"]),
    )


@template("damage_group_count", _GROUP + r"に" + _COUNTED + r"と同じダメージ。")
def _damage_group_count(m: re.Match[str], ctx: Context) -> list[Any]:
    if m["k"]:
        raise Unsupported("a multiple of a count as damage")
    return [Damage(0, _GROUPS[m[1]], _counted(m))]


@dataclass(frozen=True)
class XCount:
    """Marker: the X of the effect just before is ``k`` times a count of field cards (or
    another number, see :class:`Scaled`)."""

    per: Targets | None
    k: int = 1
    count: str = "field"


_X_NUMBERS = {
    "自分のPP最大値": "max_pp",
    "自分の手札の枚数": "hand",
    "自分のEXエリアのカードの枚数": "ex",
    "自分の消滅領域の枚数": "banish",
    "自分の手札とEXエリアのカードの合計": "hand_ex",
    "これの攻撃力": "attack",
    "選んだフォロワーの攻撃力": "attack_it",
}


@template("x_number", r"Xは「(" + "|".join(_X_NUMBERS) + r")」である。")
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
    r"Xは「自分の場と自分のEXエリアの(?:(?P<trait>[^・、。「」『』【】]+)・)?(?P<kind>トークン|フォロワー|カード)"
    r"の枚数の合計」である。",
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
        token=kind == "トークン",
    )
    return [XCount(per, 1, "field_ex")]


@template(
    "damage_x_number",
    r"(それ|" + _GROUP[1:-1] + r")に「(" + "|".join(_X_NUMBERS) + r")」と同じダメージ。",
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


# --- conditions that open a sentence (CR 13 and plain "if") ----------------------------------

CONDITIONS: list[tuple[str, bool, re.Pattern[str], Callable[[re.Match[str]], Any]]] = [
    ("combo", True, re.compile(r"^【コンボ_(\d+)】"), lambda m: Combo(int(m[1]))),
    (
        "spellchain",
        True,
        re.compile(r"^【(?:スペルチェイン|SC)_(\d+)】"),
        lambda m: Spellchain(int(m[1])),
    ),
    (
        "necrocharge",
        True,
        re.compile(r"^【(?:ネクロチャージ|NC)_(\d+)】"),
        lambda m: Necrocharge(int(m[1])),
    ),
    (
        "ex_has",
        False,
        re.compile(
            r"^自分の(?P<both>場か自分の)?EXエリアに" + _FILTER + r"が(?P<exneg>ある|ない)なら、"
        ),
        lambda m: _ex_has(m),
    ),
    (
        "field_count_either",
        False,
        re.compile(
            r"^自分の場の(?P<t1>[^・、。「」『』【】の]+)・(?P<k1>フォロワー|カード)や"
            r"(?P<t2>[^・、。「」『』【】の]+)・(?P<k2>フォロワー|カード)が(?P<fn>\d+)(?:体|枚)以上なら、"
        ),
        lambda m: Count(
            "field",
            int(m["fn"]),
            CardFilter(
                _KINDS[m["k2"]], (m["t2"],), also=(CardFilter(_KINDS[m["k1"]], (m["t1"],)),)
            ),
        ),
    ),
    (
        "evolved_this_turn",
        False,
        re.compile(r"^(?:このターン、)?自分の場のフォロワーが進化していたなら、"),
        lambda m: EvolvedThisTurn(),
    ),
    (
        "nth_evolve",
        False,
        re.compile(r"^このターン、(\d+)回目の自分の場のフォロワーの進化なら、"),
        lambda m: NthEvolve(int(m[1])),
    ),
    ("overflow", False, re.compile(r"^【覚醒】状態なら、"), lambda m: Overflow()),
    ("sanguine", False, re.compile(r"^【真紅】状態なら、"), lambda m: Sanguine()),
    (
        "max_pp",
        False,
        re.compile(r"^自分のPP最大値が(\d+)(以上)?なら、"),
        lambda m: MaxPP(int(m[1]), exact=not m[2]),
    ),
    (
        "counters_at_least",
        True,  # the cards using it mean the rest of the ability (sacrifice this, then ...)
        re.compile(r"^これの(?P<c>[^、。「」『』【】]+?)カウンターが(?P<n>\d+)(?:個|つ)以上なら、"),
        lambda m: CountersAtLeast(m["c"], int(m["n"])),
    ),
    (
        "leader_at_most",
        False,
        re.compile(r"^自分のリーダーの体力が(\d+)以下なら、"),
        lambda m: LeaderAtMost(int(m[1])),
    ),
    (
        "have_on_field",
        False,
        re.compile(
            r"^自分の場に(?P<other>他の)?(?:元のコスト(?P<min>\d+)以上の)?(?:攻撃力(?P<atk>\d+)以上の)?"
            r"(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?"
            r"(?P<kind>フォロワー|アミュレット|カード)が(?P<neg>いない|ない|いる|ある)なら、"
        ),
        lambda m: _on_field(m),
    ),
    (
        "it_is_named",
        False,
        re.compile(r"^それが『(?P<iname>[^』]+)』なら、"),
        lambda m: TookCard(CardFilter(name=m["iname"])),
    ),
    (
        "it_is",
        False,
        re.compile(
            r"^それが(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?(?P<kind>フォロワー|アミュレット|カード)なら、"
        ),
        lambda m: ItIs(CardFilter(_KINDS[m["kind"]], (m["trait"],) if m["trait"] else ())),
    ),
    (
        "it_costs",
        False,
        re.compile(r"^それの元のコストが(\d+)(以下|以上)?なら、"),
        lambda m: ItIs(
            CardFilter(
                max_cost=int(m[1]) if m[2] == "以下" else -1,
                exact_cost=int(m[1]) if not m[2] else -1,
                min_cost=int(m[1]) if m[2] == "以上" else -1,
            )
        ),
    ),
    (
        "grave_size",
        False,
        re.compile(r"^自分の墓場が(\d+)枚以上(?:ある)?なら、"),
        lambda m: Necrocharge(int(m[1])),
    ),
    (
        "attack_sum",
        False,
        re.compile(
            r"^自分の場の(?:元のコスト(?P<c>\d+)の)?(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?"
            r"フォロワーの攻撃力の合計が(?P<n>\d+)以上なら、"
        ),
        lambda m: AttackSum(
            Targets(
                side="own",
                trait=m["trait"] or "",
                exact_cost=int(m["c"]) if m["c"] else -1,
            ),
            int(m["n"]),
        ),
    ),
    (
        "count_on_field",
        False,
        re.compile(
            r"^自分の場の(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?(?P<kind>フォロワー|アミュレット|カード)"
            r"が(?P<n>\d+)(?:枚|体|つ)以上(?:ある|いる)?なら、"
        ),
        lambda m: HaveOnField(
            Targets(
                side="own",
                trait=m["trait"] or "",
                followers=m["kind"] != "アミュレット",
                amulets=m["kind"] != "フォロワー",
            ),
            int(m["n"]),
        ),
    ),
    (
        "named_on_field",
        False,
        re.compile(r"^自分の場に『(?P<name>[^』]+)』が(?P<neg>いない|ない|いる|ある)なら、"),
        lambda m: (Not if m["neg"] in ("いない", "ない") else _same)(
            HaveOnField(Targets(side="own", amulets=True, name=m["name"]))
        ),
    ),
    (
        "paid_extra",
        False,
        re.compile(r"^コストを\+\d+したなら、"),
        lambda m: PaidExtra(),
    ),
    (
        "came_from",
        False,
        re.compile(r"^これが(手札以外|墓場|能力)(?:から|によって)場に出ていたなら、"),
        lambda m: (
            Not(CameFrom("hand"))
            if m[1] == "手札以外"
            else CameFrom("grave" if m[1] == "墓場" else "ability")
        ),
    ),
    (
        "bursts",
        False,
        re.compile(r"^これを含めず、このターン中に自分の能力が(\d+)回以上発動していたなら、"),
        lambda m: BurstsThisTurn(int(m[1])),
    ),
    (
        "nth_card",
        False,
        re.compile(r"^このターン中に(\d+)枚目のカードなら、"),
        lambda m: PlayedExactly(int(m[1])),
    ),
    (
        "opponent_grave",
        False,
        re.compile(r"^相手の墓場が(\d+)枚以上(?:ある)?なら、"),
        lambda m: Count("grave", int(m[1]), enemy=True),
    ),
    (
        "standing",
        False,
        re.compile(r"^これがスタンド状態(?:である)?なら、"),
        lambda m: Standing(),
    ),
    (
        "evolve_used",
        False,
        re.compile(r"^自分のエボルヴデッキの表向きのエボルヴフォロワーが(\d+)枚以上なら、"),
        lambda m: Count("evolve_used", int(m[1])),
    ),
    (
        "full_field",
        False,
        re.compile(
            r"^自分の場の(?:【(?P<cls>[^】]+)】|(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?"
            r"(?P<kind>フォロワー|カード)が5(?:体|枚)なら、"
        ),
        lambda m: HaveOnField(
            Targets(
                side="own",
                trait=CLASS_WORDS.get(m["cls"] or "", "") or m["trait"] or "",
                amulets=m["kind"] == "カード",
            ),
            5,
        ),
    ),
    (
        "ex_count",
        False,
        re.compile(r"^自分のEXエリアの" + _FILTER + r"が(?P<xn>\d+)枚(?P<xmore>以上|以下)?なら、"),
        lambda m: (
            Not(Count("ex", int(m["xn"]) + 1, _filter(m)))
            if m["xmore"] == "以下"
            else Count("ex", int(m["xn"]), _filter(m), exact=not m["xmore"])
        ),
    ),
    (
        "opponent_followers",
        False,
        re.compile(r"^相手プレイヤー1人の場のフォロワーが(\d+)体以上なら、"),
        lambda m: Count("followers", int(m[1]), enemy=True),
    ),
    (
        "grave_count_either",
        False,
        re.compile(
            r"^自分の墓場の(?:(?P<t1>[^・、。「」『』【】]+)・|【(?P<c1>[^】]+)】)(?P<k1>カード|フォロワー)"
            r"が(?P<n1>\d+)枚以上か自分の墓場の(?:(?P<t2>[^・、。「」『』【】]+)・|【(?P<c2>[^】]+)】)"
            r"(?P<k2>カード|フォロワー)が(?P<n2>\d+)枚以上なら、"
        ),
        lambda m: AnyOf(
            (
                Count("grave", int(m["n1"]), _kind_filter(m["k1"], m["t1"], m["c1"])),
                Count("grave", int(m["n2"]), _kind_filter(m["k2"], m["t2"], m["c2"])),
            )
        ),
    ),
    (
        "revealed",
        False,
        re.compile(r"^" + _FILTER + r"を公開したなら、"),
        lambda m: Revealed(_filter(m)),
    ),
    (
        "opponent_cards",
        False,
        re.compile(r"^相手(?:プレイヤー1人)?の場のカードが(\d+)枚以上なら、"),
        lambda m: Count("field", int(m[1]), enemy=True),
    ),
    (
        "always",
        False,
        re.compile(r"^常に、"),
        lambda m: Always(),
    ),
    (
        "did_it",
        False,
        re.compile(r"^そうしたなら、"),
        lambda m: DidIt(),
    ),
    (
        "cards_played",
        False,
        re.compile(r"^「このターン中に自分がプレイしたカードの枚数」が(\d+)枚以上なら、"),
        lambda m: Combo(int(m[1])),
    ),
    (
        "discarded_this_turn",
        False,
        re.compile(r"^このターン中に自分の手札を捨てていたなら、"),
        lambda m: DiscardedThisTurn(),
    ),
    (
        "placed_in_ex",
        False,
        re.compile(r"^" + _FILTER + r"をEXエリアに置いたなら、"),
        lambda m: PlacedInEx(_filter(m)),
    ),
    (
        "grave_count",
        False,
        re.compile(r"^自分の墓場(?:の|に)" + _FILTER + r"が(?P<gn>\d+)枚以上(?:ある)?なら、"),
        lambda m: Count("grave", int(m["gn"]), _filter(m)),
    ),
    (
        "field_count_any",
        False,
        re.compile(
            r"^自分の場(?:に|の)(?:『(?P<name>[^』]+)』|(?:(?P<trait>[^・、。「」『』【】]+)・)?"
            r"(?P<kind>フォロワー|アミュレット|カード))が(?P<n>\d+)(?:枚|体|つ)以上(?:ある|いる)?なら、"
        ),
        lambda m: HaveOnField(
            Targets(
                side="own",
                trait=m["trait"] or "",
                name=m["name"] or "",
                followers=m["kind"] != "アミュレット",
                amulets=m["kind"] != "フォロワー",
            ),
            int(m["n"]),
        ),
    ),
    (
        "leader_is",
        False,
        re.compile(r"^自分のリーダーの(?:体力が|【体力】)(\d+)なら、"),
        lambda m: LeaderAtMost(int(m[1]), exact=True),
    ),
    (
        "have_evolved",
        False,
        re.compile(r"^自分の場にエボルヴフォロワーが(いる|いない)なら、"),
        lambda m: HaveEvolved() if m[1] == "いる" else Not(HaveEvolved()),
    ),
    (
        "hand_at_most",
        False,
        re.compile(r"^自分の手札が(?:(\d+)枚以下|(0)枚)なら、"),
        lambda m: Count("hand", int(m[1] or m[2]), most=True),
    ),
    (
        "grave_has",
        False,
        re.compile(r"^自分の墓場に" + _FILTER + r"があるなら、"),
        lambda m: Count("grave", 1, _filter(m)),
    ),
    (
        "leader_at_most_marked",
        False,
        re.compile(r"^自分のリーダーの【体力】(\d+)以下なら、"),
        lambda m: LeaderAtMost(int(m[1])),
    ),
    (
        "ex_has",
        False,
        re.compile(r"^自分のEXエリアに" + _FILTER + r"があるなら、"),
        lambda m: Count("ex", 1, _filter(m)),
    ),
    (
        "banish_count",
        False,
        re.compile(r"^自分の消滅領域が(\d+)枚以上(?:ある)?なら、"),
        lambda m: Count("banish", int(m[1])),
    ),
    (
        "played_this_turn",
        False,
        re.compile(r"^このターン、自分が(?P<pother>他の)?" + _FILTER + r"をプレイしていたなら、"),
        lambda m: PlayedThisTurn(_filter(m), other=bool(m["pother"])),
    ),
    (
        "field_and_ex_count",
        False,
        re.compile(
            r"^自分の場や自分のEXエリアの" + _FILTER + r"が(?P<fn>\d+)枚以上(?:ある)?なら、"
        ),
        lambda m: Count("field_ex", int(m["fn"]), _filter(m)),
    ),
    (
        "name_contains_on_field",
        False,
        re.compile(
            r"^自分の場に「カード名に『(?P<c>[^』]+)』を含む(?P<kind>フォロワー|カード)」が(?:いる|ある)なら、"
        ),
        lambda m: HaveOnField(
            Targets(side="own", amulets=m["kind"] == "カード", name_contains=m["c"])
        ),
    ),
]
"""Condition openers ``(id, rest_of_ability, pattern, build)``. A class keyword marker
(``【コンボ_3】``, CR 13.2.1.2) governs the rest of the ability and becomes a :class:`Gate`;
an "if ..., " clause governs its own sentence and becomes an :class:`If`."""


def _kind_filter(kind: str, trait: str | None, cls: str | None) -> CardFilter:
    """A card kind with a trait or a class (a trait card, or a card of a class)."""
    if cls:
        if cls not in CLASS_WORDS:
            raise Unsupported(f"unknown class {cls}")
        return CardFilter(_KINDS[kind], (CLASS_WORDS[cls],))
    return CardFilter(_KINDS[kind], (trait,) if trait else ())


def _ex_has(m: re.Match[str]) -> Any:
    what = _filter(m)
    found: Any = Count("ex", 1, what)
    if m["both"]:
        found = AnyOf((Count("field", 1, what), found))
    return Not(found) if m["exneg"] == "ない" else found


def _same(condition: Any) -> Any:
    return condition


def _on_field(m: re.Match[str]) -> Any:
    found = HaveOnField(
        Targets(
            side="own",
            trait=m["trait"] or "",
            followers=m["kind"] != "アミュレット",
            amulets=m["kind"] != "フォロワー",
            other=bool(m["other"]),
            min_cost=int(m["min"]) if m["min"] else -1,
            min_attack=int(m["atk"]) if m["atk"] else -1,
        )
    )
    return Not(found) if m["neg"] in ("いない", "ない") else found


def condition(sentence: str) -> tuple[Any, bool, str, str]:
    """Split a leading condition off ``sentence``: ``(condition, rest_of_ability, rest, id)``."""
    for cid, whole, pattern, build in CONDITIONS:
        m = pattern.match(sentence)
        if m:
            return build(m), whole, sentence[m.end() :], cid
    return None, False, sentence, ""


def match(sentence: str, ctx: Context) -> tuple[str, list[Any]] | None:
    """The id and effects of the first template matching ``sentence`` (``None``: none).

    Raises :class:`Unsupported` when a template matched but cannot be modelled.
    """
    for t in TEMPLATES:
        if t.id == "move" and ctx.grave:  # "それを…" after a graveyard choice: see grave_to
            continue
        m = t.pattern.match(sentence)
        if m:
            return t.id, t.build(m, ctx)
    return None


# --- costs inside an ability (CR 10.4.7) and continuous abilities (CR 10.1.1.3) --------------

_COST_PARTS = re.compile(
    r"(?:【コスト(?P<pp>\d+)】"
    r"|(?:自分の)?リーダーの【体力】-(?P<leader>\d+)"
    r"|手札の" + _FILTER + r"(?P<dn>\d+)枚を(?P<hdest>捨てる|EXエリアに置く)"
    r"|(?P<anyhand>手札(?P<an>\d+)枚を捨てる)"
    r"|(?P<engself>これを【アクト】)"
    r"|手札の(?:元のコスト(?P<vc>\d+)の)?(?:(?P<vt>[^・、。「」『』【】]+)・)?"
    r"(?P<vk>カード|フォロワー|スペル|アミュレット)(?P<vn>\d+)枚を公開"
    r"|場の(?P<rother>他の)?(?:(?P<rtrait>[^・、。「」『』【】]+)・)?(?P<rkind>フォロワー|カード|アミュレット)"
    r"1(?:体|枚|つ)を手札に戻す"
    r"|手札の(?P<dt1>[^・、。「」『』【】]+)・(?P<dk1>カード|フォロワー|スペル|アミュレット)か"
    r"(?P<dt2>[^・、。「」『』【】]+)・(?P<dk2>カード|フォロワー|スペル|アミュレット)1枚を捨てる"
    r"|場の(?P<other>他の)?(?:(?P<strait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?(?P<skind>フォロワー|カード|アミュレット)"
    r"(?P<sn>\d+)(?:体|枚|つ)を(?P<sdest>墓場|EXエリア)に置く"
    r"|場の『(?P<fname>[^』]+)』1(?:つ|体|枚)を消滅"
    r"|EXエリアの(?:『(?P<xname>[^』]+)』|(?P<bxtrait>[^・、。「」『』【】の]+)・(?P<bxkind>トークン|カード))"
    r"(?P<xn>\d+)枚を消滅"
    r"|場の(?P<eother>他の)?(?:『(?P<ename>[^』]+)』|(?:【(?P<ecls>[^】]+)】|(?P<etrait>[^・、。「」『』【】の]+)・)?"
    r"(?P<ekind>フォロワー|カード|アミュレット))(?P<en>\d+)(?:つ|体|枚)を【アクト】"
    r"|(?:場の)?『(?P<sname>[^』]+)』1(?:つ|体|枚)を墓場に置く"
    r"|場の『(?P<tname>[^』]+)』1(?:つ|体|枚)の(?P<tc>[^、。「」『』【】]+)カウンター(?P<tn>\d+)個を取る"
    r"|墓場の(?:『(?P<bname>[^』]+)』|(?:(?P<btrait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?"
    r"(?P<bkind>カード|フォロワー|スペル|アミュレット))(?P<bn>\d+)(?:枚|つ)を消滅"
    r"|【レッスン_(?P<lesson>\d+)】)"
)


def cost(text: str) -> PayCost | None:
    """The cost of ``text`` when the whole of it is a cost this engine can pay, else ``None``.

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
    lesson = 0
    take: tuple[Targets, str, int] | None = None
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
            to_hand = True
        elif m["dt1"]:
            if discard is not None or sacrifice is not None:
                return None
            first = CardFilter(_KINDS[m["dk1"]], (m["dt1"],))
            discard = CardFilter(_KINDS[m["dk2"]], (m["dt2"],), also=(first,))
        elif m["xn"]:
            if banish is not None:
                return None
            banish = CardFilter(
                name=m["xname"] or "",
                traits=(m["bxtrait"],) if m["bxtrait"] else (),
                token=m["bxkind"] == "トークン",
            )
            banish_n, banish_from = int(m["xn"]), "ex"
        elif m["sname"]:
            if discard is not None or sacrifice is not None:
                return None
            sacrifice = Targets(side="own", amulets=True, name=m["sname"])
        elif m["bn"]:
            if banish is not None:
                return None
            kind = _KINDS[m["bkind"]] if m["bkind"] else "card"
            banish = CardFilter(kind, (m["btrait"],) if m["btrait"] else (), name=m["bname"] or "")
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
    ):
        return None
    if take is not None and (discard is not None or sacrifice is not None):
        return None
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
        lesson=lesson,
        take_from=take[0] if take else None,
        take=take[1] if take else "",
        take_n=take[2] if take else 0,
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
    "これはEXエリアからプレイできない。": "no_play_from_ex",
}
"""Continuous abilities of a card's own that the engine checks like keywords."""

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
    r"^これを(?P<ex>EXエリアから)?プレイする際、(?P<cond>.+?なら、)コストを-(?P<n>\d+)する。$"
)
_COST_FOR = re.compile(
    r"^これをプレイする際、(?:元のコスト(?P<c>\d+)(?P<le>以下)?の)?場の"
    r"(?:『(?P<name>[^』]+)』|(?:(?P<trait>[^・、。「」『』【】]+)・)?(?P<kind>フォロワー|カード|アミュレット))"
    r"(?P<count>\d+)(?:体|つ|枚)を(?P<how>墓場に置く|【アクト】)：コストを-(?P<n>\d+)する。$"
)


_PLAY_COST_DOWN = re.compile(
    r"^これ(?:が場に|が)(?:いる|ある)限り、自分が(?P<ex>EXエリアの)?"
    + _FILTER
    + r"をプレイする際、コストを-(?P<n>\d+)する。$"
)


_SPELL_TAX = re.compile(
    r"^これが(?:場に)?(?:いる|ある)限り、相手がスペルをプレイする際、コストを\+(\d+)する。$"
)
_CANNOT_PLAY_IF = re.compile(r"^これは(?P<cond>[^。]+なら)、プレイできない。$")
_DISCOUNT_FOR = re.compile(r"^これをプレイする際、(?P<cost>[^：。]+)：コストを-(?P<n>\d+)する。$")
_ADDITIONAL_COST = re.compile(r"^これをプレイする際、追加コストとして(?P<cost>[^。]+)。$")
_COST_DOWN_IF = re.compile(r"^これをプレイする際、(?P<cond>.+?)コストを-(?P<n>\d+)する。$")
_COST_DOWN_X = re.compile(r"^これをプレイする際、コストを-Xする。Xは「(?P<x>[^」]+)」である。$")
_X_EVOLVED = re.compile(
    r"^自分のエボルヴデッキの表向きの(?:(?P<trait>[^・、。「」『』【】]+)・)?エボルヴフォロワーの枚数$"
)
_X_FIELD = re.compile(
    r"^自分の場の(?:『(?P<name>[^』]+)』|(?:(?P<trait>[^・、。「」『』【】]+)・)?"
    r"(?P<kind>フォロワー|カード|アミュレット))の(?:数|枚数)$"
)


def _cost_x(text: str) -> PlayCostX | None:
    """The X of ``コストを-Xする`` when the engine can count it, else ``None``."""
    m = _X_EVOLVED.match(text)
    if m:
        traits = (m["trait"],) if m["trait"] else ()
        return PlayCostX(per_evolved=CardFilter("follower", traits))
    m = _X_FIELD.match(text)
    if m:
        kind = m["kind"] or "カード"
        per = Targets(
            side="own",
            followers=kind != "アミュレット",
            amulets=kind != "フォロワー",
            trait=m["trait"] or "",
            name=m["name"] or "",
        )
        return PlayCostX(per_field=per)
    if text == "自分の消滅領域の枚数":
        return PlayCostX(per_banished=True)
    return None


def static(line: str, equipment: bool = False) -> tuple[str, Any, Any] | None:
    """A continuous ability ``(template ids joined by |, condition, effect)``, or ``None``.

    Raises :class:`Unsupported` for a keyword the engine does not implement.
    """
    m = _DAMAGE_TAKEN.match(line)
    if m and equipment:
        return "damage_taken", None, DamageTaken(-int(m[1]))
    cond, whole, rest, cid = condition(line)
    if cond is not None and whole:  # "【ネクロチャージ_N】これは…を持つ" (CR 13.5.1)
        m = _HAS_KEYWORDS.match(rest)
        if m:
            return f"self_keyword|if_{cid}", cond, Grant(keyword_ids(m[1]))
    if _BANISH_INSTEAD.match(line):
        return "banish_instead", None, BanishInstead()
    m = _DAMAGE_CAP.match(line)
    if m and not equipment:
        cap = DamageCap(int(m[2]), int(m[3]))
        if not m["cond"]:
            return "damage_cap", None, cap
        cond, _whole, rest, cid = condition(m["cond"].removesuffix("である") + "なら、")
        if cond is None or rest:
            raise Unsupported("a condition the engine does not check")
        return f"damage_cap|if_{cid}", cond, cap
    m = _DAMAGE_BONUS.match(line)
    if m:
        return "damage_bonus", OpponentTurn() if m[1] else None, DamageBonus(int(m[2]))
    m = _EXTRA_COST.match(line)
    if m:
        return "extra_play_cost", None, ExtraCost(int(m[1]))
    m = _EVOLVE_COST_PER.match(line)
    if m:  # the evolve cost (CR 12.2) less 1 per follower counted
        what = Targets(side="own", trait=m["trait"] or "", other=bool(m["other"]))
        return "evolve_cost_per", None, EvolveCostPer(what)
    m = _COST_IF.match(line)
    if m:  # "as you play this, if ..., it costs N less" (CR 10.6.2.5.1.3)
        cond, _whole, rest, cid = condition(m["cond"])
        if cond is not None and not rest:
            return f"play_cost_if|if_{cid}", None, PlayCostIf(int(m["n"]), cond, bool(m["ex"]))
        return None
    m = _COST_FOR.match(line)
    if m:  # "as you play this, (cost): it costs N less" (CR 10.4.7.2)
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
    m = _CANNOT_PLAY_IF.match(line)
    if m:  # "これは(condition)なら、プレイできない。"
        cond, _whole, rest, cid = condition(m["cond"] + "、")
        if cond is not None and not rest:
            return f"cannot_play_if|if_{cid}", cond, CannotPlay()
    m = _DISCOUNT_FOR.match(line)
    if m:  # "これをプレイする際、(cost)：コストを-Nする。"
        paid = cost(m["cost"])
        if paid is not None and not paid.pp:
            return (
                "discount_for_cost",
                None,
                DiscountFor(replace(paid, optional=False), int(m["n"])),
            )
    m = _ADDITIONAL_COST.match(line)
    if m:  # "これをプレイする際、追加コストとして(cost)。": it cannot be played without it
        paid = cost(m["cost"])
        if paid is not None and not paid.pp:
            return "additional_cost", None, AdditionalCost(replace(paid, optional=False))
    m = _COST_DOWN_X.match(line)
    if m:  # "これをプレイする際、コストを-Xする。Xは「…」である。"
        found = _cost_x(m["x"])
        if found is not None:
            return "play_cost_down_x", None, found
    m = _HAS_KEYWORDS.match(line)
    if m:
        return "self_keyword", None, Grant(keyword_ids(m[1]))
    m = _PLAY_COST_DOWN.match(line)
    if m:
        return "play_cost_down", None, PlayCostDown(_filter(m), int(m["n"]), bool(m["ex"]))
    m = _SPELL_TAX.match(line)
    if m:
        return "spell_tax", None, SpellTax(int(m[1]))
    m = _WHILE_HERE.match(line)
    if m:
        what = Targets(
            side="own",
            trait=m["trait"] or "",
            name=m["name"] or "",
            other=bool(m["other"]),
            token=bool(m["tok"]),
        )
        return "while_here_grant", None, Grant(keyword_ids(m[m.lastindex or 0]), what)
    m = _WHILE_SELF.match(line)
    if m:
        kws = keyword_ids(m[m.lastindex or 0])
        if m["hp"]:
            return "while_self_keyword", LeaderAtMost(int(m["hp"])), Grant(kws)
        return "while_self_keyword", Count("grave", int(m["gn"]), _filter(m)), Grant(kws)
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
