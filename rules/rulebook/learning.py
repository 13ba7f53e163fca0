"""Numbers of the learning chapters (waits, yaku combinations, strategy and defence,
the real table), computed with the engine at render time.

Like :mod:`.builders`, nothing here writes prose. Wait shapes are read by the
engine's wait finder, scored hands go through the calculator's scorer
(:func:`.examples.score_example`), and the strategy chapter's position is a real one:
the first defence problem of a fixed day of the practice pages, read by the game
review's analysis.
"""

from __future__ import annotations

import datetime as dt

from rules.engine import STICK, Ruleset, kind_notation, parse_kinds, shanten
from rules.engine import waits as hand_waits

from . import examples

# The day whose first defence problem the strategy chapter shows (any past day works;
# a fixed one keeps the chapter's text and its position together).
STRATEGY_DAY = dt.date(2026, 1, 5)

DICE_WALLS = (
    "the dealer's own",
    "the wall on the dealer's right",
    "the wall opposite",
    "the wall on the dealer's left",
)
STICK_VALUES = (10000, 5000, 1000, 100)


def counts_of(notation: str) -> list[int]:
    counts = [0] * 34
    for kind, _ in parse_kinds(notation):
        counts[kind] += 1
    return counts


def waits_of(notation: str) -> list[str]:
    """The engine's waits of a 13-tile hand (or a shape padded to 13 by the caller)."""
    return [kind_notation(k) for k in hand_waits(counts_of(notation))]


def _scored_cards(section: str) -> list[dict]:
    cards = []
    for ex in examples.in_language(section):
        card = {"example": ex, "waits": waits_of(ex["shape"]) if "shape" in ex else []}
        if "request" in ex:
            card["melds"] = [examples.meld_display(m) for m in ex["request"].get("melds", [])]
            card["scored"] = examples.score_example(ex)
            card["query"] = examples.calculator_query(ex)
        cards.append(card)
    return cards


def waits(club: Ruleset) -> dict:
    return {"wait_cards": _scored_cards("waits")}


def combinations(club: Ruleset) -> dict:
    return {"combination_cards": _scored_cards("combinations")}


def acceptance_rows(notation: str) -> list[dict]:
    """Every discard of a 14-tile hand: the shanten it leaves, the kinds that would
    lower it and how many copies of them the hand itself does not hold."""
    counts = counts_of(notation)
    rows = []
    for kind in range(34):
        if not counts[kind]:
            continue
        counts[kind] -= 1
        left = shanten(counts)
        improving = []
        for k in range(34):
            if counts[k] < 4:
                counts[k] += 1
                if shanten(counts) < left:
                    improving.append(k)
                counts[k] -= 1
        counts[kind] += 1
        unseen = sum(4 - counts[k] for k in improving)
        rows.append(
            {
                "tile": kind_notation(kind),
                "shanten": left,
                "improving": "".join(kind_notation(k) for k in improving),
                "acceptance": unseen,
            }
        )
    rows.sort(key=lambda r: (r["shanten"], -r["acceptance"]))
    best = (rows[0]["shanten"], rows[0]["acceptance"])
    for r in rows:
        r["best"] = (r["shanten"], r["acceptance"]) == best
    return rows


EFFICIENCY_HAND = "223499m1456p678s5z"  # 14 tiles, one-shanten before its discard


SHANTEN_LADDER = (
    "123m456p789s1299m",
    "123m456p789s1599m",
    "123399m456p178s5z",
    "135799m46p178s25z",
)


def strategy(club: Ruleset) -> dict:
    from rules import practice

    position = next(
        (p for p in practice.problems_for(STRATEGY_DAY) if p["kind"] == practice.DEFENCE), None
    )
    counts = counts_of(EFFICIENCY_HAND)
    return {
        "efficiency_hand": EFFICIENCY_HAND,
        "efficiency_shanten": shanten(counts),
        "efficiency_rows": acceptance_rows(EFFICIENCY_HAND),
        "shanten_ladder": [{"hand": h, "shanten": shanten(counts_of(h))} for h in SHANTEN_LADDER],
        "defence": position,
        "defence_day": STRATEGY_DAY,
    }


def stick_set(score: int) -> list[dict]:
    """The usual sticks a player starts with: two of the biggest below the score...

    One 10,000 stick, two 5,000, the rest in 1,000s except 1,000 points in 100s
    (the common 25,000 set); computed so a ruleset with another start still adds up.
    """
    left = score
    out = []
    plan = {10000: 1, 5000: 2, 1000: None, 100: 10}
    for value in STICK_VALUES:
        wanted = plan[value]
        if value == 1000:
            n = max(0, (left - 1000) // 1000)
        else:
            n = min(wanted or 0, left // value)
        out.append({"value": value, "count": n})
        left -= n * value
    out[-1]["count"] += left // 100
    return out


def table(club: Ruleset) -> dict:
    from .builders import noten_rows

    dice = [{"total": total, "wall": DICE_WALLS[(total - 1) % 4]} for total in range(2, 13)]
    sticks = stick_set(club.start_score)
    return {
        "dice": dice,
        "sticks": sticks,
        "stick_total": sum(s["value"] * s["count"] for s in sticks),
        "riichi_stick": STICK,
        "honba_stick": 100,
        "noten": noten_rows(),
    }
