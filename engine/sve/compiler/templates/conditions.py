"""Conditions that open a sentence (CR 13 and plain "if")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.sve.compiler.templates.base import _FILTER, _KINDS, CLASS_WORDS, Unsupported, _filter
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
from engine.sve.effects.selectors import CardFilter, Targets

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
