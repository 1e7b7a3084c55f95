"""Behaviour of real Abysscraft and Dragoncraft cards and the mechanics they brought.

Each card's script is read from the committed library (compiled from the card text or
encoded by hand); positions are set up directly. Card text is never written here.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Choose, Evolve, Play
from engine.sve.board import Zone
from engine.sve.effects.scripts import Scripts
from engine.sve.library import library, script_of
from engine.sve.position import evolved, position
from engine.sve.state import State
from tests.engine.library_cards import library_scripts as _lib


def _rec(
    card_id: str,
    name: str = "",
    card_type: str = "follower",
    cost: int = 1,
    attack: int = 1,
    defense: int = 1,
    keywords: tuple[str, ...] = (),
    traits: tuple[str, ...] = (),
    card_class: str | None = None,
) -> CardRecord:
    return CardRecord(
        card_id,
        name or card_id,
        card_class=card_class,
        card_type=card_type,
        cost=cost,
        attack=attack,
        defense=defense,
        keywords=keywords,
        traits=traits,
    )


def _options(game: State) -> list[str]:
    assert game.decision is not None
    return list(game.decision.options)


# --- BP10-054: Ward; leaving the field heals; Fanfare: top card to EX, maybe evolve/return --

IRANZA = _rec("BP10-054", "Iranza", cost=8, attack=8, defense=8, keywords=("ward",))


def _iranza_game(top_cost: int, with_evolve: bool = True) -> tuple[State, int]:
    top = _rec("X-top", cost=top_cost)
    game = position(
        hands=([IRANZA], []),
        decks=([_rec("X-low", cost=1)] * 3 + [top], 5),
        evolve=([evolved(IRANZA)] if with_evolve else [], []),
        pp=(8, 0),
        scripts=_lib("BP10-054"),
    )
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    game.apply(Choose("stand"))  # Ward: enter standing
    return game, uid


def test_iranza_high_cost_top_card_offers_evolve_or_return() -> None:
    """BP10-054: the top card (cost 8) goes to the EX area; the player may evolve it."""
    game, uid = _iranza_game(8)
    (ex,) = game.players[0].ex
    assert game.cards[ex].base.card_id == "X-top"
    assert _options(game) == ["evolve", "return"]
    game.apply(Choose("evolve"))
    assert game.cards[uid].zone is Zone.FIELD
    assert game.cards[uid].evo >= 0


def test_iranza_return_to_hand_heals_the_leader() -> None:
    """BP10-054: choosing to return it to the hand makes it leave the field: +8 defense."""
    game, uid = _iranza_game(5)
    game.apply(Choose("return"))
    assert game.cards[uid].zone is Zone.HAND
    assert game.players[0].hp == 28


def test_iranza_low_cost_top_card_does_nothing_more() -> None:
    """BP10-054: a top card of cost 4 goes to the EX area and Iranza stays, unevolved."""
    game, uid = _iranza_game(4)
    assert game.players[0].ex
    assert game.cards[uid].zone is Zone.FIELD
    assert game.cards[uid].evo < 0
    assert game.players[0].hp == 20
    assert game.decision is not None
    assert game.decision.options == []


def test_iranza_without_evolved_card_returns_without_asking() -> None:
    """BP10-054: with no evolved card to evolve into, the only option (return) is done."""
    game, uid = _iranza_game(9, with_evolve=False)
    assert game.cards[uid].zone is Zone.HAND
    assert game.players[0].hp == 28


def test_iranza_full_ex_area_puts_nothing() -> None:
    """BP10-054: with a full EX area the top card stays in the deck and nothing follows."""
    top = _rec("X-top", cost=9)
    game = position(
        hands=([IRANZA], []),
        decks=([top], 5),
        ex=([_rec("X-ex")] * 5, []),
        evolve=([evolved(IRANZA)], []),
        pp=(8, 0),
        scripts=_lib("BP10-054"),
    )
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    game.apply(Choose("stand"))
    assert game.cards[game.players[0].deck[-1]].base.card_id == "X-top"
    assert game.cards[uid].zone is Zone.FIELD
    assert game.cards[uid].evo < 0


# --- BP14-070: Advance act (CR 12.16): banish this, put the Advance card onto the field -----

ITSURUGI = _rec("BP14-070", "Itsurugi", cost=2, attack=3, defense=2, card_class="abyss")
PARADISE = _rec(
    "X-adv", "楽園の終焉・イツルギ", card_type="advance_follower", cost=4, attack=6, defense=5
)
REVEL = _rec("X-revel", cost=1, traits=("宴楽",))
ABYSS = _rec("X-abyss", cost=1, card_class="abyss")


def _itsurugi(grave: list[CardRecord], pp: int = 4, ep: int = 0) -> tuple[State, int]:
    from engine.sve.position import add_card

    game = position(
        fields=([ITSURUGI], []),
        evolve=([PARADISE], []),
        pp=(pp, 0),
        ep=(ep, 0),
        scripts=Scripts([script_of("BP14-070", library()["cards"]["BP14-070"])]),
    )
    for rec in grave:
        add_card(game, 0, rec, Zone.GRAVE)
    game.zone_seen = -1
    return game, game.players[0].field[0]


def test_advance_needs_its_graveyard_condition() -> None:
    """BP14-070: 4 宴楽 cards and 9 Abysscraft cards in the graveyard: not usable; a fifth
    宴楽 card (or a tenth Abysscraft card) makes it usable."""
    from engine.sve.actions import Activate

    game, uid = _itsurugi([REVEL] * 4 + [ABYSS] * 5)
    assert Activate(uid, 0) not in game.legal_actions()
    game, uid = _itsurugi([REVEL] * 5)
    assert Activate(uid, 0) in game.legal_actions()
    game, uid = _itsurugi([ABYSS] * 10)
    assert Activate(uid, 0) in game.legal_actions()


def test_advance_banishes_itself_and_puts_the_advance_card_onto_the_field() -> None:
    """BP14-070: paying 4 PP banishes it; the named Advance card comes from the evolve deck;
    this counts as the turn's evolve (CR 8.3.2.1)."""
    from engine.sve.actions import Activate

    game, uid = _itsurugi([REVEL] * 5)
    game.apply(Activate(uid, 0))
    assert game.cards[uid].zone is Zone.BANISH
    assert game.players[0].pp == 0
    (adv,) = game.players[0].evolve_deck
    assert _options(game) == [str(adv), "done"]
    game.apply(Choose(str(adv)))
    assert game.players[0].field == [adv]
    assert game.players[0].evolved_on == game.turn


