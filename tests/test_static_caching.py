"""Static files as `make run` (DEBUG on) and a production start (DEBUG=0) serve them once
collectstatic ran: pages link the hashed names, which go out gzipped when the browser
asks and are kept by it for good (immutable); a plain name and a page are not."""

import gzip
import re
from pathlib import Path

import pytest
from django.test import Client, override_settings

ROOT = Path(__file__).resolve().parent.parent
SITE_STORAGE = {"BACKEND": "mahjong_site.static_files.HashedStaticFilesStorage"}
YEAR = 365 * 24 * 3600

pytestmark = pytest.mark.django_db


@pytest.fixture(params=[True, False], ids=["make-run", "debug-0"])
def site(request, collected, settings):
    """A client of the site serving the collected files, with DEBUG on or off."""
    storages = {**settings.STORAGES, "staticfiles": SITE_STORAGE}
    with override_settings(DEBUG=request.param, STATIC_ROOT=str(collected), STORAGES=storages):
        client = Client()
        client.collected = collected
        yield client


def max_age(response) -> int:
    found = re.search(r"max-age=(\d+)", response.get("Cache-Control", ""))
    return int(found[1]) if found else 0


def linked_style_sheet(client) -> str:
    page = client.get("/rules/").content.decode()
    found = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)
    assert found, "the page should link site.css by its hashed name"
    return found[1]


def collected_file(client, url: str) -> bytes:
    """The file collectstatic wrote under that hashed name (its url()s rewritten)."""
    return (client.collected / url.removeprefix("/static/")).read_bytes()


def test_a_hashed_static_file_is_kept_for_good_and_sent_gzipped_when_asked(site):
    url = linked_style_sheet(site)
    response = site.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "immutable" in response["Cache-Control"]
    assert max_age(response) >= YEAR
    body = gzip.decompress(b"".join(response.streaming_content))
    assert body == collected_file(site, url)


def test_a_hashed_static_file_goes_uncompressed_to_a_browser_that_does_not_ask(site):
    url = linked_style_sheet(site)
    response = site.get(url)
    assert response.status_code == 200
    assert "Content-Encoding" not in response
    assert b"".join(response.streaming_content) == collected_file(site, url)


def test_a_plain_static_name_and_a_page_are_not_marked_immutable(site):
    plain = site.get("/static/css/site.css", HTTP_ACCEPT_ENCODING="gzip")
    assert plain.status_code == 200
    assert "immutable" not in plain["Cache-Control"]
    assert max_age(plain) < 3600
    assert b"".join(plain.streaming_content)  # read to the end, which closes the file
    page = site.get("/rules/", HTTP_ACCEPT_ENCODING="gzip")
    assert page.status_code == 200
    assert "immutable" not in page.get("Cache-Control", "")
    assert page["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(page.content)
