"""Conditions that open a sentence (CR 13 and plain "if"), each registered with
``@opener`` and tried in the order of this module. A class keyword marker (``【コンボ_3】``,
CR 13.2.1.2) governs the rest of the ability (``rest_of_ability``) and becomes a
:class:`Gate`; an "if ..., " clause governs its own sentence and becomes an :class:`If`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.sve.compiler.templates.base import (
    _FILTER,
    _KINDS,
    CLASS_WORDS,
    OPENERS,
    RULE_KEYWORDS,
    Unsupported,
    _filter,
    either_of,
    opener,
)
from engine.sve.effects.conditions import (
    Always,
    AnyOf,
    AttackingFollower,
    AttackSum,
    BurstsThisTurn,
    CameFrom,
    Combo,
    CostKinds,
    Count,
    CountersAtLeast,
    DidIt,
    DiscardedIs,
    DiscardedThisTurn,
    EvolvedThisTurn,
    HaveEvolved,
    HaveOnField,
    HurtTimes,
    ItIs,
    LeaderAtMost,
    MaxPP,
    Necrocharge,
    Not,
    NthEvolve,
    Overflow,
    OwnTurnAtLeast,
    PaidExtra,
    PlacedInEx,
    PlayedExactly,
    PlayedThisTurn,
    Revealed,
    RolledThisTurn,
    RollIs,
    Sanguine,
    SepIs,
    Spellchain,
    Standing,
    TookCard,
)
from engine.sve.effects.selectors import CardFilter, Targets


@opener(
    "combo",
    r"^【コンボ_(\d+)】",
    rest_of_ability=True,
)
def _opens_combo(m: re.Match[str]) -> Any:
    return Combo(int(m[1]))


@opener(
    "spellchain",
    r"^【(?:スペルチェイン|SC)_(\d+)】",
    rest_of_ability=True,
)
def _opens_spellchain(m: re.Match[str]) -> Any:
    return Spellchain(int(m[1]))


@opener(
    "necrocharge",
    r"^【(?:ネクロチャージ|NC)_(\d+)】",
    rest_of_ability=True,
)
def _opens_necrocharge(m: re.Match[str]) -> Any:
    return Necrocharge(int(m[1]))


@opener(
    "ex_has",
    r"^自分の(?P<both>場か自分の)?EXエリアに(?!他の)" + _FILTER + r"が(?P<exneg>ある|ない)なら、",
)
def _opens_ex_has(m: re.Match[str]) -> Any:
    return _ex_has(m)


@opener(
    "field_count_either",
    r"^自分の場の(?P<t1>[^・、。「」『』【】の]+)・(?P<k1>フォロワー|カード)や"
    r"(?P<t2>[^・、。「」『』【】の]+)・(?P<k2>フォロワー|カード)が(?P<fn>\d+)(?:体|枚)以上なら、",
)
def _opens_field_count_either(m: re.Match[str]) -> Any:
    return Count(
        "field",
        int(m["fn"]),
        CardFilter(_KINDS[m["k2"]], (m["t2"],), also=(CardFilter(_KINDS[m["k1"]], (m["t1"],)),)),
    )


@opener(
    "evolved_this_turn",
    r"^(?:このターン、)?自分の場のフォロワーが進化していたなら、",
)
def _opens_evolved_this_turn(m: re.Match[str]) -> Any:
    return EvolvedThisTurn()


@opener(
    "nth_evolve",
    r"^このターン、(\d+)回目の自分の場のフォロワーの進化なら、",
)
def _opens_nth_evolve(m: re.Match[str]) -> Any:
    return NthEvolve(int(m[1]))


@opener(
    "overflow",
    r"^【覚醒】状態なら、",
)
def _opens_overflow(m: re.Match[str]) -> Any:
    return Overflow()


@opener(
    "sanguine",
    r"^【真紅】状態なら、",
)
def _opens_sanguine(m: re.Match[str]) -> Any:
    return Sanguine()


@opener(
    "max_pp",
    r"^自分のPP最大値が(\d+)(以上)?なら、",
)
def _opens_max_pp(m: re.Match[str]) -> Any:
    return MaxPP(int(m[1]), exact=not m[2])


# the cards using it mean the rest of the ability (sacrifice this, then ...)
@opener(
    "counters_at_least",
    r"^これの(?P<c>[^、。「」『』【】]+?)カウンターが(?P<n>\d+)(?:個|つ)以上なら、",
    rest_of_ability=True,
)
def _opens_counters_at_least(m: re.Match[str]) -> Any:
    return CountersAtLeast(m["c"], int(m["n"]))


@opener(
    "leader_at_most",
    r"^自分のリーダーの体力が(\d+)以下なら、",
)
def _opens_leader_at_most(m: re.Match[str]) -> Any:
    return LeaderAtMost(int(m[1]))


@opener(
    "have_on_field",
    r"^自分の場に(?P<other>他の)?(?:元のコスト(?P<min>\d+)以上の)?(?:攻撃力(?P<atk>\d+)以上の)?"
    r"(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?(?:(?P<trait2>[^・、。「」『』【】]+)・)?"
    r"(?P<kind>フォロワー|アミュレット|カード)が(?P<neg>いない|ない|いる|ある)なら、",
)
def _opens_have_on_field(m: re.Match[str]) -> Any:
    return _on_field(m)


@opener(
    "it_is_named",
    r"^それが『(?P<iname>[^』]+)』なら、",
)
def _opens_it_is_named(m: re.Match[str]) -> Any:
    return TookCard(CardFilter(name=m["iname"]))


@opener(
    "it_is",
    r"^それが(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?(?P<kind>フォロワー|アミュレット|カード)なら、",
)
def _opens_it_is(m: re.Match[str]) -> Any:
    return ItIs(CardFilter(_KINDS[m["kind"]], (m["trait"],) if m["trait"] else ()))


@opener(
    "it_costs",
    r"^それの元のコストが(\d+)(以下|以上)?なら、",
)
def _opens_it_costs(m: re.Match[str]) -> Any:
    return ItIs(
        CardFilter(
            max_cost=int(m[1]) if m[2] == "以下" else -1,
            exact_cost=int(m[1]) if not m[2] else -1,
            min_cost=int(m[1]) if m[2] == "以上" else -1,
        )
    )


@opener(
    "grave_size",
    r"^自分の墓場が(\d+)枚以上(?:ある)?なら、",
)
def _opens_grave_size(m: re.Match[str]) -> Any:
    return Necrocharge(int(m[1]))


@opener(
    "attack_sum",
    r"^自分の場の(?:元のコスト(?P<c>\d+)の)?(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?"
    r"フォロワーの攻撃力の合計が(?P<n>\d+)以上なら、",
)
def _opens_attack_sum(m: re.Match[str]) -> Any:
    return AttackSum(
        Targets(
            side="own",
            trait=m["trait"] or "",
            exact_cost=int(m["c"]) if m["c"] else -1,
        ),
        int(m["n"]),
    )


@opener(
    "count_on_field",
    r"^自分の場の(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?(?P<kind>フォロワー|アミュレット|カード)"
    r"が(?P<n>\d+)(?:枚|体|つ)以上(?:ある|いる)?なら、",
)
def _opens_count_on_field(m: re.Match[str]) -> Any:
    return HaveOnField(
        Targets(
            side="own",
            trait=m["trait"] or "",
            followers=m["kind"] != "アミュレット",
            amulets=m["kind"] != "フォロワー",
        ),
        int(m["n"]),
    )


@opener(
    "named_on_field",
    r"^自分の場に『(?P<name>[^』]+)』が(?P<neg>いない|ない|いる|ある)なら、",
)
def _opens_named_on_field(m: re.Match[str]) -> Any:
    return (Not if m["neg"] in ("いない", "ない") else _same)(
        HaveOnField(Targets(side="own", amulets=True, name=m["name"]))
    )


@opener(
    "paid_extra",
    r"^コストを\+\d+したなら、",
)
def _opens_paid_extra(m: re.Match[str]) -> Any:
    return PaidExtra()


@opener(
    "came_from",
    r"^これが(手札以外|墓場|能力)(?:から|によって)場に出ていたなら、",
)
def _opens_came_from(m: re.Match[str]) -> Any:
    return (
        Not(CameFrom("hand"))
        if m[1] == "手札以外"
        else CameFrom("grave" if m[1] == "墓場" else "ability")
    )


@opener(
    "bursts",
    r"^これを含めず、このターン中に自分の能力が(\d+)回以上発動していたなら、",
)
def _opens_bursts(m: re.Match[str]) -> Any:
    return BurstsThisTurn(int(m[1]))


@opener(
    "nth_card",
    r"^このターン中に(\d+)枚目のカードなら、",
)
def _opens_nth_card(m: re.Match[str]) -> Any:
    return PlayedExactly(int(m[1]))


@opener(
    "opponent_grave",
    r"^相手の墓場が(\d+)枚以上(?:ある)?なら、",
)
def _opens_opponent_grave(m: re.Match[str]) -> Any:
    return Count("grave", int(m[1]), enemy=True)


@opener(
    "standing",
    r"^これがスタンド状態(?:である)?なら、",
)
def _opens_standing(m: re.Match[str]) -> Any:
    return Standing()


@opener(
    "evolve_used",
    r"^自分のエボルヴデッキの表向きのエボルヴフォロワーが(\d+)枚(以上)?なら、",
)
def _opens_evolve_used(m: re.Match[str]) -> Any:
    return Count("evolve_used", int(m[1]), exact=not m[2])


@opener(
    "full_field",
    r"^自分の場の(?:【(?P<cls>[^】]+)】|(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?"
    r"(?P<kind>フォロワー|カード)が5(?:体|枚)なら、",
)
def _opens_full_field(m: re.Match[str]) -> Any:
    return HaveOnField(
        Targets(
            side="own",
            trait=CLASS_WORDS.get(m["cls"] or "", "") or m["trait"] or "",
            amulets=m["kind"] == "カード",
        ),
        5,
    )


@opener(
    "ex_count",
    r"^自分のEXエリアの" + _FILTER + r"が(?P<xn>\d+)枚(?P<xmore>以上|以下)?なら、",
)
def _opens_ex_count(m: re.Match[str]) -> Any:
    return (
        Not(Count("ex", int(m["xn"]) + 1, _filter(m)))
        if m["xmore"] == "以下"
        else Count("ex", int(m["xn"]), _filter(m), exact=not m["xmore"])
    )


@opener(
    "opponent_followers",
    r"^相手プレイヤー1人の場のフォロワーが(\d+)体以上なら、",
)
def _opens_opponent_followers(m: re.Match[str]) -> Any:
    return Count("followers", int(m[1]), enemy=True)


@opener(
    "grave_count_either",
    r"^自分の墓場の(?:(?P<t1>[^・、。「」『』【】]+)・|【(?P<c1>[^】]+)】)(?P<k1>カード|フォロワー)"
    r"が(?P<n1>\d+)枚以上か自分の墓場の(?:(?P<t2>[^・、。「」『』【】]+)・|【(?P<c2>[^】]+)】)"
    r"(?P<k2>カード|フォロワー)が(?P<n2>\d+)枚以上なら、",
)
def _opens_grave_count_either(m: re.Match[str]) -> Any:
    return AnyOf(
        (
            Count("grave", int(m["n1"]), _kind_filter(m["k1"], m["t1"], m["c1"])),
            Count("grave", int(m["n2"]), _kind_filter(m["k2"], m["t2"], m["c2"])),
        )
    )


@opener(
    "revealed",
    r"^" + _FILTER + r"を公開したなら、",
)
def _opens_revealed(m: re.Match[str]) -> Any:
    return Revealed(_filter(m))


@opener(
    "opponent_cards",
    r"^相手(?:プレイヤー1人)?の場のカードが(\d+)枚以上なら、",
)
def _opens_opponent_cards(m: re.Match[str]) -> Any:
    return Count("field", int(m[1]), enemy=True)


@opener(
    "always",
    r"^常に、",
)
def _opens_always(m: re.Match[str]) -> Any:
    return Always()


@opener(
    "did_it",
    r"^そうしたなら、",
)
def _opens_did_it(m: re.Match[str]) -> Any:
    return DidIt()


@opener(
    "cards_played",
    r"^「このターン中に自分がプレイしたカードの枚数」が(\d+)枚以上なら、",
)
def _opens_cards_played(m: re.Match[str]) -> Any:
    return Combo(int(m[1]))


@opener(
    "discarded_this_turn",
    r"^このターン中に自分の手札を捨てていたなら、",
)
def _opens_discarded_this_turn(m: re.Match[str]) -> Any:
    return DiscardedThisTurn()


@opener(
    "placed_in_ex",
    r"^" + _FILTER + r"をEXエリアに置いたなら、",
)
def _opens_placed_in_ex(m: re.Match[str]) -> Any:
    return PlacedInEx(_filter(m))


@opener(
    "grave_count",
    r"^自分の墓場(?:の|に)" + _FILTER + r"が(?P<gn>\d+)枚(?P<gmore>以上)?(?:ある)?なら、",
)
def _opens_grave_count(m: re.Match[str]) -> Any:
    return Count("grave", int(m["gn"]), _filter(m), exact=not m["gmore"])


@opener(
    "field_count_any",
    r"^自分の場(?:に|の)(?:『(?P<name>[^』]+)』|(?:(?P<trait>[^・、。「」『』【】]+)・)?"
    r"(?P<kind>フォロワー|アミュレット|カード))が(?P<n>\d+)(?:枚|体|つ)以上(?:ある|いる)?なら、",
)
def _opens_field_count_any(m: re.Match[str]) -> Any:
    return HaveOnField(
        Targets(
            side="own",
            trait=m["trait"] or "",
            name=m["name"] or "",
            followers=m["kind"] != "アミュレット",
            amulets=m["kind"] != "フォロワー",
        ),
        int(m["n"]),
    )


@opener(
    "leader_is",
    r"^自分のリーダーの(?:体力が|【体力】)(\d+)なら、",
)
def _opens_leader_is(m: re.Match[str]) -> Any:
    return LeaderAtMost(int(m[1]), exact=True)


@opener(
    "have_evolved",
    r"^自分の場にエボルヴフォロワーが(いる|いない)なら、",
)
def _opens_have_evolved(m: re.Match[str]) -> Any:
    return HaveEvolved() if m[1] == "いる" else Not(HaveEvolved())


@opener(
    "hand_at_most",
    r"^自分の手札が(?:(\d+)枚以下|(0)枚)なら、",
)
def _opens_hand_at_most(m: re.Match[str]) -> Any:
    return Count("hand", int(m[1] or m[2]), most=True)


@opener(
    "grave_has",
    r"^自分の墓場に" + _FILTER + r"があるなら、",
)
def _opens_grave_has(m: re.Match[str]) -> Any:
    return Count("grave", 1, _filter(m))


@opener(
    "leader_at_most_marked",
    r"^自分のリーダーの【体力】(\d+)以下なら、",
)
def _opens_leader_at_most_marked(m: re.Match[str]) -> Any:
    return LeaderAtMost(int(m[1]))


@opener(
    "ex_has",
    r"^自分のEXエリアに" + _FILTER + r"があるなら、",
)
def _opens_ex_has_2(m: re.Match[str]) -> Any:
    return Count("ex", 1, _filter(m))


@opener(
    "banish_count",
    r"^自分の消滅領域が(\d+)枚以上(?:ある)?なら、",
)
def _opens_banish_count(m: re.Match[str]) -> Any:
    return Count("banish", int(m[1]))


@opener(
    "played_this_turn",
    r"^このターン、自分が(?P<pother>他の)?" + _FILTER + r"をプレイしていたなら、",
)
def _opens_played_this_turn(m: re.Match[str]) -> Any:
    return PlayedThisTurn(_filter(m), other=bool(m["pother"]))


@opener(
    "field_and_ex_count",
    r"^自分の場や自分のEXエリアの" + _FILTER + r"が(?P<fn>\d+)枚(?P<fmore>以上)?(?:ある)?なら、",
)
def _opens_field_and_ex_count(m: re.Match[str]) -> Any:
    return Count("field_ex", int(m["fn"]), _filter(m), exact=not m["fmore"])


@opener(
    "name_contains_on_field",
    r"^自分の場に「カード名に『(?P<c>[^』]+)』を含む(?P<kind>フォロワー|カード)」が(?:いる|ある)なら、",
)
def _opens_name_contains_on_field(m: re.Match[str]) -> Any:
    return HaveOnField(Targets(side="own", amulets=m["kind"] == "カード", name_contains=m["c"]))


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
            trait2=m["trait2"] or "",
            followers=m["kind"] != "アミュレット",
            amulets=m["kind"] != "フォロワー",
            other=bool(m["other"]),
            min_cost=int(m["min"]) if m["min"] else -1,
            min_attack=int(m["atk"]) if m["atk"] else -1,
        )
    )
    return Not(found) if m["neg"] in ("いない", "ない") else found


@dataclass(frozen=True)
class Chained:
    """Marker: a condition that names only a new number (``10個以上なら、``) and so means the
    condition before it in the same ability with that number (``If it has at least 10``);
    the compiler puts the condition before it in its place."""

    n: int
    exact: bool


_CHAIN = re.compile(r"^(\d+)(?:枚|体|個|つ)(以上)?なら、")


def condition_or_chain(sentence: str) -> tuple[Any, bool, str, str]:
    """:func:`condition`, or a :class:`Chained` condition (id ``chain``) for a sentence that
    opens with a number alone."""
    found = condition(sentence)
    if found[0] is not None:
        return found
    m = _CHAIN.match(sentence)
    if m is None:
        return found
    return Chained(int(m[1]), not m[2]), False, sentence[m.end() :], "chain"


def condition(sentence: str) -> tuple[Any, bool, str, str]:
    """Split a leading condition off ``sentence``: ``(condition, rest_of_ability, rest, id)``,
    by the first opener (in the order of registration) whose pattern starts it."""
    for o in OPENERS:
        m = o.pattern.match(sentence)
        if m:
            built = o.build(m)
            if built is None:  # the shape, not a condition this compiler reads
                continue
            return built, o.rest_of_ability, sentence[m.end() :], o.id
    return None, False, sentence, ""


@opener("roll_is", r"^出た目が(\d)なら、")
def _opens_roll_is(m: re.Match[str]) -> Any:
    return RollIs(int(m[1]))


@opener("rolled_six_this_turn", r"^このターン、自分がふったサイコロの出た目に6があるなら、")
def _opens_rolled_six(m: re.Match[str]) -> Any:
    return RolledThisTurn(six=True)


@opener("rolled_this_turn", r"^このターン、自分がサイコロをふっていたなら、")
def _opens_rolled(m: re.Match[str]) -> Any:
    return RolledThisTurn()


@opener("sep_is", r"^自分のSEPが(\d+)なら、")
def _opens_sep_is(m: re.Match[str]) -> Any:
    return SepIs(int(m[1]))


@opener("enemy_has", r"^相手の場に(?:体力(?P<d>\d+)の)?フォロワーがいるなら、")
def _opens_enemy_has(m: re.Match[str]) -> Any:
    return HaveOnField(Targets(defense=int(m["d"]) if m["d"] else -1))


@opener("field_or_grave_has", r"^自分の場か自分の墓場に" + _FILTER + r"が(?:ある|いる)なら、")
def _opens_field_or_grave_has(m: re.Match[str]) -> Any:
    what = _filter(m)
    return AnyOf((Count("field", 1, what), Count("grave", 1, what)))


@opener(
    "field_or_ex_has_other",
    r"^自分の場か自分のEXエリアに他の(?P<trait>[^・、。「」『』【】]+)・(?P<kind>フォロワー|カード)があるなら、",
)
def _opens_field_or_ex_has_other(m: re.Match[str]) -> Any:
    """Another card of a trait on your field (not this one), or one in your EX area."""
    kind = _KINDS[m["kind"]]
    here = Targets(side="own", amulets=kind == "card", trait=m["trait"], other=True)
    return AnyOf((HaveOnField(here), Count("ex", 1, CardFilter(kind, (m["trait"],)))))


@opener("turn_at_least", r"^自分のターンが(\d+)ターン目かそれ以降なら、")
def _opens_turn_at_least(m: re.Match[str]) -> Any:
    return OwnTurnAtLeast(int(m[1]))


@opener(
    "keyword_count_on_field",
    r"^自分の場の【(?P<kw>"
    + "|".join(RULE_KEYWORDS)
    + r")】を持つフォロワーが(?P<n>\d+)体以上なら、",
)
def _opens_keyword_count_on_field(m: re.Match[str]) -> Any:
    return HaveOnField(Targets(side="own", keyword=RULE_KEYWORDS[m["kw"]]), int(m["n"]))


@opener("attacking_follower", r"^(?:体力(?P<d>\d+)以下の)?フォロワーへの攻撃なら、")
def _opens_attacking_follower(m: re.Match[str]) -> Any:
    return AttackingFollower(int(m["d"]) if m["d"] else -1)


@opener(
    "ex_counters_at_least",
    r"^(?P<this>これか)?自分のEXエリアのカード1枚の(?P<c>[^、。「」『』【】]+?)カウンターが(?P<n>\d+)個以上なら、",
)
def _opens_ex_counters_at_least(m: re.Match[str]) -> Any:
    """A card in your EX area (or this card) has N or more counters of a name (CR 15.1)."""
    in_ex = CountersAtLeast(m["c"], int(m["n"]), ex=True)
    return AnyOf((CountersAtLeast(m["c"], int(m["n"])), in_ex)) if m["this"] else in_ex


@opener("discarded_is", r"^" + _FILTER + r"を捨てたなら、")
def _opens_discarded_is(m: re.Match[str]) -> Any:
    """The card this ability discarded (as a cost or by an effect) was of a kind."""
    return DiscardedIs(_filter(m))


@opener("cost_kinds", r"^自分の墓場にあるカードの元のコストの種類数が(\d+)種類以上なら、")
def _opens_cost_kinds(m: re.Match[str]) -> Any:
    return CostKinds(int(m[1]))


@opener("it_came_from", r"^それが墓場から場に出ていたなら、")
def _opens_it_came_from(m: re.Match[str]) -> Any:
    """The follower whose entering set the ability off came from the graveyard."""
    return CameFrom("grave", event=True)


@opener("hurt_times", r"^「このターン中に自分のリーダーの体力が減少した回数」が(\d+)回以上なら、")
def _opens_hurt_times(m: re.Match[str]) -> Any:
    return HurtTimes(int(m[1]))


@opener(
    "counters_on_this",
    r"^これに(?P<c>[^、。「」『』【】]+?)カウンターが置かれて(?P<neg>いない|いる)なら、",
)
def _opens_counters_on_this(m: re.Match[str]) -> Any:
    """This card has (or has no) counters of a name (CR 15.1)."""
    has = CountersAtLeast(m["c"], 1)
    return Not(has) if m["neg"] == "いない" else has


@opener("grave_count_alt", r"^自分の墓場の(?P<what>.+?)が(?P<n>\d+)枚以上なら、")
def _opens_grave_count_alt(m: re.Match[str]) -> Any:
    """N or more (trait) cards or spells in your graveyard: cards either phrase names."""
    try:
        what = either_of(m["what"])
    except Unsupported:
        return None
    return None if what is None else Count("grave", int(m["n"]), what)


@opener("placed_card_is", r"^EXエリアに置いたカードが" + _FILTER + r"なら、")
def _opens_placed_card_is(m: re.Match[str]) -> Any:
    """The card just put into the EX area ("it") is of a kind."""
    return PlacedInEx(_filter(m))
