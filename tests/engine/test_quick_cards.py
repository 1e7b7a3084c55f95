"""The card-level Quick icon (CR 12.3.2.1) of the embedded pool: Quick cards are played in
the opponent's turn (CR 8.4.7, 12.3.4), other cards are not. No reference data needed: the
records come from the snapshot, the abilities from the committed library."""

from __future__ import annotations

import pytest

from cardpool.snapshot import load_sve_pool
from engine.sve import LEADER, Attack, Play
from engine.sve.position import follower, position
from engine.sve.state import DEFAULT_SCRIPTS, Kind


@pytest.mark.parametrize(
    ("code", "quick"),
    [
        ("SD02-016", True),  # 疾風怒濤
        ("BP01-049", True),  # 武装強化
        ("SD03-005", True),  # 知恵の光
        ("BP01-116", True),  # ソウルコンバージョン
        ("BP01-098", True),  # ブレイジングブレス
        ("CP01-031", True),  # おどれ・さわげ・フェスれ！
        ("BP01-050", False),  # 猛襲: a spell without the icon
        ("BP01-071", False),  # ウィンドブラスト: likewise
        ("SD02-012", False),  # クイックブレーダー: a follower, Quick only in its name
    ],
)
def test_a_quick_card_of_the_pool_is_offered_after_an_enemy_attack(code: str, quick: bool) -> None:
    """CR 8.4.7: after the attack is declared the defender gets a Quick window only for
    cards with Quick; with enough PP and targets on both sides, Quick cards are offered."""
    rec = load_sve_pool().record(code)
    assert rec is not None
    assert ("quick" in DEFAULT_SCRIPTS.record(rec).keywords) is quick
    ogre = follower("Ogre", 4, 4, 4)
    guard = follower("Guard", 2, 2, 2)
    g = position(fields=([ogre], [guard]), hands=([], [DEFAULT_SCRIPTS.record(rec)]), pp=(0, 10))
    hand = g.players[1].hand[0]
    g.apply(Attack(0, LEADER))
    if quick:
        assert g.decision is not None
        assert (g.decision.kind, g.current_player()) == (Kind.QUICK, 1)
        assert Play(hand) in g.legal_actions()
    else:
        assert g.current_player() == 0  # no window: nothing the defender may play now