def test_advance_may_pay_one_pp_with_ep() -> None:
    """BP14-070 (CR 12.16.3): with 3 PP and 1 EP it is usable and takes the EP; with 4 PP
    and 1 EP the player chooses; with 3 PP and no EP it is not usable."""
    from engine.sve.actions import Activate

    game, uid = _itsurugi([REVEL] * 5, pp=3, ep=0)
    assert Activate(uid, 0) not in game.legal_actions()
    game, uid = _itsurugi([REVEL] * 5, pp=3, ep=1)
    game.apply(Activate(uid, 0))
    assert (game.players[0].pp, game.players[0].ep) == (0, 0)
    game, uid = _itsurugi([REVEL] * 5, pp=4, ep=1)
    game.apply(Activate(uid, 0))
    assert _options(game) == ["pp", "ep"]
    game.apply(Choose("ep"))
    assert (game.players[0].pp, game.players[0].ep) == (1, 0)


def test_advance_not_after_an_evolve_this_turn() -> None:
    """BP14-070 (CR 8.3.2.1): after an evolve this turn the Advance ability is not usable."""
    from engine.sve.actions import Activate

    game, uid = _itsurugi([REVEL] * 5)
    game.players[0].evolved_on = game.turn
    assert Activate(uid, 0) not in game.legal_actions()


def test_advance_card_leaving_the_field_goes_face_up_to_the_evolve_deck() -> None:
    """CR 9.2.2: the Advance card destroyed (or returned) goes face up to the evolve deck."""
    from engine.sve.actions import Activate

    game, uid = _itsurugi([REVEL] * 5)
    game.apply(Activate(uid, 0))
    (adv,) = game.players[0].evolve_deck
    game.apply(Choose(str(adv)))
    game.destroy([adv])
    assert game.cards[adv].zone is Zone.EVOLVE_DECK
    assert game.players[0].evolve_used == [adv]
    assert adv not in game.players[0].grave


# --- BP11-074: once per turn, a cost-1 token of yours that leaves comes back as a new one ---

PICKAXE = _rec("BP11-074", "Pickaxe", cost=3, attack=3, defense=3, card_class="abyss")
SKULL = _rec("X-skull", "Skull", card_type="token_follower", cost=1)
BIG = _rec("X-big", "Big", card_type="token_follower", cost=2)


def _settle(game: State) -> None:
    """Let waiting abilities resolve after a direct change to the position."""
    game.decision = None
    game._run()


def _names_on_field(game: State, player: int = 0) -> list[str]:
    return sorted(game.cards[u].base.name for u in game.players[player].field)


def _pickaxe_game(*tokens: CardRecord) -> State:
    game = position(fields=([PICKAXE], []), scripts=_lib("BP11-074"))
    for rec in tokens:
        game.create_token(0, rec)
    return game


def test_pickaxe_replaces_a_cost_one_token_once_per_turn() -> None:
    """BP11-074: a cost-1 token of yours leaving the field is replaced by a new one of the
    same name; the second one that turn is not."""
    game = _pickaxe_game(SKULL, SKULL)
    first, second = game.players[0].field[1:]
    game.destroy([first])
    _settle(game)
    assert _names_on_field(game) == ["Pickaxe", "Skull", "Skull"]
    assert first not in game.players[0].field
    game.destroy([second])
    _settle(game)
    assert _names_on_field(game) == ["Pickaxe", "Skull"]


def test_pickaxe_ignores_other_cards() -> None:
    """BP11-074: a cost-2 token or an enemy's cost-1 token leaving brings nothing back."""
    game = _pickaxe_game(BIG)
    game.create_token(1, SKULL)
    game.destroy([game.players[0].field[1], game.players[1].field[0]])
    _settle(game)
    assert _names_on_field(game) == ["Pickaxe"]
    assert game.players[1].field == []


def test_pickaxe_sees_a_token_destroyed_with_it() -> None:
    """BP11-074 (CR 10.7.4.2): destroyed at the same time as the token, it still makes the
    new token."""
    game = _pickaxe_game(SKULL)
    game.destroy(sorted(game.players[0].field))
    _settle(game)
    assert _names_on_field(game) == ["Skull"]


def test_pickaxe_fanfare_cost_feeds_its_own_trigger() -> None:
    """BP11-074: its Fanfare may put a token of yours into the graveyard to deal 4 damage;
    the token then comes back."""
    enemy = _rec("X-enemy", cost=4, attack=4, defense=5)
    game = position(
        hands=([PICKAXE], []), fields=([], [enemy]), pp=(3, 0), scripts=_lib("BP11-074")
    )
    game.create_token(0, SKULL)
    game.apply(Play(game.players[0].hand[0]))
    assert _options(game) == ["pay", "done"]
    game.apply(Choose("pay"))
    skull = game.players[0].field[0]
    game.apply(Choose(str(skull)))
    foe = game.players[1].field[0]
    game.apply(Choose(str(foe)))
    assert game.cards[foe].dfn == 1
    assert _names_on_field(game) == ["Pickaxe", "Skull"]


# --- BP11-069: when this becomes engaged, the opponent discards a card of their choice ------

RENDRING = _rec("BP11-069", "Rendring", cost=5, attack=5, defense=5, card_class="abyss")


