"""Game review: the waits of a ready hand with their value (riichi or dama), and what a
call or a pass does to a hand's value. Every number below was counted by hand."""

from dataclasses import replace

from rules.engine import DISCARD, PASS, PON, RIICHI, Action, parse_kind, parse_tiles, play_game
from rules.engine import review_to_dict as to_dict
from rules.engine.presets import RONIN
from rules.engine.study.review import (
    GameReview,
    HandReview,
    analyse_position,
    review_decision,
    review_game,
)
from rules.engine.study.review_values import (
    CLOSED,
    NO_YAKU,
    TANYAO,
    YAKUHAI,
    call_value,
    discard_waits,
)

from .test_review import build_view


def kind(text):
    return parse_kind(text)[0]


def with_riichi(spec):
    """The view with riichi legal for every discard (the hand is closed and ready)."""
    probe = build_view(spec)
    held = sorted({*probe.hand, probe.drawn})
    return build_view(spec, extra_legal=[Action(0, RIICHI, t) for t in held])


# East 1, seat 0 is the dealer; the dora indicator is the red dragon (dora: white, not held).
PINFU = {
    "hand": "123m456p789s22z45s",
    "drawn": "9p",
    "dora": "7z",
    "rivers": ["", "6s", "", ""],
}
KANCHAN = {"hand": "123m456p789s55z46s", "drawn": "9p", "dora": "3z"}  # dora: north


def test_a_two_sided_pinfu_wait_is_worth_1500_dama_and_2900_after_riichi():
    waits = discard_waits(with_riichi(PINFU), kind("9p"))
    # 3s and 6s: four 3s unseen, one 6s lies in seat 1's river
    assert [(w.kind, w.unseen) for w in waits] == [(kind("3s"), 4), (kind("6s"), 3)]
    # dealer ron: pinfu 1 han 30 fu = 1500; with riichi 2 han 30 fu = 2900
    assert [(w.dama, w.riichi) for w in waits] == [(1500, 2900), (1500, 2900)]


def test_a_hand_without_a_yaku_is_worth_nothing_dama_but_2000_after_riichi():
    waits = discard_waits(with_riichi(KANCHAN), kind("9p"))
    assert [w.kind for w in waits] == [kind("5s")]
    # riichi 1 han; 20 + 10 closed ron + 2 closed wait + 2 white-dragon pair = 34 -> 40 fu
    assert (waits[0].dama, waits[0].riichi) == (0, 2000)


def test_without_a_legal_riichi_only_the_dama_value_is_given():
    waits = discard_waits(build_view(PINFU), kind("9p"))
    assert all(w.riichi is None for w in waits) and waits[0].dama == 1500


def test_a_discard_that_does_not_leave_the_hand_ready_has_no_waits():
    assert discard_waits(with_riichi(PINFU), kind("1m")) == ()


def test_the_position_gives_the_waits_of_each_ready_candidate_and_flags_furiten():
    furiten = {**KANCHAN, "rivers": ["5s", "", "", ""]}
    position = analyse_position(with_riichi(furiten))
    ready = [c for c in position.candidates if c.shanten == 0]
    assert [c.kind for c in ready] == [kind("9p")]
    assert ready[0].furiten and [w.kind for w in ready[0].waits] == [kind("5s")]
    others = [c for c in position.candidates if c.shanten > 0]
    assert all(c.waits == () and not c.furiten for c in others)
    assert not analyse_position(with_riichi(KANCHAN)).candidate(kind("9p")).furiten


def test_the_stored_form_carries_the_waits_and_their_values():
    view = with_riichi(PINFU)
    played = next(a for a in view.legal if a.type == RIICHI and a.tile >> 2 == kind("9p"))
    decision = review_decision(view, played, 0, 0)
    data = to_dict(GameReview(0, (HandReview(0, (decision,)),)))
    stored = data["hands"][0]["decisions"][0]
    assert stored["played_type"] == RIICHI and stored["played_kind"] == kind("9p")
    candidate = next(c for c in stored["candidates"] if c["kind"] == kind("9p"))
    assert candidate["waits"] == [
        {"kind": kind("3s"), "unseen": 4, "dama": 1500, "riichi": 2900},
        {"kind": kind("6s"), "unseen": 3, "dama": 1500, "riichi": 2900},
    ]


