"""The driver: leases between processes, timeouts, absent players, auto toggles."""

import dataclasses
import datetime as dt

import pytest
from channels.db import database_sync_to_async

from rules.engine import Action, pending_seats, seat_view
from tables.models import DriverLease, Game, Seat
from tables.play import autoplay, states
from tables.play.runner import Driver
from tables.play.submit import submit

from .conftest import make_table, start

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def version(game) -> int:
    return Game.objects.get(pk=game.pk).version


async def test_it_lets_one_driver_hold_a_game_and_another_take_over_when_it_dies(east_only, clock):
    table = await db(make_table)(east_only, bots=["tsumogiri"] * 4)
    game = await db(start)(table, clock=clock)
    first = Driver(owner="first", clock=clock)
    second = Driver(owner="second", clock=clock)
    await first.tick()
    await second.tick()
    assert first.owned == {game.pk: table.pk} and second.owned == {}
    clock.advance(2)
    await second.tick()
    assert await db(version)(game) == 0  # the holder has not ticked yet: nothing moved
    await first.tick()
    moved = await db(version)(game)
    assert moved >= 1
    # the first process dies; its lease runs out and the second takes the game over
    clock.advance(16)
    await second.tick()
    assert second.owned == {game.pk: table.pk}
    assert await db(version)(game) > moved
    lease = await db(DriverLease.objects.get)(game=game)
    assert lease.owner == "second"


async def test_it_plays_tsumogiri_for_a_connected_player_out_of_time(east_only, alice, clock):
    table = await db(make_table)(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = await db(start)(table, clock=clock)
    await db(Seat.objects.filter(table=table, index=0).update)(
        connected=True, connections=1, last_seen=clock.now()
    )
    driver = Driver(owner="timer", clock=clock)
    clock.advance(24)  # five seconds of base time and twenty of bank are not yet gone
    await driver.tick()
    assert await db(version)(game) == 0
    clock.advance(1.5)
    await driver.tick()
    stored = await db(Game.objects.get)(pk=game.pk)
    assert stored.version >= 1 and stored.log[0].startswith("0:discard:")
    assert stored.bank_ms[0] == 0
    state = await db(states.state_of)(stored)
    assert state.discards[0][0].tsumogiri


async def test_it_plays_for_an_absent_player_after_a_short_grace(east_only, alice, clock):
    table = await db(make_table)(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = await db(start)(table, clock=clock)
    driver = Driver(owner="away", clock=clock)
    clock.advance(4)
    await driver.tick()
    assert await db(version)(game) == 0
    clock.advance(1)
    await driver.tick()
    stored = await db(Game.objects.get)(pk=game.pk)
    assert stored.log[0].startswith("0:discard:") and stored.bank_ms[0] == 20000


async def test_it_does_not_trust_a_connected_flag_its_process_stopped_renewing(
    east_only, alice, clock
):
    table = await db(make_table)(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = await db(start)(table, clock=clock)
    await db(Seat.objects.filter(table=table, index=0).update)(
        connected=True, connections=1, last_seen=clock.now()
    )
    driver = Driver(owner="survivor", clock=clock)
    clock.advance(31)  # two lease lengths without a heartbeat from the socket's process
    await driver.tick()
    stored = await db(Game.objects.get)(pk=game.pk)
    assert stored.version >= 1 and stored.bank_ms[0] == 20000  # played as absent, not timed out


async def test_it_passes_at_once_for_a_player_who_wants_no_calls(east_only, alice, clock):
    table = await db(make_table)(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = await db(start)(table, seed=1, clock=clock)
    await db(Seat.objects.filter(table=table, index=0).update)(
        connected=True, connections=1, last_seen=clock.now(), no_calls=True
    )
    driver = Driver(owner="toggles", clock=clock)
    answered = 0
    for _ in range(400):
        stored = await db(Game.objects.get)(pk=game.pk)
        state = await db(states.state_of)(stored)
        if state.hand_index > 0:
            break
        asked = pending_seats(state)
        if asked == (0,) and state.phase == "turn":
            view = seat_view(state, 0)
            move = autoplay.timeout_choice(view)
            await db(submit)(game.pk, 0, move, stored.version, clock=clock)
            continue
        can_ron = any(a.type == "ron" for a in seat_view(state, 0).legal)
        assert not (0 in asked and state.phase == "calls" and not can_ron), (
            "a claim the player's toggle answers is never left open between ticks"
        )
        clock.advance(1)
        await driver.tick()
        after = await db(Game.objects.get)(pk=game.pk)
        # The pass went in with the discard it answered, with no time passing between.
        answered += sum(text.startswith("0:pass") for text in after.log[stored.version :])
    assert answered >= 1


def test_it_makes_the_auto_toggles_choices_from_the_seat_view(east_only, alice):
    table = make_table(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = start(table)
    view = seat_view(states.state_of(game), 0)
    tsumo = Action(0, "tsumo", view.drawn or view.hand[0])
    winning = dataclasses.replace(view, legal=(*view.legal, tsumo))
    policy = autoplay.SeatPolicy(auto_win=True)
    assert autoplay.own_choice(winning, policy) == tsumo
    assert autoplay.own_choice(winning, autoplay.SeatPolicy()) is None
    drawn = view.drawn if view.drawn is not None else view.hand[-1]
    only_drawn = (Action(0, "discard", drawn),)
    in_riichi = dataclasses.replace(view, riichi=(True, False, False, False), legal=only_drawn)
    assert autoplay.own_choice(in_riichi, autoplay.SeatPolicy()) == only_drawn[0]
    off = autoplay.SeatPolicy(auto_riichi_discard=False)
    assert autoplay.own_choice(in_riichi, off) is None


def test_it_waits_the_timers_out_of_the_stored_deadline_after_a_restart(east_only, alice, clock):
    table = make_table(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = start(table, clock=clock)
    assert game.deadline == game.turn_started + dt.timedelta(seconds=5)
    assert game.bank_ms == [20000] * 4


async def test_a_listening_driver_stops_when_cancelled_even_if_the_read_ends_in_another_error(
    monkeypatch,
):
    """A Redis read cut short by the cancellation may raise a connection error instead
    of CancelledError: the driver must not take that for an outage and listen again
    (the process, or a test's event loop, would never finish closing)."""
    import asyncio

    from redis.exceptions import ConnectionError as RedisConnectionError

    from tables.play import runner

    reads = []

    class Layer:
        async def receive(self, channel):
            reads.append(channel)
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                raise RedisConnectionError("Connection closed by server.") from None

    monkeypatch.setattr(runner, "get_channel_layer", lambda: Layer())
    driver = Driver(owner="stopping")
    driver.channel, driver.wakeup = "driver-channel", asyncio.Event()
    listening = asyncio.create_task(driver.listen())
    await asyncio.sleep(0)
    listening.cancel()
    with pytest.raises(RedisConnectionError):
        await asyncio.wait_for(listening, 5)
    assert reads == ["driver-channel"]  # it did not listen again
