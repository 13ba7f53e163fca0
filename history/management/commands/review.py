"""``manage.py review GAME_ID --player SEAT`` and ``manage.py review --bench N``.

The first reviews one seat of a stored finished game (:mod:`rules.engine.study.review`):
each hand's agreement with the careful bot, the marked moments with the decision
they belong to, and the game's totals (``--json``: every decision with its numbers). The second plays N bot hanchan with careful
bots at every seat and times the review of all four seats of each; its last line is
``N hanchan reviewed, X hanchan/s``.

It lives in the history app because a stored game is history's business; the
review itself is pure engine code, so the benchmark needs no database.
"""

from __future__ import annotations

import json
import time

from django.core.management.base import BaseCommand, CommandError

from rules.engine import (
    DEFAULT_PRESET,
    EngineError,
    GameReview,
    InvalidRuleset,
    parse_action,
    play_game,
    preset,
    review_game,
)
from rules.engine import review_to_dict as to_dict
from tables.models import Game
from tables.play import states


class Command(BaseCommand):
    help = "Review a stored game's decisions for one seat beside the careful bot, or benchmark reviews."

    def add_arguments(self, parser):
        parser.add_argument("game_id", nargs="?", type=int, help="the stored game to review")
        parser.add_argument("--player", type=int, help="the seat to review (0-3)")
        parser.add_argument(
            "--bench", type=int, metavar="N", help="instead: review N freshly simulated hanchan"
        )
        parser.add_argument(
            "--json", action="store_true", help="print the whole review as JSON instead"
        )
        parser.add_argument("--seed", type=int, default=0, help="seed of the first bench game")
        parser.add_argument(
            "--ruleset", default=DEFAULT_PRESET, help=f"bench preset (default {DEFAULT_PRESET})"
        )

    def handle(self, *args, **options):
        if options["bench"] is not None:
            self.bench(options["bench"], options["seed"], options["ruleset"])
            return
        if options["game_id"] is None or options["player"] is None:
            raise CommandError("give a game id and --player SEAT, or --bench N")
        seat = options["player"]
        if seat not in range(4):
            raise CommandError(f"--player {seat}: a seat is 0, 1, 2 or 3")
        try:
            game = Game.objects.get(pk=options["game_id"])
        except Game.DoesNotExist:
            raise CommandError(f"there is no game {options['game_id']}") from None
        if not game.is_finished:
            raise CommandError(f"game {game.pk} is not finished: only finished games are reviewed")
        try:
            actions = [parse_action(text) for text in game.log[: game.version]]
            review = review_game(states.setup_of(game), actions, seat)
        except EngineError as exc:
            raise CommandError(f"game {game.pk} cannot be replayed: {exc.message}") from None
        if options["json"]:
            self.stdout.write(json.dumps({"game": game.pk, **to_dict(review)}, indent=1))
        else:
            self.stdout.write(f"game {game.pk}, " + describe(review))

    def bench(self, games: int, seed: int, key: str) -> None:
        if games < 1:
            raise CommandError("--bench needs at least one game")
        try:
            ruleset = preset(key)
        except InvalidRuleset as exc:
            raise CommandError(exc.message) from None
        spent = 0.0
        decisions = 0
        for n in range(games):
            state = play_game(ruleset, seed + n, ["careful"] * 4, check=False).state
            started = time.perf_counter()
            for seat in range(4):
                decisions += review_game(state.setup, state.actions, seat).decisions
            spent += time.perf_counter() - started
        self.stdout.write(f"{decisions} decisions of four seats reviewed in {spent:.2f} s")
        self.stdout.write(f"{games} hanchan reviewed, {games / spent:.2f} hanchan/s")


def describe(review: GameReview) -> str:
    """The summary and one line per marked moment."""
    lines = [review.summary()]
    for hand in review.hands:
        for d in hand.decisions:
            if d.marks:
                lines.append(
                    f"  hand {hand.hand_index + 1}, action {d.index + 1}: played {d.played_text}, "
                    f"careful bot {d.bot_text}: {', '.join(d.marks)}"
                )
    return "\n".join(lines)
