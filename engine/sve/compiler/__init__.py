"""Compile Japanese card text into the effect language of :mod:`engine.sve.effects`.

Standard library only: the caller reads the card data (``decklab engine compile``) and hands
over the store's :class:`~engine.cards.CardRecord` values, with their ``text``. Each line of
a card's text is one ability (CR 10.1). A line
is *modelled* when its trigger or keyword is known and every sentence of it matched a
template of :mod:`engine.sve.compiler.templates` (or the card has a hand encoding); a card
is ``full`` when every line is modelled, ``partial`` when some are, ``none`` when none are.
A line that is not modelled is left out of the card's script: nothing is guessed.

The output (:func:`compile_pool`) is facts and our own encodings only, never the text.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cards import CardRecord, text_lines
from engine.sve.compiler import usability
from engine.sve.compiler.scope import UNDECIDED, scopes
from engine.sve.compiler.templates.base import (
    CLASS_WORDS,
    RULE_KEYWORDS,
    Context,
    Unsupported,
    keyword_ids,
    match,
)
from engine.sve.compiler.templates.conditions import Chained, condition, condition_or_chain
from engine.sve.compiler.templates.costs import (
    EX_TRIGGER,
    PLAYED_TRIGGER,
    STATIC_KEYWORD_LINES,
    cost,
    equipment_lines,
    filter_any,
    static,
)
from engine.sve.compiler.templates.search import (
    INSTEAD_COUNT,
    REST_BOTTOM,
    REST_GRAVE,
    REST_HAND,
    XCount,
)
from engine.sve.compiler.templates.tokens import INSTEAD_TOKEN
from engine.sve.compiler.text import ability_lines, line_reminders, sentences, union_burst_lines
from engine.sve.effects.conditions import (
    AllOf,
    AnyOf,
    Count,
    CountersAtLeast,
    EventIs,
    HaveOnField,
    MyTurn,
    Not,
)
from engine.sve.effects.core import Ability, Trigger
from engine.sve.effects.costs import PayCost
from engine.sve.effects.damage import Banish, Damage, Destroy, HealLeader, SplitDamage
from engine.sve.effects.deck import Arrange, Draw
from engine.sve.effects.evolve import EvolveCostIf
from engine.sve.effects.flow import Gate, If, Modal, Repeat, Scaled
from engine.sve.effects.registry import to_data
from engine.sve.effects.search import LookTop, LookTopPicks
from engine.sve.effects.selectors import CardFilter, Select
from engine.sve.effects.stats import STACK, STACK_HOLDERS, Buff, Engage, Grant, MoveCounters
from engine.sve.effects.tokens import Summon
from engine.sve.effects.zones import SelfExToField, SelfToEx, SelfToField

FORMAT = 1
"""Version of the library JSON layout."""


@dataclass
class Compiled:
    """What the compiler made of one card."""

    card_id: str
    status: str
    """``full``, ``partial`` or ``none``."""
    abilities: list[Ability] = field(default_factory=list)
    keywords: tuple[str, ...] = ()
    evolve_cost: int | None = None
    evolve_if: Any = None
    """The condition of the evolve ability (``この能力は…なら使える``), if any."""
    evolve_discard: int = 0
    """Cards the evolve ability discards as its cost (``【進化】手札1枚を捨てる``)."""
    lines: int = 0
    modelled: int = 0
    templates: list[str] = field(default_factory=list)
    """Ids of the templates (and conditions, triggers) used, in order."""
    quick_ability: bool = False
    """The text marks an activated ability Quick (``【Q】``, CR 12.3.3), modelled or not."""
    unkept: list[str] = field(default_factory=list)
    """Kinds of usability clauses whose line was left out for lacking their counterpart."""
    failures: list[tuple[str, str]] = field(default_factory=list)
    """Each line left out, with why (for finding what to model next)."""


_MARKERS = {
    "ファンファーレ": Trigger.FANFARE,
    "ラストワード": Trigger.LAST_WORDS,
    "進化時": Trigger.ON_EVOLVE,
    "超進化時": Trigger.ON_SUPER_EVOLVE,
    "攻撃時": Trigger.STRIKE,
}
_MARKER_RUN = re.compile(
    r"^((?:【(?:ファンファーレ|ラストワード|進化時|超進化時|攻撃時)】/?)+)(.*)$"
)
"""A run of trigger icons (``【ファンファーレ】/【ラストワード】``: either one, the slash as
SVEN prints it) and the body they open."""
_ALLY = re.compile(
    r"^自分の場に(?:他の)?(?:(?:元のコスト(?P<acost>\d+)の)?(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?"
    r"(?P<kind>フォロワー|トークン)(?:・フォロワー)?(?:か(?P<trait2>[^・、。「」『』【】]+)・フォロワー)?"
    r"|『(?P<name>[^』]+)』"
    r"|「カード名に『(?P<c1>[^』]+)』(?:か『(?P<c2>[^』]+)』)?を含む(?:【(?P<ccls>[^】]+)】)?フォロワー」"
    r"|「これと同名を除く(?P<xtrait>[^・、。「」『』【】]+)・フォロワー」"
    r"|【(?P<cls>[^】]+)】(?P<tok>トークン・)?フォロワー)"
    r"が出たとき、"
)
_ALLY_LEAVES = re.compile(
    r"^(?:元のコスト(?P<cost>\d+)の)?自分の(?P<other>他の)?(?:『(?P<name>[^』]+)』|"
    r"(?:(?!トークン・)(?P<trait>[^・、。「」『』【】]+)・)?(?P<tok>トークン・)?"
    r"(?P<kind>フォロワー|カード|アミュレット))が場を離れたとき、"
)
_ALLY_EVOLVES = re.compile(
    r"^自分の場の(?:元のコスト(?P<cost>\d+)(?P<le>以下)?の)?"
    r"(?:(?P<trait>[^・、。「」『』【】]+)・)?フォロワーが進化したとき、"
)
"""``自分の場の(元のコストN以下の)(trait・)フォロワーが進化したとき、`` (CR 10.7.1)."""
_ENEMY_DIES = re.compile(r"^相手の(?:場の)?フォロワーが場から墓場に置かれたとき、")
_DISCARDED_BY = re.compile(
    r"^自分の(?P<trait>[^・、。「」『』【】]+)・カードの能力によってこれを自分の手札から捨てたとき、"
)
"""The trigger "when an ability of your (trait) card discards this from your hand": discarded
by an ability of a card of yours with that trait (CR 5.12, 10.7.1)."""
_ALLY_DIES = re.compile(
    r"^自分の(?:(?P<trait>[^・、。「」『』【】]+)・)?フォロワーが場から墓場に置かれたとき、"
)
"""The trigger "when a (trait) follower of yours is put from the field into the graveyard":
one of yours leaves the field into the graveyard (CR 10.7.4; banished or returned ones do
not count)."""
"""The same trigger for an enemy follower (CR 10.7.1)."""
_IN_GRAVE = "自分の墓場のこれ"
"""An ability whose text works on this card in the graveyard works from there."""
_ALLY_CARD = re.compile(
    r"^自分の場に(?P<other>他の)?(?:(?P<trait>[^・、。「」『』【】]+)・)?(?P<kind>カード|アミュレット)"
    r"が出たとき、"
)
_ALLY_ATTACKS = re.compile(
    r"^自分の場の(?:攻撃力(?P<atk>\d+)以上の)?(?:(?P<trait>〈[^〉]+〉|[^・、。「」『』【】]+)・)?フォロワーが攻撃したとき、"
)
_BODY_TRIGGERS = (
    ("自分のエンドフェイズが来たとき、これがEXエリアにあるなら、", Trigger.EX_END_PHASE),
    ("自分のメインフェイズが来たとき、", Trigger.MAIN_PHASE),
    ("自分のエンドフェイズが来たとき、", Trigger.END_PHASE),
    ("相手のエンドフェイズが来たとき、", Trigger.OPPONENT_END_PHASE),
    ("相手のメインフェイズが来たとき、", Trigger.OPPONENT_MAIN_PHASE),
    ("自分の場に他のフォロワーが出たとき、", Trigger.ALLY_ENTERS),
    ("これを自分の手札から捨てたとき、", Trigger.DISCARDED),
    ("これが場を離れたとき、", Trigger.LEAVES),
    ("自分のアミュレットが場を離れたとき、", Trigger.AMULET_LEAVES),
    ("自分の場の他のフォロワーの能力が発動したとき、", Trigger.ABILITY_USED),
    ("これを装備したとき、", Trigger.ON_EQUIP),
    ("自分の場のフォロワーが進化したとき、", Trigger.ALLY_EVOLVES),
    ("EXエリアにこれが置かれたとき、", Trigger.TO_EX),
    ("これがアクトしたとき、", Trigger.ON_ENGAGE),
    ("これの【攻撃力】か【体力】を+したとき、", Trigger.BUFFED),
    ("自分のリーダーの体力が減少したとき、", Trigger.LEADER_HURT),
    ("自分のリーダーの【体力】を+したとき、", Trigger.LEADER_HEALED),
    ("これが相手の場のフォロワー1体以上に能力ダメージを与えたとき、", Trigger.DEALT_ABILITY_DAMAGE),
    ("相手のデッキ1枚が墓場に置かれたとき、", Trigger.OPPONENT_MILLED),
    ("自分が手札1枚を捨てたとき、", Trigger.YOU_DISCARD),
    ("自分が手札を捨てたとき、", Trigger.YOU_DISCARD),
    ("自分がサイコロをふったとき、", Trigger.DIE_ROLLED),
    ("これが能力ダメージを受けたとき、", Trigger.TOOK_ABILITY_DAMAGE),
    ("これの【体力】を+したとき、", Trigger.DEFENSE_RAISED),
    ("これが交戦ダメージを与えたとき、", Trigger.DEALT_COMBAT_DAMAGE),
)
_IT = "それ"
"""A sentence about "it" (the card chosen before)."""
_ANY_DISCARD = "いずれかのプレイヤーが自身の手札1枚を捨てたとき、"
_KEYWORD_LINE = re.compile(r"^(?:【[^】]+】)+$")
_EVOLVE = re.compile(r"^【進化】【コスト(\d+)】[：:]これは進化する。(.*)$")
_EVOLVE_DISCARD = re.compile(r"^【進化】手札(\d)枚を捨てる[：:]これは進化する。$")
_ACT = re.compile(
    r"^(?:【Q】)?【起動】(【Q】)?(?:【コスト(\d+)】)?(これを【アクト】)?"
    r"(?:これを(?=(?:墓場に置く|消滅)[：:]))?(墓場に置く|消滅)?"
    r"((?:[^：:【]|【[^Q】][^】]*】)*)[：:](.*)$"
)
_LESSON_FIRST = re.compile(
    r"^((?:【Q】)?【起動】(?:【Q】)?(?:【コスト\d+】)?)(【レッスン_\d+】)(これを【アクト】)"
)
CARD_ICONS = {"【クイック】": "quick"}
"""Keyword icons printed for the whole card on a line of their own (CR 12.3.2.1: a Quick
card can be played in a Quick window). The Japanese dump lost them and SVEN's text keeps
them; they are the card's keywords, not ability lines, so they leave the line count alone."""
UNION_BURST_MARK = "【ユニオンバースト】"
"""The Union Burst label before an ability (CR 14.5.1.1), as SVEN's text prints it."""
_QUICK_MARK = "【Q】"
"""The marker of a Quick activated ability (CR 12.3.3.1); the card-level icon is not text."""
PRINCESS_CONNECT = "プリコネ"
"""The trait of Princess Connect cards (the title whose cards have Union Burst)."""
_BURST_TYPES = ("follower", "evolved_follower")
"""CR 14.5.1: Union Burst abilities are followers'; on a Princess Connect spell the hyphen
line only sets apart an ability that works from the hand."""
_HERE_OR_EX = re.compile(r"^これが場かEXエリアにある限り、(.+)$")
_FROM_HAND = "手札のこれ"
_FROM_GRAVE = "墓場のこれ"
_FROM_EX = "EXエリアのこれを墓場に置く"
_HAND_TO_EX = "をEXエリアに置く"
_AND_HAND_TO_EX = "し、手札のこれをEXエリアに置く"
_ACT_IF = re.compile(r"この能力は(.+?)なら(、1ターンに1回)?使える。")
_ADVANCE = "【アドバンス起動】"
"""CR 12.16: an Advance activated ability (an activated ability paid partly with EP)."""
_ADVANCE_SELF_COST = re.compile(r"^(【コスト\d+】)これを(消滅|墓場に置く)[：:]")
_EITHER_COND = re.compile(r"か(?=自分の)")
_ONCE_AUTO = "この能力は1ターンに1回働く。"
_TIMES_AUTO = re.compile(r"この能力は1ターンに([2-9])回働く。")
"""An auto ability that works at most N times per turn (N > 1; once is ``_ONCE_AUTO``)."""
_MY_TURN = "自分のターン中、"
_GIVES_WHILE = re.compile(
    r"^(?P<cond>[^、「」]+)限り、これは(?P<kw>(?:【[^】]+】)*)と?「(?P<inner>.+)」を持つ。$"
)
_OWN_TURNS = re.compile(r"^自分のターンごとに(\d+)回、")
_TIMES_ACT = re.compile(r"この能力は1ターンに(\d)回使える。")
_THEN = "その後、"
_REPEAT = re.compile(r"下記を(\d+)回くり返す。")
_MORE = re.compile(r"^代わりに(\d)つまで。$")
_TIMES = re.compile(r"^(自分のターン中、)?ターンごとに(\d)回、")
_ONCE = "この能力は1ターンに1回使える。"
_MODAL = "下記から1つチョイスする。"
_MODAL_UP_TO = re.compile(r"下記から(\d)つまでチョイスする。")
_ALWAYS_MORE = "常に、代わりに{}つまで。"
"""How "up to N" is rewritten: an always-true condition opener and the "instead" clause."""
_OPTION = re.compile(r"【(\d)】")
_ONCE_EACH = "このターン、この能力でチョイスした選択肢はチョイスできない。"


