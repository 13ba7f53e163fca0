"""The site stands up: pages, sign-up, sign-in, sign-out, the tile tag."""

import re

import pytest
from django.template import Context, Template
from django.urls import reverse

from players.models import Player
from rules.models import Ruleset

pytestmark = pytest.mark.django_db


def test_it_serves_the_lobby(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Lobby" in response.content


def test_it_links_every_section_from_the_navigation(client):
    html = client.get("/").content.decode()
    for label in (
        "Lobby",
        "Rulebook",
        "Calculator",
        "Tournaments",
        "Players",
        "Sign in",
        "Sign up",
    ):
        assert f">{label}<" in html


def test_it_signs_up_a_member_and_signs_them_in(client):
    response = client.post(
        reverse("players:signup"),
        {
            "username": "nanpa",
            "display_name": "Nan",
            "password1": "a-long-pass-77",
            "password2": "a-long-pass-77",
        },
    )
    assert response.status_code == 302
    assert Player.objects.get(username="nanpa").display_name == "Nan"
    assert ">Nan<" in client.get("/").content.decode()


def test_it_rejects_a_signup_with_mismatched_passwords(client):
    response = client.post(
        reverse("players:signup"),
        {"username": "nanpa", "password1": "a-long-pass-77", "password2": "other-pass-88"},
    )
    assert response.status_code == 200
    assert not Player.objects.filter(username="nanpa").exists()
    assert (
        "didn’t match" in response.content.decode() or "didn't match" in response.content.decode()
    )


def test_it_signs_in_and_out(client, player):
    response = client.post(
        reverse("players:login"), {"username": "east", "password": "pw-east-123"}
    )
    assert response.status_code == 302
    assert client.get("/").context["user"].is_authenticated
    client.post(reverse("players:logout"))
    assert not client.get("/").context["user"].is_authenticated


def test_it_refuses_a_wrong_password(client, player):
    response = client.post(reverse("players:login"), {"username": "east", "password": "nope"})
    assert response.status_code == 200
    assert not response.context["user"].is_authenticated


def test_it_enforces_csrf_on_forms(player):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post(
        reverse("players:login"), {"username": "east", "password": "pw-east-123"}
    )
    assert response.status_code == 403


def test_it_draws_all_37_tile_faces(client):
    html = client.get(reverse("rules:tiles")).content.decode()
    images = re.findall(r'<img src="/static/tiles\.svg#([\w-]+)" alt="([^"]+)"', html)
    faces = {name for name, _ in images}
    assert len(faces - {"Chun"}) >= 36 and len(faces) == 37
    assert ("Pin5-Dora", "5 of circles (red)") in images


def test_it_renders_tile_notation_as_images_with_names():
    html = Template('{% tiles "406p1z" %}').render(Context())
    assert html.count("<img") == 4
    assert 'alt="4 of circles"' in html
    assert 'alt="5 of circles (red)"' in html
    assert 'src="/static/tiles.svg#Pin5-Dora"' in html
    assert 'alt="East wind"' in html


def test_it_shows_bad_notation_instead_of_failing():
    html = Template('{% tiles "12x" %}').render(Context())
    assert "tile-error" in html and "unexpected character" in html


def test_it_loads_the_demo_club_idempotently(capsys):
    from django.core.management import call_command

    call_command("load_demo")
    first = capsys.readouterr().out
    call_command("load_demo")
    second = capsys.readouterr().out
    assert "shown only once" in first and "already loaded" in second
    box = first.strip().splitlines()
    assert box[0] == box[-1] and set(box[0]) == {"+", "-"}, "the passwords come in a box"
    assert all(line.startswith("| ") and line.endswith(" |") for line in box[1:-1])
    assert sum("akagi" in line for line in box) == 1
    assert Player.objects.filter(is_bot=False).count() == 5
    assert Player.objects.get(username="hisa").groups.filter(name="Organizers").exists()
    assert Ruleset.objects.filter(is_default=True).count() == 1


def test_it_validates_stored_ruleset_settings():
    from django.core.exceptions import ValidationError

    ruleset = Ruleset(name="Broken", preset="ronin", settings={"uma": [10, 20]})
    with pytest.raises(ValidationError) as info:
        ruleset.full_clean()
    assert "uma" in str(info.value)


def test_it_prints_each_server_log_message_once():
    import logging

    logger, handlers = logging.getLogger("django.request"), []
    while logger is not None:
        handlers += [h for h in logger.handlers if type(h) is logging.StreamHandler]
        logger = logger.parent if logger.propagate else None
    assert len(handlers) == 1, handlers
