"""Behaviour tests of cards from the most successful tournament lists whose encoding was
checked clause by clause against their Japanese text (the scripts come from the committed
library; the records carry made-up stats where the stats do not matter)."""

from __future__ import annotations

import random

import pytest

from engine.cards import CardRecord
from engine.sve import Activate, Attack, Choose, Evolve, Play
from engine.sve.actions import END
from engine.sve.board import RUSH, WARD, Zone
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.zones import DiscardCards
from engine.sve.library import tokens
from engine.sve.position import OnField, add_card, follower, position
from engine.sve.state import State
from tests.engine.library_cards import library_record as _rec
from tests.engine.library_cards import library_scripts as _lib

PCR = ("プリコネ",)


def _settle(game: State) -> None:
    """Answer every open question with its first option until the main phase is back."""
    while game.decision is not None and game.decision.kind.name != "MAIN":
        game.apply(Choose(game.decision.options[0]))


# --- Union Burst labels the card text lost (CR 14.5.1.1) ---------------------------------


@pytest.mark.parametrize(
    ("princess_deck", "max_after", "drew"),
    [(True, 6, True), (False, 5, False)],
    ids=["princess-connect-deck", "class-deck"],
)
def test_muimi_fanfare_is_a_union_burst(princess_deck: bool, max_after: int, drew: bool) -> None:
    """CP04-058 (Union Burst Fanfare: draw 1, discard 1, ...) next to CP04-057 (when
    another follower of yours uses a Union Burst ability: PP maximum +1): in a Princess
    Connect deck the Fanfare goes off and raises the PP maximum; in a class deck it is void
    (CR 14.5.1.2): no card drawn and nothing for the other follower to see."""
    scripts = _lib("CP04-057", "CP04-058")
    homare = _rec(scripts, "CP04-057", cost=5, atk=4, dfn=5, traits=PCR)
    muimi = _rec(scripts, "CP04-058", cost=2, atk=2, dfn=3, traits=PCR)
    game = position(hands=([muimi], []), fields=([homare], []), pp=(5, 0), scripts=scripts)
    game.players[0].max_pp = 5
    game.players[0].union_burst = princess_deck
    deck = len(game.players[0].deck)
    game.apply(Play(game.players[0].hand[0]))
    _settle(game)
    assert game.players[0].max_pp == max_after
    assert (len(game.players[0].deck) == deck - 1) is drew


@pytest.mark.parametrize(
    ("card_id", "burst"),
    [
        ("CP04-058", True),  # Muimi: its only ability is a Union Burst Fanfare
        ("CP04-107", True),  # Kurumi: likewise
        ("CP04-089", True),  # Eriko: likewise
        ("CP04-059", False),  # Kaya: no Union Burst at all
        ("CP04-054", False),  # Dark Eclipse: a spell; its line only marks the hand ability
        ("CP04-057", True),  # Homare: the Act above the hyphen line
    ],
)
def test_union_burst_marks_follow_the_printed_label(card_id: str, burst: bool) -> None:
    """Which abilities carry the Union Burst label: followers whose only abilities are
    Union Burst ones have it although their text has no hyphen line; a spell's line above
    the hyphens is not a Union Burst ability."""
    script = _lib(card_id).get(card_id)
    assert script is not None
    assert any(a.union_burst for a in script.abilities) is burst


@pytest.mark.parametrize("princess_deck", [True, False], ids=["princess-connect", "class"])
def test_dark_eclipse_discard_trigger_works_in_any_deck(princess_deck: bool) -> None:
    """CP04-054 (when this is discarded from your hand: 1 damage to an enemy follower):
    not a Union Burst ability, so it works in a class deck as in a Princess Connect deck."""
    scripts = _lib("CP04-054")
    scripts.add(CardScript("X-D", (Ability(Trigger.SPELL, (DiscardCards(1),)),)))
    eclipse = _rec(scripts, "CP04-054", card_type="spell", cost=2, traits=PCR)
    discard = CardRecord("X-D", "D", card_type="spell", cost=0)
    enemy = follower("E", 2, 2, 5)
    game = position(hands=([discard, eclipse], []), fields=([], [enemy]), scripts=scripts)
    game.players[0].union_burst = princess_deck
    game.apply(Play(game.players[0].hand[0]))
    _settle(game)
    assert game.cards[game.players[1].field[0]].dfn == 4


