"""Zones and moves (CR 4, 5): draw, mill, discard, destroy, banish, return, the EX area, tokens,
the deck, entering and leaving the field (a card that moves is a new card, CR 4.1.4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.cards import CardRecord
from engine.sve.board import (
    ABILITY_PROOF,
    BOXED,
    BOXED_KEPT,
    CANNOT_LOSE,
    DESTROY_PROOF,
    ENTERS_ENGAGED,
    EX_ATK,
    EX_DFN,
    EX_KW,
    EX_LIMIT,
    FIELD_LIMIT,
    MAX_PP_CAP,
    STACK,
    STACK_COUNTERS,
    Card,
    Termination,
    Zone,
    _boxed,
    keyword_bits,
)
from engine.sve.effects.core import Frame, Rule, Trigger
from engine.sve.effects.costs import (
    EX_LESS,
)
from engine.sve.effects.zones import EX_TO_GRAVE_MARK
from engine.sve.rules.costs import Costs
from engine.sve.rules.steps import (
    _ARRIVALS,
    _EXILE_LATER,
    _LISTED,
    _ORIGIN_WORD,
    _ZONE_WORD,
    _WardEntered,
)
from engine.sve.rules.ward import may_enter_engaged


class Zones(Costs):
    """The part of the state that moves cards between zones (CR 4, 5)."""

    def equip(self, uid: int, token: CardRecord) -> None:
        """CR 14.5.2.2: create the equipment token and associate it with the follower; its
        "when equipped" abilities go off."""
        card = self.cards[uid]
        if card.zone is not Zone.FIELD or not card.fol:
            return
        card = self.writable(uid)
        card.eq = (*card.eq, token.card_id)
        self.statics_dirty = True
        if self.log is not None:
            self._emit("equip", {"uid": uid, "card": token.card_id})
        for ability in self.scripts.abilities(token.card_id, Trigger.ON_EQUIP):
            self.pending.append((ability, uid, card.controller, 0))

    def box(self, uid: int) -> None:
        """CR 5.31: Box a field card until the end of its controller's next turn. It loses
        its keywords and the abilities it had gained (CR 5.31.2); the ones gained for good
        come back when the state ends, those until end of turn have ended by then."""
        card = self.cards[uid]
        if card.zone is not Zone.FIELD:
            return
        card = self.writable(uid)
        if card.counters is None:
            card.counters = {}
        counters = card.counters
        until = self.turn + (1 if card.controller != self.active else 2)
        if BOXED not in counters:
            passing = 0
            for t_uid, gen, _atk, _dfn, bits in self.eot:
                if t_uid == uid and gen == card.gen:
                    passing |= bits
            counters[BOXED_KEPT] = card.granted & ~passing
            card.granted = 0
        counters[BOXED] = max(until, counters.get(BOXED, 0))
        counters.pop("exile_later", None)  # a gained Last Words is lost too
        card.kw = 0
        card.st = 0
        self.dirty = True
        self.statics_dirty = True
        if self.log is not None:
            self._emit("box", {"uid": uid, "until_turn": counters[BOXED]})

    def _unbox(self, card: Card) -> None:
        """The Boxed state ends (CR 5.31): the card has its abilities again."""
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        counters = card.counters
        assert counters is not None
        del counters[BOXED]
        card.granted |= counters.pop(BOXED_KEPT, 0)
        card.kw = keyword_bits(card.face.keywords) | card.st
        self.statics_dirty = True
        if self.log is not None:
            self._emit("unbox", {"uid": card.uid})

    def forbid_attack(self, uid: int, next_turn: bool) -> None:
        """Follower ``uid`` cannot attack this turn (or in its controller's next turn)."""
        card = self.writable(uid)
        if card.counters is None:
            card.counters = {}
        turn = self.turn
        if next_turn:
            turn += 1 if card.controller != self.active else 2
        card.counters["no_attack"] = turn

    def field_has_room(self, player: int) -> bool:
        """Whether ``player``'s field has room for one more card (CR 4.4.4)."""
        return len(self.players[player].field) < FIELD_LIMIT

    def take_control(self, uid: int, player: int) -> bool:
        """``player`` takes control of the field card ``uid`` (``奪う``): it moves onto their
        field, not a new card (its damage, evolution and buffs stay), counted as having come
        under their control this turn (it attacks only as a newly entered card may, CR
        12.9.1); when it leaves the field it goes to its owner's zone (CR 4.1.6). Nothing
        when it is not on the field, is already theirs or their field is full."""
        card = self.cards[uid]
        if card.zone is not Zone.FIELD or card.controller == player:
            return False
        if not self.field_has_room(player):
            return False
        card = self.writable(uid)
        self.players[card.controller].field.remove(uid)
        card.controller = player
        card.since = self.turn
        self.players[player].field.append(uid)
        self.statics_dirty = True
        self.dirty = True
        if self.log is not None:
            self._emit("control", {"player": player, "uid": uid, "card": card.face.card_id})
        return True

    def hand_to_deck(self, uid: int, top: bool) -> None:
        """Put a card from its owner's hand on the top or the bottom of their deck."""
        card = self.cards[uid]
        if card.zone is not Zone.HAND:
            return
        card = self.writable(uid)
        p = self.players[card.owner]
        p.hand.remove(uid)
        card.renew()  # CR 4.1.4: what it had in the hand (a lower cost) stays there
        card.zone = Zone.DECK
        if top:
            p.deck.append(uid)
        else:
            p.deck.insert(0, uid)
        if self.log is not None:
            self._emit("to_deck", {"uid": uid, "top": top})

    def win_by_effect(self, player: int) -> None:
        """CR 5.23.1: ``player`` wins the battle; every other player loses the game (not
        while the opponent has a card saying its opponents cannot win)."""
        cards = self.cards
        if any(cards[u].bits & CANNOT_LOSE for u in self.players[1 - player].field):
            return
        if self.outcome_ is None:
            self._finish(player, Termination.EFFECT)

    def lose_defense(self, player: int, amount: int) -> None:
        """A cost lowers ``player``'s leader defense (CR 10.4.5; not damage)."""
        p = self.players[player]
        p.hp -= amount
        if player == self.active:
            p.hurt_on = self.turn
        p.hurts = (self.turn, p.hurts[1] + 1 if p.hurts[0] == self.turn else 1)
        self._leader_hurt(player)
        self.dirty = True
        if self.log is not None:  # a cost paid, not damage: its own word
            self._emit("pay_defense", {"player": player, "amount": amount})

    def destroy_as_cost(self, uid: int) -> None:
        """Put a field card into its owner's graveyard as a cost (CR 10.4; Last Words go
        off, CR 12.5)."""
        card = self.cards[uid]
        if card.zone is Zone.FIELD:
            self._leave_field(self.writable(uid), Zone.GRAVE, "leave")

    def discard_card(self, player: int, uid: int, by: int = -1) -> None:
        """CR 5.12: discard a card from ``player``'s hand (``by``: the card whose ability
        makes it, the event's card of "when this is discarded")."""
        if self.cards[uid].zone is Zone.HAND:
            self._discard(player, uid, by)

    def move_found(self, uid: int, to: str, player: int) -> None:
        """Move a card an effect takes (found in the deck or graveyard, CR 5.8, or taken from
        the hand or EX area) to the zone named ``to``, one of :data:`FOUND_TO` (hand, EX
        area, field or graveyard). Logged ``found`` from the deck or graveyard, else
        ``move`` (onto the field, ``found`` comes before its ``enter``)."""
        card = self.writable(uid)
        source = card.zone
        if FOUND_TO[to](self, card, player) and self.log is not None:
            if source in (Zone.DECK, Zone.GRAVE):
                self._emit("found", {"player": player, "card": card.base.card_id, "to": to})
            elif card.zone is not source:
                self._emit_move(card, _ZONE_WORD.get(source, "resolving"), _ZONE_WORD[card.zone])

    def _found_to_hand(self, card: Card, player: int) -> bool:
        """A found card goes into its owner's hand (from the deck or the graveyard)."""
        if card.zone in (Zone.DECK, Zone.GRAVE):
            self._remove_from_zone(card)
            self._arrive(card, Zone.HAND)
        return True

    def _found_to_ex(self, card: Card, player: int) -> bool:
        """A found card goes into its owner's EX area, if there is room (CR 4.8.3.2)."""
        return self.put_in_ex(card.uid, log=False)

    def _found_to_field(self, card: Card, player: int) -> bool:
        """A found card enters ``player``'s field (logged as found, then its entering)."""
        origin = _ORIGIN_WORD.get(card.zone, "deck")
        if self.log is not None:  # found first, then its enter (the move itself)
            self._emit("found", {"player": player, "card": card.base.card_id, "to": "field"})
        self._remove_from_zone(card)
        card.zone = Zone.RESOLVING
        self.enter_field(card, player, engaged=False)
        self.set_origin(card, origin)
        return False

    def _found_to_grave(self, card: Card, player: int) -> bool:
        """A found card goes into its owner's graveyard (from the deck: milled, CR 10.7.1)."""
        from_deck = card.zone is Zone.DECK
        self._remove_from_zone(card)
        self._arrive(card, Zone.GRAVE)
        if from_deck:
            self._deck_to_grave(card.owner, card.uid)
        return True

    def turn_evolved_face_down(self, player: int) -> int:
        """CR 4.6.3: the face-up evolved followers of ``player``'s evolve deck turn face down
        (an effect's ``それを裏向きにする``); they can be used to evolve again. How many."""
        p = self.players[player]
        cards = self.cards
        turned = [u for u in p.evolve_used if cards[u].base.card_type.startswith("evolved")]
        if not turned:
            return 0
        p.evolve_used = [u for u in p.evolve_used if u not in turned]
        p.evolve_deck.extend(turned)
        if self.log is not None:
            self._emit("face_down", {"player": player, "n": len(turned)})
        return len(turned)

    def from_evolve_deck(self, uid: int, to: str, player: int) -> None:
        """Put a face-down card of ``player``'s evolve deck (an Advance card, CR 9.2) into
        the EX area (``ex``) or onto the field (``field``), if there is room."""
        card = self.cards[uid]
        p = self.players[player]
        if card.zone is not Zone.EVOLVE_DECK or uid not in p.evolve_deck:
            return
        card = self.writable(uid)
        if to == "ex":
            if len(p.ex) >= EX_LIMIT:  # CR 4.8.3.2
                return
            p.evolve_deck.remove(uid)
            card.zone = Zone.EX
            p.ex.append(uid)
            if self.log is not None:
                self._emit("found", {"player": player, "card": card.base.card_id, "to": to})
            self._to_ex(card)
            return
        if not self.field_has_room(player):  # CR 4.4.4.2
            return
        if self.log is not None:  # found first, then its enter (the move itself)
            self._emit("found", {"player": player, "card": card.base.card_id, "to": to})
        p.evolve_deck.remove(uid)
        card.zone = Zone.RESOLVING
        self.enter_field(card, player, engaged=False)
        self.set_origin(card, "evolve_deck")

    def field_to_bottom(self, uid: int) -> None:
        """Move a field card to the bottom of its owner's deck (a token vanishes)."""
        card = self.cards[uid]
        if card.zone is Zone.FIELD:
            self._leave_field(self.writable(uid), Zone.DECK, "leave")

    def shuffle_deck(self, player: int) -> None:
        """CR 5.9: shuffle ``player``'s deck."""
        self.rng.shuffle(self.players[player].deck)

    def to_bottom(self, player: int, uids: Sequence[int]) -> None:
        """Put deck cards (top first) at the bottom of ``player``'s deck (CR 5.11)."""
        deck = self.players[player].deck
        moved = [u for u in uids if u in deck]
        for u in moved:
            deck.remove(u)
        deck[0:0] = moved

    def mill(self, player: int, n: int) -> None:
        """Put the top ``n`` cards of ``player``'s deck into the graveyard."""
        p = self.players[player]
        for _ in range(min(n, len(p.deck))):
            card = self.writable(p.deck.pop())
            self._arrive(card, Zone.GRAVE)
            if self.log is not None:
                self._emit("mill", {"player": player, "card": card.base.card_id})
            self._deck_to_grave(player, card.uid)

    def _deck_to_grave(self, player: int, uid: int) -> None:
        """CR 10.7.1: "when a card of your opponent's deck is put into the graveyard"
        abilities of the other player's field go off (once per card)."""
        if not self.scripts:
            return
        other = 1 - player
        field = self.players[other].field
        if field:
            for holder in self.holders(field, Trigger.OPPONENT_MILLED):
                for ability in self.abilities_of(self.cards[holder], Trigger.OPPONENT_MILLED):
                    self.pending.append((ability, holder, other, uid))

    def gain_pp(self, player: int, n: int, maximum: bool) -> None:
        """CR 5.15: recover PP up to the maximum, or raise the maximum (cap 10, CR 3.2.4)."""
        p = self.players[player]
        if maximum:
            p.max_pp = min(MAX_PP_CAP, p.max_pp + n)
        else:
            p.pp = min(p.max_pp, p.pp + n)

    def set_engaged(self, uid: int, engaged: bool) -> None:
        """CR 5.4: engage or stand a field card."""
        card = self.cards[uid]
        if card.zone is Zone.FIELD and card.engaged != engaged:
            card = self.writable(uid)
            card.engaged = engaged
            if self.log is not None:
                self._emit("engage" if engaged else "stand", {"uid": uid})
            if engaged:
                self._became_engaged(card)

    def _became_engaged(self, card: Card) -> None:
        """CR 10.7.1: "when this becomes engaged" abilities go off (CR 5.4)."""
        if self.scripts and card.face.card_id in self.scripts.ids_with(Trigger.ON_ENGAGE):
            self._fire(card, Trigger.ON_ENGAGE, card.controller)

    def field_to_ex(self, uid: int) -> None:
        """Move a field card to its owner's EX area (a token vanishes, CR 9.1.4.3)."""
        card = self.cards[uid]
        if card.zone is not Zone.FIELD:
            return
        if len(self.players[card.owner].ex) >= EX_LIMIT:  # CR 4.8.3.2
            return
        card = self.writable(uid)
        self._leave_field(card, Zone.EX, "leave")
        if uid in self.players[card.owner].ex:  # not a token (CR 9.1.4.3)
            self._to_ex(card)

    def target_exists(self, target: int) -> bool:
        """Whether a target id still names a leader or a card on the field."""
        return target < 0 or self.cards[target].zone is Zone.FIELD

    def followers_of(self, player: int) -> list[int]:
        """Uids of ``player``'s followers on the field, sorted."""
        return [u for u in sorted(self.players[player].field) if self.cards[u].fol]

    def draw(self, player: int) -> None:
        """CR 5.10.1: draw the top card; an empty deck loses at the next rule check."""
        p = self.players[player]
        if not p.deck:
            p.decked_out = True  # CR 5.10.1.1 / 11.2.2
            self.dirty = True
            return
        uid = p.deck.pop()
        self.writable(uid).zone = Zone.HAND
        p.hand.append(uid)
        if self.log is not None:
            self._emit("draw", {"player": player, "card": self.cards[uid].base.card_id})

    def heal_leader(self, player: int, amount: int) -> None:
        """Increase ``player``'s leader defense by ``amount`` (CR 12.13.2)."""
        if amount <= 0:
            return
        self.players[player].hp += amount
        self.statics_dirty = True
        if self.log is not None:
            self._emit("heal", {"target": f"leader{player}", "amount": amount})
        self._fire_all(player, Trigger.LEADER_HEALED)  # CR 10.7.1

    def create_token(self, player: int, record: CardRecord, zone: str = "field") -> int:
        """CR 9.1.2: create a token on ``player``'s field or EX area; -1 if it does not fit."""
        p = self.players[player]
        if zone == "ex":
            if len(p.ex) >= EX_LIMIT:  # CR 4.8.3.2
                return -1
        elif len(p.field) >= FIELD_LIMIT:  # CR 4.4.4.2
            return -1
        card = Card(len(self.cards), player, record, Zone.RESOLVING, token=True)
        card.tok = self.tok
        self.cards.append(card)
        if zone == "ex":
            card.zone = Zone.EX
            p.ex.append(card.uid)
            if self.log is not None:
                self._emit("create", {"player": player, "card": record.card_id, "uid": card.uid})
            self._to_ex(card)
        else:
            self.enter_field(card, player, engaged=False)
            self.set_origin(card, "created")
        return card.uid

    def ex_to_grave(self, uid: int) -> None:
        """Put a card from its owner's EX area into the graveyard."""
        card = self.cards[uid]
        if card.zone is not Zone.EX:
            return
        card = self.writable(uid)
        self._remove_from_zone(card)
        self._arrive(card, Zone.GRAVE)
        if self.log is not None:  # a token ceases to exist (CR 4.3.3)
            self._emit(
                "leave", {"uid": uid, "card": card.base.card_id, "to": _ZONE_WORD[card.zone]}
            )

    def self_to_ex(self, uid: int) -> None:
        """Put a card from its owner's graveyard, or from the resolution zone, into the EX
        area (``これをEXエリアに置く`` in Last Words or in a spell)."""
        card = self.cards[uid]
        resolving = card.zone is Zone.RESOLVING
        if not (card.zone is Zone.GRAVE or resolving) or not self.put_in_ex(uid, not resolving):
            return
        if resolving and self.log is not None:  # every move of a card is an event
            self._emit("leave", {"uid": uid, "card": card.base.card_id, "to": "ex"})

    def put_in_ex(self, uid: int, log: bool = True) -> bool:
        """Move a card from the hand, deck, graveyard or resolution to its owner's EX area
        (CR 4.8.3.2 limit), logged as ``move`` unless the caller logs it (``log``)."""
        card = self.cards[uid]
        p = self.players[card.owner]
        if len(p.ex) >= EX_LIMIT:
            return False
        source = _ZONE_WORD.get(card.zone, "resolving")
        card = self.writable(uid)
        self._remove_from_zone(card)
        card.renew()  # CR 4.1.4
        card.zone = Zone.EX
        p.ex.append(uid)
        if log and self.log is not None:
            self._emit_move(card, source, "ex")
        self._to_ex(card)
        return True

    def _emit_move(self, card: Card, source: str, to: str) -> None:
        """Log a move between zones that no other event describes."""
        self._emit(
            "move",
            {
                "player": card.owner,
                "uid": card.uid,
                "card": card.base.card_id,
                "from": source,
                "to": to,
            },
        )

    def _to_ex(self, card: Card) -> None:
        self.statics_dirty = True  # a continuous ability may work from the EX area
        """CR 10.7.1: "when this is put into the EX area", "when a card is put into your EX
        area" abilities go off."""
        if not self.scripts:
            return
        owner = card.owner
        for ability in self.scripts.abilities(card.base.card_id, Trigger.TO_EX):
            self.pending.append((ability, card.uid, owner, 0))
        field = self.players[owner].field
        if field:
            for uid in self.holders(field, Trigger.EX_PLACED):
                for ability in self.abilities_of(self.cards[uid], Trigger.EX_PLACED):
                    self.pending.append((ability, uid, owner, card.uid))

    def destroy(self, uids: Sequence[int], by_rule: bool = False) -> None:
        """CR 5.6.1: move the given field cards to their owners' graveyards, at once (a
        card that abilities cannot destroy stays unless rule processing destroys it)."""
        cards = [
            self.cards[u]
            for u in uids
            if self.cards[u].zone is Zone.FIELD
            and (by_rule or not self.cards[u].bits & (ABILITY_PROOF | DESTROY_PROOF))
        ]
        if len(cards) > 1 and self.scripts:  # CR 10.7.4.2: a card that watches others leave
            ids = self.scripts.ids_with(Trigger.ALLY_LEAVES)  # sees those leaving with it
            cards.sort(key=lambda c: c.face.card_id in ids)
        for card in cards:
            self._leave_field(self.writable(card.uid), Zone.GRAVE, "destroy")

    def banish(self, uid: int) -> None:
        """CR 5.7.1: move a card to its owner's banish zone (no Last Words)."""
        card = self.cards[uid]
        if card.zone is Zone.FIELD:
            if card.bits & ABILITY_PROOF:
                return  # "this is not banished"
            self._leave_field(self.writable(uid), Zone.BANISH, "banish")
        elif card.zone in (Zone.HAND, Zone.EX, Zone.GRAVE, Zone.DECK):
            card = self.writable(uid)
            self._remove_from_zone(card)
            self._arrive(card, Zone.BANISH)
            if self.log is not None:  # a token ceases to exist (CR 4.3.3): to "erased"
                to = _ZONE_WORD[card.zone]
                self._emit("banish", {"uid": uid, "card": card.base.card_id, "to": to})

    def return_to_hand(self, uid: int) -> None:
        """Move a field card (or a spell resolving) back to its owner's hand."""
        card = self.writable(uid)
        if card.zone is Zone.FIELD:
            self._leave_field(card, Zone.HAND, "leave")
        elif card.zone is Zone.RESOLVING:  # "return this to your hand": not to the graveyard
            self._arrive(card, Zone.HAND)
            if self.log is not None:  # a token spell ceases to exist (CR 4.3.3)
                to = _ZONE_WORD[card.zone]
                self._emit("leave", {"uid": uid, "card": card.base.card_id, "to": to})

    def enter_field(self, card: Card, player: int, engaged: bool, asked: bool = False) -> None:
        """Put a card onto ``player``'s field and fire its Fanfare (CR 12.4); ``asked``: a
        Ward follower's player already chose whether it enters engaged (CR 12.8.2)."""
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        p = self.players[player]
        if len(p.field) >= FIELD_LIMIT:  # CR 4.4.4.2: it is not moved
            if card.zone is Zone.RESOLVING:  # CR 10.6.2.8.3
                self.move_to_grave_from_resolution(card)
            return
        carried = card.counters  # CR 4.8.3.3: effects on it in the EX area go with it
        card.renew()  # CR 4.1.4: whatever it had in the zone it came from is gone
        if carried and EX_ATK in carried:
            card.atk += carried[EX_ATK]
            card.dfn += carried[EX_DFN]
            card.granted |= carried[EX_KW] & ~card.kw
        card.zone = Zone.FIELD
        card.controller = player
        card.engaged = engaged
        card.since = self.turn
        if card.kw & STACK:  # CR 13.3.2.2: it enters with a stack counter on it
            card.counters = {STACK_COUNTERS: 1}
        if card.kw & ENTERS_ENGAGED:  # a continuous ability of its own (CR 10.1.1.3)
            engaged = True
            card.engaged = True
        elif not (engaged or asked) and may_enter_engaged(card) and self.frames:
            # CR 12.8.2: however it enters, a Ward follower may enter engaged. Played, it was
            # asked before entering (_EnterFromResolution); put there by an effect, it is
            # asked when that effect has finished (its frame goes below the current one).
            at = len(self.log) if self.log is not None else -1
            ask = Frame((_WardEntered(card.gen),), card.uid, player, at)
            self.frames.insert(len(self.frames) - 1, ask)
        p.field.append(card.uid)
        self.dirty = True
        allies = bool(self.scripts) and card.fol
        if self.log is not None:
            self._emit(
                "enter",
                {
                    "player": player,
                    "card": card.base.card_id,
                    "uid": card.uid,
                    "engaged": engaged,
                    "token": card.token,
                },
            )
        self._fire(card, Trigger.FANFARE, player)
        if allies:  # CR 10.7.1: "when another follower enters your field"
            for uid in self.holders(p.field, Trigger.ALLY_ENTERS):
                if uid != card.uid:
                    other = self.cards[uid]
                    for ability in self.abilities_of(other, Trigger.ALLY_ENTERS):
                        self.pending.append((ability, uid, player, card.uid))
            if p.grave and self._grave_watchers()[player]:  # ... seen from the graveyard
                for uid in self.holders(p.grave, Trigger.GRAVE_ALLY_ENTERS):
                    grave_card = self.cards[uid]
                    for ability in self.scripts.abilities(
                        grave_card.base.card_id, Trigger.GRAVE_ALLY_ENTERS
                    ):
                        self.pending.append((ability, uid, player, card.uid))
        if self.scripts:  # CR 10.7.1: "when another card enters your field"
            for uid in self.holders(p.field, Trigger.CARD_ENTERS):
                if uid != card.uid:
                    other = self.cards[uid]
                    for ability in self.abilities_of(other, Trigger.CARD_ENTERS):
                        self.pending.append((ability, uid, player, card.uid))

    def move_to_grave_from_resolution(self, card: Card) -> None:
        """CR 10.6.2.8.3: a card left in the resolution zone goes to the graveyard (a token
        is erased, CR 9.1.4.3); logged as ``leave`` so every move of a card is an event."""
        self._arrive(card, Zone.GRAVE)
        if self.log is not None:
            to = _ZONE_WORD[card.zone]
            self._emit("leave", {"uid": card.uid, "card": card.base.card_id, "to": to})

    def _discard(self, player: int, uid: int, by: int = -1) -> None:
        """CR 5.12: move a card from hand to the graveyard."""
        card = self.writable(uid)
        self.players[player].discarded_on = self.turn
        self._remove_from_zone(card)
        self._arrive(card, Zone.GRAVE)
        if self.log is not None:
            self._emit("discard", {"player": player, "card": card.base.card_id})
        if self.scripts:  # CR 10.7.1: "when this is discarded from your hand"
            for ability in self.scripts.abilities(card.base.card_id, Trigger.DISCARDED):
                self.pending.append((ability, uid, player, by))
            # CR 10.7.1: "when you (your opponent) discard a card"
            for side, trigger in (
                (player, Trigger.YOU_DISCARD),
                (1 - player, Trigger.OPPONENT_DISCARD),
            ):
                for fuid in self.holders(self.players[side].field, trigger):
                    for ability in self.abilities_of(self.cards[fuid], trigger):
                        self.pending.append((ability, fuid, side, uid))

    def _banish_instead(self, controller: int) -> bool:
        """Whether the opponent of ``controller`` has a card on the field whose continuous
        ability banishes ``controller``'s followers instead of putting them into the
        graveyard (:class:`BanishInstead`)."""
        ids = self.scripts.ids_with_rule(Rule.BANISH_INSTEAD)
        if not ids:
            return False
        cards = self.cards
        return any(cards[u].face.card_id in ids for u in self.players[1 - controller].field)

    def _remove_from_zone(self, card: Card) -> None:
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        zone = card.zone
        if zone not in _LISTED:
            return  # resolving, erased, in the evolve deck: no list of the main zones
        p = self.players[card.controller if zone is Zone.FIELD else card.owner]
        p.zones[zone].remove(card.uid)
        if zone is Zone.EX:
            if card.counters is not None:  # an ability given in the EX area stays there
                card.counters.pop(EX_TO_GRAVE_MARK, None)
            if card.counters is not None:
                card.counters.pop(EX_LESS, None)
            self.statics_dirty = True

    def _arrive(self, card: Card, zone: Zone) -> None:
        """Put a card (not on the field) into one of its owner's zones, as a new card
        (CR 4.1.4); tokens vanish."""
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        card.renew()
        if card.token and zone in (Zone.GRAVE, Zone.BANISH, Zone.HAND, Zone.DECK, Zone.EX):
            card.zone = Zone.ERASED  # CR 9.1.4.3
            return
        p = self.players[card.owner]
        if zone is not Zone.EX and card.base.card_type.startswith("advance"):
            card.zone = Zone.EVOLVE_DECK  # CR 9.2.2: face up into the evolve deck at once
            p.evolve_used.append(card.uid)
            return
        card.zone = zone
        if zone is Zone.DECK:
            p.deck.insert(0, card.uid)  # the bottom (the top is the end of the list)
        elif zone in _ARRIVALS:
            p.zones[zone].append(card.uid)
            if zone is Zone.GRAVE:
                self.statics_dirty = True  # conditions may count the graveyard

    def _leave_field(self, card: Card, zone: Zone, event: str) -> None:
        """A field card leaves: its evolved card goes face up to the evolve deck (CR 11.6.1)."""
        assert card.tok is self.tok, "a card changed in place must be this state's own"
        counters = card.counters
        if (
            card.kw & STACK
            and counters
            and counters.get(STACK_COUNTERS, 0) > 0
            and not _boxed(card)
        ):
            counters[STACK_COUNTERS] -= 1  # CR 13.3.2.2: a stack counter goes instead
            if counters[STACK_COUNTERS] > 0:
                return  # ... and it stays
            zone, event = Zone.GRAVE, "leave"  # CR 13.3.2.3 / 11.7: none left
        face = card.face
        controller = card.controller
        if zone is Zone.GRAVE and card.fol and self.scripts and self._banish_instead(controller):
            zone = Zone.BANISH  # CR 10.10: a replacement effect of the other side
        # CR 5.31.2 / 10.7.4.1.2: a card Boxed as it left had no abilities to go off.
        boxed = _boxed(card)
        if boxed and card.counters is not None:
            del card.counters[BOXED]
            card.counters.pop(BOXED_KEPT, None)
        self.players[controller].field.remove(card.uid)
        self.statics_dirty = True
        evo_uid = card.evo
        exile_later = card.counters is not None and bool(card.counters.get("exile_later"))
        # CR 4.1.4: it arrives as a new card: evolution, keywords, counters, buffs, damage,
        # marks and equipment (CR 14.5.2.4) are dropped (_arrive renews it).
        left_atk = card.atk
        self._arrive(card, zone)
        card.left_atk = left_atk  # CR 10.11.1: what an effect may still ask of it
        if self.log is not None:
            to = _ZONE_WORD.get(card.zone, card.zone.name.lower())
            self._emit(event, {"uid": card.uid, "card": card.base.card_id, "to": to})
        if evo_uid >= 0:  # moved in the same instant, logged right after
            evo = self.writable(evo_uid)
            evo.zone = Zone.EVOLVE_DECK
            self.players[evo.owner].evolve_used.append(evo_uid)
            if self.log is not None:
                self._emit("leave", {"uid": evo_uid, "card": evo.base.card_id, "to": "evolve_deck"})
        if self.scripts:  # CR 10.7.1: "when this leaves the field", "when your amulet ..."
            if not boxed:
                for ability in self.scripts.abilities(face.card_id, Trigger.LEAVES):
                    self.pending.append((ability, card.uid, controller, 0))
            field = self.players[controller].field
            for uid in self.holders(field, Trigger.ALLY_LEAVES):  # CR 10.7.4
                for ability in self.abilities_of(self.cards[uid], Trigger.ALLY_LEAVES):
                    self.pending.append((ability, uid, controller, card.uid))
            if face.card_type.endswith("amulet"):
                for uid in sorted(self.players[controller].field):
                    other = self.cards[uid]
                    if _boxed(other):
                        continue
                    for ability in self.scripts.abilities(
                        other.face.card_id, Trigger.AMULET_LEAVES
                    ):
                        self.pending.append((ability, uid, controller, card.uid))
        if zone is Zone.GRAVE and face.card_type.endswith("follower"):
            if self.died_turn != self.turn:
                self.died_turn, self.died = self.turn, 0
            self.died += 1
            if self.scripts:  # CR 10.7.1: "when an enemy follower goes to the graveyard"
                enemy = 1 - controller
                for uid in self.holders(self.players[enemy].field, Trigger.ENEMY_DIES):
                    for ability in self.abilities_of(self.cards[uid], Trigger.ENEMY_DIES):
                        self.pending.append((ability, uid, enemy, card.uid))
        if zone is Zone.GRAVE and exile_later:
            self.pending.append((_EXILE_LATER, card.uid, controller, 0))
        if zone is Zone.GRAVE and not boxed:  # CR 12.5: Last Words, with its info on the field
            for ability in self.scripts.abilities(face.card_id, Trigger.LAST_WORDS):
                self.pending.append((ability, card.uid, controller, 0))


FOUND_TO: dict[str, Callable[[Zones, Card, int], bool]] = {
    "hand": Zones._found_to_hand,
    "ex": Zones._found_to_ex,
    "field": Zones._found_to_field,
    "grave": Zones._found_to_grave,
}
"""Where a found card can go (the ``to`` of a search), and the routine that puts it there;
it says whether the move is still to be logged as ``found``."""
