"""End-of-game standings: every preset's worked games, ties, sticks, penalties, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.engine import InvalidHand
from rules.engine.presets import PRESETS, RONIN, YAKUZA_UMA_TABLES, preset
from rules.engine.standings import final_standings, format_final, round_to_unit

DATA = Path(__file__).resolve().parents[1] / "data"
CASES = json.loads((DATA / "standings.json").read_text())["cases"]


def _ruleset(case: dict):
    changes = dict(case.get("overrides", {}))
    if "uma_table" in case:
        changes["uma"] = list(YAKUZA_UMA_TABLES[case["uma_table"]])
    return preset(case["ruleset"]).replace(**changes)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_final_standings_worked_games(case):
    standings = final_standings(
        case["scores"],
        _ruleset(case),
        leftover_sticks=case.get("leftover_sticks", 0),
        chombo_counts=case.get("chombo_counts", (0, 0, 0, 0)),
        starting_dealer=case.get("starting_dealer", 0),
    )
    assert [s.seat for s in standings] == [e["seat"] for e in case["expected"]]
    for got, want in zip(standings, case["expected"], strict=True):
        for key, value in want.items():
            actual = format_final(got.final) if key == "text" else getattr(got, key)
            assert actual == value, (got.seat, key)
    # Uma, oka and rounding only move points around; penalties leave the table.
    assert sum(s.final + s.penalty for s in standings) == 0


def test_every_preset_has_a_worked_game():
    assert set(PRESETS) <= {c["ruleset"] for c in CASES}


def test_goshashonyu_rounds_five_hundred_toward_zero_and_six_hundred_away():
    assert [round_to_unit(p, 1000, "goshashonyu") for p in (1500, 1600, -1500, -1600)] == [
        1000,
        2000,
        -1000,
        -2000,
    ]


def test_scores_that_do_not_add_up_are_rejected():
    with pytest.raises(InvalidHand) as err:
        final_standings([30000, 25000, 25000, 25000], RONIN)
    assert err.value.field == "scores"


def test_leftover_sticks_must_be_missing_from_the_scores():
    with pytest.raises(InvalidHand):
        final_standings([25000, 25000, 25000, 25000], RONIN, leftover_sticks=1)


def test_three_scores_are_rejected():
    with pytest.raises(InvalidHand) as err:
        final_standings([50000, 25000, 25000], RONIN)
    assert err.value.field == "scores"


def test_negative_chombo_count_is_rejected():
    with pytest.raises(InvalidHand) as err:
        final_standings([25000] * 4, RONIN, chombo_counts=(0, -1, 0, 0))
    assert err.value.field == "chombo_counts"
