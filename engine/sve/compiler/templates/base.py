"""The template registry and what every family shares: the compile context, the ``template``
decorator, ``match`` and the phrase pieces (numbers, keywords, card filters, selections).
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cards import CardRecord
from engine.sve.effects.selectors import CardFilter, Targets


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
    "スタック": "stack",
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
    scope: Mapping[str, int] | None = None
    """How many sentences after each condition belong to it, by the text after the condition
    (from the English, :mod:`engine.sve.compiler.scope`); ``None`` without the English."""
    effects: list[Any] = field(default_factory=list)
    event: str = ""
    """What the trigger's event card is (``enters``: the follower that entered your field;
    ``last_words``: this card, gone to the graveyard; ``left``: the follower that went from
    the field to the graveyard)."""
    ahead: tuple[str, ...] = ()
    """The sentences of the ability after the one being compiled."""
    reminders: tuple[str, ...] = ()
    """The reminder texts printed in the line (not rules text, but they may say what a card
    does beyond the comprehensive rules)."""

    def token(self, name: str) -> CardRecord:
        """The token record named ``name`` (``Unsupported`` when unknown); names are
        compared NFKC-folded, as card text is (``＝`` in a token's name, ``=`` in text)."""
        rec = self.tokens.get(name)
        if rec is None:
            folded = unicodedata.normalize("NFKC", name)
            rec = next(
                (r for n, r in self.tokens.items() if unicodedata.normalize("NFKC", n) == folded),
                None,
            )
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
    after: tuple[str, ...] = ()
    """Templates tried before this one: more particular phrasings its pattern also
    matches (the first template that matches a sentence builds it)."""


TEMPLATES: list[Template] = []
"""Every template in the order sentences are tried (see :func:`order_templates`)."""


def template(tid: str, regex: str, after: tuple[str, ...] = ()) -> Callable[[Builder], Builder]:
    """Register a builder for sentences matching ``regex`` (anchored at both ends), tried
    after the templates ``after`` names."""

    def deco(fn: Builder) -> Builder:
        if any(t.id == tid for t in TEMPLATES):
            raise ValueError(f"two templates named {tid}")
        TEMPLATES.append(Template(tid, re.compile(f"^(?:{regex})$"), fn, after))
        return fn

    return deco


OpenerBuilder = Callable[[re.Match[str]], Any]


@dataclass(frozen=True)
class Opener:
    """A condition that opens a sentence (``…なら、``, a class keyword marker): ``id``, its
    pattern over the sentence's start, and its builder."""

    id: str
    pattern: re.Pattern[str]
    build: OpenerBuilder
    rest_of_ability: bool = False
    """It governs the rest of the ability (a :class:`Gate`), not only its sentence."""


OPENERS: list[Opener] = []
"""Every condition opener in the order they are tried (the first that matches wins)."""


def opener(
    oid: str, regex: str, rest_of_ability: bool = False
) -> Callable[[OpenerBuilder], OpenerBuilder]:
    """Register a builder for a condition that opens a sentence matching ``regex`` (anchored
    at the start), tried after those registered before it."""

    def deco(fn: OpenerBuilder) -> OpenerBuilder:
        OPENERS.append(Opener(oid, re.compile(regex), fn, rest_of_ability))
        return fn

    return deco


def order_templates() -> None:
    """Put every template after those its ``after`` names, keeping the order of
    registration otherwise (families in the package's order, each in its module's)."""
    placed: set[str] = set()
    out: list[Template] = []
    pending = list(TEMPLATES)
    while pending:
        rest = [t for t in pending if not all(a in placed for a in t.after)]
        if len(rest) == len(pending):
            raise ValueError(f"templates wait for each other: {[t.id for t in rest]}")
        for t in pending:
            if t not in rest:
                out.append(t)
                placed.add(t.id)
        pending = rest
    TEMPLATES[:] = out


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


_TRAIT = r"(?:(?!フォロワー|カード|スペル|アミュレット|クレスト|トークン)[^・、。「」『』【】])+"
"""A trait's name: no separator, and no card type (``Aか B`` lists two kinds, not a trait)."""


_SUBJECT = (
    r"(?:攻撃力(?P<a1>\d+)以下の)?"
    r"(?:体力(?P<d1>\d+)以下の)?"
    r"(?:元のコスト(?P<c1>\d+)(?P<le1>以下)?の)?"
    r"(?P<side>相手|自分)の(?!墓場|手札|デッキ|EXエリア|エボルヴデッキ)(?P<field>場の)?(?P<other>他の)?"
    r"(?:元のコスト(?P<c2>\d+)(?P<le2>以下)?の)?"
    r"(?:【(?P<cls>[^】]+)】)?(?:(?P<trait>〈[^〉]+〉|(?!トークン・)" + _TRAIT + r")・)?"
    r"(?:(?P<trait2>(?!トークン・)" + _TRAIT + r")・)?(?P<tok>トークン・)?"
    r"(?P<kind>フォロワー|カード|アミュレット)"
)


def _two_traits(cls: str | None, trait: str | None, trait2: str | None) -> tuple[str, str]:
    """A selector's class and traits as (the first, the one it must also have): a class
    before a trait (``【ナイトメア】絶傑・``) or two traits (``絶傑・狩人・``) need both."""
    words = []
    if cls:
        if cls not in CLASS_WORDS:
            raise Unsupported(f"unknown class {cls}")
        words.append(CLASS_WORDS[cls])
    words.extend(w for w in (trait, trait2) if w)
    if len(words) > 2:
        raise Unsupported("three traits")
    first, second, *_ = [*words, "", ""]
    return first, second


def _targets(m: re.Match[str]) -> Targets:
    side = "enemy" if m["side"] == "相手" else "own"
    kind = m["kind"]
    trait, trait2 = _two_traits(m["cls"], m["trait"], m.groupdict().get("trait2"))
    cost = m["c1"] or m["c2"]
    le = m["le1"] or m["le2"]
    return Targets(
        side=side,
        followers=kind in ("フォロワー", "カード"),
        amulets=kind in ("アミュレット", "カード"),
        trait=trait,
        trait2=trait2,
        max_cost=int(cost) if cost and le else -1,
        exact_cost=int(cost) if cost and not le else -1,
        other=bool(m["other"]),
        max_defense=int(m["d1"]) if m["d1"] else -1,
        token=bool(m["tok"]),
        max_attack=int(m["a1"]) if m["a1"] else -1,
    )


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


_FILTER = (
    r"(?:(?:元の)?コスト(?P<cost>\d+)(?P<le>以下|以上)?の)?"
    r"(?:(?P<xself>「これと同名を除く(?:元のコスト(?P<xcost>\d+)(?P<xle>以下|以上)?の)?"
    r"(?:【(?P<xcls>[^】]+)】|(?P<xtrait>〈[^〉]+〉|[^・、。「」『』【】]+)・(?:(?P<xtrait2>[^・、。「」『』【】]+)・)?)?"
    r"(?P<xkind>フォロワー|カード)」)|"
    r"『(?P<name>[^』]+)』|「カード名に『(?P<contains>[^』]+)』を含む(?:【(?P<ccls>[^】]+)】)?"
    r"(?:(?P<ctrait>[^・、。「」『』【】]+)・)?(?P<ckind>フォロワー|カード)」"
    r"|(?:攻撃力(?P<fatk>\d+)以下の)?(?:【(?P<fkw>[^】]+)】を持つ)?"
    r"(?:【(?P<cls>[^】]+)】)?(?:(?P<trait>〈[^〉]+〉|" + _TRAIT + r")・)?"
    r"(?:(?P<trait2>" + _TRAIT + r")・)?(?P<ftok>トークン・)?"
    r"(?P<kind>フォロワー|カード|スペル|アミュレット|クレスト))"
)


_KINDS = {
    "フォロワー": "follower",
    "カード": "card",
    "スペル": "spell",
    "アミュレット": "amulet",
    "クレスト": "crest",
}
"""Card kinds by their printed word; a crest is the BP20 token kind ``token_crest`` that
stays in the EX area (its English: "crests in your EX area")."""


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
            with_traits=(m["xtrait2"],) if m["xtrait2"] else (),
            max_cost=int(cost) if cost and le == "以下" else -1,
            exact_cost=int(cost) if cost and not le else -1,
            min_cost=int(cost) if cost and le == "以上" else -1,
            not_name=ctx.name,
        )
    first, second = _two_traits(
        m["cls"] or m["ccls"], m["trait"] or m["ctrait"], m.groupdict().get("trait2")
    )
    traits = (first,) if first else ()
    cost = m["cost"]
    kind = m["kind"] or m["ckind"]
    printed = m.groupdict().get("fkw")
    if printed and printed not in RULE_KEYWORDS:
        raise Unsupported(f"keyword {printed} is not implemented")
    return CardFilter(
        with_traits=(second,) if second else (),
        keyword=RULE_KEYWORDS[printed] if printed else "",
        kind=_KINDS[kind] if kind else "card",
        traits=traits,
        max_cost=int(cost) if cost and m["le"] == "以下" else -1,
        exact_cost=int(cost) if cost and not m["le"] else -1,
        min_cost=int(cost) if cost and m["le"] == "以上" else -1,
        name=m["name"] or "",
        name_contains=m["contains"] or "",
        max_attack=int(m["fatk"]) if m["fatk"] else -1,
        token=bool(m["ftok"]),
    )


