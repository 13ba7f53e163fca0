"""Game review: hand-built positions (tests/data/review_positions.json) and whole games."""

import json
from pathlib import Path

import pytest

from rules.engine import (
    DISCARD,
    EAST,
    TSUMO,
    Action,
    Discard,
    SeatView,
    apply,
    new_game,
    parse_kind,
    parse_kinds,
    parse_tiles,
    play_game,
    replay,
    seat_view,
)
from rules.engine.presets import RONIN
from rules.engine.study.review import (
    DEAL_IN,
    MISSED_WIN,
    analyse_position,
    careful_choice,
    position_marks,
    review_decision,
    review_game,
)

DATA = json.loads((Path(__file__).parent.parent / "data" / "review_positions.json").read_text())
POSITIONS = DATA["positions"]


def kind(text):
    return parse_kind(text)[0]


def kinds(text):
    return sorted(k for k, _ in parse_kinds(text))


def build_view(spec, extra_legal=()):
    """Seat 0's view on its own turn, built from a position of the data file."""
    used: set[int] = set()
    hand = parse_tiles(spec["hand"], taken=used)
    used.update(hand)
    drawn = parse_tiles(spec["drawn"], taken=used)[0]
    used.add(drawn)
    riichi = spec.get("riichi", [None] * 4)
    rivers = []
    for seat, text in enumerate(spec.get("rivers", ["", "", "", ""])):
        tiles = parse_tiles(text, taken=used) if text else []
        used.update(tiles)
        rivers.append(tuple(Discard(t, riichi=(i == riichi[seat])) for i, t in enumerate(tiles)))
    dora = parse_tiles(spec["dora"], taken=used)
    held = sorted({*hand, drawn})
    legal = tuple(Action(0, DISCARD, t) for t in held) + tuple(extra_legal)
    return SeatView(
        seat=0,
        ruleset=RONIN,
        round_wind=EAST,
        round_number=0,
        honba=0,
        riichi_sticks=0,
        dealer=0,
        scores=(25000, 25000, 25000, 25000),
        hand=tuple(sorted(hand)),
        drawn=drawn,
        melds=((), (), (), ()),
        discards=tuple(rivers),
        riichi=tuple(r is not None for r in riichi),
        open_hands=(None, None, None, None),
        dora_indicators=tuple(dora),
        wall_remaining=50,
        turn=0,
        phase="turn",
        last_discard=None,
        legal=legal,
        furiten=False,
        waits=(),
        result=None,
        final=None,
    )


def ids(positions):
    return [p["name"] for p in positions]


def test_the_data_file_holds_at_least_twenty_positions():
    assert len(POSITIONS) >= 20


@pytest.mark.parametrize("spec", POSITIONS, ids=ids(POSITIONS))
def test_it_counts_shanten_and_acceptance_of_every_candidate_as_counted_by_hand(spec):
    position = analyse_position(build_view(spec))
    expect = spec["expect"]
    for tile, shanten in expect.get("shanten", {}).items():
        assert position.candidate(kind(tile)).shanten == shanten, tile
    for tile, accepted in expect.get("accepted", {}).items():
        assert list(position.candidate(kind(tile)).accepted) == kinds(accepted), tile
    for tile, count in expect.get("acceptance", {}).items():
        assert position.candidate(kind(tile)).acceptance == count, tile


@pytest.mark.parametrize(
    "spec", [p for p in POSITIONS if "best" in p["expect"]], ids=lambda p: p["name"]
)
def test_it_finds_the_best_discard_known_by_hand(spec):
    position = analyse_position(build_view(spec))
    best = position.best
    assert best.kind in [kind(t) for t in spec["expect"]["best"]]
    tied = {
        c.kind
        for c in position.candidates
        if (c.shanten, c.acceptance) == (best.shanten, best.acceptance)
    }
    assert tied == {kind(t) for t in spec["expect"]["best"]}


