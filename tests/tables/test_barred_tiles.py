"""Tiles the own hand may not discard now are marked in the hand's markup (issue 27):
after a chi, swap-calling (kuikae, the Ronin Game Rules "Call rules") bars the called
kind and the other end of the run. The barred tiles are exactly those the seat holds
that the engine's legal discards leave out; each is a button that sends nothing,
aria-disabled, and says why in its title."""

from __future__ import annotations

import re

from rules.engine import GameState, seat_view
from rules.engine.testing import pass_all, play, scenario, tsumogiri
from tables.drawing.hand_markup import hand as hand_markup
from tables.drawing.hand_presenters import BARRED_AFTER_CALL, BARRED_IN_RIICHI, hand_context

# seat 1 holds 4s and 7s beside 56s: a chi of 4s with 56s bars both (same kind, other end)
CHI_HAND = "147m369p124z4567s"
OTHERS = "147m369p269s1234z"  # far from tenpai, no 4s
BARRED_BUTTON = re.compile(r'<button type="button" class="tile-button barred[^"]*"[^>]*>')


def after_chi() -> GameState:
    state = scenario({0: OTHERS, 1: CHI_HAND, 2: OTHERS, 3: OTHERS}, draws="4s")
    return play(state, "0:discard:4s", "1:chi:4s:56s")


def drawn_hand(state: GameState, seat: int) -> tuple[dict, str]:
    view = seat_view(state, seat)
    h = hand_context(view, 0, 7, None, True)
    html = hand_markup(
        {"hand": h, "hand_index": 0, "reds": tuple(view.ruleset.red_fives), "version": 7}
    )
    return h, str(html)


def test_after_a_chi_the_tiles_absent_from_the_legal_discards_are_barred():
    state = after_chi()
    view = seat_view(state, 1)
    legal = {a.tile for a in view.legal if a.type == "discard"}
    h, _ = drawn_hand(state, 1)
    barred = {t["tile"] for t in h["tiles"] if t["barred"]}
    assert barred == set(view.hand) - legal
    assert {t >> 2 for t in barred} == {21, 24}  # 4s and 7s (kinds 18-26 are the bamboos)
    assert all(t["barred"] == BARRED_AFTER_CALL for t in h["tiles"] if t["barred"])
    assert all("action" in t for t in h["tiles"] if not t["barred"])


def test_the_markup_marks_exactly_the_barred_tiles_and_says_why():
    _, html = drawn_hand(after_chi(), 1)
    buttons = BARRED_BUTTON.findall(html)
    assert len(buttons) == 2, buttons
    for button in buttons:
        assert 'aria-disabled="true"' in button
        assert f'title="{BARRED_AFTER_CALL}"' in button
        assert "ws-send" not in button and "data-action" not in button
    assert html.count("tile-button barred") == 2
    assert html.count(" ws-send ") == 9  # the other nine of the eleven tiles may go


def test_no_tile_is_barred_when_every_tile_may_go_or_none_is_asked_for():
    state = scenario({0: OTHERS, 1: CHI_HAND, 2: OTHERS, 3: OTHERS}, draws="4s")
    h, html = drawn_hand(state, 0)  # the dealer's first turn: any tile may go
    assert not any(t["barred"] for t in h["tiles"]) and "barred" not in html
    state = play(state, "0:discard:4s")  # seat 1 is asked to call: no discard now
    h, html = drawn_hand(state, 1)
    assert not any(t["barred"] for t in h["tiles"]) and "barred" not in html


def test_in_riichi_every_tile_but_the_drawn_one_is_barred_for_riichi():
    state = scenario({0: "123m456p789s5566z"}, draws="7z 9m 9m 9m 9p")
    state = pass_all(play(state, "0:riichi:7z"))
    state = tsumogiri(state, 3)
    view = seat_view(state, 0)
    assert view.riichi[0] and view.drawn is not None
    h, html = drawn_hand(state, 0)
    barred = [t for t in h["tiles"] if t["barred"]]
    assert {t["tile"] for t in barred} == set(view.hand) and len(barred) == 13
    assert {t["barred"] for t in barred} == {BARRED_IN_RIICHI}
    assert html.count("tile-button barred") == 13
