"""Why an action is refused: the reason :func:`apply` gives when it is not legal.

Every reason is read off the same named constants and predicates that
:mod:`.legal` decides legality with, so the message and the rule cannot drift
apart: if the riichi minimum changes in :mod:`.legal`, so does the sentence here.
"""

from __future__ import annotations

from .actions import (
    ANKAN,
    CHI,
    DAIMINKAN,
    DISCARD,
    DISCARDING,
    KYUUSHU,
    OPEN_RIICHI,
    PASS,
    PON,
    RON,
    SHOUMINKAN,
    TSUMO,
    Action,
    format_action,
)
from .claims import procedure as claims
from .claims.values import CLAIM_TYPES
from .legal import (
    KYUUSHU_MIN_KINDS,
    RIICHI_MIN_SCORE,
    ignores_robot_tile,
    is_closed,
    is_last_discard,
    may_chi,
    open_riichi_offered,
)
from .state import GameState
from .tiles import format_tiles
from .wall import MAX_KANS
from .wins import is_furiten

_SEATS = (0, 1, 2, 3)


def explain(s: GameState, action: Action) -> str:
    """A readable reason why ``action`` is not in the legal list."""
    seat = action.seat
    if s.finished:
        return "the game is over"
    if seat not in _SEATS:
        return f"{seat!r} is not a seat"
    if action.type in CLAIM_TYPES or s.phase in claims.CLAIM_PHASES:
        reason = claims.explain(s, action)
        if reason:
            return reason
    legal = s.legal[seat]
    if not legal:
        if s.phase == "calls":
            if action.type == RON and _robot_tile_ignored(s, seat):
                return "at this table an open riichi does not win on a robot's tile"
            return f"seat {seat} has nothing to answer to this tile"
        return f"not your turn: seat {s.turn} is to play"
    if action.type == PASS:
        return "there is nothing to pass on: it is your turn"
    if action.type in DISCARDING and s.phase == "turn":
        reason = _discard_reason(s, seat, action, {a.type for a in legal})
        if reason:
            return reason
    if action.type == RON:
        return _ron_reason(s, seat, action)
    if action.type == TSUMO:
        return "your hand is not complete with a yaku"
    if action.type in (CHI, PON, DAIMINKAN):
        if s.phase != "calls" or s.claim is None:
            return f"there is no discard to {action.type}"
        if s.riichi[seat]:
            return "you cannot call tiles in riichi"
        if is_last_discard(s):
            return "the last discard of the hand can only be ronned"
        if action.type == CHI and not may_chi(seat, s.claim.seat):
            return "only the next player may chi"
        return f"cannot {action.type} with these tiles"
    if action.type in (ANKAN, SHOUMINKAN):
        return _kan_reason(s, seat, action)
    if action.type == KYUUSHU:
        return (
            f"kyuushu kyuuhai needs {KYUUSHU_MIN_KINDS} different terminals/honours "
            "on your first turn"
        )
    return f"{format_action(action)} is not allowed now"


def _discard_reason(s: GameState, seat: int, action: Action, kinds: set[str]) -> str | None:
    rf = s.ruleset.red_fives
    tile = action.tile
    if tile is None or tile not in s.hands[seat]:
        return f"you do not hold {format_tiles([tile], rf) if tile is not None else 'that tile'}"
    if s.riichi[seat]:
        return "in riichi you must discard the tile you drew"
    if action.type != DISCARD:
        if action.type not in kinds:
            return _riichi_reason(s, seat, action)
        return f"riichi discarding {format_tiles([tile], rf)} does not leave a waiting hand"
    if (tile >> 2) in s.forbidden:
        last = s.melds[seat][-1]
        return (
            f"swap-calling: cannot discard {format_tiles([tile], rf)} after "
            f"{last.kind} {format_tiles(last.tiles, rf)}"
        )
    return None


def _ron_reason(s: GameState, seat: int, action: Action) -> str:
    rf = s.ruleset.red_fives
    if s.phase != "calls" or action.tile is None:
        return "there is no discard to ron"
    if _robot_tile_ignored(s, seat):
        return "at this table an open riichi does not win on a robot's tile"
    waits = s.analysis[seat].waits
    if (action.tile >> 2) in waits and is_furiten(s, seat):
        river = [d.tile for d in s.discards[seat] if (d.tile >> 2) in waits]
        if river:
            return f"you are furiten: you discarded {format_tiles(river[:1], rf)}"
        return "you are furiten: you let a winning tile pass"
    if (action.tile >> 2) in waits:
        return "the hand has no yaku with this tile (or too few han)"
    return "this tile does not complete your hand"


def _kan_reason(s: GameState, seat: int, action: Action) -> str:
    if s.drawn is None:
        return "a kan needs a drawn tile: not right after a chi or pon"
    need = s.ruleset.kan_min_live_wall
    if s.wall_remaining < need:
        return f"a kan needs at least {need} tile{'s' if need > 1 else ''} left in the wall"
    if len(s.kan_seats) >= MAX_KANS:
        return f"there are already {MAX_KANS} kans on the table"
    if s.riichi[seat] and action.type == SHOUMINKAN:
        return "no added kan during riichi"
    if s.riichi[seat]:
        return "a kan in riichi must use the drawn tile and keep the same waits"
    return "cannot make that kan"


def _robot_tile_ignored(s: GameState, seat: int) -> bool:
    """The claimed tile would complete ``seat``'s open riichi but came from a robot
    the ruleset tells it to ignore."""
    claim = s.claim
    return (
        claim is not None
        and claim.tile >> 2 in s.analysis[seat].waits
        and ignores_robot_tile(s, seat, claim.seat)
    )


def _riichi_reason(s: GameState, seat: int, action: Action) -> str:
    if action.type == OPEN_RIICHI and not s.ruleset.open_riichi:
        return "open riichi is not played under this ruleset"
    if action.type == OPEN_RIICHI and not open_riichi_offered(s):
        return "open riichi is not played at a table with robots under this ruleset"
    if not is_closed(s.melds[seat]):
        return "riichi needs a closed hand"
    if s.scores[seat] < RIICHI_MIN_SCORE and not s.ruleset.riichi_below_1000:
        return f"riichi needs at least {RIICHI_MIN_SCORE:,} points"
    if s.wall_remaining < s.ruleset.riichi_min_live_wall:
        return f"riichi needs at least {s.ruleset.riichi_min_live_wall} tiles left in the wall"
    if s.riichi[seat]:
        return "you are already in riichi"
    if s.drawn is None:
        return "riichi is declared with a discard after drawing"
    return "this discard does not leave a waiting hand"
