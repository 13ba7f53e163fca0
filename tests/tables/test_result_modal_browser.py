"""The result screen's few seconds count only while the page is seen (issue 27: a phone
asleep through a riichi hand that a bot's ron ended found no result when it woke).

The table's script alone, on a page of its own: the browser's clock is Playwright's
(no waiting), and whether the page is seen is set as the browser would report it."""

from pathlib import Path

import pytest

from tests.conftest import CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.browser

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "table.js"
MODAL = (
    '<div class="table-modal result-modal" data-auto-close="8" data-result="{key}">'
    '<button type="button" data-close>Continue</button></div>'
)
PAGE = '<html><body><section id="table-panel"></section></body></html>'
SEEN = """seen => {
  window.seen = seen;
  document.dispatchEvent(new Event("visibilitychange"));
}"""
HIDDEN_AS_REPORTED = """() => Object.defineProperty(document, "hidden", {
  configurable: true, get: () => !window.seen,
})"""
FRAME = 'html => { document.getElementById("table-panel").innerHTML = html; document.dispatchEvent(new Event("htmx:wsAfterMessage")); }'


@pytest.fixture
def page():
    if not CHROMIUM:
        pytest.skip("no chromium binary: apt-get install chromium to run browser tests")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.clock.install()
        page.set_content(PAGE)
        page.evaluate(HIDDEN_AS_REPORTED)
        page.evaluate("() => { window.seen = true; }")
        page.add_script_tag(content=SCRIPT.read_text())
        yield page
        browser.close()


def is_open(page) -> bool:
    return page.locator(".result-modal:not(.closed)").count() == 1


def test_a_result_that_came_while_the_page_was_not_seen_waits_for_it(page):
    page.evaluate(SEEN, False)  # the phone is asleep
    page.evaluate(FRAME, MODAL.format(key=3))
    page.clock.run_for(60_000)
    assert is_open(page)
    page.evaluate(SEEN, True)  # it wakes: the few seconds begin now
    page.clock.run_for(7_900)
    assert is_open(page)
    page.clock.run_for(200)
    assert not is_open(page)


def test_a_result_hidden_before_its_seconds_ran_out_stays_until_seen_again(page):
    page.evaluate(FRAME, MODAL.format(key=3))
    page.clock.run_for(2_000)
    page.evaluate(SEEN, False)
    page.clock.run_for(30_000)
    assert is_open(page)
    page.evaluate(SEEN, True)
    page.clock.run_for(8_100)
    assert not is_open(page)


def test_a_result_closed_once_is_not_opened_again_by_a_whole_screen(page):
    page.evaluate(FRAME, MODAL.format(key=3))
    page.click("[data-close]")
    assert not is_open(page)
    page.evaluate(FRAME, MODAL.format(key=3))  # the same result sent again
    assert not is_open(page)
    page.evaluate(FRAME, MODAL.format(key=4))  # the next hand's result
    assert is_open(page)
