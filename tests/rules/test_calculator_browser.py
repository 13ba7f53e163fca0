"""The calculator in a real browser: build a hand by clicking tiles, pick the winning tile, read the result."""

import os
import shutil
from pathlib import Path

import pytest

from tests.browser_helpers import settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SHOTS = Path("/tmp/shots")


@pytest.fixture
def page(live_server):
    if not Path(CHROMIUM).exists():
        pytest.skip("no /usr/bin/chromium: apt-get install chromium to run the browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        tab = browser.new_page(viewport={"width": 1280, "height": 1000}, bypass_csp=True)
        errors: list[str] = []
        tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        tab.on("pageerror", lambda exc: errors.append(str(exc)))
        tab.console_errors = errors
        yield tab
        browser.close()


def keep(shot: Path) -> None:
    SHOTS.mkdir(exist_ok=True)
    shutil.copy(shot, SHOTS / shot.name)


def test_it_scores_a_hand_built_by_clicking_tiles(page, live_server, tmp_path):
    page.goto(live_server.url + "/rules/yaku/")
    assert page.locator(".yaku-card").count() >= 45
    assert page.evaluate("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    page.screenshot(path=str(tmp_path / "rules-yaku.png"))
    keep(tmp_path / "rules-yaku.png")

    page.goto(live_server.url + "/rules/calculator/")
    page.wait_for_function("window.htmx !== undefined")
    settled(page)
    hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2s", "3s", "9p", "9p"]
    for count, tile in enumerate(hand, start=1):
        page.click(f'.palette button[value="{tile}"]')
        page.wait_for_function(
            f"document.querySelectorAll('.current-hand button[name=drop]').length === {count}"
        )
        settled(page)  # the next click submits the new form through htmx, not the page
    # 13 tiles: the wait analyser answers on its own
    page.wait_for_selector(".waits-result")
    assert page.locator(".waits-table tbody tr").count() == 2
    page.check('input[name="mode"][value="win"]')
    page.check('input[name="riichi"]')
    page.click('.palette button[value="4s"]')
    settled(page, ".score-result")
    result = page.locator("#result").inner_text()
    assert "Riichi" in result and "Pinfu" in result
    assert "2 han 30 fu" in result
    assert "2,000" in result
    assert "win_tile=4s" in page.url and "riichi=on" in page.url
    assert page.locator(".current-hand .tile-button.win").count() == 1
    page.screenshot(path=str(tmp_path / "calculator-result.png"))
    keep(tmp_path / "calculator-result.png")

    # the pushed URL reproduces the calculation on a fresh load
    page.goto(page.url)
    assert "2 han 30 fu" in page.locator("#result").inner_text()

    # an error shows next to its field without a page reload
    page.fill("#id_honba", "-2")
    page.click("button.score-button")
    page.wait_for_selector("#error-honba")
    assert "negative" in page.locator("#error-honba").inner_text()
    page.screenshot(path=str(tmp_path / "calculator-error.png"))
    keep(tmp_path / "calculator-error.png")
    assert page.console_errors == []