def test_rendring_attack_makes_the_opponent_discard() -> None:
    """BP11-069: attacking engages it; the opponent chooses one card of their hand to
    discard."""
    from engine.sve.actions import LEADER as LEADER_TARGET
    from engine.sve.actions import Attack

    game = position(
        fields=([RENDRING], []),
        hands=([], [_rec("X-a"), _rec("X-b")]),
        scripts=_lib("BP11-069"),
        turn=3,
    )
    uid = game.players[0].field[0]
    game.apply(Attack(uid, LEADER_TARGET))
    assert game.decision is not None
    assert game.decision.player == 1
    a, b = sorted(game.players[1].hand)
    assert _options(game) == [str(a), str(b)]
    game.apply(Choose(str(b)))
    assert game.players[1].hand == [a]
    assert game.players[1].grave == [b]


def test_rendring_engaged_by_an_effect_triggers_standing_does_not() -> None:
    """BP11-069: engaged by an effect it triggers too; standing it or an empty enemy hand
    does nothing."""
    game = position(fields=([RENDRING], []), hands=([], [_rec("X-a")]), scripts=_lib("BP11-069"))
    uid = game.players[0].field[0]
    game.set_engaged(uid, False)
    _settle(game)
    assert len(game.players[1].hand) == 1
    game.set_engaged(uid, True)
    _settle(game)
    (card,) = game.players[1].hand
    assert _options(game) == [str(card)]
    game.apply(Choose(str(card)))
    assert game.players[1].hand == []
    game.set_engaged(uid, False)
    game.set_engaged(uid, True)
    _settle(game)
    assert game.decision is not None
    assert game.decision.player == 0
    assert len(game.players[1].grave) == 1


def test_opponent_discards_at_random() -> None:
    """CR 5.19: 'the opponent discards N at random' takes cards without asking anyone."""
    from engine.sve.effects.core import Ability, CardScript, Trigger
    from engine.sve.effects.zones import DiscardCards

    spell = _rec("X-rand", card_type="spell", cost=1)
    scripts = Scripts(
        [CardScript("X-rand", (Ability(Trigger.SPELL, (DiscardCards(2, "opponent", True),)),))]
    )
    game = position(
        hands=([spell], [_rec("X-a"), _rec("X-b"), _rec("X-c")]), pp=(1, 0), scripts=scripts
    )
    game.apply(Play(game.players[0].hand[0]))
    assert len(game.players[1].hand) == 1
    assert len(game.players[1].grave) == 2
    assert game.decision is not None
    assert game.decision.player == 0


# --- BP12-079: choose one: leader damage both ways, or Product Machine tokens ---------------

WALTZ = _rec("BP12-079", "Waltz", card_type="spell", cost=1)
MONO = _rec("X-mono", "真紅の抗戦者・モノ", cost=2)


def _waltz(mode: str, mono: bool = False) -> State:
    game = position(
        hands=([WALTZ], []),
        fields=([MONO] if mono else [], []),
        pp=(1, 0),
        scripts=_lib("BP12-079"),
    )
    game.apply(Play(game.players[0].hand[0]))
    assert _options(game) == ["mode1", "mode2"]
    game.apply(Choose(mode))
    return game


def _machines(game: State, zone: list[int]) -> int:
    return sum(1 for u in zone if game.cards[u].base.name == "プロダクトマシーン")


def test_waltz_mode_one_hurts_both_leaders() -> None:
    """BP12-079 (1): 2 damage to the enemy leader, 1 damage to your own."""
    game = _waltz("mode1")
    assert (game.players[0].hp, game.players[1].hp) == (19, 18)


def test_waltz_mode_two_machine_to_field_and_ex() -> None:
    """BP12-079 (2): one Product Machine onto the field and one into the EX area."""
    game = _waltz("mode2")
    assert _machines(game, game.players[0].field) == 1
    assert _machines(game, game.players[0].ex) == 1


def test_waltz_mode_two_with_mono_puts_both_onto_the_field() -> None:
    """BP12-079 (2): with the named ally on the field, the second one goes onto the field
    instead of the EX area."""
    game = _waltz("mode2", mono=True)
    assert _machines(game, game.players[0].field) == 2
    assert _machines(game, game.players[0].ex) == 0


# --- BP12-082: Ward; damage cap with Ennea; comes back from the graveyard with Ennea -------

MANMARU = _rec("BP12-082", "Manmaru", cost=1, attack=1, defense=3, keywords=("ward",))
ENNEA = _rec("X-ennea", "紫紺の抵抗者・エンネア", cost=3, attack=2, defense=3)


def test_manmaru_takes_one_from_big_damage_only_with_ennea() -> None:
    """BP12-082: with Ennea on your field, 2 or more damage it takes becomes 1; 1 damage
    stays 1; without Ennea 2 damage is 2."""
    game = position(fields=([MANMARU, ENNEA], []), scripts=_lib("BP12-082"))
    uid = game.players[0].field[0]
    game.deal_damage(uid, 5)
    assert game.cards[uid].dfn == 2
    game.deal_damage(uid, 1)
    assert game.cards[uid].dfn == 1
    game = position(fields=([MANMARU], []), scripts=_lib("BP12-082"))
    uid = game.players[0].field[0]
    game.deal_damage(uid, 2)
    assert game.cards[uid].dfn == 1


def test_manmaru_returns_from_the_graveyard_only_with_ennea() -> None:
    """BP12-082: for 1 PP it comes from the graveyard with +1 attack and 'Last Words: banish
    this', only while Ennea is on your field; then destroyed it is banished."""
    from engine.sve.actions import Activate
    from engine.sve.position import add_card

    game = position(fields=([], []), pp=(1, 0), scripts=_lib("BP12-082"))
    uid = add_card(game, 0, MANMARU, Zone.GRAVE)
    assert Activate(uid, 0) not in game.legal_actions()
    game = position(fields=([ENNEA], []), pp=(1, 0), scripts=_lib("BP12-082"))
    uid = add_card(game, 0, MANMARU, Zone.GRAVE)
    game.zone_seen = -1
    game.apply(Activate(uid, 0))
    assert game.cards[uid].zone is Zone.FIELD
    assert game.cards[uid].atk == 2
    assert game.players[0].pp == 0
    game.destroy([uid])
    _settle(game)
    assert game.cards[uid].zone is Zone.BANISH


