"""Liability (pao) for Big Four Winds in whole games (the Ronin Game Rules "Liability (Pao)").

Big Three Dragons is played through in ``test_game_handend.py``; Suukantsu carrying no
liability in ``test_game_settings.py``."""

from rules.engine.testing import play, scenario, tsumogiri

# seat 1 pons all four winds from the dealer and is left waiting on 8p (tanki)
WINDS = "11z22z33z44z8p9s9m1p9p"
OTHERS = {0: "147m369p147s567z2p", 2: "258m147p258s577z3p", 3: "369m258p369s567z6s"}
WIND_DRAWS = "1z 2m 3m 2z 4m 6m 3z 7m 2s 4z"


def _four_wind_pons(extra_draws, hand=WINDS, **kw):
    hands = {1: hand, **OTHERS}
    state = scenario(hands, draws=WIND_DRAWS + " " + extra_draws, **kw)
    for wind, junk in (("1z", "9s"), ("2z", "9m"), ("3z", "1p")):
        state = play(state, f"0:discard:{wind}", f"1:pon:{wind}", f"1:discard:{junk}")
        assert state.pao[1] is None  # three wind sets make nobody liable
        state = tsumogiri(state, 2)
    state = play(state, "0:discard:4z", "1:pon:4z", "1:discard:9p")
    return state


def test_the_discarder_of_the_fourth_wind_set_becomes_liable():
    assert _four_wind_pons("8p").pao == (None, 0, None, None)


def test_big_four_winds_tsumo_is_paid_in_full_by_the_liable_player():
    state = tsumogiri(_four_wind_pons("2p 3p 4p 8p"), 3)
    state = play(state, "1:tsumo")
    win = state.last_result.wins[0]
    assert [n for n, _ in win.score.yaku] == ["Daisuushii"]
    # a double yakuman (the Ronin list): the liable dealer pays the whole 64,000
    assert win.pao == 0 and win.payment.payers == {0: 64000}
    assert state.last_result.deltas == (-64000, 64000, 0, 0)


def test_big_four_winds_ron_off_a_third_player_is_split_half_and_half():
    scores = (25000, 25000, 25000, 24000)
    state = _four_wind_pons("8p", honba=1, riichi_sticks=1, scores=scores)
    state = play(state, "2:discard:8p", "1:ron")
    win = state.last_result.wins[0]
    assert win.pao == 0
    # 64,000 split 32,000 / 32,000; the honba stays with the discarder (document silent)
    assert win.payment.payers == {0: 32000, 2: 32300}
    assert win.payment.sticks == 1000


def test_big_four_winds_with_all_honours_is_a_triple_yakuman_of_which_pao_covers_the_double():
    # Yakuman Options: the list makes Daisuushii a double yakuman and stacking is allowed,
    # so with Tsuuiisou it is a triple (the example that calls it a double contradicts the
    # list; we follow the list). Liability covers the Daisuushii part only.
    state = _four_wind_pons("2p 3p 4p 6z", hand="11z22z33z44z6z9s9m1p9p")
    state = play(tsumogiri(state, 3), "1:tsumo")
    win = state.last_result.wins[0]
    assert {n for n, _ in win.score.yaku} == {"Daisuushii", "Tsuuiisou"}
    assert win.score.base_points == 3 * 8000
    # 64,000 for Daisuushii from the liable dealer; Tsuuiisou as a tsumo (16,000 / 8,000 / 8,000)
    assert win.pao == 0 and win.payment.payers == {0: 80000, 2: 8000, 3: 8000}
