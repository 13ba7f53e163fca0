"""``manage.py practice_positions [--out FILE]``: write the practice problems found in
the real Tenhou games shipped with the tests (see :mod:`history.practice_logs`)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand

from history import practice_logs
from rules import practice


class Command(BaseCommand):
    help = "Write the practice problems of the real Tenhou logs to rules/practice_positions.json."

    def add_arguments(self, parser):
        parser.add_argument("--out", default=str(practice.POSITIONS_FILE))

    def handle(self, *args, **options):
        counts = practice_logs.write(Path(options["out"]))
        self.stdout.write(
            f"{counts[practice.DISCARD]} discard and {counts[practice.DEFENCE]} defence "
            f"problems written to {options['out']}"
        )
