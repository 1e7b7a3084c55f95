"""Templates for dice (CR 5.20): rolling one, and damage as much as the number rolled.

The conditions on the number (``出た目がNなら``, ``このターン、自分がサイコロをふっていたなら``)
open sentences and are in :mod:`~engine.sve.compiler.templates.conditions`; the trigger
``自分がサイコロをふったとき`` is read with the other triggers."""

from __future__ import annotations

import re
from typing import Any

from engine.sve.compiler.templates.base import Context, template
from engine.sve.effects.core import AMOUNT
from engine.sve.effects.damage import Damage
from engine.sve.effects.dice import RollDie


@template("roll_die", r"サイコロをふる。")
def _roll_die(m: re.Match[str], ctx: Context) -> list[Any]:
    return [RollDie()]


@template("damage_rolled", r"それに「出た目」と同じダメージ。")
def _damage_rolled(m: re.Match[str], ctx: Context) -> list[Any]:
    return [Damage(AMOUNT, ctx.need_it())]