# --- BP17-080: choose one: a Machine follower to the hand, or pay 6 more for three ---------

HOPE = _rec("BP17-080", "Hope", card_type="spell", cost=1)


def _machine(cost: int) -> CardRecord:
    return _rec(f"X-m{cost}", f"M{cost}", cost=cost, traits=("機械",))


def test_hope_second_option_needs_six_more_pp() -> None:
    """BP17-080 (CR 5.18.3.1.2): with 6 PP after playing it both options are offered; with
    5 only the first."""
    deck = [_machine(4), _machine(3), _machine(2), _machine(5)]
    game = position(hands=([HOPE], []), decks=(deck, 3), pp=(6, 0), scripts=_lib("BP17-080"))
    game.apply(Play(game.players[0].hand[0]))
    assert _options(game) == ["mode1"]
    game = position(hands=([HOPE], []), decks=(deck, 3), pp=(7, 0), scripts=_lib("BP17-080"))
    game.apply(Play(game.players[0].hand[0]))
    assert _options(game) == ["mode1", "mode2"]


def test_hope_first_option_finds_a_machine_follower() -> None:
    """BP17-080 (1): a Machine follower of any cost is found and put into the hand."""
    deck = [_rec("X-other", cost=1), _machine(5)]
    game = position(hands=([HOPE], []), decks=(deck, 3), pp=(1, 0), scripts=_lib("BP17-080"))
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("mode1"))
    (found,) = [o for o in _options(game) if o != "done"]
    assert game.cards[int(found)].base.card_id == "X-m5"
    game.apply(Choose(found))
    assert int(found) in game.players[0].hand


def test_hope_second_option_puts_three_machines_onto_the_field() -> None:
    """BP17-080 (2): 6 PP more; then machines of cost 4-or-less, 3-or-less and 2-or-less
    are found one after the other and put onto the field (a cost-5 one never qualifies)."""
    deck = [_machine(4), _machine(3), _machine(2), _machine(5)]
    game = position(hands=([HOPE], []), decks=(deck, 3), pp=(7, 0), scripts=_lib("BP17-080"))
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("mode2"))
    assert game.players[0].pp == 0
    for cost in (4, 3, 2):
        options = [o for o in _options(game) if o != "done"]
        assert all((game.cards[int(o)].base.cost or 0) <= cost for o in options)
        pick = next(o for o in options if game.cards[int(o)].base.cost == cost)
        game.apply(Choose(pick))
    assert _names_on_field(game) == ["M2", "M3", "M4"]


# --- BP16-057: costs 2 less with big Dragoncraft cards in the graveyard; discard to burn ---

BURNED = _rec("BP16-057", "Burned", cost=7, attack=5, defense=5, card_class="dragon")
BIG_DRAGON = _rec("X-bigdragon", cost=7, card_class="dragon")


def _burned_game(big_in_grave: int, pp: int, hand: tuple[CardRecord, ...] = ()) -> State:
    from engine.sve.position import add_card

    enemy = _rec("X-enemy", cost=4, attack=4, defense=6)
    game = position(
        hands=([BURNED, *hand], []), fields=([], [enemy]), pp=(pp, 0), scripts=_lib("BP16-057")
    )
    for _ in range(big_in_grave):
        add_card(game, 0, BIG_DRAGON, Zone.GRAVE)
    add_card(game, 0, _rec("X-smalldragon", cost=6, card_class="dragon"), Zone.GRAVE)
    return game


def test_burned_costs_two_less_with_four_big_dragons_in_the_graveyard() -> None:
    """BP16-057: with 4 Dragoncraft cards of cost 7+ in the graveyard it is playable for
    5 PP; with 3 (and a cost-6 one) it is not."""
    game = _burned_game(3, 5)
    uid = game.players[0].hand[0]
    assert Play(uid) not in game.legal_actions()
    game = _burned_game(4, 5)
    uid = game.players[0].hand[0]
    assert Play(uid) in game.legal_actions()
    game.apply(Play(uid))
    assert game.players[0].pp == 0


def test_burned_fanfare_deals_the_discarded_cards_cost() -> None:
    """BP16-057: Fanfare: discard a card; an enemy follower takes damage equal to its cost;
    draw a card. Declining the cost does nothing."""
    game = _burned_game(0, 7, (_rec("X-four", cost=4),))
    burned, four = game.players[0].hand
    game.apply(Play(burned))
    assert _options(game) == ["pay", "done"]
    game.apply(Choose("pay"))
    assert _options(game) == [str(four)]
    game.apply(Choose(str(four)))
    foe = game.players[1].field[0]
    game.apply(Choose(str(foe)))
    assert game.cards[foe].dfn == 2
    assert len(game.players[0].hand) == 1
    assert four in game.players[0].grave
    game = _burned_game(0, 7, (_rec("X-four", cost=4),))
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("done"))
    assert game.cards[game.players[1].field[0]].dfn == 6
    assert len(game.players[0].hand) == 1


# --- BP15-060: when you discard a card, you may engage this to draw -----------------------

DRAGOON = _rec("BP15-060", "Dragoon", cost=1, attack=1, defense=1, card_class="dragon")


def _dragoon_game(engaged: bool = False) -> State:
    from engine.sve.position import OnField

    return position(
        fields=([OnField(DRAGOON, engaged=engaged)], []),
        hands=([_rec("X-a"), _rec("X-b")], [_rec("X-c")]),
        decks=(5, 5),
        scripts=_lib("BP15-060"),
    )


