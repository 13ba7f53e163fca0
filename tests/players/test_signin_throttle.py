"""Sign-in throttling: the admin's form too, failures keyed on the account and the
real client address, and X-Forwarded-For believed only from the configured proxy."""

import contextlib

import pytest
from django.core.cache import cache
from django.test import RequestFactory
from django.urls import reverse

from players import throttle
from players.models import Player

pytestmark = pytest.mark.django_db

MEMBER_LOGIN = "/players/login/"
ADMIN_LOGIN = "/admin/login/"


@pytest.fixture(autouse=True)
def clock(monkeypatch):
    cache.clear()
    moment = [1_000_000.0]
    monkeypatch.setattr(throttle, "now", lambda: moment[0])
    yield moment
    cache.clear()


@pytest.fixture
def member(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return Player.objects.create_user(username="east", password="pw-east-123")


@pytest.fixture
def staff(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return Player.objects.create_user(username="boss", password="pw-boss-123", is_staff=True)


def attempt(client, url, username, password, address="192.0.2.1", forwarded=None):
    extra = {"REMOTE_ADDR": address}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client.post(url, {"username": username, "password": password}, **extra)


def test_admin_sign_in_is_throttled(client, staff):
    for _ in range(throttle.MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS):
        assert attempt(client, ADMIN_LOGIN, "boss", "wrong").status_code == 200
    response = attempt(client, ADMIN_LOGIN, "boss", "pw-boss-123")
    assert response.status_code == 429
    assert "Too many failed sign-in attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_admin_sign_in_still_works_below_the_limit(client, staff):
    attempt(client, ADMIN_LOGIN, "boss", "wrong")
    response = attempt(client, ADMIN_LOGIN, "boss", "pw-boss-123")
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(staff.pk)


def test_failures_from_other_addresses_never_lock_a_member_out(client, member):
    for n in range(12):
        for _ in range(throttle.MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS):
            attempt(client, MEMBER_LOGIN, "EAST", "guess", address=f"198.51.100.{n}")
    response = attempt(client, MEMBER_LOGIN, "east", "pw-east-123", address="203.0.113.9")
    assert response.status_code == 302


def test_the_guessing_address_is_locked_out_of_that_account(client, member):
    for _ in range(throttle.MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS):
        attempt(client, MEMBER_LOGIN, "east", "guess", address="198.51.100.1")
    response = attempt(client, MEMBER_LOGIN, "east", "pw-east-123", address="198.51.100.1")
    assert response.status_code == 429


def test_visitors_behind_the_configured_proxy_are_told_apart(client, member, settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    for n in range(throttle.MAX_FAILURES_PER_ADDRESS):
        attempt(client, MEMBER_LOGIN, f"name{n}", "x", "127.0.0.1", forwarded="198.51.100.7")
    assert (
        attempt(
            client, MEMBER_LOGIN, "east", "pw-east-123", "127.0.0.1", "198.51.100.7"
        ).status_code
        == 429
    )
    response = attempt(client, MEMBER_LOGIN, "east", "pw-east-123", "127.0.0.1", "203.0.113.9")
    assert response.status_code == 302


def test_x_forwarded_for_from_anyone_but_the_proxy_is_ignored(client, member, settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    for n in range(throttle.MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS):
        attempt(client, MEMBER_LOGIN, "east", "guess", "198.51.100.1", forwarded=f"10.9.9.{n}")
    response = attempt(client, MEMBER_LOGIN, "east", "pw-east-123", "198.51.100.1", "10.9.9.99")
    assert response.status_code == 429


@pytest.mark.parametrize(
    ("peer", "forwarded", "expected"),
    [
        ("192.0.2.1", "203.0.113.5", "192.0.2.1"),  # not a proxy: its header is a claim
        ("127.0.0.1", "203.0.113.5", "203.0.113.5"),
        ("127.0.0.1", "6.6.6.6, 203.0.113.5", "203.0.113.5"),  # the client wrote 6.6.6.6
        ("127.0.0.1", "203.0.113.5, 127.0.0.1", "203.0.113.5"),
        ("127.0.0.1", "", "127.0.0.1"),
        ("127.0.0.1", "not-an-address", "127.0.0.1"),
    ],
)
def test_the_client_address_believes_only_the_configured_proxy(settings, peer, forwarded, expected):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    request = RequestFactory().get("/", REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR=forwarded)
    assert throttle.client_address(request) == expected


def test_the_admin_sign_in_page_still_shows(client):
    assert client.get(ADMIN_LOGIN).status_code == 200
    assert client.get(reverse("admin:login")).status_code == 200


def test_failures_arriving_at_the_same_moment_are_all_counted(monkeypatch):
    """Five guesses read the count at the same moment (as on several processes sharing
    Redis): each of them is still counted, so the pair is locked."""
    import threading

    together = threading.Barrier(throttle.MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS, timeout=2)

    class ReadTogether:
        """The cache, except that a read waits until every guess has read."""

        def __getattr__(self, name):
            return getattr(cache, name)

        def get(self, *args, **kwargs):
            value = cache.get(*args, **kwargs)
            with contextlib.suppress(threading.BrokenBarrierError):
                together.wait()  # everybody has read before anybody writes
            return value

    monkeypatch.setattr(throttle, "cache", ReadTogether())
    guesses = [
        threading.Thread(target=throttle.record_failure, args=("east", "198.51.100.1"))
        for _ in range(throttle.MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS)
    ]
    for guess in guesses:
        guess.start()
    for guess in guesses:
        guess.join()
    monkeypatch.setattr(throttle, "cache", cache)
    assert throttle.is_locked("east", "198.51.100.1")
