"""Kans: limits, dora timing, robbing (the Ronin Game Rules "Kan", "Kan Dora Timing", "Chankan")."""

from rules.engine.presets import RONIN
from rules.engine.testing import play, scenario, tsumogiri

QUAD = "8888m369p1s1234z5z"  # a quad and nothing else useful
FOUR_QUADS = "8888m9999m5555z6z"


def kinds(state, seat):
    return {a.type for a in state.legal[seat]}


def test_kan_allowed_with_exactly_two_tiles_in_the_live_wall():
    state = scenario({3: QUAD})
    state = tsumogiri(state, 67)  # draw 68 is seat 3's
    assert state.turn == 3 and state.wall_remaining == 2
    assert "ankan" in kinds(state, 3)


def test_kan_refused_with_one_tile_in_the_live_wall():
    state = scenario({0: QUAD})
    assert "ankan" in kinds(state, 0)
    state = tsumogiri(state, 68)
    assert state.turn == 0 and state.wall_remaining == 1
    assert "ankan" not in kinds(state, 0)


def test_consecutive_concealed_kans_each_show_a_dora_at_once():
    state = scenario({0: "8888m9999m555z67z"}, draws="1p", rinshan="2p 3p")
    state = play(state, "0:ankan:8m")
    assert state.dora_shown == 2 and state.rinshan
    state = play(state, "0:ankan:9m")
    assert state.dora_shown == 3 and state.kan_seats == (0, 0)


def test_four_kans_by_one_player_play_on():
    state = scenario({0: FOUR_QUADS}, draws="7z", rinshan="7z 7z 7z 1p")
    state = play(state, "0:ankan:8m", "0:ankan:9m", "0:ankan:5z", "0:ankan:7z")
    assert len(state.melds[0]) == 4 and state.dora_shown == 5
    state = play(state, "0:discard:1p")
    assert state.hand_index == 0 and state.turn == 1  # no abortive draw


def test_no_fifth_kan_is_ever_offered():
    hands = {0: FOUR_QUADS, 1: "147m369p1s234z111p"}
    state = scenario(hands, draws="7z", rinshan="7z 7z 7z 1p")
    state = play(state, "0:ankan:8m", "0:ankan:9m", "0:ankan:5z", "0:ankan:7z", "0:discard:1p")
    assert "daiminkan" not in kinds(state, 1) and "pon" in kinds(state, 1)


THREE_THEN_OPEN = {0: "8888m9999m5555z6z", 1: "147m369p1s234z666z"}


def test_four_kans_by_two_players_abort_after_the_fourth_kan_discard_passes():
    state = scenario(THREE_THEN_OPEN, draws="1p", rinshan="2p 2p 2p 8p")
    state = play(state, "0:ankan:8m", "0:ankan:9m", "0:ankan:5z", "0:discard:6z")
    state = play(state, "1:daiminkan:6z")
    assert state.hand_index == 0 and state.turn == 1  # the fourth kan is made
    state = play(state, "1:discard:8p")
    result = state.last_result
    assert result.kind == "abortive" and result.abort == "suukaikan"
    assert state.honba == 1 and state.round_number == 0


def test_four_kans_by_two_players_play_on_when_the_abort_is_off():
    ruleset = RONIN.replace(suukaikan=False)
    state = scenario(THREE_THEN_OPEN, draws="1p", rinshan="2p 2p 2p 8p", ruleset=ruleset)
    state = play(state, "0:ankan:8m", "0:ankan:9m", "0:ankan:5z", "0:discard:6z")
    state = play(state, "1:daiminkan:6z", "1:discard:8p")
    assert state.hand_index == 0 and state.turn == 2


# --- kan dora timing -----------------------------------------------------------------

# seat 1 holds three 6z and calls the dealer's 6z; its replacement tile is 9m
OPEN_KAN = {1: "147m369p1s234z666z"}


def _open_kan(ruleset=RONIN, rinshan="9m", extra=None, draws="6z"):
    hands = dict(OPEN_KAN)
    hands.update(extra or {})
    state = scenario(hands, draws=draws, rinshan=rinshan, ruleset=ruleset)
    return play(state, "0:discard:6z", "1:daiminkan:6z")


def test_open_kan_dora_waits_for_the_replacement_discard_to_pass():
    state = _open_kan()
    assert state.dora_shown == 1 and state.dora_pending == 1
    state = play(state, "1:discard:9m")
    assert state.dora_shown == 2 and state.dora_pending == 0


