"""Per-seat hand analysis the game keeps cached, and the checks built on it.

The engine analyses a seat's concealed hand only when that hand changes (a discard,
a call, a kan) and keeps ``(shanten, waits)`` in the state. Winning checks then
start from a set lookup: a tile can only win if its kind is in the cached waits,
and only then is the (much slower) scorer asked about yaku.

The waits come from the ``xiangting`` package through :func:`.hand.necessary_tiles`,
which remembers recent answers: the hand a seat keeps after its discard is very
often one a bot has just weighed (a kind whose four copies are all in the hand
is never a wait).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from xiangting import PlayerCount, calculate_replacement_number

from .hand import decompositions, is_pure_karaten, necessary_tiles, unnecessary_tiles, waits
from .tiles import TERMINALS_AND_HONORS

_FOUR = PlayerCount.FOUR
_BITS = tuple(1 << k for k in range(34))
_TILE_BITS = tuple(1 << (t >> 2) for t in range(136))  # physical tile -> its kind's bit
_new = tuple.__new__
_ORPHANS = frozenset(TERMINALS_AND_HONORS)


def counts_of(tiles: Iterable[int]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t >> 2] += 1
    return counts


class SeatAnalysis(NamedTuple):
    """What the engine keeps about a seat's concealed 3n+1 hand (see :func:`analyse`)."""

    shanten: int
    waits: tuple[int, ...]  # kinds that complete the hand
    wait_mask: int  # the same as bits
    pon_mask: int  # kinds held at least twice
    chi_mask: int  # kinds that would complete a run with two held tiles
    triplet_mask: int  # kinds held three or four times (concealed kan candidates)
    claim_mask: int  # wait | pon: what a discard from any other seat may offer
    left_mask: int  # wait | pon | chi: the same from the seat on the left
    useful_mask: int  # kinds that would lower the shanten (the waits when tenpai)

    def call_mask(self, riichi: int, next_seat: bool) -> int:
        """Kinds whose discard may offer this seat something (ron, pon, kan, chi).

        ``riichi`` is the seat's ``GameState.riichi`` entry (0 none, 1, 2 double).
        """
        if riichi:
            return self.wait_mask
        return self.left_mask if next_seat else self.claim_mask


def analyse(tiles: Sequence[int]) -> SeatAnalysis:
    """Analyse a sorted 3n+1 concealed hand.

    A discard whose kind is outside every other seat's call mask needs no further
    look, which is what keeps an ordinary turn cheap.
    """
    counts = [0] * 34
    held = pairs = triplets = 0
    for t in tiles:
        k = t >> 2
        n = counts[k] = counts[k] + 1
        if n == 1:
            held |= _TILE_BITS[t]
        elif n == 2:
            pairs |= _TILE_BITS[t]
        elif n == 3:
            triplets |= _TILE_BITS[t]
    rn, flags = necessary_tiles(counts)
    # a kind completes a run when both neighbours on one side (or one on each side)
    # are held, within one suit of nine
    h = held & 0x1FF
    chi = (((h << 1) & (h << 2)) | ((h << 1) & (h >> 1)) | ((h >> 1) & (h >> 2))) & 0x1FF
    h = (held >> 9) & 0x1FF
    chi |= ((((h << 1) & (h << 2)) | ((h << 1) & (h >> 1)) | ((h >> 1) & (h >> 2))) & 0x1FF) << 9
    h = (held >> 18) & 0x1FF
    chi |= ((((h << 1) & (h << 2)) | ((h << 1) & (h >> 1)) | ((h >> 1) & (h >> 2))) & 0x1FF) << 18
    if rn != 1:
        return _new(SeatAnalysis, (rn - 1, (), 0, pairs, chi, triplets, pairs, pairs | chi, flags))
    waits = tuple(k for k in range(34) if flags & _BITS[k])
    claim = flags | pairs
    return _new(SeatAnalysis, (0, waits, flags, pairs, chi, triplets, claim, claim | chi, flags))


def shanten14(tiles: Sequence[int]) -> int:
    """Shanten of a 3n+2 hand (-1 when complete)."""
    return calculate_replacement_number(counts_of(tiles), _FOUR) - 1


def waits_mask(waits_: Iterable[int]) -> int:
    mask = 0
    for k in waits_:
        mask |= _BITS[k]
    return mask


def riichi_discards(tiles: Sequence[int], meld_kinds: Sequence[int]) -> tuple[int, ...]:
    """Kinds whose discard leaves a real wait (tenpai, not pure karaten)."""
    counts = counts_of(tiles)
    replacement, keep = unnecessary_tiles(counts)
    if replacement > 1:
        return ()
    if replacement == 0:
        # a complete hand: the discards that keep the replacement number are none,
        # so each kind is tried (rare: a riichi declared over a possible tsumo)
        return _riichi_discards_by_trial(counts, meld_kinds)
    # one tile from complete: the kinds whose discard keeps the replacement number
    # at 1 are exactly those that leave tenpai
    out = []
    while keep:
        low = keep & -keep
        keep ^= low
        k = low.bit_length() - 1
        if meld_kinds:
            counts[k] -= 1
            karaten = is_pure_karaten(counts, meld_kinds)
            counts[k] += 1
            if karaten:
                continue
        out.append(k)
    return tuple(out)


def _riichi_discards_by_trial(counts: list[int], meld_kinds: Sequence[int]) -> tuple[int, ...]:
    """:func:`riichi_discards` by removing each held kind in turn (the reference)."""
    if calculate_replacement_number(counts, _FOUR) > 1:
        return ()
    out = []
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            # xiangting never counts a fifth copy of a concealed kind, so only
            # copies locked in the seat's own kans can make the wait empty
            if calculate_replacement_number(counts, _FOUR) == 1 and (
                not meld_kinds or not is_pure_karaten(counts, meld_kinds)
            ):
                out.append(k)
            counts[k] += 1
    return tuple(out)


def riichi_ankan_ok(before: Sequence[int], kind: int) -> bool:
    """Whether a riichi hand may make a concealed kan of ``kind``.

    ``before`` is the 13-tile (3n+1) hand without the drawn tile, which must be
    the fourth ``kind``. The Ronin Game Rules: the kan must change neither the waits nor the
    way the hand reads: in every reading of every completed hand, the three
    ``kind`` tiles form a triplet.
    """
    counts = counts_of(before)
    if counts[kind] != 3:
        return False
    old = waits(counts)
    if not old:
        return False
    counts[kind] = 0
    new = tuple(k for k in waits(counts) if k != kind)
    if new != old:
        return False
    counts[kind] = 3
    for w in old:
        counts[w] += 1
        readings = decompositions(counts)
        counts[w] -= 1
        if not readings:
            return False
        for reading in readings:
            if (kind, kind, kind) not in reading or any(
                kind in group and group != (kind, kind, kind) for group in reading
            ):
                return False
    return True


def is_kokushi_wait(tiles: Sequence[int]) -> bool:
    """A 13-tile hand waiting for thirteen orphans (all tiles terminals/honours)."""
    kinds = {t >> 2 for t in tiles}
    return len(tiles) == 13 and kinds <= _ORPHANS and len(kinds) >= 12


def orphan_kinds(tiles: Iterable[int]) -> int:
    """Distinct terminal and honour kinds among tiles (kyuushu kyuuhai)."""
    return len({t >> 2 for t in tiles} & _ORPHANS)
