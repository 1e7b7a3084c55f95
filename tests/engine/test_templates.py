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


def test_sentence_opening_conditions_are_registered_and_tried_in_order() -> None:
    """Condition openers come from the conditions family through ``@opener``; the first that
    matches splits the condition off, a class keyword marker governing the rest of the
    ability and an "if" clause its own sentence; a sentence with no opener keeps its text."""
    from engine.sve.compiler.templates.base import OPENERS
    from engine.sve.compiler.templates.conditions import condition
    from engine.sve.effects.conditions import Combo, Overflow

    assert {o.build.__module__ for o in OPENERS} == {"engine.sve.compiler.templates.conditions"}
    assert len(OPENERS) >= 40
    cases = [
        ("【コンボ_3】REST", Combo(3), True, "REST", "combo"),
        ("【覚醒】状態なら、REST", Overflow(), False, "REST", "overflow"),
        ("REST", None, False, "REST", ""),
    ]
    for sentence, cond, whole, rest, oid in cases:
        assert condition(sentence) == (cond, whole, rest, oid)
