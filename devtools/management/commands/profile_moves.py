"""``python manage.py profile_moves``: one seeded game's moves through the real sockets,
measured (see :mod:`devtools.move_path`).

Prints the stored actions, the database statements and transactions per stored action,
the frames sent, the process's CPU time per stored action (the players' deciding left
out) and, with ``--profile``, the top of the merged profile of the event loop's and
the database thread's work, by cumulative and by own time. Runs on the configured
database (``SQLITE_PATH``) and channel layer; the tables it makes are deleted after.
"""

from __future__ import annotations

import asyncio
import io

from django.conf import settings
from django.core.management.base import BaseCommand

from devtools import move_path
from tables import runtime


class Command(BaseCommand):
    help = "Play a seeded game through real table sockets and measure a move's path."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--games", type=int, default=1)
        parser.add_argument("--watchers", type=int, default=4, help="spectators' sockets")
        parser.add_argument("--profile", action="store_true")
        parser.add_argument("--top", type=int, default=12)
        parser.add_argument(
            "--call-window", type=float, default=0.0, help="TABLE_CALL_WINDOW (seconds)"
        )
        parser.add_argument("--keep", action="store_true", help="keep the tables afterwards")

    def handle(self, *args, **options):
        settings.TABLE_CALL_WINDOW = options["call_window"]
        runtime.reset()
        move_path.clear()
        reports = []
        try:
            for number in range(options["games"]):
                seed = options["seed"] + number
                table_id, game_id, people = move_path.set_up(seed)
                reports.append(
                    asyncio.run(
                        move_path.play(
                            table_id,
                            game_id,
                            people,
                            options["watchers"],
                            profile=options["profile"],
                        )
                    )
                )
        finally:
            if not options["keep"]:
                move_path.clear()
        actions = sum(r.actions for r in reports)
        cpu = sum(r.cpu for r in reports)
        statements = sum(r.statements for r in reports)
        transactions = sum(r.transactions for r in reports)
        frames = sum(r.frames for r in reports)
        self.stdout.write(
            f"{len(reports)} game(s), {actions} stored actions, {reports[0].sockets} sockets, "
            f"{frames} frames ({frames / max(actions, 1):.1f} per action)\n"
            f"database statements per action {statements / max(actions, 1):.2f}, "
            f"transactions per action {transactions / max(actions, 1):.2f}\n"
            f"CPU per stored action {cpu * 1000 / max(actions, 1):.2f} ms "
            "(the whole process, the players' deciding left out)"
        )
        if options["profile"]:
            stats = reports[0].stats
            for report in reports[1:]:
                if report.stats is not None and stats is not None:
                    stats.add(report.stats)
            if stats is not None:
                calls = stats.total_calls  # type: ignore[attr-defined]
                self.stdout.write(
                    f"profiled: {calls / max(actions, 1):,.0f} function calls and "
                    f"{stats.total_tt * 1000 / max(actions, 1):.2f} ms of the two threads' CPU "  # type: ignore[attr-defined]
                    "per stored action (the profiler's own cost included)"
                )
                for order in ("cumulative", "tottime"):
                    out = io.StringIO()
                    stats.stream = out  # type: ignore[attr-defined]
                    stats.sort_stats(order).print_stats(options["top"])
                    self.stdout.write(f"--- by {order} ---\n" + out.getvalue().split("\n\n", 2)[-1])
