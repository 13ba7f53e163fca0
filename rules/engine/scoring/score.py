"""Score a winning hand: yaku, han, fu, limit and payments under a ruleset.

The ``mahjong`` package does the heavy lifting (every reading of the hand, yaku
conditions, fu). This module is the adapter around it:

* it checks the input first and raises :class:`InvalidHand` naming the field at
  fault, so an impossible hand never reaches a table or the calculator page;
* it maps every :class:`Ruleset` option the library has a switch for, and applies
  the rest itself: 2 or 4 fu for a double-wind pair, 2 fu for pinfu tsumo, renhou
  as a flat mangan or baiman, red-five counts other than one per suit, which dora
  families count, open riichi as one extra han, per-hand double yakuman, yakuman
  stacking and the two-han minimum;
* it names yaku and fu items in the club's words (see :mod:`rules.engine.scoring.yaku`) and
  leaves base points and payments to :mod:`rules.engine.scoring.payments`.

The library's inputs (the per-ruleset plan, melds, dora, the hand config) are made
in :mod:`rules.engine.scoring.library`; this module reads its answer.

Decisions the seeds leave open:

* Dora of every kind count towards the two-han minimum, but the hand still needs a
  real yaku (the YDS Mahjong Guide: dora count as han; the Ronin Game Rules: dora alone never make a hand).
* ``double_riichi`` replaces ``riichi``: setting both is rejected, like ippatsu
  without either.
* With ``pinfu_tsumo_fu`` = 2 a pinfu tsumo keeps pinfu and adds the 2 tsumo fu
  (20 -> 30 fu); the setting is about fu, not about whether pinfu may be claimed.
* Renhou ``'mangan'`` / ``'baiman'`` is a flat value that does not combine: the hand
  scores that limit, or its other yaku and dora if those are worth more.
* A real yakuman reports fu 0 and no fu items: its value ignores fu.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mahjong.hand_calculating.hand import HandCalculator

from ..errors import InvalidHand
from ..melds import Meld
from ..rulesets import Ruleset
from ..tiles import is_red
from .checks import check_chankan, check_seats, check_situation, check_tiles, not_complete
from .fu import fu_items
from .library import library_args, library_config, library_plan
from .payments import base_points, plain_win_payment
from .situation import SITUATION_FLAGS, HandScore, Situation
from .yaku import BY_KEY, LIBRARY_KEYS, ORDER, SINGLE_OF_DOUBLE

__all__ = ["SITUATION_FLAGS", "HandScore", "Situation", "score_hand"]


# --- turning the library's answer into ours -------------------------------------------

_NAME = {y.key: y.name for y in BY_KEY.values()}
_UNITS = {y.key: y.yakuman for y in BY_KEY.values()}
_DORA_KEYS = frozenset(("dora", "aka_dora", "ura_dora"))
# library yaku id -> our (display order, key) entries, and whether it is a yakuman;
# open riichi gives two entries with their catalogue han
_LIB_INFO: dict[int, tuple[tuple[tuple[int, str], ...], bool]] = {}
for _id, _keys in LIBRARY_KEYS.items():
    _LIB_INFO[_id] = (tuple((ORDER[k], k) for k in _keys), _UNITS[_keys[0]] > 0)
_OPEN_RIICHI_HAN = {k: BY_KEY[k].closed for k in ("riichi", "double_riichi", "open_riichi")}


def _yakuman_entries(keys: list[str], ruleset: Ruleset) -> list[tuple[str, int]]:
    entries = []
    for key in keys:
        units = _UNITS[key]
        if key in SINGLE_OF_DOUBLE:
            setting, single = SINGLE_OF_DOUBLE[key]
            if setting not in ruleset.double_yakuman:
                key, units = single, 1
        entries.append((key, units))
    if not ruleset.yakuman_stacking:
        entries = [max(entries, key=lambda e: e[1])]  # the first of the biggest
    return entries


def _no_win(
    error: str,
    yaku: Iterable[tuple[str, int]] = (),
    han: int = 0,
    fu: int = 0,
    fu_details: Iterable[tuple[int, str]] = (),
) -> HandScore:
    return HandScore(tuple(yaku), han, fu, tuple(fu_details), None, 0, 0, None, error)


def _named(entries: list[tuple[int, str, int]]) -> tuple[tuple[str, int], ...]:
    """(order, key, han) entries to (name, han) pairs in catalogue order."""
    entries.sort()
    return tuple([(_NAME[key], han) for _, key, han in entries])


def score_hand(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    situation: Situation,
    ruleset: Ruleset,
    winner: int = 0,
    dealer: int = 0,
    discarder: int | None = None,
) -> HandScore:
    """Score a complete hand; ``concealed`` includes the winning tile.

    For a ron without a ``discarder`` the next seat after the winner pays (only the
    seat numbers in the payment depend on it). Raises :class:`InvalidHand` for input
    no game could produce; a hand that is complete but cannot win (no yaku, below
    the minimum han) comes back with ``error`` set.
    """
    s = situation
    check_tiles(concealed, melds, win_tile, s)
    check_seats(s, winner, dealer, discarder)
    if (
        s.riichi
        or s.double_riichi
        or s.ippatsu
        or s.open_riichi
        or s.rinshan
        or s.chankan
        or s.haitei
        or s.houtei
        or s.tenhou
        or s.chiihou
        or s.renhou
    ):
        check_situation(s, melds, ruleset, winner, dealer)
        if s.chankan:
            check_chankan(concealed, melds, win_tile)
    plan = library_plan(ruleset)
    tiles, lib_melds, dora, ura = library_args(concealed, melds, s, plan)
    response = HandCalculator.estimate_hand_value(
        tiles, win_tile, lib_melds, dora, library_config(s, plan), ura_dora_indicators=ura
    )
    if response.error:
        if response.error == HandCalculator.ERR_NO_YAKU:
            return _no_win("no yaku")
        if response.error == HandCalculator.ERR_HAND_NOT_WINNING:
            raise not_complete(concealed)
        raise InvalidHand(f"the scorer rejected this hand ({response.error})", "situation")

    is_open = response.is_open_hand
    assert response.yaku is not None  # the library lists the yaku of every winning hand
    plain: list[tuple[int, str, int]] = []
    yakuman_keys: list[str] = []
    han = 0
    for y in response.yaku:
        entries, is_yakuman = _LIB_INFO[y.yaku_id]
        if is_yakuman:
            yakuman_keys.append(entries[0][1])
            continue
        if len(entries) == 2:  # open riichi: riichi (or double) plus one han
            for order, key in entries:
                plain.append((order, key, _OPEN_RIICHI_HAN[key]))
                han += _OPEN_RIICHI_HAN[key]
            continue
        value = y.han_open if is_open and y.han_open else y.han_closed
        plain.append((entries[0][0], entries[0][1], value))
        han += value

    if yakuman_keys:
        return _yakuman(yakuman_keys, ruleset, s, winner, dealer, discarder)

    pinfu = False
    for _, key, _ in plain:
        if key == "pinfu":
            pinfu = True
    details = fu_items(response.fu_details or (), ruleset, s.tsumo, pinfu)
    fu = 0
    for f, _ in details:
        fu += f
    if plan.custom_reds:
        aka = sum(1 for t in tiles if is_red(t, ruleset.red_fives))
        if aka:
            plain.append((ORDER["aka_dora"], "aka_dora", aka))
            han += aka
    if s.renhou and plan.flat_renhou:
        plain, han = _flat_renhou(plain, han, fu, ruleset)

    needed = _minimum_han(ruleset, s.honba)
    if han < needed:
        if ruleset.minimum_han >= 2:
            why = "under this ruleset"
        else:
            why = f"from {ruleset.two_han_from_honba} honba"
        message = f"needs at least {needed} han {why}; this hand has {han}"
        return _no_win(message, _named(plain), han, fu, details)
    base, limit = base_points(han, fu, ruleset, kazoe=han >= 13)
    return _won(
        _named(plain), han, fu, tuple(details), limit, 0, base, s, winner, dealer, discarder
    )


def _yakuman(
    keys: list[str],
    ruleset: Ruleset,
    s: Situation,
    winner: int,
    dealer: int,
    discarder: int | None,
) -> HandScore:
    entries = _yakuman_entries(keys, ruleset)
    units = min(sum(u for _, u in entries), ruleset.max_yakuman)
    yaku = _named([(ORDER[key], key, 13 * u) for key, u in entries])
    base, limit = base_points(13 * units, 0, ruleset, yakuman=units)
    return _won(yaku, 13 * units, 0, (), limit, units, base, s, winner, dealer, discarder)


def _minimum_han(ruleset: Ruleset, honba: int) -> int:
    if ruleset.minimum_han >= 2:
        return 2
    if ruleset.two_han_from_honba and honba >= ruleset.two_han_from_honba:
        return 2
    return 1


def _flat_renhou(
    plain: list[tuple[int, str, int]], han: int, fu: int, ruleset: Ruleset
) -> tuple[list[tuple[int, str, int]], int]:
    """Renhou as a fixed mangan or baiman: keep whichever is worth more."""
    flat_han = 5 if ruleset.renhou == "mangan" else 8
    others = [e for e in plain if e[1] != "renhou"]
    other_han = han - 5  # the library counted renhou as a 5-han yaku
    if other_han >= 1 and any(e[1] not in _DORA_KEYS for e in others):
        other_base, _ = base_points(other_han, fu, ruleset, kazoe=other_han >= 13)
        flat_base, _ = base_points(flat_han, fu, ruleset)
        if other_base > flat_base:
            return others, other_han
    return [(ORDER["renhou"], "renhou", flat_han)], flat_han


def _won(
    yaku: tuple[tuple[str, int], ...],
    han: int,
    fu: int,
    fu_details: tuple[tuple[int, str], ...],
    limit: str | None,
    units: int,
    base: int,
    s: Situation,
    winner: int,
    dealer: int,
    discarder: int | None,
) -> HandScore:
    if not s.tsumo and discarder is None:
        discarder = (winner + 1) % 4
    # the seats and counts passed check_seats: the payment needs no second check
    payment = plain_win_payment(
        base, winner, dealer, s.tsumo, None if s.tsumo else discarder, s.honba, s.riichi_sticks
    )
    return HandScore(yaku, han, fu, fu_details, limit, units, base, payment)
