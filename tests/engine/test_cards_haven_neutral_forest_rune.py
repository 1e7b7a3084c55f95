"""Real Havencraft, Neutral, Forestcraft and Runecraft cards in games: looks at the deck with
several picks, Advance cards from the evolve deck (CR 9.2), costs paid with cards of the EX
area, choices whose options have costs (CR 5.18.3.1.2) and evolve costs lowered for a turn.

Each test builds the card's script from the committed library (compiled or hand encoded)
and plays it in a position set up directly.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import LEADER, Activate, Attack, Choose, End, Evolve, Play
from engine.sve.board import Zone
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.costs import PayCost
from engine.sve.effects.damage import HealLeader, WinGame
from engine.sve.effects.deck import Draw
from engine.sve.effects.flow import Modal
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.selectors import CardFilter
from engine.sve.effects.zones import DiscardCards
from engine.sve.library import tokens
from engine.sve.position import (
    FILLER,
    OnField,
    add_card,
    amulet,
    evolved,
    follower,
    position,
    spell,
)
from engine.sve.state import Kind, State
from tests.engine.library_cards import library_scripts as _lib
from tests.engine.library_cards import resolve_in_order


def _card(
    card_id: str,
    card_type: str,
    cost: int,
    attack: int = 0,
    defense: int = 0,
    name: str = "",
    traits: tuple[str, ...] = (),
) -> CardRecord:
    return CardRecord(
        card_id,
        name or card_id,
        card_type=card_type,
        cost=cost,
        attack=attack,
        defense=defense,
        traits=traits,
    )


def _token(name: str) -> CardRecord:
    return next(r for r in sorted(tokens().values(), key=lambda r: r.card_id) if r.name == name)


REPAIR = "リペアモード"


def _pay_from_ex(game: State) -> None:
    """Banish the EX-area cards a cost asks for, the first offered each time."""
    while game.decision is not None and game.decision.kind is Kind.PICK:
        options = game.decision.options
        if not options or not options[0].isdigit() or int(options[0]) not in game.players[0].ex:
            return
        game.apply(Choose(options[0]))


# --- BP01-072: look at 4, a spell to the hand, a spell to the graveyard --------------------------


def _bp01_072(deck: list[CardRecord]) -> State:
    card = _card("BP01-072", "spell", 2)
    return position(hands=([card], []), decks=(deck, []), pp=(2, 0), scripts=_lib("BP01-072"))


def test_bp01_072_spell_to_hand_then_spell_to_graveyard() -> None:
    """BP01-072: of the top 4, one spell goes to the hand and another to the graveyard; the
    other two go to the bottom; a follower is never offered."""
    s1, s2, f1 = spell("S1"), spell("S2"), follower("F1")
    deck = [follower("Low")] * 3 + [f1, s1, f1, s2]  # top card last
    game = _bp01_072(deck)
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    assert d.kind is Kind.PICK
    picks = [int(o) for o in d.options if o != "done"]
    assert {game.cards[u].base.name for u in picks} == {"S1", "S2"}
    assert d.options[-1] == "done"
    to_hand = next(u for u in picks if game.cards[u].base.name == "S2")
    game.apply(Choose(str(to_hand)))
    assert game.cards[to_hand].zone is Zone.HAND
    d = game.decision
    assert d is not None
    (to_grave,) = [int(o) for o in d.options if o != "done"]
    assert game.cards[to_grave].base.name == "S1"
    game.apply(Choose(str(to_grave)))
    p = game.players[0]
    assert game.cards[to_grave].zone is Zone.GRAVE
    assert [game.cards[u].base.name for u in p.deck[:2]] == ["F1", "F1"]  # to the bottom
    assert [game.cards[u].base.name for u in p.deck[2:]] == ["Low"] * 3
    assert game.decision is not None
    assert game.decision.kind is Kind.MAIN


def test_bp01_072_both_picks_may_be_declined() -> None:
    """BP01-072: both picks are optional; declined, all 4 cards go to the bottom and the
    hand and graveyard get no card from the deck."""
    deck = [follower("Low")] * 3 + [spell("S1")] * 4
    game = _bp01_072(deck)
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("done"))
    game.apply(Choose("done"))
    p = game.players[0]
    assert p.hand == []
    assert [game.cards[u].base.name for u in p.grave] == ["BP01-072"]
    assert [game.cards[u].base.name for u in p.deck] == ["S1"] * 4 + ["Low"] * 3


def test_bp01_072_without_spells_asks_nothing() -> None:
    """BP01-072: with no spell among the top 4 nothing is offered; they go to the bottom."""
    deck = [spell("Deep")] + [follower("F")] * 4
    game = _bp01_072(deck)
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    assert d.kind is Kind.MAIN
    assert game.cards[game.players[0].deck[-1]].base.name == "Deep"  # now on top


# --- BP10-109: two Fanfares and an Advance card from the graveyard --------------------------------


def _world() -> CardRecord:
    return _card("BP10-109", "follower", 5, 5, 5, name="《世界》・ゼルガネイア")


def _great_world() -> CardRecord:
    return _card("BP10-110", "advance_follower", 10, 10, 10, name="大いなる《世界》・ゼルガネイア")


def test_bp10_109_destroys_only_without_another_follower() -> None:
    """BP10-109 (Fanfare): the chosen enemy follower is destroyed, and a card drawn, only
    when you have no other follower (the English: "destroy it and draw a card")."""
    for allies, destroyed in (((), True), ((follower("Ally"),), False)):
        enemy = follower("E", 3, 3, 9)
        game = position(
            hands=([_world()], []),
            fields=(list(allies), [enemy]),
            pp=(5, 0),
            hp=(20, 20),
            scripts=_lib("BP10-109"),
        )
        hand = len(game.players[0].hand)
        game.apply(Play(game.players[0].hand[-1]))
        resolve_in_order(game)
        target = game.players[1].field[0]
        game.apply(Choose(str(target)))
        resolve_in_order(game)
        assert (game.cards[target].zone is Zone.GRAVE) is destroyed
        assert len(game.players[0].hand) == hand - (not destroyed)  # played one, drew one


def test_bp10_109_heals_only_at_10_or_less() -> None:
    """BP10-109 (Fanfare): your leader gets +5 defense only at 10 defense or less."""
    for hp, after in ((10, 15), (11, 11)):
        game = position(hands=([_world()], []), pp=(5, 0), hp=(hp, 20), scripts=_lib("BP10-109"))
        game.apply(Play(game.players[0].hand[0]))
        resolve_in_order(game)
        assert game.players[0].hp == after


def _world_in_grave(pp: int, evolve: list[CardRecord]) -> tuple[State, int]:
    game = position(pp=(pp, 0), evolve=(evolve, []), scripts=_lib("BP10-109", "BP10-110"))
    return game, add_card(game, 0, _world(), Zone.GRAVE)


def test_bp10_109_graveyard_ability_puts_the_advance_card_into_ex() -> None:
    """BP10-109 (Act from the graveyard, 10 PP, banish this): the named Advance card of the
    evolve deck may go into the EX area; it can then be played from there."""
    game, uid = _world_in_grave(10, [_great_world()])
    assert Activate(uid, 0) in game.legal_actions()
    game.apply(Activate(uid, 0))
    assert game.cards[uid].zone is Zone.BANISH
    assert game.players[0].pp == 0
    d = game.decision
    assert d is not None
    assert d.options[-1] == "done"
    adv = int(d.options[0])
    game.apply(Choose(str(adv)))
    assert game.players[0].ex == [adv]
    assert game.players[0].evolve_deck == []
    game.players[0].pp = 10
    assert Play(adv) in game.legal_actions()


def test_bp10_109_graveyard_ability_needs_10_pp_and_may_be_declined() -> None:
    """BP10-109: with 9 PP the ability cannot be played; played and declined, the Advance
    card stays in the evolve deck."""
    game, uid = _world_in_grave(9, [_great_world()])
    assert Activate(uid, 0) not in game.legal_actions()
    game, uid = _world_in_grave(10, [_great_world()])
    game.apply(Activate(uid, 0))
    game.apply(Choose("done"))
    assert game.players[0].ex == []
    assert len(game.players[0].evolve_deck) == 1


def test_advance_card_leaving_the_field_goes_face_up_to_the_evolve_deck() -> None:
    """CR 9.2.2: an Advance card destroyed on the field goes face up into the evolve deck,
    not into the graveyard."""
    game = position(fields=([_great_world()], []))
    uid = game.players[0].field[0]
    game.destroy([uid])
    assert game.cards[uid].zone is Zone.EVOLVE_DECK
    assert game.players[0].evolve_used == [uid]
    assert game.players[0].grave == []


# --- Repair Mode costs paid from the EX area ------------------------------------------------------


def test_bp07_092_modes_follow_the_repair_modes_in_ex() -> None:
    """BP07-092 (choose one): mode 1 banishes 2 Repair Modes from the EX area, mode 2
    banishes 5; a mode whose cost cannot be paid is not offered, and with fewer than 2 the
    spell cannot be played (CR 5.18.3.1.2)."""
    card = _card("BP07-092", "spell", 2)
    machine3 = _card("M3", "follower", 3, 2, 2, traits=("機械",))
    machine6 = _card("M6", "follower", 6, 5, 5, traits=("機械",))
    for repairs, modes in ((1, None), (2, ["mode1"]), (5, ["mode1", "mode2"])):
        game = position(
            hands=([card], []),
            ex=([_token(REPAIR)] * repairs, []),
            decks=([machine3, machine6], []),
            pp=(2, 0),
            scripts=_lib("BP07-092"),
        )
        play = Play(game.players[0].hand[0])
        if modes is None:
            assert play not in game.legal_actions()
            continue
        game.apply(play)
        d = game.decision
        assert d is not None
        assert d.options == modes
        game.apply(Choose(modes[-1]))
        _pay_from_ex(game)
        d = game.decision
        assert d is not None
        offered = {game.cards[int(o)].base.card_id: int(o) for o in d.options if o != "done"}
        assert set(offered) == ({"M3", "M6"} if repairs == 5 else {"M3"})
        found = offered["M6" if repairs == 5 else "M3"]
        game.apply(Choose(str(found)))
        assert game.cards[found].zone is Zone.FIELD
        assert len(game.players[0].ex) == repairs - (5 if repairs == 5 else 2)


def test_bp07_086_repair_mode_lowers_the_evolve_cost_this_turn() -> None:
    """BP07-086 (Act): banishing a Repair Mode from the EX area lowers this turn's evolve
    cost from 7 to 6; without a Repair Mode the ability cannot be played."""
    base = _card("BP07-086", "follower", 3, 3, 2, name="欠落の聖女・リモニウム")
    for repairs in (0, 1):
        game = position(
            fields=([base], []),
            ex=([_token(REPAIR)] * repairs, []),
            evolve=([evolved(base)], []),
            pp=(6, 0),
            ep=(0, 0),
            turn=5,
            scripts=_lib("BP07-086"),
        )
        uid = game.players[0].field[0]
        assert Evolve(uid) not in game.legal_actions()
        if not repairs:
            assert Activate(uid, 0) not in game.legal_actions()
            continue
        game.apply(Activate(uid, 0))
        _pay_from_ex(game)
        assert game.players[0].ex == []
        assert game.evolve_cost(game.cards[uid]) == 6
        assert Evolve(uid) in game.legal_actions()
        game.turn += 2
        assert game.evolve_cost(game.cards[uid]) == 7  # this turn only


def test_bp12_089_two_repair_modes_give_storm() -> None:
    """BP12-089 (Act): banishing 2 Repair Modes from the EX area gives this Storm; with one
    Repair Mode the ability cannot be played."""
    base = _card("BP12-089", "follower", 6, 3, 4)
    for repairs in (1, 2):
        game = position(
            fields=([OnField(base, new=True)], [follower("E", 2, 2, 2)]),
            ex=([_token(REPAIR)] * repairs, []),
            pp=(0, 0),
            scripts=_lib("BP12-089"),
        )
        uid = game.players[0].field[0]
        if repairs == 1:
            assert Activate(uid, 0) not in game.legal_actions()
            continue
        game.apply(Activate(uid, 0))
        _pay_from_ex(game)
        assert game.players[0].ex == []
        assert "storm" in game.cards[uid].keywords
        assert any(str(a).startswith(f"attack {uid}>") for a in game.legal_actions())


def test_bp12_091_buffs_machines_only_when_put_out_by_an_ability() -> None:
    """BP12-091 (Fanfare): a Repair Mode goes into the EX area; machine followers get +1/+1
    only when this card was put onto the field by an ability, not when played."""
    card = _card("BP12-091", "follower", 2, 2, 2, traits=("機械",))
    machine = _card("M", "follower", 1, 1, 1, traits=("機械",))
    other = follower("Other", 1, 1, 1)
    game = position(
        hands=([card], []), fields=([machine, other], []), pp=(2, 0), scripts=_lib("BP12-091")
    )
    game.apply(Play(game.players[0].hand[0]))
    p = game.players[0]
    assert [game.cards[u].base.name for u in p.ex] == [REPAIR]
    assert [game.cards[u].atk for u in p.field] == [1, 1, 2]
    grias = _card("BP12-089", "follower", 6, 3, 4, traits=("機械",))
    game = position(
        hands=([grias], []),
        fields=([machine, other], []),
        pp=(6, 0),
        scripts=_lib("BP12-089", "BP12-091"),
    )
    grave = add_card(game, 0, card, Zone.GRAVE)
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose(str(grave)))  # BP12-089 puts it onto the field: an ability did
    p = game.players[0]
    assert game.cards[grave].zone is Zone.FIELD
    assert {game.cards[u].base.card_id: game.cards[u].atk for u in p.field} == {
        "M": 2,
        "X-Other": 1,
        "BP12-091": 3,
        "BP12-089": 4,
    }


# --- a choice of several options with PP costs ----------------------------------------------------


def test_costed_options_add_up_within_the_pp() -> None:
    """BP16-081 (choose up to 3, each option costs 1 PP): with 1 PP left after playing it,
    only one costed option can be chosen; the others are no longer offered (an enemy
    follower is there, so option 1 has one to choose, CR 5.18.4.1)."""
    card = _card("BP16-081", "follower", 2, 2, 2)
    enemy = follower("E", 2, 2, 2)
    game = position(hands=([card], []), fields=([], [enemy]), pp=(3, 0), scripts=_lib("BP16-081"))
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    d = game.decision
    assert d is not None
    assert d.options == ["mode1", "mode2", "mode3"]
    game.apply(Choose("mode2"))  # 1 PP left: no other costed option; it resolves at once
    assert game.decision is not None
    assert game.decision.kind is Kind.MAIN
    card_now = game.cards[uid]
    assert (card_now.atk, card_now.dfn) == (4, 4)
    assert "ward" in card_now.keywords
    assert game.players[0].pp == 0


# --- BP03-117: choose one, each option paid with a discard ----------------------------------------


def test_bp03_117_options_need_the_right_card_to_discard() -> None:
    """BP03-117 (choose one): option 1 discards an angel follower to destroy an enemy
    follower, option 2 discards a fallen-angel follower for +3 defense and a draw; only the
    options whose discard is possible are offered, and with neither it cannot be played."""
    card = _card("BP03-117", "spell", 1)
    angel = _card("A", "follower", 2, 2, 2, traits=("天使",))
    fallen = _card("F", "follower", 2, 2, 2, traits=("堕天使",))
    for hand, modes in (((), None), ((angel,), ["mode1"]), ((angel, fallen), ["mode1", "mode2"])):
        game = position(
            hands=([card, *hand], []),
            fields=([], [follower("E", 2, 2, 2)]),
            pp=(1, 0),
            hp=(15, 20),
            scripts=_lib("BP03-117"),
        )
        play = Play(game.players[0].hand[0])
        if modes is None:
            assert play not in game.legal_actions()
            continue
        game.apply(play)
        d = game.decision
        assert d is not None
        assert d.options == modes
        game.apply(Choose(modes[-1]))
        discard = game.decision
        assert discard is not None
        (paid,) = discard.options
        game.apply(Choose(paid))
        assert game.cards[int(paid)].zone is Zone.GRAVE
        if modes[-1] == "mode1":
            assert game.cards[int(paid)].base.card_id == "A"
            game.apply(Choose(str(game.players[1].field[0])))
            assert game.players[1].field == []
        else:
            assert game.cards[int(paid)].base.card_id == "F"
            assert game.players[0].hp == 18
            assert len(game.players[0].hand) == 2  # the angel and the card drawn


# --- BP18-007: played from the graveyard, then to the bottom of the deck --------------------------


def _may() -> CardRecord:
    return _card("BP18-007", "follower", 1, 1, 1, name="アクティブエルフ・メイ")


def test_bp18_007_played_from_graveyard_only_after_3_cards() -> None:
    """BP18-007: it may be played from the graveyard only once you have played 3 cards this
    turn; so played, its Fanfare deals 1 damage and puts it on the bottom of the deck, and
    leaving the field in your turn deals 1 more damage."""
    game = position(fields=([], [follower("E", 3, 3, 5)]), pp=(3, 0), scripts=_lib("BP18-007"))
    uid = add_card(game, 0, _may(), Zone.GRAVE)
    game.players[0].played = 2
    assert Play(uid) not in game.legal_actions()
    game.players[0].played = 3
    assert Play(uid) in game.legal_actions()
    game.apply(Play(uid))
    enemy = game.players[1].field[0]
    game.apply(Choose(str(enemy)))  # Fanfare: 1 damage, then to the bottom of the deck
    assert game.cards[uid].zone is Zone.DECK
    assert game.players[0].deck[0] == uid
    game.apply(Choose(str(enemy)))  # it left the field in your turn: 1 damage
    assert game.cards[enemy].dfn == 3
    assert game.players[0].pp == 2


def test_bp18_007_played_from_hand_stays() -> None:
    """BP18-007: played from the hand, the Fanfare deals 1 damage and the card stays on the
    field (the leave ability does not go off)."""
    game = position(
        hands=([_may()], []),
        fields=([], [follower("E", 3, 3, 5)]),
        pp=(1, 0),
        scripts=_lib("BP18-007"),
    )
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    enemy = game.players[1].field[0]
    game.apply(Choose(str(enemy)))
    assert game.cards[uid].zone is Zone.FIELD
    assert game.cards[enemy].dfn == 4
    assert game.decision is not None
    assert game.decision.kind is Kind.MAIN


# --- BP17-098: look at 5, then machine followers from the hand onto the field ---------------


def test_bp17_098_puts_cheap_machines_from_hand_as_an_ability() -> None:
    """BP17-098 (Fanfare): of the top 5, up to 2 machine followers not named like it go to
    the hand; then up to 2 machine followers of original cost 2 or less go from the hand
    onto the field (a cost-3 machine and a cost-2 non-machine are not offered). BP12-091
    put out so counts as put onto the field by an ability: machines get +1/+1."""
    evil = _card(
        "BP17-098", "follower", 5, 3, 3, name="マシンフィンガー・イヴィル", traits=("機械",)
    )
    nun = _card("BP12-091", "follower", 2, 2, 2, traits=("機械",))
    big = _card("M3", "follower", 3, 3, 3, traits=("機械",))
    plain = follower("Plain", 2, 2, 2)
    deck = [follower("Low")] * 3 + [evil, follower("F"), follower("F"), big, follower("F")]
    game = position(
        hands=([evil, nun, plain], []),
        decks=(deck, []),
        pp=(5, 0),
        scripts=_lib("BP17-098", "BP12-091"),
    )
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    looked = [int(o) for o in d.options if o != "done"]
    assert [game.cards[u].base.card_id for u in looked] == ["M3"]  # not its own name
    game.apply(Choose(str(looked[0])))
    d = game.decision
    assert d is not None
    offered = [game.cards[int(o)].base.card_id for o in d.options if o != "done"]
    assert offered == ["BP12-091"]
    game.apply(Choose(d.options[0]))
    resolve_in_order(game)
    p = game.players[0]
    by_id = {game.cards[u].base.card_id: game.cards[u] for u in p.field}
    assert set(by_id) == {"BP17-098", "BP12-091"}
    assert (by_id["BP12-091"].atk, by_id["BP17-098"].atk) == (3, 4)
    assert "rush" in by_id["BP12-091"].keywords
    assert [game.cards[u].base.card_id for u in p.hand] == ["X-Plain", "M3"]


def test_bp17_098_hand_pick_may_be_declined() -> None:
    """BP17-098 (Fanfare): putting a machine from the hand is optional; declined, the hand
    keeps it."""
    evil = _card(
        "BP17-098", "follower", 5, 3, 3, name="マシンフィンガー・イヴィル", traits=("機械",)
    )
    nun = _card("BP12-091", "follower", 2, 2, 2, traits=("機械",))
    game = position(hands=([evil, nun], []), pp=(5, 0), scripts=_lib("BP17-098", "BP12-091"))
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    assert d.options[-1] == "done"
    game.apply(Choose("done"))
    assert [game.cards[u].base.card_id for u in game.players[0].hand] == ["BP12-091"]
    assert len(game.players[0].field) == 1


# --- BP18-003 and BP18-014: the evolves of your followers this turn -------------------------------


def test_bp18_003_counts_the_evolves_of_the_turn() -> None:
    """BP18-003: each evolve of a follower of yours deals 1 damage to the enemy leader; the
    first of the turn also draws a card, the second gives this Storm, the third +2/+2."""
    kyo = _card("BP18-003", "follower", 2, 2, 2)
    allies = [follower(n, 2, 2, 2) for n in ("A", "B", "C")]
    game = position(
        fields=([kyo, *allies], []),
        evolve=([evolved(a) for a in allies], []),
        pp=(9, 0),
        turn=7,
        scripts=_lib("BP18-003"),
    )
    p = game.players[0]
    kyo_uid, *ally_uids = p.field
    hand = len(p.hand)
    for nth, uid in enumerate(ally_uids, start=1):
        p.evolved_on = -1  # as if evolving any number of times were allowed
        game.apply(Evolve(uid))
        resolve_in_order(game)
        assert game.players[1].hp == 20 - nth
        kyo_now = game.cards[kyo_uid]
        assert len(p.hand) == hand + 1  # only the first evolve draws
        assert ("storm" in kyo_now.keywords) is (nth >= 2)
        assert (kyo_now.atk, kyo_now.dfn) == ((4, 4) if nth == 3 else (2, 2))


def test_bp18_014_evolves_for_0_only_after_another_evolve() -> None:
    """BP18-014 (Evolve, cost 0): usable only if a follower of yours evolved this turn."""
    priest = _card("BP18-014", "follower", 1, 1, 1)
    ally = follower("A", 2, 2, 2)
    game = position(
        fields=([priest, ally], []),
        evolve=([evolved(priest), evolved(ally)], []),
        pp=(0, 0),
        turn=7,
        scripts=_lib("BP18-014"),
    )
    priest_uid, ally_uid = game.players[0].field
    assert Evolve(priest_uid) not in game.legal_actions()
    game.evolve_by_effect(ally_uid)  # an effect evolves the other follower
    assert Evolve(priest_uid) in game.legal_actions()
    game.apply(Evolve(priest_uid))
    assert game.cards[priest_uid].evo >= 0
    assert game.players[0].pp == 0


# --- costs lowered by the card's own ability ------------------------------------------------------


def _face_up(game: State, rec: CardRecord) -> None:
    """A face-up evolved card in player 0's evolve deck (CR 4.6.3)."""
    uid = add_card(game, 0, rec, Zone.EVOLVE_DECK)
    game.players[0].evolve_deck.remove(uid)
    game.players[0].evolve_used.append(uid)


