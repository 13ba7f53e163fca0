"""Abuse budgets: sign-ups per address and log imports per member and address per
hour (settings knobs, the budgets' clock injected), and the size of an import request
capped by the app itself."""

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from players import budgets
from players.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clock(monkeypatch, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    moment = [2_000_000.0]
    monkeypatch.setattr(budgets, "now", lambda: moment[0])
    yield moment
    cache.clear()


def sign_up(client, username, address="198.51.100.4"):
    return client.post(
        reverse("players:signup"),
        {"username": username, "password1": "a-long-pass-77", "password2": "a-long-pass-77"},
        REMOTE_ADDR=address,
    )


def test_sign_ups_from_one_address_are_limited_per_hour(client, settings, clock):
    settings.SIGNUP_RATE_PER_HOUR = 3
    for n in range(3):
        assert sign_up(client, f"new{n}").status_code == 302
        client.logout()
    response = sign_up(client, "new3")
    assert response.status_code == 429
    assert "Too many new accounts" in response.content.decode()
    assert not Player.objects.filter(username="new3").exists()
    # another address is not held back, and the hour passes
    assert sign_up(client, "elsewhere", address="203.0.113.8").status_code == 302
    client.logout()
    clock[0] += budgets.WINDOW_SECONDS + 1
    assert sign_up(client, "new3").status_code == 302


def test_a_failed_sign_up_does_not_use_the_budget(client, settings):
    settings.SIGNUP_RATE_PER_HOUR = 1
    bad = client.post(
        reverse("players:signup"),
        {"username": "x", "password1": "a-long-pass-77", "password2": "other-pass-88"},
        REMOTE_ADDR="198.51.100.4",
    )
    assert bad.status_code == 200
    assert sign_up(client, "fine").status_code == 302


def log_file():
    return SimpleUploadedFile("x.json", b'{"log": "nope"}')


@pytest.fixture
def importer(client):
    member = Player.objects.create_user(username="importer", password="pw-importer-123")
    client.force_login(member)
    return member


def test_log_imports_are_limited_per_member_per_hour(client, importer, settings, clock):
    settings.IMPORT_RATE_PER_HOUR = 2
    url = reverse("history:import")
    for _ in range(2):
        assert client.post(url, {"logs": [log_file()]}).status_code == 200
    response = client.post(url, {"logs": [log_file()]}, REMOTE_ADDR="203.0.113.50")
    assert response.status_code == 429
    assert "in the last hour" in response.content.decode()
    clock[0] += budgets.WINDOW_SECONDS + 1
    assert client.post(url, {"logs": [log_file()]}).status_code == 200


def test_log_imports_are_limited_per_address_too(client, importer, settings):
    settings.IMPORT_RATE_PER_HOUR = 2
    url = reverse("history:import")
    for _ in range(2):
        client.post(url, {"logs": [log_file()]}, REMOTE_ADDR="198.51.100.9")
    other = Player.objects.create_user(username="second", password="pw-second-123")
    client.force_login(other)
    assert client.post(url, {"logs": [log_file()]}, REMOTE_ADDR="198.51.100.9").status_code == 429


def test_an_import_request_over_the_size_cap_is_refused_unread(client, importer, settings):
    settings.IMPORT_MAX_BYTES = 10_000
    files = [SimpleUploadedFile(f"big{n}.json", b" " * 4_000) for n in range(3)]
    response = client.post(reverse("history:import"), {"logs": files})
    assert response.status_code == 413
    assert "none of it was read" in response.content.decode()
    # below the cap the same form answers as usual
    small = [SimpleUploadedFile("small.json", b'{"log": "nope"}')]
    assert client.post(reverse("history:import"), {"logs": small}).status_code == 200


def test_spendings_arriving_at_the_same_moment_are_all_counted(monkeypatch):
    """Three sign-ups from one address read the budget at the same moment (as on
    several processes sharing Redis): each is still counted, so the budget is spent."""
    import contextlib
    import threading

    together = threading.Barrier(3, timeout=2)

    class ReadTogether:
        """The cache, except that a read waits until every spending has read."""

        def __getattr__(self, name):
            return getattr(cache, name)

        def get(self, *args, **kwargs):
            value = cache.get(*args, **kwargs)
            with contextlib.suppress(threading.BrokenBarrierError):
                together.wait()
            return value

    monkeypatch.setattr(budgets, "cache", ReadTogether())
    spendings = [
        threading.Thread(target=budgets.spend, args=("signup", "198.51.100.4")) for _ in range(3)
    ]
    for spending in spendings:
        spending.start()
    for spending in spendings:
        spending.join()
    monkeypatch.setattr(budgets, "cache", cache)
    assert budgets.exhausted("signup", "198.51.100.4", 3)


@pytest.fixture
def meanwhile(monkeypatch):
    """The cache, except that the ``at``-th count a request reads runs ``run`` (another
    request) after reading and before answering: the two requests interleave as on two
    processes sharing Redis, deterministically and in one thread."""
    plan = {"at": 1, "run": None}

    class Interleaved:
        def __getattr__(self, name):
            return getattr(cache, name)

        def get_many(self, *args, **kwargs):
            counts = cache.get_many(*args, **kwargs)
            plan["at"] -= 1
            if plan["at"] == 0 and plan["run"]:
                plan["run"]()
            return counts

    monkeypatch.setattr(budgets, "cache", Interleaved())
    return plan


def test_sign_ups_racing_each_other_do_not_pass_the_budget(client, settings, meanwhile):
    settings.SIGNUP_RATE_PER_HOUR = 1
    answers = []
    meanwhile["run"] = lambda: answers.append(sign_up(type(client)(), "second").status_code)
    answers.append(sign_up(client, "first").status_code)
    assert sorted(answers) == [302, 429]
    assert Player.objects.filter(username__in=["first", "second"]).count() == 1


def test_imports_racing_each_other_do_not_pass_the_budget(client, importer, settings, meanwhile):
    """The other import runs after this one has read both its member's and its
    address's counts."""
    settings.IMPORT_RATE_PER_HOUR = 1
    url = reverse("history:import")
    other = type(client)()
    other.force_login(importer)
    answers = []
    meanwhile["at"] = 2
    meanwhile["run"] = lambda: answers.append(other.post(url, {"logs": [log_file()]}).status_code)
    answers.append(client.post(url, {"logs": [log_file()]}).status_code)
    assert sorted(answers) == [200, 429]