class _Fail(Exception):
    """A line could not be modelled."""


_LOOK_PARTS = frozenset(
    (
        "look_take",
        "look_take_either",
        "look_take_alt",
        "look_take_total",
        "look_take_each",
        "look_take_forced",
        "look_take_any_number",
        "look_rest_bottom",
        "look_rest_grave",
        "look_rest_hand",
        "look_mill_it",
    )
)
"""Sentences that continue a look at the deck (taking from it, placing the rest)."""


def _body(body: str, ctx: Context, used: list[str]) -> list[Any]:
    """Effects of an ability body (raises :class:`_Fail` unless every sentence matched)."""
    up_to = _MODAL_UP_TO.search(body)
    if up_to:  # "下記からNつまでチョイスする。": up to N different options (CR 5.18)
        body = body.replace(up_to[0], _MODAL + _ALWAYS_MORE.format(up_to[1]))
    if _MODAL in body:
        head, _, tail = body.partition(_MODAL)
        once_each = tail.startswith(_ONCE_EACH)
        if once_each:  # an option it chose this turn cannot be chosen again this turn
            tail = tail[len(_ONCE_EACH) :]
            used.append("choose_once_each")
        parts = _OPTION.split(tail)
        more_if, more = None, 1
        if parts[0].strip():  # "…なら、代わりに2つまで。" (CR 5.18)
            more_cond, _whole, more_text, more_id = condition(parts[0].strip())
            more_m = _MORE.match(more_text)
            if more_cond is None or more_m is None:
                raise _Fail("modal with extra text")
            more_if, more = more_cond, int(more_m[1])
            used.extend((f"if_{more_id}", "choose_more" if more_id != "always" else "choose_up_to"))
        if len(parts) < 5:
            raise _Fail("modal with fewer than two options")
        lead = condition(head)
        rite = _EARTH_RITE.fullmatch(head)
        if head and lead[0] is not None and not lead[1] and not lead[2]:  # "Xなら、下記から…"
            used.append(f"if_{lead[3]}")
            head, gate = "", lead[0]
        else:
            gate = None
        if rite:  # "【土の秘術】下記から…": the choice happens only if the Earth Rite was paid
            head = ""
        elif _EARTH_RITE.search(head):
            raise _Fail("an Earth Rite inside the text before a choice")
        effects = _body(head, ctx, used) if head else []
        options = []
        for text in parts[2::2]:
            sub = Context(
                ctx.card_id,
                ctx.tokens,
                ctx.name,
                ctx.it,
                ctx.it_side,
                equipment=ctx.equipment,
                unmodelled=ctx.unmodelled,
                scope=ctx.scope,
                event=ctx.event,
            )
            head, sep, rest = text.partition("：")
            paid = cost(head, ctx.name) if sep else None
            if paid is not None:  # "【1】(cost)：(effects)": chosen only if it can be paid
                used.append("option_cost")
                paid = dataclasses.replace(paid, optional=False)
                options.append((paid, *_body(rest, sub, used)))
                continue
            options.append(tuple(_body(text, sub, used)))
        used.append("choose_one")
        modal: Any = Modal(tuple(options), more_if, more, once_each)
        if rite:
            modal = PayCost((modal,), take_from=STACK_HOLDERS, take=STACK, take_n=int(rite[1] or 1))
            used.append("earth_rite")
        return [*effects, If(gate, (modal,)) if gate is not None else modal]
    out: list[Any] = []
    open_if = -1  # an "if ..., choose ..." whose "it" the next sentences may use
    gated = False  # a look at the deck under a condition: the rest of the ability is the look's
    scope_if, reach = -1, 0  # the last "if" and how many sentences after it it governs
    opened = False  # an "if" opened a look or a graveyard choice: it governs what finishes it
    last_cond: Any = None  # the last condition, for one naming only a new number
    last_cid = ""
    said = sentences(body)
    for at, sentence in enumerate(said):
        repeat = _REPEAT.fullmatch(sentence)
        if repeat:  # "下記をN回くり返す。": the rest of the ability, N times in a row
            again = _body("".join(said[at + 1 :]), ctx, used)
            if not again:
                raise _Fail("nothing to repeat")
            out.append(Repeat(int(repeat[1]), tuple(again)))
            used.append("repeat")
            break
        sentence = sentence.removeprefix(_THEN)  # "その後、": the order is the card's anyway
        rite = _EARTH_RITE.match(sentence)
        if rite:  # the rest of the ability happens only if the Earth Rite was paid (at start)
            if reach > 0 or gated or opened:
                raise _Fail("an Earth Rite under a condition before it")
            then = _body(sentence[rite.end() :] + "".join(said[at + 1 :]), ctx, used)
            n = int(rite[1] or 1)
            out.append(PayCost(tuple(then), take_from=STACK_HOLDERS, take=STACK, take_n=n))
            used.append("earth_rite")
            break
        cond, whole, rest, cid = condition_or_chain(sentence)
        if isinstance(cond, Chained):  # "10個以上なら、": the condition before, another number
            cond, cid = _chain(cond, last_cond), last_cid
            used.append("if_chain")
        if cond is not None:
            last_cond, last_cid = cond, cid
        chained = open_if >= 0 and cond is None and sentence.startswith(_IT)
        if not chained:
            open_if = -1
        governed = cond is None and reach > 0  # part of the "if" before it (see scope.py)
        reach = reach - 1 if cond is None and reach > 0 else 0
        if gated or opened or chained or governed:
            used.append(UNDER_IF)  # a sentence the condition before it governs
        if cid == "did_it" and not ctx.did:
            raise _Fail("'if you did' after nothing the player could decline")
        if cid == "revealed" and not any(isinstance(e, (LookTop, LookTopPicks)) for e in out):
            raise _Fail("'if you revealed' without a look at the deck before it")
        if cid:
            used.append(f"if_{cid}")
        if not rest:
            if cond is None or not whole:
                raise _Fail("empty sentence")
            out.append(Gate(cond))
            continue
        ctx.ahead = tuple(said[at + 1 :])
        try:
            found = match(rest, ctx)
        except Unsupported as err:
            raise _Fail(str(err)) from err
        if found is None:
            raise _Fail(f"no template: {rest}")
        tid, effects = found
        used.append(tid)
        if governed and (
            tid in ("instead_damage", "instead_buff")
            or (
                effects
                and effects[0] in (REST_BOTTOM, REST_GRAVE, REST_HAND, INSTEAD_COUNT, INSTEAD_TOKEN)
            )
            or (effects and isinstance(effects[0], XCount))
        ):
            raise _Fail("a sentence under an 'if' that changes an effect before it")
        if gated and tid not in _LOOK_PARTS and cid != "revealed":
            raise _Fail("a conditional look at the deck followed by more")
        if tid in ("look_top", "shuffle_look_top") and cond is not None and not whole:
            out.append(Gate(cond))  # "…なら、デッキの上N枚を見る": the look and what it takes
            out.extend(effects)
            gated = True
            used.append("look_condition")
            continue
        if effects and effects[0] in (REST_BOTTOM, REST_GRAVE, REST_HAND):  # the looked-at rest
            looks = [
                i for i, e in enumerate(out) if isinstance(e, (LookTop, LookTopPicks, Arrange))
            ]
            if not looks or cond is not None:
                raise _Fail("'the rest' without a look at the deck")
            if isinstance(out[looks[-1]], Arrange):  # it puts the rest at the bottom itself
                if effects[0] != REST_BOTTOM:
                    raise _Fail("an arranged look whose rest does not go to the bottom")
                continue
            rest = {REST_BOTTOM: "bottom", REST_GRAVE: "grave", REST_HAND: "hand"}[effects[0]]
            out[looks[-1]] = dataclasses.replace(out[looks[-1]], rest=rest)
            continue
        if effects and isinstance(effects[0], XCount):  # "Xは「…の数」である"
            unit = out[-1] if out else None
            if isinstance(unit, Buff) and unit.per_died and unit.to == "self":
                unit = dataclasses.replace(unit, atk=1, dfn=1, per_died=False)
            elif isinstance(unit, Buff) and (unit.atk, unit.dfn) == (1, 0) and not unit.what:
                pass  # "+X attack"
            elif not isinstance(unit, (Draw, HealLeader, Damage)) or unit.n != 1:
                raise _Fail("X defined for an effect that does not use it")
            if cond is not None:
                raise _Fail("a condition on the definition of X")
            x = effects[0]
            out[-1] = Scaled(unit, x.per, x.k, x.count, x.what)
            continue
        if effects and effects[0] in (
            INSTEAD_COUNT,
            INSTEAD_TOKEN,
        ):  # "代わりにN体" / "代わりに『B』"
            last = out[-1] if out else None
            if cond is None or not isinstance(last, Summon) or last.zone != "field":
                raise _Fail("'instead' without a condition or tokens just summoned")
            out[-1] = If(Not(cond), (last,))
            if effects[0] == INSTEAD_COUNT:
                out.append(If(cond, (dataclasses.replace(last, n=effects[1]),)))
            else:  # other tokens, "it" as the ones they replace would have been
                out.append(If(cond, (dataclasses.replace(effects[1], it=last.it),)))
            scope_if, reach = len(out) - 1, _reach(ctx, rest)
            continue
        if tid == "instead_damage" and out and isinstance(out[-1], SplitDamage):
            if cond is None:  # "代わりにNダメージ" after damage divided among them
                raise _Fail("'instead' without a condition")
            old_split = out[-1]
            out[-1] = If(Not(cond), (old_split,))
            out.append(If(cond, (SplitDamage(effects[0].n),)))
            scope_if, reach = len(out) - 1, _reach(ctx, rest)
            continue
        if tid == "instead_damage":  # "代わりにNダメージ": replaces the damage before it
            before = [i for i, e in enumerate(out) if isinstance(e, Damage)]
            if cond is None or not before:
                raise _Fail("'instead' without a condition or a damage to replace")
            old = out[before[-1]]
            out[before[-1]] = If(Not(cond), (old,))
            out.append(If(cond, (Damage(effects[0].n, old.to),)))
            scope_if, reach = len(out) - 1, _reach(ctx, rest)
            continue
        if tid == "instead_buff":  # "代わりに【攻撃力】+N": replaces the +N before it
            before = [i for i, e in enumerate(out) if isinstance(e, Buff)]
            if cond is None or not before or out[before[-1]].what is not None:
                raise _Fail("'instead' without a condition or a stat change to replace")
            old_buff = out[before[-1]]
            new = dataclasses.replace(old_buff, atk=effects[0].atk, dfn=effects[0].dfn)
            out[before[-1]] = If(Not(cond), (old_buff,))
            out.append(If(cond, (new,)))
            scope_if, reach = len(out) - 1, _reach(ctx, rest)
            continue
        if cond is not None and not whole and not effects:
            # "if X, look at the top N." (or choose in the graveyard): the sentences that
            # finish it depend on it, so they are conditional too.
            if not (ctx.look or ctx.grave):
                raise _Fail("a condition on a sentence with no effect")
            used.append("if_opens_rest")
            opened = True
            out.append(Gate(cond))
            continue
        if chained:  # "それに…": part of the conditional choice before it
            last = out[open_if]
            out[open_if] = If(last.condition, (*last.effects, *effects))
        elif governed:  # "Xなら、A。B。" where the English puts B under the "if" too
            last = out[scope_if]
            out[scope_if] = If(last.condition, (*last.effects, *effects))
        elif cond is None:
            out.extend(effects)
        elif whole:
            out.append(Gate(cond))
            out.extend(effects)
        else:
            out.append(If(cond, tuple(effects)))
            if any(isinstance(e, Select) for e in effects):
                open_if = len(out) - 1
        if cond is not None and not whole and isinstance(out[-1], If):
            scope_if, reach = len(out) - 1, _reach(ctx, rest)
    if ctx.look or ctx.grave or ctx.pending:
        raise _Fail("a look at the deck, a graveyard choice or a token count left unfinished")
    return out


