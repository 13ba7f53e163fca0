"""Calls and turn order (the Ronin Game Rules "Calls & Turn Order", "Call rules"; the penalties page swap-calling)."""

import pytest

from rules.engine import IllegalAction, apply, pending_seats
from rules.engine.presets import RONIN
from rules.engine.testing import find, play, scenario, tsumogiri

# seat 2 waits on 2s/5s with all simples; seat 1 holds a pair of 5s
TANYAO_WAIT = "234m345p678p22s34s"
PAIR_5S = "147m369p155s1234z"


def test_ron_beats_pon_on_the_same_discard():
    state = scenario({1: PAIR_5S, 2: TANYAO_WAIT}, draws="5s")
    state = play(state, "0:discard:5s")
    assert set(pending_seats(state)) == {1, 2}
    state = play(state, "1:pon:5s", "2:ron")
    result = state.last_result
    assert result.kind == "ron" and [w.seat for w in result.wins] == [2]
    assert result.wins[0].from_seat == 0


def test_pon_beats_chi_from_the_next_seat():
    state = scenario({1: "147m369p1s1234z46s", 2: "147m369p1s1234z55s"}, draws="5s")
    state = play(state, "0:discard:5s", "1:chi:5s:46s", "2:pon:5s")
    assert state.turn == 2 and state.melds[2][0].kind == "pon"
    assert state.melds[1] == ()


def test_only_the_next_seat_may_chi():
    state = scenario({2: "147m369p1s1234z46s"}, draws="5s")
    state = play(state, "0:discard:5s")
    assert state.turn == 1 and state.phase == "turn"  # nobody was asked


def test_seat_that_passes_ron_to_pon_becomes_temporarily_furiten():
    # 55s + 88s shanpon: 5s both wins and can be ponned
    state = scenario({2: "234m345p678p55s88s"}, draws="5s")
    state = play(state, "0:discard:5s")
    assert {a.type for a in state.legal[2]} == {"ron", "pon", "pass"}
    state = play(state, "2:pon:5s")
    assert state.turn == 2 and state.furiten[2] == 1
    state = play(state, "2:discard:8s")
    assert state.furiten[2] == 0  # cleared by the seat's own discard (the Ronin Game Rules)


def test_last_discard_of_the_hand_can_only_be_ronned():
    # seat 1 draws the last tile (draw 70) and discards it; seat 2 holds a pair of it
    state = scenario({2: "147m369p1s1234z55s"}, last="5s")
    state = tsumogiri(state, 69)
    assert state.turn == 1 and state.wall_remaining == 0
    state = play(state, "1:discard:5s")
    assert state.hand_index == 1  # nobody could pon: straight to the exhaustive draw
    assert state.last_result.kind == "exhaustive"


def test_last_discard_can_still_be_ronned():
    state = scenario({2: TANYAO_WAIT}, last="5s", avoid="25s")
    state = tsumogiri(state, 69)
    state = play(state, "1:discard:5s")
    assert [a.type for a in state.legal[2]] == ["ron", "pass"]
    state = play(state, "2:ron")
    names = [n for n, _ in state.last_result.wins[0].score.yaku]
    assert "Houtei raoyui" in names


# seat 1 pons 1p, 9m and 9s, leaving 5678m: a chi on 8m would leave only 5m and 8m,
# both forbidden by kuikae (same tile, other end of the run); no yaku, so no ron
FOUR_CALLS_HAND = "11p99m99s5678m238s"
FOUR_CALLS_DRAWS = "1p 5z 6z 9m 5z 6z 9s 7z 7z 8m"


def _three_pons(ruleset=RONIN):
    state = scenario({1: FOUR_CALLS_HAND}, draws=FOUR_CALLS_DRAWS, ruleset=ruleset)
    state = play(state, "0:discard:1p", "1:pon:1p", "1:discard:2s")
    state = tsumogiri(state, 2)
    state = play(state, "0:discard:9m", "1:pon:9m", "1:discard:3s")
    state = tsumogiri(state, 2)
    state = play(state, "0:discard:9s", "1:pon:9s", "1:discard:8s")
    return tsumogiri(state, 2)


def test_call_is_not_offered_when_kuikae_would_leave_no_legal_discard():
    state = _three_pons()
    assert state.hands[1] == tuple(sorted(state.hands[1])) and len(state.hands[1]) == 4
    state = play(state, "0:discard:8m")
    assert state.phase == "turn" and state.turn == 1  # no chi was offered


def test_same_call_is_offered_when_kuikae_is_allowed():
    state = _three_pons(RONIN.replace(kuikae=True))
    state = play(state, "0:discard:8m")
    assert [a.type for a in state.legal[1]] == ["chi", "pass"]