@pytest.mark.parametrize(
    "spec", [p for p in POSITIONS if "safe" in p["expect"]], ids=lambda p: p["name"]
)
def test_it_names_the_safe_tiles_and_the_danger_of_each_candidate(spec):
    position = analyse_position(build_view(spec))
    expect = spec["expect"]
    assert sorted(position.safe_kinds) == sorted(kind(t) for t in expect["safe"])
    for seat, labels in expect.get("labels", {}).items():
        for tile, label in labels.items():
            dangers = {d.seat: d for d in position.candidate(kind(tile)).dangers}
            assert dangers[int(seat)].label == label, (seat, tile)
    for tile, estimate in expect.get("danger", {}).items():
        assert position.candidate(kind(tile)).danger == pytest.approx(estimate), tile


@pytest.mark.parametrize(
    "spec", [p for p in POSITIONS if "bot" in p["expect"]], ids=lambda p: p["name"]
)
def test_it_shows_the_careful_bots_discard(spec):
    action = careful_choice(build_view(spec))
    assert action.type == DISCARD and action.tile >> 2 == kind(spec["expect"]["bot"])


@pytest.mark.parametrize(
    "spec", [p for p in POSITIONS if "marks" in p["expect"]], ids=lambda p: p["name"]
)
def test_it_marks_lost_acceptance_and_dangerous_discards(spec):
    position = analyse_position(build_view(spec))
    for tile, marks in spec["expect"]["marks"].items():
        assert position_marks(position, kind(tile)) == marks, tile


def test_without_a_threat_no_tile_is_called_safe_or_dangerous():
    position = analyse_position(build_view(POSITIONS[0]))
    assert position.threats == () and position.safe_kinds == ()
    assert all(c.dangers == () for c in position.candidates)


def open_threat_view(melds_of_seat_2):
    """The hand of "genbutsu and suji against one riichi", but seat 2 is not in riichi:
    it has thrown 4m 9p and shows open melds (a white-dragon pon and a 234s chi)."""
    from rules.engine import Meld

    view = build_view({"hand": "147m258p369s1234z", "drawn": "6z", "dora": "1p",
                       "rivers": ["", "", "4m9p", ""]})  # fmt: skip
    used = {*view.hand, view.drawn, *view.dora_indicators}
    used.update(d.tile for river in view.discards for d in river)
    melds = []
    for kind_name, text in (("pon", "555z"), ("chi", "234s"))[:melds_of_seat_2]:
        tiles = parse_tiles(text, taken=used)
        used.update(tiles)
        melds.append(Meld(kind_name, tuple(tiles), tiles[0], 1))
    return view._replace(melds=((), (), tuple(melds), ()))


def test_an_open_hand_with_a_dragon_pon_is_a_threat_with_its_own_safe_tiles_and_weight():
    position = analyse_position(open_threat_view(2))
    assert position.threats == (2,)
    assert position.safe_kinds == (kind("4m"),)  # its own discard (genbutsu)
    dangers = {c.tile: c.dangers for c in position.candidates}
    assert all(len(d) == 1 and d[0].seat == 2 and not d[0].riichi for d in dangers.values())
    labels = {tile: d[0].label for tile, d in dangers.items()}
    assert (labels["4m"], labels["1m"], labels["7m"]) == ("safe", "suji", "suji")
    assert labels["5p"] == labels["1z"] == "live"
    # two open melds, one of value: the careful bot weighs the hand 0.4 of a riichi, so
    # the estimates are those of the riichi position (1.5 % and 3.5 %) times 0.4
    danger = {c.tile: c.danger for c in position.candidates}
    assert danger["4m"] == 0 and danger["1m"] == pytest.approx(0.6)
    assert danger["7m"] == pytest.approx(1.4)
    assert "dangerous" in position_marks(position, kind("5p"))  # 4m kept the shanten
    assert "dangerous" not in position_marks(position, kind("4m"))


def test_a_single_open_meld_is_no_threat():
    position = analyse_position(open_threat_view(1))
    assert position.threats == () and position.safe_kinds == ()