def test_dragoon_engages_to_draw_when_you_discard() -> None:
    """BP15-060: you discard a card; it may engage to draw one (declining keeps it
    standing)."""
    game = _dragoon_game()
    uid = game.players[0].field[0]
    game.discard_card(0, game.players[0].hand[0])
    _settle(game)
    assert _options(game) == ["pay", "done"]
    game.apply(Choose("pay"))
    assert game.cards[uid].engaged
    assert len(game.players[0].hand) == 2
    game = _dragoon_game()
    game.discard_card(0, game.players[0].hand[0])
    _settle(game)
    game.apply(Choose("done"))
    assert not game.cards[game.players[0].field[0]].engaged
    assert len(game.players[0].hand) == 1


def test_dragoon_needs_to_stand_and_your_own_discard() -> None:
    """BP15-060: engaged already, or the opponent discarding, nothing is offered."""
    game = _dragoon_game(engaged=True)
    game.discard_card(0, game.players[0].hand[0])
    _settle(game)
    assert game.decision is not None
    assert game.decision.options == []
    assert len(game.players[0].hand) == 1
    game = _dragoon_game()
    game.discard_card(1, game.players[1].hand[0])
    _settle(game)
    assert game.decision is not None
    assert game.decision.options == []
    assert len(game.players[0].hand) == 2


def test_either_player_discarding_triggers_in_your_turn_only() -> None:
    """BP11-070: in your turn, either player discarding makes you engage an enemy follower;
    in the opponent's turn nothing happens."""
    card = _rec("BP11-070", "Rendring-70", cost=5, attack=5, defense=5)
    enemy = _rec("X-enemy", cost=2, attack=2, defense=2)
    for discarder in (0, 1):
        game = position(
            fields=([card], [enemy]),
            hands=([_rec("X-a")], [_rec("X-b")]),
            scripts=_lib("BP11-070"),
        )
        game.discard_card(discarder, game.players[discarder].hand[0])
        _settle(game)
        foe = game.players[1].field[0]
        assert _options(game) == [str(foe)]
        game.apply(Choose(str(foe)))
        assert game.cards[foe].engaged
    game = position(
        active=1,
        fields=([card], [enemy]),
        hands=([_rec("X-a")], [_rec("X-b")]),
        scripts=_lib("BP11-070"),
    )
    game.discard_card(1, game.players[1].hand[0])
    _settle(game)
    assert not game.cards[game.players[1].field[0]].engaged


# --- BP17-062: engage and sacrifice this amulet: Lowen takes no damage the next time -------

SPEAR = _rec("BP17-062", "Spear", card_type="amulet", cost=1, card_class="dragon")
LOWEN = _rec("X-lowen", "竜槍の戦士・ローウェン", cost=3, attack=3, defense=4)


def test_spear_shields_lowen_from_the_next_damage_only() -> None:
    """BP17-062: engage it and put it into the graveyard: Lowen takes no damage the next
    time; the damage after that is dealt."""
    from engine.sve.actions import Activate

    game = position(fields=([SPEAR, LOWEN], []), scripts=_lib("BP17-062"))
    spear, lowen = game.players[0].field
    game.apply(Activate(spear, 0))
    assert game.cards[spear].zone is Zone.GRAVE
    assert _options(game) == [str(lowen)]
    game.apply(Choose(str(lowen)))
    game.deal_damage(lowen, 3)
    assert game.cards[lowen].dfn == 4
    game.deal_damage(lowen, 3)
    assert game.cards[lowen].dfn == 1


def test_spear_needs_lowen_on_your_field() -> None:
    """BP17-062: without Lowen on your field the ability cannot be played (CR 10.6.2.1.2)."""
    from engine.sve.actions import Activate

    other = _rec("X-other", "Other", cost=3, attack=3, defense=4)
    game = position(fields=([SPEAR, other], [LOWEN]), scripts=_lib("BP17-062"))
    assert Activate(game.players[0].field[0], 0) not in game.legal_actions()


def test_damage_shield_for_the_whole_turn() -> None:
    """'This turn, it takes no damage' (BP08-005's wording): every damage this turn is
    prevented, not only the next; next turn it is dealt again."""
    from engine.sve.effects.core import Ability, CardScript, Trigger
    from engine.sve.effects.damage import DamageShield
    from engine.sve.effects.selectors import Select, Targets

    spell = _rec("X-shield", card_type="spell", cost=1)
    script = CardScript(
        "X-shield",
        (Ability(Trigger.SPELL, (Select(Targets(side="own")), DamageShield("targets", False))),),
    )
    game = position(hands=([spell], []), fields=([LOWEN], []), pp=(1, 0), scripts=Scripts([script]))
    lowen = game.players[0].field[0]
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose(str(lowen)))
    game.deal_damage(lowen, 2)
    game.deal_damage(lowen, 2)
    assert game.cards[lowen].dfn == 4
    game.turn += 1
    game.deal_damage(lowen, 2)
    assert game.cards[lowen].dfn == 2


# --- BP18-061: Ward; enemy followers go to banishment instead of the graveyard ------------

FAFNIR = _rec("BP18-061", "Fafnir", cost=8, attack=7, defense=8, keywords=("ward",))


def test_fafnir_fanfare_banishes_what_it_destroys() -> None:
    """BP18-061: Fanfare deals 8 to every enemy follower and 4 to the enemy leader; the
    destroyed followers are banished instead of going to the graveyard."""
    foes = [_rec("X-e1", cost=2, attack=2, defense=2), _rec("X-e2", cost=9, attack=9, defense=9)]
    game = position(hands=([FAFNIR], []), fields=([], foes), pp=(8, 0), scripts=_lib("BP18-061"))
    small, big = game.players[1].field
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("stand"))
    assert game.cards[small].zone is Zone.BANISH
    assert game.players[1].grave == []
    assert game.cards[big].dfn == 1
    assert game.players[1].hp == 16


