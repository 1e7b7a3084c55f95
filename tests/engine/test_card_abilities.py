"""Card abilities: the templates on real card text, the committed library, hand encodings
and the behaviour of compiled cards in games.

The card text is read at test time from ``../shared/data/sve/cards_ja`` by card code; no
text is written here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.cards import CardRecord
from engine.sve import Choose, Play
from engine.sve.board import Zone
from engine.sve.compiler import compile_card
from engine.sve.compiler.templates.base import OPENERS, TEMPLATES
from engine.sve.coverage import report, status, unmodelled
from engine.sve.effects.core import Ability, CardScript, Trigger, describe
from engine.sve.effects.damage import Damage
from engine.sve.effects.registry import ELEMENTS, from_data, to_data
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.selectors import Select, Targets
from engine.sve.library import library, script_of, tokens
from engine.sve.position import follower, position
from engine.sve.state import DEFAULT_SCRIPTS

HAND = Path(__file__).resolve().parents[2] / "engine" / "sve" / "data" / "hand"

EXAMPLES: dict[str, list[str]] = {
    "select": ["BP01-006", "BP01-015"],
    "select_leader_or_follower": ["BP01-094", "BP01-125"],
    "damage_it": ["BP01-006", "BP01-017"],
    "damage_group": ["BP01-064", "BP01-089"],
    "instead_damage": ["BP01-017", "BP01-070"],
    "damage_its_leader": ["BP01-070", "BP01-073"],
    "move": ["BP01-015", "BP01-025"],
    "engage": ["BP01-029", "BP01-038"],
    "cost_down": ["BP05-042", "BP05-043"],
    "no_attack": ["BP16-009", "CP04-005"],
    "skip_stand": ["BP11-085", "BP13-017"],
    "box_it": ["BP11-018"],
    "select_boxed": ["BP11-024"],
    "hand_to_field": ["BP13-027", "BP15-030", "SP01-010", "BP17-098", "BP08-021", "CP02-090"],
    "x_is_max_pp": ["BP13-027"],
    "play_cost_if": [
        "BP14-035",
        "BP11-031",
        "BP07-024",
        "BP16-057",
        "BP02-038",
        "BP08-072",
        "CP02-082",
        "BP06-083",
    ],
    "play_cost_for": ["BP13-028", "BP07-024"],
    "if_opponent_cards": ["BP04-023", "BP08-112"],
    "if_revealed": ["BP05-034", "CP04-084", "BP18-084"],
    "if_grave_count_either": ["BP14-025"],
    "token_choice_to_ex_may": ["BP16-019"],
    "add_counters": ["BP18-031", "BP18-029", "DSD01b-T01", "BP09-095", "DSD01b-001"],
    "evolve_cost_if": ["BP07-052", "BP11-072"],
    "heal_leader": ["BP01-087", "BP01-140"],
    "buff": ["BP01-021", "BP01-025"],
    "buff_defense": ["BP01-128", "BP04-114"],
    "give_keywords": ["BP01-047", "BP01-113"],
    "draw": ["BP01-015", "BP01-049"],
    "each_draws": ["ECP02-019", "SD03-011"],
    "mill": ["BP01-120", "BP04-101"],
    "recover_pp": ["BP01-065", "BP03-057"],
    "max_pp": ["BP01-079", "BP02-057"],
    "discard": ["BP01-085", "BP01-086"],
    "summon": ["BP01-020", "BP01-026"],
    "summon_two": ["BP17-029", "SD02-004"],
    "token_to_ex": ["BP01-010", "BP01-020"],
    "token_to_ex_two": ["BP05-037"],
    "token_choice_to_ex": ["BP07-008", "BP12-104"],
    "search_total_cost": ["CP04-091", "BP18-025"],
    "instead_buff": ["CP04-080", "BP03-059"],
    "hand_to_ex": ["ECP02-001", "BP13-045"],
    "buff_cost_group": ["CP04-PR18"],
    "if_attack_sum": ["CP04-022"],
    "damage_hand_size": ["CP04-094", "BP13-113"],
    "look_arrange": ["CP04-116", "CP01-070"],
    "if_counters_at_least": ["DSD01b-T01", "BP09-095"],
    "search": ["BP01-036", "BP01-040"],
    "search_either": ["BP08-018"],
    "look_top": ["BP01-059", "BP01-148"],
    "look_take": ["BP01-059", "BP01-148"],
    "look_take_either": ["BP02-008", "BP10-115"],
    "look_rest_bottom": ["BP01-148", "BP02-008"],
    "select_in_grave": ["BP01-124", "BP02-103"],
    "grave_to": ["BP01-124", "BP02-103", "CP04-083", "BP07-077"],
    "if_combo": ["BP01-017", "BP02-001"],
    "if_spellchain": ["BP01-065", "BP01-070"],
    "if_necrocharge": ["BP03-076", "BP07-074"],
    "if_overflow": ["BP01-081", "BP01-090"],
    "if_sanguine": ["BP01-112", "BP01-113"],
    "if_max_pp": ["BP13-058", "BP16-056"],
    "if_leader_at_most": ["BP10-109"],
    "if_have_on_field": ["BP03-023", "BP03-032"],
    "keywords": ["BP01-046", "BP01-048"],
    "evolve_cost": ["BP01-009", "BP01-018"],
    "act": ["BP01-006", "BP01-025"],
    "choose_one": ["BP02-010", "BP04-007"],
    "ally_enters": ["BP01-018", "BP01-019"],
    "ally_enters_filtered": ["BP03-046", "BP03-047"],
    "on_super_evolve": ["BP16-062", "BP16-112"],
    "strike": ["BP01-085", "BP02-078"],
    "last_words": ["BP01-045", "BP01-068"],
    "main_phase": ["BP03-011"],
    "end_phase": ["BP01-152", "BP01-153"],
    "damage_count": ["SD02-016", "SD05-006"],
    "if_grave_count": ["BP07-021", "BP13-030"],
    "if_it_is": ["BP09-060", "BP03-037"],
    "if_cards_played": ["BP17-001"],
    "act_condition": ["BP17-001", "CP04-063"],
    "optional_cost": ["BP01-119", "CP04-037", "BP10-007", "BP16-017", "BP21-016"],
    "act_extra_cost": ["SD03-008", "SD05-001"],
    "static_keyword": ["SD01-013", "SD06-016", "BP18-005"],
    "while_here_grant": ["SD01-001", "SD05-005"],
    "while_self_keyword": ["SD07-012", "BP07-021"],
    "discarded": ["SD07-012", "CP04-054"],
    "discarded_by": ["BP21-043", "BP22-116"],
    "summon_for_its_player": ["BP21-004"],
    "once_per_turn_auto": ["BP02-019"],
    "summon_choose": ["SD01-001"],
    "summon_choose_ex": ["SD01-001"],
    "summon_until_full": ["SD01-006", "BP01-027"],
    "summon_rest_ex": ["SD01-006", "BP01-027"],
    "set_evolve_cost": ["SD01-009"],
    "look_mill_it": ["SD03-010", "BP04-041"],
    "look_rest_grave": ["SD06-001", "BP06-010"],
    "amulet_leaves": ["SD06-001"],
    "leaves": ["BP01-016", "BP04-008"],
    "damage_bonus": ["SD06-009", "SD06-010"],
    "extra_play_cost": ["BP13-025", "BP04-066"],
    "if_paid_extra": ["BP13-025", "BP17-044"],
    "act_from_hand": ["BP11-059", "BP15-074"],
    "split_damage": ["EBD02-015"],
    "select_per_grave": ["BP11-058"],
    "no_combat_damage": ["BP02-019"],
    "buff_group": ["EBD01-013"],
    "if_it_costs": ["CP04-018"],
    "if_grave_size": ["BP17-073", "BP16-090"],
    "if_count_on_field": ["DSD01b-003", "BP04-025"],
    "if_named_on_field": ["BP02-040", "BP03-078"],
    "select_own_leader_or_follower": ["CP04-041"],
    "set_stats": ["BP16-007", "BP14-076"],
    "if_came_from": ["SP01-045", "BP03-028"],
    "next_cost_down": ["BP13-054", "CP04-039"],
    "card_played": ["CP04-048", "BP05-027"],
    "ability_used": ["CP04-039", "CP04-057"],
    "union_burst": ["CP04-057", "CP04-041"],
    "roll_die": ["BP21-075", "BP21-083"],
    "damage_rolled": ["BP21-075"],
    "if_roll_is": ["BP21-077", "BP21-087"],
    "if_rolled_six_this_turn": ["BP21-081"],
    "if_rolled_this_turn": ["BP21-076"],
    "if_sep_is": ["BP21-112"],
    "equip": ["CP04-055", "CP04-019"],
    "equipment_text": ["CP04-PR22", "CP04-PR16"],
    "damage_taken": ["CP04-PR16"],
    "self_keyword": ["CP04-PR23", "BP13-076", "BP02-087"],
    "choose_more": ["BP02-088", "BP05-044"],
    "if_bursts": ["CP04-003", "CP04-089"],
    "if_nth_card": ["CP02-006", "BP12-010"],
    "times_per_turn": ["CP04-PR20", "BP04-108"],
    "dealt_combat_damage": ["BP02-020", "BP22-019"],
    "ex_turn_cost_down": ["BP22-049"],
    "damage_its_leader_its_attack": ["BP22-025"],
    "my_turn": ["CP02-006", "BP09-057"],
    "damage_half_attack": ["CP04-PR20"],
    "act_from_grave": ["BP11-075", "BP10-081"],
    "evolve_condition": ["BP11-076", "BP07-001"],
    "evolve_self": ["BP06-005", "BP10-031"],
    "mill_opponent": ["BP15-034", "BP15-035"],
    "damage_again": ["BP05-033"],
    "if_opponent_grave": ["BP05-033", "BP15-028"],
    "if_standing": ["BP07-022"],
    "ally_evolves": ["BP09-112", "BP15-005"],
    "to_grave_self": ["BP16-078", "BP18-115"],
    "if_evolve_used": ["BP15-004", "BP08-054"],
    "if_full_field": ["BP07-069", "BP17-076"],
    "select_in_grave_distinct": ["CP04-112", "BP18-P54"],
    "if_ex_count": ["BP07-094", "BP17-106"],
    "if_opponent_followers": ["BP15-094"],
    "no_damage": ["BP17-018", "CP04-016"],
    "opponent_main_phase": ["BP15-094", "BP05-089"],
    "if_always": ["BP05-078", "BP07-103"],
    "choose_up_to": ["BP05-078", "BP07-103"],
    "ex_placed": ["BP18-004", "BP11-008"],
    "to_ex": ["CP04-007"],
    "select_in_ex": ["BP18-004"],
    "cost_down_x": ["BP18-004"],
    "x_cards_played": ["BP18-004"],
    "buff_x": ["BP13-020"],
    "x_died": ["BP13-020"],
    "self_to_ex": ["BP12-054"],
    "act_from_ex": ["BP12-054"],
    "gives_while": ["BP13-033", "CP03-023"],
    "if_did_it": ["BP11-071"],
    "self_from_grave": ["BP12-071", "BP04-064"],
    "exile_later": ["BP12-071"],
    "act_condition_all": ["BP12-071"],
    "token_field_or_ex": ["BP07-018", "BP07-112"],
    "token_choice_to_field": ["BP17-019", "BP12-069"],
    "ally_attacks": ["BP18-060", "BP18-066"],
    "damage_it_and_its_leader": ["BP18-060", "BP04-033"],
    "top_to_ex": [
        "BP12-021",
        "BP14-073",
        "BP10-054",
        "CP04-004",
        "BP14-112",
        "BP11-054",
        "BP10-117",
    ],
    "evolve_or_return": ["BP10-054"],
    "if_placed_in_ex": ["BP10-054"],
    "advance_act": ["BP14-070", "BP14-018", "BP17-091"],
    "act_condition_any": ["BP14-070", "BP14-018"],
    "ally_leaves": ["BP11-074", "BP03-075", "BP08-003"],
    "summon_same": ["BP11-074"],
    "on_engage": ["BP11-069", "BP09-109", "CP04-102"],
    "opponent_discards": ["BP11-069", "CP01-057", "BP03-073", "BP08-075", "BP05-085"],
    "buff_trait_group": ["BP12-091", "BP04-T02"],
    "evolve_cost_down": ["BP07-086", "BP13-078"],
    "from_evolve_deck": ["BP10-109", "BP13-001", "BP14-070", "BP14-018"],
    "damage_attack": ["BP10-080", "BP15-108"],
    "shuffle_look_top": ["BP17-066"],
    "buff_all": ["CP02-085", "BP07-003", "BP18-084"],
    "if_field_count_any": ["BP15-097", "BP15-078"],
    "if_leader_is": ["BP15-076"],
    "if_have_evolved": ["BP13-080", "BP02-049"],
    "if_hand_at_most": ["BP05-103", "BP05-104"],
    "if_grave_has": ["BP10-090", "BP10-118"],
    "ally_enters_named_or_class": ["ECP02-050", "BP13-029"],
    "leader_shield": ["BP05-017", "CP03-040"],
    "damage_group_count": ["BP16-040", "CP02-063"],
    "draw_x": ["BP16-040"],
    "heal_x": ["BP08-087", "BP07-059"],
    "x_count": ["BP02-069", "BP08-087"],
    "instead_count": ["BP18-089", "BP09-062"],
    "if_name_contains_on_field": ["BP18-089", "CP02-021"],
    "damage_cap": ["BP12-082", "CP02-101"],
    "buff_exile_later": ["BP12-082"],
    "damage_discarded_cost": ["BP16-057"],
    "you_discard": ["BP15-060", "BP15-061", "BP11-070"],
    "opponent_discard": ["BP11-070"],
    "select_named": ["BP17-062", "BP08-005", "BP12-102", "BP07-007", "BP09-009"],
    "damage_shield": ["BP17-062", "BP08-005", "BP13-117"],
    "banish_instead": ["BP18-061"],
    "select_in_grave_total": ["BP12-075"],
    "ex_cost_down": ["BP17-079"],
    "if_discarded_this_turn": ["BP02-062", "BP02-063"],
    "if_evolved_this_turn": ["BP16-092", "BP16-110"],
    "if_nth_evolve": ["BP18-003"],
    "play_cost_down_x": ["BP18-013", "BP06-016"],
    "self_from_ex": ["BP17-099"],
    "if_ex_has": ["BP11-096", "BP12-107"],
    "if_field_count_either": ["BP09-117"],
    "additional_cost": ["BP18-119", "BP13-070"],
    "self_grave_to_ex": ["BP15-101", "BP07-041", "CP04-076"],
    "grave_ally_enters": ["BP15-101", "BP07-041"],
    "cannot_play_if": ["BP17-044"],
    "no_damage_named": ["BP18-116"],
    "if_it_is_named": ["BP12-096", "ECP01-018"],
    "discount_for_cost": ["BP12-096", "BP14-119", "BP18-090", "CP02-050", "BP22-039", "BP01-057"],
    "cost_zero": ["BP16-096", "BP17-021", "BP11-054"],
    "damage_its_attack": ["BP07-007", "BP04-026"],
    "look_take_forced": ["BP14-042"],
    "buffed": ["BP11-113", "BP11-082"],
    "spell_tax": ["BP05-070", "BP05-071"],
    "option_cost": ["BP12-007", "BP03-117"],
    "evolve_discard": ["BP05-098"],
    "look_condition": ["BP07-107", "BP06-066"],
    "look_take_any_number": ["CP01-080"],
    "look_rest_hand": ["CP01-080"],
    "if_field_and_ex_count": ["BP07-107", "BP16-004"],
    "takes_more": ["CP04-026"],
    "ex_end_phase": ["BP10-043", "BP10-110"],
    "damage_per_hurt": ["BP05-069"],
    "if_played_this_turn": ["BP14-043", "CP04-046"],
    "keyword_choice": ["BP14-043"],
    "if_banish_count": ["CP03-048"],
    "card_enters": ["BP11-048", "BP16-109"],
    "leader_hurt": ["BP13-073", "BP06-089"],
    "if_leader_at_most_marked": ["BP06-089", "BP03-097"],
    "select_any_number": ["BP08-028", "CP04-111"],
    "while_here_or_ex": ["BP13-003"],
    "x_number": ["BP02-014", "BP02-072"],
    "buff_attack_x": ["BP02-014", "BP13-069"],
    "x_field_and_ex": ["BP06-007"],
    "damage_x_number": ["BP08-116"],
    "banish_from_hand": ["BP18-043", "CP03-045"],
    "banish_top": ["BP10-060", "BP21-047"],
    "discard_hand": ["BP02-052", "BP20-111"],
    "discard_may": ["BP19-072"],
    "hand_to_bottom": ["BP01-167", "BP04-126"],
    "if_attacking_follower": ["BP01-126", "BP03-027", "BP21-085"],
    "if_discarded_is": ["BP03-086", "BP09-015", "BP22-097"],
    "if_enemy_has": ["BP20-009", "BP20-010"],
    "if_ex_counters_at_least": ["BP21-057", "BP21-060"],
    "if_field_or_ex_has_other": ["BP20-057"],
    "if_field_or_grave_has": ["BP15-103", "BP19-115"],
    "if_keyword_count_on_field": ["BP11-098", "BP22-093"],
    "if_turn_at_least": ["BP19-116"],
    "mill_may": ["BP21-037"],
    "select_any_side": ["BP05-107", "BP20-118"],
    "damage_ex_count": ["BP07-046", "BP20-098", "BP22-008"],
    "x_ex_count": ["BP20-107"],
    "damage_x": ["BP20-107", "BP21-018", "BP22-001"],
    "look_take_alt": ["BP13-101", "BP19-097"],
    "look_take_each": ["BP06-096", "BP21-048"],
    "look_take_total": ["BP21-025", "BP22-110"],
    "search_alt": ["BP19-098", "CP02-054"],
    "search_each": ["BP17-102", "BP19-008"],
    "damage_entered_attack": ["BP22-073"],
    "evolve_it": ["BP20-077", "BP22-003"],
    "hand_to_field_alt": ["BP13-090", "BP21-008"],
    "if_cost_kinds": ["BP13-041", "BP15-056"],
    "if_it_came_from": ["BP19-080"],
    "instead_token": ["BP22-047"],
    "keywords_and_no_damage": ["BP16-103", "BP20-036"],
    "next_cost_down_filter": ["BP18-016", "BP20-001"],
    "no_combat_damage_it": ["BP22-024"],
    "chosen_to_grave": ["BP20-055"],
    "if_counters_on_this": ["BP16-104", "BP19-091"],
    "if_grave_count_alt": ["BP06-042", "BP20-054"],
    "if_hurt_times": ["BP19-075"],
    "opponent_sacrifices": ["BP08-094", "BP22-088"],
    "select_either": ["BP10-116", "BP21-011"],
    "select_named_either": ["BP19-039", "BP19-043"],
    "select_not_named": ["BP19-017"],
    "self_to_field_last_words": ["BP01-107", "BP19-003"],
    "set_defense": ["BP19-107", "BP20-058"],
    "stack_up": ["BP02-048", "BP21-046"],
    "buff_ex_group": ["BP06-003", "BP22-054"],
    "if_placed_card_is": ["BP07-078", "BP20-090"],
}
"""Real cards on which each template (or condition, trigger) is used, by template id."""


@pytest.fixture(scope="module")
def texts(sve_data: Path) -> dict[str, CardRecord]:
    """Compiler inputs for every card identity of the merged pool, by canonical id."""
    from decklab.commands.engine import read_card_texts

    return {c.card_id: c for c in read_card_texts(sve_data / "cards_ja", sve_data / "sven")}


def compiled_abilities(
    card_id: str, texts: dict[str, CardRecord]
) -> tuple[list[str], list[Ability]]:
    """The template ids used on a real card and the abilities compiled from its text."""
    names = {rec.name: rec for rec in sorted(tokens().values(), key=lambda r: r.card_id)}
    out = compile_card(texts[card_id], names)
    return out.templates, out.abilities


def test_every_template_has_examples() -> None:
    """Each template and condition is listed with real cards below."""
    ids = {t.id for t in TEMPLATES} | {f"if_{o.id}" for o in OPENERS}
    assert ids <= set(EXAMPLES)


@pytest.mark.shared
@pytest.mark.parametrize(
    ("tid", "card_id"), [(t, c) for t, cards in EXAMPLES.items() for c in cards]
)
def test_template_on_real_card(tid: str, card_id: str, texts: dict[str, CardRecord]) -> None:
    """The template matches a sentence of the real card text and its ability compiles."""
    used, _abilities = compiled_abilities(card_id, texts)
    assert tid in used
    entry = library()["cards"][card_id]
    assert tid in entry["templates"]


@pytest.mark.shared
def test_compiled_effects_of_known_cards(texts: dict[str, CardRecord]) -> None:
    """A few cards compile to exactly the effects a player reads on them."""
    _, abilities = compiled_abilities("BP01-017", texts)  # 1 damage, Combo 3: 3 instead
    (fanfare,) = abilities
    assert fanfare.trigger is Trigger.FANFARE
    assert isinstance(fanfare.effects[0], Select)
    assert describe(fanfare) == (
        "Fanfare: choose 1 enemy follower; deal 1 damage to it; "
        "if Combo 3, deal 3 damage to it instead"
    )
    _, abilities = compiled_abilities("BP01-015", texts)
    assert describe(abilities[0]) == (
        "Spell: choose 1 card on your field; return it to its owner's hand; draw 1 card"
    )


@pytest.mark.shared
def test_a_phrase_read_as_an_unknown_trait_leaves_the_line_unmodelled(
    texts: dict[str, CardRecord],
) -> None:
    """SP01-032 names "other <trait>" followers: without the pool's traits the templates
    read "other ..." as a trait no card has; with them the line is honestly not modelled,
    while a card whose traits are real (BP01-025, 妖精) stays full."""
    names = {rec.name: rec for rec in sorted(tokens().values(), key=lambda r: r.card_id)}
    known = frozenset(t for c in texts.values() for t in c.traits) | {"forest", "sword"}
    assert compile_card(texts["SP01-032"], names).status == "full"
    assert compile_card(texts["SP01-032"], names, known_traits=known).status != "full"
    assert compile_card(texts["BP01-025"], names, known_traits=known).status == "full"


@pytest.mark.shared
@pytest.mark.parametrize(("card_id", "kinds"), [("BP16-017", "card"), ("BP21-016", "follower")])
def test_a_cost_leaving_out_this_cards_name_needs_the_name(
    card_id: str, kinds: str, texts: dict[str, CardRecord]
) -> None:
    """「これと同名を除く獣・…」1体を手札に戻す as a cost: with the card's own name it pays
    with another-named beast (a card or a follower); without a name to leave out it is not
    a cost the engine reads."""
    from engine.sve.compiler.templates.costs import cost

    rec = texts[card_id]
    head = (rec.text or "").split("】", 1)[1].split("：", 1)[0]
    paid = cost(head, rec.name)
    assert paid is not None
    assert paid.sacrifice is not None
    assert paid.sacrifice_to_hand
    assert paid.sacrifice.not_name == rec.name
    assert paid.sacrifice.amulets is (kinds == "card")
    assert cost(head) is None


@pytest.mark.shared
def test_a_play_cost_that_becomes_n(texts: dict[str, CardRecord]) -> None:
    """「コストをNにする」 for a cost: the play cost becomes N (BP01-057: 7, BP22-039: 1),
    never more than it already is; 「コストを-Nする」 still takes N off."""
    from engine.sve.effects.costs import DiscountFor

    for card_id, n in (("BP01-057", 7), ("BP22-039", 1)):
        _, abilities = compiled_abilities(card_id, texts)
        (found,) = [e for a in abilities for e in a.effects if isinstance(e, DiscountFor)]
        assert found.becomes == n
        assert found.change(None, 0, 12) == n  # type: ignore[arg-type]
        assert found.change(None, 0, n - 1) == n - 1  # type: ignore[arg-type]
        assert describe(abilities[0]).endswith(f"to pay {n} PP for it")
    _, abilities = compiled_abilities("BP12-096", texts)
    (less,) = [e for a in abilities for e in a.effects if isinstance(e, DiscountFor)]
    assert less.becomes == -1
    assert less.change(None, 0, 5) == 5 - less.n  # type: ignore[arg-type]


def test_graveyard_card_put_into_ex(texts: dict[str, CardRecord]) -> None:
    """A card chosen in the graveyard and put into the EX area may then cost less this
    turn, or get +1/+0, which it keeps when it goes onto the field (CR 4.8.3.3)."""
    _, abilities = compiled_abilities("EBD01-007", texts)
    assert describe(abilities[-1]).endswith(
        "put it into your ex; this turn, it costs 2 less to play"
    )
    assert status("EBD01-007") == "full"
    _, abilities = compiled_abilities("BP10-105", texts)
    assert describe(abilities[-1]).endswith("put it into your ex; it in your EX area gets +1/+0")
    assert status("BP10-105") == "full"


def test_library_round_trips_through_json() -> None:
    """Every committed encoding reads back and writes out unchanged (data, not code)."""
    table = tokens()
    for entry in library()["cards"].values():
        for data in entry.get("abilities", ()):
            ability = from_data(data, table)
            assert isinstance(ability, Ability)
            assert to_data(ability) == data
            words = describe(ability)
            # in English: no element falls through to its class name
            assert not set(re.findall(r"\b[A-Z][a-z]+[A-Z]\w+", words)) & set(ELEMENTS), words


def test_library_statuses_are_honest() -> None:
    """A card is full only when every ability line was modelled; partial when some were."""
    for card_id, entry in library()["cards"].items():
        if entry.get("hand"):
            continue
        lines, modelled = entry["lines"], entry["modelled"]
        expect = "full" if modelled == lines else "partial" if modelled else "none"
        assert entry["status"] == expect, card_id


def test_starter_keyword_and_vanilla_cards_are_full() -> None:
    """Keyword-only and vanilla starter cards are fully modelled; unknown ids are reported."""
    assert status("SD04-001") == "full"
    assert unmodelled(["SD04-001", "NOPE-1", "NOPE-1"]) == ["NOPE-1"]


def test_coverage_report_shape() -> None:
    """The report counts every set and the deck copies it is given."""
    rep = report({"SD04-001": 3, "NOPE-1": 2})
    assert rep["overall"]["cards"] == sum(r["cards"] for r in rep["sets"].values())
    assert rep["decks"]["copies"] == 5
    assert rep["decks"]["full"] == 3
    assert rep["decks"]["most_played_missing"][0]["card_id"] == "NOPE-1"


def test_own_keywords_override_granted_ones() -> None:
    """A card that only grants Rush to others does not get Rush itself (record keywords
    list every keyword in the text)."""
    rec = CardRecord("BP10-005", "x", cost=2, attack=1, defense=1, keywords=("evolve", "rush"))
    script = DEFAULT_SCRIPTS.get("BP10-005")
    assert script is not None
    assert script.keywords == ()
    assert DEFAULT_SCRIPTS.record(rec).keywords == ()


# --- behaviour of compiled cards in a game ---------------------------------------------------


def _lib(card_id: str) -> Scripts:
    return Scripts([script_of(card_id, library()["cards"][card_id])])


def _card(card_id: str, card_type: str = "spell", cost: int = 1) -> CardRecord:
    return CardRecord(card_id, card_id, card_type=card_type, cost=cost, attack=2, defense=2)


def test_damage_spell_with_condition_draws_only_with_ally() -> None:
    """CP04-053: 3 damage to an enemy follower; a card is drawn only with the right ally."""
    spell = _card("CP04-053")
    enemy = follower("E", 3, 4, 4)
    game = position(hands=([spell], []), fields=([], [enemy]), pp=(3, 0), scripts=_lib("CP04-053"))
    hand_before = len(game.players[0].hand)
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    target = game.decision
    assert target is not None
    assert target.options
    game.apply(Choose(target.options[0]))
    assert game.cards[game.players[1].field[0]].dfn == 1
    assert len(game.players[0].hand) == hand_before - 1  # no なかよし部 follower: no draw


def test_token_to_ex_area_then_playable() -> None:
    """SD01-005 (Fanfare): a Fairy token is put into the EX area and can be played from it."""
    card = CardRecord("SD01-005", "Waltz", card_type="follower", cost=3, attack=3, defense=3)
    game = position(hands=([card], []), pp=(4, 0), scripts=_lib("SD01-005"))
    game.apply(Play(game.players[0].hand[0]))
    (ex_uid,) = game.players[0].ex
    assert game.cards[ex_uid].base.name == "フェアリー"
    assert game.cards[ex_uid].token
    assert Play(ex_uid) in game.legal_actions()


def test_modal_spell_asks_for_a_mode() -> None:
    """CP04-062 (choose one): the player picks the mode; mode 1 raises the PP maximum and
    heals the leader."""
    spell = _card("CP04-062")
    game = position(hands=([spell], []), pp=(3, 0), scripts=_lib("CP04-062"))
    before_max, before_hp = game.players[0].max_pp, game.players[0].hp
    game.apply(Play(game.players[0].hand[0]))
    assert game.decision is not None
    assert game.decision.options == ["mode1", "mode2"]
    game.apply(Choose("mode1"))
    assert game.players[0].max_pp == before_max + 1
    assert game.players[0].hp == before_hp + 1


def test_look_at_top_takes_a_matching_card() -> None:
    """CP04-118: look at the top 4; a プリコネ follower among them may go to the EX area; the
    rest go to the bottom."""
    spell = _card("CP04-118")
    prc = CardRecord("P-1", "Pri", cost=2, attack=2, defense=2, traits=("プリコネ",))
    other = CardRecord("O-1", "Other", cost=2, attack=2, defense=2)
    game = position(
        hands=([spell], []),
        decks=([other] * 6 + [prc] + [other] * 3, []),
        pp=(3, 0),
        scripts=_lib("CP04-118"),
    )
    game.apply(Play(game.players[0].hand[0]))
    d = game.decision
    assert d is not None
    assert d.options[-1] == "done"
    found = int(d.options[0])
    assert game.cards[found].base.card_id == "P-1"
    game.apply(Choose(str(found)))
    assert game.players[0].ex == [found]
    top_three = game.players[0].deck[:3]
    assert all(game.cards[u].base.card_id == "O-1" for u in top_three)


def test_hand_encodings_are_in_the_library_and_behave() -> None:
    """Every hand encoding is in the library, marked as hand-made and full (or partial, its
    note naming what is not modelled); BP18-019 returns one of your Forestcraft cards and
    deals 3 damage to an enemy follower."""
    for path in sorted(HAND.glob("*.json")):
        for card_id, encoded in json.loads(path.read_text(encoding="utf-8")).items():
            entry = library()["cards"][card_id]
            assert entry.get("hand")
            assert entry["status"] == "full" or (
                entry["status"] == "partial" and "Not modelled:" in encoded["_note"]
            ), card_id
    spell = _card("BP18-019")
    mine = CardRecord("F-1", "Elf", card_class="forest", cost=1, attack=1, defense=1)
    enemy = follower("E", 3, 3, 5)
    game = position(
        hands=([spell], []), fields=([mine], [enemy]), pp=(3, 0), scripts=_lib("BP18-019")
    )
    game.apply(Play(game.players[0].hand[0]))
    own = game.players[0].field[0]
    game.apply(Choose(str(own)))
    assert game.cards[own].zone is Zone.HAND
    game.apply(Choose(str(game.players[1].field[0])))
    assert game.cards[game.players[1].field[0]].dfn == 2


def test_scripts_registry_is_lazy_and_replaceable() -> None:
    """A registry given explicit scripts uses only those."""
    s = Scripts([CardScript("X-1", (Ability(Trigger.SPELL, (Damage(1, "enemy_leader"),)),))])
    assert len(s) == 1
    assert s.abilities("X-1", Trigger.SPELL)
    assert not s.abilities("BP01-015", Trigger.SPELL)
    assert Targets().side == "enemy"
