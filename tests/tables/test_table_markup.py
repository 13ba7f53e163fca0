"""The table as drawn: presenters give data, the markup modules alone write the HTML, and
what a call-out or a result screen says comes from public information only."""

import re

from django.template.loader import get_template

from rules.engine import is_red, seat_view
from rules.engine.presets import RONIN
from rules.engine.testing import play, scenario, tsumogiri
from tables.drawing import (
    board_markup,
    news_presenters,
    result_presenters,
    seat_presenters,
    tile_markup,
)
from tables.drawing.frames import SeatFrames

NAMES = [{"name": n} for n in ("East", "South", "West", "North")]
PON_HAND = {1: "55z147m369p147s12z"}  # South holds two white dragons


def test_a_red_five_is_named_as_players_say_it():
    reds = tuple(RONIN.red_fives)
    red = next(t for t in range(13 * 4, 14 * 4) if is_red(t, reds))  # a five of circles
    assert seat_presenters.tile_name(red, reds) == "red five of circles"
    html = tile_markup.tile(red, 0, reds)
    assert 'alt="red five of circles"' in html


def test_the_white_dragon_is_drawn_with_a_frame():
    assert 'class="tile haku"' in tile_markup.tile(31 * 4, 0, ())
    assert "haku" not in tile_markup.tile(32 * 4, 0, ())


def test_a_pon_turns_the_called_tile_toward_the_seat_it_came_from():
    state = scenario(PON_HAND, draws="5z")
    state = play(state, "0:discard:5z", "1:pon:5z")
    kind, source, items = seat_presenters.meld_data(state.melds[1][0], 1)
    assert (kind, source) == ("pon", "left")  # East sits on South's left
    assert [how for _, how, _ in items] == ["sideways", "", ""]  # from the left: first


def test_a_concealed_kan_shows_its_outer_tiles_face_down():
    state = scenario({0: "8888m369p1s1234z5z"})
    state = play(state, "0:ankan:8m")
    html = tile_markup.meld(seat_presenters.meld_data(state.melds[0][0], 0), 0, ())
    assert html.count("tile-backs in-meld") == 2 and html.count("data-tile=") == 2


def test_a_call_out_waits_until_the_call_is_made():
    state = scenario(PON_HAND, draws="5z")
    state = play(state, "0:discard:5z")
    assert news_presenters.latest_news(state, NAMES)[3] == "East discards the White dragon"
    state = play(state, "1:pon:5z")
    _, seats, word, sentence = news_presenters.latest_news(state, NAMES)
    assert (seats, word) == ((1,), "Pon") and sentence.startswith("South calls pon")


def test_a_pass_tells_nobody_anything():
    state = scenario(PON_HAND, draws="5z")
    state = play(state, "0:discard:5z")
    before = news_presenters.latest_news(state, NAMES)
    state = play(state, "1:pass")
    assert news_presenters.latest_news(state, NAMES) == before


def test_a_riichi_is_called_out_and_its_discard_lies_sideways():
    tenpai = "123m456p789s55z23s"
    state = scenario({0: tenpai}, draws="9m")
    state = play(state, "0:riichi:9m")
    _, seats, word, _ = news_presenters.latest_news(state, NAMES)
    assert (seats, word) == ((0,), "Riichi")
    pond = seat_presenters.pond_data(state.discards[0], 0, state.last_discard)
    assert "riichi-tile" in pond[0][1]


def test_the_riichi_stick_lies_in_front_of_a_riichi_player():
    state = scenario({0: "123m456p789s55z23s"}, draws="9m")
    state = play(state, "0:riichi:9m")
    state = tsumogiri(state, 1)
    seats = seat_presenters.seats_data(seat_view(state, None), NAMES)
    assert seats[0]["riichi"] and 'class="riichi-stick"' in board_markup.seat(seats[0], 0, ())
    assert 'class="riichi-stick"' not in board_markup.seat(seats[1], 0, ())


def test_buttons_do_not_change_from_one_version_to_the_next():
    """The version rides on the hand (htmx merges it in), so a button's markup is cached."""
    state = scenario({}, draws="1p")
    frames = SeatFrames(0)
    names = [{"name": n["name"], "connected": True} for n in NAMES]
    first = frames.render(state, 5, names, None, None, full=True)
    second = SeatFrames(0).render(state, 6, names, None, None, full=True)
    buttons = re.compile(r'<button type="button" class="tile-button[^>]*>')
    assert buttons.findall(first) == buttons.findall(second)
    assert """hx-vals='{"version": 5}'""" in first


def test_the_live_table_and_the_replay_share_one_result_template():
    template = get_template("tables/_result.html").origin.name
    assert template.endswith("templates/tables/_result.html")
    with open("templates/history/_replay_frame.html") as f:
        replay_frame = f.read()
    assert "_result.html" not in replay_frame and "frame.result" in replay_frame


def test_uma_and_oka_are_shown_in_the_thousands_of_the_final_result():
    class Standing:
        place, seat, score, sticks, penalty = 1, 0, 52100, 0, 0
        uma, oka, final = 20000, 20000, 62100

    row = result_presenters.final_context([Standing()], NAMES)[0]
    assert (row["uma"], row["oka"], row["final"]) == ("+20.0", "+20.0", "+62.1")


def test_a_double_yakuman_is_not_counted_in_han():
    assert result_presenters.yaku_han(26, True) == "double yakuman"
    assert result_presenters.yaku_han(13, True) == "yakuman"
    assert result_presenters.yaku_han(2, False) == "2 han"