def call_view(spec, discarder_tile, legal_types):
    """Seat 0 may call the tile seat 3 just discarded (or pass)."""
    view = build_view(spec)
    used = {*view.hand, view.drawn}
    tile = parse_tiles(discarder_tile, taken=used)[0]
    hand = tuple(sorted(view.hand))
    legal = [Action(0, PASS)]
    for type_name, own in legal_types:
        mine = [t for t in hand if t >> 2 in [kind(x) for x in own]][: len(own)]
        legal.append(Action(0, type_name, tile, tuple(mine)))
    return replace(
        view,
        drawn=None,
        phase="calls",
        turn=3,
        last_discard=(3, tile),
        legal=tuple(legal),
    )


def test_a_pon_of_a_dragon_keeps_a_yaku_and_the_pass_keeps_the_hand_closed():
    spec = {"hand": "55z123m456p78s199p", "drawn": "9m", "dora": "4m"}
    view = call_view(spec, "5z", [(PON, ["5z", "5z"])])
    passing, pon = (call_value(view, a) for a in view.legal)
    assert passing.route == CLOSED and pon.route == YAKUHAI
    # the dora is the 5m (indicator 4m): none held
    assert passing.dora == pon.dora == 0


def test_a_pon_of_simples_aims_for_tanyao_and_of_terminals_loses_the_yaku():
    spec = {"hand": "22m345p678s99p11s9m", "drawn": "5z", "dora": "1m"}
    simple = call_view(spec, "2m", [(PON, ["2m", "2m"])])
    assert call_value(simple, simple.legal[1]).route == TANYAO
    # the 2m is dora (indicator 1m): both held count, and stay counted after the pon
    assert call_value(simple, simple.legal[0]).dora == 2
    assert call_value(simple, simple.legal[1]).dora == 3
    terminal = call_view(spec, "9p", [(PON, ["9p", "9p"])])
    assert call_value(terminal, terminal.legal[1]).route == NO_YAKU


def test_a_call_that_leaves_the_hand_ready_gives_the_best_value_of_its_waits():
    # after pon of the white dragon and discarding the 9p: 123m 456p 78s + 2s pair -> 6s/9s
    spec = {"hand": "55z123m456p78s22s9p", "drawn": "1z", "dora": "7z"}
    view = call_view(spec, "5z", [(PON, ["5z", "5z"])])
    pon = call_value(view, view.legal[1])
    # white dragon pon is a yaku (1 han) and dora (indicator red dragon): 3 dora = 4 han;
    # 20 fu + 4 for the open honour triplet = 24 -> 30 fu; dealer ron 4 han 30 fu is
    # 11600, rounded up to a mangan (12000) because these rules round it up (kiriage)
    assert RONIN.kiriage
    assert pon.route == YAKUHAI and pon.dora == 3 and pon.ready_value == 12000
    assert call_value(view, view.legal[0]).ready_value is None


def test_a_call_decision_lists_shanten_and_value_of_every_option():
    spec = {"hand": "55z123m456p78s199p", "drawn": "9m", "dora": "4m"}
    view = call_view(spec, "5z", [(PON, ["5z", "5z"])])
    decision = review_decision(view, view.legal[0], 0, 0)
    assert [a.type for a, _ in decision.calls] == [PASS, PON]
    assert [v.route for v in decision.call_values] == [CLOSED, YAKUHAI]
    assert all(a.type != DISCARD for a, _ in decision.calls)


def test_the_review_reports_its_progress_hand_by_hand_up_to_the_whole_log():
    state = play_game(RONIN.replace(game_type="tonpuusen"), 3, ["careful"] * 4, check=False).state
    seen = []
    review_game(state.setup, state.actions, 1, lambda done, total: seen.append((done, total)))
    total = len(state.actions)
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert len(seen) == state.hand_index + 2  # once as each hand starts, once at the end
