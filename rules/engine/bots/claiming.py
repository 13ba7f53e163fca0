"""How every bot level plays a claimed win: by the engine's judgment.

The view of a robot seat carries the engine's reading of the claimed win
(``view.win_claim.reading``, see :mod:`rules.engine.claims.procedure`); a bot claims the
engine's value, answers OK to a claim that matches it and NG with the reason
otherwise, and as reviewer accepts or corrects a valid win, abandons a win the
fix-yaku rule forbids (no penalty) and rules any other false win a chombo, the
hand played again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..claims.values import ACCEPT, CHOMBO, CLAIM, CORRECT, GAME_OVER, INVALID, NG, OK, REASONS

if TYPE_CHECKING:  # the claims module asks this one for a robot's answers
    from ..claims.procedure import WinClaim
    from ..state import Phase
    from ..visibility import SeatView


def judge(phase: Phase, wc: WinClaim, seat: int) -> Action:
    """The engine's judgment for ``seat`` in ``phase`` of the claim ``wc``."""
    reading = wc.reading
    assert reading is not None  # a robot's view shows the engine's reading
    if phase == "claim":
        return Action(seat, CLAIM, None, reading.value or (1, 30))
    if phase == "confirm":  # the reviewer has the last word
        return Action(seat, OK)
    if phase == "answers":
        if reading.valid and reading.value == wc.value:
            return Action(seat, OK)
        reason = reading.reason or "wrong_value"
        return Action(seat, NG, None, (REASONS.index(reason),))
    if reading.valid:
        if reading.value == wc.value:
            return Action(seat, ACCEPT)
        assert reading.value is not None  # a valid win has its value
        return Action(seat, CORRECT, None, reading.value)
    if reading.reason == "fix_yaku":
        return Action(seat, INVALID)
    return Action(seat, CHOMBO, None, (GAME_OVER,))


def judged_view_action(view: SeatView) -> Action:
    """:func:`judge` on a robot's view (which shows the reading)."""
    wc, seat = view.win_claim, view.seat
    assert wc is not None and seat is not None  # a robot seat in a claim phase
    return judge(view.phase, wc, seat)
