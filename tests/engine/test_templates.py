"""The compiler's templates: one module per family, each registered by its decorator."""

from __future__ import annotations

from engine.sve.compiler.templates.base import TEMPLATES


def test_a_general_template_is_tried_after_the_particular_ones_it_names() -> None:
    """The first matching template builds a sentence: every ``after`` names a registered
    template that comes earlier."""
    position = {t.id: i for i, t in enumerate(TEMPLATES)}
    waits = [(t.id, a) for t in TEMPLATES for a in t.after]
    assert waits, "no template names another in after"
    assert all(a in position and position[a] < position[tid] for tid, a in waits)


def test_every_family_registers_templates() -> None:
    """Templates come from the family modules, and ids are unique."""
    families = {t.build.__module__.rsplit(".", 1)[1] for t in TEMPLATES}
    assert {"damage", "zones", "stats", "deck", "tokens", "evolve", "search"} <= families
    assert len({t.id for t in TEMPLATES}) == len(TEMPLATES)
