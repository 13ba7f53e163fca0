"""Which actions a seat may take: the single definition of legality.

``apply`` stores the result of these functions in ``GameState.legal`` once per
state, and ``legal_actions`` only reads it, so legality is decided in one place.

Turn actions (the seat holds 3n+2 tiles):
    discard any tile (after a chi/pon: any tile kuikae allows); riichi/open riichi
    with each discard that leaves a real wait (closed hand, at least 1,000 points,
    at least 4 tiles in the live wall); tsumo when the drawn tile completes the
    hand with a yaku; ankan / shouminkan with at least ``kan_min_live_wall`` live
    tiles and fewer than
    four kans on the table, never right after a chi/pon; kyuushu kyuuhai on the
    first uninterrupted turn with 9 or more distinct terminal/honour kinds.
    In riichi: the drawn tile only, tsumo, and an ankan that changes nothing.

Answers to a discard: ron (not furiten, with a yaku); pon/daiminkan from any
seat and chi from the next seat, except on the last discard of the hand, when in
riichi, or when kuikae would leave no legal discard; pass.

Open riichi and robots (the app rule settings, ``ruleset.open_riichi_robot``; the robot seats
are ``GameSetup.robots``, given to ``new_game(..., robots=...)``):

* ``"disable"``: at a table with any robot seat, open riichi is not offered (plain
  riichi still is); without robots open riichi is played as usual;
* ``"ignore_robot_discard"``: a player in open riichi is not offered ron on a
  robot's discard, nor chankan on a robot's kan, and does not become furiten by
  letting such a tile pass (this takes precedence over the rule that passing a
  tile that completes the hand makes it furiten, :func:`ignores_robot_tile`);
* ``"pay_as_usual"``: nothing changes; a robot that deals in pays the ordinary
  amount, the open riichi's extra han included.

Without robot seats the three settings play the same. Bots themselves avoid
discarding into a visible open-riichi wait under every setting (see the bots).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Collection, Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from .actions import (
    ANKAN,
    CHI,
    DAIMINKAN,
    DISCARD,
    KYUUSHU,
    OPEN_RIICHI,
    PASS,
    PON,
    RIICHI,
    RON,
    SHOUMINKAN,
    TSUMO,
    Action,
    ActionType,
)
from .analysis import is_kokushi_wait, orphan_kinds, riichi_ankan_ok, riichi_discards
from .claims import procedure as claims
from .fixyaku import can_win
from .melds import ANKAN as MELD_ANKAN
from .melds import PON as MELD_PON
from .melds import Meld
from .rulesets import Ruleset
from .scoring.payments import STICK
from .tiles import FIVES, is_red
from .wall import MAX_KANS
from .wins import is_furiten

if TYPE_CHECKING:
    from .state import GameState

# The actions that name one tile (or none) are built once, per seat and tile; the
# legal lists are made of these shared values.
_DISCARDS = tuple(tuple(Action(seat, DISCARD, t) for t in range(136)) for seat in range(4))
_RIICHI = tuple(tuple(Action(seat, RIICHI, t) for t in range(136)) for seat in range(4))
_OPEN_RIICHI = tuple(tuple(Action(seat, OPEN_RIICHI, t) for t in range(136)) for seat in range(4))
_TSUMO = tuple(tuple(Action(seat, TSUMO, t) for t in range(136)) for seat in range(4))
_RON = tuple(tuple(Action(seat, RON, t) for t in range(136)) for seat in range(4))
_PASS = tuple(Action(seat, PASS) for seat in range(4))
_KYUUSHU = tuple(Action(seat, KYUUSHU) for seat in range(4))
_new = tuple.__new__

# The numbers of the rules above, named once: legality and the reasons it gives
# (:mod:`.refusals`) both read them. (The walls a kan and a riichi need are ruleset
# settings, ``kan_min_live_wall`` and ``riichi_min_live_wall``.)
RIICHI_MIN_SCORE = STICK  # the riichi stick must be paid (unless ``riichi_below_1000``)
KYUUSHU_MIN_KINDS = 9  # distinct terminal and honour kinds for kyuushu kyuuhai


def is_closed(melds: Iterable[Meld]) -> bool:
    """A hand is closed when its only melds are concealed kans."""
    return all(m.kind == MELD_ANKAN for m in melds)


def is_last_discard(s: GameState) -> bool:
    """No live tile is left: the discard on the table can only be ronned."""
    return s.live_next >= s.live_end


def kan_possible(s: GameState) -> bool:
    """Enough live wall for a kan under the ruleset, and fewer than four kans made."""
    return s.live_end - s.live_next >= s.ruleset.kan_min_live_wall and len(s.kan_seats) < MAX_KANS


def riichi_possible(s: GameState, seat: int) -> bool:
    """Closed hand, the stick to pay and draws left (the discard decides the rest)."""
    r = s.ruleset
    return (
        is_closed(s.melds[seat])
        and (s.scores[seat] >= RIICHI_MIN_SCORE or r.riichi_below_1000)
        and s.live_end - s.live_next >= r.riichi_min_live_wall
    )


def may_chi(seat: int, discarder: int) -> bool:
    """Only the next seat in turn order may chi."""
    return seat == (discarder + 1) % 4


def open_riichi_offered(s: GameState) -> bool:
    """Whether open riichi is declared at this table (ruleset, robots; see above)."""
    r = s.ruleset
    return r.open_riichi and not (r.open_riichi_robot == "disable" and s.setup.robots)


def ignores_robot_tile(s: GameState, seat: int, source: int) -> bool:
    """Whether ``seat`` in open riichi lets a tile from the robot at ``source`` go by
    without a ron and without furiten (``"ignore_robot_discard"``, see above)."""
    return (
        s.open_riichi[seat]
        and source in s.setup.robots
        and s.ruleset.open_riichi_robot == "ignore_robot_discard"
    )


def forbidden_after_call(
    kind: ActionType, called: int, own: tuple[int, ...], ruleset: Ruleset
) -> tuple[int, ...]:
    """Kinds a seat may not discard right after a call (kuikae, the Ronin Game Rules and the penalties page)."""
    if ruleset.kuikae:
        return ()
    k = called >> 2
    out = [k]
    if kind == CHI and ruleset.kuikae_suji:
        kinds = sorted([k, *(t >> 2 for t in own)])
        n = k % 9
        if k == kinds[0] and n <= 5:
            out.append(k + 3)  # 4-5 called with 6: 3 is forbidden too (and vice versa)
        elif k == kinds[2] and n >= 3:
            out.append(k - 3)
    return tuple(out)


def turn_actions(s: GameState, seat: int) -> tuple[Action, ...]:
    if s.dead[seat]:
        return claims.dead_turn(s, seat)
    hand = s.hands[seat]
    drawn = s.drawn
    table = _DISCARDS[seat]
    if drawn is None:  # right after a chi or pon: discard only, kuikae applies
        if s.forbidden:
            return tuple(table[t] for t in hand if (t >> 2) not in s.forbidden)
        return tuple(map(table.__getitem__, hand))
    a = s.analysis[seat]
    kind = drawn >> 2
    if s.riichi[seat]:
        acts = [table[drawn]]
    else:
        # the drawn tile first, then the rest of the hand in order
        acts = list(map(table.__getitem__, hand))
        i = hand.index(drawn)
        if i:
            acts.insert(0, acts.pop(i))
        # riichi needs tenpai after the discard: from one away, only a useful draw helps
        if a.shanten == 0 or (a.shanten == 1 and a.useful_mask >> kind & 1):
            acts.extend(_riichi_actions(s, seat, hand, drawn))
    if a.triplet_mask or s.melds[seat]:
        acts.extend(_kan_actions(s, seat, hand, drawn))
    if a.wait_mask >> kind & 1 and can_win(s, seat, drawn, True, None):
        acts.append(_TSUMO[seat][drawn])
    if (
        not s.discards[seat]
        and not s.interrupted
        and s.ruleset.kyuushu_kyuuhai
        and orphan_kinds(hand) >= KYUUSHU_MIN_KINDS
    ):
        acts.append(_KYUUSHU[seat])
    if s.ruleset.win_settlement == claims.CLAIMED:
        acts = claims.turn_wins(s, seat, acts)
    return tuple(acts)


def _riichi_actions(s: GameState, seat: int, hand: tuple[int, ...], drawn: int) -> list[Action]:
    if not riichi_possible(s, seat):
        return []
    melds = s.melds[seat]
    meld_kinds = [t >> 2 for m in melds for t in m.tiles]
    ok = riichi_discards(hand, meld_kinds)
    if not ok:
        return []
    # the drawn tile first, then the hand in order, as for plain discards
    tiles = [t for t in (drawn, *(t for t in hand if t != drawn)) if (t >> 2) in ok]
    out = [_RIICHI[seat][t] for t in tiles]
    if open_riichi_offered(s):
        out += [_OPEN_RIICHI[seat][t] for t in tiles]
    return out


def _kan_actions(s: GameState, seat: int, hand: tuple[int, ...], drawn: int) -> list[Action]:
    if not kan_possible(s):
        return []
    out = []
    riichi = s.riichi[seat]
    # the hand is sorted: four of a kind sit next to each other
    for i in range(len(hand) - 3):
        kind = hand[i] >> 2
        if (hand[i + 3] >> 2) == kind and (i == 0 or (hand[i - 1] >> 2) != kind):
            if riichi:
                before = tuple(t for t in hand if t != drawn)
                if (drawn >> 2) != kind or not riichi_ankan_ok(before, kind):
                    continue
            out.append(_new(Action, (seat, ANKAN, hand[i], hand[i : i + 4])))
    if not riichi:
        for meld in s.melds[seat]:
            if meld.kind == MELD_PON:
                kind = meld.tiles[0] >> 2
                for t in _of_kind(hand, kind):
                    out.append(_new(Action, (seat, SHOUMINKAN, t, ())))
    return out


def _of_kind(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The tiles of one kind in a sorted hand."""
    return hand[bisect_left(hand, kind * 4) : bisect_left(hand, kind * 4 + 4)]


