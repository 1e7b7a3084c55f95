"""Readable English for abilities, effects and conditions."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.sve.effects.selectors import CardFilter, Targets

from engine.sve.effects.conditions import (
    AllOf,
    Always,
    AnyOf,
    AttackSum,
    BanishCount,
    BurstsThisTurn,
    CameFrom,
    Combo,
    CountersAtLeast,
    DeckAtMost,
    DidIt,
    DiscardedThisTurn,
    EventIs,
    EvolvedThisTurn,
    EvolveUsed,
    ExCount,
    FieldCount,
    FieldExCount,
    GraveCount,
    HandAtMost,
    HaveEvolved,
    HaveOnField,
    ItIs,
    LeaderAtMost,
    MaxPP,
    MyTurn,
    Necrocharge,
    Not,
    NthEvolve,
    OpponentCards,
    OpponentFollowers,
    OpponentGrave,
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
from engine.sve.effects.core import AMOUNT, TRIGGER_WORDS, Ability, Trigger
from engine.sve.effects.costs import (
    AdditionalCost,
    CannotPlay,
    CostDown,
    DiscountFor,
    ExCostDown,
    ExtraCost,
    GainPP,
    MarkPaid,
    NextCostDown,
    PayCost,
    PayX,
    PlayCostDown,
    PlayCostFor,
    PlayCostIf,
    PlayCostX,
    PlayFromGrave,
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
    WinGame,
)
from engine.sve.effects.deck import Arrange, Draw, Mill, RevealTop, ShuffleDeck
from engine.sve.effects.evolve import (
    EvolveCostDown,
    EvolveCostIf,
    EvolveCostPer,
    EvolveInto,
    EvolveOrReturn,
    EvolveSelf,
    FromEvolveDeck,
    SetEvolveCost,
)
from engine.sve.effects.flow import Gate, If, Modal, Scaled
from engine.sve.effects.search import FromGrave, FromHand, LookTop, LookTopPicks, Search
from engine.sve.effects.selectors import Select, SelectEx
from engine.sve.effects.stats import (
    Box,
    Buff,
    CounterOnOwn,
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
    DiscardAny,
    DiscardCards,
    ExileLater,
    ExileSelf,
    ExToGraveSelf,
    GiveExToGrave,
    HandToDeck,
    PlayFromOpponentGrave,
    PutInEx,
    ReturnToHand,
    SelfExToField,
    SelfToBottom,
    SelfToEx,
    SelfToField,
    ToGrave,
    ToGraveAll,
    TopToEx,
)

_TO_WORDS = {
    "targets": "it",
    "self": "this",
    "event": "that follower",
    "enemy_leader": "the enemy leader",
    "own_leader": "your leader",
    "enemy_followers": "all enemy followers",
    "enemy_all": "the enemy leader and all enemy followers",
    "own_followers": "all your followers",
    "own_other_followers": "all your other followers",
    "all_followers": "all followers",
    "all_other_followers": "all other followers",
    "all_other_and_enemy_leader": "the enemy leader and all other followers",
    "all_leaders": "both leaders",
}


def _targets_words(t: Targets, count: int = 1, up_to: bool = False) -> str:
    side = {"enemy": "enemy ", "own": "of your ", "any": ""}[t.side]
    kinds = [k for k, on in (("follower", t.followers), ("amulet", t.amulets)) if on]
    noun = " or ".join(kinds) or "card"
    if t.followers and t.amulets:
        noun = "card"
    if t.leaders:
        noun = f"leader or {noun}"
    parts = []
    if t.other:
        parts.append("other")
    if t.trait:
        parts.append(t.trait)
    if t.name:
        parts.append(f"'{t.name}'")
    if t.not_name:
        parts.append(f"not '{t.not_name}'")
    if t.name_contains:
        parts.append(f"'*{t.name_contains}*'")
    if t.token:
        parts.append("token")
    if t.boxed:
        parts.append("Boxed")
    head = f"{'up to ' if up_to else ''}{count}"
    noun_words = " ".join([*parts, noun + ("s" if count != 1 else "")])
    own = t.side == "own"
    text = f"{head} {noun_words} of yours" if own else f"{head} {side}{noun_words}"
    if t.max_cost >= 0:
        text += f" with original cost {t.max_cost} or less"
    if t.exact_cost >= 0:
        text += f" with original cost {t.exact_cost}"
    if t.min_cost >= 0:
        text += f" with original cost {t.min_cost} or more"
    if t.max_defense >= 0:
        text += f" with defense {t.max_defense} or less"
    if t.max_attack >= 0:
        text += f" with attack {t.max_attack} or less"
    if t.min_attack >= 0:
        text += f" with attack {t.min_attack} or more"
    return text


def _all_words(t: Targets) -> str:
    """``all <the cards t allows>`` (a group, not a choice)."""
    return "all " + _targets_words(t, 2).split(" ", 1)[1]


def _filter_words(f: CardFilter, n: int) -> str:
    if f.also:
        plain = dataclasses.replace(f, also=())
        return " or ".join([*(_filter_words(a, n) for a in f.also), _filter_words(plain, n)])
    noun = f.kind + ("s" if n != 1 else "")
    words = []
    if f.traits:
        words.append("/".join(f.traits))
    if f.token:
        words.append("token")
    text = " ".join([*words, noun])
    if f.name:
        text = f"'{f.name}'"
    if f.name_contains:
        text += f" whose name contains '{f.name_contains}'"
    if f.max_cost >= 0:
        text += f" with original cost {f.max_cost} or less"
    if f.exact_cost >= 0:
        text += f" with original cost {f.exact_cost}"
    if f.min_cost >= 0:
        text += f" with original cost {f.min_cost} or more"
    if f.not_name:
        text += f" not named '{f.not_name}'"
    return text


def describe(obj: Any) -> str:
    """Readable English for an ability, effect or condition."""
    if isinstance(obj, Ability):
        label = TRIGGER_WORDS[obj.trigger]
        costs = []
        if obj.pp_cost:
            costs.append(f"{obj.pp_cost} PP")
        if obj.engage_cost:
            costs.append("engage this")
        if obj.sacrifice_cost:
            costs.append("put this into the graveyard")
        if obj.banish_cost:
            costs.append("banish this")
        if obj.from_hand:
            costs.append(
                "put this from your hand into your EX area"
                if obj.hand_to_ex
                else "discard this from your hand"
            )
        if obj.from_grave:
            costs.append("played from your graveyard")
        if obj.from_ex and obj.banish_cost:
            costs[costs.index("banish this")] = "banish this from your EX area"
        elif obj.from_ex:
            costs.append(
                "played from your EX area"
                if obj.ex_free
                else "put this from your EX area into the graveyard"
            )
        if obj.trigger is Trigger.STATIC and obj.from_ex:
            label = "Continuous (on the field or in the EX area)"
        if obj.trigger is Trigger.ACTIVATED:
            label = ("Quick act" if obj.quick else "Advance act" if obj.advance else "Act") + (
                f" ({', '.join(costs)})" if costs else ""
            )
        body = _sequence(obj.effects)
        if obj.condition is not None:
            body = f"if {describe(obj.condition)}: {body}"
        if obj.once_per_turn:
            body += " (once per turn)"
        if obj.times_per_turn:
            body += f" ({obj.times_per_turn} times per turn)"
        if obj.union_burst:
            label = f"Union Burst {label}"
        if obj.advance:
            label = f"Advance {label}"
        return f"{label}: {body}"
    return _describe_element(obj)


def _sequence(effects: Iterable[Any]) -> str:
    """Effects joined by ``;``, a :class:`Gate` opening the rest with ``if ...:``."""
    out = ""
    for e in effects:
        sep = "" if not out else " " if out.endswith(":") else "; "
        out += sep + describe(e)
    return out


def _describe_element(e: Any) -> str:
    if isinstance(e, Select):
        if e.per_grave is not None:
            per = _filter_words(e.per_grave, 1)
            return f"for each {per} in your graveyard, choose {_targets_words(e.what, 1, e.up_to)}"
        return f"choose {_targets_words(e.what, e.count, e.up_to)}"
    if isinstance(e, NoDamage):
        if e.what is not None:
            return f"this turn, {_all_words(e.what)} take no damage"
        return "this turn, this takes no damage"
    if isinstance(e, TopToEx):
        return f"put the top {e.n} card{'s' if e.n != 1 else ''} of your deck into your EX area"
    if isinstance(e, SummonSame):
        return "put a token of the same name as that card onto your field"
    if isinstance(e, EvolveOrReturn):
        return "this evolves or returns to your hand (you choose)"
    if isinstance(e, LookTopPicks):
        rest_words = {
            "bottom": "; the rest to the bottom",
            "grave": "; the rest into the graveyard",
        }
        picks = "; ".join(
            f"you may put 1 {_filter_words(what, 1)} among them into your "
            f"{'graveyard' if to == 'grave' else to}"
            for what, to in e.picks
        )
        tail = rest_words.get(e.rest, "")
        return f"look at the top {e.look} cards of your deck; {picks}{tail}"
    if isinstance(e, FromEvolveDeck):
        where = "into your EX area" if e.to == "ex" else "onto your field"
        return f"you may put 1 '{e.name}' from your evolve deck {where}"
    if isinstance(e, PlayFromGrave):
        return "this may be played from your graveyard"
    if isinstance(e, PlayCostX):
        x = f"{e.n}"
        if e.per_evolved is not None:
            words = _filter_words(e.per_evolved, 2)
            x = f"X (the face-up evolved {words} in your evolve deck)"
        elif e.per_field is not None:
            x = f"X (the number of {_all_words(e.per_field)[4:]})"
        elif e.per_banished:
            x = "X (the cards in your banish zone)"
        return f"this costs {x} less to play"
    if isinstance(e, SelfToBottom):
        return "put this on the bottom of your deck"
    if isinstance(e, EvolveCostDown):
        return f"this turn, this card's evolve cost is {e.n} less"
    if isinstance(e, SelfToField):
        return "put this from your graveyard onto your field"
    if isinstance(e, SelfExToField):
        may = "you may " if e.may else ""
        return f"{may}put this from your EX area onto your field{' engaged' if e.engaged else ''}"
    if isinstance(e, ExileLater):
        return "this gets 'Last Words: banish this'"
    if isinstance(e, ExileSelf):
        return "banish this"
    if isinstance(e, GiveExToGrave):
        return "it gets 'when your end phase comes, put this from your EX area into the graveyard'"
    if isinstance(e, ExToGraveSelf):
        return "put this from your EX area into the graveyard"
    if isinstance(e, ShuffleDeck):
        return "shuffle your deck"
    if isinstance(e, TakesMore):
        return f"this turn, {_TO_WORDS[e.to]} takes {e.n} more damage"
    if isinstance(e, TopToEx):
        return f"put the top {e.n} card{'s' if e.n != 1 else ''} of your deck into your EX area"
    if isinstance(e, Scaled):
        times = f"{e.k} times " if e.k != 1 else ""
        what = {
            "max_pp": "your PP maximum",
            "hand": "the cards in your hand",
            "ex": "the cards in your EX area",
            "banish": "the cards in your banish zone",
            "hand_ex": "the cards in your hand and EX area",
            "attack": "this card's attack",
            "attack_it": "its attack",
        }.get(e.count, "")
        if e.count == "field_ex" and e.per is not None:
            what = f"the number of {_all_words(e.per)[4:]} and such cards in your EX area"
        if not what and e.per is not None:
            what = f"the number of {_all_words(e.per)[4:]}"
        if isinstance(e.effect, Damage) and e.effect.n == 1:
            return f"deal X damage to {_TO_WORDS[e.effect.to]} (X: {times}{what})"
        return f"X times: {describe(e.effect)} (X: {times}{what})"
    if isinstance(e, LeaderShield):
        if e.n < 0:
            return "this turn, your leader takes no damage the next time it would be damaged"
        return f"this turn, the next damage your leader takes is {e.n} less"
    if isinstance(e, SelfToEx):
        return f"{'you may ' if e.optional else ''}put this into your EX area"
    if isinstance(e, ToGrave):
        return "put this into the graveyard"
    if isinstance(e, ToGraveAll):
        return f"put all your {_filter_words(e.what, 2)} on your field into the graveyard"
    if isinstance(e, EvolveSelf):
        return "this evolves"
    if isinstance(e, NextCostDown):
        return f"this turn, the next {_filter_words(e.what, 1)} you play costs {e.n} less"
    if isinstance(e, SetStats):
        return f"{_TO_WORDS[e.to]} becomes {e.atk}/{e.dfn}"
    if isinstance(e, SelectEx):
        return f"choose {e.n} {_filter_words(e.what, e.n)} in your EX area"
    if isinstance(e, SplitDamage):
        return f"deal {e.n} damage divided among them"
    if isinstance(e, NoCombatDamage):
        return f"this turn, {_TO_WORDS[e.to]} takes no combat damage"
    if isinstance(e, Draw):
        who = "" if e.who == "you" else "your opponent "
        if e.plus_it:
            return f"{who}draw {e.n} card{'s' if e.n != 1 else ''} plus 1 per card of it"
        return f"{who}draw {e.n} card{'s' if e.n != 1 else ''}"
    if isinstance(e, Damage):
        amount = "that much" if e.n == AMOUNT else str(e.n)
        if e.per is not None:
            amount = f"damage equal to the number of {_all_words(e.per)[4:]}"
            return f"deal {amount} to {_TO_WORDS[e.to]}"
        if e.half_attack:
            return f"deal damage equal to half this card's attack (rounded up) to {_TO_WORDS[e.to]}"
        if e.attack:
            return f"deal damage equal to this card's attack to {_TO_WORDS[e.to]}"
        if e.discarded_cost:
            return f"deal damage equal to the discarded card's cost to {_TO_WORDS[e.to]}"
        if e.per_hand:
            return f"deal damage equal to the number of cards in your hand to {_TO_WORDS[e.to]}"
        if e.attack_of_it:
            return f"deal damage equal to its attack to {_TO_WORDS[e.to]}"
        if e.per_hurt:
            times = "the times your leader's defense went down this turn"
            return f"deal damage equal to {times} to {_TO_WORDS[e.to]}"
        return f"deal {amount} damage to {_TO_WORDS[e.to]}"
    if isinstance(e, HealLeader):
        amount = "that much" if e.n == AMOUNT else f"+{e.n}"
        return f"your leader gets {amount} defense"
    if isinstance(e, Buff):
        bits = []
        if e.atk or e.dfn:
            bits.append(f"{e.atk:+d}/{e.dfn:+d}")
        if e.keywords:
            bits.append(", ".join(e.keywords))
        tail = " until end of turn" if e.until_end_of_turn else ""
        if e.per_died:
            bits = ["+X/+X (X: followers put from the field into a graveyard this turn)"]
        if e.what is not None:
            return f"{_all_words(e.what)} get {' and '.join(bits)}{tail}"
        return f"{_TO_WORDS[e.to]} gets {' and '.join(bits)}{tail}"
    if isinstance(e, Summon):
        where = {
            "ex": "your EX area",
            "field_then_ex": "your field until it is full, the rest into your EX area",
            "choose": "your field or EX area, as many of each as you like",
        }.get(e.zone, "your field")
        return f"put {e.n} '{e.token.name}' token{'s' if e.n != 1 else ''} into {where}"
    simple: dict[type, str] = {
        Destroy: "destroy {}",
        Banish: "banish {}",
        ReturnToHand: "return {} to its owner's hand",
        PutInEx: "put {} into its owner's EX area",
        SkipStand: "{} does not stand in its controller's next start phase",
        Box: "{} becomes Boxed until the end of its controller's next turn",
    }
    phrase = simple.get(type(e))
    if phrase is not None:
        return phrase.format(_TO_WORDS[e.to])
    if isinstance(e, CounterOnOwn):
        what = f"1 '{e.name}' on your field or in your EX area"
        return f"choose {what}; put {e.n} '{e.counter}' counter{'s' if e.n != 1 else ''} on it"
    if isinstance(e, CostDown):
        if e.zero:
            return f"this turn, {_TO_WORDS[e.to]} costs 0 to play"
        less = "X (the cards you played this turn)" if e.per_played else str(e.n)
        return f"this turn, {_TO_WORDS[e.to]} costs {less} less to play"
    if isinstance(e, NoAttack):
        when = "in its controller's next turn" if e.next_turn else "this turn"
        return f"{_TO_WORDS[e.to]} cannot attack {when}"
    if isinstance(e, EventIs):
        power = f" with attack {e.min_attack} or more" if e.min_attack >= 0 else ""
        return f"only if it is a {_filter_words(e.what, 1)}{power}:"
    if isinstance(e, FromHand):
        where = "hand or EX area" if e.ex else "hand"
        cost = " with original cost up to your PP maximum" if e.max_pp else ""
        words = _filter_words(e.what, e.n) + cost
        to = "into your EX area" if e.to == "ex" else "onto your field"
        return f"you may put up to {e.n} {words} from your {where} {to}"
    if isinstance(e, FromGrave):
        n = f"up to {e.n}" if e.up_to else str(e.n)
        total = (
            f" with original costs adding up to {e.max_total} or less" if e.max_total >= 0 else ""
        )
        words = _filter_words(e.what, e.n)
        return f"choose {n} {words}{total} in your graveyard; put it into your {e.to}"
    if isinstance(e, Engage):
        return f"{'stand' if e.stand else 'engage'} {_TO_WORDS[e.to]}"
    if isinstance(e, Mill):
        whose = "your" if e.who == "you" else "your opponent's"
        return f"put the top {e.n} card{'s' if e.n != 1 else ''} of {whose} deck into the graveyard"
    if isinstance(e, GainPP):
        return f"your PP maximum +{e.n}" if e.maximum else f"recover {e.n} PP"
    if isinstance(e, DiscardCards) and e.banish:
        return f"banish {e.n} card{'s' if e.n != 1 else ''} of your choice from your hand"
    if isinstance(e, DiscardCards):
        who = "" if e.who == "you" else "your opponent "
        how = " at random" if e.random else ""
        return f"{who}discard {e.n} card{'s' if e.n != 1 else ''}{how}"
    if isinstance(e, PlayCostDown):
        where = " from your EX area" if e.from_ex else ""
        return f"{_filter_words(e.what, 2)} you play{where} cost {e.n} less"
    if isinstance(e, RevealTop):
        what = _filter_words(e.what, 1)
        return f"reveal the top card of your deck; if it is {what}, put it into your hand"
    if isinstance(e, Arrange):
        return (
            f"look at the top {e.look} cards of your deck; put any of them back on top in any"
            " order, the rest on the bottom in any order"
        )
    if isinstance(e, PutCounters):
        n = "X" if e.per_max_pp else str(e.n)
        x = " (X is your PP maximum)" if e.per_max_pp else ""
        cap = f" (at most {e.cap} on it)" if e.cap >= 0 else ""
        where = "this" if e.what is None else _all_words(e.what)
        return f"put {n} {e.name} counters on {where}{x}{cap}"
    if isinstance(e, PayX):
        return f"as a cost, choose X, pay X PP and take X {e.counter} counters from this"
    if isinstance(e, DiscardAny):
        return "discard any number of cards"
    if isinstance(e, PlayFromOpponentGrave):
        return f"choose a card in your opponent's graveyard; play it with its cost {e.cost}"
    if isinstance(e, EvolveInto):
        return f"Evolve ({e.n}): this evolves into '{e.name}'"
    if isinstance(e, EvolveCostIf):
        return f"this card may also evolve for {e.n} while {describe(e.condition)}"
    if isinstance(e, HandToDeck):
        return "put 1 card from your hand on the top or the bottom of your deck"
    if isinstance(e, WinGame):
        return "you win the battle"
    if isinstance(e, Search):
        total = f" whose original costs total {e.max_total} or less" if e.max_total >= 0 else ""
        if e.max_cost_x:
            total += " with original cost X or less"
        words = _filter_words(e.what, e.n)
        return f"search your deck for up to {e.n} {words}{total} to your {e.to}"
    if isinstance(e, LookTop):
        rest = {
            "bottom": "; the rest to the bottom",
            "grave": "; the rest into the graveyard",
            "hand": "; the rest into your hand",
            "top": "",
        }[e.rest]
        where = "graveyard" if e.to == "grave" else e.to
        if e.must:
            return (
                f"look at the top {e.look} cards of your deck; put {e.n} "
                f"{_filter_words(e.what, e.n)} among them into your {where}{rest}"
            )
        return (
            f"look at the top {e.look} cards of your deck; you may put up to {e.n} "
            f"{_filter_words(e.what, e.n)} among them into your {where}{rest}"
        )
    if isinstance(e, Modal):
        opts = " | ".join(f"({i + 1}) {_sequence(o)}" for i, o in enumerate(e.options))
        more = ""
        if isinstance(e.more_if, Always):
            return f"choose up to {e.more}: {opts}"
        if e.more_if is not None:
            more = f" (if {describe(e.more_if)}, up to {e.more} instead)"
        if e.once_each_per_turn:
            more += " (not an option this chose this turn)"
        head = "choose one" if e.picks == 1 else f"choose up to {e.picks}"
        return f"{head}{more}: {opts}"
    if isinstance(e, Gate):
        return f"if {describe(e.condition)}:"
    if isinstance(e, PayCost):
        return _cost_words(e)
    if isinstance(e, DamageTaken):
        return f"damage the equipped follower takes is {e.n:+d}"
    if isinstance(e, Equip):
        return f"{_TO_WORDS[e.to]} equips '{e.token.name}'"
    if isinstance(e, ExCostDown):
        return f"this in your EX area costs {e.n} less to play"
    if isinstance(e, BanishInstead):
        return "enemy followers that would go from the field to the graveyard are banished instead"
    if isinstance(e, DamageShield):
        what = " the next time it would" if e.next_only else ""
        return f"this turn, {_TO_WORDS[e.to]} takes no damage{what}"
    if isinstance(e, DamageCap):
        return f"{e.at_least} or more damage this takes becomes {e.becomes}"
    if isinstance(e, DamageBonus):
        return f"damage this deals is {e.n:+d}"
    if isinstance(e, ExtraCost):
        return f"you may pay {e.n} more PP to play this"
    if isinstance(e, DiscountFor):
        paid = _cost_words(e.cost).removeprefix("as a cost, ")
        return f"as this is played, you may {paid} to pay {e.n} PP less"
    if isinstance(e, CannotPlay):
        return "this cannot be played"
    if isinstance(e, SpellTax):
        return f"your opponent's spells cost {e.n} more to play"
    if isinstance(e, AdditionalCost):
        return f"to play this, also {_cost_words(e.cost).removeprefix('as a cost, ')}"
    if isinstance(e, MarkPaid):
        return "the extra cost was paid"
    if isinstance(e, EvolveCostPer):
        return f"this card's evolve cost is 1 less for each of {_all_words(e.what)}"
    if isinstance(e, PlayCostIf):
        where = " from the EX area" if e.ex_only else ""
        return f"if {describe(e.condition)} as you play this{where}, it costs {e.n} less"
    if isinstance(e, PlayCostFor):
        verb = "engage" if e.engage else "put into the graveyard"
        what = _targets_words(e.what, e.count)
        return f"as you play this, you may {verb} {what} as a cost; if you do, it costs {e.n} less"
    if isinstance(e, SetEvolveCost):
        return f"this card's evolve cost becomes {e.n}"
    if isinstance(e, Grant):
        who = "this" if e.what is None else _all_words(e.what)
        return f"{who} {'has' if e.what is None else 'have'} {', '.join(e.keywords)}"
    if isinstance(e, If):
        return f"if {describe(e.condition)}, {_sequence(e.effects)}"
    return _describe_condition(e)


def _cost_words(e: PayCost) -> str:
    cost = _pay_words(e)
    if e.otherwise:
        return (
            f"you may {cost}; if you do: {_sequence(e.effects)}; "
            f"if you do not: {_sequence(e.otherwise)}"
        )
    if not e.optional:
        tail = f": {_sequence(e.effects)}" if e.effects else ""
        return f"as a cost, {cost}{tail}"
    return f"you may {cost}; if you do: {_sequence(e.effects)}"


def _pay_words(e: PayCost) -> str:
    """What paying ``e`` takes, in English (``pay 2 PP and discard 1 card``)."""
    parts = ["engage this"] if e.engage_self else []
    if e.pp:
        parts.append(f"pay {e.pp} PP")
    if e.leader:
        parts.append(f"your leader loses {e.leader} defense")
    if e.discard is not None:
        verb = "put {} {} from your hand into your EX area" if e.discard_to_ex else "discard {} {}"
        parts.append(verb.format(e.discard_n, _filter_words(e.discard, e.discard_n)))
    if e.engage is not None:
        parts.append(f"engage {_targets_words(e.engage, e.engage_n)}")
    if e.sacrifice is not None:
        verb = "banish {}" if e.banish_field else "put {} into the graveyard"
        if e.sacrifice_to_ex:
            verb = "put {} into your EX area"
        if e.sacrifice_to_hand:
            verb = "return {} to the hand"
        parts.append(verb.format(_targets_words(e.sacrifice, e.sacrifice_n)))
    if e.reveal is not None:
        parts.append(f"reveal {e.reveal_n} {_filter_words(e.reveal, e.reveal_n)} from your hand")
    if e.banish is not None:
        words = _filter_words(e.banish, e.banish_n)
        where = "EX area" if e.banish_from == "ex" else "graveyard"
        parts.append(f"banish {e.banish_n} {words} from your {where}")
    if e.lesson:
        parts.append(f"Lesson {e.lesson} (banish {e.lesson} Magic Items from your EX area)")
    if e.engage_any is not None:
        parts.append(f"engage any number of {_all_words(e.engage_any)[4:]} (X)")
    if e.take_from is not None:
        what = _targets_words(e.take_from)
        parts.append(f"remove {e.take_n} '{e.take}' counters from {what}")
    return " and ".join(parts)


def _describe_condition(c: Any) -> str:
    if isinstance(c, Combo):
        return f"Combo {c.n}"
    if isinstance(c, Spellchain):
        return f"Spellchain {c.n}"
    if isinstance(c, Necrocharge):
        return f"Necrocharge {c.n}"
    if isinstance(c, Overflow):
        return "Overflow"
    if isinstance(c, Sanguine):
        return "Sanguine"
    if isinstance(c, MaxPP):
        return f"your PP maximum is {'' if c.exact else 'at least '}{c.n}"
    if isinstance(c, HaveOnField):
        return f"you have {_targets_words(c.what, c.n)}"
    if isinstance(c, Not):
        return f"not {describe(c.condition)}"
    if isinstance(c, LeaderAtMost):
        return f"your leader has {'exactly ' if c.exact else ''}{c.n} defense" + (
            "" if c.exact else " or less"
        )
    if isinstance(c, AttackSum):
        return f"the attack of {_all_words(c.what)} adds up to {c.n} or more"
    if isinstance(c, CountersAtLeast):
        return f"this has {c.n} or more {c.name} counters"
    if isinstance(c, CameFrom):
        if c.zone == "ability":
            return "this was put onto the field by an ability"
        return f"this came onto the field from the {c.zone}"
    if isinstance(c, AllOf):
        return " and ".join(describe(x) for x in c.conditions)
    if isinstance(c, AnyOf):
        return " or ".join(describe(x) for x in c.conditions)
    if isinstance(c, DidIt):
        return "you did"
    if isinstance(c, DiscardedThisTurn):
        return "you discarded a card this turn"
    if isinstance(c, PlacedInEx):
        return f"you put a {_filter_words(c.what, 1)} into your EX area"
    if isinstance(c, FieldCount):
        return f"you have {c.n} or more {_filter_words(c.what, c.n)} on your field"
    if isinstance(c, TookCard):
        return f"it includes a {_filter_words(c.what, 1)}"
    if isinstance(c, Always):
        return "always"
    if isinstance(c, ExCount):
        more = "" if c.exact else " or more"
        return f"you have {c.n}{more} {_filter_words(c.what, c.n)} in your EX area"
    if isinstance(c, OpponentFollowers):
        return f"your opponent has {c.n} or more followers on the field"
    if isinstance(c, DeckAtMost):
        return f"your deck has {c.n} or fewer cards"
    if isinstance(c, OpponentCards):
        return f"your opponent has {c.n} or more cards on the field"
    if isinstance(c, EvolveUsed):
        return f"you have {c.n} or more face-up evolved followers in your evolve deck"
    if isinstance(c, OpponentGrave):
        return f"your opponent has {c.n} or more cards in their graveyard"
    if isinstance(c, Standing):
        return "this is standing"
    if isinstance(c, BurstsThisTurn):
        return f"{c.n} or more of your Union Burst abilities were used this turn"
    if isinstance(c, EvolvedThisTurn):
        times = "" if c.n == 1 else f" {c.n} or more times"
        return f"a follower of yours evolved this turn{times}"
    if isinstance(c, NthEvolve):
        return f"it is the evolve number {c.n} of your followers this turn"
    if isinstance(c, PlayedExactly):
        return f"it is your card number {c.n} played this turn"
    if isinstance(c, MyTurn):
        return "it is your turn"
    if isinstance(c, OpponentTurn):
        return "it is your opponent's turn"
    if isinstance(c, PaidExtra):
        return "the extra cost was paid"
    if isinstance(c, ItIs):
        return f"it is a {_filter_words(c.what, 1)}"
    if isinstance(c, Revealed):
        return f"one of them is a {_filter_words(c.what, 1)}"
    if isinstance(c, GraveCount):
        return f"you have {c.n} or more {_filter_words(c.what, c.n)} in your graveyard"
    if isinstance(c, Revealed):
        return f"you revealed a {_filter_words(c.what, 1)}"
    if isinstance(c, HaveEvolved):
        return "you have an evolved follower on your field"
    if isinstance(c, BanishCount):
        return f"you have {c.n} or more cards in your banish zone"
    if isinstance(c, PlayedThisTurn):
        other = "another " if c.other else "a "
        return f"you played {other}{_filter_words(c.what, 1)} this turn"
    if isinstance(c, FieldExCount):
        words = _filter_words(c.what, c.n)
        return f"you have {c.n} or more {words} on your field and in your EX area"
    if isinstance(c, HandAtMost):
        return f"you have {c.n} or fewer cards in your hand"
    return type(c).__name__
