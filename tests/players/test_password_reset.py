"""A member who forgot their password gets a one-time link by e-mail."""

import re

import pytest
from django.core import mail
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def member(django_user_model):
    return django_user_model.objects.create_user(
        username="nan", password="old-pass-991", email="nan@example.org", display_name="Nan"
    )


def link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def test_it_links_the_reset_from_the_sign_in_page(client):
    html = client.get(reverse("players:login")).content.decode()
    assert reverse("players:password_reset") in html


def test_it_mails_a_link_that_sets_a_new_password_once(client, member):
    response = client.post(reverse("players:password_reset"), {"email": "nan@example.org"})
    assert response.status_code == 302 and response.url == reverse("players:password_reset_done")
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["nan@example.org"]
    assert "Nan" in mail.outbox[0].body and "Riichi Club" in mail.outbox[0].subject
    url = link_in(mail.outbox[0])
    form_page = client.get(url, follow=True)
    assert b"Choose a new password" in form_page.content
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "fresh-pass-442", "new_password2": "fresh-pass-442"},
        follow=True,
    )
    assert b"Your password is changed" in done.content
    member.refresh_from_db()
    assert member.check_password("fresh-pass-442")
    again = client.get(url, follow=True)
    assert b"This link no longer works" in again.content


def test_it_answers_an_unknown_address_the_same_and_sends_nothing(client, member):
    response = client.post(reverse("players:password_reset"), {"email": "who@example.org"})
    assert response.status_code == 302 and response.url == reverse("players:password_reset_done")
    assert mail.outbox == []


def test_it_refuses_a_malformed_address_with_a_message(client, member):
    response = client.post(reverse("players:password_reset"), {"email": "not an address"})
    assert response.status_code == 200
    assert b"valid email" in response.content.lower() and mail.outbox == []


def test_it_reads_the_mail_backend_from_the_environment(monkeypatch):
    import importlib

    from mahjong_site import settings as site_settings

    monkeypatch.setenv("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
    monkeypatch.setenv("EMAIL_HOST", "mail.example.org")
    fresh = importlib.reload(site_settings)
    assert fresh.EMAIL_BACKEND.endswith("smtp.EmailBackend")
    assert fresh.EMAIL_HOST == "mail.example.org"
    monkeypatch.delenv("EMAIL_BACKEND")
    monkeypatch.setenv("DEBUG", "1")
    assert importlib.reload(site_settings).EMAIL_BACKEND.endswith("console.EmailBackend")
