"""Point payments: from base points to who pays whom, for every way a hand can end.

Everything returns whole points. A *delta* list has one entry per absolute seat
(0..3): what that seat gains (positive) or loses (negative) in the hand. Deltas add
up to zero, except that riichi sticks collected from the table show up as a gain
with no matching loss (their owners already paid them when declaring riichi).

Rules follow the Ronin Game Rules ("Scoring Fundamentals", "Liability", "Multiple Ron",
"Nagashi Mangan") and the arithmetic of the YDS Mahjong Guide; chombo follows the penalties page.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import IllegalAction, InvalidHand
from ..rulesets import Ruleset

SEATS = (0, 1, 2, 3)
STICK = 1000  # one riichi stick
HONBA_RON = 300  # per counter, paid by the discarder
HONBA_TSUMO = 100  # per counter, paid by each of the three losers
MANGAN = 2000  # base points of a mangan; the base-point formula is capped here

LIMIT_NAMES = ("mangan", "haneman", "baiman", "sanbaiman", "kazoe yakuman", "yakuman")

# han from 5 up: (lowest han of the band, base points, name)
_LIMITS = ((11, 6000, "sanbaiman"), (8, 4000, "baiman"), (6, 3000, "haneman"), (5, 2000, "mangan"))


def round_up_100(points: int) -> int:
    """Every single payment is rounded up to a whole hundred (the Ronin Game Rules)."""
    return -(-points // 100) * 100


def base_points(
    han: int, fu: int, ruleset: Ruleset, yakuman: int = 0, kazoe: bool = False
) -> tuple[int, str | None]:
    """Base points of a hand and the name of its limit (None below mangan).

    ``yakuman`` is the yakuman multiplier (0 for an ordinary hand); it wins over han
    and fu and is capped at ``ruleset.max_yakuman``. ``kazoe`` marks a 13+ han hand;
    13 or more han count as kazoe even without the flag, so a caller cannot fall
    through to the sanbaiman band by accident. The ruleset decides what kazoe is
    worth: a single yakuman, or a sanbaiman when counted yakuman is off.
    """
    if yakuman < 0:
        raise InvalidHand(f"yakuman multiplier cannot be negative ({yakuman})", field="yakuman")
    if yakuman:
        n = min(yakuman, ruleset.max_yakuman)
        return 8000 * n, "yakuman" if n == 1 else f"{n}x yakuman"
    if han < 1:
        raise InvalidHand(f"a winning hand has at least 1 han, not {han}", field="han")
    if kazoe or han >= 13:
        if ruleset.kazoe == "yakuman":
            return 8000, "kazoe yakuman"
        return 6000, "sanbaiman"
    for lowest, base, name in _LIMITS:
        if han >= lowest:
            return base, name
    if fu != 25 and (fu < 20 or fu % 10):
        raise InvalidHand(f"fu must be 25 or a multiple of 10 from 20, not {fu}", field="fu")
    base = fu * 2 ** (han + 2)
    # Kiriage: 4 han 30 fu and 3 han 60 fu (base 1,920, the only legal cells that
    # land there) are paid as a mangan instead of 7,700 / 11,600.
    if base >= MANGAN or (ruleset.kiriage and base == 1920):
        return MANGAN, "mangan"
    return base, None


@dataclass(frozen=True, slots=True)
class WinPayment:
    """What one winner receives and from whom.

    ``payers`` lists only seats that pay something; amounts include honba and any
    liability (pao). ``sticks`` is the riichi-stick money the winner collects from
    the table; ``total`` is everything the winner receives.
    """

    winner: int
    payers: dict[int, int]
    sticks: int
    total: int

    def deltas(self) -> list[int]:
        out = [0, 0, 0, 0]
        for seat, paid in self.payers.items():
            out[seat] -= paid
        out[self.winner] += self.total
        return out


def _check_seat(seat: int, name: str) -> None:
    if seat not in SEATS:
        raise InvalidHand(f"{name} must be a seat from 0 to 3, not {seat!r}", field=name)


def _check_count(value: int, name: str) -> None:
    if value < 0:
        raise InvalidHand(f"{name} cannot be negative ({value})", field=name)


def _tsumo_shares(base: int, winner: int, dealer: int) -> dict[int, int]:
    """Each loser's share of a self-draw, without honba."""
    shares = {}
    for seat in SEATS:
        if seat != winner:
            double = winner == dealer or seat == dealer
            shares[seat] = round_up_100(base * (2 if double else 1))
    return shares


