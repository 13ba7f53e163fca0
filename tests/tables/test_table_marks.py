"""Marks on the table a player reads at a glance: an added kan stacked on its called
tile, a called discard and the last discard marked in the pond, and the news said in
words for screen readers while the call-out shows at the caller's seat, an abortive draw
that says why, and the seat to move marked with its clock counting down."""

import datetime as dt
import re
import typing

from rules.engine import seat_view
from rules.engine.presets import RONIN
from rules.engine.state import AbortReason
from rules.engine.testing import play, scenario, tsumogiri
from tables.drawing import (
    board_markup,
    frames,
    news_presenters,
    result_markup,
    result_presenters,
    seat_presenters,
    tile_markup,
)
from tables.play import timers as timing

NAMES = [{"name": n} for n in ("East", "South", "West", "North")]
PON_HAND = {1: "55z147m369p147s12z"}  # South holds two white dragons


def added_kan():
    """East throws a white dragon, South pons it and later adds the fourth."""
    state = scenario(PON_HAND, draws="5z 9m 9m 9m 5z")
    state = play(state, "0:discard:5z", "1:pon:5z", "1:discard:1m")
    state = tsumogiri(state, 3)
    return play(state, "1:shouminkan:5z")


def test_an_added_kan_stacks_its_fourth_tile_on_the_called_one():
    state = added_kan()
    meld = state.melds[1][0]
    kind, source, items = seat_presenters.meld_data(meld, 1)
    assert (kind, source) == ("shouminkan", "left")
    html = tile_markup.meld((kind, source, items), 0, ())
    stacked = re.search(r'<span class="stacked">(.*?)</span></span>', html)
    assert stacked, html
    # the called tile and the added one, both turned, in one stack; two more stand
    assert stacked[1].count("sideways") == 2 and stacked[1].count("data-tile=") == 2
    assert html.count("data-tile=") == 4


def test_a_called_discard_and_the_last_discard_are_marked_in_the_pond():
    state = scenario(PON_HAND, draws="5z 9m")
    state = play(state, "0:discard:5z", "1:pon:5z", "1:discard:1m")
    east = seat_presenters.pond_data(state.discards[0], 0, state.last_discard)
    south = seat_presenters.pond_data(state.discards[1], 1, state.last_discard)
    assert "called" in east[0][1].split() and "last" not in east[0][1].split()
    assert "last" in south[-1][1].split()
    html = board_markup.seat(seat_presenters.seats_data(seat_view(state, None), NAMES)[1], 0, ())
    assert re.search(r'class="tile[^"]*\blast\b', html)


def test_the_news_is_said_in_words_and_shown_at_the_caller_s_seat():
    state = scenario(PON_HAND, draws="5z")
    state = play(state, "0:discard:5z")
    said = board_markup.news({"news": news_presenters.latest_news(state, NAMES)})
    live = re.search(r'<div id="table-announce"[^>]*aria-live="polite"[^>]*>(.*?)</div>', said)
    assert live and live[1] == "East discards the White dragon"
    state = play(state, "1:pon:5z")
    said = board_markup.news({"news": news_presenters.latest_news(state, NAMES)})
    assert 'class="callout show"' in said and 'data-seats="1"' in said
    assert '<span class="call-word at-1">Pon</span>' in said
    assert re.search(r'aria-live="polite"[^>]*>South calls pon', said)


def test_every_abortive_draw_says_why_on_the_result_screen():
    reasons = typing.get_args(AbortReason)
    assert len(reasons) == 5
    assert set(result_presenters.ABORT_REASONS) == set(reasons)
    # a real one: East declares nine different terminals and honours on the first draw
    state = scenario({0: "19m19p19s1234567z"}, draws="9m")
    state = play(state, "0:kyuushu")
    result = state.last_result
    assert (result.kind, result.abort) == ("abortive", "kyuushu_kyuuhai")
    context = result_presenters.result_context(result, state.hand_index - 1, NAMES, ())
    html = result_markup.result_panel(context)
    assert "The hand is void: nine different terminals and honours (kyuushu kyuuhai)." in html


def test_the_seat_to_move_is_marked_and_its_clock_counts_down_for_everyone():
    state = scenario({0: "123m456p789s1234z"}, draws="5z")  # East to discard
    start = dt.datetime(2026, 1, 1, 20, 0, tzinfo=dt.UTC)
    clock = timing.start(RONIN, start)
    watching = seat_view(state, 1)
    seats = seat_presenters.seats_data(watching, NAMES)
    assert [s["turn"] for s in seats] == [True, False, False, False]
    assert 'class="seat-area seat-0 is-turn"' in board_markup.seat(seats[0], 0, ())
    assert 'class="seat-area seat-1"' in board_markup.seat(seats[1], 0, ())
    three_seconds_on = start + dt.timedelta(seconds=3)
    for view, line in ((watching, "East to play"), (seat_view(state, 0), "Your move")):
        countdown = frames.countdown(view, clock, three_seconds_on)
        shown = board_markup._turn_line(
            {"countdown": countdown, "finished": False, "calls_phase": False, "turn_name": "East"}
        )
        assert line in shown and 'role="timer"' in shown
        assert f'data-base="{RONIN.thinking_time - 3:.1f}"' in shown
