"""Putting the seats' lists of a tenhou.net/6 hand in playing order.

A tenhou.net/6 hand lists each seat's takes and discards apart; this works out the
order they happened in, the way play goes round the table (a call takes the turn),
trying the other reading when a player discards the same tile twice before a
caller's turn. :mod:`.tenhou6` reads the file and calls :func:`order_events`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from rules.engine import ANKAN, CHI, DAIMINKAN, SHOUMINKAN

from .model import (
    Discard,
    Draw,
    Event,
    Kyuushu,
    LogFormatError,
    LogResult,
    Ron,
    Tsumo,
)

# A seat's take, as :mod:`.tenhou6` reads it: ("tile", code, field) or ("call", Call,
# field); a discard: ("tile" | "riichi", code or None, field), ("tsumogiri" | "none",
# None, field) or ("kan", Kan, field). The field names the entry in messages.
Entry = tuple[str, Any, str]
SeatEntries = Sequence[Sequence[Entry]]


class _Retry(Exception):
    pass


def order_events(
    takes: SeatEntries, discards: SeatEntries, dealer: int, result: LogResult, field: str
) -> list[Event]:
    """The hand's events in playing order, from each seat's takes and discards."""
    declined: set[int] = set()
    last_error = None
    for _attempt in range(64):
        try:
            return _order(takes, discards, dealer, result, field, declined)
        except _Retry as retry:
            last_error = retry.args[1]
            declined = retry.args[0]
    raise LogFormatError(f"the seats' lists cannot be put in playing order: {last_error}", field)


def _order(
    takes: SeatEntries,
    discards: SeatEntries,
    dealer: int,
    result: LogResult,
    field: str,
    declined: set[int],
) -> list[Event]:
    ti = [0, 0, 0, 0]
    di = [0, 0, 0, 0]
    events: list[Event] = []
    ambiguous: list[
        int
    ] = []  # discards at which a call was taken though a later one could be meant
    actor = dealer
    rinshan = False
    discard_count = 0

    def fail(message: str) -> NoReturn:
        # Undo the latest doubtful call and try again; give up when none is left.
        for point in reversed(ambiguous):
            if point not in declined:
                raise _Retry({*[p for p in declined if p < point], point}, message)
        raise LogFormatError(f"the seats' lists cannot be put in playing order: {message}", field)

    def next_take(seat: int) -> Entry:
        if ti[seat] >= len(takes[seat]):
            fail(f"seat {seat} has no take left for its turn")
        entry = takes[seat][ti[seat]]
        ti[seat] += 1
        return entry

    last_drawn = None
    last_discard = None  # (seat, tile) of the discard the next seat may call
    while True:
        entry = next_take(actor)
        if entry[0] == "call":
            call = entry[1]
            if last_discard != (call.source, call.tile):
                # the seat's turn came without the tile its call needs: an earlier
                # call was on another discard of the same tile
                fail(f"seat {actor}'s call ({entry[2]}) has no discard to take")
            last_discard = None
            events.append(call)
            last_drawn = None
            if call.kind == DAIMINKAN:
                if _unrecorded_suukaikan(ti, di, takes, discards, result):
                    break
                if di[actor] >= len(discards[actor]) or discards[actor][di[actor]][0] != "none":
                    fail(
                        f"seat {actor}'s open kan ({entry[2]}) is not followed by a 0 in its discards"
                    )
                di[actor] += 1
                rinshan = True
                continue
        else:
            events.append(Draw(actor, entry[1], rinshan))
            last_drawn = entry[1]
            rinshan = False
        if di[actor] >= len(discards[actor]):
            # the seat's turn ends the hand: a tsumo or nine terminals
            if result.kind == "tsumo" and any(w.seat == actor for w in result.wins):
                events.append(Tsumo(actor))
            elif result.kind == "abortive" and result.abort == "kyuushu_kyuuhai":
                events.append(Kyuushu(actor))
            else:
                fail(
                    f"seat {actor}'s discards end after its take {entry[2]}, but the result is {result.label}"
                )
            break
        kind, value, where = discards[actor][di[actor]]
        di[actor] += 1
        if kind == "kan":
            events.append(value)
            # a robbed kan (an added kan, or a closed one robbed by kokushi) has no
            # replacement draw after it: the ron ends the hand
            if value.kind in (SHOUMINKAN, ANKAN) and _all_used(ti, takes) and result.kind == "ron":
                events.append(Ron(tuple(w.seat for w in result.wins), actor))
                break
            if _unrecorded_suukaikan(ti, di, takes, discards, result):
                break
            rinshan = True
            continue
        if kind == "none":
            fail(f"a 0 at {where} without an open kan before it")
        tsumogiri = kind == "tsumogiri" or (kind == "riichi" and value is None)
        if tsumogiri:
            if last_drawn is None:
                fail(f"{where} throws the drawn tile, but seat {actor} drew none this turn")
            tile = last_drawn
        else:
            tile = value
        events.append(Discard(actor, tile, tsumogiri, kind == "riichi"))
        discard_count += 1
        last_discard = (actor, tile)
        caller = None
        for other in ((actor + 1) % 4, (actor + 2) % 4, (actor + 3) % 4):
            if ti[other] < len(takes[other]) and takes[other][ti[other]][0] == "call":
                call = takes[other][ti[other]][1]
                fits = call.source == actor and call.tile == tile and discard_count not in declined
                # a pon or kan on the same discard wins over a chi, as at the table
                if fits and (caller is None or (call.kind != CHI and caller[1].kind == CHI)):
                    caller = (other, call)
        if caller is not None:
            if _discards_again(takes[actor], discards[actor], di[actor], tile):
                ambiguous.append(discard_count)
            actor = caller[0]
            continue
        if _all_used(ti, takes):
            if result.kind == "ron":
                events.append(Ron(tuple(w.seat for w in result.wins), actor))
            elif result.kind == "abortive" and result.abort == "sanchahou":
                events.append(Ron(None, actor))
            break
        actor = (actor + 1) % 4
    for seat in range(4):
        if ti[seat] < len(takes[seat]) or di[seat] < len(discards[seat]):
            fail(f"seat {seat} has entries left after the hand ended")
    return events


def _discards_again(
    takes: Sequence[Entry], discards: Sequence[Entry], start: int, tile: Any
) -> bool:
    """Whether a seat's discards from ``start`` on throw ``tile`` again, from the hand or
    straight after drawing it (a seat's takes and discards pair up one for one, so a
    thrown draw is the take beside it)."""
    for j in range(start, len(discards)):
        kind, value, _ = discards[j]
        if kind in ("tile", "riichi") and value is not None:
            if value == tile:
                return True
        elif kind in ("tsumogiri", "riichi") and j < len(takes) and takes[j][:2] == ("tile", tile):
            return True
    return False


def _all_used(ti: list[int], takes: SeatEntries) -> bool:
    return all(ti[s] >= len(takes[s]) for s in range(4))


def _unrecorded_suukaikan(
    ti: list[int], di: list[int], takes: SeatEntries, discards: SeatEntries, result: LogResult
) -> bool:
    """Whether the log stops at a kan that ends the hand as four kans by two or more
    players: Tenhou's logs leave out that kan's replacement draw and its discard (the
    replay supplies them, see ``driver``)."""
    if result.kind != "abortive" or result.abort != "suukaikan" or not _all_used(ti, takes):
        return False
    left = [d for s in range(4) for d in discards[s][di[s] :] if d[0] != "none"]
    return not left
