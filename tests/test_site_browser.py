"""A member's first visit in a real browser: home page, sign up, sign out, sign in."""

import shutil

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_signs_up_and_signs_in_through_the_browser(browser_page, site_url, tmp_path):
    page = browser_page
    page.goto(site_url + "/")
    assert page.title().startswith("Lobby")
    page.click("text=Sign up")
    page.fill("#id_username", "tonpuu")
    page.fill("#id_display_name", "Ton")
    page.fill("#id_password1", "a-long-pass-77")
    page.fill("#id_password2", "a-long-pass-77")
    page.click("button:has-text('Sign up')")
    page.wait_for_selector("text=Ton")
    page.click("button:has-text('Sign out')")
    page.click("text=Sign in")
    page.fill("#id_username", "tonpuu")
    page.fill("#id_password", "a-long-pass-77")
    page.click("button:has-text('Sign in')")
    page.wait_for_selector(".account-nav >> text=Ton")
    page.goto(site_url + "/rules/tiles/")
    assert page.locator(".tile-grid img").count() == 37
    # every tile image actually loaded (naturalWidth > 0 only after a successful decode)
    assert page.evaluate("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    shot = tmp_path / "tiles.png"
    page.screenshot(path=str(shot), full_page=True)
    shutil.copy(shot, "/tmp/shots/foundation-tiles.png") if shutil.os.path.isdir(
        "/tmp/shots"
    ) else None
    page.goto(site_url + "/")
    page.screenshot(path=str(tmp_path / "home.png"))
    assert page.console_errors == []