def test_kuikae_forbids_discarding_the_called_tile_after_pon():
    state = scenario({1: "147m369p1234z055s"}, draws="5s")
    state = play(state, "0:discard:5s", "1:pon:5s:05s")
    assert all(a.tile >> 2 != 22 for a in state.legal[1])
    with pytest.raises(IllegalAction) as exc:
        apply(state, find_discard(state, 1, "5s"))
    assert exc.value.message.startswith("swap-calling: cannot discard 5s after pon")


def test_kuikae_forbids_the_other_end_of_the_chi():
    state = scenario({1: "147m369p1234z567s"}, draws="4s")
    state = play(state, "0:discard:4s", "1:chi:4s:56s")
    kinds = {a.tile >> 2 for a in state.legal[1]}
    assert 21 not in kinds and 24 not in kinds  # neither 4s nor 7s
    with pytest.raises(IllegalAction) as exc:
        apply(state, find_discard(state, 1, "7s"))
    assert "swap-calling: cannot discard 7s after chi 456s" in exc.value.message


def test_suji_kuikae_can_be_switched_off_separately():
    ruleset = RONIN.replace(kuikae_suji=False)
    state = scenario({1: "147m369p1234z567s"}, draws="4s", ruleset=ruleset)
    state = play(state, "0:discard:4s", "1:chi:4s:56s")
    kinds = {a.tile >> 2 for a in state.legal[1]}
    assert 24 in kinds and 21 not in kinds


def test_kuikae_allowed_lets_the_caller_discard_the_same_tile():
    ruleset = RONIN.replace(kuikae=True)
    state = scenario({1: "147m369p1234z055s"}, draws="5s", ruleset=ruleset)
    state = play(state, "0:discard:5s", "1:pon:5s:05s", "1:discard:5s")
    assert state.discards[1][-1].tile >> 2 == 22


def test_no_kan_after_pon_on_the_same_turn():
    state = scenario({1: "147m369p1234z055s"}, draws="5s")
    state = play(state, "0:discard:5s", "1:pon:5s:05s")
    assert {a.type for a in state.legal[1]} == {"discard"}


def test_play_passes_to_the_right_of_the_caller():
    state = scenario({2: "147m369p1s1234z55s"}, draws="5s")
    state = play(state, "0:discard:5s", "2:pon:5s", "2:discard:1z")
    assert state.turn == 3  # seat 1 was skipped


def test_red_fives_make_distinct_pon_choices():
    state = scenario({1: "147m369p1s1234z05s"}, draws="5s")
    state = play(state, "0:discard:5s")
    pons = [a for a in state.legal[1] if a.type == "pon"]
    assert len(pons) == 1  # only one way: the red and the plain five
    state = scenario({1: "147m369p1234z055s"}, draws="5s")
    state = play(state, "0:discard:5s")
    pons = [a for a in state.legal[1] if a.type == "pon"]
    assert len(pons) == 2  # with the red five or with two plain ones


def find_discard(state, seat, notation):
    from rules.engine import Action
    from rules.engine.testing import tiles

    kind = tiles(notation)[0] >> 2
    tile = next(t for t in state.hands[seat] if t >> 2 == kind)
    return Action(seat, "discard", tile)


def test_every_pending_seat_has_pass_among_its_options():
    state = scenario({1: PAIR_5S, 2: TANYAO_WAIT}, draws="5s")
    state = play(state, "0:discard:5s")
    for seat in pending_seats(state):
        assert find(state, f"{seat}:pass").type == "pass"


def test_the_table_before_answers_is_the_same_whether_or_not_anyone_could_call():
    """What seats not asked may be shown while calls are decided (the app's call window):
    the tile in the pond, nobody's draw yet, nobody asked, whatever the hands hold."""
    from rules.engine import before_answers, spectator_view

    pictures = []
    for hands in ({2: "147m369p1s1234z55s"}, {2: "147m369p1s1234z56s"}):  # a pair, or not
        state = scenario(hands, draws="5s")
        discard = find(state, "0:discard:5s")
        shown = before_answers(state, discard)
        assert shown.phase == "calls" and pending_seats(shown) == ()
        assert shown.discards[0][-1].tile == discard.tile and shown.drawn is None
        assert shown.wall_remaining == state.wall_remaining  # nobody drew
        after, _ = apply(state, discard)
        assert after.phase == ("calls" if "55s" in hands[2] else "turn")
        view = spectator_view(shown)
        # which copy of 5s the dealer held differs with the other hands; its kind does not
        kinds = [[d.tile >> 2 for d in pond] for pond in view.discards]
        pictures.append((view._replace(discards=(), last_discard=None, claim_tile=None), kinds))
    assert pictures[0] == pictures[1]
