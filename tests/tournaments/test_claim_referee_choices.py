"""The referee's page offers the review's decisions with the reviewer's names and in
the reviewer's order (templates/tables/_referee_choice.html): the app's reading's own
choice first and alone coloured."""

from __future__ import annotations

import html
import re
from typing import Any

from django.test import Client

from tests.tournaments.test_claim_referee import disputed  # noqa: F401  (the fixture)


def decisions(page: str) -> list[tuple[str, str, str]]:
    """(decision, button class, words) of every decision form, in page order."""
    box = page[page.index('class="claim-review referee-decisions"') :]
    box = box[: box.index("</div>\n")]
    found = re.findall(
        r'name="decision" value="(\w+)">.*?<button type="submit"(?: class="([^"]*)")?>([^<]*)</button>',
        box,
        flags=re.S,
    )
    return [(d, cls, " ".join(html.unescape(w).split())) for d, cls, w in found]


def test_the_referee_s_decisions_read_as_the_reviewer_s_with_the_reading_s_choice_first(
    disputed: dict[str, Any],  # noqa: F811
    client: Client,
) -> None:
    client.force_login(disputed["referee"])
    page = client.get(f"/tables/{disputed['table'].pk}/referee/").content.decode()
    found = decisions(page)
    # a noten hand: the reading rules a chombo with the hand replayed
    assert [d for d, _, _ in found] == [
        "chombo_game_over",
        "chombo_continue",
        "invalid",
        "correct",
        "accept",
    ]
    words = dict((d, w) for d, _, w in found)
    assert words["chombo_game_over"] == "Replay the hand, the offender pays"
    assert words["chombo_continue"] == "Go on with the offender's hand dead"
    assert words["invalid"] == "Invalid: nobody pays, play goes on"
    assert (
        words["accept"].startswith("Fix as claimed (")
        and "against the app's reading" in words["accept"]
    )
    coloured = [d for d, cls, _ in found if "secondary" not in cls.split()]
    assert coloured == ["chombo_game_over"]
    assert "game over (replay the hand)" not in page and "continue (dead hand)" not in page
