"""What a win's fu shows about a lobby's rules: the fu of a double-wind pair.

A pair of the round's wind that is also the winner's own wind counts 4 fu under
most rules and 2 under others (``double_wind_pair_fu``; the Ronin Game Rules 4, the
M-League and world tournament rules 2). No rule line states it, and one Mahjong Soul
tournament lobby counts 2 where another counts 4 (santi-league's records, REAL_GAMES.md).
A win whose only pair is such a pair shows the lobby's count when the two counts round
to different fu: the winner's hand is rebuilt from the log's events and scored both
ways, and the count that gives the log's fu is read.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import EAST, InvalidHand, Meld, Ruleset, Situation, is_red, score_hand

from .log_rules import ReadRules
from .model import Call, Code, Discard, Draw, Kan, LogHand, Ron, code_of


class _Tiles:
    """Physical tiles for a hand's codes: each code takes a copy not yet given out."""

    def __init__(self, red_fives: Sequence[int]):
        self.red_fives = red_fives
        self.given: set[int] = set()

    def of(self, code: Code) -> int:
        kind, red = code
        for tile in range(kind * 4, kind * 4 + 4):
            if tile not in self.given and is_red(tile, self.red_fives) == red:
                self.given.add(tile)
                return tile
        raise InvalidHand("more copies of a tile than the set has", "tiles")


def _winner_hand(hand: LogHand, seat: int, tiles: _Tiles) -> tuple[list[int], list[Meld]]:
    """The winner's concealed tiles (with the winning tile) and melds at the win."""
    concealed = [tiles.of(c) for c in hand.haipai[seat]]

    def take(code: Code) -> int:
        for t in concealed:
            if code_of(t, tiles.red_fives) == code:
                concealed.remove(t)
                return t
        raise InvalidHand("a tile the seat does not hold", "tiles")

    melds: list[Meld] = []
    last_discard: Code | None = None
    for event in hand.events:
        if isinstance(event, Draw) and event.seat == seat:
            concealed.append(tiles.of(event.tile))
        elif isinstance(event, Discard):
            last_discard = event.tile
            if event.seat == seat:
                take(event.tile)
        elif isinstance(event, Call) and event.seat == seat:
            own = [take(c) for c in event.own]
            called = tiles.of(event.tile)
            melds.append(Meld(event.kind, tuple(sorted((*own, called))), called, event.source))  # type: ignore[arg-type]
        elif isinstance(event, Kan):
            if event.seat == seat and event.kind == "ankan":
                melds.append(Meld("ankan", tuple(sorted(take(c) for c in event.tiles))))
            elif event.seat == seat:
                added = take(event.tiles[0])
                k = next(
                    i
                    for i, m in enumerate(melds)
                    if m.kind == "pon" and m.tiles[0] >> 2 == added >> 2
                )
                pon = melds[k]
                melds[k] = Meld(
                    "shouminkan", tuple(sorted((*pon.tiles, added))), pon.called, pon.source
                )
            else:
                last_discard = event.tiles[0]  # a kan tile another seat may rob
        elif isinstance(event, Ron) and last_discard is not None:
            concealed.append(tiles.of(last_discard))
    return concealed, melds


def read_double_wind_pair(read: ReadRules, hand: LogHand, ruleset: Ruleset) -> None:
    """Say ``double_wind_pair_fu`` from the first win on a double-wind pair that shows it."""
    result = hand.result
    if (
        "double_wind_pair_fu" in read.values
        or result is None
        or result.kind not in ("ron", "tsumo")
    ):
        return
    round_wind = EAST + hand.round_wind
    for win in result.wins:
        seat_wind = EAST + (win.seat - hand.round_number) % 4
        if seat_wind != round_wind or win.yakuman or win.fu is None:
            continue
        try:
            tiles = _Tiles(ruleset.red_fives)
            concealed, melds = _winner_hand(hand, win.seat, tiles)
        except (InvalidHand, StopIteration):
            return
        if sum(1 for t in concealed if t >> 2 == round_wind) != 2:
            continue
        tsumo = result.kind == "tsumo"
        win_tile = concealed[-1]
        riichi = any(
            isinstance(e, Discard) and e.riichi and e.seat == win.seat for e in hand.events
        )
        kan_before = len(hand.events) > 2 and isinstance(hand.events[-3], Kan)
        situation = Situation(
            tsumo=tsumo,
            riichi=riichi,
            rinshan=tsumo and kan_before,
            round_wind=round_wind,
            seat_wind=seat_wind,
        )
        fu = {}
        for pair_fu in (2, 4):
            try:
                score = score_hand(
                    concealed,
                    melds,
                    win_tile,
                    situation,
                    ruleset.replace(double_wind_pair_fu=pair_fu),
                    winner=win.seat,
                    dealer=hand.round_number,
                    discarder=None if tsumo else win.from_seat,
                )
            except InvalidHand:
                return
            if score.error:
                return
            fu[pair_fu] = score.fu
        if fu[2] != fu[4] and win.fu in fu.values():
            pair_fu = 2 if win.fu == fu[2] else 4
            where = f"hand {hand.index + 1} ({hand.label}): {win.fu} fu with a double-wind pair"
            read.say("double_wind_pair_fu", pair_fu, where)
        return
