"""Win anyway at a table whose wins are claimed: one button on the own draw (a turn
action, not also an answer), an answer beside the calls on a discard, a help text on
the button and a confirmation in the page before the first one is sent; the review
panel orders its choices by the reading's reason code."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from players.models import Player
from rules.engine import GameState, seat_view
from rules.engine.testing import scenario
from tables.drawing import claim_presenters, claim_screens, frames
from tables.drawing.hand_markup import WIN_ANYWAY_HELP
from tables.drawing.hand_presenters import hand_context
from tests.engine.test_win_claims import CLAIMED, _katahane, ron_on_5s, step
from tests.tables.test_table_words_in_english_names import NAMES as SEATS
from tests.tables.test_table_words_in_english_names import NOW

from .conftest import make_table, start

NAMES: list[dict[str, Any]] = [{"name": n} for n in ("Alice", "Bob", "Carol", "Dave")]
WIN_ANYWAY_BUTTON = re.compile(r'<button type="button" class="[^"]*\bwin_anyway\b[^>]*>')


def own_draw() -> GameState:
    """The dealer's first draw at a claimed table: a noten hand, Win anyway offered."""
    state = scenario({}, ruleset=CLAIMED)
    assert "win_anyway" in {a.type for a in state.legal[0]}
    return state


def kinds(buttons: list[dict[str, Any]]) -> list[str]:
    return [b["type"] for b in buttons]


def test_win_anyway_shows_once_on_the_own_draw():
    view = seat_view(own_draw(), 0)
    hand = hand_context(view, 0, 1, None, True)
    assert kinds(hand["turn_actions"]).count("win_anyway") == 1
    assert hand["calls"] == [] and hand["claim_tile"] is None


def test_win_anyway_on_a_discard_is_an_answer_beside_pass():
    state = step(ron_on_5s(), "0:discard:5s")
    hand = hand_context(seat_view(state, 1), 0, 1, None, True)
    assert "win_anyway" in kinds(hand["calls"]) and "pass" in kinds(hand["calls"])
    assert "win_anyway" not in kinds(hand["turn_actions"])


def test_the_own_draw_s_frame_has_one_win_anyway_button_that_explains_itself():
    frame = frames.SeatFrames(0, terms="en").render(own_draw(), 0, SEATS, None, NOW, full=True)
    (button,) = WIN_ANYWAY_BUTTON.findall(frame)
    assert f'title="{WIN_ANYWAY_HELP}"' in button
    assert 'aria-describedby="win-anyway-help"' in button
    assert 'data-confirm="win-anyway-confirm"' in button


@pytest.mark.django_db
def test_a_seated_member_s_page_holds_the_win_anyway_help_and_its_confirmation(
    client: Client, east_only: Any, alice: Player
):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table)
    client.force_login(alice)
    page = client.get(reverse("tables:table", args=[table.pk])).content.decode()
    assert f'<p id="win-anyway-help" hidden>{WIN_ANYWAY_HELP}</p>' in page
    dialog = page[page.index('<dialog id="win-anyway-confirm"') : page.index("</dialog>")]
    assert "Call a win the app does not accept? The others check your hand;" in dialog
    assert "a false win is a chombo." in dialog
    answers = re.findall(r'data-confirm-answer="(\w+)">([^<]+)</button>', dialog)
    assert answers == [("yes", "Call the win"), ("no", "Cancel")]


def in_review_of_a_fix_yaku_win() -> GameState:
    state = step(_katahane(), "0:pass", "3:pass", "1:win_anyway")
    return step(state, "1:claim:1han30fu", "0:ng:fix_yaku", "2:ng:fix_yaku", "3:ok")


def test_the_claim_panel_carries_the_reading_s_reason_and_leads_with_it():
    state = in_review_of_a_fix_yaku_win()
    wc = state.win_claim
    assert wc is not None and state.phase == "review"
    data = claim_presenters.context(seat_view(state, wc.reviewer), 0, 9, NAMES)
    assert data is not None and data["reading"]["reason"] == "fix_yaku"
    panel = claim_screens.render(seat_view(state, wc.reviewer), 0, 9, NAMES)
    first = re.search(r'<button type="button" class="(review-[\w-]+)', panel)
    assert first is not None and first.group(1) == "review-invalid"
