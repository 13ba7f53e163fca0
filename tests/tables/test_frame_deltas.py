"""Update frames carry only what changed on the board (tables.drawing.deltas), and a page
that takes them shows the same board as one drawn whole; a page that missed a frame
does not take the next one, and is drawn whole again. The bytes of a seeded game's
frames stay under a budget (``manage.py bench_frames`` prints the same numbers)."""

import re

import pytest

from rules.engine import seat_view
from tables.drawing import draw, frames
from tables.management.commands.bench_frames import (
    NAMES,
    NOW,
    VIEWERS,
    recorded_game,
    update_bytes,
)

from .page_model import Page, section


@pytest.fixture(scope="module")
def game():
    movers: list = []
    return recorded_game(1, movers), movers


def full(state, version, seat) -> str:
    return frames.SeatFrames(seat).render(state, version, NAMES, None, NOW, full=True)


def board(html: str) -> str:
    """A board as a page holds it; the call-out a frame shows for a moment is drawn
    hidden on a whole board (it is news only once), so it is compared without that; and
    an own hand without moves is not sent again for a new version alone (the version
    it carries is what its buttons send: it has none)."""
    html = html.replace('class="callout show"', 'class="callout"')
    hand = html[html.find('<section aria-label="Your hand"') :]
    if "data-action" not in hand:
        html = HAND_VERSION.sub("", html)
    return html


HAND_VERSION = re.compile(r' hx-vals="\{"version": \d+\}"')


@pytest.mark.slow(10)
@pytest.mark.parametrize("seat", VIEWERS)
def test_update_frames_build_the_same_board_as_the_whole_one(game, seat):
    states, _ = game
    frames.clear()
    socket = frames.SeatFrames(seat)
    page = Page(socket.render(states[0], 0, NAMES, None, NOW, full=True))
    parts = 0
    for version, state in enumerate(states[1:], start=1):
        frame = socket.render(state, version, NAMES, None, NOW)
        assert page.takes(frame)
        assert 'id="table-board"' not in frame, "an update frame sends parts, not the board"
        parts += frame.count('hx-swap-oob="beforeend:#pond-')
        page.apply(frame)
        assert not page.missing, f"version {version} names parts the page lacks"
        if version % 3 and version < len(states) - 1:
            continue  # every frame is applied; the board is compared at every third
        whole = section(full(state, version, seat), "table-board")
        assert board(page.part("table-board")) == board(whole), f"seat {seat} at {version}"
    assert parts > 50, "discards were appended to the ponds"


def test_a_socket_that_skips_a_version_still_builds_the_whole_board(game):
    states, _ = game
    socket = frames.SeatFrames(1)
    page = Page(socket.render(states[1], 1, NAMES, None, NOW, full=True))
    frame = socket.render(states[3], 3, NAMES, None, NOW)  # version 2 never sent to it
    assert page.takes(frame)
    page.apply(frame)
    assert not page.missing
    assert board(page.part("table-board")) == board(section(full(states[3], 3, 1), "table-board"))


def test_a_page_that_missed_a_frame_does_not_take_the_next_and_is_drawn_whole(game):
    states, _ = game
    socket = frames.SeatFrames(1)
    page = Page(socket.render(states[1], 1, NAMES, None, NOW, full=True))
    socket.render(states[2], 2, NAMES, None, NOW)  # sent, but this page never got it
    frame = socket.render(states[3], 3, NAMES, None, NOW)
    assert not page.takes(frame)
    # table.js starts the socket again: the new one starts with the whole board
    again = frames.SeatFrames(1).render(states[3], 3, NAMES, None, NOW)
    assert 'id="table-board"' in again
    page = Page(again)
    assert board(page.part("table-board")) == board(section(full(states[3], 3, 1), "table-board"))


def test_a_full_frame_after_updates_is_the_whole_board_again(game):
    states, _ = game
    socket = frames.SeatFrames(2)
    socket.render(states[0], 0, NAMES, None, NOW, full=True)
    for version in range(1, 6):
        socket.render(states[version], version, NAMES, None, NOW)
    again = socket.render(states[6], 6, NAMES, None, NOW, full=True)
    assert again == full(states[6], 6, 2)


def test_a_seeded_game_s_update_frames_stay_under_the_budget(game):
    """Seed 1, one game: the median update frame a seat gets for its own discard and the
    bytes one seat gets per round of turns: 6,831 and 34,840 bytes when update frames
    sent whole sections, 3,369 and 15,010 with the parts (most of what is left is the
    own hand, sent whole when its buttons come or go)."""
    states, movers = game
    frames.clear()
    updates = []
    sockets = [frames.SeatFrames(seat) for seat in VIEWERS]
    for socket in sockets:
        socket.render(states[0], 0, NAMES, None, NOW, full=True)
    for version, state in enumerate(states[1:], start=1):
        for socket in sockets:
            size = len(socket.render(state, version, NAMES, None, NOW).encode())
            updates.append((socket.seat, version, size))
    weight = update_bytes(updates, movers)
    assert weight["own"] < OWN_DISCARD_BUDGET
    assert weight["round"] < ROUND_BUDGET


OWN_DISCARD_BUDGET = 3_500
ROUND_BUDGET = 15_500


def test_a_discard_elsewhere_does_not_send_the_hand_of_a_seat_without_moves_again(game):
    """The tile up for a call shows only beside the call buttons: a seat that may not
    call it keeps the hand it shows."""
    states, _ = game
    checked = 0
    for version in range(1, 60):
        before, after = seat_view(states[version - 1], 2), seat_view(states[version], 2)
        if before.legal or after.legal or before.hand != after.hand:
            continue
        if before.claim_tile == after.claim_tile or before.drawn != after.drawn:
            continue
        shown = draw(states[version - 1], 2, version - 1, NAMES, now=NOW).hand_key
        assert draw(states[version], 2, version, NAMES, now=NOW, shown_hand=shown).hand is None
        checked += 1
    assert checked > 5


def test_a_page_with_two_sockets_takes_each_frame_once(game):
    """Every frame comes twice to a page with a second socket; the copy follows a version
    the page no longer shows, so it is left out and the board stays whole."""
    states, _ = game
    sockets = [frames.SeatFrames(0), frames.SeatFrames(0)]
    firsts = [socket.render(states[0], 0, NAMES, None, NOW, full=True) for socket in sockets]
    page = Page(firsts[0])
    page.apply(firsts[1])  # a whole board is taken from either
    for version in range(1, 40):
        copies = [socket.render(states[version], version, NAMES, None, NOW) for socket in sockets]
        assert page.takes(copies[0])
        page.apply(copies[0])
        assert not page.takes(copies[1])
    assert not page.missing
    whole = section(full(states[39], 39, 0), "table-board")
    assert board(page.part("table-board")) == board(whole)
