"""The claim and review panel of a table whose wins are claimed, as HTML.

``claim_presenters`` says what the panel shows a viewer; this module draws it: the
``#claim-panel`` element around ``templates/tables/_claim.html`` (which escapes every
value), with the claimant's tiles drawn here. The seat asked to act gets its controls
there: the claim form (han and fu, or a limit), OK and NG with a reason (to the claim,
and to the review's decision), or the review's decisions; the forms come back to the
socket as moves (:mod:`tables.play.claim_forms`).
"""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from rules.engine import Ruleset

from . import claim_presenters
from .tile_markup import markup, oob_mark, row
from .tile_markup import tile as tile_html


def panel(data: dict[str, Any] | None, oob: bool = False) -> SafeString:
    """The ``#claim-panel`` element for the panel's data (empty outside a claimed win)."""
    if data is None:
        return markup('<div id="claim-panel"{}></div>', oob_mark(oob))
    concealed, winning, hand, reds = data["tiles"]
    shown = dict(
        data, hand=row(concealed, hand, reds), tile=tile_html(winning, hand, reds, "drawn")
    )
    inner = render_to_string("tables/_claim.html", {"c": shown})
    return markup('<div id="claim-panel" class="claim-panel"{}>{}</div>', oob_mark(oob), inner)


def render(
    view: Any,
    hand: int,
    version: int,
    names: list[dict[str, Any]],
    oob: bool = False,
    event: bool = False,
) -> SafeString:
    """The ``#claim-panel`` element for this viewer (empty outside a claimed win)."""
    return panel(claim_presenters.context(view, hand, version, names, event), oob)


def render_record(
    wc: Any,
    phase: str,
    names: list[str],
    hand: int,
    ruleset: Ruleset,
    melds: int = 0,
    referee: bool = False,
) -> SafeString:
    """The same panel, without controls, for a replay's step of a claimed win: the claim
    as it stood after the step (``phase`` ``"decided"`` once the review decided); with
    ``referee``, the disputed review as the referee's page shows it."""
    people = [{"name": n} for n in names]
    reds = tuple(ruleset.red_fives)
    c = claim_presenters.panel_context(
        wc, phase, people, hand, reds, ruleset.max_yakuman, melds=melds, referee=referee
    )
    c["on_referee_page"] = referee
    return panel(c)
