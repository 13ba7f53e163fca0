"""The scorer's shortcuts give what the plain versions give: the reused library config
holds exactly the values a new config would be built with, and the scorer's unchecked
payment is the checked one."""

from __future__ import annotations

import itertools

from mahjong.hand_calculating.hand_config import HandConfig

from rules.engine.presets import PRESETS
from rules.engine.scoring.library import _config_values, library_config, library_plan
from rules.engine.scoring.payments import plain_win_payment, win_payment
from rules.engine.scoring.situation import Situation
from rules.engine.tiles import EAST

_FLAG_SETS = (
    {},
    {"tsumo": True},
    {"riichi": True, "ippatsu": True, "tsumo": True},
    {"double_riichi": True, "open_riichi": True},
    {"rinshan": True, "tsumo": True},
    {"chankan": True},
    {"haitei": True, "tsumo": True},
    {"houtei": True},
    {"tenhou": True, "tsumo": True},
    {"chiihou": True, "tsumo": True},
    {"renhou": True},
)


def test_the_reused_config_holds_what_a_new_config_would_be_built_with():
    for preset, flags, seat_wind in itertools.product(
        PRESETS.values(), _FLAG_SETS, (EAST, EAST + 2)
    ):
        ruleset = preset.ruleset
        situation = Situation(**flags, seat_wind=seat_wind, round_wind=EAST + 1)
        plan = library_plan(ruleset)
        values = _config_values(situation, plan)
        fresh = HandConfig(**values)
        reused = library_config(situation, plan)
        for name in (*values, "is_dealer"):
            assert getattr(reused, name) == getattr(fresh, name), (name, flags)


def test_the_unchecked_payment_agrees_with_the_liability_path_and_the_formula():
    for base, winner, dealer, tsumo, honba, sticks in itertools.product(
        (320, 1920, 2000, 8000), range(4), range(4), (False, True), (0, 2), (0, 1)
    ):
        discarder = None if tsumo else (winner + 1) % 4
        plain = plain_win_payment(base, winner, dealer, tsumo, discarder, honba, sticks)
        assert plain.sticks == 1000 * sticks
        assert plain.total == sum(plain.payers.values()) + plain.sticks
        if tsumo:
            for seat in set(range(4)) - {winner}:
                double = dealer in (winner, seat)
                share = -(-base * (2 if double else 1) // 100) * 100
                assert plain.payers[seat] == share + 100 * honba
        else:
            # a discarder liable for its own discard pays as in any ron (the
            # liability path's own arithmetic)
            liable = win_payment(base, winner, dealer, False, discarder, honba, sticks, discarder)
            assert liable == plain
            assert set(plain.payers) == {discarder}
