"""The site in Japanese in a real browser: a member who chose Japanese and a visitor
whose browser asks for it see the lobby and the tables in Japanese, with nothing wider
than a phone's 390 pixels and no serious accessibility violation (axe-core).

The pages are kept as PNG files (``JA_SHOTS``, by default /tmp/shots) at 1280x800 and
390x844, to look at.
"""

import os
from pathlib import Path

import pytest

from tests.test_accessibility_browser import WIDEST, club, serious_violations, sign_in

__all__ = ["club"]  # the fixture, used by name

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("JA_SHOTS", "/tmp/shots"))
SIZES = {"1280": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}


def look(page, site_url, path: str, name: str) -> dict:
    """Open ``path`` at both sizes, keep a picture of each; what is wrong with it."""
    wrong = {}
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(site_url + path)
        page.wait_for_load_state("networkidle")
        assert page.get_attribute("html", "lang") == "ja", path
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"ja-{name}-{size}.png"), full_page=True)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        if overflow > 0:
            wrong[f"{name}-{size} wider by {overflow} px"] = page.evaluate(WIDEST)
    return wrong


def test_it_shows_a_japanese_member_the_lobby_and_tables_fitting_a_phone(
    club, browser_page, site_url
):
    club["running"].created_by.__class__.objects.filter(username="alice").update(language="ja")
    page = browser_page
    sign_in(page, site_url)
    wrong = {}
    for name, table in (("table", "running"), ("result", "between"), ("final", "done")):
        wrong |= look(page, site_url, club[table].get_absolute_url(), name)
    wrong |= look(page, site_url, "/", "lobby")
    # the table's socket frames are drawn in Japanese too
    page.goto(site_url + club["running"].get_absolute_url())
    page.wait_for_load_state("networkidle")
    assert "自風" in page.inner_html("#table-board")
    assert not wrong, wrong
    assert serious_violations(page) == []
    assert all("404" in e for e in page.console_errors), page.console_errors


def test_it_shows_a_visitor_whose_browser_asks_for_japanese_the_lobby_in_japanese(
    club, browser_page, site_url
):
    context = browser_page.context.browser.new_context(locale="ja-JP", bypass_csp=True)
    page = context.new_page()
    try:
        wrong = look(page, site_url, "/", "lobby-visitor")
        wrong |= look(page, site_url, club["running"].get_absolute_url(), "table-visitor")
        assert "ログイン" in page.inner_text("header")
        assert "自風" in page.inner_html("#table-board")
        assert serious_violations(page) == []
    finally:
        context.close()
    assert not wrong, wrong
