"""Checks that must hold in every state of every game (used by the property tests).

:func:`problems` lists what is wrong (empty when all is well); :func:`check`
raises AssertionError with the list. Nothing here is needed to play.
"""

from __future__ import annotations

from .state import GameState, HandResult
from .wall import DEAD_START, dead_wall_tiles

_ALL_TILES = frozenset(range(136))


def tile_locations(s: GameState) -> list[int]:
    """Every physical tile once per place it is in: hands, melds, rivers, walls."""
    out: list[int] = []
    for seat in range(4):
        out += s.hands[seat]
        for m in s.melds[seat]:
            out += m.tiles
        out += [d.tile for d in s.discards[seat] if not d.called]
    out.extend(s.wall[s.live_next : s.live_end])
    out.extend(dead_wall_tiles(s.wall, s.live_end, s.rinshan_used))
    return out


def problems(s: GameState) -> list[str]:
    out: list[str] = []
    r = s.ruleset
    total = sum(s.scores) + 1000 * s.riichi_sticks
    if total != 4 * r.start_score:
        out.append(f"points on the table are {total}, not {4 * r.start_score}")
    if s.finished:
        if s.phase != "game_end" or any(s.legal) or not s.final:
            out.append("a finished game must be in game_end with standings and no actions")
        return out
    where = tile_locations(s)
    if len(where) != 136 or set(where) != _ALL_TILES:
        missing = sorted(set(range(136)) - set(where))
        twice = sorted({t for t in where if where.count(t) > 1})
        out.append(f"tiles not accounted for exactly once: missing {missing}, twice {twice}")
    dead = dead_wall_tiles(s.wall, s.live_end, s.rinshan_used)
    if len(dead) != 14:
        out.append(f"the dead wall holds {len(dead)} tiles, not 14")
    if s.live_end != DEAD_START - s.rinshan_used:
        out.append("the live wall did not give one tile to the dead wall per replacement draw")
    for seat in range(4):
        size = len(s.hands[seat]) + 3 * len(s.melds[seat])
        holding = (seat == s.turn and s.phase == "turn") or (
            s.claim is not None and s.claim.kind != "discard" and seat == s.claim.seat
        )
        want = 14 if holding else 13
        if size != want:
            out.append(f"seat {seat} holds {size} tiles counting melds as 3, not {want}")
        hand = s.hands[seat]
        if any(hand[i] >= hand[i + 1] for i in range(len(hand) - 1)):
            out.append(f"seat {seat}'s hand is not sorted")
    pending = [seat for seat in range(4) if s.legal[seat]]
    if not pending:
        out.append("nobody can act in a running game")
    if s.phase == "turn" and pending != [s.turn]:
        out.append(f"on seat {s.turn}'s turn only that seat may act, not {pending}")
    if s.phase == "calls" and s.claim is None:
        out.append("a calls phase without a claimed tile")
    return out


def result_problems(result: HandResult) -> list[str]:
    """A hand's deltas must follow from its result and lead to its scores."""
    out = []
    after = tuple(a + d for a, d in zip(result.scores_before, result.deltas, strict=True))
    if after != result.scores:
        out.append(f"scores {result.scores_before} + deltas {result.deltas} != {result.scores}")
    if result.kind in ("ron", "tsumo"):
        paid = [0, 0, 0, 0]
        for w in result.wins:
            for seat, d in enumerate(w.payment.deltas()):
                paid[seat] += d
        if tuple(paid) != result.deltas:
            out.append(f"deltas {result.deltas} are not the sum of the payments {paid}")
        if not result.wins:
            out.append("a win without winners")
    elif result.kind == "exhaustive" and result.deltas != result.noten_deltas:
        out.append("an exhaustive draw moved points other than the noten payments")
    elif result.kind == "abortive" and any(result.deltas):
        out.append("an abortive draw moved points")
    elif result.kind == "nagashi" and (sum(result.deltas) != 0 or not result.nagashi):
        out.append("nagashi mangan payments do not balance")
    return out


def check(s: GameState) -> None:
    found = problems(s)
    if found:
        raise AssertionError("; ".join(found))
