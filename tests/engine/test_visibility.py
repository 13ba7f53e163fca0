"""What each seat may see (views.py): privacy over whole games, and the panels."""

import json
import random

from rules.engine import PASS, apply, new_game
from rules.engine.presets import RONIN
from rules.engine.testing import play, scenario, tsumogiri
from rules.engine.visibility import (
    seat_view,
    spectator_view,
    view_tiles,
    view_to_dict,
    visible_events,
)
from rules.engine.wall import dead_wall_tiles, dora_indicators

TENPAI = "234m345p678p22s34s"


def hidden_from(state, seat):
    """Physical tiles ``seat`` must not see right now."""
    hidden = set(state.wall[state.live_next : state.live_end])
    hidden |= set(dead_wall_tiles(state.wall, state.live_end, state.rinshan_used))
    hidden -= set(dora_indicators(state.wall, state.dora_shown))
    for other in range(4):
        if other != seat and not state.open_riichi[other]:
            hidden |= set(state.hands[other])
    if state.claim is not None and state.claim.kind != "discard":
        hidden.discard(state.claim.tile)  # a tile added to a kan is shown to everyone
    return hidden


def _random_game(seed, ruleset=RONIN):
    rng = random.Random(seed)
    state = new_game(ruleset, seed=seed)
    yield state, ()
    while not state.finished:
        seat = rng.choice([s for s in range(4) if state.legal[s]])
        action = rng.choice(state.legal[seat])
        state, events = apply(state, action)
        yield state, events


def test_no_view_ever_shows_a_hidden_tile_over_a_whole_game():
    checked = 0
    for state, _ in _random_game(11, RONIN.replace(open_riichi=True)):
        if state.finished:
            break
        for seat in (0, 1, 2, 3, None):
            view = seat_view(state, seat)
            shown = view_tiles(view)
            assert not shown & hidden_from(state, seat), (seat, state.hand_index)
            json.dumps(view_to_dict(view))  # the transport form is plain JSON
            checked += 1
    assert checked > 1000


def test_spectator_sees_no_concealed_tiles_and_has_no_actions():
    state = new_game(RONIN, seed=5)
    view = spectator_view(state)
    assert view.seat is None and view.hand == () and view.drawn is None and view.legal == ()
    assert view.hand_sizes == (14, 13, 13, 13)


def test_own_view_has_hand_drawn_tile_and_legal_actions():
    state = new_game(RONIN, seed=5)
    view = seat_view(state, 0)
    assert view.drawn == state.drawn and len(view.hand) == 13
    assert view.drawn not in view.hand
    assert view.legal == state.legal[0] and view.phase == "turn" and view.turn == 0
    other = seat_view(state, 1)
    assert other.drawn is None and other.legal == ()


def test_view_shows_own_waits_and_furiten():
    state = scenario({2: TENPAI}, draws="5s")
    state = play(state, "0:discard:5s", "2:pass")
    view = seat_view(state, 2)
    assert view.waits == (19, 22) and view.furiten
    assert seat_view(state, 1).waits == ()


def test_events_hide_other_seats_draws_and_passes():
    state = scenario({2: TENPAI}, draws="5s")
    state, _ = apply(state, state.legal[0][0])  # the dealer discards 5s
    state, events = apply(state, next(a for a in state.legal[2] if a.type == PASS))
    assert any(e.kind == "action" and e.data.type == PASS for e in events)
    seen_by_1 = visible_events(events, 1)
    assert not any(e.kind == "action" and e.data.type == PASS for e in seen_by_1)
    draw = next(e for e in events if e.kind == "draw")
    for seat in range(4):
        shown = next(e for e in visible_events(events, seat) if e.kind == "draw")
        assert shown.tile == (draw.tile if seat == draw.seat else None)


def test_result_panel_shows_winner_yaku_payments_and_ura_for_riichi():
    state = scenario({0: TENPAI}, draws="9m 8m 8m 5s", avoid="25s")
    state = play(state, "0:riichi:9m")
    state = tsumogiri(state, 2)
    state = play(state, "3:discard:5s", "0:ron")
    view = seat_view(state, 1)
    panel = view_to_dict(view)["result"]
    assert panel["kind"] == "ron" and panel["wins"][0]["seat"] == 0
    assert panel["wins"][0]["yaku"] and panel["wins"][0]["han"] >= 3
    assert len(panel["ura_indicators"]) == 1
    assert sum(panel["deltas"]) == 1000  # the riichi stick came off the table


def test_exhaustive_draw_panel_shows_tenpai_hands_and_noten_payments():
    state = scenario({1: TENPAI}, avoid="25s")
    while state.hand_index == 0:
        state = tsumogiri(state, 1)
    panel = view_to_dict(seat_view(state, 3))["result"]
    assert panel["tenpai"] == [False, True, False, False]
    assert panel["hands"][1] and panel["hands"][0] is None
    assert panel["noten_deltas"] == [-1000, 3000, -1000, -1000]


def test_final_standings_appear_in_every_view_at_game_end():
    state = scenario({}, round_wind=28, round_number=3, scores=(40000, 20000, 20000, 20000))
    while not state.finished:
        state = tsumogiri(state, 1)
    for seat in (0, 3, None):
        view = seat_view(state, seat)
        assert view.phase == "game_end" and view.final[0].seat == 0
        assert view_to_dict(view)["final"][0]["place"] == 1