_FILTER_WHOLE = re.compile(r"^(?:" + _FILTER + r")$")


def filter_of(text: str, ctx: Context | None = None) -> CardFilter | None:
    """The filter a whole phrase names (``None`` when it is not one filter phrase)."""
    m = _FILTER_WHOLE.match(text)
    return None if m is None else _filter(m, ctx)


def filters_of(text: str, joiners: str, ctx: Context | None = None) -> list[CardFilter] | None:
    """The two filters a phrase joins by one of ``joiners`` (``か``, ``や``: either; ``と``:
    both), each side a whole filter phrase (a ``1枚`` after the first is dropped); every
    place the joiner stands is tried, so one inside a name does not split it."""
    for i, ch in enumerate(text):
        if ch not in joiners:
            continue
        first = filter_of(text[:i].removesuffix("1枚").removesuffix("1体"), ctx)
        second = filter_of(text[i + 1 :], ctx)
        if first is not None and second is not None:
            return [first, second]
    return None


def either_of(text: str, ctx: Context | None = None) -> CardFilter | None:
    """``AかB`` / ``AやB``: a filter that either phrase passes."""
    found = filters_of(text, "かや", ctx)
    if found is None:
        return None
    first, second = found
    return dataclasses.replace(second, also=(*second.also, first))


_COUNTED = (
    r"「(?P<side>自分|相手)の場の(?P<other>他の)?(?:『(?P<name>[^』]+)』|(?:【(?P<ckw>"
    + "|".join(RULE_KEYWORDS)
    + r")】を持つ)?(?:【(?P<ccls>[^】]+)】)?(?:(?P<trait>[^・、。「」『』【】]+)・)?"
    r"(?P<kind>フォロワー|カード|アミュレット))の(?:数|枚数)(?:の(?P<k>\d+)倍)?」"
)
"""``「自分の場の…の数」``: a count of field cards (by name, keyword, class, trait; optionally
doubled, ``の2倍``)."""


def _counted(m: re.Match[str]) -> Targets:
    kind = m["kind"] or "カード"
    trait, trait2 = _two_traits(m["ccls"], m["trait"], None)
    return Targets(
        side="own" if m["side"] == "自分" else "enemy",
        followers=kind in ("フォロワー", "カード"),
        amulets=kind in ("アミュレット", "カード"),
        trait=trait,
        trait2=trait2,
        name=m["name"] or "",
        other=bool(m["other"]),
        keyword=RULE_KEYWORDS[m["ckw"]] if m["ckw"] else "",
    )


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