# --- Nightmare vehicle and token spells (their own text, CR appendix A) --------------------


@pytest.mark.parametrize(
    ("token_id", "traits", "keyword", "stats"),
    [
        ("BP11-P32", ("荒野",), RUSH, (3, 2)),  # 機動二輪車 on a 荒野 follower: Rush and +1/+0
        ("BP11-P32", ("死者",), RUSH, (2, 2)),  # on any other follower: Rush only
        ("BP11-P33", ("荒野",), WARD, (2, 3)),  # 魔導装甲車 on a 荒野 follower: Ward and +0/+1
        ("BP11-P33", ("死者",), WARD, (2, 2)),  # on any other follower: Ward only
    ],
)
def test_vehicle_amulets_give_a_keyword_and_a_wasteland_bonus(
    token_id: str, traits: tuple[str, ...], keyword: int, stats: tuple[int, int]
) -> None:
    """BP11-P32 / BP11-P33 (Act, put this into the graveyard: a follower of yours gets Rush /
    Ward; a 荒野 follower also +1 attack / +1 defense): the amulet leaves for the graveyard
    as the cost and the chosen follower gets the keyword, the bonus only with the trait."""
    scripts = _lib(token_id)
    ally = CardRecord("X-A", "A", cost=2, attack=2, defense=2, traits=traits)
    game = position(fields=([ally], []), scripts=scripts)
    amulet = game.create_token(0, tokens()[token_id], "field")
    mine = game.players[0].field[0]
    game.apply(Activate(amulet, 0))
    game.apply(Choose(str(mine)))
    _settle(game)
    assert game.players[0].field == [mine]
    card = game.cards[mine]
    assert card.bits & keyword
    assert (card.atk, card.dfn) == stats


def test_vehicle_amulet_needs_a_follower_to_choose() -> None:
    """BP11-P32 with no follower of yours on the field: the Act cannot be used (its target
    must be possible, CR 10.6.2.1.2), so the amulet is not thrown away for nothing."""
    scripts = _lib("BP11-P32")
    game = position(fields=([], [follower("E", 2, 2, 2)]), scripts=scripts)
    amulet = game.create_token(0, tokens()["BP11-P32"], "field")
    assert Activate(amulet, 0) not in game.legal_actions()


@pytest.mark.parametrize(("discard", "milled"), [(True, 1), (False, 0)], ids=["discard", "keep"])
def test_wolf_cub_spell_damages_and_may_trade_a_card_for_a_mill(discard: bool, milled: int) -> None:
    """BP14-P32 (token spell: 1 damage to an enemy follower; you may discard a card, and if
    you do, the top card of your deck into the graveyard): played from the EX area it deals
    the damage; the mill comes only with the discard."""
    scripts = _lib("BP14-P32")
    spare = CardRecord("X-H", "H", cost=9)
    game = position(hands=([spare], []), fields=([], [follower("E", 2, 2, 3)]), scripts=scripts)
    cub = game.create_token(0, tokens()["BP14-P32"], "ex")
    enemy = game.players[1].field[0]
    grave = len(game.players[0].grave)
    game.apply(Play(cub))
    game.apply(Choose(str(enemy)))
    assert game.decision is not None
    game.apply(Choose(game.decision.options[0] if discard else "done"))
    if discard and game.decision is not None and game.decision.kind.name != "MAIN":
        game.apply(Choose(game.decision.options[0]))
    _settle(game)
    assert game.cards[enemy].dfn == 2
    assert len(game.players[0].hand) == (0 if discard else 1)
    assert len(game.players[0].grave) == grave + int(discard) + milled


