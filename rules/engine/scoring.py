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
* it names yaku and fu items in the club's words (see :mod:`rules.engine.yaku`) and
  leaves base points and payments to :mod:`rules.engine.payments`.

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

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as LibMeld

from .errors import InvalidHand
from .fu import fu_items
from .melds import ANKAN, CHI, DAIMINKAN, PON, SHOUMINKAN, Meld
from .payments import WinPayment, base_points, win_payment
from .rulesets import Ruleset
from .scoring_checks import (
    check_chankan,
    check_seats,
    check_situation,
    check_tiles,
    not_complete,
)
from .tiles import EAST, is_red
from .yaku import BY_KEY, LIBRARY_KEYS, ORDER, SINGLE_OF_DOUBLE

__all__ = ["HandScore", "Situation", "library_inputs", "score_hand"]


# The yes/no facts of a win besides tsumo, named once: the calculator's form, the
# JSON API and the scored-hands data file take exactly these (the fields below).
SITUATION_FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "open_riichi",
)


@dataclass(frozen=True, slots=True)
class Situation:
    """How and when the hand was won. Winds are kinds 27-30; indicators are physical tiles."""

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    open_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    round_wind: int = EAST
    seat_wind: int = EAST
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0  # sticks on the table, including any put down this hand


@dataclass(frozen=True, slots=True)
class HandScore:
    """A scored hand. ``error`` is set (and ``payment`` None) when it cannot win.

    ``yaku`` lists (name, han) in catalogue order; dora, aka dora and ura dora are
    entries of their own with their count as han. A yakuman entry shows 13 han per
    yakuman it is worth; for a yakuman hand ``han`` is 13 x ``yakuman``, the
    multiplier actually paid (after the ruleset's cap), and ``fu`` is 0.
    """

    yaku: tuple[tuple[str, int], ...]
    han: int
    fu: int
    fu_details: tuple[tuple[int, str], ...]  # (fu, reason) items adding up to ``fu``
    limit: str | None  # a payments.LIMIT_NAMES name, "Nx yakuman", or None below mangan
    yakuman: int
    base_points: int
    payment: WinPayment | None
    error: str | None = None


# --- talking to the library ----------------------------------------------------------

_LIB_MELD_TYPE = {
    CHI: (LibMeld.CHI, True),
    PON: (LibMeld.PON, True),
    DAIMINKAN: (LibMeld.KAN, True),
    ANKAN: (LibMeld.KAN, False),
    SHOUMINKAN: (LibMeld.SHOUMINKAN, True),
}
_lib_melds: dict[Meld, LibMeld] = {}


class _Plan:
    """What one ruleset means for the library call, worked out once per ruleset."""

    __slots__ = (
        "custom_reds",
        "flat_renhou",
        "ippatsu",
        "kan_dora",
        "kan_ura",
        "omote",
        "options",
        "renhou",
        "ura",
    )

    def __init__(self, ruleset: Ruleset):
        self.options = OptionalRules(
            has_open_tanyao=ruleset.kuitan,
            has_aka_dora=ruleset.red_fives == (1, 1, 1),  # the library's reds: 16, 52, 88
            has_double_yakuman=True,  # demoted per hand by _yakuman_entries
            kazoe_limit=(
                HandConstants.KAZOE_LIMITED
                if ruleset.kazoe == "yakuman"
                else HandConstants.KAZOE_SANBAIMAN
            ),
            kiriage=ruleset.kiriage,
            fu_for_open_pinfu=ruleset.open_pinfu_fu == 2,
            fu_for_pinfu_tsumo=False,  # added afterwards without costing the hand pinfu
            renhou_as_yakuman=ruleset.renhou == "yakuman",
            has_daisharin=ruleset.daisharin,
            limit_to_sextuple_yakuman=True,
        )
        self.omote = ruleset.omote_dora
        self.kan_dora = ruleset.kan_dora
        self.ura = ruleset.ura_dora
        self.kan_ura = ruleset.kan_ura_dora
        self.ippatsu = ruleset.ippatsu
        self.renhou = ruleset.renhou != "off"
        self.flat_renhou = ruleset.renhou in ("mangan", "baiman")
        # the library knows one red five per suit; any other layout is counted here
        self.custom_reds = ruleset.red_fives not in ((1, 1, 1), (0, 0, 0))


_plans: dict[int, tuple[Ruleset, _Plan]] = {}


