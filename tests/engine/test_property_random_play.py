"""Random legal play: invariants after every action, replay and JSON equality per game.

The players pick uniformly among their legal actions, except that they usually take
a win, often declare riichi or call, and mostly discard towards a ready hand, so
that wins, riichi, kans, pao and abortive draws all come up. Several rulesets are
mixed in so the optional rules are exercised too.
"""

import os
import random

import pytest
from xiangting import PlayerCount, calculate_replacement_number

from rules.engine import apply, new_game
from rules.engine import discards as engine_discards
from rules.engine.analysis import counts_of
from rules.engine.invariants import problems, result_problems
from rules.engine.presets import RONIN
from rules.engine.replay import from_json, replay, to_json

# Hands of random legal play per run: 1,200 keep the suite's share of CI's 15 minutes (the
# test runs under coverage); `PROPERTY_HANDS=20000 pytest tests/engine/test_property_random_play.py`
# plays more on demand.
HANDS = int(os.environ.get("PROPERTY_HANDS", "1200"))
RULESETS = (
    RONIN,
    RONIN.replace(open_riichi=True, double_ron=False, kuikae=True),
    RONIN.replace(atozuke=False, fix_yaku="first_only", kan_dora_timing="immediate"),
    RONIN.replace(
        atozuke=False,
        fix_yaku="finally",
        winning_tile_selection="all_waits",
        kan_dora_timing="after_discard",
        tenpai_empty_waits="none",
        tenpai_furiten_ok=False,
        tenpai_no_yaku_ok=False,
    ),
    RONIN.replace(sanchahou=False, triple_ron=True, game_type="tonpuusen", minimum_han=2),
)
_FOUR = PlayerCount.FOUR


def choose(state, rng):
    seat = rng.choice([s for s in range(4) if state.legal[s]])
    legal = state.legal[seat]
    by_type = {}
    for a in legal:
        by_type.setdefault(a.type, []).append(a)
    for kind, chance in (
        ("tsumo", 0.9),
        ("ron", 0.9),
        ("riichi", 0.6),
        ("open_riichi", 0.3),
        ("ankan", 0.5),
        ("shouminkan", 0.5),
        ("daiminkan", 0.4),
        ("pon", 0.3),
        ("chi", 0.2),
        ("kyuushu", 0.3),
    ):
        if kind in by_type and rng.random() < chance:
            return rng.choice(by_type[kind])
    discards = by_type.get("discard")
    if discards and rng.random() < 0.75:
        counts = counts_of(state.hands[seat])
        best, value, tried = None, 99, set()
        for a in discards:
            kind = a.tile >> 2
            if kind in tried:
                continue
            tried.add(kind)
            counts[kind] -= 1
            v = calculate_replacement_number(counts, _FOUR)
            counts[kind] += 1
            if v < value:
                best, value = a, v
        return best
    if "pass" in by_type and rng.random() < 0.8:
        return by_type["pass"][0]
    return rng.choice(legal)


@pytest.mark.slow(15)
def test_random_legal_play_keeps_every_invariant():
    rng = random.Random(20240601)
    hands = games = 0
    seen = set()
    while hands < HANDS:
        ruleset = RULESETS[games % len(RULESETS)]
        state = new_game(ruleset, seed=rng.randrange(2**31))
        games += 1
        while not state.finished:
            action = choose(state, rng)
            state, events = apply(state, action)
            found = problems(state)
            assert not found, (games, state.hand_index, str(action), found)
            for event in events:
                if event.kind == "hand_end":
                    hands += 1
                    result = event.data
                    seen.add(result.kind if result.kind != "abortive" else result.abort)
                    assert not result_problems(result), result_problems(result)
                    if not state.finished:
                        assert state.scores == result.scores
        assert replay(state.setup, state.actions) == state
        assert from_json(to_json(state)) == state
    assert {"ron", "tsumo", "exhaustive"} <= seen


def test_the_fast_turn_path_matches_the_general_one():
    rng = random.Random(7)
    for _ in range(6):
        seed = rng.randrange(2**31)
        fast = new_game(RONIN, seed=seed)
        choices = random.Random(seed)
        actions = []
        while not fast.finished and len(actions) < 600:
            action = choose(fast, choices)
            fast, _ = apply(fast, action)
            actions.append(action)
        engine_discards.FAST_PATH = False
        try:
            slow = new_game(RONIN, seed=seed)
            for action in actions:
                slow, _ = apply(slow, action)
        finally:
            engine_discards.FAST_PATH = True
        assert slow == fast