def test_bp18_013_costs_less_per_face_up_tokyo_evolved_card() -> None:
    """BP18-013 (cost 5): it costs X less, X being the face-up 透京 evolved followers in your
    evolve deck; with two of them (and one of another trait) it costs 3; paying takes 3 PP
    and it returns up to 2 透京 followers from the graveyard to the hand."""
    card = _card("BP18-013", "spell", 5)
    tokyo = _card("T-E", "evolved_follower", 2, 4, 4, traits=("透京",))
    other = _card("O-E", "evolved_follower", 2, 4, 4, traits=("獣",))
    mate = _card("T-1", "follower", 2, 2, 2, traits=("透京",))
    for face_up, playable in (((tokyo, other), True), ((tokyo, other, other), False)):
        game = position(hands=([card], []), pp=(3, 0), scripts=_lib("BP18-013"))
        for rec in face_up:
            _face_up(game, rec)
        if playable:
            _face_up(game, tokyo)
        uid = game.players[0].hand[0]
        assert game.play_cost(game.cards[uid]) == (3 if playable else 4)
        assert (Play(uid) in game.legal_actions()) is playable
        if playable:
            grave = add_card(game, 0, mate, Zone.GRAVE)
            game.apply(Play(uid))
            game.apply(Choose(str(grave)))
            assert game.players[0].pp == 0
            assert game.cards[grave].zone is Zone.HAND


