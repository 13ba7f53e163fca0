"""A table the driver drives never sits still while a server move is due (issue 27).

Each race is played out deterministically: a manual clock, the driver ticked by hand,
and the event that arrives "meanwhile" delivered on the event loop while the driver's
database work waits for it (no sleeps)."""

import asyncio
import threading

import pytest
from channels.db import database_sync_to_async

from rules.engine import seat_view
from tables.models import Game, Seat
from tables.play import autoplay, runner, states
from tables.play.runner import Driver
from tables.play.submit import submit
from tables.socket import broadcast

from .conftest import make_table, start

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


def stored(game) -> Game:
    return Game.objects.get(pk=game.pk)


def alice_discards(game_id: int, clock):
    """Alice (seat 0, the dealer) throws her drawn tile, as her socket would."""
    row = Game.objects.get(pk=game_id)
    move = autoplay.timeout_choice(seat_view(states.state_of(row), 0))
    return submit(game_id, 0, move, row.version, clock=clock)


async def alice_at_a_table_of_bots(east_only, alice, clock):
    table = await db(make_table)(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = await db(start)(table, clock=clock)
    # Alice's page is open: her turn waits for her whole time (5 s and a 20 s bank).
    await db(Seat.objects.filter(table=table, index=0).update)(
        connected=True, connections=1, last_seen=clock.now()
    )
    return table, game


async def test_an_update_heard_while_the_driver_reads_a_game_again_is_not_lost(
    east_only, alice, clock, monkeypatch
):
    """The driver reads a game again (after a move of its own lost to a person's, say).
    Alice's discard is stored and announced after the driver read the game row but
    before it rebuilt the state: the driver must not go back to the version it read and
    wait out Alice's 25 seconds while the bot after her is due in one."""
    _, game = await alice_at_a_table_of_bots(east_only, alice, clock)
    driver = Driver(owner="reader", clock=clock)
    driver.channel = "the-driver"  # a listening driver plans from the news it hears
    await driver.tick()
    assert driver.games[game.pk].version == 0
    driver.games[game.pk].policies = None  # read everything again on the next tick
    driver.games[game.pk].stale = True
    loop = asyncio.get_running_loop()
    real_state_of, raced = states.state_of, []

    def state_of_after_a_move(row):
        if not raced and row.pk == game.pk:  # the driver read the row: Alice moves now
            raced.append(None)
            raced[0] = alice_discards(game.pk, clock)
            heard = threading.Event()

            def hear():
                driver.hear(broadcast.update_event(raced[0], raced[0].timers))
                heard.set()

            loop.call_soon_threadsafe(hear)
            heard.wait(5)
        return real_state_of(row)

    monkeypatch.setattr(runner.states, "state_of", state_of_after_a_move)
    await driver.tick()
    assert raced and (await db(stored)(game)).version == 1
    clock.advance(1.0)  # the next seat's bot has thought long enough
    await driver.tick()
    assert (await db(stored)(game)).version >= 2


async def test_a_table_whose_update_never_reached_the_driver_goes_on_within_the_watchdog(
    east_only, alice, clock, settings
):
    """An announcement can be lost (a full channel, a Redis restart): the watchdog finds
    a game whose version has not moved for TABLE_DRIVER_WATCHDOG seconds, compares it
    with the stored one and plans it again."""
    settings.TABLE_DRIVER_WATCHDOG = 3.0
    _, game = await alice_at_a_table_of_bots(east_only, alice, clock)
    driver = Driver(owner="watched", clock=clock)
    driver.channel = "the-driver"  # a listening driver plans from the news it hears
    await driver.tick()
    await db(alice_discards)(game.pk, clock)  # stored, but the news never comes
    clock.advance(1.0)
    wait = await driver.tick()
    assert (await db(stored)(game)).version == 1  # the driver still waits for Alice
    assert wait is not None and wait <= 2.0  # but it wakes for the watchdog
    clock.advance(2.0)
    await driver.tick()
    assert (await db(stored)(game)).version >= 2  # checked, read again, and played on


def test_a_game_row_read_before_a_newer_version_does_not_move_the_cache_back(
    east_only, alice, clock
):
    table = make_table(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = start(table, clock=clock)
    read_early = stored(game)  # version 0, read before Alice's move is stored
    alice_discards(game.pk, clock)
    assert states.cached(game.pk, 1) is not None
    assert states.state_of(read_early).hand_index == 0  # the row's own state, still
    assert states.cached(game.pk, 1) is not None  # the newer state stays in the cache


async def test_a_driver_move_overtaken_by_news_of_a_later_one_is_announced_and_not_believed(
    east_only, alice, clock, monkeypatch
):
    """A bot's move is stored; before the driver is told so, it hears of a later
    version (a person's answer that commutes with it, from another process). The move
    is still announced, and the driver plans from the later version, not its own."""
    _, game = await alice_at_a_table_of_bots(east_only, alice, clock)
    await db(alice_discards)(game.pk, clock)
    driver = Driver(owner="overtaken", clock=clock)
    driver.channel = "the-driver"
    await driver.tick()  # read at version 1: the next bot thinks for a second
    later = {"type": "table.update", "game": game.pk, "version": 99}
    real_execute, sent = driver.execute, []

    def execute_then_hear_of_later(*args):
        accepted = real_execute(*args)
        driver.games[game.pk].version = later["version"]  # what hear() would have set
        return accepted

    async def send_update(table_id, event):
        sent.append(event.version)

    monkeypatch.setattr(driver, "execute", execute_then_hear_of_later)
    monkeypatch.setattr(runner.broadcast, "send_update", send_update)
    clock.advance(1.0)
    await driver.tick()
    assert sent == [2]  # the bot's stored move was announced
    assert driver.games[game.pk].version == 99 and driver.games[game.pk].stale


async def test_an_event_the_driver_cannot_read_does_not_stop_it_listening(
    east_only, alice, clock, monkeypatch
):
    _, game = await alice_at_a_table_of_bots(east_only, alice, clock)
    driver = Driver(owner="listener", clock=clock)
    await driver.tick()
    broken = {"type": "table.update", "game": game.pk, "version": 5, "action": "not an action"}
    fine = {"type": "driver.claim"}
    queue = asyncio.Queue()
    for message in (broken, fine):
        queue.put_nowait(message)
    heard = asyncio.Event()

    class Layer:
        async def receive(self, channel):
            if queue.empty():
                heard.set()
                await asyncio.Event().wait()  # nothing more comes
            return queue.get_nowait()

    monkeypatch.setattr(runner, "get_channel_layer", lambda: Layer())
    driver.channel, driver.wakeup = "driver-channel", asyncio.Event()
    driver.next_claim = clock.now()
    listening = asyncio.create_task(driver.listen())
    await asyncio.wait_for(heard.wait(), 5)
    assert not listening.done()  # still listening after the broken event
    assert driver.next_claim is None  # and the next event was heard
    assert driver.games[game.pk].policies is None  # the game is read again instead
    listening.cancel()
    with pytest.raises(asyncio.CancelledError):
        await listening


async def test_without_the_watchdog_a_lost_update_waits_for_the_old_plan(
    east_only, alice, clock, settings
):
    """What the watchdog is for: with it off, the table sits until Alice's old time runs out."""
    settings.TABLE_DRIVER_WATCHDOG = 0
    _, game = await alice_at_a_table_of_bots(east_only, alice, clock)
    driver = Driver(owner="unwatched", clock=clock)
    driver.channel = "the-driver"
    await driver.tick()
    await db(alice_discards)(game.pk, clock)  # stored, but the news never comes
    clock.advance(10.0)
    await driver.tick()
    assert (await db(stored)(game)).version == 1  # stalled for ten seconds and more
    clock.advance(15.0)  # Alice's base time and bank at version 0 are over
    await driver.tick()
    assert (await db(stored)(game)).version >= 2  # only then does it go on


async def test_a_bot_that_fails_on_a_view_plays_safe_instead_of_holding_the_table(
    east_only, alice, clock, monkeypatch
):
    """A bot's choice is seeded by the version, so a bot that raises on a view would
    raise on every retry and the table would never move on."""
    _, game = await alice_at_a_table_of_bots(east_only, alice, clock)
    await db(alice_discards)(game.pk, clock)

    def broken(level, view, rng):
        raise RuntimeError("a bot's bug")

    monkeypatch.setattr(autoplay.bots, "choose", broken)
    driver = Driver(owner="safe", clock=clock)
    clock.advance(1.0)
    await driver.tick()
    row = await db(stored)(game)
    assert row.version >= 2 and row.log[1].startswith("1:discard:")