def test_a_discard_while_a_tsumo_was_legal_is_a_missed_win():
    spec = {"hand": "123m456p789s11z23m", "drawn": "4m", "dora": "1p"}
    probe = build_view(spec)
    view = build_view(spec, extra_legal=[Action(0, TSUMO, probe.drawn)])
    played = next(a for a in view.legal if a.type == DISCARD and a.tile >> 2 == kind("1z"))
    decision = review_decision(view, played, 0, 0)
    assert MISSED_WIN in decision.marks
    assert decision.bot.type == TSUMO and not decision.agreed
    taken = review_decision(view, view.legal[-1], 0, 0)
    assert MISSED_WIN not in taken.marks and taken.agreed


def test_the_acceptance_counts_tiles_hidden_in_other_hands_as_unseen():
    state = new_game(RONIN, seed=11)
    view = seat_view(state, 0)
    position = analyse_position(view)
    hidden = [0] * 34
    for seat in (1, 2, 3):
        for tile in state.hands[seat]:
            hidden[tile >> 2] += 1
    # the full state shows tiles of some accepted kind in other hands...
    shown = [c for c in position.candidates if any(hidden[k] for k in c.accepted)]
    assert shown
    for c in shown:
        # ...but the review counts them as unseen: only the seat's own view is used
        from_view = sum(position.unseen[k] for k in c.accepted)
        assert c.acceptance == from_view
        assert c.acceptance > sum(max(0, position.unseen[k] - hidden[k]) for k in c.accepted)


def test_a_review_is_the_same_whatever_the_other_hands_hold():
    state = new_game(RONIN, seed=11)
    swapped = state.evolve(hands=(state.hands[0], state.hands[2], state.hands[3], state.hands[1]))
    assert swapped != state
    assert analyse_position(seat_view(swapped, 0)) == analyse_position(seat_view(state, 0))


@pytest.fixture(scope="module")
def careful_game():
    return play_game(RONIN, 7, ["careful"] * 4, check=False).state


@pytest.mark.parametrize("seat", range(4))
def test_the_careful_bot_agrees_with_every_decision_it_made_itself(careful_game, seat):
    review = review_game(careful_game.setup, careful_game.actions, seat)
    assert review.decisions > 30
    assert review.agreed == review.decisions
    assert all(h.agreement == 1.0 for h in review.hands)


@pytest.mark.parametrize("seat", range(4))
def test_every_deal_in_of_the_seat_is_marked_once(careful_game, seat):
    review = review_game(careful_game.setup, careful_game.actions, seat)
    results = careful_game_results(careful_game)
    dealt = sum(1 for r in results if r.kind == "ron" and any(w.from_seat == seat for w in r.wins))
    assert review.marks[DEAL_IN] == dealt
    marked = [d for h in review.hands for d in h.decisions if DEAL_IN in d.marks]
    assert all(d.played.seat == seat for d in marked)


def careful_game_results(final):
    """The result of every hand, found by replaying the game."""
    state = replay(final.setup, ())
    out = []
    for action in final.actions:
        before = state.last_result
        state, _ = apply(state, action)
        if state.last_result is not None and state.last_result is not before:
            out.append(state.last_result)
    return out


def test_the_summary_counts_decisions_per_hand_and_marks(careful_game):
    review = review_game(careful_game.setup, careful_game.actions, 3)
    text = review.summary()
    assert text.splitlines()[0].startswith(f"seat 3: {review.agreed}/{review.decisions}")
    assert "hand 1:" in text and "deal-in" in text


def test_a_seat_outside_the_table_is_refused(careful_game):
    with pytest.raises(ValueError, match="not a seat"):
        review_game(careful_game.setup, careful_game.actions, 4)


def test_only_the_reviewed_seats_own_decisions_are_reviewed(careful_game):
    review = review_game(careful_game.setup, careful_game.actions, 1)
    decisions = [d for h in review.hands for d in h.decisions]
    assert decisions and all(d.played.seat == 1 for d in decisions)


