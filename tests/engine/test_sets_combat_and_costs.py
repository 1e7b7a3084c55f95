"""Triggers and costs as BP22 prints them: "when this deals combat damage" (with a per-turn
limit of ten), and a play cost reduced by more "instead" once a larger count is reached.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards import CardRecord
from engine.sve import Activate, Attack, Play
from engine.sve.actions import LEADER, End
from engine.sve.board import Zone
from engine.sve.compiler import compile_card
from engine.sve.effects.conditions import MyTurn
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.costs import PlayCostIf
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.stats import Engage
from engine.sve.position import add_card, position
from engine.sve.state import State
from tests.engine.library_cards import library_record, library_scripts, resolve_in_order

# --- "when this deals combat damage" (CR 5.14.3.2) -------------------------------------------


def _stander(atk: int) -> tuple[State, int, int]:
    """A game whose active player has a follower that stands when it deals combat damage,
    and an engaged enemy follower (both 9 defense); their uids."""
    script = CardScript("X-Stand", (Ability(Trigger.DEALT_COMBAT_DAMAGE, (Engage("self", True),)),))
    me = CardRecord("X-Stand", "Stand", cost=1, attack=atk, defense=9)
    foe = CardRecord("X-Foe", "Foe", cost=1, attack=2, defense=9)
    game = position(fields=([me], [foe]), scripts=Scripts([script]))
    return game, game.players[0].field[0], game.players[1].field[0]


@pytest.mark.parametrize(("atk", "stands"), [(3, True), (0, False)])
def test_combat_damage_dealt_by_the_attacker_fires_it(atk: int, stands: bool) -> None:
    """Attacking a follower and dealing it damage is combat damage (CR 5.14.3.2): the
    ability goes off; an attacker with 0 attack deals none and it does not."""
    game, me, foe = _stander(atk)
    game.writable(foe).engaged = True
    game.apply(Attack(me, foe))
    resolve_in_order(game)
    assert game.cards[foe].dfn == 9 - atk
    assert game.cards[me].engaged is not stands


@pytest.mark.parametrize(("target_leader", "fires"), [(False, True), (True, False)])
def test_damage_to_a_leader_is_not_combat_damage(target_leader: bool, fires: bool) -> None:
    """Damage to the leader is attack damage, not combat damage (CR 5.14.3.1): only a
    fight with a follower fires the ability."""
    game, me, foe = _stander(3)
    game.writable(foe).engaged = True
    game.apply(Attack(me, LEADER if target_leader else foe))
    resolve_in_order(game)
    assert game.cards[me].engaged is not fires


@pytest.mark.parametrize(("back", "fires"), [(2, True), (0, False)])
def test_the_attacked_follower_deals_combat_damage_too(back: int, fires: bool) -> None:
    """The attacked follower deals combat damage to the attacker (CR 8.4.9.1): its own
    ability goes off for its controller, when it dealt any."""
    script = CardScript("X-Stand", (Ability(Trigger.DEALT_COMBAT_DAMAGE, (Engage("self", True),)),))
    attacker = CardRecord("X-Att", "Att", cost=1, attack=1, defense=9)
    held = CardRecord("X-Stand", "Stand", cost=1, attack=back, defense=9)
    game = position(fields=([attacker], [held]), scripts=Scripts([script]))
    att, me = game.players[0].field[0], game.players[1].field[0]
    game.writable(me).engaged = True
    game.apply(Attack(att, me))
    resolve_in_order(game)
    assert game.cards[att].dfn == 9 - back
    assert game.cards[me].engaged is not fires


@pytest.mark.parametrize("card_id", ["BP22-019", "BP02-020"])
@pytest.mark.parametrize(("my_turn", "stands"), [(True, True), (False, False)])
def test_real_cards_stand_after_a_fight_in_their_turn_only(
    card_id: str, my_turn: bool, stands: bool
) -> None:
    """BP22-019 (ten times in each of your turns) and BP02-020 (during your turn): after a
    fight in which it dealt combat damage it stands in its player's turn; attacked in the
    opponent's turn it deals combat damage and stays engaged."""
    scripts = library_scripts(card_id)
    card = library_record(scripts, card_id, cost=4, atk=2, dfn=9)
    foe = CardRecord("X-Foe", "Foe", cost=1, attack=1, defense=9)
    fields = ([card], [foe]) if my_turn else ([foe], [card])
    game = position(fields=fields, pp=(0, 0), scripts=scripts)
    mine, theirs = game.players[0].field[0], game.players[1].field[0]
    game.writable(theirs).engaged = True
    game.apply(Attack(mine, theirs))
    resolve_in_order(game)
    uid = mine if my_turn else theirs
    assert game.cards[uid].dfn < 9 + (1 if card_id == "BP22-019" and my_turn else 0)
    assert game.cards[uid].engaged is not stands


