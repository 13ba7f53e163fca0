"""Games get the version of the claimed-win procedure they are played under, and hand
records the seats whose claim was settled against the engine's reading.

A claimed game stored before a claim was kept from its claimant was played under the
first procedure (the dealer reviewed every claim, its own included): it is marked 1
so that it still replays exactly. Every other game, and every new one, is 2. The
hands of those old games are replayed once to mark the claims their review settled
against the engine's reading (a game that no longer replays is left unmarked).
"""

from django.db import migrations, models


def mark_old_claimed_games(apps, schema_editor):
    from rules.engine import (
        GameSetup,
        HandEnded,
        apply,
        check_robots,
        marked_seats,
        parse_action,
        ruleset_from_dict,
        start,
    )

    Game = apps.get_model("tables", "Game")
    HandRecord = apps.get_model("tables", "HandRecord")
    claimed = [
        pk
        for pk, ruleset in Game.objects.values_list("pk", "ruleset").iterator()
        if isinstance(ruleset, dict) and ruleset.get("win_settlement") == "claimed"
    ]
    for pk in claimed:
        Game.objects.filter(pk=pk).update(claim_rules=1)
        game = Game.objects.get(pk=pk)
        ruleset = game.ruleset
        try:
            walls = tuple(tuple(w) for w in (game.walls or ()))
            robots = check_robots(game.robots or ())
            setup = GameSetup(ruleset_from_dict(ruleset), game.seed, walls, robots, 1)
            state = start(setup)
            for text in game.log[: game.version]:
                index = state.hand_index
                state, events = apply(state, parse_action(text))
                for event in events:
                    seats = (
                        list(marked_seats(event.result.claim))
                        if isinstance(event, HandEnded)
                        else []
                    )
                    if seats:
                        HandRecord.objects.filter(game_id=game.pk, index=index).update(
                            against_reading=seats
                        )
        except Exception:  # noqa: BLE001 - a record that no longer replays stays unmarked
            continue


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0007_game_reveal_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="claim_rules",
            field=models.PositiveSmallIntegerField(
                default=2, help_text="Version of the claimed-win procedure (1 or 2)."
            ),
        ),
        migrations.AddField(
            model_name="handrecord",
            name="against_reading",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="Seats whose claim was settled against the app.",
            ),
        ),
        migrations.RunPython(mark_old_claimed_games, migrations.RunPython.noop),
    ]
