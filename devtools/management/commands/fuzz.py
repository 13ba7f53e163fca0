"""``python manage.py fuzz --messages N --seed S [--url ws://host:port] [--forms N]``.

Sends seeded hostile socket messages and form posts to a live server and checks
that it stays correct (see :mod:`devtools.fuzzing`). Without ``--url`` it serves the
site itself with daphne on a free port, on this process's database settings. Exits
non-zero, naming the seed, when anything was violated.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from devtools import fuzzing


class Command(BaseCommand):
    help = "Fuzz the live tables and the forms of a running server; exit 1 on any violation."

    def add_arguments(self, parser):
        parser.add_argument("--messages", type=int, default=10_000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--forms", type=int, default=None, help="default: messages / 20")
        parser.add_argument(
            "--url",
            default="",
            help="the server's ws:// base (http:// is derived from it); default: start one",
        )
        parser.add_argument("--tables", type=int, default=3, help="tables fuzzed at once")
        parser.add_argument("--every", type=int, default=None, help="a progress line every N")
        parser.add_argument("--keep", action="store_true", help="keep the fuzz tables afterwards")

    def handle(self, *args, **options):
        messages, seed = options["messages"], options["seed"]
        if messages < 1 or options["tables"] < 1:
            raise CommandError("--messages and --tables must be at least 1")
        forms = options["forms"] if options["forms"] is not None else messages // 20
        every = options["every"] or max(100, messages // 20)
        server = None
        url = options["url"].rstrip("/")
        if url and not url.startswith(("ws://", "wss://")):
            raise CommandError("--url must start with ws:// or wss://")
        if not url:
            log = Path(tempfile.gettempdir()) / f"fuzz-daphne-{seed}.log"
            server = fuzzing.own_server(log).start()
            url = f"ws://127.0.0.1:{server.port}"
            self.stdout.write(f"Started daphne on port {server.port} (log: {log})")
        http = "http" + url[2:]
        self.stdout.write(
            f"Fuzzing {url} with {messages} messages and {forms} form posts, seed {seed}"
        )
        started = time.monotonic()
        fuzzer = fuzzing.Fuzzer(
            messages=messages,
            seed=seed,
            forms=forms,
            tables=options["tables"],
            every=every,
            write=lambda line: (self.stdout.write(line), self.stdout.flush()),
        )
        try:
            report = fuzzer.run(url, http)
        finally:
            if server is not None:
                server.stop()  # nothing moves while the games are checked
        fuzzing.check_games(report)
        elapsed = time.monotonic() - started
        if not options["keep"]:
            fuzzing.clear()
        answers = ", ".join(f"{code} {n}" for code, n in report.answers.most_common())
        statuses = ", ".join(f"{code}: {n}" for code, n in sorted(report.statuses.items()))
        self.stdout.write(
            f"\nmessages sent     {report.sent}\n"
            f"error frames      {sum(report.answers.values())} ({answers})\n"
            f"accepted          {report.accepted} moves or settings (ambiguous {report.ambiguous})\n"
            f"well-behaved moves {report.good_moves}\n"
            f"form posts        {report.forms} ({statuses})\n"
            f"tables            {report.tables}\n"
            f"games replayed    {report.games_checked}\n"
            f"time              {elapsed:.1f} s"
        )
        if report.violations:
            for violation in report.violations:
                self.stderr.write(f"VIOLATION: {violation}")
            raise CommandError(f"{len(report.violations)} violation(s) with --seed {seed}")
        self.stdout.write(f"No violations (seed {seed}).")