def test_fafnir_spares_your_own_followers_and_needs_to_be_on_the_field() -> None:
    """BP18-061: your own destroyed follower still goes to the graveyard; without Fafnir on
    the field an enemy follower does too."""
    mine, foe = _rec("X-mine", cost=1), _rec("X-foe", cost=1)
    game = position(fields=([FAFNIR, mine], [foe]), scripts=_lib("BP18-061"))
    game.destroy([game.players[0].field[1], game.players[1].field[0]])
    assert len(game.players[0].grave) == 1
    assert len(game.players[1].banish) == 1
    game = position(fields=([mine], [foe]), scripts=_lib("BP18-061"))
    game.destroy([game.players[1].field[0]])
    assert len(game.players[1].grave) == 1


# --- BP12-075: up to 2 Machine followers from the graveyard, total original cost 5 or less --


def _resonance() -> tuple[State, dict[int, int]]:
    from engine.sve.position import add_card

    spell = _rec("BP12-075", "Resonance", card_type="spell", cost=5)
    game = position(hands=([spell], []), pp=(5, 0), scripts=_lib("BP12-075"))
    by_cost = {c: add_card(game, 0, _machine(c), Zone.GRAVE) for c in (4, 3, 2)}
    add_card(game, 0, _rec("X-plain", cost=1), Zone.GRAVE)
    game.apply(Play(game.players[0].hand[0]))
    return game, by_cost


def test_resonance_keeps_the_total_cost_within_five() -> None:
    """BP12-075: the Machine followers are offered (not the other card); after a cost-3 one
    only the cost-2 one still fits; both come onto the field."""
    game, by_cost = _resonance()
    assert _options(game) == [str(by_cost[4]), str(by_cost[3]), str(by_cost[2]), "done"]
    game.apply(Choose(str(by_cost[3])))
    assert _options(game) == [str(by_cost[2]), "done"]
    game.apply(Choose(str(by_cost[2])))
    assert _names_on_field(game) == ["M2", "M3"]


def test_resonance_stops_when_nothing_else_fits() -> None:
    """BP12-075: after the cost-4 one nothing else fits (total 5), so only it comes back."""
    game, by_cost = _resonance()
    game.apply(Choose(str(by_cost[4])))
    assert _names_on_field(game) == ["M4"]
    assert game.decision is not None
    assert game.decision.options == []


# --- BP13-076: Necrocharge 10: rush and bane ----------------------------------------------


def test_kagerou_has_rush_and_bane_with_necrocharge_ten() -> None:
    """BP13-076 (CR 13.5.1): with 10 cards in your graveyard it has Rush and Bane; with 9 it
    does not."""
    from engine.sve.position import add_card

    kagerou = _rec("BP13-076", "Kagerou", cost=2, attack=2, defense=2)
    for count, expect in ((9, ()), (10, ("bane", "rush"))):
        game = position(fields=([kagerou], []), scripts=_lib("BP13-076"))
        for _ in range(count):
            add_card(game, 0, _rec("X-g"), Zone.GRAVE)
        game.statics_dirty = True
        _settle(game)
        assert game.cards[game.players[0].field[0]].keywords == expect


# --- BP17-079: Last Words: discard 2 Machine cards to put this into the EX area, cheaper --

NICOLA = _rec("BP17-079", "Nicola", cost=2, attack=1, defense=2, traits=("機械",))


def _nicola_game(machines_in_hand: int) -> tuple[State, int]:
    hand = [_machine(1)] * machines_in_hand + [_rec("X-plain", cost=1)]
    game = position(fields=([NICOLA], []), hands=(hand, []), pp=(1, 0), scripts=_lib("BP17-079"))
    uid = game.players[0].field[0]
    game.destroy([uid])
    _settle(game)
    return game, uid


def test_nicola_last_words_discards_two_machines_to_go_to_the_ex_area() -> None:
    """BP17-079: destroyed, it may discard 2 Machine cards to go from the graveyard to the
    EX area, where it costs 1 less (1 PP instead of 2)."""
    game, uid = _nicola_game(2)
    assert _options(game) == ["pay", "done"]
    game.apply(Choose("pay"))
    first, second = (o for o in _options(game))
    assert game.cards[int(first)].base.card_id == "X-m1"
    game.apply(Choose(first))
    assert _options(game) == [second]
    game.apply(Choose(second))
    assert game.cards[uid].zone is Zone.EX
    assert len(game.players[0].hand) == 1
    assert game.play_cost(game.cards[uid]) == 1
    game.apply(Play(uid))
    assert game.players[0].pp == 0


def test_nicola_is_cheaper_in_the_ex_area_only_after_its_last_words() -> None:
    """BP17-079: the cost -1 is given by its Last Words; put into the EX area another way it
    costs its full 2 (so it is not a card-wide "costs less from the EX area" rule), and
    with 1 PP it cannot be played from there."""
    game = position(ex=([NICOLA], []), pp=(1, 0), scripts=_lib("BP17-079"))
    uid = game.players[0].ex[0]
    assert game.play_cost(game.cards[uid]) == 2
    assert Play(uid) not in game.legal_actions()


def test_nicola_last_words_needs_two_machine_cards() -> None:
    """BP17-079: with only one Machine card in hand nothing is offered; it stays in the
    graveyard."""
    game, uid = _nicola_game(1)
    assert game.cards[uid].zone is Zone.GRAVE
    assert game.decision is not None
    assert game.decision.options == []


def test_last_words_put_this_into_the_ex_area_from_the_graveyard() -> None:
    """BP03-075: 'Last Words: put this into the EX area' moves it from the graveyard."""
    ghost = _rec("BP03-075", "Ghostly", cost=3)
    game = position(fields=([ghost], []), scripts=_lib("BP03-075"))
    uid = game.players[0].field[0]
    game.destroy([uid])
    _settle(game)
    assert game.cards[uid].zone is Zone.EX
    assert game.play_cost(game.cards[uid]) == 3


# --- BP02-062: at your end phase, if you discarded this turn, 2 damage ------------------