def test_cp02_082_costs_less_after_an_evolve_this_turn() -> None:
    """CP02-082: it costs 1 less to play only if a follower of yours evolved this turn."""
    card = _card("CP02-082", "follower", 3, 3, 3)
    ally = follower("A", 2, 2, 2)
    game = position(
        hands=([card], []),
        fields=([ally], []),
        evolve=([evolved(ally)], []),
        pp=(2, 0),
        turn=7,
        scripts=_lib("CP02-082"),
    )
    uid = game.players[0].hand[0]
    assert game.play_cost(game.cards[uid]) == 3
    assert Play(uid) not in game.legal_actions()
    game.evolve_by_effect(game.players[0].field[0])
    assert game.play_cost(game.cards[uid]) == 2
    assert Play(uid) in game.legal_actions()


# --- the EX area as a cost and as a place to play abilities from ----------------------------


def _maiden() -> CardRecord:
    return _card("BP17-099", "follower", 4, 3, 3, traits=("機械",), name="オートマティックメイデン")


def test_bp17_099_from_hand_into_ex_then_looks_at_the_top() -> None:
    """BP17-099 (Act from the hand, 1 PP): putting it from the hand into the EX area (not
    discarding it), you look at the top card and may take it if it is a machine card; with
    a full EX area the ability cannot be played (CR 4.8.3.2)."""
    gear = _card("G", "spell", 1, traits=("機械",))
    game = position(
        hands=([_maiden()], []),
        decks=([follower("Low"), gear], []),
        pp=(1, 0),
        scripts=_lib("BP17-099"),
    )
    uid = game.players[0].hand[0]
    game.apply(Activate(uid, 1))
    assert game.cards[uid].zone is Zone.EX
    d = game.decision
    assert d is not None
    top = game.players[0].deck[-1]
    assert d.options == [str(top), "done"]
    game.apply(Choose(str(top)))
    assert game.cards[top].zone is Zone.HAND
    assert game.players[0].pp == 0
    full = position(
        hands=([_maiden()], []), ex=([gear] * 5, []), pp=(1, 0), scripts=_lib("BP17-099")
    )
    assert Activate(full.players[0].hand[0], 1) not in full.legal_actions()