def _chain(chained: Chained, before: Any) -> Any:
    """The count before it (N or more of something) with the chained number: ``…5枚以上なら、
    A。10枚以上なら、B。`` reads "if at least 10, B" (``N枚なら``: exactly N)."""
    if isinstance(before, Count) and not before.most:
        return dataclasses.replace(before, n=chained.n, exact=chained.exact)
    if isinstance(before, (HaveOnField, CountersAtLeast)) and not chained.exact:
        return dataclasses.replace(before, n=chained.n)
    raise _Fail("a number alone as a condition, with no count of N or more before it")


def _reach(ctx: Context, rest: str) -> int:
    """How many sentences after the condition whose sentence goes on with ``rest`` belong to
    it (:mod:`engine.sve.compiler.scope`)."""
    n = 0 if ctx.scope is None else ctx.scope.get(rest, 0)
    if n == UNDECIDED:
        raise _Fail("the English text does not say how far the condition reaches")
    return n


_STACK_MOVE = Ability(
    Trigger.ACTIVATED,
    (Select(dataclasses.replace(STACK_HOLDERS, other=True)), MoveCounters(STACK)),
    engage_cost=True,
)
"""CR 13.3.2.2: Stack's activated ability: engage this to move all its stack counters onto
another Stack amulet of yours."""