def test_ritual_deals_two_at_end_phase_only_after_a_discard() -> None:
    """BP02-062: at your end phase, having discarded a card this turn, 2 damage to the enemy
    leader or an enemy follower; without a discard this turn nothing happens."""
    from engine.sve.actions import END

    ritual = _rec("BP02-062", "Ritual", card_type="amulet", cost=3)
    for discard in (True, False):
        game = position(fields=([ritual], []), hands=([_rec("X-a")], []), scripts=_lib("BP02-062"))
        if discard:
            game.discard_card(0, game.players[0].hand[0])
        game.apply(END)
        if discard:
            assert _options(game) == ["leader1"]
            game.apply(Choose("leader1"))
            assert game.players[1].hp == 18
        else:
            assert game.players[1].hp == 20
            assert game.players[0].discarded_on != game.turn


def test_conditional_choice_carries_its_it_to_the_next_sentence() -> None:
    """SD04-005: 'if Overflow, choose an enemy follower. Deal 4 damage to it': the damage
    follows the conditional choice (with a PP maximum of 7); at 6 nothing is chosen."""
    card = _rec("SD04-005", "Overflowing", cost=5, attack=4, defense=4)
    enemy = _rec("X-enemy", cost=5, attack=5, defense=5)
    for max_pp, expect in ((7, 1), (6, 5)):
        game = position(
            hands=([card], []),
            fields=([], [enemy]),
            pp=(5, 0),
            max_pp=(max_pp, 0),
            scripts=_lib("SD04-005"),
        )
        game.apply(Play(game.players[0].hand[0]))
        foe = game.players[1].field[0]
        if max_pp == 7:
            game.apply(Choose(str(foe)))
        assert game.cards[foe].dfn == expect


# --- BP18-079: Fanfare: discard a cost-2 card to draw, or this goes to the graveyard -------

VED = _rec("BP18-079", "Ved", cost=2, attack=3, defense=3)


def _ved(hand: list[CardRecord]) -> tuple[State, int]:
    game = position(hands=([VED, *hand], []), pp=(2, 0), decks=(5, 5), scripts=_lib("BP18-079"))
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    return game, uid


def test_ved_discarding_a_cost_two_card_draws_and_stays() -> None:
    """BP18-079: discard a cost-2 card (a cost-3 one is not offered): draw 1; it stays."""
    game, uid = _ved([_rec("X-two", cost=2), _rec("X-three", cost=3)])
    assert _options(game) == ["pay", "done"]
    game.apply(Choose("pay"))
    (two,) = _options(game)
    assert game.cards[int(two)].base.card_id == "X-two"
    game.apply(Choose(two))
    assert game.cards[uid].zone is Zone.FIELD
    assert len(game.players[0].hand) == 2


def test_ved_goes_to_the_graveyard_without_a_discard() -> None:
    """BP18-079: declining, or having no cost-2 card, puts it into the graveyard."""
    game, uid = _ved([_rec("X-two", cost=2)])
    game.apply(Choose("done"))
    assert game.cards[uid].zone is Zone.GRAVE
    assert len(game.players[0].hand) == 1
    game, uid = _ved([_rec("X-three", cost=3)])
    assert game.cards[uid].zone is Zone.GRAVE


# --- BP18-090: as you play it, you may discard a cost-2 card to pay 1 PP less -------------

RAT = _rec("BP18-090", "Rat", cost=2, attack=2, defense=2)


def test_rat_discount_is_optional_with_enough_pp() -> None:
    """BP18-090: with 2 PP the player may discard a cost-2 card (a cost-3 one is not
    offered) and pays 1 PP; declining pays 2."""
    for pay in (True, False):
        game = position(
            hands=([RAT, _rec("X-two", cost=2), _rec("X-three", cost=3)], []),
            pp=(2, 0),
            scripts=_lib("BP18-090"),
        )
        game.apply(Play(game.players[0].hand[0]))
        assert _options(game) == ["pay", "done"]
        game.apply(Choose("pay" if pay else "done"))
        if pay:
            (two,) = _options(game)
            assert game.cards[int(two)].base.card_id == "X-two"
            game.apply(Choose(two))
        assert game.players[0].pp == (1 if pay else 0)
        assert len(game.players[0].hand) == (2 if pay else 3)  # drew 1 on entering


def test_rat_discount_is_required_when_pp_runs_short() -> None:
    """BP18-090: with 1 PP it is playable only with a cost-2 card to discard, which is then
    not optional."""
    game = position(hands=([RAT, _rec("X-three", cost=3)], []), pp=(1, 0), scripts=_lib("BP18-090"))
    assert Play(game.players[0].hand[0]) not in game.legal_actions()
    game = position(hands=([RAT, _rec("X-two", cost=2)], []), pp=(1, 0), scripts=_lib("BP18-090"))
    rat, two = game.players[0].hand
    game.apply(Play(rat))
    assert _options(game) == [str(two)]
    game.apply(Choose(str(two)))
    assert game.players[0].pp == 0
    assert game.cards[rat].zone is Zone.FIELD


def test_last_words_banish_this_from_the_graveyard() -> None:
    """'Last Words: banish this' moves the card on from the graveyard to banishment."""
    from engine.sve.effects.core import Ability, CardScript, Trigger
    from engine.sve.effects.damage import Banish

    rec = _rec("X-lw", cost=1)
    scripts = Scripts([CardScript("X-lw", (Ability(Trigger.LAST_WORDS, (Banish("self"),)),))])
    game = position(fields=([rec], []), scripts=scripts)
    uid = game.players[0].field[0]
    game.destroy([uid])
    assert game.cards[uid].zone is Zone.GRAVE
    _settle(game)
    assert game.cards[uid].zone is Zone.BANISH


# --- BP07-069: its evolve ability is usable only with 5 Machina followers on your field ---