def test_bp17_099_from_ex_onto_the_field_with_5_machines() -> None:
    """BP17-099 (Act in the EX area, 0 PP): with exactly 5 machine cards in your EX area
    (itself included) it goes onto the field engaged; with 4 it cannot."""
    gear = _card("G", "spell", 1, traits=("機械",))
    for gears, allowed in ((3, False), (4, True)):
        game = position(ex=([_maiden()] + [gear] * gears, []), scripts=_lib("BP17-099"))
        uid = game.players[0].ex[0]
        assert (Activate(uid, 0) in game.legal_actions()) is allowed
        if allowed:
            game.apply(Activate(uid, 0))
            assert game.cards[uid].zone is Zone.FIELD
            assert game.cards[uid].engaged


def test_bp14_118_cost_from_hand_to_ex_draws_and_may_buff() -> None:
    """BP14-118 (Fanfare): you may put a 宴楽 card from the hand into the EX area; if you
    do, draw 1, and with 3 or more 宴楽 cards in the EX area this gets +1/+1; without a 宴楽
    card in the hand nothing happens."""
    guide = _card("BP14-118", "follower", 2, 2, 3, traits=("宴楽",))
    party = _card("P", "spell", 1, traits=("宴楽",))
    for in_ex, stats in ((1, (2, 3)), (2, (3, 4))):
        game = position(
            hands=([guide, party], []),
            ex=([party] * in_ex, []),
            pp=(2, 0),
            scripts=_lib("BP14-118"),
        )
        uid = game.players[0].hand[0]
        paid = game.players[0].hand[1]
        game.apply(Play(uid))
        d = game.decision
        assert d is not None
        assert d.options == ["pay", "done"]
        game.apply(Choose("pay"))
        game.apply(Choose(str(paid)))
        assert game.cards[paid].zone is Zone.EX
        assert len(game.players[0].hand) == 1  # drew one
        assert (game.cards[uid].atk, game.cards[uid].dfn) == stats
    game = position(hands=([guide, follower("F")], []), pp=(2, 0), scripts=_lib("BP14-118"))
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.kind is Kind.MAIN
    assert len(game.players[0].hand) == 1


# --- conditions on the EX area and on followers of either of two traits ---------------------


def test_bp11_096_leader_damage_only_with_a_wilderness_card_in_ex() -> None:
    """BP11-096: 4 damage to an enemy follower; 1 damage to its leader only with a 荒野 card
    in your EX area; it costs 1 less with 'メルティングシュガー・セリーナ' on your field."""
    card = _card("BP11-096", "spell", 2)
    wild = _card("W", "spell", 1, traits=("荒野",))
    serina = _card("S", "follower", 4, 2, 2, name="メルティングシュガー・セリーナ")
    for ex, hurt in (((), 20), ((wild,), 19)):
        game = position(
            hands=([card], []),
            fields=([], [follower("E", 2, 2, 5)]),
            ex=(list(ex), []),
            pp=(2, 0),
            scripts=_lib("BP11-096"),
        )
        game.apply(Play(game.players[0].hand[0]))
        enemy = game.players[1].field[0]
        game.apply(Choose(str(enemy)))
        assert game.cards[enemy].dfn == 1
        assert game.players[1].hp == hurt
    game = position(hands=([card], []), fields=([serina], []), scripts=_lib("BP11-096"))
    assert game.play_cost(game.cards[game.players[0].hand[0]]) == 1


def test_bp12_107_heals_with_wilderness_on_field_or_in_ex() -> None:
    """BP12-107: after the look at the top 3, your leader gets +1 defense only with a 荒野
    card on your field or in your EX area."""
    card = _card("BP12-107", "spell", 1)
    wild = _card("W", "amulet", 1, traits=("荒野",))
    for fields, ex, hp in (((), (), 15), ((wild,), (), 16), ((), (wild,), 16)):
        game = position(
            hands=([card], []),
            fields=(list(fields), []),
            ex=(list(ex), []),
            pp=(1, 0),
            hp=(15, 20),
            scripts=_lib("BP12-107"),
        )
        game.apply(Play(game.players[0].hand[0]))
        assert game.players[0].hp == hp


def test_bp09_117_needs_two_angel_or_fallen_angel_followers() -> None:
    """BP09-117 (Act: engage this, put it into the graveyard): +1 defense, only with 2 or
    more followers that are angels or fallen angels on your field."""
    spring = _card("BP09-117", "amulet", 1)
    angel = _card("A", "follower", 1, 1, 1, traits=("天使",))
    fallen = _card("F", "follower", 1, 1, 1, traits=("堕天使",))
    for allies, allowed in (((angel, follower("X")), False), ((angel, fallen), True)):
        game = position(fields=([spring, *allies], []), hp=(15, 20), scripts=_lib("BP09-117"))
        uid = game.players[0].field[0]
        assert (Activate(uid, 0) in game.legal_actions()) is allowed
        if allowed:
            game.apply(Activate(uid, 0))
            assert game.players[0].hp == 16
            assert game.cards[uid].zone is Zone.GRAVE


