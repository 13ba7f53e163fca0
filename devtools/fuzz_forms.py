"""The fuzzer's form posts: random lobby, table, calculator, API, log-import and
tournament forms over HTTP with CSRF, from signed-in and anonymous clients, and every
organizer and scored-table form as an anonymous visitor, a member, a referee and an
organizer (:mod:`devtools.fuzz_event_forms`). Every
answer must be below 500 (see :mod:`devtools.fuzzing`, which runs these alongside the
socket messages)."""

from __future__ import annotations

import json
import random
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import Cookie, CookieJar
from typing import TYPE_CHECKING

from django.conf import settings

from . import fuzz_event_forms, fuzz_world
from .fuzz_messages import Junk
from .fuzz_world import junk_values

if TYPE_CHECKING:  # the fuzzer runs the forms; they only hold it
    from .fuzzing import Fuzzer


class FormClient:
    """A signed-in (or anonymous) browser over urllib: cookies, CSRF token, no redirects."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    def __init__(self, base: str, session_key: str | None):
        self.base = base
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), self.NoRedirect
        )
        host = urllib.parse.urlparse(base).hostname
        if session_key:
            self.jar.set_cookie(cookie(settings.SESSION_COOKIE_NAME, session_key, host))
        self.token = ""

    def request(self, method: str, path: str, data=None, body: bytes | None = None, ctype=None):
        url = self.base + path
        headers = {"X-CSRFToken": self.token, "Referer": self.base + "/"}
        if data is not None:
            body = urllib.parse.urlencode(data, doseq=True).encode()
            ctype = "application/x-www-form-urlencoded"
        if ctype:
            headers["Content-Type"] = ctype
        req = urllib.request.Request(url, data=body, headers=headers, method=method)
        try:
            with self.opener.open(req, timeout=60) as response:
                response.read()
                status = response.status
        except urllib.error.HTTPError as exc:
            exc.read()
            status = exc.code
        for c in self.jar:
            if c.name == settings.CSRF_COOKIE_NAME:
                self.token = c.value
        return status

    def prime(self) -> None:
        """Fetch a page that sets the CSRF cookie."""
        self.request("GET", "/rules/calculator/")


def cookie(name: str, value: str, host: str) -> Cookie:
    return Cookie(
        0,
        name,
        value,
        None,
        False,
        host,
        False,
        False,
        "/",
        True,
        False,
        None,
        False,
        None,
        None,
        {},
    )


class FormFuzzer:
    """Random form posts; every answer must be below 500."""

    def __init__(self, fuzzer: Fuzzer, base: str, rng: random.Random):
        self.fuzzer = fuzzer
        self.base = base
        self.rng = rng

    def set_up(self) -> None:
        from tournaments.models import Tournament

        member = fuzz_world.fuzz_player("member")
        staff = fuzz_world.fuzz_player("staff", is_staff=True)
        self.ruleset_id = fuzz_world.fuzz_ruleset().pk
        self.clients = [
            FormClient(self.base, None),
            FormClient(self.base, fuzz_world.session_cookie(member)),
            FormClient(self.base, fuzz_world.session_cookie(staff)),
        ]
        for c in self.clients:
            c.prime()
        # the organizer and scored-table forms, as each of the event's roles
        world = fuzz_event_forms.build_world(self.rng.randint(0, 999))
        self.event_forms = fuzz_event_forms.EventForms(world, self.rng, self.junk)
        self.roles = []
        for user in world.users.values():
            role = FormClient(self.base, fuzz_world.session_cookie(user) if user else None)
            role.prime()
            self.roles.append(role)
        self.tournament = Tournament.objects.create(
            name=f"{fuzz_world.PREFIX}cup",
            start_date="2026-01-01",
            ruleset_id=self.ruleset_id,
            rounds=3,
            created_by=staff,
        )

    def junk(self):
        return self.rng.choice(junk_values(self.rng, self.ruleset_id))

    def log_file(self) -> bytes:
        """Something shaped like a game log in one of the formats the importer reads,
        broken somewhere: junk values, cut short, or not a log at all."""
        r, j = self.rng, self.junk
        shapes = [
            lambda: json.dumps(
                {
                    "title": [j(), j()],
                    "name": [j() for _ in range(r.choice([3, 4, 5]))],
                    "rule": {"disp": j(), "aka": r.choice([0, 1, j()])},
                    "log": [[[r.randint(-1, 9), 0, 0], [25000] * 4, [r.randint(0, 60)]]],
                }
            ),
            lambda: json.dumps(
                {"format": "riichi-game/1", "ruleset": j(), "seed": j(), "actions": [j(), j()]}
            ),
            lambda: (
                f'<mjloggm ver="2.3"><SHUFFLE seed="{j()}"/><GO type="{j()}"/>'
                f'<INIT seed="{j()}" ten="250,250,250,250" oya="0" hai0="{j()}"/></mjloggm>'
            ),
            lambda: "\n".join(
                json.dumps(
                    {"type": r.choice(["start_game", "start_kyoku", "tsumo", j()]), "x": j()}
                )
                for _ in range(r.randint(1, 5))
            ),
            lambda: j(),
        ]
        text = r.choice(shapes)()
        if r.random() < 0.3:
            text = text[: r.randint(0, len(text))]  # cut short
        return text.encode("utf-8", "surrogatepass")

    def log_upload(self) -> tuple[bytes, str]:
        """A multipart body for the log-import form: files, a ruleset, check or save."""
        r = self.rng
        boundary = f"fuzz{r.getrandbits(64):x}"
        parts = []
        fields = {"ruleset": r.choice(["", "tenhou", "ronin", self.junk()])}
        if r.random() < 0.7:
            fields["check_only"] = "on"  # mostly only check: saved junk would pile up
        for name, value in fields.items():
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                f"{value}\r\n".encode("utf-8", "surrogatepass")
            )
        for n in range(r.choice([0, 1, 1, 2, 25])):
            name = r.choice(["game.json", "game.mjlog", "game.xml", "log.txt", f"{n}.json"])
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="logs"; '
                f'filename="{name}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode()
                + self.log_file()
                + b"\r\n"
            )
        parts.append(f"--{boundary}--\r\n".encode())
        return b"".join(parts), f"multipart/form-data; boundary={boundary}"

    def table_ids(self) -> list[int]:
        from tables.models import Table

        ids = list(Table.objects.order_by("-pk").values_list("pk", flat=True)[:10])
        return [*ids, 999_999]

    def one(self) -> None:
        r = self.rng
        client = r.choice(self.clients)
        j = self.junk
        t = self.tournament.pk
        tables = self.table_ids()
        choices = [
            lambda: (
                "POST",
                "/tables/new/",
                {
                    "name": r.choice([f"{fuzz_world.PREFIX}{r.randint(0, 99)}", j()]),
                    "ruleset": r.choice([self.ruleset_id, j()]),
                    "bots": r.choice(["", "careful", "efficient", "tsumogiri", j()]),
                    "private": r.choice(["on", ""]),
                    "sit": r.choice(["on", ""]),
                },
            ),
            lambda: (
                "POST",
                f"/tables/{r.choice(tables)}/seats/",
                {
                    "do": r.choice(["join", "leave", "add_bot", "remove_bot", "start", j()]),
                    "seat": r.choice(["0", "1", "2", "3", j()]),
                    "level": r.choice(["careful", j()]),
                    "next": r.choice(["", "/", "https://evil.example/", j()]),
                },
            ),
            lambda: (
                "POST",
                f"/tables/{r.choice(tables)}/act/",
                {"action": r.choice(["0:discard:1m.0", "1:pass", j()]), "version": j()},
            ),
            lambda: (
                "GET",
                "/rules/calculator/?"
                + urllib.parse.urlencode(
                    {
                        k: r.choice(["123m456p789s11z", "1m", j()])
                        for k in r.sample(
                            ["hand", "win_tile", "win", "dora", "honba", "pick", "drop", "mode"], 4
                        )
                    }
                ),
                None,
            ),
            lambda: ("JSON", r.choice(["/api/score", "/api/waits"]), None),
            lambda: (
                "POST",
                r.choice(["/tournaments/new/", f"/tournaments/{t}/edit/"]),
                {
                    "name": j(),
                    "format": r.choice(["offline", "online", "league", j()]),
                    "start_date": r.choice(["2026-02-01", j()]),
                    "end_date": j(),
                    "ruleset": r.choice([self.ruleset_id, j()]),
                    "set_uma": r.choice(["", "20000, 10000, -10000, -20000", "x", j()]),
                    "set_chombo": r.choice(["", "penalty", j()]),
                    "set_tobi": r.choice(["", "on", "off", j()]),
                    "rounds": j(),
                },
            ),
            lambda: (
                "POST",
                r.choice(
                    [
                        f"/tournaments/{t}/organizers/",
                        f"/tournaments/{t}/entries/",
                        f"/tournaments/{t}/register/",
                        f"/tournaments/{t}/withdraw/",
                        f"/tournaments/{t}/rounds/",
                        f"/tournaments/{t}/rounds/1/redraw/",
                        f"/tournaments/{t}/rounds/1/publish/",
                        f"/tournaments/{t}/tables/{r.randint(1, 50)}/result/",
                        f"/tournaments/{t}/tables/{r.randint(1, 50)}/link/",
                        f"/tournaments/{t}/games/new/",
                    ]
                ),
                {
                    "player": r.choice(
                        [f"{fuzz_world.PREFIX}member", f"{fuzz_world.PREFIX}good0", j()]
                    ),
                    "team": j(),
                    "substitute": r.choice(["on", ""]),
                    "method": r.choice(["random", "swiss", "manual", j()]),
                    "seating_seed": j(),
                    "seating": j(),
                    "table_id": j(),
                    "score_0": j(),
                    "score_1": "25000",
                    "leftover_sticks": j(),
                    "confirm": "on",
                },
            ),
            lambda: ("UPLOAD", "/players/games/import/", None),
        ]
        if r.random() < 0.4:
            client = r.choice(self.roles)
            path, data = self.event_forms.one()
            choices = [lambda: ("POST", path, data)]
        method, path, data = r.choice(choices)()
        if method == "UPLOAD":
            body, ctype = self.log_upload()
            status = client.request("POST", path, body=body, ctype=ctype)
        elif method == "JSON":
            body = json.dumps(Junk(r, 0).value()).encode()
            if r.random() < 0.5:
                body = json.dumps({"hand": r.choice(["123m456p789s234s99p", j()])}).encode()
            status = client.request("POST", path, body=body, ctype="application/json")
        elif method == "GET":
            status = client.request("GET", path)
        else:
            status = client.request(method, path, data)
        report = self.fuzzer.report
        report.forms += 1
        report.statuses[status] += 1
        if status >= 500:
            report.violate(f"HTTP {status} for {method} {path} {data!r}"[:400])

    def run(self, count: int, stop: threading.Event) -> None:
        from django.db import connections

        try:
            self.set_up()
            for _ in range(count):
                if stop.is_set():
                    break
                self.one()
        except Exception as exc:  # the fuzzer's own failure is a result, reported
            self.fuzzer.report.violate(f"form fuzzing stopped: {exc!r}")
        finally:
            connections.close_all()
