"""A claimed game's replay in a real browser: the claim panel at the review's decision,
at 1280x800 and 390x844 (screenshots under tmp_path, copied to /tmp/shots/)."""

import shutil
from pathlib import Path

import pytest
from django.urls import reverse

from history import replayer
from tables.models import HandRecord

from .test_win_claims_records import NAMES, _stored_claimed_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def test_win_claim_replay_panel_in_a_browser(browser_page, site_url, tmp_path):
    game = _stored_claimed_game()
    steps = replayer.hand_steps(game, HandRecord.objects.get(game=game, index=0))
    reds = (1, 1, 1)  # the Ronin red fives
    labels = [replayer.step_label(s, NAMES, None, reds) for s in steps]
    decided = labels.index("Ann reviews the win: chombo, the hand goes on dead")
    page = browser_page
    url = reverse("history:replay", args=[game.pk, 0])
    page.goto(f"{site_url}{url}?view=all&step={decided}")
    panel = page.locator("#replay #claim-panel .claim-box")
    panel.wait_for()
    text = panel.inner_text()
    assert "Cy calls a win" in text and "Claimed: mangan" in text
    assert "NG: the hand is not complete (noten)" in text
    assert "not a valid win" in text and "chombo, the hand goes on dead" in text
    assert panel.locator("button").count() == 0  # the record, no controls
    SHOTS.mkdir(exist_ok=True)
    for label, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        path = tmp_path / f"claims-replay-{label}.png"
        page.screenshot(path=str(path), full_page=False)
        shutil.copy(path, SHOTS / path.name)
    assert page.console_errors == []
