"""Input checks of the scorer: everything that makes a hand impossible.

Each check raises :class:`InvalidHand` naming the input at fault ("hand", "melds",
"win_tile", "situation", "winner", "dealer", "discarder") with a sentence a player
can act on. The common case (a legal hand) runs through set operations and a few
comparisons only, because the game asks for a score whenever a tile could win.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import InvalidHand
from ..hand import shanten
from ..melds import ANKAN, CHI, KANS, MELD_KINDS, Meld
from ..rulesets import Ruleset
from ..tiles import EAST, NORTH, WINDS, kind_notation, kind_short
from .situation import Situation

_TILES = frozenset(range(136))
_WIND_SET = frozenset(WINDS)
_valid_melds: set[Meld] = set()  # melds already checked (they are immutable)


def _duplicate_message(tile: int, everything: Sequence[int]) -> str:
    kind = tile >> 2
    copies = sum(1 for t in everything if t >> 2 == kind)
    if copies > 4:
        return f"a fifth copy of {kind_notation(kind)}: there are only four"
    return f"physical tile {tile} ({kind_short(kind)}) is used twice"


def _bad_tile(tiles: Sequence[object], field: str, what: str = "") -> None:
    bad = next(t for t in tiles if t not in _TILES or type(t) is not int)
    raise InvalidHand(f"{what}{bad!r} is not a tile number from 0 to 135", field)


def _check_meld(meld: object) -> None:
    if not isinstance(meld, Meld):
        raise InvalidHand(f"{meld!r} is not a meld", "melds")
    if meld in _valid_melds:
        return
    if meld.kind not in MELD_KINDS:
        raise InvalidHand(f"{meld.kind!r} is not a meld kind", "melds")
    tiles = meld.tiles
    if not _TILES.issuperset(tiles) or not all(type(t) is int for t in tiles):
        _bad_tile(tiles, "melds", f"{meld.kind}: ")
    kinds = sorted(t >> 2 for t in tiles)
    size = 4 if meld.kind in KANS else 3
    if len(kinds) != size:
        raise InvalidHand(f"a {meld.kind} has {size} tiles, not {len(kinds)}", "melds")
    if meld.kind == CHI:
        low = kinds[0]
        if low >= 27 or low % 9 > 6 or kinds != [low, low + 1, low + 2]:
            raise InvalidHand("a chi is three tiles in a row of one suit", "melds")
    elif kinds[0] != kinds[-1]:
        raise InvalidHand(f"a {meld.kind} is {size} copies of one tile", "melds")
    if len(_valid_melds) > 4096:
        _valid_melds.clear()
    _valid_melds.add(meld)


def _all_tiles(
    concealed: Iterable[int], melds: Iterable[Meld], situation: Situation | None = None
) -> list[int]:
    out = list(concealed)
    for meld in melds:
        out.extend(meld.tiles)
    if situation is not None:
        out.extend(situation.dora_indicators + situation.ura_indicators)
    return out


def check_tiles(
    concealed: Sequence[int], melds: Sequence[Meld], win_tile: int, situation: Situation
) -> None:
    n_melds = len(melds)
    if n_melds > 4:
        raise InvalidHand(f"a hand has at most four melds, not {n_melds}", "melds")
    expected = 14 - 3 * n_melds
    if len(concealed) != expected:
        raise InvalidHand(
            f"with {n_melds} meld(s) the concealed part holds {expected} tiles "
            f"including the winning tile, not {len(concealed)}",
            "hand",
        )
    seen = set(concealed)
    # The set test is the fast path; summing is a cheap way to catch a float like 3.0.
    if not seen <= _TILES or type(sum(seen)) is not int:
        _bad_tile(concealed, "hand")
    if len(seen) != expected:
        dup = next(t for t in concealed if list(concealed).count(t) > 1)
        raise InvalidHand(_duplicate_message(dup, concealed), "hand")
    if win_tile not in seen:
        if win_tile not in _TILES or type(win_tile) is not int:
            raise InvalidHand(f"{win_tile!r} is not a tile number from 0 to 135", "win_tile")
        raise InvalidHand(
            f"the winning tile {kind_short(win_tile >> 2)} is not in the hand", "win_tile"
        )
    for meld in melds:
        _check_meld(meld)
        size = len(seen)
        seen.update(meld.tiles)
        if len(seen) != size + len(meld.tiles):
            everything = _all_tiles(concealed, melds)
            dup = next(t for t in meld.tiles if everything.count(t) > 1)
            raise InvalidHand(_duplicate_message(dup, everything), "melds")
    indicators = situation.dora_indicators + situation.ura_indicators
    if indicators:
        if not _TILES.issuperset(indicators) or not all(type(t) is int for t in indicators):
            _bad_tile(indicators, "situation", "indicator ")
        size = len(seen)
        seen.update(indicators)
        if len(seen) != size + len(indicators):
            everything = _all_tiles(concealed, melds, situation)
            dup = next(t for t in indicators if everything.count(t) > 1)
            raise InvalidHand(_duplicate_message(dup, everything), "situation")


def _fail(message: str, field: str = "situation", flag: str | None = None) -> None:
    raise InvalidHand(message, field, flag)


def check_seats(s: Situation, winner: int, dealer: int, discarder: int | None) -> None:
    if type(winner) is not int or not 0 <= winner <= 3:
        _fail(f"winner must be a seat from 0 to 3, not {winner!r}", "winner")
    if type(dealer) is not int or not 0 <= dealer <= 3:
        _fail(f"dealer must be a seat from 0 to 3, not {dealer!r}", "dealer")
    if s.round_wind not in _WIND_SET or s.seat_wind not in _WIND_SET:
        name, wind = (
            ("round wind", s.round_wind)
            if s.round_wind not in _WIND_SET
            else ("seat wind", s.seat_wind)
        )
        _fail(f"the {name} must be a wind (kind {EAST}-{NORTH}), not {wind!r}")
    if s.seat_wind != EAST + (winner - dealer) % 4:
        _fail(
            f"seat {winner} with the dealer at seat {dealer} sits "
            f"{kind_short(EAST + (winner - dealer) % 4)}, not {kind_short(s.seat_wind)}"
        )
    if type(s.honba) is not int or s.honba < 0:
        _fail(f"honba must be a whole number from 0, not {s.honba!r}")
    if type(s.riichi_sticks) is not int or s.riichi_sticks < 0:
        _fail(f"riichi sticks must be a whole number from 0, not {s.riichi_sticks!r}")
    if len(s.dora_indicators) > 5:
        _fail("there are at most five dora indicators (one plus four kan dora)")
    if len(s.ura_indicators) > 5:
        _fail("there are at most five ura indicators (one under each dora indicator)")
    if s.tsumo:
        if discarder is not None and discarder != winner:
            _fail("a self-drawn win has no discarder", "discarder")
    elif discarder is not None and (
        type(discarder) is not int or not 0 <= discarder <= 3 or discarder == winner
    ):
        _fail(f"the discarder must be another seat from 0 to 3, not {discarder!r}", "discarder")


def check_situation(
    s: Situation,
    melds: Sequence[Meld],
    ruleset: Ruleset,
    winner: int,
    dealer: int,
) -> None:
    """Combinations of situation flags no game can produce (the error names the flag).

    The calculator and the JSON API check their requests with this same function.
    """
    opened = any(m.kind != ANKAN for m in melds)
    if s.riichi and s.double_riichi:
        _fail("double riichi replaces riichi: set only one of them", flag="double_riichi")
    declared = s.riichi or s.double_riichi
    if declared and opened:
        _fail(
            "riichi needs a closed hand (only concealed quads are allowed)",
            flag="double_riichi" if s.double_riichi else "riichi",
        )
    if s.ippatsu and not declared:
        _fail("ippatsu needs riichi or double riichi", flag="ippatsu")
    if s.open_riichi and not declared:
        _fail("open riichi needs riichi or double riichi", flag="open_riichi")
    if s.open_riichi and not ruleset.open_riichi:
        _fail("this ruleset does not allow open riichi", flag="open_riichi")
    if s.rinshan:
        if not s.tsumo:
            _fail(
                "rinshan kaihou is a self-draw on a quad's replacement tile, not a ron",
                flag="rinshan",
            )
        if not any(m.kind in KANS for m in melds):
            _fail(
                "rinshan kaihou needs one of the winner's own quads (a kan) among the melds",
                flag="rinshan",
            )
        if s.haitei:
            _fail(
                "the replacement tile after a quad is never the last wall tile (haitei)",
                flag="rinshan",
            )
        if s.ippatsu:
            _fail(
                "the winner's own quad ends ippatsu, so it cannot combine with rinshan",
                flag="rinshan",
            )
    if s.chankan and s.tsumo:
        _fail("chankan robs another player's quad: it is a ron, not a self-draw", flag="chankan")
    if s.haitei and not s.tsumo:
        _fail("haitei is a self-draw on the last wall tile; a ron there is houtei", flag="haitei")
    if s.houtei and s.tsumo:
        _fail("houtei is a ron on the last discard; a self-draw there is haitei", flag="houtei")
    if s.houtei and s.chankan:
        _fail("houtei and chankan cannot happen on the same tile", flag="chankan")
    if s.tenhou or s.chiihou or s.renhou:
        _check_first_turn(s, melds, winner, dealer, declared)


def _check_first_turn(
    s: Situation, melds: Sequence[Meld], winner: int, dealer: int, declared: bool
) -> None:
    name = "tenhou" if s.tenhou else "chiihou" if s.chiihou else "renhou"
    if s.tenhou + s.chiihou + s.renhou > 1:
        second = [b for b in ("tenhou", "chiihou", "renhou") if getattr(s, b)][1]
        _fail("tenhou, chiihou and renhou exclude each other", flag=second)
    if melds:
        _fail(f"{name} happens before any call, so the hand has no melds", flag=name)
    if declared or s.ippatsu or s.rinshan or s.chankan or s.haitei or s.houtei:
        _fail(
            f"{name} happens on the first go-around and combines with no other situation",
            flag=name,
        )
    if s.tenhou and (winner != dealer or not s.tsumo):
        _fail("tenhou is the dealer's self-draw on the starting hand", flag=name)
    if s.chiihou and (winner == dealer or not s.tsumo):
        _fail("chiihou is a non-dealer's self-draw on their first draw", flag=name)
    if s.renhou and (winner == dealer or s.tsumo):
        _fail("renhou is a non-dealer's ron before their first draw", flag=name)


def check_chankan(concealed: Sequence[int], melds: Sequence[Meld], win_tile: int) -> None:
    # The robbed quad holds the other three copies of the winning tile.
    kind = win_tile >> 2
    held = sum(1 for t in _all_tiles(concealed, melds) if t >> 2 == kind)
    if held > 1:
        _fail(
            f"chankan: the other copies of {kind_short(kind)} are in the quad being robbed, "
            "so the winner can hold only the robbed tile"
        )


def not_complete(concealed: Sequence[int]) -> InvalidHand:
    counts = [0] * 34
    for t in concealed:
        counts[t >> 2] += 1
    left = shanten(counts)
    state = "tenpai" if left == 0 else f"{left}-shanten"
    return InvalidHand(
        "not a complete hand: the tiles make neither four sets and a pair, "
        f"seven different pairs nor thirteen orphans (it is {state})",
        "hand",
    )
