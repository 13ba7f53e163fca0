"""Names: an imported log's players block no member's name, a shown name may not copy
another member's or carry text-direction controls, CSV cells never run as formulas."""

import csv
import io

import pytest
from django.urls import reverse

from history.logs.store import placeholder
from players.models import Player
from tournaments import exports

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_up(client, username, display_name=""):
    return client.post(
        reverse("players:signup"),
        {
            "username": username,
            "display_name": display_name,
            "password1": "a-long-pass-77",
            "password2": "a-long-pass-77",
        },
    )


@pytest.mark.parametrize("typed", ["aoi", "Aoi", "AOI"])
def test_an_imported_logs_player_does_not_block_a_members_name(client, typed):
    imported = placeholder("Aoi")
    assert imported.is_placeholder
    response = sign_up(client, typed)
    assert response.status_code == 302, response.content.decode()[:2000]
    member = Player.objects.get(username=typed)
    assert not member.is_placeholder and member.pk != imported.pk


def test_an_imported_player_with_a_members_name_gets_a_placeholder_of_its_own():
    member = Player.objects.create_user(username="aoi", password="pw-aoi-12345")
    imported = placeholder("aoi")
    assert imported.pk != member.pk and imported.is_placeholder
    assert placeholder("aoi").pk == imported.pk  # the same log name again: the same one


def test_a_display_name_that_copies_another_members_is_refused(client):
    Player.objects.create_user(username="aoi", password="pw-aoi-12345", display_name="Aoi Sora")
    for copy in ("Aoi Sora", "aoi sora", "AOI  SORA", "Ａｏｉ Ｓｏｒａ", "AOI"):
        response = sign_up(client, "mimic", copy)
        assert response.status_code == 200, copy
        assert "another member" in response.content.decode()
    assert not Player.objects.filter(username="mimic").exists()
    # A username shown for want of a display name may not copy one either.
    assert sign_up(client, "Aoi_Sora_").status_code == 302


@pytest.mark.parametrize(
    "copy",
    [
        "Aoi Sora\u200b",  # zero-width space
        "Aoi \u200dSora",  # zero-width joiner
        "Ao\u00adi Sora",  # soft hyphen
        "\ufeffAoi Sora",  # zero-width no-break space
        "Aoi\u2060 Sora",  # word joiner
        "Aoi\u3164 Sora",  # Hangul filler
        "Aoi Sora\ufe0f",  # variation selector
    ],
)
def test_a_display_name_that_copies_another_members_with_invisible_characters_is_refused(
    client, copy
):
    Player.objects.create_user(username="aoi", password="pw-aoi-12345", display_name="Aoi Sora")
    response = sign_up(client, "mimic", copy)
    assert response.status_code == 200, copy
    assert "another member" in response.content.decode()
    assert not Player.objects.filter(username="mimic").exists()


@pytest.mark.parametrize("blank", ["\u3164", "\u200b\u200b", "\u2800", "\u115f\u1160"])
def test_a_display_name_of_only_invisible_characters_is_refused(client, blank):
    response = sign_up(client, "blank", blank)
    assert response.status_code == 200, repr(blank)
    assert "visible character" in response.content.decode()
    assert not Player.objects.filter(username="blank").exists()


def test_a_bots_display_name_with_invisible_characters_is_still_the_bots(client):
    response = sign_up(client, "nanpa", "Careful\u200b bot")
    assert response.status_code == 200
    assert "kept for the club" in response.content.decode()
    assert not Player.objects.filter(username="nanpa").exists()


def test_a_username_shown_for_want_of_a_display_name_may_not_copy_another_members(client):
    Player.objects.create_user(username="east", password="pw-east-12345", display_name="Sora")
    response = sign_up(client, "sora")
    assert response.status_code == 200
    assert not Player.objects.filter(username="sora").exists()


@pytest.mark.parametrize("control", ["\u202e", "\u2066", "\u200f", "\u061c", "\u202a"])
def test_a_display_name_with_bidi_controls_is_refused(client, control):
    response = sign_up(client, "tricky", f"Aoi{control}ognaB")
    assert response.status_code == 200
    assert "direction" in response.content.decode()
    assert not Player.objects.filter(username="tricky").exists()


def test_a_renamed_member_may_not_take_another_members_name_or_bidi(client):
    Player.objects.create_user(username="aoi", password="pw-aoi-12345", display_name="Aoi")
    me = Player.objects.create_user(username="me", password="pw-me-123456")
    client.force_login(me)
    for name in ("aoi", "A\u202eoi", "Careful bot"):
        client.post(reverse("players:preferences"), {"display_name": name, "terms": "en"})
        me.refresh_from_db()
        assert me.display_name == "", name


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+cmd", "'+cmd"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("-12.5", "-12.5"),
        ("+38.1", "+38.1"),
        ("Aoi", "Aoi"),
    ],
)
def test_csv_exports_neutralise_a_leading_formula_character(cell, written):
    text = exports.to_csv([("name", "Name")], [{"name": cell}])
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1] == [written]
