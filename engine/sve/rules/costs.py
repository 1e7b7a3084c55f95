"""What playing something costs, in one place (CR 10.4 costs, 10.2.1.3.3 and 10.4.4.1
changes to them, 10.6.2.5 paying them, 12.2 evolving, 12.16.3 Advance).

Play costs and everything that changes them (this turn's reductions, discounts, auras,
the spell tax, a card's own reductions), alternative and additional costs, extra costs
offered as a card is played, evolve costs and how they can be paid (PP, or one EP for one
PP), and the PP of activated abilities. The legal-action list, the play and evolve paths
and the "why not" messages all ask these; the steps that pay a cost while an ability
resolves are in :mod:`engine.sve.rules.steps`.
"""

from __future__ import annotations

from engine.sve.board import FIELD_LIMIT, Card, Player, Zone
from engine.sve.effects.core import Ability, Effect, Rule, Static, Trigger, changes
from engine.sve.effects.costs import EX_LESS, PayCost, PlayCostFor
from engine.sve.rules.base import StateBase


class Costs(StateBase):
    """The part of the state that works out costs and whether they can be paid (CR 10.4,
    12.2)."""

    def cost_down(self, uid: int, n: int) -> None:
        """This turn, card ``uid`` costs ``n`` less to play."""
        card = self.writable(uid)
        if card.counters is None:
            card.counters = {}
        if card.counters.get("cost_turn") != self.turn:
            card.counters["cost_down"] = 0
        card.counters["cost_turn"] = self.turn
        card.counters["cost_down"] += n

    def play_cost(self, card: Card) -> int:
        """The PP a card costs to play now (its cost, less this turn's reductions, >= 0)."""
        cost = card.base.cost or 0
        if self.scripts and self._rules(card).spell:  # raises first (CR 10.10.2)
            cost += self._spell_tax(card.owner)
        counters = card.counters
        if counters is not None:
            if counters.get("cost_turn") == self.turn:
                cost = max(0, cost - counters["cost_down"])
            if EX_LESS in counters and card.zone is Zone.EX:  # ExCostDown
                cost = max(0, cost - counters[EX_LESS])
        discounts = self.players[card.owner].discounts
        if discounts:
            for turn, what, n, ex_turn in discounts:
                if ex_turn and card.zone is not Zone.EX:
                    continue
                if turn == self.turn and what.matches(card.base):
                    cost = max(0, cost - n)
        if cost > 0:
            for aura in self._field_statics(card.owner, Rule.PLAY_COST):
                cost = aura.change(self, card.uid, cost)
        cid = card.base.card_id
        if cid in self.scripts.play_cost_ids():  # CR 10.6.2.5.1.3: its own reductions
            for ability in self.scripts.abilities(cid, Trigger.STATIC):
                cond = ability.condition
                if cond is not None and not cond.holds(self, card.owner, card.uid):
                    continue
                for e in ability.effects:
                    if changes(e, Rule.OWN_PLAY_COST):
                        cost = e.change(self, card.uid, cost)
        return cost

    def _plain_play_cost(self, card: Card, tax: int, auras: list[Static]) -> int:
        """:meth:`play_cost` of a card with no counters, no discounts of its player's and no
        cost rules of its own: its cost, plus ``tax`` (CR 10.2.1.3.3), changed by the
        field's ``auras`` (CR 10.4.4.1)."""
        cost = (card.base.cost or 0) + tax
        if cost > 0:
            for aura in auras:
                cost = aura.change(self, card.uid, cost)
        return cost

    def _cost_alternatives(self, card: Card) -> list[PlayCostFor]:
        """The alternative play costs of a card's own (:class:`PlayCostFor`)."""
        out: list[PlayCostFor] = []
        cid = card.base.card_id
        if cid in self.scripts.play_cost_ids():
            for ability in self.scripts.abilities(cid, Trigger.STATIC):
                out.extend(e for e in ability.effects if isinstance(e, PlayCostFor))
        return out

    def _payable_alternatives(self, player: int, card: Card, cost: int) -> list[PlayCostFor]:
        """The alternative play costs ``player`` can pay in full now (CR 10.4.2.2)."""
        pp = self.players[player].pp
        return [
            e
            for e in self._cost_alternatives(card)
            if max(0, cost - e.n) <= pp and len(e.payable(self, player, card.uid)) >= e.count
        ]

    def _spell_tax(self, player: int) -> int:
        """CR 10.2.1.3.3: how much more ``player``'s spells cost to play, by the continuous
        abilities of the opponent's field cards (:class:`SpellTax`)."""
        tax = 0
        for e in self._field_statics(1 - player, Rule.SPELL_TAX):
            tax = e.change(self, -1, tax)
        return tax

    def evolve_cost(self, card: Card) -> int:
        """The evolve cost of a field follower (CR 12.2; an effect may have set it, or
        lowered it this turn)."""
        counters = card.counters
        if counters is not None and "evolve_cost" in counters:
            cost = counters["evolve_cost"]
        else:
            cost = self.scripts.evolve_cost(card.base.card_id)
        if counters is not None and counters.get("evolve_down_turn") == self.turn:
            cost = max(0, cost - counters["evolve_down"])
        if card.face.card_id in self.scripts.ids_with(Trigger.STATIC):
            for ability in self.abilities_of(card, Trigger.STATIC):
                for e in ability.effects:
                    if changes(e, Rule.EVOLVE_COST):
                        cost = e.change(self, card.uid, cost)
        return cost

    def _discount(self, player: int, card: Card, cost: int) -> tuple[int, Effect | None]:
        """The PP a discount of the card's own (``Rule.DISCOUNT``, its cost payable now)
        takes off ``cost``, and the step that asks for its cost."""
        if cost <= 0 or card.base.card_id not in self.scripts.play_cost_ids():
            return 0, None
        for ability in self.scripts.abilities(card.base.card_id, Trigger.STATIC):
            for e in ability.effects:
                if changes(e, Rule.DISCOUNT) and e.usable(self, player, card.uid):
                    return cost - e.change(self, card.uid, cost), e.on_play()
        return 0, None

    def _can_pay(self, ability: Ability, player: int, uid: int) -> bool:
        """CR 10.6.2.1.2: the ability's own condition ("この能力は…なら使える"), an extra cost
        (a leading :class:`PayCost`) and the first target after it must be possible."""
        cond = ability.condition
        if cond is not None and not cond.holds(self, player, uid):
            return False
        for effect in ability.effects[:2]:
            available = getattr(effect, "available", None)
            if available is not None and not available(self, player, uid):
                return False
            if not isinstance(effect, PayCost):
                break
        return True

    def _play_affordable(self, p: Player, card: Card, cost: int, permanent: bool) -> bool:
        """CR 10.4.2.2 / 10.6.2.6: whether ``p`` can pay ``cost`` (the card's play cost) now,
        a discount or an alternative cost counted, with room on the field for a permanent."""
        if cost > p.pp and self.scripts:  # a discount paid for with another cost
            cost -= self._discount(p.index, card, cost)[0]
        room = len(p.field) < FIELD_LIMIT
        if cost > p.pp or (permanent and not room):
            # An alternative cost may lower the PP; putting a field card into the graveyard
            # as the cost makes room before the field limit is checked (CR 10.6.2.6).
            alts = self._payable_alternatives(p.index, card, cost)
            if not any(room or not e.engage for e in alts):
                return False
        return True

    def _additional_payable(self, p: Player, card: Card) -> bool:
        """CR 10.6.2.5: whether the card's additional costs can be paid with its play cost."""
        for e in self._rules(card).additional:
            if e.change(self, card.uid, self.play_cost(card)) > p.pp or not e.usable(
                self, p.index, card.uid
            ):
                return False
        return True

    def _costs_as_played(self, card: Card) -> list[Effect]:
        """CR 10.4.7.2 / 10.6.2.5: the steps of the costs offered (extra) or paid
        (additional) as the card is played, in the order of its text."""
        out: list[Effect] = []
        for ability in self.scripts.abilities(card.base.card_id, Trigger.STATIC):
            for e in ability.effects:
                if changes(e, Rule.EXTRA_COST) or changes(e, Rule.ADDITIONAL_COST):
                    step = e.on_play()
                    if step is not None:
                        out.append(step)
        return out

    def _evolve_payable(self, p: Player, n: int) -> tuple[bool, bool]:
        """CR 12.2.3: whether ``p`` can pay evolve cost ``n`` in PP, and with one EP for one
        of its PP."""
        return p.pp >= n, n >= 1 and p.ep >= 1 and p.pp >= n - 1

    def _ability_affordable(self, p: Player, ability: Ability) -> bool:
        """CR 10.4.4 / 12.16.3: whether ``p`` has the PP of an activated ability (an Advance
        ability may pay one PP with one EP)."""
        return ability.pp_cost <= p.pp or (
            ability.advance and p.ep >= 1 and ability.pp_cost - 1 <= p.pp
        )

    def _pay_ability(self, p: Player, ability: Ability) -> bool:
        """CR 10.6.2.5 / 12.16.3: pay an activated ability's PP (an Advance ability's with
        one EP when PP alone cannot); ``True`` when the player is to choose between them."""
        n = ability.pp_cost
        if not ability.advance:
            p.pp -= n
            return False
        can_ep = n >= 1 and p.ep >= 1 and p.pp >= n - 1
        if can_ep and p.pp >= n:
            return True  # PP only, or one EP: the player chooses before the effects
        if can_ep:
            p.pp -= n - 1
            p.ep -= 1
        else:
            p.pp -= n
        return False


def evolve_pp(n: int, ep: bool) -> int:
    """CR 12.2.3: the PP paid for evolve cost ``n`` (one of them paid with an EP)."""
    return n - 1 if ep else n
