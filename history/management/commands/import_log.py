"""``manage.py import_log FILE... [--ruleset KEY] [--check] [--dry-run] [--verbose]``.

Imports game logs as history (see :mod:`history.logs.importer`): Tenhou XML
records, tenhou.net/6 JSON (one game, several, or one hand a line), mjai JSON lines
and our own JSON. Each hand is replayed through our engine and compared with the
log; the command prints one line per game (and, with ``--verbose``, the rules read
from the log, those assumed, and one line per hand). ``--ruleset`` gives the rules
the log does not state; what the log states (length, starting score, red fives,
open tanyao, chips) and what its hands show of a lobby's rules (no bust, riichi
below 1,000 points, abortive draws off, kiriage...: :mod:`history.logs.play_rules`)
is always taken from it. ``--check`` exits with status 1 when
any hand of any file differs or cannot be reproduced, or a file cannot be read,
after printing the first difference. ``--dry-run`` checks without storing.
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from history.logs.importer import import_logs
from rules.engine import PRESETS, InvalidRuleset, preset


class Command(BaseCommand):
    help = "Import game logs (Tenhou XML, tenhou.net/6 JSON, mjai, our JSON) and check them hand by hand."

    def add_arguments(self, parser):
        parser.add_argument(
            "files", nargs="+", help="log files (a directory imports every file in it)"
        )
        parser.add_argument(
            "--ruleset",
            help=f"the preset for every rule the log does not state ({', '.join(PRESETS)})",
        )
        parser.add_argument(
            "--check",
            action="store_true",
            help="exit non-zero on any difference and print the first one",
        )
        parser.add_argument("--dry-run", action="store_true", help="check only, store nothing")
        parser.add_argument("--verbose", action="store_true", help="one line per hand")

    def handle(self, *args, **options):
        override = None
        if options["ruleset"]:
            try:
                override = preset(options["ruleset"])
            except InvalidRuleset as exc:
                raise CommandError(exc.message) from None
        paths = self._paths(options["files"])
        reports = []
        for path in paths:
            try:
                data = path.read_bytes()
            except OSError as exc:
                raise CommandError(f"cannot read {path}: {exc.strerror}") from None
            reports.extend(
                import_logs(str(path), data, ruleset=override, save=not options["dry_run"])
            )
        total = len(reports)
        failed = []
        for number, report in enumerate(reports, start=1):
            prefix = f"[{number}/{total}] " if total > 1 else ""
            style = self.style.SUCCESS if report.ok else self.style.WARNING
            self.stdout.write(style(prefix + report.summary()))
            if options["verbose"] and report.error is None:
                for line in report.rules_read:
                    self.stdout.write(f"    rule read: {line}")
                if report.rules_assumed:
                    self.stdout.write(f"    rules assumed: {report.rules_assumed}")
                elif report.ruleset_note:
                    self.stdout.write(f"    rules: {report.ruleset_note}")
                for hand in report.hands:
                    detail = f": {'; '.join(hand.differences)}" if hand.differences else ""
                    chips = ""
                    if hand.chips:
                        chips = " (chips " + ", ".join(f"{c:+d}" for c in hand.chips) + ")"
                    self.stdout.write(
                        f"    hand {hand.index + 1:>2} {hand.label:<20} {hand.status}{chips}{detail}"
                    )
                for problem in report.problems:
                    self.stdout.write(f"    game: {problem}")
            if not report.ok:
                failed.append(report)
        if total > 1:
            self.stdout.write(
                f"{total - len(failed)} of {total} games match our engine in every hand."
            )
        if options["check"] and failed:
            first = failed[0]
            self.stderr.write(f"first difference in {first.name}: {first.first_difference()}")
            sys.exit(1)

    def _paths(self, names: list[str]) -> list[Path]:
        out = []
        for name in names:
            path = Path(name)
            if path.is_dir():
                out.extend(sorted(p for p in path.iterdir() if p.is_file()))
            elif path.exists():
                out.append(path)
            else:
                raise CommandError(f"no such file: {name}")
        return out