_EARTH_RITE = re.compile(r"【土の秘術(?:_(\d+))?】")
"""CR 13.3.3.2: ``【土の秘術 N】(text)``: as it is played you may remove N stack counters
from one of your Stack amulets as an additional cost; the text happens only if you did
(``【土の秘術】`` is N = 1, 13.3.3.2.1)."""


UNDER_IF = "under_if"
"""Recorded (among the templates a line used) for each sentence an "if" before it governs:
a sentence going on with what the condition chose, one finishing a conditional look, or
one the English puts under the condition (:mod:`engine.sve.compiler.scope`)."""

_SELF_MOVES = (Destroy, Banish, Engage)
"""Moves of "this" that do nothing to a resolving spell (returning it to the hand or putting
it into the EX area works)."""


def _moves_self(effects: Iterable[Any]) -> bool:
    """Whether an effect (or one nested in a choice or condition) moves "this" card: a
    field move, which does nothing to a resolving spell."""
    for e in effects:
        if isinstance(e, _SELF_MOVES) and e.to == "self":
            return True
        if isinstance(e, If) and _moves_self(e.effects):
            return True
        if isinstance(e, Modal) and any(_moves_self(o) for o in e.options):
            return True
        if isinstance(e, PayCost) and _moves_self(e.effects):
            return True
    return False