def test_bp11_086_one_wilderness_card_and_one_cheap_follower_to_ex() -> None:
    """BP11-086 (Fanfare): of the top 4, a 荒野 card and a follower of original cost 2 or
    less (two different cards, each optional) go into the EX area; a cost-5 follower is
    never offered; the rest go to the bottom."""
    serina = _card("BP11-086", "follower", 4, 2, 2)
    wild = _card("W", "spell", 3, traits=("荒野",))
    cheap = follower("Cheap", 2, 2, 2)
    big = follower("Big", 5, 5, 5)
    deck = [follower("Low")] * 2 + [big, cheap, wild, big]
    game = position(hands=([serina], []), decks=(deck, []), pp=(4, 0), scripts=_lib("BP11-086"))
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    (w,) = [int(o) for o in d.options if o != "done"]
    assert game.cards[w].base.card_id == "W"
    game.apply(Choose(str(w)))
    d = game.decision
    assert d is not None
    (c,) = [int(o) for o in d.options if o != "done"]
    assert game.cards[c].base.name == "Cheap"
    game.apply(Choose(str(c)))
    p = game.players[0]
    assert sorted(p.ex) == sorted([w, c])
    assert [game.cards[u].base.name for u in p.deck] == ["Big", "Big", "Low", "Low"]


def test_bp18_119_needs_another_tokyo_card_to_discard() -> None:
    """BP18-119: playing it also costs discarding a 透京 card (not itself); without one it
    cannot be played; paid, it deals 4 damage, heals 1 and draws 1."""
    card = _card("BP18-119", "spell", 2, traits=("透京",))
    tokyo = _card("T", "follower", 1, 1, 1, traits=("透京",))
    for hand, allowed in (((follower("X"),), False), ((tokyo,), True)):
        game = position(
            hands=([card, *hand], []),
            fields=([], [follower("E", 2, 2, 5)]),
            pp=(2, 0),
            hp=(15, 20),
            scripts=_lib("BP18-119"),
        )
        uid = game.players[0].hand[0]
        assert (Play(uid) in game.legal_actions()) is allowed
        if not allowed:
            continue
        game.apply(Play(uid))
        d = game.decision
        assert d is not None
        paid = game.players[0].hand[0]
        assert d.options == [str(paid)]  # the discard is paid first
        game.apply(Choose(str(paid)))
        assert game.cards[paid].zone is Zone.GRAVE
        enemy = game.players[1].field[0]
        game.apply(Choose(str(enemy)))
        assert game.cards[enemy].dfn == 1
        assert game.players[0].hp == 16
        assert len(game.players[0].hand) == 1


# --- costs that engage field cards ----------------------------------------------------------


def _discarder() -> tuple[CardRecord, CardScript]:
    rec = spell("Discarder")
    return rec, CardScript(rec.card_id, (Ability(Trigger.SPELL, (DiscardCards(1),)),))


def test_bp12_103_discarded_engages_the_tree_to_return_a_nature_card() -> None:
    """BP12-103 (when discarded from your hand): you may engage a standing 'ナテラの大樹' on
    your field; if you do, a 自然 card of your graveyard other than its own name returns to
    the hand; with the tree engaged already nothing is offered."""
    god = _card("BP12-103", "follower", 5, 4, 4, name="鋼鉄と大地の神", traits=("自然",))
    tree = _card("TREE", "amulet", 1, name="ナテラの大樹", traits=("自然",))
    nature = _card("N", "spell", 1, traits=("自然",))
    disc, disc_script = _discarder()
    for engaged in (False, True):
        scripts = _lib("BP12-103")
        scripts.add(disc_script)
        game = position(
            hands=([disc, god], []),
            fields=([OnField(tree, engaged=engaged)], []),
            pp=(1, 0),
            scripts=scripts,
        )
        nat = add_card(game, 0, nature, Zone.GRAVE)
        same = add_card(game, 0, god, Zone.GRAVE)
        god_uid = game.players[0].hand[1]
        game.apply(Play(game.players[0].hand[0]))
        game.apply(Choose(str(god_uid)))  # discard it
        assert game.cards[god_uid].zone is Zone.GRAVE
        if engaged:
            assert game.decision is not None
            assert game.decision.kind is Kind.MAIN
            continue
        d = game.decision
        assert d is not None
        assert d.options == ["pay", "done"]
        game.apply(Choose("pay"))
        tree_uid = game.players[0].field[0]
        game.apply(Choose(str(tree_uid)))
        assert game.cards[tree_uid].engaged
        d = game.decision
        assert d is not None
        assert str(same) not in d.options  # not its own name
        assert str(god_uid) not in d.options
        game.apply(Choose(str(nat)))
        assert game.cards[nat].zone is Zone.HAND


# --- abilities that work from the graveyard ---------------------------------------------------


def test_bp15_101_from_graveyard_to_ex_when_a_marwyn_enters() -> None:
    """BP15-101 (in your graveyard): when a follower whose name contains 'マーウィン' enters
    your field you may put this into the EX area; if you do, +1 defense. Another follower
    entering asks nothing."""
    despair = _card("BP15-101", "amulet", 1)
    marwyn = _card("M", "follower", 2, 2, 2, name="安息の絶傑・マーウィン")
    for entering, asked in ((follower("Plain", 2, 2, 2), False), (marwyn, True)):
        game = position(hands=([entering], []), pp=(2, 0), hp=(15, 20), scripts=_lib("BP15-101"))
        uid = add_card(game, 0, despair, Zone.GRAVE)
        game.apply(Play(game.players[0].hand[0]))
        d = game.decision
        assert d is not None
        if not asked:
            assert d.kind is Kind.MAIN
            assert game.cards[uid].zone is Zone.GRAVE
            continue
        assert d.options == ["yes", "done"]
        game.apply(Choose("yes"))
        assert game.cards[uid].zone is Zone.EX
        assert game.players[0].hp == 16


def test_bp07_041_pays_1_pp_to_go_from_graveyard_to_ex_when_tetra_enters() -> None:
    """BP07-041 (in your graveyard): when '蒼の反逆者・テトラ' enters your field you may pay
    1 PP to put this into the EX area; with no PP left it is not offered."""
    sonic = _card("BP07-041", "spell", 1)
    tetra = _card("T", "follower", 2, 2, 2, name="蒼の反逆者・テトラ")
    for pp, offered in ((2, False), (3, True)):
        game = position(hands=([tetra], []), pp=(pp, 0), scripts=_lib("BP07-041"))
        uid = add_card(game, 0, sonic, Zone.GRAVE)
        game.apply(Play(game.players[0].hand[0]))
        d = game.decision
        assert d is not None
        if not offered:
            assert d.kind is Kind.MAIN
            continue
        assert d.options == ["pay", "done"]
        game.apply(Choose("pay"))
        assert game.cards[uid].zone is Zone.EX
        assert game.players[0].pp == 0


def test_bp13_001_discards_only_after_revealing_a_card() -> None:
    """BP13-001 (Fanfare): of the top 3, a Forestcraft card of original cost 2 or less may
    be revealed and taken; only if one was, you discard a card."""
    sekka = _card("BP13-001", "follower", 1, 1, 1)
    elf = CardRecord("E-1", "Elf", card_class="forest", card_type="follower", cost=2)
    for take in (False, True):
        game = position(
            hands=([sekka, follower("Keep")], []),
            decks=([follower("Low")] * 3 + [elf], []),
            pp=(1, 0),
            scripts=_lib("BP13-001"),
        )
        game.apply(Play(game.players[0].hand[0]))
        d = game.decision
        assert d is not None
        found = int(d.options[0])
        assert game.cards[found].base.card_id == "E-1"
        game.apply(Choose(str(found) if take else "done"))
        if not take:
            assert game.decision is not None
            assert game.decision.kind is Kind.MAIN
            assert len(game.players[0].hand) == 1
            continue
        d = game.decision
        assert d is not None
        assert sorted(d.options) == sorted(str(u) for u in game.players[0].hand)
        game.apply(Choose(d.options[0]))
        assert len(game.players[0].hand) == 1


