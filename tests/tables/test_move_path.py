"""A move's path through the server does no work twice: what one stored move costs in
database statements and transactions, and in scans of the game's log."""

import pytest
from channels.db import database_sync_to_async

from devtools import move_path
from rules.engine import bots, pending_seats, seat_view
from tables.models import Game
from tables.play import autoplay, hidden_claims, states
from tables.play.submit import submit

from .conftest import make_table, start

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.slow(10)
async def test_a_stored_move_is_one_transaction_of_three_statements(settings):
    """Through the real sockets (four players, two spectators): one read of the game,
    one transaction that writes it; nothing else per move, for any socket."""
    settings.TABLE_CALL_WINDOW = 0
    settings.TABLE_DRIVER_AUTOSTART = False
    table_id, game_id, people = await database_sync_to_async(move_path.set_up)(5)
    report = await move_path.play(table_id, game_id, people, watchers=2, limit=24)
    assert report.actions == 24
    assert report.frames >= 24 * 4  # every seat and spectator was shown the moves
    # the game's read, BEGIN, the compare-and-set UPDATE (a hand's end adds its record)
    assert report.transactions == report.actions
    assert report.statements == 3 * report.actions


def play_on(game, moves: int) -> None:
    for _ in range(moves):
        row = Game.objects.get(pk=game.pk)
        state = states.state_of(row)
        seat = pending_seats(state)[0]
        action = bots.choose("tsumogiri", seat_view(state, seat), autoplay.bot_rng(1, 1, seat))
        submit(game.pk, seat, action, hidden_claims.shown_of(row), shown=True)


@pytest.mark.parametrize("cold", [False, True], ids=["state-held", "state-not-held"])
def test_a_players_move_does_not_scan_the_log_for_answers_to_claims(
    east_only, alice, bob, monkeypatch, cold
):
    from players.models import Player

    people = [alice, bob] + [
        Player.objects.create_user(username=f"p{i}", password="pw-p-12345") for i in (3, 4)
    ]
    game = start(make_table(east_only, people=people), seed=3)
    play_on(game, 40)  # some way into the hand: the log is long, claims were answered
    row = Game.objects.get(pk=game.pk)
    state = states.state_of(row)
    seat = pending_seats(state)[0]
    action = bots.choose("tsumogiri", seat_view(state, seat), autoplay.bot_rng(1, 1, seat))
    shown = hidden_claims.shown_of(row)
    if cold:
        states.clear()  # another process stored the last moves, or this one restarted
    seen = []
    counting = hidden_claims.is_discard_answer
    monkeypatch.setattr(hidden_claims, "is_discard_answer", lambda t: seen.append(t) or counting(t))
    accepted = submit(game.pk, seat, action, shown, shown=True)
    # no scan of the log for them (a move made two); without the state, the replay
    # that rebuilds it counts them on the way
    assert seen == []
    monkeypatch.undo()
    after = Game.objects.get(pk=game.pk)
    claim_open = states.state_of(after).phase == "calls"
    assert accepted.shown == hidden_claims.shown_version(after.log, claim_open)
    assert states.answers_at(game.pk, after.version) == hidden_claims.answers_in(after.log)
    play_on(game, 30)  # and it stays right move after move
    after = Game.objects.get(pk=game.pk)
    assert states.answers_at(game.pk, after.version) == hidden_claims.answers_in(after.log)
