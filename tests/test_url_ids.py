"""Numbers in URLs: every pattern reads them with ``<id:...>`` (rules.url_ids), so a
number too long for the database is no page (404) instead of a 500."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter

from mahjong_site.routing import websocket_urlpatterns
from rules.url_ids import IdConverter

PAST_64_BITS = 2**63  # one more than the largest 64-bit integer


def converters(patterns):
    for p in patterns:
        yield from p.pattern.converters.values()
        if isinstance(p, URLResolver):
            yield from converters(p.url_patterns)
        else:
            assert isinstance(p, URLPattern)


def test_no_url_or_socket_route_reads_a_number_with_django_s_int():
    used = list(converters(get_resolver().url_patterns)) + list(converters(websocket_urlpatterns))
    assert any(isinstance(c, IdConverter) for c in used)
    assert not [c for c in used if isinstance(c, IntConverter)]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        f"/tournaments/{PAST_64_BITS}/rounds/1/",
        f"/tournaments/{PAST_64_BITS}/rounds/1/sheets/",
        f"/tournaments/1/rounds/{10**25}/",
        f"/tables/{PAST_64_BITS}/",
        f"/players/games/{PAST_64_BITS}/hands/0/",
        f"/rules/rulesets/{PAST_64_BITS}/",
    ],
)
def test_a_number_past_the_database_s_integers_is_no_page(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.django_db
def test_the_longest_number_read_is_still_looked_up_and_not_found(client):
    longest = "9" * 18
    assert int(longest) < 2**63 - 1
    assert client.get(f"/tournaments/{longest}/rounds/1/").status_code == 404
    assert client.get(f"/tournaments/1/rounds/{longest}/").status_code == 404
