"""The value of a hand as players at a real table declare it: han and fu, a limit, or yaku.

At a physical table nobody enters tiles; the winner says "3 han 40 fu", "haneman" or
"riichi, pinfu, tsumo, one dora". This module turns those words into base points
with :func:`.payments.base_points` (the same function the online tables pay with)
and refuses values no hand can have, naming the field at fault:

* fu: 20 only for a closed pinfu tsumo (at least 2 han, so never by ron); 25 only
  for seven pairs (2 han, so 3 or more by tsumo); otherwise a multiple of 10 from
  30 to 110;
* a yaku selection: no closed-only yaku on an open hand, none of the pairs that
  exclude each other (:data:`EXCLUSIVE`), and the fu its shape allows
  (:func:`fu_choices`): pinfu is 20 by tsumo and 30 by ron, seven pairs 25, any
  other closed ron at least 40 (30 base plus some fu, or it would be pinfu), every
  other hand at least 30.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import InvalidHand
from ..rulesets import Ruleset
from .fu import FU_VALUES
from .payments import base_points
from .yaku import BY_KEY, YakuInfo

# The limit names players call out, as the lowest han of each band.
LIMIT_HAN = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11, "kazoe": 13}
PINFU, CHIITOITSU = "pinfu", "chiitoitsu"

# Yaku that cannot be in one hand together (each pair is checked both ways).
EXCLUSIVE: tuple[tuple[str, str], ...] = (
    ("riichi", "double_riichi"),
    ("pinfu", "chiitoitsu"),
    ("pinfu", "toitoi"),
    ("pinfu", "sanankou"),
    ("pinfu", "chanta"),
    ("chiitoitsu", "iipeikou"),
    ("chiitoitsu", "ryanpeikou"),
    ("chiitoitsu", "toitoi"),
    ("chiitoitsu", "sanankou"),
    ("chiitoitsu", "ittsuu"),
    ("chiitoitsu", "sanshoku_doujun"),
    ("chiitoitsu", "sanshoku_doukou"),
    ("chiitoitsu", "chanta"),
    ("chiitoitsu", "junchan"),
    ("iipeikou", "ryanpeikou"),
    ("iipeikou", "toitoi"),
    ("tanyao", "chanta"),
    ("tanyao", "junchan"),
    ("tanyao", "honroutou"),
    ("chanta", "junchan"),
    ("chanta", "honroutou"),
    ("honitsu", "chinitsu"),
    ("haitei", "houtei"),
    ("rinshan", "chankan"),
    ("toitoi", "ittsuu"),
    ("toitoi", "sanshoku_doujun"),
    ("pinfu", "sanshoku_doukou"),
    ("pinfu", "shousangen"),
    ("pinfu", "honroutou"),
)
_EXCLUDES = {frozenset(pair) for pair in EXCLUSIVE}
TSUMO_ONLY = ("menzen_tsumo", "haitei", "rinshan")
RON_ONLY = ("houtei", "chankan")


@dataclass(frozen=True, slots=True)
class WinValue:
    """One winner's declared hand: ``han``/``fu``, or ``yakuman`` (a multiplier).

    ``pao`` is the seat liable for a big-dragons or big-winds yakuman (it covers the
    whole hand's value).
    """

    seat: int
    han: int = 0
    fu: int = 0
    yakuman: int = 0
    pao: int | None = None


def limit_han(name: str) -> int:
    """The han a called-out limit stands for ("mangan" -> 5)."""
    try:
        return LIMIT_HAN[name]
    except KeyError:
        raise InvalidHand(f"unknown limit {name!r}", field="limit") from None


def check_fu(han: int, fu: int, tsumo: bool) -> None:
    """Refuse a han/fu cell no hand can reach (see the module docstring)."""
    if han >= 5:
        return  # a limit hand: fu no longer matters
    if fu not in FU_VALUES:
        raise InvalidHand(f"fu must be 20, 25 or a multiple of 10 up to 110, not {fu}", field="fu")
    if fu == 20 and (not tsumo or han < 2):
        raise InvalidHand(
            "20 fu is only a closed pinfu tsumo, which has at least 2 han", field="fu"
        )
    if fu == 25 and han < (3 if tsumo else 2):
        raise InvalidHand("25 fu is only seven pairs: at least 2 han, 3 by tsumo", field="fu")


def value_base(value: WinValue, ruleset: Ruleset, tsumo: bool) -> tuple[int, str | None]:
    """Base points and limit name of a declared win."""
    if value.yakuman:
        return base_points(0, 0, ruleset, yakuman=value.yakuman)
    if value.han < 1:
        raise InvalidHand("a win needs at least 1 han", field="han")
    check_fu(value.han, value.fu, tsumo)
    return base_points(value.han, value.fu, ruleset)


def _info(key: str) -> YakuInfo:
    try:
        return BY_KEY[key]
    except KeyError:
        raise InvalidHand(f"unknown yaku {key!r}", field="yaku") from None


def check_yaku(keys: Iterable[str], closed: bool, tsumo: bool) -> None:
    """Refuse a yaku selection no hand can have, naming the first problem."""
    chosen = list(dict.fromkeys(keys))
    if not chosen:
        raise InvalidHand("pick at least one yaku", field="yaku")
    for key in chosen:
        info = _info(key)
        if not closed and info.open is None:
            raise InvalidHand(f"{info.name} needs a closed hand", field="yaku")
        if tsumo and key in RON_ONLY:
            raise InvalidHand(f"{info.name} is a win by ron", field="yaku")
        if not tsumo and key in TSUMO_ONLY:
            raise InvalidHand(f"{info.name} is a win by tsumo", field="yaku")
    for i, a in enumerate(chosen):
        for b in chosen[i + 1 :]:
            if frozenset((a, b)) in _EXCLUDES:
                raise InvalidHand(
                    f"{BY_KEY[a].name} and {BY_KEY[b].name} cannot be in one hand", field="yaku"
                )
    yakuman = [k for k in chosen if BY_KEY[k].yakuman]
    if yakuman and len(yakuman) != len(chosen):
        raise InvalidHand("a yakuman hand counts only its yakuman", field="yaku")


def fu_choices(keys: Iterable[str], closed: bool, tsumo: bool) -> tuple[int, ...]:
    """The fu a hand with these yaku can have (empty for a yakuman: fu do not count)."""
    chosen = set(keys)
    if any(BY_KEY[k].yakuman for k in chosen if k in BY_KEY):
        return ()
    if PINFU in chosen:
        return (20,) if tsumo else (30,)
    if CHIITOITSU in chosen:
        return (25,)
    low = 40 if closed and not tsumo else 30
    return tuple(f for f in FU_VALUES if f >= low)


def yaku_value(
    keys: Iterable[str], closed: bool, tsumo: bool, dora: int, fu: int, ruleset: Ruleset
) -> tuple[int, int, int]:
    """(han, fu, yakuman) of a yaku selection plus ``dora`` (all dora kinds together).

    Raises :class:`InvalidHand` for an impossible selection, or for fu the yaku do
    not allow (field ``fu``).
    """
    chosen = list(dict.fromkeys(keys))
    check_yaku(chosen, closed, tsumo)
    if dora < 0:
        raise InvalidHand("dora cannot be negative", field="dora")
    infos = [BY_KEY[k] for k in chosen]
    yakuman = sum(i.yakuman for i in infos)
    if yakuman:
        return 0, 0, yakuman
    han = sum(i.closed if closed else (i.open or 0) for i in infos) + dora
    allowed = fu_choices(chosen, closed, tsumo)
    if han < 5 and fu not in allowed:
        listed = ", ".join(str(f) for f in allowed[:3]) + (" ..." if len(allowed) > 3 else "")
        raise InvalidHand(f"{fu} fu is impossible with these yaku (possible: {listed})", field="fu")
    if not ruleset.kuitan and not closed and "tanyao" in chosen:
        raise InvalidHand("this ruleset does not allow an open tanyao", field="yaku")
    return han, fu if han < 5 else 0, 0


def blocked_yaku(keys: Iterable[str], closed: bool, tsumo: bool) -> frozenset[str]:
    """Yaku a picker should grey out next to ``keys``: each would make the hand impossible."""
    chosen = [k for k in keys if k in BY_KEY]
    out = set()
    any_yakuman = any(BY_KEY[k].yakuman for k in chosen)
    any_plain = any(not BY_KEY[k].yakuman for k in chosen)
    for info in BY_KEY.values():
        key = info.key
        if key in chosen:
            continue
        if (
            (not closed and info.open is None)
            or (tsumo and key in RON_ONLY)
            or (not tsumo and key in TSUMO_ONLY)
            or any(frozenset((key, c)) in _EXCLUDES for c in chosen)
            or (info.yakuman and any_plain)
            or (not info.yakuman and any_yakuman)
        ):
            out.add(key)
    return frozenset(out)
