"""Production mode: refuses to start half-configured, passes the deploy check,
throttles sign-in guessing and refuses sockets from other origins."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from channels.testing import WebsocketCommunicator
from django.core.cache import cache
from django.urls import reverse

from mahjong_site.asgi import application
from players import throttle

ROOT = Path(__file__).resolve().parent.parent
GOOD_KEY = "k" * 20 + "-production-secret-for-the-test-only-0123456789"


def manage(*args, **env):
    # A browser test may have allowed async-unsafe ORM use in this process; a deployed
    # server must not inherit that, nor any of the settings under test.
    dropped = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE")
    base = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
    )


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off():
    result = manage("check", DEBUG="0", ALLOWED_HOSTS="club.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG=0" in result.stderr


def test_it_refuses_to_start_without_allowed_hosts_when_debug_is_off():
    result = manage("check", DEBUG="0", SECRET_KEY=GOOD_KEY)
    assert result.returncode != 0
    assert "ALLOWED_HOSTS must be set when DEBUG=0" in result.stderr


def test_it_passes_the_deploy_check_when_configured(tmp_path):
    production = dict(
        DEBUG="0", SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="club.example.org",
        STATIC_ROOT=str(tmp_path / "static"),
    )  # fmt: skip
    collected = manage("collectstatic", "--noinput", "-v0", **production)
    assert collected.returncode == 0, collected.stderr
    result = manage("check", "--deploy", "--fail-level", "WARNING", **production)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


@pytest.fixture
def clock(monkeypatch):
    cache.clear()
    moment = [1_000_000.0]
    monkeypatch.setattr(throttle, "now", lambda: moment[0])
    return moment


@pytest.mark.django_db
def test_it_locks_a_name_after_five_failed_sign_ins(client, player, clock):
    for _ in range(throttle.MAX_FAILURES_PER_NAME):
        response = client.post(reverse("players:login"), {"username": "east", "password": "wrong"})
        assert response.status_code == 200
    response = client.post(
        reverse("players:login"), {"username": "east", "password": "pw-east-123"}
    )
    assert response.status_code == 429
    assert "Too many failed sign-in attempts" in response.content.decode()
    assert not response.wsgi_request.user.is_authenticated


@pytest.mark.django_db
def test_it_lets_the_name_in_again_once_the_window_has_passed(client, player, clock):
    for _ in range(throttle.MAX_FAILURES_PER_NAME):
        client.post(reverse("players:login"), {"username": "east", "password": "wrong"})
    clock[0] += throttle.WINDOW_SECONDS + 1
    response = client.post(
        reverse("players:login"), {"username": "east", "password": "pw-east-123"}
    )
    assert response.status_code == 302


@pytest.mark.django_db(transaction=True)
async def test_it_refuses_a_socket_opened_from_another_origin():
    foreign = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"https://evil.example")]
    )
    connected, _ = await foreign.connect()
    assert not connected
    await foreign.disconnect()
    own = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"http://localhost")]
    )
    connected, _ = await own.connect()
    assert connected
    await own.disconnect()
