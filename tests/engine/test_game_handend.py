"""How hands end and pay (the Ronin Game Rules "Scoring Fundamentals", "Liability", "Dealer Rotation",
"Nagashi Mangan", "Multiple Ron", "Abortive Draws"; the app rule settings pseudo-tenpai)."""

from rules.engine.presets import RONIN
from rules.engine.testing import QUIET, play, scenario, tsumogiri
from rules.engine.tiles import TERMINALS_AND_HONORS, kind_notation, parse_kinds, tiles_from_kinds

TENPAI = "234m345p678p22s34s"  # 2s/5s, all simples
KANCHAN_5S = "234p456p678s22m46s"  # 5s, all simples
THIRD_5S = "345m567m888p22p46s"  # 5s, all simples
JUNK = "8m 8m 8m 8m"


def test_double_ron_pays_both_winners_full_honba_and_sticks_go_to_the_nearer():
    hands = {1: TENPAI, 2: KANCHAN_5S}
    scores = (25000, 25000, 25000, 24000)
    state = scenario(hands, draws=JUNK + " 5s", honba=2, riichi_sticks=1, scores=scores)
    state = tsumogiri(state, 4)
    state = play(state, "0:discard:5s", "2:ron", "1:ron")
    result = state.last_result
    assert [w.seat for w in result.wins] == [1, 2]
    first, second = result.wins
    assert first.payment.sticks == 1000 and second.payment.sticks == 0
    for win in result.wins:
        hand_value = -(-win.score.base_points * 4 // 100) * 100
        assert win.payment.payers == {0: hand_value + 600}
    assert state.honba == 0 and state.riichi_sticks == 0 and state.round_number == 1


def test_head_bump_when_double_ron_is_off():
    ruleset = RONIN.replace(double_ron=False)
    state = scenario({1: TENPAI, 2: KANCHAN_5S}, draws=JUNK + " 5s", ruleset=ruleset)
    state = tsumogiri(state, 4)
    state = play(state, "0:discard:5s", "2:ron", "1:ron")
    result = state.last_result
    assert [w.seat for w in result.wins] == [1]
    assert result.deltas[2] == 0


def test_dealer_among_double_ron_winners_keeps_the_seat_and_honba_rises():
    state = scenario({0: KANCHAN_5S, 1: TENPAI}, draws="8m 8m 8m 5s", honba=1)
    state = tsumogiri(state, 3)
    state = play(state, "3:discard:5s", "0:ron", "1:ron")
    assert [w.seat for w in state.last_result.wins] == [0, 1]
    assert state.round_number == 0 and state.honba == 2


def test_triple_ron_is_an_abortive_draw_by_default():
    hands = {1: TENPAI, 2: KANCHAN_5S, 3: THIRD_5S}
    state = scenario(
        hands, draws=JUNK + " 5s", honba=1, riichi_sticks=1, scores=(24000,) + (25000,) * 3
    )
    state = tsumogiri(state, 4)
    state = play(state, "0:discard:5s", "1:ron", "2:ron", "3:ron")
    result = state.last_result
    assert result.kind == "abortive" and result.abort == "sanchahou"
    assert result.deltas == (0, 0, 0, 0)
    assert state.round_number == 0 and state.honba == 2 and state.riichi_sticks == 1


def test_triple_ron_wins_all_three_when_the_ruleset_says_so():
    ruleset = RONIN.replace(sanchahou=False, triple_ron=True)
    hands = {1: TENPAI, 2: KANCHAN_5S, 3: THIRD_5S}
    state = scenario(hands, draws=JUNK + " 5s", ruleset=ruleset)
    state = tsumogiri(state, 4)
    state = play(state, "0:discard:5s", "1:ron", "2:ron", "3:ron")
    assert [w.seat for w in state.last_result.wins] == [1, 2, 3]


# --- pao ---------------------------------------------------------------------------------

DRAGONS = "55z66z77z234m9s9m1p8p"  # pons all three dragons from the dealer, waits on 8p
PAO_DRAWS = "5z 8m 8m 6z 8m 8m 7z"


def _three_dragon_pons(extra_draws):
    state = scenario({1: DRAGONS}, draws=PAO_DRAWS + " " + extra_draws)
    state = play(state, "0:discard:5z", "1:pon:5z", "1:discard:9s")
    state = tsumogiri(state, 2)
    state = play(state, "0:discard:6z", "1:pon:6z", "1:discard:9m")
    state = tsumogiri(state, 2)
    state = play(state, "0:discard:7z", "1:pon:7z", "1:discard:1p")
    assert state.pao[1] == 0
    return state


def test_pao_tsumo_the_liable_player_pays_everything():
    state = _three_dragon_pons("2p 2p 2p 8p")
    state = tsumogiri(state, 3)
    state = play(state, "1:tsumo")
    win = state.last_result.wins[0]
    assert "Daisangen" in [n for n, _ in win.score.yaku]
    assert win.pao == 0 and win.payment.payers == {0: 32000}


def test_pao_ron_by_a_third_player_is_split_with_the_discarder():
    state = _three_dragon_pons("8p")
    state = play(state, "2:discard:8p", "1:ron")
    win = state.last_result.wins[0]
    assert win.payment.payers == {0: 16000, 2: 16000}


def test_liable_player_dealing_in_pays_as_an_ordinary_ron():
    state = _three_dragon_pons("2p 2p 8p")
    state = tsumogiri(state, 2)
    state = play(state, "0:discard:8p", "1:ron")
    assert state.last_result.wins[0].payment.payers == {0: 32000}


# --- exhaustive draws -------------------------------------------------------------------


def _to_the_end(state):
    while state.hand_index == 0:
        state = tsumogiri(state, 1)
    return state


def test_noten_payments_three_thousand_to_the_only_tenpai_player():
    state = _to_the_end(scenario({1: TENPAI}, avoid="25s", honba=1))
    result = state.last_result
    assert result.kind == "exhaustive" and result.tenpai == (False, True, False, False)
    assert result.deltas == (-1000, 3000, -1000, -1000)
    assert result.hands[1] is not None and result.hands[0] is None
    assert state.round_number == 1 and state.honba == 2  # dealer noten: rotates, honba +1


def test_dealer_tenpai_at_exhaustive_draw_keeps_the_seat():
    state = _to_the_end(scenario({0: TENPAI}, avoid="25s"))
    assert state.last_result.tenpai[0]
    assert state.round_number == 0 and state.honba == 1


def test_riichi_sticks_stay_on_the_table_after_a_draw():
    state = scenario({0: TENPAI}, draws="9m", avoid="25s")
    state = play(state, "0:riichi:9m")
    state = _to_the_end(state)
    assert state.riichi_sticks == 1 and state.last_result.riichi_sticks == 1


def test_a_riichi_hand_is_tenpai_at_the_draw_so_there_is_no_noten_riichi_chombo():
    state = scenario({0: TENPAI}, draws="9m", avoid="25s")
    state = _to_the_end(play(state, "0:riichi:9m"))
    result = state.last_result
    assert result.tenpai == (True, False, False, False)
    assert result.deltas == (3000, -1000, -1000, -1000)
    assert state.chombo_counts == (0, 0, 0, 0)


# open, no yaku, waiting on 6s/9s after ponning 9m
NO_YAKU = "99m123p456p78s99s5z"


def _no_yaku_tenpai(**settings):
    ruleset = RONIN.replace(**settings)
    state = scenario({1: NO_YAKU}, draws="9m", avoid="69s", ruleset=ruleset)
    state = play(state, "0:discard:9m", "1:pon:9m", "1:discard:5z")
    return _to_the_end(state).last_result


def test_tenpai_without_yaku_counts_at_the_draw_by_default():
    assert _no_yaku_tenpai().tenpai == (False, True, False, False)


def test_tenpai_without_yaku_is_noten_when_the_setting_says_so():
    assert _no_yaku_tenpai(tenpai_no_yaku_ok=False).tenpai == (False,) * 4


def _karaten(**settings):
    state = scenario({1: "2222m345p678p456s"}, ruleset=RONIN.replace(**settings))
    return _to_the_end(state).last_result


def test_pure_karaten_is_noten():
    assert not _karaten().tenpai[1]


def test_pure_karaten_counts_when_every_empty_wait_is_allowed():
    assert _karaten(tenpai_empty_waits="all_ok").tenpai[1]


def _waits_all_discarded(**settings):
    # seat 1 waits only on 5s; the four 5s are discarded by the others
    ruleset = RONIN.replace(**settings)
    state = scenario({1: "234m345p678p22s46s"}, draws="5s 8m 5s 5s 0s", ruleset=ruleset)
    return _to_the_end(state).last_result


def test_wait_whose_copies_are_all_in_rivers_still_counts_as_tenpai():
    assert _waits_all_discarded().tenpai[1]


def test_wait_whose_copies_are_all_seen_is_noten_when_no_empty_wait_is_allowed():
    assert not _waits_all_discarded(tenpai_empty_waits="none").tenpai[1]


def _furiten_tenpai(**settings):
    ruleset = RONIN.replace(**settings)
    draws = "8m 5s 8m 8m 8m 2s"
    state = scenario({1: "234m345p678p2s34s9s"}, draws=draws, avoid="25s", ruleset=ruleset)
    state = tsumogiri(state, 1)
    state = play(state, "1:discard:5s")
    state = tsumogiri(state, 3)
    state = play(state, "1:discard:9s")
    return _to_the_end(state).last_result


def test_furiten_tenpai_counts_by_default():
    assert _furiten_tenpai().tenpai[1]


def test_furiten_tenpai_is_noten_when_the_setting_says_so():
    assert not _furiten_tenpai(tenpai_furiten_ok=False).tenpai[1]


# --- nagashi mangan --------------------------------------------------------------------

ORPHANS = "9m9m9m9m1p1p1p1p9s9s9s9s7z7z1z6z6z"
SIMPLES = "2m3m5m6m8m2p4p5p7p8p2s3s5s6s8s" * 3 + "2m3m6m8m2p4p7p8p"


def _nagashi_draws():

    orphans = iter(parse_kinds(ORPHANS))
    simples = iter(parse_kinds(SIMPLES))
    out = ["5z"]
    for n in range(2, 71):  # after seat 2's pon, draw n is seat (n + 1) % 4's
        kind, _ = next(orphans) if (n + 1) % 4 == 2 else next(simples)
        out.append(kind_notation(kind))
    return " ".join(out)


def test_nagashi_mangan_after_calling_others_tiles():
    scores = (25000, 25000, 25000, 24000)
    hands = {2: "147m369p147s55z66z"}
    state = scenario(hands, draws=_nagashi_draws(), honba=1, riichi_sticks=1, scores=scores)
    state = play(state, "0:discard:5z", "2:pon:5z", "2:discard:6z")
    state = _to_the_end(state)
    result = state.last_result
    assert result.kind == "nagashi" and result.nagashi == (2,)
    assert result.deltas == (-4000, -2000, 8000, -2000)  # no honba in the payment
    assert state.honba == 2 and state.round_number == 1  # as an exhaustive draw
    assert state.riichi_sticks == 1  # the stick stays on the table


def _dealer_nagashi_wall():
    """The dealer holds TENPAI (2s/5s) and draws 18 orphans, discarding each; the
    others hold QUIET and draw simples that are not its waits, then spare orphans."""
    taken: set[int] = set()

    def take(text):
        out = tiles_from_kinds(parse_kinds(text), RONIN.red_fives, taken)
        taken.update(out)
        return out

    hands = {0: take(TENPAI), 1: take(QUIET), 2: take(QUIET), 3: take(QUIET)}
    orphans = take("9m9m9m9m1p1p1p1p9s9s9s9s5z5z5z5z6z6z")
    simples = [t for t in range(136) if t not in taken and t >> 2 not in (19, 22)]
    spare = sorted(simples, key=lambda t: t >> 2 in TERMINALS_AND_HONORS)
    it_orphans, it_spare = iter(orphans), iter(spare)
    draws = [next(it_orphans) if n % 4 == 0 else next(it_spare) for n in range(70)]
    return hands, draws


def test_dealer_nagashi_mangan_while_tenpai_keeps_the_seat_and_adds_a_honba():
    # Nagashi Mangan: a dealer's is 4,000 from each, no honba in it, the sticks stay,
    # honba +1, and the tenpai dealer keeps the seat as at an exhaustive draw
    hands, draws = _dealer_nagashi_wall()
    scores = (25000, 25000, 25000, 24000)
    state = scenario(hands, draws=draws, honba=1, riichi_sticks=1, scores=scores)
    state = _to_the_end(state)
    result = state.last_result
    assert result.kind == "nagashi" and result.nagashi == (0,)
    assert result.tenpai == (True, False, False, False)
    assert result.deltas == (12000, -4000, -4000, -4000) and result.noten_deltas == ()
    assert state.scores == (37000, 21000, 21000, 20000) and state.riichi_sticks == 1
    assert state.round_number == 0 and state.honba == 2


def test_nagashi_mangan_is_lost_when_a_discard_is_claimed():
    hands = {2: "147m369p147s55z66z", 3: "47m36p47s77z12345z"}
    state = scenario(hands, draws=_nagashi_draws())
    state = play(state, "0:discard:5z", "2:pon:5z", "2:discard:6z")
    while not (state.turn == 2 and state.drawn >> 2 == 33):
        state = tsumogiri(state, 1)
    state = play(state, "2:discard:7z", "3:pon:7z", "3:discard:1z")
    state = _to_the_end(state)
    assert state.last_result.kind == "exhaustive" and state.last_result.nagashi == ()


def test_nagashi_mangan_off_is_an_ordinary_draw():
    ruleset = RONIN.replace(nagashi_mangan=False)
    state = scenario({2: "147m369p147s55z66z"}, draws=_nagashi_draws(), ruleset=ruleset)
    state = play(state, "0:discard:5z", "2:pon:5z", "2:discard:6z")
    assert _to_the_end(state).last_result.kind == "exhaustive"


# --- abortive draws ---------------------------------------------------------------------

NINE_ORPHANS = "19m19p19s1234z258m"


def test_kyuushu_kyuuhai_is_offered_on_the_first_turn_and_aborts():
    state = scenario({0: NINE_ORPHANS}, draws="8m", honba=0)
    assert "kyuushu" in {a.type for a in state.legal[0]}
    state = play(state, "0:kyuushu")
    result = state.last_result
    assert result.kind == "abortive" and result.abort == "kyuushu_kyuuhai"
    assert state.round_number == 0 and state.honba == 1


def test_kyuushu_kyuuhai_needs_nine_kinds():
    state = scenario({0: "19m19p1234z25688m"}, draws="8s")
    assert "kyuushu" not in {a.type for a in state.legal[0]}


def test_a_call_before_the_turn_removes_kyuushu_kyuuhai():
    seat3 = "19m19p19s567z258m3p"
    state = scenario({3: seat3}, draws="2p 2p 2p 2p")
    state = tsumogiri(state, 3)
    assert "kyuushu" in {a.type for a in state.legal[3]}
    state = scenario({2: "147m369p1s1234z66z", 3: seat3}, draws="6z 8m")
    state = play(state, "0:discard:6z", "2:pon:6z", "2:discard:1z")
    assert state.turn == 3 and "kyuushu" not in {a.type for a in state.legal[3]}


def test_kyuushu_kyuuhai_setting_off_never_offers_it():
    state = scenario({0: NINE_ORPHANS}, draws="8m", ruleset=RONIN.replace(kyuushu_kyuuhai=False))
    assert "kyuushu" not in {a.type for a in state.legal[0]}


def test_four_winds_on_the_first_go_around_abort():
    state = scenario({}, draws=JUNK)
    state = play(state, "0:discard:1z", "1:discard:1z", "2:discard:1z")
    assert state.hand_index == 0
    state = play(state, "3:discard:1z")
    result = state.last_result
    assert result.kind == "abortive" and result.abort == "suufon_renda"


def test_different_winds_do_not_abort():
    state = scenario({}, draws=JUNK)
    state = play(state, "0:discard:1z", "1:discard:1z", "2:discard:1z", "3:discard:2z")
    assert state.hand_index == 0


def test_four_winds_setting_off_plays_on():
    state = scenario({}, draws=JUNK, ruleset=RONIN.replace(suufon_renda=False))
    state = play(state, "0:discard:1z", "1:discard:1z", "2:discard:1z", "3:discard:1z")
    assert state.hand_index == 0


# --- dealer rotation after wins -----------------------------------------------------------


def test_dealer_win_keeps_the_seat_and_adds_a_honba():
    state = scenario({0: "123m456p789s5566z"}, draws="5z", honba=2)
    state = play(state, "0:tsumo")
    assert state.round_number == 0 and state.honba == 3


def test_non_dealer_win_moves_the_dealer_and_resets_honba():
    state = scenario({1: TENPAI}, draws="8m 5s", honba=3, avoid="25s")
    state = tsumogiri(state, 1)
    state = play(state, "1:tsumo")
    assert state.round_number == 1 and state.honba == 0
    assert state.last_result.wins[0].payment.total >= 900  # 3 honba paid


def test_an_abortive_draw_has_no_noten_payments_even_with_a_tenpai_seat():
    # seat 1 draws the fourth East and stays tenpai; the others hold one East each
    state = scenario(
        {1: TENPAI},
        draws="8m 1z 8m 8m",
        honba=1,
        riichi_sticks=1,
        scores=(25000, 25000, 25000, 24000),
    )
    state = play(state, "0:discard:1z", "1:discard:1z", "2:discard:1z", "3:discard:1z")
    result = state.last_result
    assert result.kind == "abortive" and result.abort == "suufon_renda"
    assert result.deltas == (0, 0, 0, 0) and result.noten_deltas == ()
    assert state.scores == (25000, 25000, 25000, 24000) and state.riichi_sticks == 1
    assert state.round_number == 0 and state.honba == 2