# --- CP04-092 (evolved Saren): Union Burst On Evolve, 4 to one, 1 to the others ----------


@pytest.mark.parametrize(
    ("princess_deck", "left"),
    [(True, [1, 2]), (False, [5, 3, 1])],
    ids=["princess-connect-deck", "class-deck"],
)
def test_saren_evolve_hits_the_chosen_follower_and_the_rest(
    princess_deck: bool, left: list[int]
) -> None:
    """CP04-092 (Union Burst On Evolve: 4 damage to an enemy follower and 1 to each other
    enemy follower): the chosen 5-defense follower keeps 1, the 3-defense one 2 and the
    1-defense one is destroyed; in a class deck the ability is void (CR 14.5.1.2)."""
    scripts = _lib("CP04-092")
    base = CardRecord("CP04-091", "サレン", cost=5, attack=3, defense=3, traits=PCR)
    evo = _rec(scripts, "CP04-092", card_type="evolved_follower", cost=5, atk=4, dfn=4,
               name="サレン", traits=PCR)  # fmt: skip
    enemies = [follower("E1", 2, 2, 5), follower("E2", 2, 2, 3), follower("E3", 2, 2, 1)]
    game = position(fields=([base], enemies), evolve=([evo], []), pp=(5, 0), scripts=scripts)
    game.players[0].union_burst = princess_deck
    first = game.players[1].field[0]
    game.apply(Evolve(game.players[0].field[0]))
    if game.decision is not None and game.decision.kind.name != "MAIN":
        game.apply(Choose(str(first)))
    _settle(game)
    assert [game.cards[u].dfn for u in game.players[1].field] == left


# --- BP01-111 (evolved 狂気の処刑人): the opponent reveals the hand, you choose the discard ----


def _executioner_evolves(opponent_hand: list[CardRecord]) -> State:
    scripts = _lib("BP01-111")
    base = CardRecord("BP01-110", "狂気の処刑人", cost=3, attack=3, defense=3)
    evo = _rec(scripts, "BP01-111", card_type="evolved_follower", cost=3, atk=3, dfn=3,
               name="狂気の処刑人")  # fmt: skip
    game = position(hands=([], opponent_hand), fields=([base], []), evolve=([evo], []),
                    pp=(3, 0), scripts=scripts)  # fmt: skip
    game.apply(Evolve(game.players[0].field[0]))
    return game


def test_executioner_evolve_discards_the_card_you_choose() -> None:
    """BP01-111 (On Evolve: 2 damage to your leader; the opponent reveals their hand, you
    choose a card in it and they discard it): the evolving player, not the opponent, picks
    among the opponent's cards, and the picked one goes to their graveyard."""
    cheap = CardRecord("X-C", "C", cost=1)
    dear = CardRecord("X-D", "D", cost=9)
    game = _executioner_evolves([cheap, dear])
    hand = list(game.players[1].hand)
    assert game.decision is not None
    assert game.decision.player == 0
    assert sorted(game.decision.options) == sorted(map(str, hand))
    game.apply(Choose(str(hand[1])))
    _settle(game)
    assert game.players[1].hand == [hand[0]]
    assert game.players[1].grave == [hand[1]]
    assert game.players[0].hp == 18


def test_executioner_evolve_against_an_empty_hand_only_hurts_your_leader() -> None:
    """BP01-111 against an empty hand: nothing to choose, your leader still takes 2."""
    game = _executioner_evolves([])
    assert game.decision is None or game.decision.kind.name == "MAIN"
    assert game.players[0].hp == 18
    assert game.players[1].grave == []


# --- CP04-074 (evolved Illya): On Evolve, a Princess Connect card from the deck to the grave -