def test_bp22_019_stands_up_to_ten_times_a_turn() -> None:
    """BP22-019 ``自分のターンごとに10回``: it stands after each of ten fights in a turn,
    and an eleventh fight leaves it engaged."""
    scripts = library_scripts("BP22-019")
    card = library_record(scripts, "BP22-019", cost=4, atk=1, dfn=99)
    foe = CardRecord("X-Foe", "Foe", cost=1, attack=0, defense=99)
    game = position(fields=([card], [foe]), scripts=scripts)
    me, theirs = game.players[0].field[0], game.players[1].field[0]
    for fight in range(11):
        game.writable(theirs).engaged = True
        game.apply(Attack(me, theirs))
        resolve_in_order(game)
        assert game.cards[me].engaged is (fight == 10), fight


# --- a play cost reduced more "instead" (CR 10.6.2.5.1.3) -------------------------------------


def _with_evolved(face_up: int) -> tuple[State, int]:
    """BP22-026 (cost 8) in hand, with ``face_up`` face-up evolved followers in the evolve
    deck (CR 4.6.3); the game and its uid."""
    scripts = library_scripts("BP22-026")
    card = library_record(scripts, "BP22-026", cost=8, atk=5, dfn=5)
    game = position(hands=([card], []), pp=(9, 0), scripts=scripts)
    p = game.players[0]
    for i in range(face_up):
        rec = CardRecord(f"X-E{i}", f"E{i}", card_type="evolved_follower", cost=1)
        uid = add_card(game, 0, rec, Zone.EVOLVE_DECK)
        p.evolve_deck.remove(uid)
        p.evolve_used.append(uid)
    return game, p.hand[0]


@pytest.mark.parametrize(("face_up", "cost"), [(4, 8), (5, 5), (9, 5), (10, 3)])
def test_bp22_026_costs_3_less_from_5_face_up_and_5_less_at_10(face_up: int, cost: int) -> None:
    """BP22-026: 5 or more face-up evolved followers in the evolve deck, 3 less; exactly
    10 of them, 5 less instead (not 8); fewer than 5, the printed cost."""
    game, uid = _with_evolved(face_up)
    assert game.play_cost(game.cards[uid]) == cost


def test_a_face_down_evolved_card_is_not_counted() -> None:
    """Only face-up evolved followers count (CR 4.6.3): face-down ones leave the cost."""
    game, uid = _with_evolved(0)
    for i in range(10):
        add_card(
            game, 0, CardRecord(f"X-D{i}", f"D{i}", card_type="evolved_follower"), Zone.EVOLVE_DECK
        )
    assert game.play_cost(game.cards[uid]) == 8


@pytest.mark.parametrize(("spells", "cost"), [(4, 9), (5, 6), (10, 3), (14, 3), (15, 0)])
def test_bp01_061_spellchain_tiers_take_the_largest_reduction(spells: int, cost: int) -> None:
    """BP01-061: Spellchain 5, 3 less; Spellchain 10, 6 less instead; Spellchain 15, 9
    less instead (CR 13.3.1: spells in your graveyard)."""
    scripts = library_scripts("BP01-061")
    card = library_record(scripts, "BP01-061", cost=9, atk=5, dfn=5)
    game = position(hands=([card], []), pp=(9, 0), scripts=scripts)
    for i in range(spells):
        add_card(game, 0, CardRecord(f"X-S{i}", f"S{i}", card_type="spell", cost=1), Zone.GRAVE)
    assert game.play_cost(game.cards[game.players[0].hand[0]]) == cost


@pytest.mark.shared
@pytest.mark.parametrize(
    ("card_id", "tiers"), [("BP22-026", [3, 5]), ("BP01-061", [3, 6, 9]), ("BP22-019", [])]
)
def test_real_text_compiles_to_these_abilities(
    card_id: str, tiers: list[int], sve_data: Path
) -> None:
    """From the real text: the tiered reductions in order (BP22-026, BP01-061); BP22-019's
    combat-damage trigger with its limit of ten in your turns."""
    from decklab.commands.engine import read_card_texts

    (card,) = [
        r for r in read_card_texts(sve_data / "cards_ja", sve_data / "sven") if r.card_id == card_id
    ]
    out = compile_card(card, {})
    assert out.status == "full"
    if not tiers:
        (ability,) = [a for a in out.abilities if a.trigger is Trigger.DEALT_COMBAT_DAMAGE]
        assert ability.times_per_turn == 10
        assert isinstance(ability.condition, MyTurn)
        return
    (static,) = [e for a in out.abilities for e in a.effects if isinstance(e, PlayCostIf)]
    assert [static.n, *(t.n for t in static.instead)] == tiers


