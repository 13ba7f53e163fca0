"""Hostile log files are refused with a message, never a 500: deep nesting, a NUL
or a lone surrogate in a player's name or the title (PostgreSQL cannot store either),
marks that reorder text. Runs on PostgreSQL too under ``make test-services``."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from history.logs.importer import import_log
from players.models import Player
from tables.models import Game

from .conftest import DATA

pytestmark = pytest.mark.django_db

TENHOU = json.loads((DATA / "tenhou6_double_ron.json").read_text())


def tenhou_with(**changes) -> bytes:
    # ensure_ascii keeps a lone surrogate as its \ud800 escape, as an attacker sends it
    return json.dumps({**TENHOU, **changes}).encode()


@pytest.mark.parametrize(
    ("names", "title"),
    [
        (["Ao\x00i", "Botan", "Chidori", "Daiki"], TENHOU["title"]),
        (["Aoi", "Bo\ud800tan", "Chidori", "Daiki"], TENHOU["title"]),
        (["Aoi", "Botan", "Chidori", "Daiki"], ["Club\x00night", "East 1"]),
        (["Aoi", "Botan", "Chidori", "Daiki"], ["Club \udfff night", "East 1"]),
        (["Aoi", "\u202eikiad", "Chidori", "Daiki"], TENHOU["title"]),
    ],
)
def test_a_log_with_unstorable_text_in_a_name_or_title_is_refused(names, title):
    players_before = Player.objects.count()
    report = import_log("bad.json", tenhou_with(name=names, title=title))
    assert report.error and "refused" in report.error
    assert Game.objects.count() == 0
    assert Player.objects.count() == players_before


def test_a_deeply_nested_log_is_refused_with_a_message():
    for depth in (100, 1500, 50_000):
        data = b'{"log": ' + b"[" * depth + b"]" * depth + b"}"
        report = import_log("deep.json", data)
        assert report.error and "nested" in report.error
    lines = b'{"type": "start_game"}\n{"type": "x", "a": ' + b"[" * 5000 + b"]" * 5000 + b"}\n"
    report = import_log("deep.jsonl", lines)
    assert report.error and "nested" in report.error


def test_the_import_form_answers_hostile_files_without_a_500(client):
    member = Player.objects.create_user(username="importer", password="pw-importer-123")
    client.force_login(member)
    files = [
        SimpleUploadedFile("deep.json", b'{"log": ' + b"[" * 3000 + b"]" * 3000 + b"}"),
        SimpleUploadedFile("nul.json", tenhou_with(name=["A\x00", "B", "C", "D"])),
        SimpleUploadedFile("surrogate.json", tenhou_with(title=["\ud800", "x"])),
    ]
    response = client.post(reverse("history:import"), {"logs": files})
    assert response.status_code == 200
    assert response.content.decode().count("refused") >= 3
    assert Game.objects.count() == 0
