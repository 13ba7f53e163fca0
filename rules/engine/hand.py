"""Hand analysis: shanten, waits, completeness, pure karaten and wait shapes.

Every function takes a 34-entry count list of the *concealed* tiles (``tiles.counts34``);
called melds are left out, so a hand with one meld has 10 tiles waiting or 11 complete.

The overall numbers come from ``xiangting`` (a Rust table lookup, about a microsecond),
because the game engine asks them on every turn. ``xiangting`` counts what a hand
can still become with the tiles that exist: a wait on a fifth copy of a kind you
already hold four of is no wait at all. That is the answer the table needs for
"is this player tenpai", and :func:`is_pure_karaten` covers the one case the Ronin Game Rules
cares about beyond it (every copy of every wait already in the player's own hand).

Shanten is the usual count: -1 complete, 0 tenpai, 1 one tile away from tenpai...
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld
from xiangting import (
    PlayerCount,
    calculate_necessary_tiles,
    calculate_replacement_number,
    calculate_unnecessary_tiles,
)

from .errors import InvalidHand
from .tiles import TERMINALS_AND_HONORS

_FOUR = PlayerCount.FOUR
_ORPHANS = TERMINALS_AND_HONORS

RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON = "ryanmen", "kanchan", "penchan", "tanki", "shanpon"
WAIT_SHAPES = (RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON)
# Fu a wait earns (the YDS Mahjong Guide): only the one-tile waits pay.
WAIT_FU = {RYANMEN: 0, SHANPON: 0, KANCHAN: 2, PENCHAN: 2, TANKI: 2}


def _replacements(counts34: Sequence[int]) -> int:
    try:
        return calculate_replacement_number(counts34, _FOUR)
    except (ValueError, TypeError) as exc:
        raise InvalidHand(f"not a hand that can be analysed: {exc}", "hand") from None


# --- necessary tiles, remembered ------------------------------------------------

# xiangting's answer for a 3n+1 hand by its 34 counts. The engine asks it for the
# hand a seat keeps after each discard, often about the same hands. The key, as
# bytes, is also what xiangting is given on a miss: it reads bytes about three
# times faster than a list. (The bots call xiangting with bytes directly, see
# bots.efficiency: for them a lookup saves too little to be worth its upkeep.)
_necessary: dict[bytes, tuple[int, int]] = {}
_NECESSARY_KEPT = 8192


def necessary_tiles(counts34: Sequence[int]) -> tuple[int, int]:
    """``xiangting.calculate_necessary_tiles``: (replacement number, mask of the
    kinds that lower it), for a valid 3n+1 hand; answers are remembered."""
    key = bytes(counts34)
    found = _necessary.get(key)
    if found is None:
        # the bytes key, not the list: xiangting reads bytes about three times faster
        found = calculate_necessary_tiles(key, _FOUR)
        if len(_necessary) >= _NECESSARY_KEPT:
            _necessary.clear()
        _necessary[key] = found
    return found


_unnecessary: dict[bytes, tuple[int, int]] = {}


def unnecessary_tiles(counts34: Sequence[int]) -> tuple[int, int]:
    """``xiangting.calculate_unnecessary_tiles``: (replacement number, mask of the
    kinds whose discard keeps it), for a valid 3n+2 hand; answers are remembered
    (a bot asks for the shanten of its hand and then for its useless tiles)."""
    key = bytes(counts34)
    found = _unnecessary.get(key)
    if found is None:
        found = calculate_unnecessary_tiles(key, _FOUR)
        if len(_unnecessary) >= _NECESSARY_KEPT:
            _unnecessary.clear()
        _unnecessary[key] = found
    return found


# --- shanten -------------------------------------------------------------------


def shanten(counts34: Sequence[int]) -> int:
    """The lowest shanten over the standard form, seven pairs and thirteen orphans."""
    return _replacements(counts34) - 1


def shanten_chiitoitsu(counts34: Sequence[int]) -> int:
    """Shanten towards seven distinct pairs (a closed hand of 13 or 14 tiles only)."""
    _need_closed(counts34, "seven pairs")
    pairs = kinds = 0
    for c in counts34:
        if c:
            kinds += 1
            if c >= 2:
                pairs += 1
    # Four of a kind is one pair, not two, so missing kinds cost a draw each too.
    return 6 - pairs + max(0, 7 - kinds)


def shanten_kokushi(counts34: Sequence[int]) -> int:
    """Shanten towards thirteen orphans (a closed hand of 13 or 14 tiles only)."""
    _need_closed(counts34, "thirteen orphans")
    kinds = 0
    pair = 0
    for k in _ORPHANS:
        c = counts34[k]
        if c:
            kinds += 1
            if c >= 2:
                pair = 1
    return 13 - kinds - pair


def shanten_standard(counts34: Sequence[int]) -> int:
    """Shanten towards four sets and a pair (fewer sets when melds were called)."""
    overall = _replacements(counts34) - 1
    if sum(counts34) < 13:
        return overall  # only the standard form exists with melds on the table
    if overall < min(shanten_chiitoitsu(counts34), shanten_kokushi(counts34)):
        return overall  # the overall minimum already came from the standard form
    return _standard_replacements(tuple(counts34)) - 1


def _need_closed(counts34: Sequence[int], name: str) -> None:
    if sum(counts34) not in (13, 14):
        raise InvalidHand(f"{name} needs a closed hand of 13 or 14 tiles", "hand")


# The standard form on its own, for the rare hands where seven pairs or thirteen
# orphans is at least as close: how many tiles must be drawn to reach some complete
# hand with no kind used more than four times (the same measure xiangting uses).
# Each suit is a small dynamic programme over (sets, pair) -> fewest draws; suits are
# cached by their nine counts, so repeated shapes cost a dict lookup.


@lru_cache(maxsize=4096)
def _suit_table(counts: tuple[int, ...]) -> dict[tuple[int, int], int]:
    # state: (sequences started two kinds back, one kind back, sets, pairs) -> draws
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i, have in enumerate(counts):
        nxt: dict[tuple[int, int, int, int], int] = {}
        get = nxt.get
        for (a, b, sets, pairs), cost in states.items():
            carried = a + b
            top = min(4 - carried, 4 - sets) if i < 7 else 0
            for new_seq in range(top + 1):
                base_need = carried + new_seq
                base_sets = sets + new_seq
                for trip in (0, 1) if base_need <= 1 and base_sets < 4 else (0,):
                    need0 = base_need + 3 * trip
                    total_sets = base_sets + trip
                    for pair in (0, 1) if pairs == 0 and need0 <= 2 else (0,):
                        need = need0 + 2 * pair
                        key = (b, new_seq, total_sets, pairs + pair)
                        value = cost + (need - have if need > have else 0)
                        if value < get(key, 10):  # nine draws always suffice
                            nxt[key] = value
        states = nxt
    table: dict[tuple[int, int], int] = {}
    for (a, b, sets, pairs), cost in states.items():
        if a == 0 and b == 0 and cost < table.get((sets, pairs), 99):
            table[(sets, pairs)] = cost
    return table


def _honor_table(counts: tuple[int, ...]) -> dict[tuple[int, int], int]:
    table = {(0, 0): 0}
    for have in counts:
        nxt: dict[tuple[int, int], int] = {}
        for (sets, pairs), cost in table.items():
            options = [(sets, pairs, 0), (sets + 1, pairs, max(0, 3 - have))]
            if pairs == 0:
                options.append((sets, 1, max(0, 2 - have)))
            for s, p, extra in options:
                if s <= 4 and cost + extra < nxt.get((s, p), 99):
                    nxt[(s, p)] = cost + extra
        table = nxt
    return table


def _standard_replacements(counts: tuple[int, ...]) -> int:
    sets_needed = sum(counts) // 3
    tables = [_suit_table(counts[0:9]), _suit_table(counts[9:18]), _suit_table(counts[18:27])]
    tables.append(_honor_table(counts[27:34]))
    best = {(0, 0): 0}
    for table in tables:
        nxt: dict[tuple[int, int], int] = {}
        for (s1, p1), c1 in best.items():
            for (s2, p2), c2 in table.items():
                s, p = s1 + s2, p1 + p2
                if s <= sets_needed and p <= 1 and c1 + c2 < nxt.get((s, p), 99):
                    nxt[(s, p)] = c1 + c2
        best = nxt
    return best[(sets_needed, 1)]


# --- waits and completeness -----------------------------------------------------


def _kinds_of(flags: int) -> tuple[int, ...]:
    out = []
    while flags:
        low = flags & -flags
        out.append(low.bit_length() - 1)
        flags ^= low
    return tuple(out)


def waits(counts34: Sequence[int]) -> tuple[int, ...]:
    """The kinds that complete a waiting hand (13 tiles, minus 3 per meld), ascending.

    Empty when the hand is not tenpai. A kind whose four copies are all in this
    hand is never listed: it cannot be drawn (see :func:`is_pure_karaten`).
    """
    try:
        rn, flags = calculate_necessary_tiles(counts34, _FOUR)
    except (ValueError, TypeError) as exc:
        raise InvalidHand(f"not a hand that can be analysed: {exc}", "hand") from None
    if rn != 1 or sum(counts34) % 3 != 1:
        return ()
    return _kinds_of(flags)


def is_tenpai(counts34: Sequence[int]) -> bool:
    """Whether a waiting hand (13 tiles minus 3 per meld) is one tile from complete."""
    return sum(counts34) % 3 == 1 and _replacements(counts34) == 1


def is_complete(counts34: Sequence[int]) -> bool:
    """Four sets and a pair, seven distinct pairs, or thirteen orphans (14 minus 3 per meld)."""
    return sum(counts34) % 3 == 2 and _replacements(counts34) == 0


def _sets_only(counts: list[int]) -> bool:
    """Whether counts split into triplets and runs; counts above four are allowed.

    Working from the lowest kind, three runs from a kind are the same tiles as three
    triplets, so only ``count % 3`` runs ever need starting there.
    """
    c = list(counts)
    for i in range(34):
        n = c[i]
        if not n:
            continue
        runs = n % 3
        if runs:
            if i >= 27 or i % 9 > 6 or c[i + 1] < runs or c[i + 2] < runs:
                return False
            c[i + 1] -= runs
            c[i + 2] -= runs
    return True


def _standard_complete_any_count(counts: list[int]) -> bool:
    for k in range(34):
        if counts[k] >= 2:
            counts[k] -= 2
            ok = _sets_only(counts)
            counts[k] += 2
            if ok:
                return True
    return False


def shape_waits(counts34: Sequence[int]) -> tuple[int, ...]:
    """Every kind the shape waits on, including a fifth copy of a kind held four times."""
    found = waits(counts34)
    if 4 not in counts34:
        return found  # no kind is held four times, so no wait can be a fifth copy
    extra = set(found)
    counts = list(counts34)
    for k in range(34):
        if counts[k] == 4:
            counts[k] = 5
            if _standard_complete_any_count(counts):
                extra.add(k)
            counts[k] = 4
    return tuple(sorted(extra))


def _own(concealed_counts34: Sequence[int], meld_kinds: Iterable[int], kind: int) -> int:
    return concealed_counts34[kind] + sum(1 for k in meld_kinds if k == kind)


def is_pure_karaten(concealed_counts34: Sequence[int], meld_kinds: Iterable[int]) -> bool:
    """Tenpai in shape, but the player holds every copy of every wait (the Ronin Game Rules).

    ``meld_kinds`` is the kind of each tile in the player's melds (a pon of 1m gives
    ``0, 0, 0``). Such a hand counts as noten at an exhaustive draw; a wait whose
    copies sit in other players' discards or melds still counts as tenpai.
    """
    if sum(concealed_counts34) % 3 != 1:
        return False
    shape = shape_waits(concealed_counts34)
    if not shape:
        return False
    melded = tuple(meld_kinds)
    return all(_own(concealed_counts34, melded, k) >= 4 for k in shape)


def counts_as_tenpai(concealed_counts34: Sequence[int], meld_kinds: Iterable[int]) -> bool:
    """Tenpai for noten payments: a real wait that is not pure karaten.

    Same answer as ``is_tenpai(c) and not is_pure_karaten(c, meld_kinds)`` in one
    xiangting call: a hand is pure karaten exactly when each wait xiangting reports
    is held four times (fifth-copy waits are the player's own by definition).
    """
    found = waits(concealed_counts34)
    if not found:
        return False
    melded = tuple(meld_kinds)
    return any(_own(concealed_counts34, melded, k) < 4 for k in found)


# --- decompositions and wait shapes -------------------------------------------------


def decompositions(counts34: Sequence[int]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every way to read a complete concealed part as sets and a pair (or seven pairs).

    Each reading is a tuple of groups of kinds, e.g. ``((0, 1, 2), (9, 9, 9), ...)``.
    Thirteen orphans has no such reading and gives ``()``. The concealed part of a hand
    with melds (fewer than 14 tiles) is read too: the divider counts four sets and a
    pair, so each missing set is lent to it as a meld of a kind the part does not hold,
    and taken out of the readings again.
    """
    total = sum(counts34)
    if total % 3 != 2 or total > 14:
        return ()
    missing = 4 - (total - 2) // 3
    lent = [k for k, n in enumerate(counts34) if n == 0][:missing]
    tiles = list(counts34)
    melds = []
    for k in lent:
        tiles[k] += 3
        melds.append(Meld(Meld.PON, [4 * k, 4 * k + 1, 4 * k + 2]))
    return tuple(
        tuple(tuple(group) for group in reading if group[0] not in lent)
        for reading in HandDivider.divide_hand(tiles, melds)
    )


def wait_shape(group: Sequence[int], win_kind: int) -> str:
    """How ``group`` (a set or the pair of a reading) was waiting for ``win_kind``."""
    if win_kind not in group:
        raise InvalidHand("the winning tile is not part of this group", "win_tile")
    if len(group) == 2:
        return TANKI
    low, mid, high = sorted(group)[:3]
    if low == high:
        return SHANPON
    if win_kind == mid:
        return KANCHAN
    if win_kind == high:
        # 1-2 waiting on 3 is an edge; anything else waiting on its top end is open
        return PENCHAN if low % 9 == 0 else RYANMEN
    return PENCHAN if high % 9 == 8 else RYANMEN


def winning_shapes(counts34: Sequence[int], win_kind: int) -> tuple[str, ...]:
    """All wait shapes ``win_kind`` can take in a complete hand's readings, sorted.

    ``45666`` won on 6 reads both as a shanpon (666) and as a ryanmen (456); the
    scorer keeps whichever reading scores more.
    """
    shapes = set()
    for reading in decompositions(counts34):
        for group in reading:
            if win_kind in group:
                shapes.add(wait_shape(group, win_kind))
    return tuple(sorted(shapes, key=WAIT_SHAPES.index))
