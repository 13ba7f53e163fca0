"""Look-alike names: a name that only looks like a member's or a bot's on screen (a
Cyrillic letter for a Latin one, a dotless i, a zero for an O) is refused like a copy,
for a member's shown name, a username and a settings change; names that merely
resemble each other are still free, and so are names in other scripts."""

import pytest
from django.urls import reverse

from players import names
from players.models import Player

pytestmark = pytest.mark.django_db

CYRILLIC_A = "\u0410"  # looks like a Latin capital A
DOTLESS_I = "\u0131"


@pytest.fixture(autouse=True)
def akagi(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return Player.objects.create_user(
        username="akagi", password="pw-akagi-123", display_name="Akagi"
    )


def sign_up(client, username, display_name=""):
    data = {"username": username, "display_name": display_name}
    data |= {"password1": "a-long-pass-77", "password2": "a-long-pass-77"}
    return client.post(reverse("players:signup"), data)


@pytest.mark.parametrize("lookalike", [f"{CYRILLIC_A}kagi", f"Akag{DOTLESS_I}", "AKAG\u0406"])
def test_a_display_name_that_looks_like_a_members_is_refused(client, lookalike):
    response = sign_up(client, "newcomer", lookalike)
    assert response.status_code == 200
    assert "looks like another member" in response.content.decode()
    assert not Player.objects.filter(username="newcomer").exists()
    # names that only resemble the member's, or are written in another script, are free
    Player.objects.create_user(username="all", password="pw-all-12345", display_name="All")
    for n, name in enumerate(["Akagi Shigeru", "Ali", "Akira", "赤木しげる", "Акира"]):
        assert sign_up(client, f"user{n}", name).status_code == 302, name
        client.logout()


@pytest.mark.parametrize("lookalike", [f"{CYRILLIC_A}kagi", f"akag{DOTLESS_I}"])
def test_a_username_that_looks_like_a_members_is_refused(client, lookalike):
    # with a display name of its own, as without one
    for display in ("Someone Else", ""):
        response = sign_up(client, lookalike, display)
        assert response.status_code == 200, display
        page = response.content.decode()
        # PostgreSQL's case-insensitive match already takes "ı" for "i": Django's own
        # "already exists" refuses that one there
        assert "looks like another member" in page or "already exists" in page
    assert Player.objects.count() == 1 + Player.objects.filter(is_bot=True).count()


def test_a_member_cannot_change_their_name_to_a_lookalike(client):
    other = Player.objects.create_user(username="other", password="pw-other-123")
    client.force_login(other)
    response = client.post(
        reverse("players:preferences"),
        {"display_name": f"{CYRILLIC_A}kagi", "email": "", "terms": "ja"},
    )
    assert "looks like another member" in response.content.decode()
    other.refresh_from_db()
    assert other.display_name == ""


@pytest.mark.parametrize("lookalike", ["\u0421areful bot", "Careful b\u043et", "b\u043et-careful"])
def test_a_name_that_looks_like_a_bots_is_refused(client, lookalike):
    response = sign_up(client, "human", lookalike)
    assert response.status_code == 200
    assert "is kept for the club" in response.content.decode()


def test_the_lookalike_keys_meet_only_for_names_that_look_the_same():
    assert names.look_alike(f"{CYRILLIC_A}kagi", "Akagi")
    assert names.look_alike(f"Akag{DOTLESS_I}", "akagi")
    assert names.look_alike("B0b", "Bob")
    assert names.look_alike("Sam", "Sarn")  # "m" and "rn" side by side
    assert not names.look_alike("Ali", "All")
    assert not names.look_alike("Akagi", "Akira")
