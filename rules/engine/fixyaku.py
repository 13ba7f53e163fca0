"""Fix-yaku (no atozuke): the app rule settings' variants, as this engine reads them.

With ``ruleset.atozuke`` on (Ronin), any win with a yaku is allowed. With it off
the yaku must be "fixed": it may not depend on which of several waiting tiles
arrives, and (for the two stricter variants) the called melds must belong to it.
Yakuman are outside the rule, and a concealed kan is not a call (the app rule settings).

The app rule settings is terse; our reading, rule by rule:

``winning_tile_selection`` says which waiting tiles must give the hand a yaku,
each evaluated exactly like the real win (same ron/tsumo and situation, the
ruleset's minimum han):

* ``"winning_tile"``: only the tile actually won on (the ordinary check);
* ``"all_waits"``: every tile the hand waits on must give it some yaku, not
  necessarily the same one (the app rule settings' example: 1 gives sanshoku, 4 iipeikou);
* ``"any_wait"``: stricter: at least one yaku must hold whichever wait arrives,
  i.e. the yaku is fixed before the winning tile ("the same yaku for any wait").

``fix_yaku``:

* ``"finally"``: only the waits matter, per ``winning_tile_selection``, for ron
  and tsumo alike; calls are not examined;
* ``"first_only"``: every wait must give a yaku on a ron (the selection setting
  applies to tsumo only, as the app rule settings says "select setting for the case of
  self-draw"), and when the hand is open the *first* call must be part of a yaku
  of the winning hand (a later unrelated call is fine: the yaku was fixed by
  then), unless a yakuhai triplet was already concealed in the hand;
* ``"middle_ok"``: as first_only, but the order of calls does not matter: some
  call must be part of a yaku.

A call is "part of" a yaku when the yaku uses its tiles: a yakuhai triplet of that
kind; all simples / all triplets / flushes / outside hands / honroutou, which
involve every set; little three dragons (a dragon set); three quads (a quad);
the straight or the three-colour sequence/triplet when the call is one of its
sets.
"""

from __future__ import annotations

from .melds import ANKAN, CHI, Meld
from .scoring.score import HandScore
from .scoring.yaku import YAKU_NAMES
from .state import GameState, put
from .tiles import is_terminal_or_honor
from .wins import score_win, spare_copy

_KEY_OF_NAME = {y.name: y.key for y in YAKU_NAMES}
_BONUS = {"dora", "aka_dora", "ura_dora"}
_YAKUHAI = {
    "yakuhai_white": 31,
    "yakuhai_green": 32,
    "yakuhai_red": 33,
}
_WHOLE_HAND = {"tanyao", "toitoi", "honitsu", "chinitsu", "chanta", "junchan", "honroutou"}


def _keys(score: HandScore) -> set[str]:
    return {_KEY_OF_NAME.get(name, name) for name, _ in score.yaku} - _BONUS


def _yakuhai_kind(key: str, s: GameState, seat: int) -> int | None:
    if key in _YAKUHAI:
        return _YAKUHAI[key]
    if key.startswith("seat_"):
        return 27 + (seat - s.round_number) % 4
    if key.startswith("round_"):
        return s.round_wind
    return None


def _alt_score(
    s: GameState,
    seat: int,
    kind: int,
    tsumo: bool,
    discarder: int | None,
    chankan: bool,
    real: int,
) -> HandScore | None:
    """The score of the same win with a copy of ``kind`` instead of ``real``."""
    hand = s.hands[seat]
    tile = spare_copy(s, seat, kind)
    if tile is None:
        return None
    if tsumo:
        base = [t for t in hand if t != real]
        s = s.evolve(hands=put(s.hands, seat, tuple(sorted((*base, tile)))))
    return score_win(s, seat, tile, tsumo, discarder, chankan)


def _waits_ok(
    s: GameState,
    seat: int,
    tile: int,
    tsumo: bool,
    discarder: int | None,
    chankan: bool,
    score: HandScore,
    selection: str,
) -> bool:
    if selection == "winning_tile":
        return True
    waits = s.analysis[seat].waits
    common = _keys(score)
    for kind in waits:
        if kind == tile >> 2:
            continue
        alt = _alt_score(s, seat, kind, tsumo, discarder, chankan, tile)
        if alt is None:
            continue  # no copy of that tile can ever arrive
        if alt.error is not None:
            return False
        common &= _keys(alt)
    return selection == "all_waits" or bool(common)


def _related(key: str, meld: Meld, s: GameState, seat: int, all_kinds: list[int]) -> bool:
    kinds = [t >> 2 for t in meld.tiles]
    base = min(kinds)
    yh = _yakuhai_kind(key, s, seat)
    if yh is not None:
        return meld.kind != CHI and base == yh
    if key in _WHOLE_HAND:
        return True
    if key == "shousangen":
        return base >= 31
    if key == "sankantsu":
        return meld.is_kan
    counts = [0] * 34
    for k in all_kinds:
        counts[k] += 1
    if key == "ittsuu" and meld.kind == CHI and base < 27 and base % 9 in (0, 3, 6):
        start = base - base % 9
        return all(counts[start + i] for i in range(9))
    if key == "sanshoku_doujun" and meld.kind == CHI:
        n = base % 9
        return all(counts[suit * 9 + n + i] for suit in range(3) for i in range(3))
    if key == "sanshoku_doukou" and meld.kind != CHI and base < 27:
        n = base % 9
        return all(counts[suit * 9 + n] >= 3 for suit in range(3))
    if key in ("chanta", "junchan"):
        return any(is_terminal_or_honor(k) for k in kinds)
    return False


def fix_yaku_allows(
    s: GameState,
    seat: int,
    tile: int,
    tsumo: bool,
    discarder: int | None,
    chankan: bool,
    score: HandScore,
) -> bool:
    """Whether a win that has a yaku also passes the fix-yaku rule."""
    r = s.ruleset
    variant = r.fix_yaku
    selection = r.winning_tile_selection
    if variant != "finally" and not tsumo:
        selection = "all_waits"
    if not _waits_ok(s, seat, tile, tsumo, discarder, chankan, score, selection):
        return False
    if variant == "finally":
        return True
    opened = [m for m in s.melds[seat] if m.kind != ANKAN]
    if not opened:
        return True
    keys = _keys(score)
    before = [t for t in s.hands[seat] if not (tsumo and t == tile)]
    for key in keys:
        kind = _yakuhai_kind(key, s, seat)
        if kind is not None and sum(1 for t in before if t >> 2 == kind) >= 3:
            return True  # a concealed yakuhai triplet fixed the yaku already
    all_kinds = [t >> 2 for t in s.hands[seat]] + [t >> 2 for m in s.melds[seat] for t in m.tiles]
    if not tsumo:
        all_kinds.append(tile >> 2)
    checked = opened[:1] if variant == "first_only" else opened
    return any(_related(key, m, s, seat, all_kinds) for m in checked for key in keys)


def can_win(
    s: GameState, seat: int, tile: int, tsumo: bool, discarder: int | None, chankan: bool = False
) -> bool:
    """Whether the win is allowed: a yaku (and enough han), and the fix-yaku rule."""
    score = score_win(s, seat, tile, tsumo, discarder, chankan)
    if score.error is not None:
        return False
    if s.ruleset.atozuke or score.yakuman:
        return True
    return fix_yaku_allows(s, seat, tile, tsumo, discarder, chankan, score)
