"""Drawing the table: the one way a seat's view becomes data and HTML, for the page, the
socket's frames, the replay, the game review and the rulebook's tiles.

The entry is :func:`draw` (``tables.drawing.table``): a game state, a viewer and how
they see it in, a :class:`Drawing` out, whose sections (:mod:`tables.drawing.sections`:
the board, its corners and centre, the own hand, the call-out, the result panel, the
status badge, the claim panel, the learning aids) are typed values that alone write
their HTML. The table page (``tables.views.table_page``) puts the ``Drawing`` in its
context and ``templates/tables/table.html`` writes its sections; a socket's
:class:`~tables.drawing.frames.SeatFrames` sends the sections that changed, marked to
be swapped in by their ids. So a page load and a frame are drawn by one code path.

Inside, three kinds of module: the presenters (``*_presenters``) turn a view into plain
data; the markup modules (``tile_markup``, ``board_markup``, ``hand_markup``,
``result_markup``, ``claim_screens``, ``coaching``, ``notation_markup``,
``review_markup``) alone write HTML, with ``format_html`` or its cheaper twin
``tile_markup.markup``; ``table`` and ``frames`` put them together. No module outside
this package builds HTML in Python (``tests/tables/test_one_way_to_draw.py``).

The templates the sections fill (``_result.html``, ``_panel_body.html``, ``_claim.html``,
``_claim_value.html``, ``_aids.html``) stay in ``templates/tables/``, beside
``table.html`` which writes the sections and ``referee.html`` which shares the claim's
value fields: every template of the site lives in the one ``templates/`` folder
(``TEMPLATES["DIRS"]``), so a reader finds a page and its parts together, and the
replay's pages (``templates/history/``) include the same result screen by its one name.
"""

from .sections import (
    AidsPanel,
    Board,
    CallOut,
    Centre,
    ClaimPanel,
    Corner,
    Drawing,
    Hand,
    ResultPanel,
    Section,
    Status,
)
from .table import draw

__all__ = [
    "AidsPanel",
    "Board",
    "CallOut",
    "Centre",
    "ClaimPanel",
    "Corner",
    "Drawing",
    "Hand",
    "ResultPanel",
    "Section",
    "Status",
    "draw",
]