def test_illya_evolve_buries_a_princess_connect_card_from_the_deck() -> None:
    """CP04-074 (On Evolve: search your deck for a Princess Connect card and put it into
    your graveyard): only the Princess Connect card is offered, and it lands in the
    graveyard, not the hand."""
    scripts = _lib("CP04-074")
    base = CardRecord("CP04-073", "イリヤ", cost=2, attack=2, defense=2, traits=PCR)
    evo = _rec(scripts, "CP04-074", card_type="evolved_follower", cost=2, atk=3, dfn=3,
               name="イリヤ", traits=PCR)  # fmt: skip
    princess = CardRecord("X-P", "P", cost=2, attack=2, defense=2, traits=PCR)
    other = CardRecord("X-O", "O", cost=2, attack=2, defense=2, traits=("死者",))
    game = position(fields=([base], []), evolve=([evo], []), decks=([other, princess], 0),
                    pp=(2, 0), scripts=scripts)  # fmt: skip
    other_uid, princess_uid = game.players[0].deck
    game.apply(Evolve(game.players[0].field[0]))
    assert game.decision is not None
    assert [o for o in game.decision.options if o != "done"] == [str(princess_uid)]
    game.apply(Choose(str(princess_uid)))
    _settle(game)
    assert game.players[0].grave == [princess_uid]
    assert game.players[0].deck == [other_uid]
    assert game.players[0].hand == []


# --- evolved Dragoncraft cards of the Dragon lists ------------------------------------------


def test_drake_evolve_returns_a_fighter_up_to_its_attack() -> None:
    """BP13-055 (On Evolve: a 武闘竜人 follower from your graveyard of original cost up to
    this card's attack onto your field): with attack 6, the cost-6 fighter is offered and
    enters; the cost-7 fighter and a cost-2 follower without the trait are not offered."""
    scripts = _lib("BP13-055")
    fighter = ("武闘竜人",)
    base = CardRecord(
        "BP13-054", "焦熱の竜翼・ドラーク", cost=6, attack=5, defense=4, traits=fighter
    )
    evo = _rec(scripts, "BP13-055", card_type="evolved_follower", cost=6, atk=6, dfn=5,
               name="焦熱の竜翼・ドラーク", traits=fighter)  # fmt: skip
    fits = CardRecord("X-6", "F6", cost=6, attack=6, defense=6, traits=fighter)
    dear = CardRecord("X-7", "F7", cost=7, attack=7, defense=7, traits=fighter)
    plain = CardRecord("X-2", "P2", cost=2, attack=2, defense=2)
    game = position(fields=([base], []), evolve=([evo], []), pp=(6, 0), scripts=scripts)
    graves = [add_card(game, 0, rec, Zone.GRAVE) for rec in (fits, dear, plain)]
    game.apply(Evolve(game.players[0].field[0]))
    assert game.decision is not None
    assert [o for o in game.decision.options if o != "done"] == [str(graves[0])]
    game.apply(Choose(str(graves[0])))
    _settle(game)
    assert graves[0] in game.players[0].field
    assert sorted(game.players[0].grave) == sorted(graves[1:])


@pytest.mark.parametrize("option", ["mode1", "mode2"])
def test_gilnelise_evolve_weakens_a_follower_or_makes_nectar(option: str) -> None:
    """BP15-114 (On Evolve: choose one: another follower gets +2/-2, or a 干絶の甘露 token
    into your EX area): the first makes a 2/3 enemy follower 4/1 and makes no token; the
    second leaves it alone and puts the token into the EX area."""
    scripts = _lib("BP15-114", "BP15-PR18")
    base = CardRecord("BP15-113", "干絶の飢餓・ギルネリーゼ", cost=2, attack=2, defense=2)
    evo = _rec(scripts, "BP15-114", card_type="evolved_follower", cost=2, atk=3, dfn=3,
               name="干絶の飢餓・ギルネリーゼ")  # fmt: skip
    game = position(fields=([base], [follower("E", 2, 2, 3)]), evolve=([evo], []), pp=(2, 0),
                    scripts=scripts)  # fmt: skip
    enemy = game.players[1].field[0]
    game.apply(Evolve(game.players[0].field[0]))
    assert game.decision is not None
    game.apply(Choose(option))
    if option == "mode1":
        game.apply(Choose(str(enemy)))
    _settle(game)
    stats = (game.cards[enemy].atk, game.cards[enemy].dfn)
    names = [game.cards[u].base.name for u in game.players[0].ex]
    assert (stats, names) == (((4, 1), []) if option == "mode1" else ((2, 3), ["干絶の甘露"]))


