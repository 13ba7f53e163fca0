"""Friendly 404 and 500 pages in the site's layout."""

import pytest
from django.test import RequestFactory
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


def test_it_answers_a_missing_page_with_the_site_s_404(client):
    response = client.get("/no/such/page/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "Nothing here" in html and 'class="site-nav"' in html
    assert 'href="/rules/"' in html and "<title>Not found" in html


def test_it_answers_a_missing_table_with_the_site_s_404(client):
    response = client.get("/tables/999999/")
    assert response.status_code == 404 and b"Nothing here" in response.content


def test_it_renders_the_500_page_in_the_layout_without_a_request_context():
    response = server_error(RequestFactory().get("/"))
    html = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong on our side" in html and 'class="site-nav"' in html
    assert "every move is stored" in html
