"""``manage.py simulate``: bot-versus-bot games with invariant checks and statistics.

A thin wrapper around :mod:`rules.engine.study.simulate`; everything it prints comes
from there. Exits non-zero (printing the game seed and action index) when an
invariant fails.
"""

from __future__ import annotations

import argparse
import sys

from django.core.management.base import BaseCommand, CommandError

from rules.engine import (
    DEFAULT_PRESET,
    InvalidRuleset,
    InvariantViolation,
    benchmark,
    bots,
    format_benchmark,
    format_report,
    preset,
    simulate_games,
)


class Command(BaseCommand):
    help = "Play complete games between bots, check the engine's invariants, print statistics."
    requires_system_checks = []  # pure engine work: no models, URLs or templates involved

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
        parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
        parser.add_argument(
            "--ruleset", default=DEFAULT_PRESET, help=f"preset key (default {DEFAULT_PRESET})"
        )
        parser.add_argument(
            "--bots",
            default="careful,efficient,efficient,efficient",
            help=f"four comma-separated levels out of {', '.join(bots.BOTS)}; "
            "they rotate one seat per game",
        )
        parser.add_argument(
            "--bench",
            action="store_true",
            help="instead: time --games games of four copies of each level, unchecked",
        )
        parser.add_argument(
            "--check",
            action=argparse.BooleanOptionalAction,
            default=True,
            help="check invariants after every action (default on)",
        )

    def handle(self, *args, **options):
        try:
            ruleset = preset(options["ruleset"])
        except InvalidRuleset as exc:
            raise CommandError(exc.message) from None
        names = [n.strip() for n in options["bots"].split(",") if n.strip()]
        if len(names) != 4:
            raise CommandError(f"--bots needs four levels, got {len(names)}")
        unknown = [n for n in names if n not in bots.BOTS]
        if unknown:
            raise CommandError(f"unknown bot '{unknown[0]}': choose from {', '.join(bots.BOTS)}")
        games = options["games"]
        if games < 1:
            raise CommandError("--games must be at least 1")
        if options["bench"]:
            self.stdout.write(format_benchmark(benchmark(ruleset, games, options["seed"])))
            return
        step = max(1, games // 20)
        err = self.stderr

        def progress(done, report):
            if done % step == 0 or done == games:
                err.write(
                    f"\r{done}/{games} games, {report.hands} hands, "
                    f"{report.hands_per_second:.0f} hands/s",
                    ending="",
                )
                err.flush()

        try:
            report = simulate_games(
                ruleset, games, options["seed"], names, check=options["check"], progress=progress
            )
        except InvariantViolation as exc:
            err.write("")
            self.stderr.write(f"invariant violated: {exc}")
            self.stderr.write(f"replay: seed={exc.seed} action_index={exc.action_index}")
            sys.exit(1)
        err.write("")
        self.stdout.write(format_report(report))
