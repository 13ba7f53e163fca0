"""A member's own settings page: shown name, e-mail, words at the table, learning aids."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def member(django_user_model):
    return django_user_model.objects.create_user(username="sha", password="pw-sha-123")


def test_it_saves_a_member_s_words_and_learning_aids(client, member):
    client.force_login(member)
    page = client.get(reverse("players:preferences")).content.decode()
    assert "Japanese terms" in page and "English names" in page and "Learning aids" in page
    response = client.post(
        reverse("players:preferences"),
        {"display_name": "Sha", "email": "", "terms": "en-names", "learning_aids": "on"},
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert (member.terms, member.learning_aids, member.name) == ("en-names", True, "Sha")


def test_it_refuses_unknown_words_and_changes_nothing(client, member):
    client.force_login(member)
    response = client.post(reverse("players:preferences"), {"terms": "klingon"})
    assert response.status_code == 200 and b"Select a valid choice" in response.content
    member.refresh_from_db()
    assert member.terms == "en" and not member.learning_aids


def test_it_asks_a_visitor_to_sign_in_first(client):
    response = client.get(reverse("players:preferences"))
    assert response.status_code == 302 and "login" in response.url