def _choices(tiles: tuple[int, ...], n: int, red_fives: Sequence[int]) -> list[tuple[int, ...]]:
    """Distinct ways to pick ``n`` of ``tiles``: red fives make copies differ."""
    if (tiles[0] >> 2) not in FIVES or not any(red_fives):
        return [tiles[:n]]  # all copies alike: one way
    seen: set[tuple[bool, ...]] = set()
    out: list[tuple[int, ...]] = []
    for combo in combinations(tiles, n):
        key = tuple(is_red(t, red_fives) for t in combo)
        if key not in seen:
            seen.add(key)
            out.append(combo)
    return out


def _leaves_discard(hand: Sequence[int], used: Collection[int], forbidden: Collection[int]) -> bool:
    if len(hand) - len(used) > 4 * len(forbidden):
        return True  # more tiles left than the forbidden kinds can fill
    return any(t not in used and (t >> 2) not in forbidden for t in hand)


def call_actions(s: GameState, seat: int, discarder: int, tile: int) -> tuple[Action, ...]:
    """What ``seat`` may answer to ``tile`` discarded by ``discarder``."""
    if s.dead[seat]:
        return ()
    k = tile >> 2
    a = s.analysis[seat]
    acts: list[Action] = []
    if (
        a.wait_mask >> k & 1
        and not is_furiten(s, seat)
        and not ignores_robot_tile(s, seat, discarder)
        and can_win(s, seat, tile, False, discarder)
    ):
        acts.append(_RON[seat][tile])
    if not s.riichi[seat] and not is_last_discard(s):
        r = s.ruleset
        hand = s.hands[seat]
        # the cached masks say at once whether a pon or a chi shape is held
        if a.pon_mask >> k & 1:
            same = _of_kind(hand, k)
            forbidden = forbidden_after_call(PON, tile, (), r)
            for own in _choices(same, 2, r.red_fives):
                if _leaves_discard(hand, own, forbidden):
                    acts.append(_new(Action, (seat, PON, tile, own)))
            if len(same) == 3 and kan_possible(s):
                acts.append(_new(Action, (seat, DAIMINKAN, tile, same)))
        if a.chi_mask >> k & 1 and may_chi(seat, discarder):
            n = k % 9
            shapes = []
            if n >= 2:
                shapes.append((k - 2, k - 1))
            if 1 <= n <= 7:
                shapes.append((k - 1, k + 1))
            if n <= 6:
                shapes.append((k + 1, k + 2))
            for low, high in shapes:
                ta = _of_kind(hand, low)
                tb = _of_kind(hand, high)
                if not ta or not tb:
                    continue
                for x in _choices(ta, 1, r.red_fives):
                    for y in _choices(tb, 1, r.red_fives):
                        own = (x[0], y[0])
                        forbidden = forbidden_after_call(CHI, tile, own, r)
                        if _leaves_discard(hand, own, forbidden):
                            acts.append(_new(Action, (seat, CHI, tile, own)))
    if acts:
        acts.append(_PASS[seat])
    if s.ruleset.win_settlement == claims.CLAIMED:
        return tuple(claims.call_wins(s, seat, tile, acts))
    return tuple(acts)


def robbing_actions(
    s: GameState, seat: int, kan_seat: int, tile: int, ankan: bool
) -> tuple[Action, ...]:
    """Chankan: ron on a tile added to a pon; on a concealed kan, kokushi only."""
    k = tile >> 2
    if s.dead[seat] or k not in s.analysis[seat].waits or is_furiten(s, seat):
        return ()
    if ignores_robot_tile(s, seat, kan_seat):
        return ()
    if ankan and not is_kokushi_wait(s.hands[seat]):
        return ()
    if not can_win(s, seat, tile, False, kan_seat, chankan=True):
        return ()
    if s.ruleset.win_settlement == claims.CLAIMED:
        return claims.robbing_wins(s, seat, (_RON[seat][tile], _PASS[seat]))
    return (_RON[seat][tile], _PASS[seat])
