"""The shortcuts taken for speed give exactly what the plain computations give.

Each test pits a fast path against the slow, obvious version of the same thing:
the fast turn steps against the general ones, batched or remembered library
calls against direct ones, and the bots' one-pass helpers against the helpers
they replace.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from xiangting import PlayerCount, calculate_necessary_tiles

from rules.engine import (
    InvalidHand,
    SeatView,
    apply,
    bots,
    hand,
    is_red,
    new_game,
    pending_seats,
    score_hand,
    seat_view,
    wins,
)
from rules.engine import discards as engine_discards
from rules.engine.analysis import (
    SeatAnalysis,
    _riichi_discards_by_trial,
    analyse,
    counts_of,
    riichi_discards,
)
from rules.engine.bots import efficiency, efficient
from rules.engine.bots.reading import Reading
from rules.engine.presets import RONIN
from rules.engine.study import simulate
from rules.engine.testing import first_legal, pass_all, play, scenario
from rules.engine.wall import shuffle, shuffled_wall

from .test_property_random_play import RULESETS, choose

_FOUR = PlayerCount.FOUR


def _random_hand(rng: random.Random, size: int) -> tuple[int, ...]:
    return tuple(sorted(rng.sample(range(136), size)))


def _near_complete(rng: random.Random) -> list[int]:
    """34 counts of a 14-tile hand one or two tiles from complete (riichi territory)."""
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.4:
                counts[rng.randrange(34)] += 3
            else:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for k in range(start, start + 3):
                    counts[k] += 1
        counts[rng.randrange(34)] += 2
        for _ in range(rng.choice((0, 1, 1, 2))):
            held = [k for k in range(34) if counts[k]]
            counts[rng.choice(held)] -= 1
            counts[rng.randrange(34)] += 1
        if max(counts) <= 4:
            return counts


def _tiles_of(counts: list[int]) -> tuple[int, ...]:
    return tuple(sorted(k * 4 + c for k in range(34) for c in range(counts[k])))


# --- the turn -------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fast_turn_steps_match_the_general_ones_under_every_ruleset(ruleset):
    rng = random.Random(hash(tuple(sorted(dataclasses.asdict(ruleset).items()))) & 0xFFFF)
    for game in range(3):
        seed = rng.randrange(2**31)
        robots = rng.sample(range(4), rng.randrange(3))
        fast = new_game(ruleset, seed=seed, robots=robots)
        choices = random.Random(seed)
        actions, fast_events = [], []
        while not fast.finished and len(actions) < 500:
            action = choose(fast, choices)
            fast, events = apply(fast, action)
            actions.append(action)
            fast_events.append(events)
        engine_discards.FAST_PATH = False
        try:
            slow = new_game(ruleset, seed=seed, robots=robots)
            for action, events in zip(actions, fast_events, strict=True):
                slow, slow_events = apply(slow, action)
                assert slow_events == events, (game, str(action))
        finally:
            engine_discards.FAST_PATH = True
        assert slow == fast


def test_pending_seats_lists_the_seats_with_actions_in_order():
    state = new_game(RONIN, seed=3)
    for _ in range(300):
        assert pending_seats(state) == tuple(s for s in range(4) if state.legal[s])
        state, _ = apply(state, first_legal(state))


# --- walls ----------------------------------------------------------------------------


def test_the_wall_shuffle_is_random_shuffle_draw_for_draw():
    for size in (0, 1, 2, 3, 17, 136, 300):
        ours, theirs = random.Random(size), random.Random(size)
        a, b = list(range(size)), list(range(size))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b
        assert ours.random() == theirs.random()  # the generators end in step


def test_a_shuffled_wall_depends_only_on_the_seed_and_hand():
    wall, dice = shuffled_wall(42, 3)
    assert shuffled_wall(42, 3) == (wall, dice)
    assert sorted(wall) == list(range(136)) and all(1 <= d <= 6 for d in dice)
    rng = random.Random("riichi-wall:42:3")
    tiles = list(range(136))
    rng.shuffle(tiles)
    assert tuple(tiles) == wall
    assert dice == (rng.randint(1, 6), rng.randint(1, 6))


# --- hand analysis --------------------------------------------------------------------


def _plain_analysis(tiles) -> SeatAnalysis:
    counts = counts_of(tiles)
    rn, flags = calculate_necessary_tiles(counts, _FOUR)
    pairs = sum(1 << k for k in range(34) if counts[k] >= 2)
    triplets = sum(1 << k for k in range(34) if counts[k] >= 3)
    chi = 0
    for k in range(27):
        n = k % 9
        shapes = []
        if n >= 2:
            shapes.append((k - 2, k - 1))
        if 1 <= n <= 7:
            shapes.append((k - 1, k + 1))
        if n <= 6:
            shapes.append((k + 1, k + 2))
        if any(counts[a] and counts[b] for a, b in shapes):
            chi |= 1 << k
    tenpai = rn == 1
    waits = tuple(k for k in range(34) if flags >> k & 1) if tenpai else ()
    wait_mask = flags if tenpai else 0
    claim = wait_mask | pairs
    return SeatAnalysis(rn - 1, waits, wait_mask, pairs, chi, triplets, claim, claim | chi, flags)


def test_the_cached_analysis_matches_a_plain_one():
    rng = random.Random(8)
    for _ in range(3000):
        tiles = _random_hand(rng, rng.choice((13, 10, 7, 4, 1)))
        assert analyse(tiles) == _plain_analysis(tiles)
    for _ in range(1000):
        counts = _near_complete(rng)
        held = [k for k in range(34) if counts[k]]
        counts[rng.choice(held)] -= 1
        assert analyse(_tiles_of(counts)) == _plain_analysis(_tiles_of(counts))


def test_remembered_necessary_tiles_match_the_library():
    rng = random.Random(9)
    for _ in range(2000):
        counts = counts_of(_random_hand(rng, 13))
        assert hand.necessary_tiles(counts) == calculate_necessary_tiles(counts, _FOUR)
        assert hand.necessary_tiles(counts) == calculate_necessary_tiles(counts, _FOUR)


def test_riichi_discards_match_trying_every_discard():
    rng = random.Random(10)
    found = 0
    for trial in range(3000):
        counts = _near_complete(rng) if trial % 3 else counts_of(_random_hand(rng, 14))
        melds = [] if trial % 4 else [rng.randrange(34)] * 4
        tiles = _tiles_of(counts)
        expected = _riichi_discards_by_trial(counts_of(tiles), melds)
        assert riichi_discards(tiles, melds) == expected
        found += bool(expected)
    assert found > 500  # the comparison saw plenty of tenpai-able hands


# --- scoring --------------------------------------------------------------------------


def test_a_remembered_score_is_the_score_of_the_same_win():
    # seat 0 waits on a closed 4s with tanyao only; seat 1 throws a 4s
    tenpai = "234m345p888p22s35s"
    one_han = pass_all(play(scenario({0: tenpai}, draws="9m 4s"), "0:discard:9m"))
    one_han = play(one_han, "1:discard:4s")
    tile = one_han.last_discard[1]
    wins._scores.clear()
    first = wins.score_win(one_han, 0, tile, False, 1)
    assert wins.score_win(one_han, 0, tile, False, 1) is first  # remembered
    direct = score_hand(
        (*one_han.hands[0], tile),
        one_han.melds[0],
        tile,
        wins.situation(one_han, 0, False),
        one_han.ruleset,
        0,
        0,
        1,
    )
    assert first == direct and first.error is None
    # the same hand under a two-han minimum is a different question
    two_han = RONIN.replace(minimum_han=2)
    strict = pass_all(play(scenario({0: tenpai}, draws="9m 4s", ruleset=two_han), "0:discard:9m"))
    strict = play(strict, "1:discard:4s")
    assert wins.score_win(strict, 0, tile, False, 1).error is not None
    assert "ron" not in {a.type for a in strict.legal[0]}
    assert "ron" in {a.type for a in one_han.legal[0]}


# --- views ----------------------------------------------------------------------------


def test_a_view_still_answers_the_dataclass_protocol():
    state = new_game(RONIN, seed=5)
    view = seat_view(state, 0)
    assert type(view) is SeatView and dataclasses.is_dataclass(view)
    names = [f.name for f in dataclasses.fields(view)]
    assert names == list(SeatView._fields)
    changed = dataclasses.replace(view, drawn=None, hand_sizes=(1, 2, 3, 4))
    assert type(changed) is SeatView
    assert changed.drawn is None and changed.hand_sizes == (1, 2, 3, 4)
    assert changed.hand == view.hand and changed.legal == view.legal
    assert dataclasses.asdict(view)["seat"] == 0
    assert view == seat_view(state, 0) and view.is_spectator is False
    assert SeatView(**{f: getattr(view, f) for f in SeatView._fields}) == view
    with pytest.raises(AttributeError):
        view.seat = 2  # type: ignore[misc]


# --- bots -----------------------------------------------------------------------------


def _views(level: str, games: int = 2):
    for seed in range(games):
        state = new_game(RONIN, seed=seed)
        rngs = [simulate.bot_rng(seed, s) for s in range(4)]
        while not state.finished:
            seat = pending_seats(state)[0]
            view = seat_view(state, seat)
            yield view
            state, _ = apply(state, bots.choose(level, view, rngs[seat]))


def _discard_of_kind_plainly(r: Reading, kind: int, actions):
    best = best_key = None
    for action in actions:
        if action.tile >> 2 != kind:
            continue
        key = (is_red(action.tile, r.red_fives), action.tile != r.view.drawn)
        if best is None or key < best_key:
            best, best_key = action, key
    return best


def test_one_pass_option_choice_matches_pick_by_option_key():
    checked = 0
    for view in _views("efficient"):
        r = Reading(view)
        if not r.discards:
            continue
        options = efficiency.discard_options(r.counts, r.levels, r.discard_mask, True)
        for danger in (None, {o.kind: float(o.kind % 5) for o in options}):
            want = efficient.pick(
                r, options, lambda o, r=r, d=danger: efficient.option_key(r, o, d, 2)
            )
            assert efficient.best_option(r, options, danger, 2) == want
        for kind in range(34):
            assert r.discard_of_kind(kind) == _discard_of_kind_plainly(r, kind, r.discards)
        checked += 1
    assert checked > 100


def test_best_kinds_tie_on_the_kinds_pick_by_option_key_would_tie_on():
    # best_kinds skips the option records, the table when one kind is left, and the
    # furiten mask away from tenpai; the ties it returns must be the plain ones
    checked = 0
    for level in ("efficient", "careful"):
        for view in _views(level):
            r = Reading(view)
            if not r.discards:
                continue
            options = efficiency.discard_options(r.counts, r.levels, r.discard_mask)
            for danger in (None, {o.kind: float(o.kind % 5) for o in options}):
                keys = {o.kind: efficient.option_key(r, o, danger, 2) for o in options}
                best = min(keys.values())
                plain = [o.kind for o in options if keys[o.kind] == best]
                assert efficient.best_kinds(r, r.discard_mask, None, danger, 2) == plain
            checked += 1
    assert checked > 200


def _visible_plainly(view) -> list[int]:
    seen = [0] * 34
    for tile in (*view.hand, *([view.drawn] if view.drawn is not None else [])):
        seen[tile >> 2] += 1
    for river in view.discards:
        for discard in river:
            if not discard.called:
                seen[discard.tile >> 2] += 1
    for melds in view.melds:
        for meld in melds:
            for tile in meld.tiles:
                seen[tile >> 2] += 1
    for tile in view.dora_indicators:
        seen[tile >> 2] += 1
    for seat, shown in enumerate(view.open_hands):
        if shown and seat != view.seat:
            for tile in shown:
                seen[tile >> 2] += 1
    return seen


def test_a_reading_counts_and_groups_like_the_plain_loops():
    # the counts come from byte lanes and remembered rivers, the masks from tables
    checked = 0
    for view in _views("careful", games=3):
        r = Reading(view)
        assert list(r.counts) == counts_of(r.tiles)
        assert list(r.visible) == _visible_plainly(view)
        unseen = [max(0, 4 - n) for n in _visible_plainly(view)]
        assert r.levels == efficiency.levels_of(unseen)
        discards = [a for a in view.legal if a.type == "discard"]
        assert r.discards == discards
        assert r.discard_mask == efficiency.mask_of(a.tile >> 2 for a in discards)
        grouped: dict[str, list] = {}
        for action in view.legal:
            grouped.setdefault(action.type, []).append(action)
        assert r.actions == grouped
        checked += 1
    assert checked > 300


def test_kinds_of_lists_the_set_bits_like_kinds_in():
    rng = random.Random(13)
    for mask in [0, (1 << 34) - 1, *(rng.getrandbits(34) for _ in range(2000))]:
        assert efficiency.kinds_of(mask) == tuple(efficiency.kinds_in(mask))


def test_the_bots_remembered_shanten_is_the_hand_modules_shanten():
    rng = random.Random(12)
    for _ in range(3000):
        counts = counts_of(_random_hand(rng, rng.choice((14, 13, 11, 10, 8, 7, 5, 4, 2, 1))))
        assert efficiency.shanten(counts) == hand.shanten(counts)
    with pytest.raises(InvalidHand):
        efficiency.shanten([5] + [0] * 33)


def test_the_tsumogiri_shortcut_chooses_what_the_full_look_chooses():
    from rules.engine.bots import tsumogiri

    rng = random.Random(0)
    seen = 0
    for level in ("tsumogiri", "efficient", "careful"):
        for view in _views(level, games=1):
            assert tsumogiri.choose(view, rng) == tsumogiri._choose(view)
            seen += 1
            # the same view with an open hand on the table takes the full look
            opened = view._replace(open_hands=(None, None, (0, 1, 2), None))
            assert tsumogiri.choose(opened, rng) == tsumogiri._choose(opened)
    assert seen > 300
