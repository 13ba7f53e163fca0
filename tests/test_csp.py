"""Production pages: a Content-Security-Policy the pages keep to (no inline script,
style element or event handler anywhere in the templates), HEAD answered like GET,
and a clear stop at start-up when DEBUG=0 and collectstatic was not run."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from players.models import Player

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
GOOD_KEY = "k" * 20 + "-production-secret-for-the-test-only-0123456789"

PAGES = ["/", "/rules/", "/rules/calculator/", "/tournaments/", "/players/", "/players/login/"]


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES)
def test_every_page_carries_a_content_security_policy_without_inline_scripts(client, url):
    response = client.get(url)
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert "unsafe-eval" not in policy
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"


def test_no_template_has_an_inline_script_style_element_or_event_handler():
    inline_script = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
    handler = re.compile(r"<[^>]*\son[a-z]+\s*=", re.I)
    found = []
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text()
        for what, pattern in [
            ("inline script", inline_script),
            ("style element", re.compile(r"<style\b", re.I)),
            ("event handler", handler),
            ("htmx expression", re.compile(r"hx-(on|vars)\b|hx-trigger=\"[^\"]*\[", re.I)),
        ]:
            if pattern.search(text):
                found.append(f"{path.relative_to(ROOT)}: {what}")
    assert found == []


def test_every_page_that_loads_htmx_keeps_it_from_injecting_style_or_evaluating():
    # Without the setting htmx adds a <style> element for its indicators, which the
    # policy refuses; a page of its own (not extending layout.html) needs it too.
    config = '<meta name="htmx-config" content=\'{"includeIndicatorStyles": false, "allowEval": false}\'>'
    missing = [
        str(path.relative_to(ROOT))
        for path in TEMPLATES.rglob("*.html")
        if "vendor/htmx-" in (text := path.read_text()) and config not in text
    ]
    assert missing == []


@pytest.mark.django_db
@pytest.mark.parametrize("url", [*PAGES, "/rules/rulesets/", "/players/signup/"])
def test_head_on_a_page_answers_like_get(client, url):
    get = client.get(url)
    head = client.head(url)
    assert head.status_code == get.status_code == 200
    assert head.content == b""
    assert head["Content-Type"] == get["Content-Type"]
    assert int(head["Content-Length"]) == len(get.content)


@pytest.mark.django_db
def test_head_on_a_profile_answers_like_get(client):
    Player.objects.create_user(username="aoi", password="pw-aoi-12345")
    url = reverse("history:profile", args=["aoi"])
    assert client.get(url).status_code == 200
    head = client.head(url)
    assert head.status_code == 200 and head.content == b""
    assert client.head("/players/nobody-here/").status_code == 404


def run(code_or_args, static_root, **env):
    import os

    dropped = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE", "STATIC_ROOT")
    base = {k: v for k, v in os.environ.items() if k not in dropped}
    base.update(
        DEBUG="0", SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="club.example.org",
        STATIC_ROOT=str(static_root), **env,
    )  # fmt: skip
    return subprocess.run(
        [sys.executable, *code_or_args], cwd=ROOT, env=base, capture_output=True, text=True
    )


def test_start_up_stops_with_a_clear_error_when_collectstatic_was_not_run(tmp_path):
    result = run(["-c", "import mahjong_site.asgi"], tmp_path / "never-collected")
    assert result.returncode != 0
    assert "run `python manage.py collectstatic --noinput`" in result.stderr
    check = run(["manage.py", "check", "--deploy"], tmp_path / "never-collected")
    assert check.returncode != 0
    assert "collectstatic" in check.stderr


def test_start_up_goes_ahead_once_the_static_files_are_collected(tmp_path):
    root = tmp_path / "static"
    collected = run(["manage.py", "collectstatic", "--noinput", "-v0"], root)
    assert collected.returncode == 0, collected.stderr
    result = run(["-c", "import mahjong_site.asgi"], root)
    assert result.returncode == 0, result.stderr