def _effects(body: str, ctx: Context, used: list[str]) -> list[Any]:
    """Effects of a triggered ability's body, an optional cost first (CR 10.4.7)."""
    head, sep, rest = body.partition("：")
    paid = cost(head, ctx.name) if sep else None
    if paid is None:
        return _body(body, ctx, used)
    used.append("optional_cost")
    return [dataclasses.replace(paid, effects=tuple(_body(rest, ctx, used)))]


def _line(line: str, card: CardRecord, ctx: Context, used: list[str], out: Compiled) -> None:
    """Model one ability line into ``out`` (raises :class:`_Fail` when it cannot)."""
    if _KEYWORD_LINE.match(line):
        names = re.findall(r"【([^】]+)】", line)
        if all(n in RULE_KEYWORDS for n in names):
            out.keywords += tuple(RULE_KEYWORDS[n] for n in names)
            used.append("keywords")
            if "stack" in out.keywords and not card.card_type.endswith("amulet"):
                raise _Fail("Stack on a card that is not an amulet (CR 13.3.2.1)")
            if "スタック" in names:  # CR 13.3.2.2: its third ability, an activated one
                out.abilities.append(_STACK_MOVE)
                used.append("stack")
            return
        raise _Fail("keyword the engine does not implement")
    m = _EVOLVE.match(line)
    if m and m[2] and out.evolve_cost is not None and out.evolve_if is None:
        # A second evolve ability, usable under a condition: the cheaper one applies then.
        found_if = _ACT_IF.fullmatch(m[2])
        if found_if is None or found_if[2]:
            raise _Fail("evolve ability with a condition")
        cond, _whole, left, cid = condition(found_if[1] + "なら、")
        if cond is None or left:
            raise _Fail("evolve ability with a condition the engine does not check")
        out.abilities.append(Ability(Trigger.STATIC, (EvolveCostIf(int(m[1]), cond),)))
        used.extend((f"if_{cid}", "evolve_cost_if"))
        return
    if m:
        if out.evolve_discard:  # two evolve abilities of different costs: one is kept
            raise _Fail("a second evolve ability the engine cannot hold")
        out.evolve_cost = int(m[1])
        used.append("evolve_cost")
        if m[2]:
            found_if = _ACT_IF.fullmatch(m[2])
            if found_if is None or found_if[2]:
                raise _Fail("evolve ability with a condition")
            cond, _whole, left, cid = condition(found_if[1] + "なら、")
            if cond is None or left:
                raise _Fail("evolve ability with a condition the engine does not check")
            out.evolve_if = cond
            used.extend((f"if_{cid}", "evolve_condition"))
        return
    m = _EVOLVE_DISCARD.match(line)
    if m:  # CR 12.2: the evolve ability's cost is a discard, no PP
        if out.evolve_cost is not None:  # two evolve abilities of different costs
            raise _Fail("a second evolve ability the engine cannot hold")
        out.evolve_cost, out.evolve_discard = 0, int(m[1])
        used.append("evolve_discard")
        return
    sentences = [f"{part}。" for part in line.split("。") if part]
    if sentences and all(s in STATIC_KEYWORD_LINES for s in sentences):
        out.keywords += tuple(STATIC_KEYWORD_LINES[s] for s in sentences)
        used.append("static_keyword")
        return
    here_or_ex = _HERE_OR_EX.match(line)
    if here_or_ex:  # "while this is on the field or in the EX area": a grant from either
        try:
            ex_grant = static("これが場にいる限り、" + here_or_ex[1], ctx.equipment)
        except Unsupported as err:
            raise _Fail(str(err)) from err
        if ex_grant is None or not isinstance(ex_grant[2], Grant) or ex_grant[2].what is None:
            raise _Fail("a continuous ability from the EX area the engine does not apply")
        tid, cond, effect = ex_grant
        out.abilities.append(Ability(Trigger.STATIC, (effect,), cond, from_ex=True))
        used.extend((*tid.split("|"), "while_here_or_ex"))
        return
    try:
        grant = static(line, ctx.equipment)
    except Unsupported as err:
        raise _Fail(str(err)) from err
    if grant is not None:
        tid, cond, effect = grant
        out.abilities.append(Ability(Trigger.STATIC, (effect,), cond))
        used.extend(tid.split("|"))
        return
    gives = _GIVES_WHILE.match(line)
    if gives:  # "(condition)限り、これは…と「(ability)」を持つ": both only while it holds
        cond, _whole, rest, cid = condition(gives["cond"].removesuffix("である") + "なら、")
        if cond is None or rest:
            raise _Fail("a condition the engine does not check")
        inner = Compiled(out.card_id, "full")
        inner_text = gives["inner"] if gives["inner"].endswith("。") else gives["inner"] + "。"
        inner_ctx = Context(ctx.card_id, ctx.tokens, name=ctx.name, scope=ctx.scope)
        _line(inner_text, card, inner_ctx, used, inner)
        if not inner.abilities or any(
            a.condition is not None or a.trigger in (Trigger.ACTIVATED, Trigger.STATIC)
            for a in inner.abilities
        ):
            raise _Fail("a given ability the engine cannot attach to a condition")
        if inner.keywords:
            raise _Fail("a given keyword line")
        if gives["kw"]:
            try:
                kws = keyword_ids(gives["kw"])
            except Unsupported as err:
                raise _Fail(str(err)) from err
            out.abilities.append(Ability(Trigger.STATIC, (Grant(kws),), cond))
        out.abilities.extend(dataclasses.replace(a, condition=cond) for a in inner.abilities)
        used.extend((f"if_{cid}", "gives_while"))
        return
    advance = line.startswith(_ADVANCE)
    if advance:  # "【コストN】これを消滅：": the printed cost of this card banishing itself
        line = "【起動】" + _ADVANCE_SELF_COST.sub(r"\1\2：", line[len(_ADVANCE) :])
        used.append("advance_act")
    # CR 14.3.2.1: a Lesson printed before "engage this" is paid like the other costs
    line = _LESSON_FIRST.sub(r"\1\3\2", line)
    m = _ACT.match(line)
    if m:
        body = m[6]
        once = _ONCE in body
        body = body.replace(_ONCE, "")
        times = _TIMES_ACT.search(body)
        act_times = 0
        if times:
            act_times = int(times[1])
            body = body.replace(times[0], "")
            used.append("times_per_turn")
        act_if = None
        found_if = _ACT_IF.search(body)
        if found_if:  # CR 10.6.2.1.2: the ability may be played only while this holds
            either = "あり、" not in found_if[1] and bool(_EITHER_COND.search(found_if[1]))
            parts = (_EITHER_COND if either else re.compile("あり、")).split(found_if[1])
            found = [condition(part + "なら、") for part in parts]
            if any(c is None or left for c, _w, left, _i in found):
                raise _Fail("an activation condition the engine does not check")
            conds = tuple(c[0] for c in found)
            act_if = conds[0] if len(found) == 1 else AnyOf(conds) if either else AllOf(conds)
            once = once or bool(found_if[2])
            body = body.replace(found_if[0], "")
            used.extend(f"if_{c[3]}" for c in found)
            used.append(
                "act_condition"
                if len(found) == 1
                else "act_condition_any"
                if either
                else "act_condition_all"
            )
        effects = _body(body, ctx, used)
        extra_text = m[5]
        from_ex = extra_text == _FROM_EX
        if from_ex:  # "EXエリアのこれを墓場に置く": played from the EX area
            if m[3] or m[4]:
                raise _Fail("an EX-area ability with a field cost")
            extra_text = ""
            used.append("act_from_ex")
        from_grave = extra_text.startswith(_FROM_GRAVE)
        if from_grave:  # "墓場のこれと…を消滅": played from the graveyard, this card banished
            if m[3] or m[4]:
                raise _Fail("a graveyard ability with a field cost")
            extra_text = extra_text[len(_FROM_GRAVE) :]
            extra_text = "" if extra_text == "を消滅" else "墓場の" + extra_text[1:]
            used.append("act_from_grave")
        grave_self = any(isinstance(e, (SelfToField, SelfToEx)) for e in effects)
        if grave_self and (from_grave or m[3] or m[4]):
            raise _Fail("a graveyard ability with another zone's cost")
        ex_self = any(isinstance(e, SelfExToField) for e in effects)
        if ex_self and (from_ex or from_grave or m[3] or m[4]):
            raise _Fail("an EX-area ability with another zone's cost")
        hand_to_ex = False
        if extra_text.endswith(_AND_HAND_TO_EX):  # "(cost)し、手札のこれをEXエリアに置く"
            extra_text = _FROM_HAND + _HAND_TO_EX + "|" + extra_text[: -len(_AND_HAND_TO_EX)]
        from_hand = extra_text.startswith(_FROM_HAND)
        if from_hand:  # "手札のこれと…を捨てる": played from the hand, this card discarded
            if m[3] or m[4] or ex_self:
                raise _Fail("a hand ability with a field cost")
            extra_text = extra_text[len(_FROM_HAND) :]
            head, _bar, other_cost = extra_text.partition("|")
            hand_to_ex = head == _HAND_TO_EX  # or put into the EX area instead
            if hand_to_ex:
                extra_text = other_cost
                used.append("act_hand_to_ex")
                if other_cost:
                    extra = cost(other_cost, card.name)
                    if extra is None or extra.pp:
                        raise _Fail("an activation cost the engine does not pay")
                    effects = [dataclasses.replace(extra, optional=False), *effects]
                    used.append("act_extra_cost")
                    extra_text = ""
            extra_text = "" if extra_text in ("", "を捨てる") else "手札の" + extra_text[1:]
            used.append("act_from_hand")
        if extra_text:
            extra = cost(extra_text, card.name)
            if extra is None or extra.pp:
                raise _Fail("an activation cost the engine does not pay")
            effects = [dataclasses.replace(extra, optional=False), *effects]
            used.append("act_extra_cost")
        out.abilities.append(
            Ability(
                Trigger.ACTIVATED,
                tuple(effects),
                pp_cost=int(m[2] or 0),
                engage_cost=bool(m[3]),
                quick=bool(m[1]) or line.startswith("【Q】"),
                once_per_turn=once,
                sacrifice_cost=m[4] == "墓場に置く",
                banish_cost=m[4] == "消滅" or from_grave,
                condition=act_if,
                times_per_turn=act_times,
                from_hand=from_hand,
                from_grave=from_grave or grave_self,
                from_ex=from_ex or ex_self,
                advance=advance,
                hand_to_ex=hand_to_ex,
                ex_free=ex_self,
            )
        )
        used.append("act")
        return
    once_auto = _ONCE_AUTO in line
    if once_auto:
        line = line.replace(_ONCE_AUTO, "")
        used.append("once_per_turn_auto")
    times = _TIMES.match(line)
    times_per_turn = 0
    my_turn = False
    works = _TIMES_AUTO.search(line)
    if works:  # "この能力は1ターンにN回働く。"
        times_per_turn = int(works[1])
        line = line.replace(works[0], "")
        used.append("times_per_turn")
    if times and not times[1]:
        times_per_turn = int(times[2])
        line = line[times.end() :]
        used.append("times_per_turn")
    own_turns = _OWN_TURNS.match(line)
    if own_turns:  # "自分のターンごとにN回、": in your turns only, N times per turn
        times_per_turn, my_turn = int(own_turns[1]), True
        line = line[own_turns.end() :]
        used.append("times_per_turn")
    if line.startswith(_MY_TURN):
        my_turn = True
        line = line[len(_MY_TURN) :]
        used.append("my_turn")

    def auto(trigger: Trigger, effects: list[Any]) -> None:
        """Add the line's auto ability with its turn limits."""
        out.abilities.append(
            Ability(
                trigger,
                tuple(effects),
                MyTurn() if my_turn else None,
                once_per_turn=once_auto,
                times_per_turn=times_per_turn,
            )
        )

    m = _MARKER_RUN.match(line)
    triggers: list[Trigger]
    if m:
        triggers = [_MARKERS[n] for n in re.findall(r"【([^】]+)】", m[1])]
        body = m[2]
        if triggers == [Trigger.LAST_WORDS]:  # "これ" is then in the graveyard (CR 12.5)
            ctx.event = "last_words"
    else:
        body = line
        triggers = []
        for phrase, trig in _BODY_TRIGGERS:
            if body.startswith(phrase):
                triggers = [trig]
                body = body[len(phrase) :]
                if trig in (Trigger.ALLY_ENTERS, Trigger.ABILITY_USED, Trigger.ALLY_EVOLVES):
                    ctx.it, ctx.it_side = "event", "own"
                if trig is Trigger.ALLY_ENTERS:
                    ctx.event = "enters"
                break
        if not triggers and body.startswith(_ANY_DISCARD):  # either player's discard
            triggers = [Trigger.YOU_DISCARD, Trigger.OPPONENT_DISCARD]
            body = body[len(_ANY_DISCARD) :]
        attacks = _ALLY_ATTACKS.match(body) if not triggers else None
        if attacks:
            body = body[attacks.end() :]
            used.append("ally_attacks")
            ctx.it, ctx.it_side = "event", "own"
            what = CardFilter(traits=(attacks["trait"],) if attacks["trait"] else ())
            power = int(attacks["atk"]) if attacks["atk"] else -1
            effects = [EventIs(what, power), *_effects(body, ctx, used)]
            auto(Trigger.ALLY_ATTACKS, effects)
            return
        evolves = _ALLY_EVOLVES.match(body) if not triggers else None
        if evolves:  # "when a (trait) follower of yours evolves"
            body = body[evolves.end() :]
            used.append("ally_evolves_filtered")
            ctx.it, ctx.it_side = "event", "own"
            cost_n = int(evolves["cost"]) if evolves["cost"] else -1
            what = CardFilter(
                "follower",
                (evolves["trait"],) if evolves["trait"] else (),
                max_cost=cost_n if evolves["le"] else -1,
                exact_cost=-1 if evolves["le"] else cost_n,
            )
            auto(Trigger.ALLY_EVOLVES, [EventIs(what), *_effects(body, ctx, used)])
            return
        dies = _ENEMY_DIES.match(body) if not triggers else None
        if dies:  # "when an enemy follower goes from the field to the graveyard"
            body = body[dies.end() :]
            used.append("enemy_dies")
            ctx.it, ctx.it_side, ctx.event = "event", "enemy", "left"
            auto(Trigger.ENEMY_DIES, _effects(body, ctx, used))
            return
        discarded_by = _DISCARDED_BY.match(body) if not triggers else None
        if discarded_by:
            body = body[discarded_by.end() :]
            used.append("discarded_by")
            what = CardFilter(traits=(discarded_by["trait"],))
            auto(Trigger.DISCARDED, [EventIs(what, own=True), *_effects(body, ctx, used)])
            return
        ally_dies = _ALLY_DIES.match(body) if not triggers else None
        if ally_dies:
            body = body[ally_dies.end() :]
            used.append("ally_dies")
            ctx.it, ctx.it_side = "event", "own"
            dies_trait = (ally_dies["trait"],) if ally_dies["trait"] else ()
            effects = [EventIs(CardFilter("follower", dies_trait), to_grave=True)]
            auto(Trigger.ALLY_LEAVES, [*effects, *_effects(body, ctx, used)])
            return
        leaves = _ALLY_LEAVES.match(body) if not triggers else None
        if leaves:  # "自分の…が場を離れたとき、" (CR 10.7.4; this card itself is not seen)
            body = body[leaves.end() :]
            used.append("ally_leaves")
            ctx.it, ctx.it_side = "event", "own"
            kind = {"フォロワー": "follower", "アミュレット": "amulet"}.get(leaves["kind"] or "")
            what = CardFilter(
                kind or "card",
                (leaves["trait"],) if leaves["trait"] else (),
                exact_cost=int(leaves["cost"]) if leaves["cost"] else -1,
                name=leaves["name"] or "",
                token=bool(leaves["tok"]),
            )
            effects = [EventIs(what), *_effects(body, ctx, used)]
            auto(Trigger.ALLY_LEAVES, effects)
            return
        placed = EX_TRIGGER.match(body) if not triggers else None
        if placed:
            body = body[placed.end() :]
            used.append("ex_placed")
            ctx.it, ctx.it_side = "event", "own"
            effects = [EventIs(filter_any(placed)), *_effects(body, ctx, used)]
            auto(Trigger.EX_PLACED, effects)
            return
        played = PLAYED_TRIGGER.match(body) if not triggers else None
        if played:
            body = body[played.end() :]
            used.append("card_played")
            effects = [EventIs(filter_any(played)), *_effects(body, ctx, used)]
            auto(Trigger.CARD_PLAYED, effects)
            return
        card_in = _ALLY_CARD.match(body) if not triggers else None
        if card_in:  # "when a card / amulet enters your field" (followers and amulets)
            body = body[card_in.end() :]
            ctx.it, ctx.it_side = "event", "own"
            kind = "amulet" if card_in["kind"] == "アミュレット" else "card"
            traits = (card_in["trait"],) if card_in["trait"] else ()
            used.append("card_enters")
            effects = [EventIs(CardFilter(kind, traits)), *_effects(body, ctx, used)]
            auto(Trigger.CARD_ENTERS, effects)
            return
        ally = _ALLY.match(body) if not triggers else None
        if ally:
            triggers = [Trigger.ALLY_ENTERS]
            body = body[ally.end() :]
            ctx.it, ctx.it_side = "event", "own"
            cls = ally["cls"] or ally["ccls"]
            if cls and cls not in CLASS_WORDS:
                raise _Fail(f"unknown class {cls}")
            named_trait = ally["trait"] or ally["xtrait"]
            also = (CardFilter("follower", name_contains=ally["c2"]),) if ally["c2"] else ()
            if ally["trait2"]:  # "AかB・フォロワー": either trait
                also = (CardFilter("follower", (ally["trait2"],)),)
            what = CardFilter(
                "follower" if ally["c1"] else "card",
                traits=(named_trait,) if named_trait else (CLASS_WORDS[cls],) if cls else (),
                name=ally["name"] or "",
                token=ally["kind"] == "トークン" or bool(ally["tok"]),
                name_contains=ally["c1"] or "",
                also=also,
                exact_cost=int(ally["acost"]) if ally["acost"] else -1,
                not_name=card.name if ally["xtrait"] else "",
            )
            ctx.event = "enters"
            used.append("ally_enters_filtered")
            if ally["c1"] or cls:
                used.append("ally_enters_named_or_class")
            in_grave = _IN_GRAVE in body
            if in_grave:
                used.append("grave_ally_enters")
            effects = [EventIs(what), *_effects(body, ctx, used)]
            auto(Trigger.GRAVE_ALLY_ENTERS if in_grave else Trigger.ALLY_ENTERS, effects)
            return
        if not triggers:
            if not card.card_type.endswith("spell"):
                raise _Fail("a continuous or unknown ability")
            triggers = [Trigger.SPELL]
    if (my_turn or times_per_turn) and not triggers:
        raise _Fail("a turn limit on a continuous ability")
    effects = _effects(body, ctx, used)
    if Trigger.SPELL in triggers and _moves_self(effects):
        raise _Fail("a spell that moves itself (it is not on the field)")
    for trig in triggers:
        used.append(trig.value)
        auto(trig, effects)


