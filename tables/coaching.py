"""The learning aids at a seat's own table: when they are on, and how they look.

The numbers come from :func:`rules.engine.study.aids.learning_aids`, which reads the
seat's own view and nothing else. A member turns the aids on in their settings;
they stay off at tables opened for a tournament or a league, whatever the setting,
and at an ordinary table whose game counts for a running league: ``start_game`` asks
the ``game_starting`` signal (the leagues answer) and marks such a table like a
tournament's.
"""

from __future__ import annotations

from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from rules.engine import Aids, SeatView, learning_aids

from .tile_markup import EMPTY, join, markup, oob_mark
from .tile_markup import kind_tile as kind_html

SLOT_ID = "table-aids"


def aids_on(player, table) -> bool:
    """Whether ``player`` sees the aids at ``table`` (never at a tournament's)."""
    return bool(getattr(player, "learning_aids", False)) and not table.is_tournament


def shanten_text(shanten: int) -> str:
    if shanten < 0:
        return "Your hand is complete."
    if shanten == 0:
        return "Ready (tenpai)."
    return f"{shanten} tile{'' if shanten == 1 else 's'} from ready ({shanten}-shanten)."


def context_of(aids: Aids) -> dict:
    """What the aids' template shows for one set of numbers."""
    return {
        "shanten": aids.shanten,
        "shanten_text": shanten_text(aids.shanten),
        "waits": [
            {"tile": kind_html(w.kind), "unseen": w.unseen, "dead": w.unseen == 0}
            for w in aids.waits
        ],
        "unseen_total": sum(w.unseen for w in aids.waits),
        "furiten": aids.furiten,
        "no_yaku": aids.no_yaku,
        "closed": aids.closed,
        "riichi_discards": join(kind_html(k) for k in aids.riichi_discards),
    }


def render(view: SeatView | None, oob: bool = False) -> SafeString:
    """The aids' slot: filled for a seat with the aids on, empty otherwise."""
    aids = learning_aids(view) if view is not None else None
    return _slot(aids, oob, get_language())


# The aids of each seat that has them on, as they are now: four per live game.
AIDS_KEPT = 2048


@lru_cache(maxsize=AIDS_KEPT)
def _slot(aids: Aids | None, oob: bool, language: str | None) -> SafeString:
    """The slot for these numbers (the aids change far less often than the frames, so
    the template runs once per new set of numbers, not once per frame)."""
    inner = render_to_string("tables/_aids.html", {"aids": context_of(aids)}) if aids else EMPTY
    return markup(
        '<section id="{}"{} class="learning-aids" aria-label="Learning aids">{}</section>',
        SLOT_ID,
        oob_mark(oob),
        inner,
    )