def test_bp13_001_graveyard_ability_puts_the_advance_card_onto_the_field() -> None:
    """BP13-001 (Act from the graveyard, 3 PP, banish this and 2 other graveyard cards):
    the named Advance card may go from the evolve deck onto the field; with only one other
    card in the graveyard it cannot be played."""
    sekka = _card("BP13-001", "follower", 1, 1, 1)
    adv = _card("BP13-002", "advance_follower", 3, 3, 3, name="九火石炎・セッカ")
    for others, allowed in ((1, False), (2, True)):
        game = position(pp=(3, 0), evolve=([adv], []), scripts=_lib("BP13-001", "BP13-002"))
        uid = add_card(game, 0, sekka, Zone.GRAVE)
        for _ in range(others):
            add_card(game, 0, follower("G"), Zone.GRAVE)
        assert (Activate(uid, 0) in game.legal_actions()) is allowed
        if not allowed:
            continue
        game.apply(Activate(uid, 0))
        while game.decision is not None and game.decision.kind is Kind.PICK:
            options = game.decision.options
            game.apply(Choose(options[0]))
            if options[-1] == "done":  # the optional put onto the field was taken
                break
        resolve_in_order(game)
        p = game.players[0]
        assert [game.cards[u].base.card_id for u in p.field] == ["BP13-002"]
        assert len(p.banish) == 3
        assert p.grave == []


def test_bp17_044_cannot_be_played_with_2_or_fewer_machines_in_ex() -> None:
    """BP17-044: it cannot be played with 2 or fewer machine cards in your EX area; with 3
    it can."""
    card = _card("BP17-044", "spell", 3)
    gear = _card("G", "spell", 1, traits=("機械",))
    for gears, allowed in ((2, False), (3, True)):
        game = position(
            hands=([card], []), ex=([gear] * gears, []), pp=(5, 0), scripts=_lib("BP17-044")
        )
        assert (Play(game.players[0].hand[0]) in game.legal_actions()) is allowed


def test_bp18_116_discard_protects_both_named_groups_this_turn() -> None:
    """BP18-116 (Act: discard a 透京 card): this turn, your '帥忍部長・煤木万裁' and
    '分身の術・煤木万裁' followers take no damage; other followers still do; without a 透京
    card in the hand the ability cannot be played."""
    boss = _card("BP18-116", "follower", 6, 5, 5, name="帥忍部長・煤木万裁", traits=("透京",))
    clone = _token("分身の術・煤木万裁")
    tokyo = _card("T", "spell", 1, traits=("透京",))
    for hand, allowed in (((follower("X"),), False), ((tokyo,), True)):
        game = position(
            hands=(list(hand), []),
            fields=([boss, clone, follower("Other", 1, 2, 2)], []),
            scripts=_lib("BP18-116"),
        )
        uid = game.players[0].field[0]
        assert (Activate(uid, 0) in game.legal_actions()) is allowed
        if not allowed:
            continue
        game.apply(Activate(uid, 0))
        game.apply(Choose(str(game.players[0].hand[0])))  # the discard
        for target in game.players[0].field:
            game.deal_damage(target, 1)
        dfn = [game.cards[u].dfn for u in game.players[0].field]
        assert dfn == [5, clone.defense, 1]
        game.turn += 2
        game.deal_damage(uid, 1)
        assert game.cards[uid].dfn == 4  # this turn only


def test_bp10_114_needs_both_choices_and_moves_both_to_ex() -> None:
    """BP10-114: an angel follower of your graveyard goes to your EX area and an enemy
    follower to its owner's EX area; without either choice it cannot be played
    (CR 10.6.2.3.3)."""
    card = _card("BP10-114", "spell", 1)
    angel = _card("A", "follower", 2, 2, 2, traits=("天使",))
    for grave, enemies, allowed in (
        ((follower("G"),), (follower("E"),), False),
        ((angel,), (), False),
        ((angel,), (follower("E"),), True),
    ):
        game = position(
            hands=([card], []), fields=([], list(enemies)), pp=(1, 0), scripts=_lib("BP10-114")
        )
        in_grave = [add_card(game, 0, g, Zone.GRAVE) for g in grave]
        play = Play(game.players[0].hand[0])
        assert (play in game.legal_actions()) is allowed
        if not allowed:
            continue
        game.apply(play)
        game.apply(Choose(str(in_grave[0])))
        enemy = game.players[1].field[0]
        game.apply(Choose(str(enemy)))
        assert game.players[0].ex == in_grave
        assert game.players[1].ex == [enemy]


def _machine(cid: str, cost: int) -> CardRecord:
    return _card(cid, "follower", cost, cost, cost, traits=("機械",))


def test_bp17_040_sends_big_machines_to_the_graveyard_for_effects() -> None:
    """BP17-040: it costs 5 less with a machine follower of original cost 6 or more on your
    field. Fanfare: those machines go to the graveyard; a cost-6 one brings a '蹂躙の触手',
    a cost-7 one deals 4 to every enemy follower; the other machines get +2/+2."""
    card = _card("BP17-040", "follower", 5, 5, 5, traits=("機械",))
    game = position(hands=([card], []), fields=([_machine("M2", 2)], []), pp=(5, 0))
    game.scripts = _lib("BP17-040")
    assert game.play_cost(game.cards[game.players[0].hand[0]]) == 5
    for big, token, hit in ((("M6",), True, False), (("M7",), False, True)):
        fields = [_machine(b, int(b[1])) for b in big] + [_machine("M2", 2)]
        game = position(
            hands=([card], []),
            fields=(fields, [follower("E", 3, 3, 5)]),
            pp=(0, 0),
            scripts=_lib("BP17-040"),
        )
        uid = game.players[0].hand[0]
        assert game.play_cost(game.cards[uid]) == 0
        game.apply(Play(uid))
        resolve_in_order(game)
        p = game.players[0]
        names = {game.cards[u].base.name: game.cards[u] for u in p.field}
        assert [game.cards[u].base.card_id for u in p.grave] == list(big)
        assert ("蹂躙の触手" in names) is token
        assert (names["M2"].atk, names["M2"].dfn) == (4, 4)
        assert (names["BP17-040"].atk, names["BP17-040"].dfn) == (5, 5)
        assert game.cards[game.players[1].field[0]].dfn == (1 if hit else 5)


def test_bp12_041_searches_only_with_5_machines_in_graveyard() -> None:
    """BP12-041: with 5 or more machine cards in your graveyard, a machine follower of
    original cost 3 or less goes from the deck onto the field and a Runecraft spell of
    original cost 1 into the EX area; with 4 nothing happens."""
    card = _card("BP12-041", "spell", 3)
    rune = CardRecord("R-1", "Rune1", card_class="rune", card_type="spell", cost=1)
    for machines, works in ((4, False), (5, True)):
        game = position(
            hands=([card], []),
            decks=([_machine("M3", 3), rune, follower("F")], []),
            pp=(3, 0),
            scripts=_lib("BP12-041"),
        )
        for _ in range(machines):
            add_card(game, 0, _machine("G", 1), Zone.GRAVE)
        game.apply(Play(game.players[0].hand[0]))
        if not works:
            assert game.decision is not None
            assert game.decision.kind is Kind.MAIN
            continue
        d = game.decision
        assert d is not None
        (m3,) = [int(o) for o in d.options if o != "done"]
        game.apply(Choose(str(m3)))
        d = game.decision
        assert d is not None
        (r1,) = [int(o) for o in d.options if o != "done"]
        game.apply(Choose(str(r1)))
        assert game.cards[m3].zone is Zone.FIELD
        assert game.cards[r1].zone is Zone.EX


def test_bp12_096_discard_aegis_to_pay_2_less_and_limonium_brings_repair() -> None:
    """BP12-096: as it is played you may discard a 'ヘヴンリーイージス' to pay 2 PP less
    (the only way with 0 PP; declined, the full 2 PP are paid); it puts a machine follower
    of original cost 3 or less from the graveyard onto the field, and a Repair Mode into the
    EX area only if that follower is '欠落の聖女・リモニウム'."""
    card = _card("BP12-096", "spell", 2)
    aegis = _card("AEGIS", "spell", 7, name="ヘヴンリーイージス")
    limonium = _card(
        "BP07-086", "follower", 3, 3, 2, name="欠落の聖女・リモニウム", traits=("機械",)
    )
    game = position(hands=([card], []), pp=(1, 0), scripts=_lib("BP12-096"))
    add_card(game, 0, limonium, Zone.GRAVE)
    assert Play(game.players[0].hand[0]) not in game.legal_actions()  # no Aegis, 1 PP
    for pp, pay, target in ((0, True, limonium), (2, False, _machine("M3", 3))):
        game = position(hands=([card, aegis], []), pp=(pp, 0), scripts=_lib("BP12-096"))
        in_grave = add_card(game, 0, target, Zone.GRAVE)
        aegis_uid = game.players[0].hand[1]
        game.apply(Play(game.players[0].hand[0]))
        d = game.decision
        assert d is not None
        if pp:
            assert d.options == ["pay", "done"]
            game.apply(Choose("done"))
        else:
            assert d.options == [str(aegis_uid)]  # forced: not enough PP otherwise
            game.apply(Choose(str(aegis_uid)))
        assert (game.cards[aegis_uid].zone is Zone.GRAVE) is pay
        assert game.players[0].pp == 0
        game.apply(Choose(str(in_grave)))
        assert game.cards[in_grave].zone is Zone.FIELD
        ex = [game.cards[u].base.name for u in game.players[0].ex]
        assert ex == ([REPAIR] if target is limonium else [])


