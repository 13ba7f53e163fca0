"""The han × fu point tables, computed with the engine's payment functions.

Every cell is produced at render time by ``payments.base_points`` and
``payments.win_payment`` for the ruleset the page is showing, so the tables can
never disagree with what the calculator and the tables at the club pay.
"""

from __future__ import annotations

from rules.engine import Ruleset, base_points, win_payment

HAN = (1, 2, 3, 4)
FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
KINDS = (
    ("non-dealer-ron", "Non-dealer wins by ron", False, False),
    ("non-dealer-tsumo", "Non-dealer wins by tsumo", False, True),
    ("dealer-ron", "Dealer wins by ron", True, False),
    ("dealer-tsumo", "Dealer wins by tsumo", True, True),
)


def possible(han: int, fu: int, tsumo: bool) -> bool:
    """Whether a real hand can have this han and fu (and win this way).

    20 fu only happens with pinfu by self-draw (so 2 han or more, never a ron);
    25 fu is seven pairs (2 han; by self-draw 3 han or more); 1 han 110 fu is
    only reachable by ron.
    """
    if fu == 20:
        return tsumo and han >= 2
    if fu == 25:
        return han >= (3 if tsumo else 2)
    return not (han == 1 and fu == 110 and tsumo)


def payment(han: int, fu: int, dealer: bool, tsumo: bool, ruleset: Ruleset) -> dict:
    """One cell: what the winner is paid (no honba, no sticks)."""
    base, limit = base_points(han, fu, ruleset)
    winner, dealer_seat = (0, 0) if dealer else (0, 1)
    paid = win_payment(base, winner, dealer_seat, tsumo, None if tsumo else 2, 0, 0)
    kiriage = ruleset.kiriage and fu * 2 ** (han + 2) == 1920
    cell = {"base": base, "limit": limit, "kiriage": kiriage, "total": paid.total}
    if not tsumo:
        cell["text"] = f"{paid.total:,}"
    elif dealer:
        each = paid.payers[1]
        cell["each"] = each
        cell["text"] = f"{each:,} all"
    else:
        cell["from_dealer"] = paid.payers[dealer_seat]
        cell["from_others"] = paid.payers[2]
        cell["text"] = f"{cell['from_others']:,} / {cell['from_dealer']:,}"
    return cell


def table(dealer: bool, tsumo: bool, ruleset: Ruleset) -> list[dict]:
    """Rows by fu, one cell per han; impossible cells have ``text`` None."""
    rows = []
    for fu in FU:
        cells = []
        for han in HAN:
            if possible(han, fu, tsumo):
                cell = payment(han, fu, dealer, tsumo, ruleset)
            else:
                cell = {"text": None, "kiriage": False, "limit": None}
            cell.update(han=han, fu=fu)
            cells.append(cell)
        rows.append({"fu": fu, "cells": cells})
    return rows


def all_tables(ruleset: Ruleset) -> list[dict]:
    return [
        {
            "slug": slug,
            "title": title,
            "dealer": dealer,
            "tsumo": tsumo,
            "rows": table(dealer, tsumo, ruleset),
        }
        for slug, title, dealer, tsumo in KINDS
    ]


def limit_rows(ruleset: Ruleset) -> list[dict]:
    """The limit ladder with its payments for each kind of win."""
    ladder = (
        ("mangan", "5 han, or 4 han with 40 fu or more, or 3 han with 70 fu or more", 5),
        ("haneman", "6 or 7 han", 6),
        ("baiman", "8, 9 or 10 han", 8),
        ("sanbaiman", "11 or 12 han", 11),
    )
    rows = []
    for name, when, han in ladder:
        rows.append(_limit_row(name, when, base_points(han, 30, ruleset)[0]))
    if ruleset.kazoe == "yakuman":
        when = "13 han or more (counted yakuman), or a yakuman hand"
    else:
        when = "a yakuman hand (13 han or more stop at sanbaiman here)"
    rows.append(_limit_row("yakuman", when, base_points(0, 0, ruleset, yakuman=1)[0]))
    return rows


def _limit_row(name: str, when: str, base: int) -> dict:
    ron = win_payment(base, 0, 1, False, 2, 0, 0).total
    tsumo = win_payment(base, 0, 1, True, None, 0, 0)
    dealer_ron = win_payment(base, 0, 0, False, 2, 0, 0).total
    dealer_tsumo = win_payment(base, 0, 0, True, None, 0, 0)
    return {
        "name": name,
        "when": when,
        "base": base,
        "ron": ron,
        "tsumo": f"{tsumo.payers[2]:,} / {tsumo.payers[1]:,}",
        "dealer_ron": dealer_ron,
        "dealer_tsumo": f"{dealer_tsumo.payers[1]:,} all",
    }
