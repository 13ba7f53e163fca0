"""Helpers to build exact scenarios: explicit walls and short action scripts.

Not used by the game itself; tests (and anyone reproducing a bug) use them::

    wall = build_wall(
        hands={0: "123m456p789s1122z", 1: ..., 2: ..., 3: ...},
        draws="5z 1m 9p ...",      # live-wall draws in order, dealer's first
        dora="1p", rinshan="7z", ura="2p",
    )
    state = new_game(RONIN, walls=[wall])
    state = play(state, "0:discard:5z", "1:pass", "1:discard:1m")

Every tile not named is taken from the remaining ones in a fixed order and put in
the slots left, so the wall is always a full, exact 136-tile wall.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .actions import DISCARD, PASS, Action
from .errors import IllegalAction
from .game import apply, new_game
from .presets import RONIN
from .rulesets import Ruleset
from .state import GameSetup, GameState, HandEnded
from .tiles import DEFAULT_RED_FIVES, is_red, parse_kinds, tiles_from_kinds
from .turns import deal
from .wall import DEAD_START, DEAL_END, DORA, RINSHAN, URA


def _take(text: str | Sequence[int], used: set[int], red_fives: Sequence[int]) -> list[int]:
    if not isinstance(text, str):
        out = list(text)
        used.update(out)
        return out
    pairs = parse_kinds(text)
    tiles = tiles_from_kinds(pairs, red_fives, used)
    used.update(tiles)
    return tiles


def build_wall(
    hands: Mapping[int, str] | Sequence[str],
    draws: str | Sequence[int] = "",
    dora: str | Sequence[int] = "",
    rinshan: str | Sequence[int] = "",
    ura: str | Sequence[int] = "",
    dealer: int = 0,
    red_fives: Sequence[int] = DEFAULT_RED_FIVES,
    filler: str | Sequence[int] = "",
    last: str | Sequence[int] = "",
    avoid: str = "",
) -> tuple[int, ...]:
    """A 136-tile wall in the engine's draw order (see :mod:`.wall`).

    ``hands`` maps absolute seats to 13 tiles (missing seats get filler);
    ``draws`` are the live-wall draws in order; ``last`` the final live-wall
    draws, in order, ending with the very last one (haitei); ``filler`` are the tiles to
    use first for everything unnamed (the rest follow in a fixed order that
    avoids honours first, so fillers rarely complete anything by accident).
    """
    used: set[int] = set()
    wall: list[int | None] = [None] * 136
    if not isinstance(hands, Mapping):
        hands = dict(enumerate(hands))
    for seat, text in hands.items():
        tiles = _take(text, used, red_fives)
        if len(tiles) != 13:
            raise ValueError(f"seat {seat} needs 13 tiles, got {len(tiles)}")
        k = (seat - dealer) % 4
        wall[13 * k : 13 * k + 13] = tiles
    for start, part, limit in (
        (DEAL_END, draws, DEAD_START),
        (RINSHAN, rinshan, RINSHAN + 4),
        (DORA, dora, DORA + 5),
        (URA, ura, URA + 5),
    ):
        tiles = _take(part, used, red_fives)
        if start + len(tiles) > limit:
            raise ValueError("too many tiles for that part of the wall")
        wall[start : start + len(tiles)] = tiles
    tail = _take(last, used, red_fives)
    if tail:
        if any(wall[i] is not None for i in range(DEAD_START - len(tail), DEAD_START)):
            raise ValueError("the last draws overlap the first ones")
        wall[DEAD_START - len(tail) : DEAD_START] = tail
    first = _take(filler, used, red_fives)
    late = {k for k, _ in parse_kinds(avoid)}
    order = [t for t in _fill_order() if t not in used]
    rest = first + [t for t in order if t >> 2 not in late] + [t for t in order if t >> 2 in late]
    it = iter(rest)
    return tuple(next(it) if t is None else t for t in wall)


def _fill_order() -> list[int]:
    # simples spread over suits and numbers, then terminals, honours last
    order = []
    for copy in range(4):
        for n in (3, 5, 1, 7, 4, 2, 6, 0, 8):
            for suit in range(3):
                order.append((suit * 9 + n) * 4 + (3 - copy))
    for copy in range(4):
        for k in range(27, 34):
            order.append(k * 4 + (3 - copy))
    return order


QUIET = "147m369p147s1234z"  # no pair, no run shape, no five, far from tenpai


def scenario(
    hands: Mapping[int, str],
    draws: str | Sequence[int] = "",
    dora: str | Sequence[int] = "",
    rinshan: str | Sequence[int] = "",
    ura: str | Sequence[int] = "",
    ruleset: Ruleset = RONIN,
    round_wind: int = 27,
    round_number: int = 0,
    honba: int = 0,
    riichi_sticks: int = 0,
    scores: Sequence[int] | None = None,
    filler: str | Sequence[int] = "",
    seed: int = 0,
    last: str | Sequence[int] = "",
    avoid: str = "",
    robots: Sequence[int] = (),
) -> GameState:
    """A game whose current hand uses an explicit wall, at any round and score.

    Seats missing from ``hands`` hold :data:`QUIET`. The dealer is seat
    ``round_number``, as in a real game; later hands are shuffled from ``seed``.
    ``state.setup`` does not record the round, honba or scores, so only a
    scenario at East 1 with the starting scores replays from its setup.
    ``robots`` are the seats played by a bot (``GameSetup.robots``).
    """
    full = {seat: hands.get(seat, QUIET) for seat in range(4)}
    wall = build_wall(
        full, draws, dora, rinshan, ura, round_number, ruleset.red_fives, filler, last, avoid
    )
    setup = GameSetup(ruleset, seed, (wall,), frozenset(robots))
    if scores is None:
        scores = (ruleset.start_score,) * 4
    if sum(scores) + 1000 * riichi_sticks != 4 * ruleset.start_score:
        raise ValueError("scores and riichi sticks must add up to four starting scores")
    state, _ = deal(
        setup, 0, round_wind, round_number, honba, riichi_sticks, tuple(scores), (0,) * 4, None, ()
    )
    return state


def find(state: GameState, text: str) -> Action:
    """The legal action a short script line means.

    ``"2:discard:5m"`` picks seat 2's first legal discard of a plain 5m (``0m`` is
    the red one); ``"1:chi:3m:45m"`` a chi of 3m using 4m and 5m; ``"3:pass"``,
    ``"0:tsumo"``, ``"1:ron"``, ``"0:ankan:1z"``. Raises IllegalAction listing the
    seat's legal actions when nothing matches.
    """
    parts = text.split(":")
    seat, kind = int(parts[0]), parts[1]
    want = parse_kinds(parts[2]) if len(parts) > 2 and parts[2] else None
    own = sorted(parse_kinds(parts[3])) if len(parts) > 3 else None
    rf = state.ruleset.red_fives
    for a in state.legal[seat]:
        if a.type != kind:
            continue
        if want is not None and a.tile is not None and [(a.tile >> 2, is_red(a.tile, rf))] != want:
            continue
        if own is not None and sorted((t >> 2, is_red(t, rf)) for t in a.tiles) != own:
            continue
        return a
    legal = ", ".join(str(a) for a in state.legal[seat]) or "nothing"
    raise IllegalAction(f"no legal action matches '{text}'; seat {seat} may: {legal}")


def play(state: GameState, *script: str) -> GameState:
    """Apply script lines in order (see :func:`find`)."""
    for line in script:
        state, _ = apply(state, find(state, line))
    return state


def tsumogiri(state: GameState, turns: int = 1) -> GameState:
    """The turn seat discards its drawn tile (others pass) ``turns`` times."""
    for _ in range(turns):
        seat = state.turn
        state, _ = apply(state, Action(seat, DISCARD, state.drawn))
        state = pass_all(state)
    return state


def pass_all(state: GameState) -> GameState:
    """Every seat with an open choice on a discard passes."""
    while state.phase == "calls":
        seat = next(s for s in range(4) if state.legal[s])
        state, _ = apply(state, Action(seat, PASS))
    return state


def first_legal(state: GameState) -> Action:
    """The tsumogiri bot: the first discard (drawn tile first) or pass."""
    for seat in range(4):
        for a in state.legal[seat]:
            if a.type in (DISCARD, PASS):
                return a
    for seat in range(4):
        if state.legal[seat]:
            return state.legal[seat][0]
    raise IllegalAction("nobody can act")


def tiles(text: str, red_fives: Sequence[int] = DEFAULT_RED_FIVES) -> tuple[int, ...]:
    return tuple(tiles_from_kinds(parse_kinds(text), red_fives))


def benchmark(games: int = 40, ruleset: Ruleset = RONIN) -> dict[str, float]:
    """Play ``games`` full games with four tsumogiri players (first legal discard or
    pass) and report the engine's speed in CPU time (hands/s, µs per action)."""
    import time

    hands = actions = 0
    start = time.process_time()
    for seed in range(games):
        state = new_game(ruleset, seed=seed)
        while not state.finished:
            state, events = apply(state, first_legal(state))
            actions += 1
            hands += sum(1 for e in events if isinstance(e, HandEnded))
    seconds = time.process_time() - start
    return {
        "hands": hands,
        "actions": actions,
        "seconds": seconds,
        "hands_per_second": hands / seconds,
        "us_per_action": seconds / actions * 1e6,
    }
