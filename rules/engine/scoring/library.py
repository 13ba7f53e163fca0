"""The ``mahjong`` package's side of scoring: what a ruleset means for the library
call (worked out once per ruleset), our melds as the library's, the dora indicators
each ruleset counts, and the library's hand config, reused per thread.

:func:`rules.engine.scoring.score.score_hand` calls the library with these;
:func:`library_inputs` hands the same arguments to the scoring benchmark.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as LibMeld

from ..melds import ANKAN, CHI, DAIMINKAN, PON, SHOUMINKAN, Meld
from ..rulesets import Ruleset
from ..tiles import EAST
from .situation import Situation

__all__ = ["library_inputs"]


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


def library_plan(ruleset: Ruleset) -> _Plan:
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


def library_args(
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


def library_config(s: Situation, plan: _Plan) -> HandConfig:
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
    # Straight assignments rather than a loop over _config_values: the same fields,
    # without building a dict per hand (a scored hand pays this on every call).
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


def _config_values(s: Situation, plan: _Plan) -> dict[str, Any]:
    """Every per-hand value of the library's config (``HandConfig``'s own arguments;
    it derives ``is_dealer`` from ``player_wind``)."""
    return {
        "options": plan.options,
        "is_tsumo": s.tsumo,
        "is_riichi": s.riichi,
        "is_daburu_riichi": s.double_riichi,
        "is_open_riichi": s.open_riichi,
        "is_ippatsu": s.ippatsu and plan.ippatsu,
        "is_rinshan": s.rinshan,
        "is_chankan": s.chankan,
        "is_haitei": s.haitei,
        "is_houtei": s.houtei,
        "is_tenhou": s.tenhou,
        "is_chiihou": s.chiihou,
        "is_renhou": s.renhou and plan.renhou,
        "player_wind": s.seat_wind,
        "round_wind": s.round_wind,
    }


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
    plan = library_plan(ruleset)
    tiles, lib_melds, dora, ura = library_args(concealed, melds, situation, plan)
    config_kwargs = _config_values(situation, plan)
    call = {
        "tiles": tiles,
        "win_tile": win_tile,
        "melds": lib_melds,
        "dora_indicators": dora,
        "ura_dora_indicators": ura,
    }
    return call, config_kwargs