def _plan(ruleset: Ruleset) -> _Plan:
    hit = _plans.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    plan = _Plan(ruleset)
    if len(_plans) > 64:
        _plans.clear()
    _plans[id(ruleset)] = (ruleset, plan)  # holding the ruleset keeps its id unique
    return plan


def _lib_meld(meld: Meld) -> LibMeld:
    lib = _lib_melds.get(meld)
    if lib is None:
        kind, opened = _LIB_MELD_TYPE[meld.kind]
        lib = LibMeld(kind, meld.tiles, opened, meld.called)
        if len(_lib_melds) > 4096:
            _lib_melds.clear()
        _lib_melds[meld] = lib
    return lib


def _library_args(
    concealed: Sequence[int], melds: Sequence[Meld], s: Situation, plan: _Plan
) -> tuple[list[int], list[LibMeld], list[int], list[int]]:
    tiles = list(concealed)
    lib_melds = []
    for m in melds:
        tiles.extend(m.tiles)
        lib_melds.append(_lib_meld(m))
    dora = list(s.dora_indicators) if plan.omote else []
    if not plan.kan_dora:
        dora = dora[:1]
    ura = []
    if (s.riichi or s.double_riichi) and plan.ura:
        ura = list(s.ura_indicators) if plan.kan_ura else list(s.ura_indicators[:1])
    return tiles, lib_melds, dora, ura


_local = threading.local()


def _config(s: Situation, plan: _Plan) -> HandConfig:
    """The library's config for this hand, reusing one object per thread.

    Building a ``HandConfig`` instantiates some sixty yaku objects, roughly a tenth
    of the library's time on a typical hand. The library only overwrites per-call
    values on those objects (dora counts, the daisharin name) right before reading
    them, so one config per thread with every flag set afresh gives the same answers.
    The call is synchronous, so nothing else uses the config in between, and the
    yaku objects in the response are read before this function is called again.
    """
    config = getattr(_local, "config", None)
    if config is None:
        config = _local.config = HandConfig()
    config.options = plan.options
    config.is_tsumo = s.tsumo
    config.is_riichi = s.riichi
    config.is_daburu_riichi = s.double_riichi
    config.is_open_riichi = s.open_riichi
    config.is_ippatsu = s.ippatsu and plan.ippatsu
    config.is_rinshan = s.rinshan
    config.is_chankan = s.chankan
    config.is_haitei = s.haitei
    config.is_houtei = s.houtei
    config.is_tenhou = s.tenhou
    config.is_chiihou = s.chiihou
    config.is_renhou = s.renhou and plan.renhou
    config.player_wind = s.seat_wind
    config.round_wind = s.round_wind
    config.is_dealer = s.seat_wind == EAST
    return config


_CONFIG_FIELDS = (
    "is_tsumo",
    "is_riichi",
    "is_daburu_riichi",
    "is_open_riichi",
    "is_ippatsu",
    "is_rinshan",
    "is_chankan",
    "is_haitei",
    "is_houtei",
    "is_tenhou",
    "is_chiihou",
    "is_renhou",
    "player_wind",
    "round_wind",
    "options",
)


def library_inputs(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    situation: Situation,
    ruleset: Ruleset,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The arguments this adapter hands to ``HandCalculator.estimate_hand_value``.

    Returns ``(call_kwargs, config_kwargs)``; ``HandConfig(**config_kwargs)`` goes
    in as ``config``. Exposed so the benchmark can time the library on exactly the
    same work.
    """
    plan = _plan(ruleset)
    tiles, lib_melds, dora, ura = _library_args(concealed, melds, situation, plan)
    config = _config(situation, plan)
    config_kwargs = {name: getattr(config, name) for name in _CONFIG_FIELDS}
    call = {
        "tiles": tiles,
        "win_tile": win_tile,
        "melds": lib_melds,
        "dora_indicators": dora,
        "ura_dora_indicators": ura,
    }
    return call, config_kwargs


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
    plan = _plan(ruleset)
    tiles, lib_melds, dora, ura = _library_args(concealed, melds, s, plan)
    response = HandCalculator.estimate_hand_value(
        tiles, win_tile, lib_melds, dora, _config(s, plan), ura_dora_indicators=ura
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
    payment = win_payment(
        base, winner, dealer, s.tsumo, None if s.tsumo else discarder, s.honba, s.riichi_sticks
    )
    return HandScore(yaku, han, fu, fu_details, limit, units, base, payment)