def test_deferred_kan_dora_is_shown_even_if_that_discard_is_then_ponned():
    state = _open_kan(extra={3: "147m369p1s1234z99m"})
    state = play(state, "1:discard:9m")
    assert state.phase == "calls" and state.dora_shown == 1
    state = play(state, "3:pon:9m")
    assert state.dora_shown == 2 and state.turn == 3


def test_open_kan_dora_is_not_shown_when_the_replacement_discard_is_ronned():
    state = _open_kan(extra={2: "234m456p678s55p78m"}, rinshan="9m")
    state = play(state, "1:discard:9m", "2:ron")
    assert state.last_result.kind == "ron"
    assert len(state.last_result.dora_indicators) == 1


def _rinshan_after_open_kan(ruleset=RONIN):
    hands = {1: "666z234m456p789s5z"}  # waits on 5z tanki after the kan
    # the kan's indicator 5z makes 6z dora: the kan's four tiles
    state = scenario(hands, draws="6z", rinshan="5z", dora="1p 5z", ruleset=ruleset)
    state = play(state, "0:discard:6z", "1:daiminkan:6z", "1:tsumo")
    return state.last_result


def test_rinshan_kaihou_after_an_open_kan_does_not_show_its_dora():
    result = _rinshan_after_open_kan()
    assert "Rinshan kaihou" in [n for n, _ in result.wins[0].score.yaku]
    assert len(result.dora_indicators) == 1


def test_with_rinshan_kan_dora_a_win_on_an_open_kan_s_replacement_tile_counts_its_dora():
    # santi-league 2026-06-14_010857 East 1: an added kan of 9m, then rinshan kaihou
    # with that kan's 8m indicator turned: 4 dora
    for timing in ("after_discard", "after_discard_survives"):
        ruleset = RONIN.replace(kan_dora_timing=timing, rinshan_kan_dora=True)
        result = _rinshan_after_open_kan(ruleset)
        assert len(result.dora_indicators) == 2
        assert ("Dora", 4) in result.wins[0].score.yaku


def test_rinshan_kaihou_after_a_concealed_kan_counts_its_dora():
    state = scenario({0: "8888m234m456p789s"}, draws="5z", rinshan="5z")
    state = play(state, "0:ankan:8m")
    assert state.dora_shown == 2
    state = play(state, "0:tsumo")
    assert len(state.last_result.dora_indicators) == 2


def test_after_discard_timing_shows_the_dora_before_the_ron_check():
    ruleset = RONIN.replace(kan_dora_timing="after_discard")
    state = _open_kan(ruleset, extra={2: "234m456p678s55p78m"})
    assert state.dora_shown == 1
    state = play(state, "1:discard:9m")
    assert state.dora_shown == 2
    state = play(state, "2:ron")
    assert len(state.last_result.dora_indicators) == 2


def test_immediate_timing_shows_the_open_kan_dora_at_once():
    state = _open_kan(RONIN.replace(kan_dora_timing="immediate"))
    assert state.dora_shown == 2 and state.dora_pending == 0


def test_kan_dora_setting_off_shows_no_kan_dora():
    state = _open_kan(RONIN.replace(kan_dora=False, kan_ura_dora=False))
    state = play(state, "1:discard:9m")
    assert state.dora_shown == 1
    no_kan_dora = RONIN.replace(kan_dora=False, kan_ura_dora=False)
    state = scenario({0: "8888m9999m555z67z"}, draws="1p", ruleset=no_kan_dora)
    state = play(state, "0:ankan:8m")
    assert state.dora_shown == 1


def _riichi_tsumo_after_ankan(ruleset=RONIN):
    hand = {0: "8888m345p678p22s3s"}  # kan, then riichi on 2s/5s
    state = scenario(hand, draws="4s 1p 1p 9s 5s", rinshan="9m", ruleset=ruleset)
    state = play(state, "0:ankan:8m", "0:riichi:9m")
    state = tsumogiri(state, 3)
    return play(state, "0:tsumo").last_result


def test_kan_ura_dora_are_shown_with_the_kan_dora_for_a_riichi_winner():
    result = _riichi_tsumo_after_ankan()
    assert len(result.dora_indicators) == 2 and len(result.ura_indicators) == 2


def test_without_kan_ura_dora_only_the_first_ura_indicator_counts():
    result = _riichi_tsumo_after_ankan(RONIN.replace(kan_ura_dora=False))
    assert len(result.dora_indicators) == 2 and len(result.ura_indicators) == 1


# --- chankan ----------------------------------------------------------------------------

TENPAI = "234m345p678p22s34s"


