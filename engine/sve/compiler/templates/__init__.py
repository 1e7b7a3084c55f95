"""Sentence templates: recurring Japanese phrasings and the effects they mean.

Each template has an id (``select``, ``damage_it``, ...), a regular expression over one
normalised sentence and a builder that returns effects of :mod:`engine.sve.effects`; a
builder registers itself with the :func:`~engine.sve.compiler.templates.base.template`
decorator in the module of its family, as the effects do. A builder raises
:class:`~engine.sve.compiler.templates.base.Unsupported` when the sentence matched the shape
but asks for something the interpreter does not model (an unknown token name, a keyword the
engine does not implement): the sentence then counts as not modelled, never as a guess.

The first template that matches a sentence builds it. Where two patterns can match the same
sentence, the more general template names the more particular one in ``after`` and is tried
after it; otherwise templates are tried in the order they registered.

- ``base``: the registry, the compile context, ``match`` and the shared phrase pieces
- families: ``selectors``, ``damage``, ``zones``, ``stats``, ``deck``, ``tokens``,
  ``evolve``, ``search``, ``dice``
- ``conditions``: conditions that open a sentence; ``costs``: costs and continuous lines
"""

from engine.sve.compiler.templates import (  # noqa: F401  (each family registers its templates)
    conditions,
    costs,
    damage,
    deck,
    dice,
    evolve,
    search,
    selectors,
    stats,
    tokens,
    zones,
)
from engine.sve.compiler.templates.base import order_templates

order_templates()
