"""The effect language: abilities as data, cut by concept.

The engine never branches on a card id. It asks a :class:`~engine.sve.effects.scripts.Scripts`
registry for the abilities of a card and runs their effects. An ability is a trigger (when it
goes off, CR 10.7), an optional condition and a tuple of effects run in order (CR
10.6.2.8.2). An effect that needs a decision (a target, CR 10.6.2.3; a mode, CR 5.18; a card
found in the deck, CR 5.8) asks it through the same action interface as every other decision
and is re-entered when the answer arrives, so a half-resolved ability is plain data that
:meth:`State.clone` copies.

Every element of the language is a frozen dataclass registered by name
(:mod:`~engine.sve.effects.registry`): ``to_data`` turns an ability into JSON-ready data,
``from_data`` reads it back, and :func:`~engine.sve.effects.describe.describe` prints it as
English. Compiled card abilities are stored this way in ``engine/sve/data/abilities.json``
(see :mod:`engine.sve.library`).

- ``core``: triggers, ``Ability``, ``CardScript`` and the effect and condition protocols
- ``registry``: the ``element`` decorator, JSON in and out
- ``selectors``: targets, card filters, effect recipients
- ``flow``: choose a mode, if, gates, scaled effects
- ``conditions``: tests on the game
- one module per family of effects: ``damage``, ``zones``, ``search``, ``deck``, ``stats``,
  ``tokens``, ``evolve``, ``costs``, ``dice``
- ``scripts``: the per-card registry and keyword auto abilities
"""

# Importing every family fills the registry of elements (``from_data`` reads any of them).
from engine.sve.effects import (  # noqa: F401
    amounts,
    conditions,
    costs,
    damage,
    deck,
    dice,
    evolve,
    flow,
    search,
    selectors,
    stats,
    tokens,
    zones,
)