def _added_kan_after_riichi(ruleset=RONIN):
    hands = {0: TENPAI, 1: "147m369p1s1234z55s"}
    draws = "9m 8m 0s 8m 8m 9p 5s"
    state = scenario(hands, draws=draws, ruleset=ruleset)
    state = tsumogiri(state, 2)
    state = play(state, "2:discard:0s", "0:pass", "1:pon:0s:55s", "1:discard:1z")
    state = tsumogiri(state, 2)
    state = play(state, "0:riichi:9p")
    assert state.ippatsu[0] and state.turn == 1
    return play(state, "1:shouminkan:5s")


def test_chankan_on_shouminkan_keeps_ippatsu_and_shows_no_new_dora():
    state = _added_kan_after_riichi()
    assert state.phase == "calls" and [a.type for a in state.legal[0]] == ["ron", "pass"]
    state = play(state, "0:ron")
    win = state.last_result.wins[0]
    names = [n for n, _ in win.score.yaku]
    assert "Chankan" in names and "Ippatsu" in names and "Riichi" in names
    assert len(state.last_result.dora_indicators) == 1
    assert win.from_seat == 1


def test_passing_chankan_completes_the_kan_and_ends_ippatsu():
    state = _added_kan_after_riichi()
    state = play(state, "0:pass")
    assert state.melds[1][0].kind == "shouminkan" and state.rinshan and state.turn == 1
    assert not state.ippatsu[0] and state.furiten[0] == 2


def test_only_kokushi_robs_a_concealed_kan():
    hands = {
        0: "9999s234m567m345p",
        1: "234p456p678p22m78s",  # waits 6s/9s: could ron a discarded 9s, not the kan
        2: "19m19p1s11234567z",  # kokushi waiting on 9s
        3: "2588m258p358s66z7z",
    }
    state = scenario(hands, draws="5z")
    state = play(state, "0:ankan:9s")
    assert state.phase == "calls"
    assert state.legal[1] == () and [a.type for a in state.legal[2]] == ["ron", "pass"]
    state = play(state, "2:ron")
    win = state.last_result.wins[0]
    assert win.score.yakuman and win.from_seat == 0


def test_a_seat_that_could_not_rob_a_concealed_kan_is_not_made_furiten_by_it():
    # Temporary furiten comes from letting a winning tile go; only the kokushi hand
    # could take a concealed kan's tile, so the other seat waiting on it keeps its ron.
    hands = {
        0: "9999s234m567m345p",
        1: "234p456p678p22m78s",  # waits 6s/9s
        2: "19m19p1s11234567z",  # kokushi waiting on 9s
    }
    state = scenario(hands, draws="5z", rinshan="6s")
    state = play(state, "0:ankan:9s", "2:pass")
    assert state.furiten[1] == 0 and state.furiten[2] == 1
    state = play(state, "0:discard:6s")
    assert "ron" in kinds(state, 1)


# --- added kans (shouminkan): dora timing and rinshan kaihou ------------------------------

# seat 1 pons the dealer's 5s, then adds the fourth (red) 5s; 5z tanki after the pon
ADDED = {1: "55s234m456p789p56z"}


def _added_kan(rinshan):
    state = scenario(ADDED, draws="5s 8m 8m 8m 0s", rinshan=rinshan)
    state = play(state, "0:discard:5s", "1:pon:5s", "1:discard:6z")
    state = tsumogiri(state, 3)
    return play(state, "1:shouminkan:0s")


def test_added_kan_dora_waits_for_the_replacement_discard_to_pass():
    state = _added_kan(rinshan="9m")
    assert state.melds[1][0].kind == "shouminkan"
    assert state.dora_shown == 1 and state.dora_pending == 1
    state = play(state, "1:discard:9m")
    assert state.dora_shown == 2 and state.dora_pending == 0


def test_rinshan_kaihou_after_an_added_kan_does_not_show_its_dora():
    state = play(_added_kan(rinshan="5z"), "1:tsumo")
    result = state.last_result
    assert "Rinshan kaihou" in [n for n, _ in result.wins[0].score.yaku]
    assert len(result.dora_indicators) == 1


def test_a_concealed_kan_after_an_open_kan_shows_both_indicators_in_kan_order():
    # the open kan's indicator is still waiting for its replacement discard when the
    # concealed kan (whose indicator shows at once) is declared: both show, in order
    state = scenario({1: "666z888m147p369s1z"}, draws="6z", rinshan="8m 9m")
    state = play(state, "0:discard:6z", "1:daiminkan:6z")
    assert state.dora_shown == 1 and state.dora_pending == 1
    state = play(state, "1:ankan:8m")
    assert state.dora_shown == 3 and state.dora_pending == 0