def _mono_game(machina: int) -> State:
    """BP07-069 on the field with ``machina - 1`` other Machina followers and one follower
    of another trait, its evolved form in the evolve deck, PP and EP to pay either way."""
    scripts = _lib("BP07-069")
    mono = scripts.record(
        _rec("BP07-069", "真紅の抗戦者・モノ", cost=2, attack=3, defense=2, traits=("機械", "魔界"))
    )
    other = [_rec(f"X-m{i}", f"M{i}", traits=("機械",)) for i in range(machina - 1)]
    return position(
        fields=([mono, *other, _rec("X-plain", "Plain")][:5], []),
        evolve=([evolved(mono)], []),
        pp=(5, 0),
        ep=(1, 0),
        scripts=scripts,
    )


def test_mono_evolves_with_five_machina_followers_only() -> None:
    """BP07-069: with 4 Machina followers (itself included) no evolve is offered and one is
    refused by name of the condition; with 5 it evolves, paid in PP or with EP."""
    from engine.sve import Evolve, IllegalActionError

    game = _mono_game(4)
    uid = game.players[0].field[0]
    assert not [a for a in game.legal_actions() if isinstance(a, Evolve)]
    with pytest.raises(IllegalActionError, match="condition of its evolve ability"):
        game.apply(Evolve(uid))
    game = _mono_game(5)
    uid = game.players[0].field[0]
    assert [a for a in game.legal_actions() if isinstance(a, Evolve)] == [
        Evolve(uid),
        Evolve(uid, ep=True),
    ]
    game.apply(Evolve(uid))
    assert game.cards[uid].evo >= 0


# --- BP07-070 (evolved): Act, 2 PP and a First One banished: Machina +2/+2 and Rush --------

_MONO_E = ("BP07-070", "真紅の抗戦者・モノ")
_FIRST_ONE = _rec("X-first", "ファースト・ワン", traits=("機械",))


def _mono_evolved(pp: int, first_ones: int) -> tuple[State, int]:
    """Evolved BP07-070 with a Machina follower and a plain one; First Ones in the grave."""
    from engine.sve.position import OnField, add_card

    scripts = _lib("BP07-070")
    base = _rec("BP07-069", _MONO_E[1], cost=2, attack=3, defense=2, traits=("機械", "魔界"))
    evo = scripts.record(
        _rec(*_MONO_E, card_type="evolved_follower", cost=2, attack=5, defense=4,
             traits=("機械", "魔界"))
    )  # fmt: skip
    machina, plain = _rec("X-m", "M", traits=("機械",)), _rec("X-p", "P")
    game = position(fields=([OnField(base, evolved=evo), machina, plain], []), pp=(pp, 0),
                    scripts=scripts)  # fmt: skip
    for _ in range(first_ones):
        add_card(game, 0, _FIRST_ONE, Zone.GRAVE)
    return game, game.players[0].field[0]


def test_mono_evolved_act_needs_a_first_one_and_two_pp() -> None:
    """BP07-070: without a First One in the graveyard, or with 1 PP, no activation."""
    from engine.sve.actions import Activate

    for pp, first_ones in ((2, 0), (1, 1)):
        game, uid = _mono_evolved(pp, first_ones)
        assert Activate(uid, 0) not in game.legal_actions()


def test_mono_evolved_act_buffs_every_machina_follower_once_a_turn() -> None:
    """BP07-070: 2 PP and a banished First One give each of your Machina followers (itself
    too) +2/+2 and Rush, a non-Machina follower nothing; once per turn."""
    from engine.sve.actions import Activate

    game, uid = _mono_evolved(4, 2)
    game.apply(Activate(uid, 0))
    while game.decision is not None and game.decision.options:  # the First One to banish
        game.apply(Choose(_options(game)[0]))
    cards = [game.cards[u] for u in game.players[0].field]
    stats = {c.face.name: (c.atk, c.dfn, "rush" in c.keywords) for c in cards}
    assert stats == {_MONO_E[1]: (7, 6, True), "M": (3, 3, True), "P": (1, 1, False)}
    assert game.players[0].pp == 2
    assert len(game.players[0].banish) == 1
    assert Activate(uid, 0) not in game.legal_actions()


# --- BP10-069 (evolved): On Evolve, discard a card: 4 damage; an Arcana discarded draws 1 ---


def _water_dragoon(discard: CardRecord) -> State:
    scripts = _lib("BP10-069")
    base = _rec("BP10-068", "水呼びの竜使い", cost=3, attack=3, defense=3, traits=("アルカナ",))
    evo = scripts.record(
        _rec("BP10-069", base.name, card_type="evolved_follower", cost=3, attack=4, defense=4)
    )
    game = position(
        hands=([discard], []),
        fields=([base], [_rec("X-foe", "Foe", attack=1, defense=5)]),
        evolve=([evo], []),
        decks=([_rec("X-d", "D")] * 3, 5),
        pp=(5, 0),
        scripts=scripts,
    )
    game.apply(Evolve(game.players[0].field[0]))
    return game


@pytest.mark.parametrize(("traits", "drawn"), [(("アルカナ",), 1), ((), 0)])
def test_water_dragoon_draws_only_after_discarding_an_arcana_card(
    traits: tuple[str, ...], drawn: int
) -> None:
    """BP10-069: paying the discard deals 4 damage to the chosen enemy follower; the draw
    follows only when the discarded card is an Arcana card."""
    game = _water_dragoon(_rec("X-disc", "Disc", card_type="spell", traits=traits))
    assert _options(game) == ["pay", "done"]
    while game.decision is not None and game.decision.options:  # pay, discard, target
        game.apply(Choose(_options(game)[0]))
    foe = game.players[1].field[0]
    assert game.cards[foe].dfn == 1
    assert len(game.players[0].hand) == drawn


def test_water_dragoon_without_paying_does_nothing() -> None:
    """BP10-069: declining the discard deals no damage and draws nothing."""
    game = _water_dragoon(_rec("X-disc", "Disc", card_type="spell", traits=("アルカナ",)))
    game.apply(Choose("done"))
    assert game.cards[game.players[1].field[0]].dfn == 5
    assert len(game.players[0].hand) == 1