def win_payment(
    base: int,
    winner: int,
    dealer: int,
    tsumo: bool,
    discarder: int | None,
    honba: int,
    riichi_sticks: int,
    pao: int | None = None,
    pao_base: int | None = None,
) -> WinPayment:
    """Payments for one win. ``riichi_sticks`` is a count of 1,000-point sticks.

    Liability (pao, the Ronin Game Rules): ``pao`` is the seat that fed the third dragon set or
    the fourth wind set. ``pao_base`` is the base points of the yakuman the liability
    covers when other yakuman are stacked on it (default: the whole hand); only
    that part follows the pao rule, the rest is paid the ordinary way.

    * Tsumo: the liable seat alone pays the covered part at its full value (what
      the three losers would have paid together) plus all the honba.
    * Ron by a third party: the covered part's ron value is split in half between
      the liable seat and the discarder; the discarder also pays the rest of the
      hand and all the honba. The Ronin Game Rules and the YDS Mahjong Guide only say "split 50/50", so we follow
      Tenhou and Mahjong Soul: the honba stays with the player who dealt in, as in
      any ron, and the split covers the hand's value only.
    * Ron where the liable seat is the discarder: an ordinary ron.
    """
    for seat, name in ((winner, "winner"), (dealer, "dealer")):
        _check_seat(seat, name)
    _check_count(base, "base")
    _check_count(honba, "honba")
    _check_count(riichi_sticks, "riichi_sticks")
    if tsumo:
        if discarder is not None and discarder != winner:
            raise InvalidHand("a self-drawn win has no discarder", field="discarder")
        discarder = None
    else:
        if discarder is None:
            raise InvalidHand("a ron needs the seat that discarded", field="discarder")
        _check_seat(discarder, "discarder")
        if discarder == winner:
            raise InvalidHand("a player cannot ron their own discard", field="discarder")
    if pao is not None:
        _check_seat(pao, "pao")
        if pao == winner:
            raise InvalidHand("the winner cannot be liable for their own hand", field="pao")
    if pao is None:
        return plain_win_payment(base, winner, dealer, tsumo, discarder, honba, riichi_sticks)
    covered = base if pao_base is None else pao_base
    if not 0 <= covered <= base:
        raise InvalidHand("pao_base must lie between 0 and the hand's base", field="pao_base")

    ron_factor = 6 if winner == dealer else 4
    payers: dict[int, int] = {}

    def pay(seat: int, amount: int) -> None:
        if amount:
            payers[seat] = payers.get(seat, 0) + amount

    if discarder is not None and pao == discarder:
        pay(discarder, round_up_100(base * ron_factor) + HONBA_RON * honba)
    elif discarder is not None:
        # Rounding the covered part on its own keeps a plain yakuman exact; the
        # remainder is taken from the whole hand's value so totals never drift.
        # Yakuman halves are whole hundreds; should a half ever fall between
        # hundreds, the liable seat pays the odd fifty so nobody pays a fraction.
        covered_value = round_up_100(covered * ron_factor)
        half = round_up_100(covered_value // 2)
        pay(pao, half)
        rest = round_up_100(base * ron_factor) - covered_value
        pay(discarder, covered_value - half + rest + HONBA_RON * honba)
    else:
        pay(pao, round_up_100(covered * ron_factor) + 3 * HONBA_TSUMO * honba)
        if covered < base:
            for seat, share in _tsumo_shares(base - covered, winner, dealer).items():
                pay(seat, share)
    sticks = STICK * riichi_sticks
    return WinPayment(winner, payers, sticks, sum(payers.values()) + sticks)


def plain_win_payment(
    base: int,
    winner: int,
    dealer: int,
    tsumo: bool,
    discarder: int | None,
    honba: int,
    riichi_sticks: int,
) -> WinPayment:
    """:func:`win_payment` of a win with no liability, for arguments already checked
    (the scorer checks its seats and counts before it scores; ``win_payment`` checks
    them, then comes here). A ron's ``discarder`` is a seat; a tsumo ignores it."""
    payers: dict[int, int] = {}
    if tsumo:
        honba_each = HONBA_TSUMO * honba
        for seat in SEATS:
            if seat != winner:
                double = winner == dealer or seat == dealer
                amount = round_up_100(base * 2 if double else base) + honba_each
                if amount:
                    payers[seat] = amount
    else:
        assert discarder is not None  # a ron names the seat that dealt in
        amount = round_up_100(base * (6 if winner == dealer else 4)) + HONBA_RON * honba
        if amount:
            payers[discarder] = amount
    sticks = STICK * riichi_sticks
    return WinPayment(winner, payers, sticks, sum(payers.values()) + sticks)


@dataclass(frozen=True, slots=True)
class Ron:
    """One ron claim on a shared discard: the claimant, the hand's base, any pao."""

    winner: int
    base: int
    pao: int | None = None
    pao_base: int | None = None


def turn_order_from(seat: int) -> list[int]:
    """The other three seats in turn order after ``seat`` (counter-clockwise)."""
    return [(seat + step) % 4 for step in (1, 2, 3)]


def multi_ron(
    rons: Sequence[Ron],
    discarder: int,
    dealer: int,
    honba: int,
    riichi_sticks: int,
    ruleset: Ruleset,
) -> list[WinPayment]:
    """Payments when one discard is ronned by one or more players (the Ronin Game Rules).

    Returns one payment per player who actually wins, nearest to the discarder in
    turn order first. The riichi sticks go only to the nearest winner. The honba
    follow ``double_ron_honba``: ``"each_winner"`` (Ronin Game Rules, "Multiple Ron":
    the discarder pays the full honba to every winner) or ``"nearest_only"`` (Tenhou:
    the honba go with the sticks to the nearest winner, the others get the bare hand).

    * ``double_ron`` off: head bump, only the nearest claimant wins.
    * Three claimants with ``triple_ron`` on: all three win. With it off and the
      triple-ron abortive draw (``sanchahou``) on, the hand is an abortive draw, not
      a payment, so this raises IllegalAction for the caller to handle. With both
      off, the two claimants nearest the discarder win (double ron is the most
      the ruleset allows).
    """
    _check_seat(discarder, "discarder")
    if not rons:
        raise InvalidHand("a ron needs at least one winner", field="rons")
    by_seat = {r.winner: r for r in rons}
    if len(by_seat) != len(rons):
        raise InvalidHand("a player can only ron a discard once", field="rons")
    if discarder in by_seat:
        raise InvalidHand("a player cannot ron their own discard", field="rons")
    order = [seat for seat in turn_order_from(discarder) if seat in by_seat]
    if not ruleset.double_ron:
        order = order[:1]
    elif len(order) == 3 and not ruleset.triple_ron:
        if ruleset.sanchahou:
            raise IllegalAction("three rons on one discard end the hand as an abortive draw")
        order = order[:2]
    payments = []
    for i, seat in enumerate(order):
        r = by_seat[seat]
        sticks = riichi_sticks if i == 0 else 0
        counters = honba if i == 0 or ruleset.double_ron_honba == "each_winner" else 0
        payments.append(
            win_payment(r.base, seat, dealer, False, discarder, counters, sticks, r.pao, r.pao_base)
        )
    return payments


def total_deltas(payments: Iterable[WinPayment]) -> list[int]:
    """Sum the per-seat deltas of several payments (a double ron, say)."""
    out = [0, 0, 0, 0]
    for payment in payments:
        out = apply_deltas(out, payment.deltas())
    return out


def nagashi_mangan(players: Iterable[int], dealer: int) -> list[int]:
    """Deltas for one or more nagashi mangan at an exhaustive draw (the Ronin Game Rules).

    Each qualifying player is paid like a mangan tsumo: a non-dealer gets 4,000
    from the dealer and 2,000 from each other player, the dealer 4,000 from each.
    There is no honba bonus and the riichi sticks stay on the table, so nothing
    about them appears here.
    """
    _check_seat(dealer, "dealer")
    seats = list(players)
    if len(set(seats)) != len(seats):
        raise InvalidHand("each player can score nagashi mangan only once", field="players")
    out = [0, 0, 0, 0]
    for seat in seats:
        _check_seat(seat, "players")
        out = apply_deltas(out, win_payment(MANGAN, seat, dealer, True, None, 0, 0).deltas())
    return out


NOTEN_POOL = 3000  # moves from the noten players to the tenpai players


def noten_payments(tenpai: Sequence[bool]) -> list[int]:
    """Deltas at an exhaustive draw: 3,000 from the noten side to the tenpai side.

    1 tenpai: +3,000 / -1,000 x3; 2 tenpai: +1,500 x2 / -1,500 x2; 3 tenpai:
    +1,000 x3 / -3,000; nobody or everybody tenpai: no payment (the YDS Mahjong Guide's table).
    Abortive draws never call this: they have no noten payments.
    """
    if len(tenpai) != 4:
        raise InvalidHand("tenpai needs one true/false per seat", field="tenpai")
    winners = sum(1 for t in tenpai if t)
    if winners in (0, 4):
        return [0, 0, 0, 0]
    gain, loss = NOTEN_POOL // winners, NOTEN_POOL // (4 - winners)
    return [gain if t else -loss for t in tenpai]


def chombo_payment(offender: int, dealer: int, ruleset: Ruleset) -> list[int]:
    """Deltas of a chombo at the table.

    ``'mangan'``: a reverse mangan tsumo (the penalties page): a non-dealer offender pays
    4,000 to the dealer and 2,000 to each other player (8,000), a dealer offender
    4,000 to each (12,000). ``'penalty'``: nothing moves at the table; the
    ruleset's ``chombo_penalty`` comes off the final score after uma instead (see
    ``standings.final_standings``).
    """
    _check_seat(offender, "offender")
    _check_seat(dealer, "dealer")
    if ruleset.chombo == "penalty":
        return [0, 0, 0, 0]
    mangan_tsumo = win_payment(MANGAN, offender, dealer, True, None, 0, 0).deltas()
    return [-d for d in mangan_tsumo]


def apply_deltas(scores: Sequence[int], deltas: Sequence[int]) -> list[int]:
    """New scores after one hand's deltas (both one entry per seat)."""
    if len(scores) != 4 or len(deltas) != 4:
        raise InvalidHand("scores and deltas need one entry per seat", field="deltas")
    return [s + d for s, d in zip(scores, deltas, strict=True)]