def test_bp16_096_finds_wilderness_cards_within_a_total_cost_of_6() -> None:
    """BP16-096 (Fanfare): up to 2 荒野 cards not named like it, original costs adding up to
    6 or less, go from the deck into the EX area and cost 0 to play this turn; a vehicle
    token is put onto the field. After a cost-4 card, a cost-3 one is no longer offered."""
    lana = _card(
        "BP16-096", "follower", 6, 3, 3, name="デュアルカノンマザー・ラナ", traits=("荒野",)
    )
    w4, w3, w2 = (_card(f"W{c}", "spell", c, traits=("荒野",)) for c in (4, 3, 2))
    game = position(
        hands=([lana], []), decks=([w4, w3, w2, lana], []), pp=(6, 0), scripts=_lib("BP16-096")
    )
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    offered = {game.cards[int(o)].base.card_id: int(o) for o in d.options if o != "done"}
    assert set(offered) == {"W4", "W3", "W2"}  # not its own name
    game.apply(Choose(str(offered["W4"])))
    d = game.decision
    assert d is not None
    second = {game.cards[int(o)].base.card_id: int(o) for o in d.options if o != "done"}
    assert set(second) == {"W2"}
    game.apply(Choose(str(second["W2"])))
    resolve_in_order(game)
    p = game.players[0]
    assert sorted(p.ex) == sorted([offered["W4"], second["W2"]])
    assert all(game.play_cost(game.cards[u]) == 0 for u in p.ex)
    assert [game.cards[u].base.name for u in p.field] == [
        "デュアルカノンマザー・ラナ",
        "機動二輪車",
    ]
    game.turn += 2
    assert game.play_cost(game.cards[offered["W4"]]) == 4  # this turn only


def test_bp12_035_banishes_two_machine_tokens_and_goes_from_hand_to_ex() -> None:
    """BP12-035 (Act from the hand, 3 PP): banish 2 machine tokens of your EX area and put
    this from the hand into the EX area, then put one of two tentacle tokens onto the field.
    With one machine token it cannot be played; with a full EX area it can, the banished
    tokens making room for it (CR 4.8.3.2)."""
    bel = _card("BP12-035", "follower", 6, 5, 5, traits=("機械",))
    block = _token("遮断の触手")
    other = spell("S")
    for ex, allowed in (
        ([block], False),
        ([block, block], True),
        ([block, block, other, other, other], True),
    ):
        game = position(hands=([bel], []), pp=(3, 0), scripts=_lib("BP12-035"))
        for rec in ex:
            uid = len(game.cards)
            add_card(game, 0, rec, Zone.EX)
            game.cards[uid].token = rec.card_type.startswith("token")
        bel_uid = game.players[0].hand[0]
        assert (Activate(bel_uid, 0) in game.legal_actions()) is allowed
        if not allowed:
            continue
        game.apply(Activate(bel_uid, 0))
        _pay_from_ex(game)
        d = game.decision
        assert d is not None
        assert d.options == ["mode1", "mode2"]
        game.apply(Choose("mode2"))
        p = game.players[0]
        assert game.cards[bel_uid].zone is Zone.EX
        assert [game.cards[u].base.name for u in p.field] == ["蹂躙の触手"]
        assert len(p.ex) == len(ex) - 2 + 1
        assert p.pp == 0


def test_a_spell_cannot_pay_an_option_cost_with_itself() -> None:
    """A spell whose only option costs discarding a card of its own trait is not playable
    when it is the only such card in the hand (it is not in the hand when the cost is
    paid); with another such card it is."""
    rec = _card("X-Self", "spell", 1, traits=("妖精",))
    other = _card("X-Other", "follower", 1, 1, 1, traits=("妖精",))
    option = (PayCost(discard=CardFilter(traits=("妖精",)), optional=False), Draw(1))
    script = CardScript(rec.card_id, (Ability(Trigger.SPELL, (Modal((option, option)),)),))
    for hand, allowed in (((), False), ((other,), True)):
        game = position(hands=([rec, *hand], []), pp=(1, 0), scripts=Scripts([script]))
        assert (Play(game.players[0].hand[0]) in game.legal_actions()) is allowed


# --- BP17-091 贖罪の司祭・イリス and BP17-092 レリックゴッデス ---------------------------

RELIC = _card("BP17-092", "advance_follower", 7, 6, 6, name="レリックゴッデス")
IRIS = _card("BP17-091", "follower", 3, 2, 4, name="贖罪の司祭・イリス")


@pytest.mark.parametrize(("amulets", "picks"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2)])
def test_iris_banishes_one_enemy_follower_per_two_amulets(amulets: int, picks: int) -> None:
    """BP17-091 Fanfare: for every 2 amulets on your field, up to 1 enemy follower is
    banished (three enemies on the field; the choice stops at the count)."""
    scripts = _lib("BP17-091")
    enemies = [follower(f"E{k}", 2, 2, 2) for k in range(3)]
    game = position(
        hands=([scripts.record(IRIS)], []), fields=([amulet(f"A{k}") for k in range(amulets)],
                                                    enemies),
        pp=(3, 0), scripts=scripts,
    )  # fmt: skip
    game.apply(Play(game.players[0].hand[0]))
    for _ in range(picks):
        d = game.decision
        assert d is not None
        assert d.kind is Kind.TARGET
        game.apply(Choose(next(o for o in d.options if o != "done")))
    assert game.decision is not None
    assert game.decision.kind is Kind.MAIN
    assert len(game.players[1].field) == 3 - picks
    assert len(game.players[1].banish) == picks


@pytest.mark.parametrize(("amulets", "gain"), [(1, 0), (2, 1), (5, 2)])
def test_relic_goddess_heals_one_per_two_amulets_at_the_end_phase(amulets: int, gain: int) -> None:
    """BP17-092: at your end phase your leader gets +1 defense for every 2 amulets."""
    scripts = _lib("BP17-092")
    game = position(fields=([scripts.record(RELIC)] + [amulet(f"A{k}") for k in range(amulets)],
                            []), hp=(10, 20), scripts=scripts)  # fmt: skip
    game.apply(End())
    assert game.players[0].hp == 10 + gain


def test_relic_goddess_shrugs_off_abilities_but_not_fights() -> None:
    """BP17-092 carries both continuous abilities of its own (their rules: test_keyword_rules)."""
    relic = _lib("BP17-092").record(RELIC)
    assert {"no_ability_damage", "destroy_proof"} <= set(relic.keywords)


# --- BP05-092 古き護り手 ----------------------------------------------------------------------

GUARDIAN = _card("BP05-092", "amulet", 3, name="古き護り手")
WIN_NOW = CardScript("X-Win", (Ability(Trigger.SPELL, (WinGame(),)),))


@pytest.mark.parametrize("kept", [True, False], ids=["with-it", "without-it"])
def test_old_guardian_keeps_its_player_at_1_once(kept: bool) -> None:
    """BP05-092: a lethal attack leaves its player at 1 defense and sends it to the
    graveyard; without it, the same attack ends the game. A second lethal attack, with
    the guardian gone, ends the game."""
    scripts = _lib("BP05-092")
    mine = [scripts.record(GUARDIAN)] if kept else []
    game = position(active=1, fields=(mine, [follower("Ogre", 4, 5, 5), follower("Imp", 1, 2, 2)]),
                    hp=(3, 20), scripts=scripts)  # fmt: skip
    ogre, imp = game.players[1].field
    game.apply(Attack(ogre, LEADER))
    if not kept:
        assert game.outcome_ is not None
        assert game.outcome_.winner == 1
        return
    assert game.outcome_ is None
    assert game.players[0].hp == 1
    assert not game.players[0].field
    assert len(game.players[0].grave) == 1
    game.apply(Attack(imp, LEADER))
    assert game.outcome_ is not None
    assert game.outcome_.winner == 1