def _traits_in(obj: Any) -> list[str]:
    """Every trait an ability's selectors and filters name (``Targets.trait``/``trait2``,
    ``CardFilter.traits``/``with_traits``), nested elements included."""
    if isinstance(obj, (list, tuple)):
        return [t for x in obj for t in _traits_in(x)]
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        return []
    found: list[str] = []
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.name in ("trait", "trait2") and isinstance(value, str) and value:
            found.append(value)
        elif f.name in ("traits", "with_traits") and isinstance(value, tuple):
            found.extend(v for v in value if isinstance(v, str))
        else:
            found.extend(_traits_in(value))
    return found


def _labelled(text: str, positions: tuple[int, ...]) -> set[str]:
    """The ability lines printed with the Union Burst label (CR 14.5.1.1), as
    :func:`ability_lines` gives them; the card data names them by position."""
    own = text_lines(text)
    return {line for i in positions if i < len(own) for line in ability_lines(own[i])}


def compile_card(
    card: CardRecord,
    tokens: Mapping[str, CardRecord],
    unmodelled: frozenset[str] = frozenset(),
    known_traits: frozenset[str] | None = None,
) -> Compiled:
    """Compile one card's text; ``tokens`` maps token names to their records, ``unmodelled``
    holds the ids of tokens whose own text is not fully modelled. With ``known_traits`` a
    line whose abilities name any other trait is not modelled: the templates read a phrase
    they do not understand ("other X", "cost 3 or less X") as a trait name otherwise."""
    text = card.text or ""
    out = Compiled(card.card_id, "full", quick_ability=_QUICK_MARK in text)
    lines = ability_lines(text)
    out.keywords += tuple(CARD_ICONS[line] for line in lines if line in CARD_ICONS)
    lines = [line for line in lines if line not in CARD_ICONS]
    # CR 5.18: the options of "choose one" may stand on lines of their own.
    joined: list[str] = []
    for line in lines:
        modal = _MODAL in joined[-1] or _MODAL_UP_TO.search(joined[-1]) if joined else False
        if joined and _OPTION.match(line) and (modal or _OPTION.search(joined[-1])):
            joined[-1] += line
        else:
            joined.append(line)
    out.lines = len(joined)
    # CR 14.5.1: Union Burst is a Princess Connect keyword; other cards use the same rule
    # line for other purposes (an ability that works from the graveyard, for one).
    burst: set[str] = set()
    if PRINCESS_CONNECT in card.traits and card.card_type in _BURST_TYPES:
        burst = _labelled(text, card.union_burst) if card.union_burst else union_burst_lines(text)
    labelled = [line.removeprefix(UNION_BURST_MARK) for line in joined]
    burst.update(line for line, was in zip(labelled, joined, strict=True) if line != was)
    joined = labelled
    reach = scopes(joined, card.text_en, condition_or_chain)
    reminders = line_reminders(text)
    for line in joined:
        used: list[str] = []
        before = (list(out.abilities), out.keywords)
        evolve_if = out.evolve_if
        equipment = card.card_type.endswith("equipment")
        parts = equipment_lines(line) if equipment else [line]
        try:
            for part in parts:
                ctx = Context(
                    card.card_id,
                    tokens,
                    name=card.name,
                    equipment=equipment,
                    unmodelled=unmodelled,
                    scope=reach,
                    reminders=reminders.get(line, ()),
                )
                n = len(out.abilities)
                _line(part.removeprefix(UNION_BURST_MARK), card, ctx, used, out)
                if part.startswith(UNION_BURST_MARK):  # one the equipped follower gains
                    _union_burst(out, n, used)
            if known_traits is not None:
                strange = set(_traits_in(out.abilities[len(before[0]) :])) - known_traits
                if strange:
                    raise _Fail(f"a trait no card has: {sorted(strange)[0]}")
            new_if = out.evolve_if if out.evolve_if is not evolve_if else None
            lost = usability.missing(line, out.abilities[len(before[0]) :], new_if)
            if lost is not None:  # the encoding would be usable more often than the text
                out.unkept.append(lost.kind)
                raise _Fail(f"a usability clause without its counterpart: {lost.kind}")
        except _Fail as why:  # the evolve cost, a printed fact, stays known
            out.failures.append((line, str(why)))
            out.abilities, out.keywords = before
            out.evolve_if = evolve_if
            continue
        if equipment:
            used.append("equipment_text")
        if any(line.startswith(b) for b in burst):  # CR 14.5.1.1
            _union_burst(out, len(before[0]), used)
        out.modelled += 1
        out.templates.extend(used)
    if out.modelled < out.lines:
        out.status = "partial" if out.modelled else "none"
    return out


