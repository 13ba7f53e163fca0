"""The learning aids at a seat's own table, as HTML: the ``#table-aids`` slot around
``templates/tables/_aids.html``, filled for a seat with the aids on.

Whether a seat has them is :func:`tables.learning_aids.aids_on`; what they say is
``aids_presenters``, from the engine's numbers for the seat's own view.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext

from rules.engine import Aids, SeatView, learning_aids
from tables.conf import markup_kept

from .aids_presenters import aids_data
from .tile_markup import EMPTY, join, kind_tile, markup, oob_mark

if TYPE_CHECKING:
    pass

SLOT_ID = "table-aids"


def render(view: SeatView | None, oob: bool = False) -> SafeString:
    """The aids' slot: filled for a seat with the aids on, empty otherwise."""
    return slot(learning_aids(view) if view is not None else None, oob)


def slot(aids: Aids | None, oob: bool = False) -> SafeString:
    """The slot for these numbers (None: an empty slot)."""
    return _slot(aids, oob, get_language())


# The aids of each seat that has them on, as they are now: four per live game.
AIDS_KEPT = markup_kept(0.25)  # TABLE_MARKUP_ENTRIES' share


@lru_cache(maxsize=AIDS_KEPT)
def _slot(aids: Aids | None, oob: bool, language: str | None) -> SafeString:
    """The slot for these numbers (the aids change far less often than the frames, so
    the template runs once per new set of numbers, not once per frame)."""
    inner = EMPTY
    if aids:
        data = aids_data(aids)
        for wait in data["waits"]:
            wait["tile"] = kind_tile(wait["kind"])
        data["riichi_discards"] = join(kind_tile(k) for k in data["riichi_discards"])
        inner = render_to_string("tables/_aids.html", {"aids": data})
    return markup(
        '<section id="{}"{} class="learning-aids" aria-label="{}">{}</section>',
        SLOT_ID,
        oob_mark(oob),
        gettext("Learning aids"),
        inner,
    )