@pytest.mark.parametrize("kept", [True, False], ids=["with-it", "without-it"])
def test_old_guardian_stops_the_opponents_win_by_an_effect(kept: bool) -> None:
    """BP05-092: "you win the battle" (CR 5.23.1) does nothing to its player while it is on
    the field; without it the game ends."""
    scripts = _lib("BP05-092")
    scripts.add(WIN_NOW)
    mine = [scripts.record(GUARDIAN)] if kept else []
    game = position(active=1, fields=(mine, []), hands=([], [spell("Win", 1)]), pp=(0, 1),
                    scripts=scripts)  # fmt: skip
    game.apply(Play(game.players[1].hand[0]))
    assert (game.outcome_ is None) is kept


def test_old_guardian_survives_drawing_from_an_empty_deck() -> None:
    """BP05-092: while it is on the field, a draw from an empty deck does not lose
    (CR 11.2.2), and the guardian stays (its trigger is the leader's defense)."""
    scripts = _lib("BP05-092")
    game = position(active=1, fields=([scripts.record(GUARDIAN)], []), decks=(0, 20),
                    scripts=scripts)  # fmt: skip
    game.apply(End())
    _settle_main(game)
    assert game.outcome_ is None
    assert len(game.players[0].field) == 1


def _settle_main(game: State) -> None:
    """Answer choices with their first option until a main phase (or the end)."""
    while (
        game.outcome_ is None and game.decision is not None and game.decision.kind is not Kind.MAIN
    ):
        game.apply(game.legal_actions()[0])


# --- BP11-092 清浄の領域 -----------------------------------------------------------------------

SANCTUARY = _card("BP11-092", "amulet", 5, name="清浄の領域")
MEND = CardScript("X-Mend", (Ability(Trigger.SPELL, (HealLeader(2),)),))


@pytest.mark.parametrize("own", [True, False], ids=["its-own-ability", "ordinary-amulet"])
def test_sanctuary_does_not_stand_at_the_start_phase(own: bool) -> None:
    """BP11-092: engaged at the end of the turn, it is still engaged in its controller's
    next main phase (CR 7.2.3 does not stand it); an ordinary amulet stands."""
    scripts = _lib("BP11-092")
    card = scripts.record(SANCTUARY) if own else _card("X-Plain", "amulet", 5)
    game = position(fields=([OnField(card, engaged=True)], []), scripts=scripts)
    game.apply(End())
    _settle_main(game)
    game.apply(End())
    _settle_main(game)
    assert game.active == 0
    assert game.cards[game.players[0].field[0]].engaged is own


@pytest.mark.parametrize("heal", [True, False], ids=["leader-healed", "no-heal"])
def test_sanctuary_stands_when_its_leader_gains_defense(heal: bool) -> None:
    """BP11-092: engaged, it stands when its leader's defense is raised, and its Act can be
    used again; without a heal it stays engaged."""
    scripts = _lib("BP11-092")
    scripts.add(MEND)
    field = [OnField(scripts.record(SANCTUARY), engaged=True)]
    game = position(fields=(field, []), hands=([spell("Mend", 1)], []), pp=(1, 0), hp=(10, 20),
                    scripts=scripts)  # fmt: skip
    if heal:
        game.apply(Play(game.players[0].hand[0]))
        _settle_main(game)
        assert game.players[0].hp == 12
    sanctuary = game.players[0].field[0]
    assert game.cards[sanctuary].engaged is not heal
    assert (Activate(sanctuary, 0) in game.legal_actions()) is heal


# --- BP08-092 射殺す輝き ----------------------------------------------------------------------


@pytest.mark.parametrize("window", [True, False], ids=["opponents-attack", "own-main-phase"])
def test_a_quick_spell_for_the_opponents_turn_alone(window: bool) -> None:
    """BP08-092 cannot be played during its player's turn: with its card-level Quick icon
    it is offered in the Quick window of an enemy attack, never in its own main phase."""
    scripts = _lib("BP08-092")
    shine = scripts.record(CardRecord("BP08-092", "射殺す輝き", card_type="spell", cost=2,
                                      keywords=("quick",)))  # fmt: skip
    ogre = follower("Ogre", 4, 4, 4)
    if window:
        game = position(active=1, fields=([], [ogre]), hands=([shine], []), pp=(2, 0),
                        scripts=scripts)  # fmt: skip
        game.apply(Attack(game.players[1].field[0], LEADER))
        assert game.decision is not None
        assert game.decision.kind is Kind.QUICK
        assert Play(game.players[0].hand[0]) in game.legal_actions()
    else:
        game = position(fields=([], [ogre]), hands=([shine], []), pp=(2, 0), scripts=scripts)
        assert Play(game.players[0].hand[0]) not in game.legal_actions()


# --- BP13-092 ルナールの聖騎士 (evolved) --------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "take", "healed"),
    [("ward", True, 2), ("plain", True, 0), ("ward", False, 0)],
    ids=["ward-follower", "other-follower", "declined"],
)
def test_renard_paladin_summons_from_the_top_and_heals_for_a_ward(
    top: str, take: bool, healed: int
) -> None:
    """BP13-092 On Evolve: of the top 4 cards, a follower of cost 2 or less may go onto the
    field; if it has Ward the leader gets +2 defense."""
    scripts = _lib("BP13-091", "BP13-092")
    base = scripts.record(_card("BP13-091", "follower", 2, 2, 2, name="ルナールの聖騎士"))
    form = scripts.record(_card("BP13-092", "evolved_follower", 2, 4, 4, name="ルナールの聖騎士"))
    small = follower("Wall", 2, 1, 3, "ward") if top == "ward" else follower("Imp", 2, 2, 2)
    game = position(fields=([base], []), evolve=([form], []), decks=([FILLER] * 6 + [small], 20),
                    pp=(5, 0), hp=(10, 20), scripts=scripts)  # fmt: skip
    game.apply(Evolve(game.players[0].field[0], False, False))
    d = game.decision
    assert d is not None
    pick = next(o for o in d.options if o != "done")
    game.apply(Choose(pick if take else "done"))
    _settle_main(game)
    assert len(game.players[0].field) == (2 if take else 1)
    assert game.players[0].hp == 10 + healed


# --- BP02-111 アークエンジェル・レイナ (evolved) -------------------------------------------------


@pytest.mark.parametrize("used", [0, 2])
def test_reina_recovers_pp_per_face_up_evolved_card_and_turns_them_down(used: int) -> None:
    """BP02-111 On Evolve: recover 1 PP per face-up evolved follower in the evolve deck
    (an Advance card face up there does not count), then they turn face down and can be
    used to evolve again."""
    scripts = _lib("BP02-110", "BP02-111")
    base = scripts.record(_card("BP02-110", "follower", 4, 3, 4, name="アークエンジェル・レイナ"))
    form = scripts.record(_card("BP02-111", "evolved_follower", 4, 5, 6,
                                name="アークエンジェル・レイナ"))  # fmt: skip
    spent = [evolved(follower(f"S{k}")) for k in range(used)]
    advance = _card("X-Adv", "advance_follower", 4, 4, 4, name="Adv")
    game = position(fields=([base], []), evolve=([form, *spent, advance], []), pp=(3, 0),
                    max_pp=(6, 0), scripts=scripts)  # fmt: skip
    me = game.players[0]
    face_up = [u for u in me.evolve_deck if game.cards[u].base.name != base.name]
    for u in face_up:
        me.evolve_deck.remove(u)
        me.evolve_used.append(u)
    game.apply(Evolve(me.field[0], False, False))
    _settle_main(game)
    assert me.pp == 3 - 1 + used  # its evolve cost is 1
    assert sorted(game.cards[u].base.name for u in me.evolve_used) == ["Adv"]
    assert len([u for u in me.evolve_deck if game.cards[u].base.name.startswith("S")]) == used
