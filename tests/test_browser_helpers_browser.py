"""The shared wait for htmx (tests/browser_helpers.py) in a real browser: it holds the
test until the swapped-in content has htmx's handlers, so the next click is htmx's."""

import pytest

from tests.browser_helpers import HTMX_SETTLED, settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_waits_until_htmx_has_attached_its_handlers_to_the_swapped_content(
    browser_page, site_url
):
    page = browser_page
    page.goto(site_url + "/rules/calculator/")
    settled(page)
    # a slow settle step, so the moment between the swap and the handlers is wide
    page.evaluate("window.samePage = true; htmx.config.defaultSettleDelay = 1000")
    page.click('.palette button[value="1m"]')
    page.wait_for_selector(".current-hand button[name=drop]")
    assert page.query_selector(HTMX_SETTLED) is None  # swapped in, not settled
    settled(page)
    assert page.query_selector(HTMX_SETTLED) is not None
    page.click('.palette button[value="2m"]')  # the new form's handler takes it ...
    page.wait_for_selector(".current-hand button[name=drop] >> nth=1")
    assert page.evaluate("window.samePage === true")  # ... no whole page was loaded
    assert page.console_errors == []
