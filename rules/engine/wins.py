"""Scoring a win inside a game: the situation flags and the score (whether the win is
allowed is :func:`.fixyaku.can_win`).

This is the only place the game calls the scorer. It is called only when the tile
already completes the hand (its kind is in the seat's cached waits), so the ~40 µs
a score costs is paid on a handful of tiles per hand, never on every discard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .melds import Meld
from .rulesets import Ruleset
from .scoring.score import HandScore, Situation, score_hand
from .wall import dora_indicators, ura_indicators

if TYPE_CHECKING:
    from .state import GameState


def is_furiten(s: GameState, seat: int) -> bool:
    """Discard furiten (any wait ever discarded), temporary or riichi furiten."""
    if s.furiten[seat]:
        return True
    return bool(s.analysis[seat].wait_mask & s.discard_masks[seat])


def situation(
    s: GameState,
    seat: int,
    tsumo: bool,
    chankan: bool = False,
    sticks: int | None = None,
    ura: bool = True,
) -> Situation:
    """The flags the scorer needs for ``seat`` winning right now."""
    r = s.ruleset
    first = not s.interrupted and not s.discards[seat]
    dealer = s.round_number
    riichi = s.riichi[seat]
    last = s.live_next == s.live_end
    n_ura = 0
    if riichi and ura and r.ura_dora:
        n_ura = s.dora_shown if r.kan_ura_dora else 1
    return Situation(
        tsumo=tsumo,
        riichi=riichi == 1,
        double_riichi=riichi == 2,
        ippatsu=r.ippatsu and s.ippatsu[seat],
        rinshan=tsumo and s.rinshan,
        chankan=chankan,
        haitei=tsumo and last and not s.rinshan,
        houtei=not tsumo and last and not chankan,
        tenhou=tsumo and first and seat == dealer,
        chiihou=tsumo and first and seat != dealer,
        renhou=not tsumo and first and seat != dealer and not chankan and r.renhou != "off",
        open_riichi=s.open_riichi[seat],
        round_wind=s.round_wind,
        seat_wind=27 + (seat - dealer) % 4,
        dora_indicators=dora_indicators(s.wall, s.dora_shown) if r.omote_dora else (),
        ura_indicators=ura_indicators(s.wall, n_ura),
        honba=s.honba,
        riichi_sticks=s.riichi_sticks if sticks is None else sticks,
    )


def spare_copy(s: GameState, seat: int, kind: int) -> int | None:
    """A physical copy of ``kind`` that could still reach ``seat`` (for what-if scoring):
    not in its hand or melds, nor lying as a dora or ura indicator."""
    used = set(s.hands[seat]) | {t for m in s.melds[seat] for t in m.tiles}
    used.update(s.wall[126:136])
    return next((kind * 4 + c for c in (3, 2, 1, 0) if kind * 4 + c not in used), None)


# Recent scores by their full input. A win offered as a legal action is scored once
# to see that it has a yaku and again when it is taken (same hand, tile and
# situation), so the second time is a lookup. The ruleset is keyed by identity and
# kept in the entry, which keeps its id from being reused while the entry lives.
# key: (hand, melds, tile, situation, id(ruleset), seat, dealer, payer)
_ScoreKey = tuple[tuple[int, ...], tuple[Meld, ...], int, Situation, int, int, int, int | None]
_scores: dict[_ScoreKey, tuple[Ruleset, HandScore]] = {}
_SCORES_KEPT = 512


def score_win(
    s: GameState,
    seat: int,
    tile: int,
    tsumo: bool,
    discarder: int | None = None,
    chankan: bool = False,
    sticks: int | None = None,
) -> HandScore:
    """The scorer's HandScore for ``seat`` winning on ``tile``."""
    hand = s.hands[seat] if tsumo else (*s.hands[seat], tile)
    sit = situation(s, seat, tsumo, chankan, sticks)
    ruleset = s.ruleset
    payer = None if tsumo else discarder
    key: _ScoreKey = (
        tuple(hand),
        s.melds[seat],
        tile,
        sit,
        id(ruleset),
        seat,
        s.round_number,
        payer,
    )
    hit = _scores.get(key)
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    score = score_hand(tuple(hand), s.melds[seat], tile, sit, ruleset, seat, s.round_number, payer)
    if len(_scores) >= _SCORES_KEPT:
        _scores.clear()
    _scores[key] = (ruleset, score)
    return score
