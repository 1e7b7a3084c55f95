"""Combat (CR 8.4, 12.8-12.12): who may attack what and why not, the attack, combat damage,
and damage with the continuous abilities that change it (CR 5.14, 10.2.1.3.2).
"""

from __future__ import annotations

from engine.sve.actions import (
    LEADER,
    Attack,
)
from engine.sve.board import (
    ASSAIL,
    BANE,
    CANNOT_ATTACK,
    COMBAT_PROOF,
    INTIMIDATE,
    RUSH,
    STORM,
    Card,
    Player,
    Step,
    Zone,
)
from engine.sve.effects.core import Rule, Trigger, changes
from engine.sve.effects.selectors import (
    LEADER_OFFSET,
)
from engine.sve.rules.resolution import Resolution
from engine.sve.rules.steps import (
    _INTIMIDATE,
    _NOT_LEADER,
    _STANDING,
    _WARD_FIRST,
)
from engine.sve.rules.ward import binds, guards


class Combat(Resolution):
    """The part of the state that runs combat (CR 8.4, 12.8-12.12) and damage (CR 5.14)."""

    def _capped(self, card: Card, amount: int) -> int:
        """Damage a follower takes after its own caps (:class:`DamageCap`)."""
        for ability in self.scripts.abilities(card.face.card_id, Trigger.STATIC):
            for e in ability.effects:
                if changes(e, Rule.DAMAGE_CAP):
                    capped = e.change(self, card.uid, amount)
                    cond = ability.condition
                    if capped != amount and (
                        cond is None or cond.holds(self, card.controller, card.uid)
                    ):
                        amount = capped
        return amount

    def damage_taken(self, card: Card) -> int:
        """The change its equipment makes to damage a follower takes (CR 14.5.2)."""
        change = 0
        for token_id in card.eq:
            for ability in self.scripts.abilities(token_id, Trigger.STATIC):
                for e in ability.effects:
                    if changes(e, Rule.DAMAGE_TAKEN):
                        change = e.change(self, card.uid, change)
        return change

    def damage_bonus(self, uid: int) -> int:
        """Extra damage a field card deals now, from its own continuous abilities."""
        card = self.cards[uid]
        bonus = 0
        if not card.eq and card.face.card_id not in self.scripts.ids_with(Trigger.STATIC):
            return 0
        for ability in self.abilities_of(card, Trigger.STATIC):
            for e in ability.effects:
                if changes(e, Rule.DAMAGE_DEALT):
                    cond = ability.condition
                    if cond is None or cond.holds(self, card.controller, uid):
                        bonus = e.change(self, uid, bonus)
        return bonus

    def deal_damage(self, target: int, amount: int) -> int:
        """CR 5.14.1: lower a follower's or leader's defense by ``amount`` (may go negative);
        the damage actually dealt, after shields, prevention and caps (0: none)."""
        if amount <= 0:
            return 0
        self.dirty = True
        if target < 0:
            hurt = self.players[-target - LEADER_OFFSET]
            if hurt.shield[0] == self.turn:  # CR 10.2.1.3.2: "the next damage" this turn
                less = hurt.shield[1]
                hurt.shield = (-1, 0)
                amount = 0 if less < 0 else amount - less
                if amount <= 0:
                    return 0
            hurt.hp -= amount
            if hurt.index == self.active:
                hurt.hurt_on = self.turn
            hurt.hurts = (self.turn, hurt.hurts[1] + 1 if hurt.hurts[0] == self.turn else 1)
            self._leader_hurt(hurt.index)
            name = f"leader{-target - LEADER_OFFSET}"
        else:
            card = self.cards[target]
            if card.zone is not Zone.FIELD or not card.fol:
                return 0  # CR 5.14.1.2
            card = self.writable(target)
            counters = card.counters
            if counters is not None:
                if counters.get("no_damage") == self.turn:
                    return 0
                if counters.get("shield_next") == self.turn:  # the next damage only
                    del counters["shield_next"]
                    return 0
                if counters.get("more_turn") == self.turn:  # CR 10.2.1.3.2: TakesMore
                    amount += counters["more"]
            if card.eq:
                amount += self.damage_taken(card)
                if amount <= 0:
                    return 0
            if self.scripts and card.face.card_id in self.scripts.ids_with(Trigger.STATIC):
                amount = self._capped(card, amount)
            card.dfn -= amount
            name = str(target)
        if self.log is not None:
            self._emit("damage", {"target": target if target >= 0 else name, "amount": amount})
        return max(amount, 0)

    def ability_damage_dealt(self, uid: int) -> None:
        """CR 10.7.1: field card ``uid`` dealt ability damage to enemy followers; its "when
        this deals ability damage" abilities go off."""
        if uid < 0:
            return
        card = self.cards[uid]
        if card.zone is Zone.FIELD and (
            card.eq or card.face.card_id in self.scripts.ids_with(Trigger.DEALT_ABILITY_DAMAGE)
        ):
            self._fire(card, Trigger.DEALT_ABILITY_DAMAGE, card.controller)

    def ability_damage_taken(self, uid: int) -> None:
        """CR 10.7.1: field follower ``uid`` took ability damage; its "when this takes
        ability damage" abilities go off."""
        card = self.cards[uid]
        if card.zone is Zone.FIELD and (
            card.eq or card.face.card_id in self.scripts.ids_with(Trigger.TOOK_ABILITY_DAMAGE)
        ):
            self._fire(card, Trigger.TOOK_ABILITY_DAMAGE, card.controller)

    def _attacker_refusal(self, p: Player, uid: int) -> str | None:
        """Why card ``uid`` of ``p`` may not attack at all now (``None``: it may, if it has
        a target; CR 8.4.2)."""
        if uid not in p.field or not self.cards[uid].fol:
            return f"card {uid} is not a follower on player {p.index}'s field (CR 8.4.2)"
        card = self.cards[uid]
        if card.engaged:
            return f"follower {uid} is engaged (CR 8.4.2)"
        if card.counters is not None and card.counters.get("no_attack") == self.turn:
            return f"follower {uid} cannot attack this turn (an effect forbids it)"
        if card.kw & CANNOT_ATTACK:
            return f"follower {uid} cannot attack (an ability of its own)"
        return None

    def _attack_options(self, c: Card, opp_field: list[int]) -> dict[int, str | None]:
        """CR 8.4.2-8.4.3 with Storm, Rush, Assail, Intimidate and Ward (CR 12.8-12.12): every
        target follower ``c`` could be declared against (enemy followers in uid order, then
        the leader), with ``None`` where it may attack it now and otherwise the reason (a
        template of ``uid`` and ``tgt``). Empty when it cannot attack this turn at all."""
        bits = c.bits
        veteran = c.since < self.turn  # continuously controlled since the turn began
        if not veteran and not bits & (STORM | RUSH) and c.evolved_turn != self.turn:
            return {}
        cards = self.cards
        out: dict[int, str | None] = {}
        wards: list[int] = []
        for uid in sorted(opp_field):
            t = cards[uid]
            if not t.fol:
                continue
            tbits = t.bits
            if tbits & INTIMIDATE:
                out[uid] = _INTIMIDATE
            elif t.engaged:
                out[uid] = None
                if guards(tbits):
                    wards.append(uid)
            elif bits & ASSAIL:
                out[uid] = None
            else:
                out[uid] = _STANDING
        out[LEADER] = None if veteran or bits & STORM else _NOT_LEADER
        if binds(wards, bits):  # CR 12.8.2: an engaged Ward follower first
            for tgt, refusal in out.items():
                if refusal is None and tgt not in wards:
                    out[tgt] = _WARD_FIRST
        return out

    def _declare_attack(self, uid: int, target: int) -> None:
        """CR 8.4.4-8.4.6: engage the attacker; 'attacked' triggers (Strike) go off."""
        card = self.writable(uid)
        card.engaged = True
        self.attacker = uid
        self.attack_target = target
        self._became_engaged(card)
        if self.log is not None:
            self._emit("engage", {"uid": uid})
            self._emit(
                "attack",
                {
                    "player": self.active,
                    "attacker": uid,
                    "target": "leader" if target == LEADER else target,
                    "keywords": list(card.keywords),
                },
            )
        self.step = Step.ATTACK_QUICK
        self._fire(card, Trigger.STRIKE, self.active)
        if self.scripts:  # CR 10.7.1: "when a follower of yours attacks"
            for other in self.holders(self.players[self.active].field, Trigger.ALLY_ATTACKS):
                for ability in self.abilities_of(self.cards[other], Trigger.ALLY_ATTACKS):
                    self.pending.append((ability, other, self.active, uid))

    def _combat_damage(self) -> None:
        """CR 8.4.9: damage both ways if both are still there; Bane and Drain follow."""
        self.step = Step.MAIN
        att = self.writable(self.attacker)
        target = self.attack_target
        self.attacker = -1
        if att.zone is not Zone.FIELD or att.controller != self.active:
            return
        amount = att.atk
        if amount > 0 and self.scripts:
            amount += self.damage_bonus(att.uid)
        dealt = 0  # CR 12.13.2: Drain heals by the damage the attack actually dealt
        if target == LEADER:
            dealt = self.deal_damage(-(1 - self.active + LEADER_OFFSET), amount)
        else:
            defender = self.cards[target]
            if defender.zone is not Zone.FIELD:
                return
            defender = self.writable(target)
            back = defender.atk
            if back > 0 and self.scripts:
                back += self.damage_bonus(target)
            turn = self.turn
            if not _combat_proof(defender, turn):
                dealt = self.deal_damage(target, amount)
            back_dealt = 0
            if not _combat_proof(att, turn):
                back_dealt = self.deal_damage(att.uid, back)
            if self.scripts:  # CR 5.14.3.2: combat damage, each way, once dealt
                if dealt > 0:
                    self._fire(att, Trigger.DEALT_COMBAT_DAMAGE, self.active, dealt)
                if back_dealt > 0:
                    self._fire(
                        defender, Trigger.DEALT_COMBAT_DAMAGE, defender.controller, back_dealt
                    )
            # CR 12.14.2: a follower that fought a Bane follower is destroyed.
            if att.bits & BANE:
                defender.bane_hit = True
                self.dirty = True
            if defender.bits & BANE:
                att.bane_hit = True
                self.dirty = True
        if dealt > 0:  # CR 12.13.2.1: nothing was dealt when it was prevented
            self._fire(att, Trigger.ATTACK_DAMAGE, self.active, dealt)

    def _why_not_attack(self, p: Player, action: Attack) -> str:
        uid, tgt = action.uid, action.target
        refusal = self._attacker_refusal(p, uid)
        if refusal is not None:
            return refusal
        options = self._attack_options(self.cards[uid], self.players[1 - p.index].field)
        if all(r is not None for r in options.values()):
            return f"follower {uid} came under your control this turn (CR 8.4.2.1)"
        if tgt not in options:
            return f"card {tgt} is not an enemy follower on the field (CR 8.4.3.1)"
        return (options[tgt] or _WARD_FIRST).format(uid=uid, tgt=tgt)


def _combat_proof(card: Card, turn: int) -> bool:
    """Whether ``card`` takes no combat damage now: its own continuous ability, or an
    effect for this turn (``交戦ダメージを受けない``)."""
    if card.bits & COMBAT_PROOF:
        return True
    return card.counters is not None and card.counters.get("no_combat_damage") == turn
