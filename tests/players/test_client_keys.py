"""One client, one key: behind a trusted proxy, every address of one IPv6 /64 (the
prefix a setting) counts as one client for the sign-in throttle, the sign-up budget
and the import budget; IPv4 clients count by their address."""

import os
import subprocess
import sys

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import RequestFactory
from django.urls import reverse

from players import budgets, throttle
from players.models import Player

pytestmark = pytest.mark.django_db

PROXY = "127.0.0.1"


@pytest.fixture(autouse=True)
def behind_the_proxy(settings, monkeypatch):
    settings.TRUSTED_PROXIES = [PROXY]
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    monkeypatch.setattr(throttle, "now", lambda: 1_000_000.0)
    monkeypatch.setattr(budgets, "now", lambda: 2_000_000.0)
    yield
    cache.clear()


def rotating(n: int) -> str:
    """The n-th address of one /64, as a client rotating its interface identifier."""
    return f"2001:db8:5:7:{n:x}:{n * 7 % 65536:x}:{n * 13 % 65536:x}:{n + 1:x}"


def via_proxy(address: str) -> dict:
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": address}


@pytest.mark.parametrize(
    ("forwarded", "prefix", "key"),
    [
        ("2001:db8:5:7:1:2:3:4", 64, "2001:db8:5:7::/64"),
        ("2001:db8:5:7:ffff:2:3:4", 64, "2001:db8:5:7::/64"),
        ("2001:db8:5:7:1:2:3:4", 48, "2001:db8:5::/48"),
        ("2001:DB8:5:7::9", 128, "2001:db8:5:7::9/128"),
        ("203.0.113.5", 64, "203.0.113.5"),
        ("::ffff:203.0.113.5", 64, "203.0.113.5"),  # IPv4 written as IPv6
    ],
)
def test_it_keys_ipv6_clients_by_their_prefix_and_ipv4_clients_by_address(
    settings, forwarded, prefix, key
):
    settings.IPV6_CLIENT_PREFIX = prefix
    request = RequestFactory().get("/", **via_proxy(forwarded))
    assert throttle.client_key(request) == key


def test_a_direct_ipv6_peer_is_keyed_by_its_prefix_too():
    request = RequestFactory().get("/", REMOTE_ADDR="2001:db8:9:9::1")
    assert throttle.client_key(request) == "2001:db8:9:9::/64"


def test_a_guesser_rotating_addresses_inside_one_ipv6_64_is_throttled(client):
    Player.objects.create_user(username="east", password="pw-east-123")
    url = reverse("players:login")
    for n in range(throttle.MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS):
        client.post(url, {"username": "east", "password": "guess"}, **via_proxy(rotating(n)))
    response = client.post(
        url, {"username": "east", "password": "pw-east-123"}, **via_proxy(rotating(99))
    )
    assert response.status_code == 429
    # a client in another /64 is not held back
    other = client.post(
        url, {"username": "east", "password": "pw-east-123"}, **via_proxy("2001:db8:5:8::1")
    )
    assert other.status_code == 302


def test_sign_ups_rotating_addresses_inside_one_ipv6_64_share_one_budget(client, settings):
    settings.SIGNUP_RATE_PER_HOUR = 2

    def sign_up(name, address):
        data = {"username": name, "password1": "a-long-pass-77", "password2": "a-long-pass-77"}
        answer = client.post(reverse("players:signup"), data, **via_proxy(address))
        client.logout()
        return answer.status_code

    assert [sign_up(f"new{n}", rotating(n)) for n in range(3)] == [302, 302, 429]
    assert not Player.objects.filter(username="new2").exists()
    assert sign_up("elsewhere", "2001:db8:5:8::1") == 302


def test_imports_rotating_addresses_inside_one_ipv6_64_share_one_budget(client, settings):
    settings.IMPORT_RATE_PER_HOUR = 2
    url = reverse("history:import")

    def upload(member, address):
        client.force_login(member)
        log = SimpleUploadedFile("x.json", b'{"log": "nope"}')
        return client.post(url, {"logs": [log]}, **via_proxy(address)).status_code

    members = [
        Player.objects.create_user(username=f"m{n}", password="pw-m-12345") for n in range(3)
    ]
    assert [upload(m, rotating(n)) for n, m in enumerate(members)] == [200, 200, 429]


def test_the_prefix_is_a_setting_read_from_the_environment():
    code = "from django.conf import settings; print(settings.IPV6_CLIENT_PREFIX)"
    env = {"DJANGO_SETTINGS_MODULE": "mahjong_site.settings", "IPV6_CLIENT_PREFIX": "56"}
    shown = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    assert shown.stdout.strip() == "56"
