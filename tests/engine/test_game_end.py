"""When the game ends (the Ronin Game Rules "Game Structure", "West Round (Sudden Death)", tobi,
agariyame / tenpaiyame; leftover riichi sticks)."""

from rules.engine.presets import RONIN
from rules.engine.testing import play, scenario, tsumogiri

TENPAI = "234m345p678p22s34s"
SOUTH, WEST = 28, 29


def _to_the_end(state):
    index = state.hand_index
    while state.hand_index == index and not state.finished:
        state = tsumogiri(state, 1)
    return state


def _seat1_tsumo(scores=None, **kw):
    """Seat 1 wins by tsumo on its first draw-but-one (no first-turn yaku)."""
    state = scenario({1: TENPAI}, draws="8m 8m 8m 8m 2p 5s", avoid="25s", scores=scores, **kw)
    state = tsumogiri(state, 5)
    return play(state, "1:tsumo")


def test_tobi_ends_the_game_when_a_score_goes_below_zero():
    paid = _seat1_tsumo().last_result.wins[0].payment.payers[3]
    scores = (25000, 25000 + 25000 - paid + 100, 25000, paid - 100)
    state = _seat1_tsumo(scores)
    assert state.finished and state.scores[3] == -100
    assert state.final[0].seat == 1


def test_exactly_zero_points_does_not_end_the_game():
    paid = _seat1_tsumo().last_result.wins[0].payment.payers[3]
    scores = (25000, 50000 - paid, 25000, paid)
    state = _seat1_tsumo(scores)
    assert not state.finished and state.scores[3] == 0


def test_tobi_off_plays_on_below_zero():
    paid = _seat1_tsumo().last_result.wins[0].payment.payers[3]
    scores = (25000, 50000 - paid + 100, 25000, paid - 100)
    state = _seat1_tsumo(scores, ruleset=RONIN.replace(tobi=False))
    assert not state.finished and state.scores[3] == -100


def test_hanchan_ends_after_south_4_when_someone_reached_the_threshold():
    scores = (40000, 20000, 20000, 20000)
    state = _to_the_end(scenario({}, round_wind=SOUTH, round_number=3, scores=scores))
    assert state.finished and state.final[0].seat == 0
    assert [x.place for x in state.final] == [1, 2, 3, 4]


def test_west_round_starts_when_nobody_reached_the_threshold():
    state = _to_the_end(scenario({}, round_wind=SOUTH, round_number=3))
    assert not state.finished
    assert state.round_wind == WEST and state.round_number == 0 and state.honba == 1


def test_west_round_is_skipped_when_the_ruleset_has_none():
    ruleset = RONIN.replace(west_round=False)
    state = _to_the_end(scenario({}, round_wind=SOUTH, round_number=3, ruleset=ruleset))
    assert state.finished


def test_west_round_ends_the_moment_someone_reaches_the_threshold_even_on_renchan():
    # dealer (seat 0) wins at West 1 and passes 30,000: no renchan, the game is over
    state = scenario({0: "123m456p789s5566z"}, draws="5z", round_wind=WEST)
    state = play(state, "0:tsumo")
    assert state.finished and state.final[0].seat == 0


def test_west_4_renchan_continues_below_the_threshold():
    state = _to_the_end(scenario({3: TENPAI}, round_wind=WEST, round_number=3, avoid="25s"))
    assert not state.finished
    assert state.round_wind == WEST and state.round_number == 3 and state.honba == 1
    assert max(state.scores) < 30000


def test_game_ends_after_west_4_whatever_the_scores():
    state = _to_the_end(scenario({}, round_wind=WEST, round_number=3))
    assert state.finished and max(state.scores) < 30000


def test_east_only_game_ends_after_east_4():
    ruleset = RONIN.replace(game_type="tonpuusen")
    scores = (40000, 20000, 20000, 20000)
    state = _to_the_end(scenario({}, round_number=3, scores=scores, ruleset=ruleset))
    assert state.finished


def test_east_only_game_extends_into_south_when_nobody_reached_the_threshold():
    ruleset = RONIN.replace(game_type="tonpuusen")
    state = _to_the_end(scenario({}, round_number=3, ruleset=ruleset))
    assert not state.finished and state.round_wind == SOUTH and state.round_number == 0


def test_hanchan_moves_from_east_4_to_south_1():
    state = _to_the_end(scenario({}, round_number=3))
    assert not state.finished and state.round_wind == SOUTH and state.round_number == 0


def _dealer_wins_all_last(**settings):
    ruleset = RONIN.replace(**settings)
    hand = {3: "123m456p789s5566z"}
    state = scenario(
        hand, draws="8m 8m 8m 8m 5z", round_wind=SOUTH, round_number=3, ruleset=ruleset
    )
    state = tsumogiri(state, 4)
    return play(state, "3:tsumo")


def test_all_last_dealer_win_plays_on_without_agariyame():
    state = _dealer_wins_all_last()
    assert not state.finished and state.round_number == 3 and state.honba == 1


def test_agariyame_ends_the_game_when_the_leading_dealer_wins_all_last():
    assert _dealer_wins_all_last(agariyame=True).finished


def test_tenpaiyame_ends_the_game_when_the_leading_dealer_is_tenpai_all_last():
    ruleset = RONIN.replace(tenpaiyame=True)
    scores = (20000, 20000, 20000, 40000)
    kw = {"round_wind": SOUTH, "round_number": 3, "scores": scores, "ruleset": ruleset}
    state = _to_the_end(scenario({3: TENPAI}, avoid="25s", **kw))
    assert state.finished
    state = _to_the_end(scenario({3: TENPAI}, avoid="25s", **{**kw, "ruleset": RONIN}))
    assert not state.finished


def test_leftover_riichi_sticks_go_to_first_place_at_the_end():
    scores = (39000, 20000, 20000, 20000)
    state = scenario({}, round_wind=SOUTH, round_number=3, riichi_sticks=1, scores=scores)
    state = _to_the_end(state)
    assert state.finished
    first = state.final[0]
    assert first.seat == 0 and first.sticks == 1000 and first.score == 40000


def test_finished_game_offers_no_actions():
    scores = (40000, 20000, 20000, 20000)
    state = _to_the_end(scenario({}, round_wind=SOUTH, round_number=3, scores=scores))
    assert state.phase == "game_end" and not any(state.legal)
