"""A finished game in a real browser: open it, step through a hand, look at the result.

Screenshots are kept under tmp_path and copied to /tmp/shots/ (history-*.png).
"""

import shutil
from pathlib import Path

import pytest

from tests.browser_helpers import settled

from .conftest import play_and_store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots")


def keep(page, tmp_path, name):
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    SHOTS.mkdir(exist_ok=True)
    shutil.copy(path, SHOTS / f"history-{name}.png")
    return path


def test_it_steps_through_a_hand_in_the_replay_viewer(browser_page, site_url, tmp_path, members):
    game = play_and_store(members, [21])[0]
    page = browser_page
    page.goto(f"{site_url}/players/games/{game.pk}/")
    page.wait_for_selector("h2#hands")
    keep(page, tmp_path, "game")

    page.click("table.hands-table tbody tr:first-child a:has-text('Replay')")
    settled(page, "#replay .step-label")
    label = page.locator(".step-label")
    assert label.inner_text().startswith("The deal")

    seen = [label.inner_text()]
    for _ in range(6):
        before = page.locator("#replay").get_attribute("data-step")
        page.click("a.step-forward")
        page.wait_for_selector(f"#replay:not([data-step='{before}'])")
        settled(page)  # the next click must find htmx's handler on the new links
        seen.append(label.inner_text())
    assert len(set(seen)) > 3, seen
    assert "step=6" in page.url  # htmx pushed each step into the address bar
    keep(page, tmp_path, "replay-step")

    # the keyboard works too, and going back returns to the previous step
    page.keyboard.press("ArrowLeft")
    settled(page, "#replay[data-step='5']")
    assert label.inner_text() == seen[5]

    page.click("a:has-text('Botan')")
    settled(page, "#replay[data-view='1']")
    keep(page, tmp_path, "replay-seat")

    page.click("a:has-text('End »')")
    settled(page, "#replay .replay-result")
    # the one result screen of the live table and the replay: "East 1: Ron"
    heading = page.locator(".replay-result h2").inner_text()
    assert heading.startswith("East 1: ")
    assert heading.removeprefix("East 1: ") in ("Ron", "Tsumo", "Exhaustive draw")
    page.click("a:has-text('All hands open')")
    settled(page, "#replay[data-view='all'] .replay-result")
    keep(page, tmp_path, "replay-end")
    assert not page.console_errors, page.console_errors
