"""Keyword rules read against the comprehensive rules: Drain, Bane, Ward, Quick."""

from __future__ import annotations

import pytest

from engine.sve import LEADER, Attack
from engine.sve.abilities import (
    Ability,
    CardScript,
    DamageCap,
    LeaderShield,
    NoDamage,
    Scripts,
    Trigger,
)
from engine.sve.position import OnField, follower, position
from engine.sve.state import Frame

LEECH = follower("Leech", 3, 5, 5, "drain")
WALL = follower("Wall", 3, 0, 9)
CAPPED = follower("Capped", 3, 0, 9)
"""Takes at most 2 damage at a time (a DamageCap of its own)."""
CAP_SCRIPTS = Scripts([CardScript(CAPPED.card_id, (Ability(Trigger.STATIC, (DamageCap(1, 2),)),))])


def _leader_shield(less: int):
    def setup(g) -> None:
        LeaderShield(less).run(g, Frame((), -1, 1))

    return setup


def _no_damage(g) -> None:
    NoDamage().run(g, Frame((), 1, 1))


@pytest.mark.parametrize(
    ("defender", "target", "setup", "healed"),
    [
        (None, LEADER, None, 5),  # the whole attack was dealt
        (None, LEADER, _leader_shield(3), 2),  # "the next damage is 3 less"
        (None, LEADER, _leader_shield(-1), 0),  # "takes no next damage": nothing dealt
        (WALL, 1, None, 5),
        (CAPPED, 1, None, 2),  # capped at 2
        (WALL, 1, _no_damage, 0),  # "takes no damage this turn"
    ],
    ids=["leader", "leader-shield-3", "leader-no-damage", "follower", "follower-cap", "prevented"],
)
def test_cr_12_13_2_drain_heals_by_the_damage_actually_dealt(
    defender, target, setup, healed: int
) -> None:
    """CR 12.13.2: Drain raises the leader's defense by the damage the attack dealt, after
    shields, caps and prevention; nothing when it was prevented."""
    enemy = [] if defender is None else [OnField(defender, engaged=True)]
    g = position(fields=([LEECH], enemy), hp=(10, 20), scripts=CAP_SCRIPTS)
    if setup is not None:
        setup(g)
    g.apply(Attack(0, target))
    assert g.players[0].hp == 10 + healed
