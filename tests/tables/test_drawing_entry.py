"""The one entry of the drawing, ``tables.drawing.draw``: the page and a socket's frames are
the same typed sections, written by a template as they are or sent marked out-of-band,
and the table page's context holds no HTML of its own making."""

import dataclasses
import datetime as dt

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils.safestring import SafeData

from rules.engine.testing import scenario
from tables.drawing import Drawing, draw
from tables.drawing.board_markup import ERROR_CLEAR
from tables.drawing.frames import SeatFrames

from .conftest import make_table, start

NAMES = [{"name": n, "bot": "", "connected": True} for n in ("East", "South", "West", "North")]
NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
OOB = 'hx-swap-oob="true"'


def test_a_full_frame_is_the_drawing_s_sections_marked_to_swap_in():
    state = scenario({0: "147m369p147s1234z"})
    drawing = draw(state, 0, 5, NAMES, now=NOW, aids=True)
    frame = SeatFrames(0, aids=True).render(state, 5, NAMES, None, NOW, full=True)
    assert isinstance(drawing, Drawing) and drawing.hand is not None
    assert frame == "".join(
        [
            drawing.board.html(True),
            drawing.aids.html(True),
            drawing.claim.html(True),
            drawing.result.html(True),
            drawing.status.html(True),
            ERROR_CLEAR,
        ]
    )


def test_a_template_writes_a_section_as_its_markup_without_the_swap_mark():
    state = scenario({0: "147m369p147s1234z"})
    drawing = draw(state, None, 2, NAMES, now=NOW)
    written = Template("{{ d.board }}|{{ d.status }}|{{ d.claim }}").render(Context({"d": drawing}))
    assert written == f"{drawing.board.html()}|{drawing.status.html()}|{drawing.claim.html()}"
    assert OOB not in written and 'id="table-board"' in written
    assert drawing.spectator and drawing.aids is None  # a spectator has no aids


def test_the_sections_cannot_be_changed_after_drawing():
    drawing = draw(scenario({0: "147m369p147s1234z"}), 0, 1, NAMES, now=NOW)
    with pytest.raises(dataclasses.FrozenInstanceError):
        drawing.status.finished = True  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        drawing.version = 2  # type: ignore[misc]


def test_a_hand_the_viewer_already_shows_is_not_drawn_again():
    state = scenario({0: "147m369p147s1234z"})
    first = draw(state, 0, 1, NAMES, now=NOW)
    again = draw(state, 0, 1, NAMES, now=NOW, shown_hand=first.hand_key)
    assert again.hand is None and again.hand_key == first.hand_key
    # a new version changes the buttons of a hand with choices, so it is drawn again
    assert draw(state, 0, 2, NAMES, now=NOW, shown_hand=first.hand_key).hand is not None


@pytest.mark.django_db
def test_the_table_page_s_context_holds_no_html_of_its_own(client, east_only, alice):
    alice.learning_aids = True
    alice.save()
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table)
    client.force_login(alice)
    response = client.get(reverse("tables:table", args=[table.pk]))
    # a ContextList (a list of contexts) names its keys with keys()
    context = {key: response.context[key] for key in response.context.keys()}  # noqa: SIM118
    made_here = {
        key: value
        for key, value in context.items()
        if isinstance(value, SafeData) or (isinstance(value, str) and "<" in value)
    }
    assert made_here == {}
    drawing = context["drawing"]
    html = response.content.decode()
    for section in (drawing.board, drawing.claim, drawing.aids, drawing.result, drawing.status):
        assert section.html() in html
