"""End-of-game standings: placement, leftover sticks, return points, oka, uma, penalties.

``Standing.final`` is a whole number of points measured from the target score
(return points), after rounding, uma, oka and any chombo penalty: 52000 means
"+52.0". Under a rounding rule it is a multiple of ``ruleset.score_unit``; under
``'none'`` it is exact. :func:`format_final` turns it into the usual text.

The table's finals add up to zero before penalties: the rounding error lands on
the top player, so that nobody's score changes by rounding someone else's
(Tenhou's method, and what the Ronin Game Rules' goshashonyu rule needs).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from .errors import InvalidHand
from .rulesets import Ruleset
from .scoring.payments import SEATS, STICK


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    score: int  # table score at the end, leftover riichi sticks included
    place: int  # 1-4; players sharing uma share their best place
    sticks: int  # leftover riichi-stick points included in ``score``
    uma: int  # this player's uma in points (their share of it when tied)
    oka: int  # this player's oka in points (their share of it when tied)
    penalty: int  # points taken off after uma (chombo penalties), >= 0
    final: int  # points from the target score, see the module docstring
    chombos: int = 0  # chombos ruled against the seat (counted whatever the penalty)


def round_to_unit(points: int, unit: int, rounding: str) -> int:
    """Round ``points`` to a multiple of ``unit`` the same way above and below zero.

    ``goshashonyu`` (the Ronin Game Rules): a remainder up to half a unit rounds toward zero, from
    six tenths of a unit it rounds away (so 1,500 -> 1 and 1,600 -> 2 thousands).
    ``half_up``: exactly half a unit rounds away from zero (Decimal's ROUND_HALF_UP).
    ``none``: left alone.
    """
    if rounding == "none" or unit == 1:
        return points
    whole, rest = divmod(abs(points), unit)
    threshold = 6 * unit if rounding == "goshashonyu" else 5 * unit
    if rest * 10 >= threshold:
        whole += 1
    return whole * unit if points >= 0 else -whole * unit


def _split(total: int, ways: int, unit: int) -> list[int]:
    """Split ``total`` into ``ways`` shares, each a multiple of ``unit`` where possible.

    Every share gets the same whole number of units (rounded down); the units left
    over, then any odd points below a unit, go to the earliest shares, so the
    shares always add up to ``total`` and differ by at most one unit.
    """
    share = total // (ways * unit) * unit
    extra = total - share * ways
    out = []
    for _ in range(ways):
        give = min(unit, extra)
        out.append(share + give)
        extra -= give
    return out


def _check(
    scores: Sequence[int],
    ruleset: Ruleset,
    leftover_sticks: int,
    chombo_counts: Sequence[int],
    starting_dealer: int,
) -> None:
    if len(scores) != 4:
        raise InvalidHand(f"need four final scores, got {len(scores)}", field="scores")
    if len(chombo_counts) != 4 or any(c < 0 for c in chombo_counts):
        raise InvalidHand("need four chombo counts of zero or more", field="chombo_counts")
    if leftover_sticks < 0:
        raise InvalidHand("leftover riichi sticks cannot be negative", field="leftover_sticks")
    if starting_dealer not in SEATS:
        raise InvalidHand("the starting dealer must be a seat from 0 to 3", field="starting_dealer")
    expected = 4 * ruleset.start_score - STICK * leftover_sticks
    if sum(scores) != expected:
        raise InvalidHand(
            f"scores add up to {sum(scores)} but should add up to {expected} "
            f"(4 x {ruleset.start_score} minus {leftover_sticks} riichi stick(s) left over)",
            field="scores",
        )


def final_standings(
    scores: Sequence[int],
    ruleset: Ruleset,
    leftover_sticks: int = 0,
    chombo_counts: Sequence[int] = (0, 0, 0, 0),
    starting_dealer: int = 0,
) -> list[Standing]:
    """Standings in finishing order (first place first).

    ``scores`` are the table scores by seat at the end of the last hand, not counting
    the ``leftover_sticks`` still on the table (a count of 1,000-point sticks); those
    go to first place (the Ronin Game Rules). ``chombo_counts`` count each seat's chombos; they
    cost ``chombo_penalty`` each after uma when ``ruleset.chombo`` is ``'penalty'``
    (under ``'mangan'`` the points already moved at the table, so they are ignored).

    Equal scores: with ``tie_rule='seat_order'`` the seat nearer the starting dealer
    in turn order ranks higher (the Ronin Game Rules and the YDS Mahjong Guide). With ``'share_uma'`` the tied
    players take the same place and split the uma and oka of the places they cover,
    and leftover sticks when they tie for first; shares are split in whole score
    units (sticks in hundreds) and any unit that cannot be split evenly goes to the
    tied player nearest the starting dealer.
    """
    _check(scores, ruleset, leftover_sticks, chombo_counts, starting_dealer)
    unit = ruleset.score_unit
    order = sorted(SEATS, key=lambda s: (-scores[s], (s - starting_dealer) % 4))
    place_uma = list(ruleset.uma)
    place_oka = [ruleset.oka_points, 0, 0, 0]

    # Groups of positions that end up sharing: one position each under seat order.
    groups: list[list[int]] = []
    for pos, seat in enumerate(order):
        tied = groups and scores[order[groups[-1][0]]] == scores[seat]
        if tied and ruleset.tie_rule == "share_uma":
            groups[-1].append(pos)
        else:
            groups.append([pos])

    place, uma, oka, sticks = {}, {}, {}, dict.fromkeys(SEATS, 0)
    for group in groups:
        seats = [order[pos] for pos in group]
        umas = _split(sum(place_uma[pos] for pos in group), len(group), unit)
        okas = _split(sum(place_oka[pos] for pos in group), len(group), unit)
        for seat, u, o in zip(seats, umas, okas, strict=True):
            place[seat], uma[seat], oka[seat] = group[0] + 1, u, o
    first = [seat for seat in order if place[seat] == 1]
    for seat, share in zip(first, _split(STICK * leftover_sticks, len(first), 100), strict=True):
        sticks[seat] = share

    raw = {seat: scores[seat] + sticks[seat] for seat in SEATS}
    result = {
        seat: round_to_unit(raw[seat] - ruleset.target_score, unit, ruleset.rounding)
        + uma[seat]
        + oka[seat]
        for seat in order[1:]
    }
    # The top player takes whatever keeps the table at zero, rounding error included.
    result[order[0]] = -sum(result.values())

    out = []
    for seat in order:
        count = chombo_counts[seat] if ruleset.chombo == "penalty" else 0
        penalty = count * ruleset.chombo_penalty
        out.append(
            Standing(
                seat=seat,
                score=raw[seat],
                place=place[seat],
                sticks=sticks[seat],
                uma=uma[seat],
                oka=oka[seat],
                penalty=penalty,
                final=result[seat] - penalty,
                chombos=chombo_counts[seat],
            )
        )
    return out


def format_final(points: int) -> str:
    """A final result in thousands with its sign: 52000 -> '+52.0', -4300 -> '-4.3'.

    One decimal when the result is whole hundreds (every rounded ruleset), three
    when exact points need them (46125 -> '+46.125'); zero has no sign.
    """
    places = 1 if points % 100 == 0 else 3
    value = (Decimal(points) / 1000).quantize(Decimal(1).scaleb(-places))
    return f"{value:+}" if points else f"{value}"