def _union_burst(out: Compiled, start: int, used: list[str]) -> None:
    """Mark the abilities compiled from ``start`` on as Union Burst abilities (CR 14.5.1)."""
    out.abilities[start:] = [
        dataclasses.replace(a, union_burst=True) for a in out.abilities[start:]
    ]
    used.append("union_burst")


def token_records(
    tokens: Iterable[CardRecord], keywords: Mapping[str, tuple[str, ...]]
) -> dict[str, CardRecord]:
    """Token records by card id (facts, with the keywords compiled from their text)."""
    return {
        t.card_id: CardRecord(
            t.card_id,
            t.name,
            card_class=t.card_class,
            card_type=t.card_type,
            cost=t.cost,
            attack=t.attack,
            defense=t.defense,
            traits=t.traits,
            keywords=keywords.get(t.card_id, ()),
        )
        for t in tokens
    }


def _token_data(rec: CardRecord) -> dict[str, Any]:
    return {
        "name": rec.name,
        "card_class": rec.card_class,
        "card_type": rec.card_type,
        "cost": rec.cost,
        "attack": rec.attack,
        "defense": rec.defense,
        "traits": list(rec.traits),
        "keywords": list(rec.keywords),
    }


def _by_name(records: Mapping[str, CardRecord]) -> dict[str, dict[str, CardRecord]]:
    """Token records by set, then by name (lowest id first when names repeat)."""
    out: dict[str, dict[str, CardRecord]] = {"": {}}
    for tid in sorted(records):
        rec = records[tid]
        out[""].setdefault(rec.name, rec)
        out.setdefault(tid.split("-", 1)[0], {}).setdefault(rec.name, rec)
    return out