# --- BP14-070 / BP14-071: the Advance into 楽園の終焉・イツルギ -----------------------------


def _paradise_game(active: int = 0) -> State:
    scripts = _lib("BP14-070", "BP14-071", "BP01-116")
    itsurugi = _rec(scripts, "BP14-070", cost=2, atk=3, dfn=2, name="憧れの飛躍・イツルギ")
    paradise = _rec(scripts, "BP14-071", card_type="advance_follower", cost=4, atk=6, dfn=5,
                    name="楽園の終焉・イツルギ")  # fmt: skip
    soul = _rec(scripts, "BP01-116", card_type="spell", cost=1, name="ソウルコンバージョン")
    enemies = [follower("E1", 2, 2, 6), follower("E2", 2, 2, 3), follower("E3", 2, 2, 2)]
    game = position(active=active, hands=([], [soul]), fields=([itsurugi], enemies),
                    evolve=([paradise], []), pp=(4, 1), hp=(10, 20), scripts=scripts)  # fmt: skip
    for i in range(10):
        add_card(game, 0, CardRecord(f"X-G{i}", f"G{i}", card_class="abyss", cost=1), Zone.GRAVE)
    return game


def test_paradise_advance_splits_five_and_two_and_feeds_on_deaths() -> None:
    """BP14-070 (Advance Act, 4 PP, banish this, with 10 Nightmare cards in the graveyard:
    楽園の終焉・イツルギ from the evolve deck onto the field) and BP14-071 (Fanfare: up to 3
    enemy followers, 5 damage to one and 2 to the others; during your turn, when an enemy
    follower goes to the graveyard, 1 damage to its leader and your leader +1): the first
    chosen takes 5, the other two 2; the one that dies hurts the enemy leader and heals."""
    game = _paradise_game()
    itsurugi = game.players[0].field[0]
    paradise = game.players[0].evolve_deck[0]
    one, two, three = game.players[1].field
    game.apply(Activate(itsurugi, 0))
    game.apply(Choose(str(paradise)))
    for uid in (one, two, three):
        game.apply(Choose(str(uid)))
    _settle(game)
    assert game.players[0].field == [paradise]
    assert [game.cards[u].dfn for u in game.players[1].field] == [1, 1]
    assert three in game.players[1].grave
    assert (game.players[0].hp, game.players[1].hp) == (11, 19)


def test_paradise_does_not_feed_on_deaths_in_the_opponents_turn() -> None:
    """BP14-071 on the field in the opponent's turn: their follower put into the graveyard
    (their own ソウルコンバージョン) neither hurts them nor heals you."""
    game = _paradise_game(active=1)
    paradise = game.players[0].evolve_deck[0]
    game.players[0].evolve_deck.remove(paradise)
    game.cards[paradise].zone = Zone.FIELD
    game.players[0].field.append(paradise)
    victim = game.players[1].field[2]
    game.apply(Play(game.players[1].hand[0]))
    game.apply(Choose(str(victim)))
    _settle(game)
    assert victim in game.players[1].grave
    assert (game.players[0].hp, game.players[1].hp) == (10, 20)