@pytest.mark.parametrize(
    "spec", [p for p in POSITIONS if p["expect"].get("safe") == []], ids=lambda p: p["name"]
)
def test_with_no_safe_tile_no_discard_is_marked_dangerous(spec):
    position = analyse_position(build_view(spec))
    assert position.threats
    assert all("dangerous" not in position_marks(position, c.kind) for c in position.candidates)


def test_a_call_decision_shows_the_shanten_each_option_leaves():
    # 234m 456p 789s 11z 5z 9m: one from tenpai; a pon of the east wind makes it tenpai
    view = build_view({"hand": "234m456p789s11z5z", "drawn": "9m", "dora": "1p"})
    hand = tuple(sorted((*view.hand, view.drawn)))
    east = [t for t in hand if t >> 2 == kind("1z")]
    offered = next(t for t in range(kind("1z") * 4, kind("1z") * 4 + 4) if t not in east)
    pon = Action(0, "pon", offered, tuple(east))
    passing = Action(0, "pass")
    view = view._replace(hand=hand, drawn=None, phase="calls", legal=(passing, pon))
    decision = review_decision(view, passing, 0, 0)
    assert dict(decision.calls) == {passing: 1, pon: 0}
    assert decision.position is None


def test_every_call_decision_of_a_game_lists_the_pass_and_the_choice(careful_game):
    review = review_game(careful_game.setup, careful_game.actions, 0)
    calls = [d for h in review.hands for d in h.decisions if d.calls]
    assert calls
    for d in calls:
        options = [a for a, _ in d.calls]
        assert any(a.type == "pass" for a in options)
        assert d.played in options or d.played.type not in ("pass", "chi", "pon", "daiminkan")


# --- a table whose wins are claimed (rules.engine.claims) ---------------------------------


def claimed_review(ruleset_change, *lines):
    """Seat 0 throws the 5s that completes seat 1's tanyao hand at a claimed table."""
    from .test_win_claims import CLAIMED, ron_on_5s, step

    state = step(ron_on_5s(CLAIMED.replace(**ruleset_change)), "0:discard:5s", *lines)
    return {seat: review_game(state.setup, state.actions, seat) for seat in range(4)}


def decisions_of(review):
    return [d for h in review.hands for d in h.decisions]


ACCEPTED = ("1:claim:1han40fu", "0:ok", "2:ok", "3:ok", "0:accept")


@pytest.mark.parametrize("check", [True, False], ids=["one-han-check", "no-check"])
def test_win_claim_review_counts_a_win_anyway_on_an_accepted_hand_as_that_win(check):
    reviews = claimed_review(
        {"one_han_check": check}, "2:pass", "3:pass", "1:win_anyway", *ACCEPTED
    )
    (won,) = decisions_of(reviews[1])
    assert won.played.type == "win_anyway" and won.bot.type == "ron"
    assert won.agreed and MISSED_WIN not in won.marks
    assert [a.type for a, _ in won.calls][:1] == ["ron"]  # the win is an option beside the pass
    # the others were only asked to pass or win anyway: no decision of theirs
    assert decisions_of(reviews[2]) == [] and decisions_of(reviews[3]) == []


def test_win_claim_review_marks_a_pass_on_an_accepted_hand_a_missed_win_without_the_check():
    reviews = claimed_review({"one_han_check": False}, "2:pass", "3:pass", "1:pass")
    (passed,) = decisions_of(reviews[1])
    assert passed.played.type == "pass" and passed.bot.type == "ron"
    assert not passed.agreed and MISSED_WIN in passed.marks


def test_win_claim_review_a_false_win_anyway_disagrees_and_is_no_missed_win():
    reviews = claimed_review({}, "1:pass", "3:pass", "2:win_anyway")
    (called,) = decisions_of(reviews[2])
    assert called.played.type == "win_anyway" and called.bot.type == "pass"
    assert not called.agreed and called.marks == ()
