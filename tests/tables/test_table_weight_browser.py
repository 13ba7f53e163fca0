"""The table page's transferred weight on a first and a second visit, measured in a
real browser (Chrome's own count of bytes over the network, headers included)."""

import json
from pathlib import Path

import pytest

from .conftest import make_table, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OUT = Path(__file__).resolve().parents[2] / "bench-output"


def transferred(page, url: str, cold: bool) -> int:
    """Bytes that crossed the network while loading ``url`` (cache hits count 0)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    if cold:
        session.send("Network.clearBrowserCache")
    total = {"bytes": 0}
    session.on(
        "Network.loadingFinished",
        lambda event: total.__setitem__("bytes", total["bytes"] + event["encodedDataLength"]),
    )
    page.goto(url, wait_until="load")
    page.wait_for_selector("#table-board")
    session.detach()
    return total["bytes"]


def test_it_measures_the_table_page_weight_on_a_first_and_a_second_visit(
    browser_page, site_url, alice, east_only, client
):
    table = make_table(east_only, people=[alice], bots=["tsumogiri"] * 3)
    start(table, seed=11)
    page = browser_page
    page.goto(site_url + "/players/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "pw-alice-123")
    page.click("button:has-text('Sign in')")
    page.wait_for_selector(".account-nav >> text=Alice")
    url = f"{site_url}{table.get_absolute_url()}"
    first = transferred(page, url, cold=True)
    second = transferred(page, url, cold=False)
    OUT.mkdir(exist_ok=True)
    (OUT / "table-page-weight.json").write_text(json.dumps({"first": first, "second": second}))
    print(f"table page: first visit {first} bytes, second visit {second} bytes")
    assert 0 < second <= first