@pytest.mark.parametrize(("princess_deck", "max_after"), [(True, 6), (False, 5)])
def test_queens_console_act_is_a_union_burst(princess_deck: bool, max_after: int) -> None:
    """CP04-PR18 (the equipped follower has "Union Burst Act, 1 PP, engage this: your
    original-cost-1 followers +1 attack"): using it counts for CP04-057 (PP maximum +1)
    in a Princess Connect deck; in a class deck the granted ability is void (CR 14.5.1.2)
    and cannot be used."""
    scripts = _lib("CP04-057", "CP04-PR18")
    homare = _rec(scripts, "CP04-057", cost=5, atk=4, dfn=5, traits=PCR)
    bearer = CardRecord("X-B", "B", cost=1, attack=1, defense=1, traits=PCR)
    game = position(fields=([homare, bearer], []), pp=(1, 0), scripts=scripts)
    game.players[0].max_pp = 5
    game.players[0].union_burst = princess_deck
    me = game.players[0].field[1]
    game.equip(me, tokens()["CP04-PR18"])
    console = [a for a in game.legal_actions() if isinstance(a, Activate) and a.uid == me]
    assert bool(console) is princess_deck
    if console:
        game.apply(console[0])
        _settle(game)
        assert game.cards[me].atk == 2
    assert game.players[0].max_pp == max_after


# --- BP11-P30 (魔導列車): piloting, CR 5.32 ------------------------------------------------


def _train_game(costs: tuple[int, ...]) -> tuple[State, int]:
    scripts = _lib("BP11-P30")
    crew = [CardRecord(f"X-{c}", f"C{c}", cost=c, attack=1, defense=1) for c in costs]
    enemies = [OnField(follower("E1", 2, 2, 3), engaged=True),
               OnField(follower("E2", 2, 2, 3), engaged=True)]  # fmt: skip
    game = position(fields=(crew, enemies), pp=(1, 0), hp=(10, 20), scripts=scripts)
    train = game.create_token(0, tokens()["BP11-P30"], "field")
    game.cards[train].since = 0  # on the field since before this turn
    return game, train


def test_train_is_piloted_with_five_cost_of_crew_and_strikes() -> None:
    """BP11-P30 (Act, 1 PP, engage followers of yours whose original costs total 5 or
    more: pilot this, a 4/5 follower this turn; Strike: destroy an engaged enemy follower,
    your leader +2): the crew can stop only once it reaches 5; piloted, it attacks, its
    Strike destroys the other engaged enemy and heals; at the end of the turn it is an
    amulet again."""
    game, train = _train_game((3, 2, 1))
    three, two, _ = game.players[0].field[:3]
    assert not game.cards[train].fol
    game.apply(Activate(train, 0))
    assert game.decision is not None
    assert "done" not in game.decision.options
    game.apply(Choose(str(three)))
    assert game.decision is not None
    assert "done" not in game.decision.options  # 3 of 5
    game.apply(Choose(str(two)))
    assert game.decision is not None
    game.apply(Choose("done"))  # 5 of 5: the cost-1 follower stays standing
    _settle(game)
    card = game.cards[train]
    assert (card.fol, card.atk, card.dfn) == (True, 4, 5)
    assert game.players[0].pp == 0
    one, other = game.players[1].field
    game.apply(Attack(train, one))
    game.apply(Choose(str(other)))
    _settle(game)
    assert other in game.players[1].grave
    assert game.players[0].hp == 12
    game.apply(END)
    _settle(game)
    assert not game.cards[train].fol


def test_train_needs_five_cost_of_crew() -> None:
    """BP11-P30 with followers of original costs 3 and 1 (4 in all): it cannot be piloted,
    so it stays an amulet that cannot attack."""
    game, train = _train_game((3, 1))
    assert Activate(train, 0) not in game.legal_actions()
    assert not any(isinstance(a, Attack) and a.uid == train for a in game.legal_actions())


def test_executioner_choice_sees_the_revealed_hand() -> None:
    """BP01-111's revealed hand: while its player chooses, the hand cards are visible to
    them and every world a searching player samples keeps them (the choice is made knowing
    the cards); before the reveal the opponent's hand is hidden and dealt again."""
    cards = [CardRecord(f"X-{i}", f"H{i}", cost=i + 1) for i in range(3)]
    game = _executioner_evolves(cards)
    hand = list(game.players[1].hand)
    view = game.observation(0)
    assert [view.card(u).record.card_id for u in hand] == ["X-0", "X-1", "X-2"]
    for seed in range(5):
        world = game.observation(0).sample(random.Random(seed))
        assert sorted(world.players[1].hand) == sorted(hand)
        assert [world.cards[u].base.card_id for u in hand] == ["X-0", "X-1", "X-2"]
    hidden = position(hands=([], cards), scripts=_lib("BP01-111"))
    with pytest.raises(KeyError):
        hidden.observation(0).card(hidden.players[1].hand[0])