# --- "this turn, cards you play from your EX area cost N less" (CR 10.4.4.1) ----------------


def _golems(acts: int) -> tuple[State, list[int]]:
    """BP22-049 on the field, its activated ability used ``acts`` times (3 PP each); two
    ゴーレム cards and a 兵士 card in the EX area and a ゴーレム card in the hand (cost 4
    each). The game and the uids: EX golems, EX soldier, hand golem."""
    scripts = library_scripts("BP22-049")
    jasper = library_record(scripts, "BP22-049", cost=4, atk=4, dfn=4)
    golem = CardRecord("X-G", "G", cost=4, attack=1, defense=1, traits=("ゴーレム",))
    soldier = CardRecord("X-S", "S", cost=4, attack=1, defense=1, traits=("兵士",))
    game = position(
        fields=([jasper], []),
        ex=([golem, golem, soldier], []),
        hands=([golem], []),
        pp=(10, 0),
        max_pp=(10, 0),
        scripts=scripts,
    )
    p = game.players[0]
    for _ in range(acts):
        game.apply(Activate(p.field[0], 0))
        resolve_in_order(game)
    return game, [*p.ex, p.hand[0]]


@pytest.mark.parametrize(("acts", "less"), [(0, 0), (1, 3), (2, 4)])
def test_bp22_049_golems_from_the_ex_area_cost_3_less_each_time(acts: int, less: int) -> None:
    """BP22-049's act (cost 3): this turn every ゴーレム card played from the EX area costs
    3 less (twice: 6 less, not below 0); a ゴーレム card in the hand and a card of another
    trait in the EX area cost what they cost."""
    game, (g1, g2, soldier, in_hand) = _golems(acts)
    assert game.players[0].pp == 10 - 3 * acts
    cost = game.play_cost
    assert [cost(game.cards[u]) for u in (g1, g2)] == [4 - less, 4 - less]
    assert cost(game.cards[soldier]) == 4
    assert cost(game.cards[in_hand]) == 4


def test_bp22_049_lasts_the_turn_not_only_the_next_card() -> None:
    """The reduction is not used up by the first golem played from the EX area (unlike "the
    next card you play"): the second costs 3 less too; next turn it is gone."""
    game, (g1, g2, _soldier, _in_hand) = _golems(1)
    game.apply(Play(g1))
    resolve_in_order(game)
    assert game.players[0].pp == 7 - 1
    assert game.play_cost(game.cards[g2]) == 1
    game.apply(End())
    while game.decision is not None and game.active == 0:
        game.apply(game.legal_actions()[0])
    assert game.active == 1
    assert game.play_cost(game.cards[g2]) == 4


# --- "its leader takes damage equal to its attack" after it died (CR 10.11.1) ----------------


@pytest.mark.parametrize(("buff", "my_turn", "damage"), [(0, True, 3), (2, True, 5), (2, False, 0)])
def test_bp22_025_hits_the_dead_followers_leader_for_its_last_attack(
    buff: int, my_turn: bool, damage: int
) -> None:
    """BP22-025: in your turn, when an enemy follower goes from the field to the graveyard,
    its leader takes damage equal to the attack it had on the field (a +2 buff counts, CR
    10.11.1, though in the graveyard it is its printed card again); in the opponent's turn
    nothing happens."""
    scripts = library_scripts("BP22-025")
    slayer = library_record(scripts, "BP22-025", cost=4, atk=1, dfn=9)
    foe = CardRecord("X-Foe", "Foe", cost=1, attack=3, defense=1)
    game = position(fields=([slayer], [foe]), active=0 if my_turn else 1, scripts=scripts)
    uid = game.players[1].field[0]
    game.decision = None
    game.modify(uid, buff, 0, (), False)
    game.destroy([uid])
    game._run()
    resolve_in_order(game)
    assert game.cards[uid].atk == 3  # the printed card in the graveyard
    assert game.players[1].hp == 20 - damage


def test_the_last_attack_is_kept_for_a_follower_that_left() -> None:
    """A card that left the field keeps the attack it had there (CR 10.11.1) while it is
    its printed card again (CR 4.1.4)."""
    foe = CardRecord("X-Foe", "Foe", cost=1, attack=3, defense=1)
    game = position(fields=([], [foe]))
    uid = game.players[1].field[0]
    game.modify(uid, 4, 0, (), False)
    game.destroy([uid])
    card = game.cards[uid]
    assert (card.atk, card.left_atk) == (3, 7)
