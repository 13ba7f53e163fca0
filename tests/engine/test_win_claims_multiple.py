"""Several seats calling a win on one discard at a claimed table (rules/engine/claims/procedure.py):
they claim one after the other, nearest to the discarder first, and the ruleset's
multiple-ron settings (head bump, double ron, triple ron / the triple-ron abortive
draw) decide how many of the fixed wins are paid."""

from rules.engine import apply, parse_action
from rules.engine.presets import RONIN
from rules.engine.replay import from_json, replay, to_json
from rules.engine.testing import play, scenario

CLAIMED = RONIN.replace(renhou="off", win_settlement="claimed")
AUTOMATIC = RONIN.replace(renhou="off")
TANYAO = "234m456p678s2255s"  # 2s/5s: a ron on 5s is tanyao 1 han 40 fu
KANCHAN_5S = "234p456p678s22m46s"  # 5s, tanyao
THIRD_5S = "345m567m888p22p46s"  # 5s, tanyao
DORA = {"dora": "9p", "ura": "9m"}


def on_5s(hands, ruleset=CLAIMED):
    """The dealer draws and throws 5s at once."""
    return scenario(hands, draws="5s", ruleset=ruleset, **DORA)


def step(state, *lines):
    for line in lines:
        state, _ = apply(state, parse_action(line))
    return state


def settle_as_read(state, seat, reviewer=0):
    """``seat`` claims the engine's value, everybody agrees, the reviewer fixes it."""
    from rules.engine import value_text

    value = value_text(state.win_claim.reading.value)
    others = [f"{o}:ok" for o in range(4) if o != seat]
    return step(state, f"{seat}:claim:{value}", *others, f"{reviewer}:accept")


def assert_replays(state):
    assert replay(state.setup, state.actions) == state
    assert from_json(to_json(state)) == state


def test_win_claim_double_ron_claims_in_turn_and_pays_both_as_automatic_scoring_does():
    hands = {1: TANYAO, 2: KANCHAN_5S}
    auto = play(on_5s(hands, AUTOMATIC), "0:discard:5s", "2:ron", "1:ron")
    state = play(on_5s(hands), "0:discard:5s", "3:pass", "2:ron", "1:ron")
    wc = state.win_claim
    assert state.phase == "claim" and wc.seat == 1 and wc.queue == (2,)
    state = settle_as_read(state, 1)
    wc = state.win_claim  # the second caller claims next, the first win kept
    assert state.phase == "claim" and wc.seat == 2 and wc.queue == ()
    assert [e.seat for e in wc.earlier] == [1]
    state = settle_as_read(state, 2)
    result = state.last_result
    assert [w.seat for w in result.wins] == [1, 2]
    assert result.deltas == auto.last_result.deltas
    assert state.scores == auto.scores and state.round_number == 1
    assert_replays(state)


def test_win_claim_head_bump_fixes_the_nearest_win_and_the_later_call_lapses():
    ruleset = CLAIMED.replace(double_ron=False)
    state = play(on_5s({1: TANYAO, 2: KANCHAN_5S}, ruleset), "0:discard:5s", "3:pass")
    state = play(state, "2:ron", "1:ron")
    assert state.win_claim.seat == 1 and state.win_claim.queue == (2,)
    state = settle_as_read(state, 1)
    result = state.last_result
    assert [w.seat for w in result.wins] == [1] and result.deltas == (-1300, 1300, 0, 0)
    assert state.hand_index == 1
    assert_replays(state)


def test_win_claim_head_bump_an_invalid_nearest_call_lets_the_next_caller_claim():
    ruleset = CLAIMED.replace(double_ron=False)
    state = play(on_5s({2: KANCHAN_5S}, ruleset), "0:discard:5s", "3:pass")
    state = play(state, "2:ron", "1:win_anyway")  # seat 1's hand is far from complete
    assert state.win_claim.seat == 1 and not state.win_claim.reading.valid
    state = step(state, "1:claim:mangan", "0:ng:noten", "2:ng:noten", "3:ng", "0:invalid")
    assert state.phase == "claim" and state.win_claim.seat == 2 and not state.win_claim.earlier
    state = settle_as_read(state, 2)
    result = state.last_result
    assert [w.seat for w in result.wins] == [2] and result.deltas[1] == 0
    assert state.chombo_counts == (0, 0, 0, 0)
    assert_replays(state)


def test_win_claim_double_ron_a_chombo_played_on_leaves_the_other_win_standing():
    state = play(on_5s({2: KANCHAN_5S}), "0:discard:5s", "3:pass", "2:ron", "1:win_anyway")
    state = step(state, "1:claim:mangan", "0:ng:noten", "2:ng:noten", "3:ng")
    state = step(state, "0:chombo:continue")
    assert state.dead[1] and state.win_claim.seat == 2
    state = settle_as_read(state, 2)
    result = state.last_result
    assert [w.seat for w in result.wins] == [2]
    # the chombo (a reverse mangan) and then the ron on 5s: tanyao 1 han 40 fu
    assert state.scores == (25000 + 4000 - 1300, 25000 - 8000, 25000 + 2000 + 1300, 27000)
    assert state.chombo_counts == (0, 1, 0, 0) and not any(state.dead)
    assert_replays(state)


def test_win_claim_three_fixed_wins_on_one_discard_are_the_triple_ron_abortive_draw():
    hands = {1: TANYAO, 2: KANCHAN_5S, 3: THIRD_5S}
    state = play(on_5s(hands), "0:discard:5s", "1:ron", "2:ron", "3:ron")
    assert state.win_claim.queue == (2, 3)
    for seat in (1, 2, 3):
        assert state.win_claim.seat == seat
        state = settle_as_read(state, seat)
    result = state.last_result
    assert result.kind == "abortive" and result.abort == "sanchahou"
    assert state.scores == (25000,) * 4 and state.honba == 1 and state.round_number == 0
    assert_replays(state)


def test_win_claim_triple_ron_with_one_invalid_call_pays_the_other_two():
    hands = {1: TANYAO, 2: KANCHAN_5S}
    auto = play(on_5s(hands, AUTOMATIC), "0:discard:5s", "1:ron", "2:ron")
    state = play(on_5s(hands), "0:discard:5s", "1:ron", "2:ron", "3:win_anyway")
    state = settle_as_read(state, 1)
    state = settle_as_read(state, 2)
    assert state.win_claim.seat == 3 and [e.seat for e in state.win_claim.earlier] == [1, 2]
    state = step(state, "3:claim:1han30fu", "0:ng:noten", "1:ng", "2:ng", "0:invalid")
    assert [w.seat for w in state.last_result.wins] == [1, 2]
    assert state.last_result.deltas == auto.last_result.deltas
    assert_replays(state)
