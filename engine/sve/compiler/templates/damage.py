"""Templates for damage, healing, destruction and the rules that change damage."""

from __future__ import annotations

import re
from typing import Any

from engine.sve.compiler.templates.base import (
    _COUNTED,
    _GROUP,
    _GROUPS,
    Context,
    N,
    Unsupported,
    _counted,
    keyword_ids,
    template,
)
from engine.sve.effects.damage import (
    Damage,
    DamageShield,
    HealLeader,
    LeaderShield,
    NoCombatDamage,
    NoDamage,
    SplitDamage,
    TakesMore,
)
from engine.sve.effects.flow import Scaled
from engine.sve.effects.selectors import Select, Targets
from engine.sve.effects.stats import Buff


@template("damage_again", r"さらに" + N + r"ダメージ。")
def _damage_again(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(int(m[1]), ctx.need_it())]


@template("damage_it", r"それに" + N + r"ダメージ。")
def _damage_it(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(int(m[1]), ctx.need_it())]


@template("damage_group", _GROUP + r"に" + N + r"ダメージ。")
def _damage_group(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(int(m[2]), _GROUPS[m[1]])]


@template("damage_count", r"それに" + _COUNTED + r"と同じダメージ。")
def _damage_count(m: re.Match[str], ctx: Context) -> list[Any]:
    if m["k"]:
        raise Unsupported("a multiple of a count as damage")
    return [Damage(0, ctx.need_it(), _counted(m))]


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


@template("damage_half_attack", _GROUP + r"に「これの攻撃力の半分」と同じダメージ。")
def _damage_half_attack(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(0, _GROUPS[m[1]], half_attack=True)]


@template("instead_damage", r"代わりに" + N + r"ダメージ。")
def _instead(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(int(m[1]), "instead")]


@template("damage_hand_size", r"それに「自分の手札の枚数」と同じダメージ。")
def _damage_hand_size(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(0, ctx.need_it(), per_hand=True)]


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


@template("heal_leader", r"自分のリーダーは【体力】\+" + N + r"する。")
def _heal(m: re.Match[str], ctx: Context) -> list[Any]:
    return [HealLeader(int(m[1]))]


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


@template("damage_discarded_cost", r"それに「捨てたカードのコスト」と同じダメージ。")
def _damage_discarded_cost(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(0, ctx.need_it(), discarded_cost=True)]


@template(
    "damage_shield", r"このターン、(これ|それ)は(次の)?ダメージを受けない。", after=("no_damage",)
)
def _damage_shield(m: re.Match[str], ctx: Context) -> list[Any]:
    to = "self" if m[1] == "これ" else ctx.need_it()
    return [DamageShield(to, bool(m[2]))]


@template("takes_more", r"このターン、それが受けるダメージを\+" + N + r"する。")
def _takes_more(m: re.Match[str], ctx: Context) -> list[Any]:
    return [TakesMore(int(m[1]), ctx.need_it())]


@template("damage_attack", _GROUP + r"に「これの攻撃力」と同じダメージ。")
def _damage_attack(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(0, _GROUPS[m[1]], attack=True)]


@template(
    "leader_shield",
    r"このターン、自分のリーダー(?:は次のダメージを受けない|が次に受けるダメージを-(\d+)する)。",
)
def _leader_shield(m: re.Match[str], ctx: Context) -> list[Any]:
    return [LeaderShield(int(m[1]) if m[1] else -1)]


@template("damage_group_count", _GROUP + r"に" + _COUNTED + r"と同じダメージ。")
def _damage_group_count(m: re.Match[str], ctx: Context) -> list[Any]:
    if m["k"]:
        raise Unsupported("a multiple of a count as damage")
    return [Damage(0, _GROUPS[m[1]], _counted(m))]


@template("no_combat_damage_it", r"それはこのターン、「これは交戦ダメージを受けない」を持つ。")
def _no_combat_damage_it(m: re.Match[str], ctx: Context) -> list[Any]:
    """The chosen follower takes no combat damage this turn (an ability given for the turn)."""
    return [NoCombatDamage(ctx.need_it())]


@template(
    "keywords_and_no_damage",
    r"(?P<who>それ|これ)は(?P<kw>(?:【[^】]+】)+)とこのターン、「これはダメージを受けない」を持つ。",
)
def _keywords_and_no_damage(m: re.Match[str], ctx: Context) -> list[Any]:
    """Keywords for good and "takes no damage" for the turn (its English: "give it Assail
    and 'This takes no damage' until the end of the turn")."""
    to = ctx.need_it() if m["who"] == "それ" else "self"
    return [Buff(0, 0, to, keywords=keyword_ids(m["kw"])), DamageShield(to, False)]


@template(
    "damage_entered_attack",
    r"(?P<to>それ|" + _GROUP[1:-1] + r")に「場に出たフォロワーの攻撃力」と同じダメージ。",
)
def _damage_entered_attack(m: re.Match[str], ctx: Context) -> list[Any]:
    """Damage equal to the attack of the follower whose entering set the ability off."""
    if ctx.event != "enters":
        raise Unsupported("'the follower that entered' without such a trigger")
    to = ctx.need_it() if m["to"] == "それ" else _GROUPS[m["to"]]
    return [Scaled(Damage(1, to), None, 1, "attack_event")]


@template("damage_its_leader_its_attack", r"それのリーダーに「それの攻撃力」と同じダメージ。")
def _damage_its_leader_its_attack(m: re.Match[str], ctx: Context) -> list[Any]:
    """Damage to the leader of the enemy follower that went to the graveyard, equal to the
    attack it had on the field (CR 10.11.1: the last known information)."""
    if ctx.event != "left" or ctx.it_side != "enemy":
        raise Unsupported("'its leader, its attack' without an enemy follower that left")
    return [Scaled(Damage(1, "enemy_leader"), None, 1, "attack_left")]
