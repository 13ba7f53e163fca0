"""Payments: the published point table, every payment rule's worked numbers, bad input."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from rules.engine import errors
from rules.engine.presets import RONIN, preset
from rules.engine.scoring.payments import (
    LIMIT_NAMES,
    Ron,
    apply_deltas,
    base_points,
    chombo_payment,
    multi_ron,
    nagashi_mangan,
    noten_payments,
    total_deltas,
    win_payment,
)

DATA = Path(__file__).resolve().parents[1] / "data"

# --- the point table -------------------------------------------------------------


def _point_rows() -> list[dict]:
    """Rows of point_table.csv, with 'both' split into one case per kiriage setting."""
    cases = []
    with open(DATA / "point_table.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            settings = (False, True) if row["kiriage"] == "both" else (row["kiriage"] == "on",)
            for kiriage in settings:
                cases.append({**row, "kiriage": kiriage})
    return cases


POINT_ROWS = _point_rows()
COLUMNS = {
    # column: (winner is dealer, tsumo, paying seat, multiple of base points)
    "nondealer_ron": (False, False, 0, 4),
    "nondealer_tsumo_nondealer": (False, True, 2, 1),
    "nondealer_tsumo_dealer": (False, True, 0, 2),
    "dealer_ron": (True, False, 1, 6),
    "dealer_tsumo": (True, True, 1, 2),
}


def _textbook_base(han: int, fu: int, kiriage: bool, kazoe: str, yakuman: int) -> int:
    """Base points straight from the YDS Mahjong Guide's formula and limit table, kept apart from
    the engine so a published number is checked against arithmetic, not against the
    code under test."""
    if yakuman:
        return 8000 * min(yakuman, RONIN.max_yakuman)
    if han >= 13:
        return 8000 if kazoe == "yakuman" else 6000
    for lowest, base in ((11, 6000), (8, 4000), (6, 3000), (5, 2000)):
        if han >= lowest:
            return base
    base = fu * 2 ** (2 + han)
    if kiriage and (han, fu) in ((4, 30), (3, 60)):
        return 2000
    return min(base, 2000)


def _id(row: dict) -> str:
    kiriage = f"kiriage_{'on' if row['kiriage'] else 'off'}"
    if int(row["yakuman"]):
        return f"yakuman_x{row['yakuman']}_{kiriage}"
    kazoe = f"_kazoe_{row['kazoe']}" if row["kazoe"] else ""
    return f"{row['han']}han_{row['fu']}fu_{kiriage}{kazoe}"


@pytest.mark.parametrize("row", POINT_ROWS, ids=[_id(r) for r in POINT_ROWS])
def test_point_table_matches_formula_and_engine(row):
    han, fu, yakuman = int(row["han"]), int(row["fu"]), int(row["yakuman"])
    kazoe = row["kazoe"] or RONIN.kazoe
    ruleset = RONIN.replace(kiriage=row["kiriage"], kazoe=kazoe)
    textbook = _textbook_base(han, fu, row["kiriage"], kazoe, yakuman)
    base, limit = base_points(han, fu, ruleset, yakuman=yakuman, kazoe=han >= 13)
    assert base == textbook
    assert limit == (row["limit"] or None)
    assert limit is None or limit in LIMIT_NAMES or limit.endswith("x yakuman")
    for column, (dealer_wins, tsumo, payer, multiple) in COLUMNS.items():
        if not row[column]:
            continue  # a cell no legal hand can reach
        published = int(row[column])
        assert published == -(-textbook * multiple // 100) * 100, column
        winner = 0 if dealer_wins else 1
        paid = win_payment(base, winner, 0, tsumo, None if tsumo else payer, 0, 0)
        assert paid.payers[payer] == published, column


# --- every payment rule ------------------------------------------------------------

PAYMENTS = json.loads((DATA / "payments.json").read_text())
PAYMENT_CASES = [
    (kind, case) for kind, cases in PAYMENTS.items() if kind[0] != "_" for case in cases
]


def _ruleset(case: dict):
    return preset(case.get("ruleset", "ronin")).replace(**case.get("overrides", {}))


def _check_win(case: dict) -> None:
    paid = win_payment(**case["args"])
    assert paid.payers == {int(seat): amount for seat, amount in case["payers"].items()}
    assert (paid.sticks, paid.total) == (case["sticks"], case["total"])
    assert paid.deltas() == case["deltas"]


def _check_multi_ron(case: dict) -> None:
    args = (
        [Ron(**r) for r in case["rons"]],
        case["discarder"],
        case["dealer"],
        case["honba"],
        case["riichi_sticks"],
        _ruleset(case),
    )
    if "error" in case:
        with pytest.raises(getattr(errors, case["error"])):
            multi_ron(*args)
        return
    paid = multi_ron(*args)
    assert [p.winner for p in paid] == case["winners"]
    assert [p.total for p in paid] == case["totals"]
    assert total_deltas(paid) == case["deltas"]


def _check_draw_or_penalty(kind: str, case: dict) -> None:
    if kind == "nagashi":
        deltas = nagashi_mangan(case["players"], case["dealer"])
    elif kind == "noten":
        deltas = noten_payments(case["tenpai"])
    else:
        deltas = chombo_payment(case["offender"], case["dealer"], _ruleset(case))
    assert deltas == case["deltas"]
    assert sum(deltas) == 0


@pytest.mark.parametrize(("kind", "case"), PAYMENT_CASES, ids=[c["id"] for _, c in PAYMENT_CASES])
def test_payment_rules_worked_examples(kind, case):
    if kind == "win":
        _check_win(case)
    elif kind == "multi_ron":
        _check_multi_ron(case)
    else:
        _check_draw_or_penalty(kind, case)


# --- bad input and small helpers ---------------------------------------------------


def test_yakuman_multiplier_is_capped_by_the_ruleset():
    assert base_points(1, 30, RONIN.replace(max_yakuman=2), yakuman=4) == (16000, "2x yakuman")


def test_ron_without_discarder_is_rejected():
    with pytest.raises(errors.InvalidHand) as err:
        win_payment(2000, 1, 0, False, None, 0, 0)
    assert err.value.field == "discarder"


def test_ron_on_own_discard_is_rejected():
    with pytest.raises(errors.InvalidHand):
        win_payment(2000, 1, 0, False, 1, 0, 0)


def test_winner_cannot_be_liable_for_own_hand():
    with pytest.raises(errors.InvalidHand) as err:
        win_payment(8000, 1, 0, True, None, 0, 0, pao=1)
    assert err.value.field == "pao"


def test_seat_outside_the_table_is_rejected():
    with pytest.raises(errors.InvalidHand):
        win_payment(2000, 4, 0, True, None, 0, 0)


def test_hand_without_han_is_rejected():
    with pytest.raises(errors.InvalidHand):
        base_points(0, 30, RONIN)


def test_impossible_fu_is_rejected():
    with pytest.raises(errors.InvalidHand) as err:
        base_points(2, 35, RONIN)
    assert err.value.field == "fu"


def test_noten_payments_need_four_seats():
    with pytest.raises(errors.InvalidHand):
        noten_payments([True, False])


def test_apply_deltas_adds_per_seat():
    assert apply_deltas([25000, 25000, 25000, 25000], [-1000, 3000, -1000, -1000]) == [
        24000,
        28000,
        24000,
        24000,
    ]
