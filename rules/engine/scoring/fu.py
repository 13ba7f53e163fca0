"""Fu items in the club's words, from the ``mahjong`` package's breakdown.

The library itemises fu with its own reason codes and folds "closed ron" into a
30-fu base. Score sheets and the calculator show each item on its own line, so this
module splits and renames them, applies the two fu settings the library has no
switch for, and adds the rounding as an item of its own: the items always add up to
the hand's fu.
"""

from __future__ import annotations

from collections.abc import Iterable

from mahjong.hand_calculating.fu import FuCalculator as F
from mahjong.hand_calculating.fu import FuDetail

from ..rulesets import Ruleset

# Every fu total a hand can have (20 to 110); a stated or declared value is one of them.
FU_VALUES = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)

BASE, CLOSED_RON, TSUMO, OPEN_PINFU, ROUNDING = (
    "base",
    "closed ron",
    "tsumo",
    "open pinfu",
    "rounded up",
)
CHIITOITSU = "chiitoitsu"

_REASONS = {
    F.CLOSED_TERMINAL_KAN: "concealed quad of terminals/honours",
    F.OPEN_TERMINAL_KAN: "open quad of terminals/honours",
    F.CLOSED_KAN: "concealed quad of simples",
    F.CLOSED_TERMINAL_PON: "concealed triplet of terminals/honours",
    F.OPEN_KAN: "open quad of simples",
    F.CLOSED_PON: "concealed triplet of simples",
    F.OPEN_TERMINAL_PON: "open triplet of terminals/honours",
    F.OPEN_PON: "open triplet of simples",
    F.DOUBLE_VALUED_PAIR: "pair of a double wind",
    F.VALUED_PAIR: "pair of value tiles",
    F.PENCHAN: "penchan wait",
    F.KANCHAN: "kanchan wait",
    F.PAIR_WAIT: "tanki wait",
    F.TSUMO: TSUMO,
    F.HAND_WITHOUT_FU: OPEN_PINFU,
}
# Items read top to bottom: base, how the hand was won, sets, pair, wait, rounding.
_ORDER = {reason: i for i, reason in enumerate((BASE, CLOSED_RON, TSUMO, OPEN_PINFU))}
for _i, _reason in enumerate(_REASONS.values()):
    _ORDER.setdefault(_reason, 10 + _i)

FU_REASONS = (*_ORDER, CHIITOITSU, ROUNDING)


def _item(fu: int, reason: str) -> tuple[int, int, int, str]:
    # sortable form: display order, then bigger items first
    return (_ORDER[reason], -fu, fu, reason)


_LIB_ITEMS = {code: _ORDER[text] for code, text in _REASONS.items()}
_BASE_ITEM = _item(20, BASE)
_CLOSED_RON_ITEM = _item(10, CLOSED_RON)
_TSUMO_ITEM = _item(2, TSUMO)


def fu_items(
    details: Iterable[FuDetail], ruleset: Ruleset, tsumo: bool, pinfu: bool
) -> list[tuple[int, str]]:
    """Our itemised fu for the library's ``fu_details`` of the chosen reading."""
    items: list[tuple[int, int, int, str]] = []
    has_tsumo = False
    for d in details:
        fu, reason = d["fu"], d["reason"]
        if reason == F.BASE:
            if fu == 25:
                return [(25, CHIITOITSU)]
            items.append(_BASE_ITEM)
            if fu == 30:
                items.append(_CLOSED_RON_ITEM)
            continue
        if reason == F.DOUBLE_VALUED_PAIR:
            fu = ruleset.double_wind_pair_fu
        elif reason == F.HAND_WITHOUT_FU and tsumo:
            continue  # an open tsumo earns its 2 fu as tsumo fu (below)
        elif reason == F.TSUMO:
            has_tsumo = True
        items.append((_LIB_ITEMS[reason], -fu, fu, _REASONS[reason]))
    if tsumo and not has_tsumo and (not pinfu or ruleset.pinfu_tsumo_fu):
        # The YDS Mahjong Guide waives the tsumo fu only for pinfu. The library also skips it for
        # an open hand with no other fu (adding "open pinfu" fu instead, or nothing
        # when that option is off), so it is put back here.
        items.append(_TSUMO_ITEM)
    items.sort()
    out = [(fu, text) for _, _, fu, text in items]
    raw = 0
    for fu, _ in out:
        raw += fu
    rounded = -(-raw // 10) * 10
    if rounded > raw:
        out.append((rounded - raw, ROUNDING))
    return out
