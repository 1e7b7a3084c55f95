"""What an effect may ask of the game: the narrow interface the state offers its effects.

Effects receive a :class:`Game` (the :class:`~engine.sve.state.State` implements it) and
import nothing of the state, so the state and the effect language form no import circle.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from engine.cards import CardRecord

if TYPE_CHECKING:
    from engine.sve.board import Card, Player
    from engine.sve.effects.core import Effect, Frame
    from engine.sve.effects.selectors import Targets


class Game(Protocol):
    """The game as its effects see it: cards, players, the turn, and the moves they make."""

    def ability_damage_dealt(self, uid: int) -> None:
        """CR 10.7.1: field card ``uid`` dealt ability damage to enemy followers; its "when
        this deals ability damage" abilities go off."""
        ...

    def ability_damage_taken(self, uid: int) -> None:
        """CR 10.7.1: field follower ``uid`` took ability damage; its "when this takes
        ability damage" abilities go off."""
        ...

    active: int

    attacker: int
    """The follower whose attack is being made (-1: none, CR 8.4)."""

    attack_target: int
    """What that attack is on: a follower's uid, or a negative number for the leader."""

    def add_counter(self, target: int, name: str, n: int = 1) -> None:
        """Put ``n`` counters named ``name`` on a card (kept through evolution, CR 5.16.2)."""
        ...

    def ask_choice(self, player: int, options: list[str], allow_done: bool) -> None:
        """Ask ``player`` to choose one of ``options`` (plus ``done`` if optional)."""
        ...

    def ask_pick(self, player: int, options: list[str], allow_done: bool) -> None:
        """Ask ``player`` for a mode, a found card or a discard (answer in the frame)."""
        ...

    def banish(self, uid: int) -> None:
        """CR 5.7.1: move a card to its owner's banish zone (no Last Words)."""
        ...

    def box(self, uid: int) -> None:
        """CR 5.31: Box a field card until the end of its controller's next turn. It loses
        its keywords and the abilities it had gained (CR 5.31.2); the ones gained for good
        come back when the state ends, those until end of turn have ended by then."""
        ...

    def can_evolve_by_effect(self, uid: int) -> bool:
        """Whether an effect could evolve field card ``uid`` now (CR 5.16.1.1.1: an
        unevolved follower with a same-named face-down card in its master's evolve deck)."""
        ...

    def candidates(
        self, what: Targets, controller: int, source: int = -1, counting: bool = False
    ) -> list[int]:
        """Target ids an ability of ``controller`` may choose (Aura excluded, CR 12.15;
        ``counting``: every card that ``what`` allows, Aura included)."""
        ...

    cards: list[Card]

    def cost_down(self, uid: int, n: int) -> None:
        """This turn, card ``uid`` costs ``n`` less to play."""
        ...

    def create_token(self, player: int, record: CardRecord, zone: str = "field") -> int:
        """CR 9.1.2: create a token on ``player``'s field or EX area; -1 if it does not fit."""
        ...

    def damage_bonus(self, uid: int) -> int:
        """Extra damage a field card deals now, from its own continuous abilities."""
        ...

    def deal_damage(self, target: int, amount: int) -> int:
        """CR 5.14.1: lower a follower's or leader's defense by ``amount`` (may go negative);
        the damage actually dealt, after shields, prevention and caps (0: none)."""
        ...

    def destroy(self, uids: Sequence[int], by_rule: bool = False) -> None:
        """CR 5.6.1: move the given field cards to their owners' graveyards, at once (a
        card that abilities cannot destroy stays unless rule processing destroys it)."""
        ...

    def destroy_as_cost(self, uid: int) -> None:
        """Put a field card into its owner's graveyard as a cost (CR 10.4; Last Words go
        off, CR 12.5)."""
        ...

    died: int

    died_turn: int

    def discard_card(self, player: int, uid: int, by: int = -1) -> None:
        """CR 5.12: discard a card from ``player``'s hand (``by``: the card whose ability
        makes it, the event's card of "when this is discarded")."""
        ...

    def draw(self, player: int) -> None:
        """CR 5.10.1: draw the top card; an empty deck loses at the next rule check."""
        ...

    def equip(self, uid: int, token: CardRecord) -> None:
        """CR 14.5.2.2: create the equipment token and associate it with the follower; its
        "when equipped" abilities go off."""
        ...

    def evolve_by_effect(self, uid: int) -> None:
        """CR 5.16: an effect evolves a field follower (no cost, not the turn's evolve)."""
        ...

    def ex_to_grave(self, uid: int) -> None:
        """Put a card from its owner's EX area into the graveyard."""
        ...

    def take_control(self, uid: int, player: int) -> bool:
        """``player`` takes control of field card ``uid`` (a steal): it moves to their field
        as a card that came under their control this turn; whether it moved."""
        ...

    def field_has_room(self, player: int) -> bool:
        """Whether ``player``'s field has room for one more card (CR 4.4.4)."""
        ...

    def field_to_bottom(self, uid: int) -> None:
        """Move a field card to the bottom of its owner's deck (a token vanishes)."""
        ...

    def field_to_ex(self, uid: int) -> None:
        """Move a field card to its owner's EX area (a token vanishes, CR 9.1.4.3)."""
        ...

    def followers_of(self, player: int) -> list[int]:
        """Uids of ``player``'s followers on the field, sorted."""
        ...

    def forbid_attack(self, uid: int, next_turn: bool) -> None:
        """Follower ``uid`` cannot attack this turn (or in its controller's next turn)."""
        ...

    def turn_evolved_face_down(self, player: int) -> int:
        """The face-up evolved followers of ``player``'s evolve deck turn face down (usable
        again); how many."""
        ...

    def from_evolve_deck(self, uid: int, to: str, player: int) -> None:
        """Put a face-down card of ``player``'s evolve deck (an Advance card, CR 9.2) into
        the EX area (``ex``) or onto the field (``field``), if there is room."""
        ...

    def gain_pp(self, player: int, n: int, maximum: bool) -> None:
        """CR 5.15: recover PP up to the maximum, or raise the maximum (cap 10, CR 3.2.4)."""
        ...

    def hand_to_deck(self, uid: int, top: bool) -> None:
        """Put a card from its owner's hand on the top or the bottom of their deck."""
        ...

    def heal_leader(self, player: int, amount: int) -> None:
        """Increase ``player``'s leader defense by ``amount`` (CR 12.13.2)."""
        ...

    def lose_defense(self, player: int, amount: int) -> None:
        """A cost lowers ``player``'s leader defense (CR 10.4.5; not damage)."""
        ...

    def mill(self, player: int, n: int) -> None:
        """Put the top ``n`` cards of ``player``'s deck into the graveyard."""
        ...

    def modify(
        self, target: int, atk: int, dfn: int, keywords: Sequence[str], until_eot: bool
    ) -> None:
        """CR 5.27: +atk/+def and keywords on a follower; until end of turn if asked (7.4.8)."""
        ...

    def move_found(self, uid: int, to: str, player: int) -> None:
        """Move a card found in the deck (CR 5.8) to the hand, EX area or field."""
        ...

    def play_by_effect(self, player: int, uid: int, cost: int) -> bool:
        """An effect makes ``player`` play a card with its cost set to ``cost`` (CR 10.4.4.1;
        from any zone, the opponent's graveyard included; the card keeps its owner, CR
        5.22.5). Returns ``False`` when the card cannot be played now (CR 10.6.2.3.3,
        10.6.2.6)."""
        ...

    players: list[Player]

    def push_frame(
        self, effects: tuple[Effect, ...], parent: Frame, share_it: bool = False
    ) -> None:
        """Resolve ``effects`` next, as part of ``parent`` (same source and "it"); with
        ``share_it`` what they choose is "it" for the rest of ``parent`` too."""
        ...

    def put_in_ex(self, uid: int, log: bool = True) -> bool:
        """Move a card from the hand, deck, graveyard or resolution to its owner's EX area
        (CR 4.8.3.2 limit), logged as ``move`` unless the caller logs it (``log``)."""
        ...

    def raised(self, uid: int, defense: bool = False) -> None:
        """A follower's attack or defense was raised (``defense``: its defense among them):
        its "when this gets +" abilities go off (CR 10.7.1)."""
        ...

    def return_to_hand(self, uid: int) -> None:
        """Move a field card (or a spell resolving) back to its owner's hand."""
        ...

    @property
    def rng(self) -> random.Random:
        """The game's random generator (shuffles, random discards)."""
        ...

    def self_to_ex(self, uid: int) -> None:
        """Put a card from its owner's graveyard, or from the resolution zone, into the EX
        area (``これをEXエリアに置く`` in Last Words or in a spell)."""
        ...

    def set_engaged(self, uid: int, engaged: bool) -> None:
        """CR 5.4: engage or stand a field card."""
        ...

    def shuffle_deck(self, player: int) -> None:
        """CR 5.9: shuffle ``player``'s deck."""
        ...

    def target_exists(self, target: int) -> bool:
        """Whether a target id still names a leader or a card on the field."""
        ...

    def to_bottom(self, player: int, uids: Sequence[int]) -> None:
        """Put deck cards (top first) at the bottom of ``player``'s deck (CR 5.11)."""
        ...

    turn: int

    def win_by_effect(self, player: int) -> None:
        """CR 5.23.1: ``player`` wins the battle; every other player loses the game."""
        ...

    def roll_die(self, player: int) -> int:
        """CR 5.20.1: ``player`` rolls a six-sided die; the number rolled (1-6)."""
        ...

    def writable(self, uid: int) -> Card:
        """Card ``uid`` to change in place: this state's own object, copied first if a clone
        still shares it (copy-on-write; every change to a card goes through here)."""
        ...