def compile_pool(
    cards: Iterable[CardRecord], overrides: Mapping[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The library JSON for a card pool: token facts and every card's compiled abilities.

    ``overrides`` are hand encodings (library entries keyed by card id) that replace what
    the templates made of those cards.
    """
    cards = list(cards)
    token_texts = [c for c in cards if c.card_type.startswith("token_")]
    first = {t.card_id: compile_card(t, {}) for t in token_texts}
    tokens = token_records(token_texts, {k: v.keywords for k, v in first.items()})
    names = _by_name(tokens)
    weak = frozenset(tid for tid, c in first.items() if c.status != "full")
    entries: dict[str, Any] = {}
    known = frozenset(t for c in cards for t in c.traits) | frozenset(CLASS_WORDS.values())
    for card in cards:
        local = dict(names[""])
        local.update(names.get(card.card_id.split("-", 1)[0], {}))
        c = compile_card(card, local, weak, known)
        entry: dict[str, Any] = {"status": c.status, "lines": c.lines, "modelled": c.modelled}
        if c.abilities:
            entry["abilities"] = [to_data(a) for a in c.abilities]
        if c.evolve_cost is not None:
            entry["evolve_cost"] = c.evolve_cost
        if c.evolve_if is not None:
            entry["evolve_if"] = to_data(c.evolve_if)
        if c.evolve_discard:
            entry["evolve_discard"] = c.evolve_discard
        if c.quick_ability:
            entry["quick_ability"] = True
        if c.lines:
            entry["keywords"] = list(c.keywords)
        if c.templates:
            entry["templates"] = sorted(set(c.templates))
        entries[card.card_id] = entry
    for card_id, hand in (overrides or {}).items():
        entries[card_id] = {**entries.get(card_id, {}), **hand, "hand": True}
    return {
        "format": FORMAT,
        "tokens": {tid: _token_data(rec) for tid, rec in sorted(tokens.items())},
        "cards": dict(sorted(entries.items())),
    }
