"""The reviewer's buttons on a called win follow the app's reading (templates/tables/
_claim_review.html): the reading's own choice first and the only coloured button,
and the chombo choices named by what happens."""

import re

import pytest
from django.template.loader import render_to_string

VALID = {"valid": True, "reason": None, "detail": "", "value": "2 han 30 fu", "yaku": []}
NOTEN = {
    "valid": False,
    "reason": "noten",
    "detail": "the hand is not complete",
    "value": "",
    "yaku": [],
}
FIX_YAKU = {
    "valid": False,
    "reason": "fix_yaku",
    "detail": "the fix-yaku rule forbids this win",
    "value": "1 han 30 fu",
    "yaku": [],
}


def panel(reading, value="2 han 30 fu"):
    c = {
        "phase": "review",
        "controls": {"review": True},
        "reading": reading,
        "show_reading": True,
        "value": value,
        "version": 7,
        "vals": {k: "{}" for k in ("accept", "invalid", "chombo_0", "chombo_1")},
        "hans": [1, 2],
        "fus": [30],
        "limits": [],
    }
    return render_to_string("tables/_claim_review.html", {"c": c})


def buttons(html):
    """(class, words) of every button, in page order."""
    found = re.findall(
        r'<button type="(?:button|submit)"(?: class="([^"]*)")?[^>]*>([^<]*)</button>', html
    )
    return [(cls, " ".join(words.split())) for cls, words in found]


def coloured(html):
    return [words for cls, words in buttons(html) if "secondary" not in cls.split()]


def test_a_win_the_app_reads_valid_at_the_claimed_value_leads_with_fix_as_claimed():
    found = buttons(panel(VALID))
    assert found[0] == ("review-accept", "Fix as claimed (2 han 30 fu)")
    assert coloured(panel(VALID)) == ["Fix as claimed (2 han 30 fu)"]


def test_a_claimed_value_the_app_reads_otherwise_is_no_coloured_fix_and_says_the_reading():
    html = panel(VALID, value="mangan")
    assert buttons(html)[0][1] == "Fix as claimed (mangan); the app reads 2 han 30 fu"
    assert "Fix as claimed" not in " ".join(coloured(html))


def test_a_false_win_leads_with_the_chombo_that_replays_the_hand_and_fixes_it_last():
    html = panel(NOTEN)
    words = [w for _, w in buttons(html)]
    assert words[0] == "Replay the hand, the offender pays"
    assert words[1] == "Go on with the offender's hand dead"
    assert words[-1] == "Fix as claimed (2 han 30 fu), against the app's reading"
    assert coloured(html) == ["Replay the hand, the offender pays"]
    assert "would rule a chombo and replay the hand" in html


def test_a_win_the_fixed_yaku_rule_forbids_leads_with_invalid():
    html = panel(FIX_YAKU)
    words = [w for _, w in buttons(html)]
    assert words[0] == "Invalid: nobody pays, play goes on"
    assert coloured(html) == ["Invalid: nobody pays, play goes on"]
    assert words[-1].endswith("against the app's reading")


@pytest.mark.parametrize("reading", [VALID, NOTEN, FIX_YAKU], ids=["valid", "noten", "fix-yaku"])
def test_no_choice_reads_as_the_end_of_the_game(reading):
    words = " ".join(w for _, w in buttons(panel(reading)))
    assert "Game over" not in words
    assert len(buttons(panel(reading))) == 5  # fix, fix with a value, invalid, two chombos
