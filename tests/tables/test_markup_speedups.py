"""The board's cheaper pieces draw exactly what Django's would.

``tile_markup.markup`` stands in for ``format_html`` on the frame's hot path, and the
own hand's tiles are kept from one version to the next: both must leave every frame
as it was, escaping included.
"""

import datetime as dt

import pytest
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from rules.engine import bot_move, bot_rng, bots, new_game, pending_seats, preset
from tables.drawing import frames
from tables.drawing.tile_markup import markup


class Marked:
    """A third-party object that knows its own HTML (the ``__html__`` convention)."""

    def __html__(self):
        return "<b>marked</b>"

    def __repr__(self):  # the test's id: the same in every pytest-xdist worker
        return "Marked()"


ARGUMENTS = [
    "plain",
    "<script>alert(\"x\")</script> & 'quotes'",
    SafeString("<em>safe</em>"),
    mark_safe("<i>also safe</i> &amp;"),
    7,
    -3.5,
    None,
    True,
    gettext_lazy("Riichi"),
    Marked(),
    ("a", "<b>"),
]


@pytest.mark.parametrize("value", ARGUMENTS, ids=repr)
def test_markup_escapes_each_argument_as_format_html_does(value):
    template = '<span title="{}">{}</span>'
    assert markup(template, value, value) == format_html(template, value, value)
    assert markup("<p>{x}</p>", x=value) == format_html("<p>{x}</p>", x=value)
    assert isinstance(markup(template, value, value), SafeString)


def test_the_frames_of_a_whole_game_are_the_same_drawn_twice_with_the_caches_warm():
    """Every viewer's frames of a bot game, drawn with cold caches and again with every
    cache filled by the first pass, are identical (nothing kept leaks between states or
    between seats)."""
    names = [{"name": f"<P{i}>", "bot": "", "connected": True} for i in range(4)]
    now = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    rngs = [bot_rng(3, seat) for seat in range(4)]
    state = new_game(preset("ronin"), seed=3, robots=range(4))
    states = [state]
    while not state.finished and len(states) < 400:
        seat = pending_seats(state)[0]
        _, state, _ = bot_move(state, seat, bots.get("efficient"), rngs[seat])
        states.append(state)

    def draw() -> list[str]:
        frames.clear()
        # two of the seats have the learning aids on (their slot is kept per set of numbers)
        sockets = [frames.SeatFrames(seat, aids=seat in (0, 2)) for seat in (0, 1, 2, 3, None)]
        out = [s.render(states[0], 0, names, None, now, full=True) for s in sockets]
        for version, st in enumerate(states[1:], start=1):
            out += [s.render(st, version, names, None, now) for s in sockets]
        return out

    first = draw()
    assert first == draw()
    assert any("&lt;P1&gt;" in f for f in first)  # names are escaped in the frames
    assert any("aids-shanten" in f for f in first)
