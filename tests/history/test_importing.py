"""Importing from the command line (several files, progress, dry runs) and from the upload form."""

import html
import io

from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from history.logs.importer import import_log
from tables.models import Game, HandRecord

from .conftest import DATA


def test_it_imports_many_files_with_progress(db, tmp_path):
    out = io.StringIO()
    call_command(
        "import_log",
        str(DATA / "tenhou6_double_ron.json"),
        str(DATA / "mjlog_exhaustive_noten.xml"),
        stdout=out,
    )
    text = out.getvalue()
    assert "[1/2]" in text and "[2/2]" in text
    assert "2 of 2 games match our engine in every hand." in text
    assert Game.objects.count() == 2


def test_it_imports_every_log_in_a_directory(db, tmp_path):
    for name in ("tenhou6_riichi_ron_ura.json", "mjlog_exhaustive_noten.xml"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    out = io.StringIO()
    call_command("import_log", str(tmp_path), "--check", stdout=out)
    assert "2 of 2 games match" in out.getvalue()


def test_it_only_checks_on_a_dry_run(db):
    out = io.StringIO()
    call_command(
        "import_log", str(DATA / "mjlog_riichi_ron_ura.xml"), "--dry-run", "--check", stdout=out
    )
    assert "1 of 1 hands match; not stored" in out.getvalue()
    assert Game.objects.count() == 0


def test_it_replays_under_a_chosen_ruleset(db):
    out = io.StringIO()
    call_command(
        "import_log",
        str(DATA / "tenhou6_double_ron.json"),
        "--ruleset",
        "wrc",
        "--verbose",
        stdout=out,
    )
    text = out.getvalue()
    # WRC plays head bump: only the player nearest the discarder wins
    assert "mismatch" in text
    assert "winners: the log has seats 1 and 3, our engine seat 3" in text


def test_it_reads_mjai_lines(db):
    report = import_log("double_ron.jsonl", (DATA / "mjai_double_ron.jsonl").read_bytes())
    assert report.format == "mjai"
    assert report.ok, report.first_difference()
    hand = HandRecord.objects.get(game_id=report.game_id)
    assert sorted(hand.winners) == [1, 3]
    assert hand.deltas == [0, 2000, -3300, 1300]


def test_it_asks_to_sign_in_before_uploading(client, db):
    response = client.get(reverse("history:import"))
    assert response.status_code == 302
    assert reverse("players:login") in response["Location"]


def test_it_imports_uploaded_logs_and_reports_each_hand(client, members):
    client.force_login(members[0])
    files = [
        SimpleUploadedFile("ron.json", (DATA / "tenhou6_riichi_ron_ura.json").read_bytes()),
        SimpleUploadedFile("draw.xml", (DATA / "mjlog_exhaustive_noten.xml").read_bytes()),
        SimpleUploadedFile("broken.json", b'{"log": 3, "name": ["a", "b", "c", "d"]}'),
    ]
    response = client.post(reverse("history:import"), {"logs": files})
    assert response.status_code == 200
    page = response.content.decode()
    assert page.count("1 of 1 hands match") == 2
    assert "Not imported: log: must be a list" in page
    games = list(Game.objects.order_by("pk"))
    assert len(games) == 2
    assert all(g.table.created_by == members[0] for g in games)
    assert reverse("history:game", args=[games[0].pk]) in page


def test_it_checks_uploads_without_storing_them(client, members):
    client.force_login(members[0])
    upload = SimpleUploadedFile("ron.json", (DATA / "tenhou6_riichi_ron_ura.json").read_bytes())
    page = client.post(
        reverse("history:import"), {"logs": [upload], "check_only": "on"}
    ).content.decode()
    assert "1 of 1 hands match; not stored" in page
    assert Game.objects.count() == 0


def test_it_refuses_an_empty_upload_or_an_unknown_ruleset(client, members):
    client.force_login(members[0])
    response = client.post(reverse("history:import"), {})
    assert response.status_code == 400
    assert "Choose at least one log file." in response.content.decode()
    upload = SimpleUploadedFile("ron.json", (DATA / "tenhou6_riichi_ron_ura.json").read_bytes())
    response = client.post(reverse("history:import"), {"logs": [upload], "ruleset": "nope"})
    assert response.status_code == 400
    assert "'nope' is not a ruleset" in html.unescape(response.content.decode())
    assert Game.objects.count() == 0


def test_it_answers_a_broken_upload_with_a_message_not_an_error(client, members):
    client.force_login(members[0])
    broken = SimpleUploadedFile("broken.json", b'{"type": "start_kyoku", "bakaze": null}\n')
    page = client.post(reverse("history:import"), {"logs": [broken], "check_only": "on"})
    assert page.status_code == 200
    assert "bakaze must be E, S, W or N" in html.unescape(page.content.decode())
    assert Game.objects.count() == 0


def test_the_import_page_answers_only_get_and_post(client, members):
    client.force_login(members[0])
    for method in (client.put, client.patch, client.delete):
        response = method(reverse("history:import"))
        assert response.status_code == 405
        assert response["Allow"] == "GET, POST"
    assert client.get(reverse("history:import")).status_code == 200