# --- an auto ability with nothing to choose is not played (CR 10.6.2.3.3, 10.7.3.2) ---------


@pytest.mark.parametrize(
    ("enemy_follower", "max_after", "enemy_hp"),
    [(True, 6, 18), (False, 5, 20)],
    ids=["enemy-follower-to-choose", "empty-enemy-field"],
)
def test_shefi_burst_with_no_target_is_not_used(
    enemy_follower: bool, max_after: int, enemy_hp: int
) -> None:
    """CP04-055 (Union Burst Fanfare: choose an enemy follower; it does not stand next turn)
    beside CP04-057 (another follower's Union Burst used: PP maximum +1) and CP04-059 (2
    damage to the enemy leader): with an enemy follower the Fanfare is played and resolved
    (CR 14.5.1.3) and both go off; with none it cannot be played, so neither does."""
    scripts = _lib("CP04-055", "CP04-057", "CP04-059")
    shefi = _rec(scripts, "CP04-055", cost=2, atk=2, dfn=2, traits=PCR)
    homare = _rec(scripts, "CP04-057", cost=5, atk=4, dfn=5, traits=PCR)
    kaya = _rec(scripts, "CP04-059", cost=6, atk=4, dfn=4, traits=PCR)
    enemies = [follower("E", 2, 2, 5)] if enemy_follower else []
    game = position(
        hands=([shefi], []), fields=([homare, kaya], enemies), pp=(5, 0), scripts=scripts
    )
    game.players[0].max_pp = 5
    game.players[0].union_burst = True
    game.apply(Play(game.players[0].hand[0]))
    _settle(game)
    assert game.players[0].max_pp == max_after
    assert game.players[1].hp == enemy_hp


@pytest.mark.parametrize(
    ("enemy_follower", "evolved"),
    [(True, True), (False, False)],
    ids=["enemy-follower-to-choose", "empty-enemy-field"],
)
def test_kaya_fanfare_needs_an_enemy_follower_to_evolve(
    enemy_follower: bool, evolved: bool
) -> None:
    """CP04-059 (Fanfare: choose an enemy follower, 4 damage; PP maximum 10: this evolves):
    the choice comes first, so with no enemy follower the whole Fanfare is not played and
    the follower does not evolve (CR 10.6.2.3.3, 10.7.3.2)."""
    scripts = _lib("CP04-059", "CP04-060")
    kaya = _rec(scripts, "CP04-059", cost=6, atk=4, dfn=4, name="カヤ", traits=PCR)
    evolved_kaya = _rec(
        scripts, "CP04-060", card_type="evolved_follower", atk=6, dfn=6, name="カヤ", traits=PCR
    )
    enemies = [follower("E", 2, 2, 5)] if enemy_follower else []
    game = position(
        hands=([kaya], []),
        fields=([], enemies),
        evolve=([evolved_kaya], []),
        pp=(10, 0),
        scripts=scripts,
    )
    game.players[0].max_pp = 10
    game.apply(Play(game.players[0].hand[0]))
    _settle(game)
    mine = game.cards[game.players[0].field[0]]
    assert (mine.face.card_id == "CP04-060") is evolved


@pytest.mark.parametrize(
    ("grave", "modes"),
    [
        ((), None),  # nothing to choose in either option: the spell cannot be played
        (("machina",), ["mode1"]),  # a Machina follower, but no モノ for option 2
        (("mono",), ["mode1", "mode2"]),  # モノ is a Machina follower too
    ],
    ids=["empty-graveyard", "machina-only", "mono"],
)
def test_first_one_offers_only_options_with_a_card_to_choose(
    grave: tuple[str, ...], modes: list[str] | None
) -> None:
    """BP07-075 (choose one: (1) a Machina follower of your graveyard to your hand; (2) a
    真紅の抗戦者・モノ of your graveyard onto the field): an option whose card cannot be
    chosen cannot be picked (CR 5.18.4.1, 10.6.2.3.3), and with neither it is not played."""
    scripts = _lib("BP07-075")
    first_one = _rec(scripts, "BP07-075", card_type="spell", cost=1, traits=("機械",))
    records = {
        "machina": CardRecord("X-M", "M", cost=2, attack=2, defense=2, traits=("機械",)),
        "mono": CardRecord(
            "BP07-069", "真紅の抗戦者・モノ", cost=2, attack=3, defense=2, traits=("機械", "魔界")
        ),
    }
    game = position(hands=([first_one], []), pp=(1, 0), scripts=scripts)
    for key in grave:
        add_card(game, 0, records[key], Zone.GRAVE)
    spell = game.players[0].hand[0]
    if modes is None:
        assert Play(spell) not in game.legal_actions()
        return
    game.apply(Play(spell))
    assert game.decision is not None
    assert game.decision.options == modes


# --- the Machina list: 鋼鉄の希望's costed option, マンマル1号 from the graveyard -------------


def _machina(cost: int) -> CardRecord:
    return CardRecord(f"X-M{cost}", f"M{cost}", cost=cost, attack=1, defense=1, traits=("機械",))


@pytest.mark.parametrize(("pp", "modes"), [(7, ["mode1", "mode2"]), (6, ["mode1"])])
def test_steel_hope_second_option_needs_six_more_pp(pp: int, modes: list[str]) -> None:
    """BP17-080 (cost 1; option 2 costs 6 more: Machina followers of original cost 4, 3 and
    2 or less from the deck onto the field): offered with 7 PP, not with 6; chosen, it puts
    one follower within each cap onto the field and spends all 7."""
    scripts = _lib("BP17-080")
    hope = _rec(scripts, "BP17-080", card_type="spell", cost=1, traits=("機械",))
    deck = [_machina(4), _machina(3), _machina(2), _machina(1)]
    game = position(hands=([hope], []), decks=(deck, 0), pp=(pp, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == modes
    if "mode2" not in modes:
        return
    game.apply(Choose("mode2"))
    _settle(game)
    assert sorted(game.cards[u].base.cost for u in game.players[0].field) == [2, 3, 4]
    assert game.players[0].pp == 0


@pytest.mark.parametrize("with_ennea", [True, False], ids=["beside-ennea", "alone"])
def test_manmaru_returns_from_the_graveyard_only_beside_ennea(with_ennea: bool) -> None:
    """BP12-082 (Act, 1 PP, from your graveyard: onto the field with +1 attack, usable with
    紫紺の抵抗者・エンネア on your field; while エンネア is there, 2 or more damage it takes
    becomes 1): beside エンネア it comes back and 3 damage costs it 1 defense; alone the Act
    is not offered."""
    scripts = _lib("BP12-082", "BP07-072")
    manmaru = _rec(scripts, "BP12-082", atk=1, dfn=3, name="マンマル1号", traits=("機械",))
    ennea = _rec(scripts, "BP07-072", cost=4, name="紫紺の抵抗者・エンネア", traits=("機械",))
    game = position(fields=([ennea] if with_ennea else [], []), pp=(1, 0), scripts=scripts)
    uid = add_card(game, 0, manmaru, Zone.GRAVE)
    acts = [a for a in game.legal_actions() if isinstance(a, Activate) and a.uid == uid]
    assert bool(acts) is with_ennea
    if not with_ennea:
        return
    game.apply(acts[0])
    _settle(game)
    card = game.cards[uid]
    assert card.zone is Zone.FIELD
    assert (card.atk, card.dfn) == (2, 3)
    game.deal_damage(uid, 3)
    assert game.cards[uid].dfn == 2
