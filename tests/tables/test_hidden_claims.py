"""Open claims stay between the seats they concern (tables.play.hidden_claims), on the wire."""

import pytest
from channels.db import database_sync_to_async

from tables.models import Game, Table
from tables.play import states

from .conftest import make_table, start
from .sockets import (
    actions_of,
    arrivals,
    error_reply,
    first_frames,
    next_frame,
    open_socket,
    send_move,
    version_of,
)

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async


async def people_at(alice, bob):
    """Four people; dave sits west (seat 2), where the pair of the first discard may be."""
    from players.models import Player

    carol = await db(Player.objects.create_user)(username="carol", password="pw-carol-123")
    dave = await db(Player.objects.create_user)(username="dave", password="pw-dave-123")
    return [alice, bob, dave, carol]


# Two first hands that differ only in whether the west seat holds a pair of the
# dealer's first discard (9p): everything else, and every tile the others see, is the
# same. The dealer draws 9m and throws 9p; the south seat then draws 8p.
DEALER, SOUTH, EAST_NORTH = "12345678m9p1234z", "1112223335s567z", "2347p1369m2589s7z"
WEST_CAN_PON, WEST_CANNOT = "99p1258m4678s556z", "19p1258m4678s556z"


def table_with_first_wall(ruleset, people, west: str) -> tuple[Table, Game]:
    from rules.engine.testing import build_wall

    table = make_table(ruleset, people=people, name="Walls")
    game = start(table, seed=3)
    hands = {0: DEALER, 1: SOUTH, 2: west, 3: EAST_NORTH}
    wall = build_wall(hands, "9m8p", dora="5p", red_fives=game.engine_ruleset().red_fives)
    Game.objects.filter(pk=game.pk).update(walls=[list(wall)])
    game.refresh_from_db()
    states.clear()
    return table, game


def comparable(frame: str, table: Table) -> str:
    """A frame with what differs between two tables anyway (their ids) taken out."""
    return frame.replace(f"/tables/{table.pk}/", "/tables/N/")


async def test_a_discard_somebody_could_call_looks_like_one_nobody_could(
    east_only, alice, bob, clock
):
    """The spectator's frames, and those of the seats the claim does not concern, are
    the same whether or not another seat could call the discard (explicit walls)."""
    people = await people_at(alice, bob)
    seen = {}
    for west in (WEST_CAN_PON, WEST_CANNOT):
        table, game = await db(table_with_first_wall)(east_only, people, west)
        sockets = [await open_socket(table.pk, person) for person in people]
        watcher = await open_socket(table.pk, None)
        watching = {"spectator": watcher, "south": sockets[1], "north": sockets[3]}
        everyone = [*sockets, watcher]
        # the views on connect, then the news of who is here
        latest = await arrivals(everyone, await first_frames(everyone))
        discard = next(a for a in actions_of(latest[0]) if ":discard:9p" in a)
        frames = {name: [] for name in watching}
        await send_move(sockets[0], discard, 0)
        if west == WEST_CAN_PON:
            west_frame = await next_frame(sockets[2])
            assert all(a.startswith("2:") for a in actions_of(west_frame))
            assert any(a.startswith("2:pon:") for a in actions_of(west_frame))
            # Nobody else hears of the claim, nor of the pass (a check that a late
            # frame could only make pass wrongly, never fail).
            for socket in [*watching.values(), sockets[0]]:
                assert await socket.receive_nothing(timeout=0.05)
            await send_move(sockets[2], "2:pass", 0)
        for name, socket in watching.items():
            frames[name].append(await next_frame(socket))  # the discard and the draw
            # and any other (none should come: a late one could only pass wrongly)
            while not await socket.receive_nothing(timeout=0.05):
                frames[name].append(await next_frame(socket))
        stored = await db(Game.objects.get)(pk=game.pk)
        assert stored.log[0] == discard
        seen[west] = {n: [comparable(f, table) for f in fs] for n, fs in frames.items()}
        for socket in [*sockets, watcher]:
            await socket.disconnect()
    called, uncalled = seen[WEST_CAN_PON], seen[WEST_CANNOT]
    for name in ("spectator", "south", "north"):
        assert len(called[name]) == len(uncalled[name]) == 1, name
        assert called[name] == uncalled[name], f"the {name}'s frames differ"
    assert version_of(called["spectator"][-1]) == 1
    assert "Waiting for calls" not in "".join(called["spectator"])


async def test_a_player_whose_discard_waits_on_a_claim_is_not_offered_it_again(
    east_only, alice, bob, clock
):
    """A socket that the discarder opens while its discard waits on a hidden claim shows
    the picture from before the discard with nothing to press: that discard is made,
    and the table would only refuse it again as out of date."""
    people = await people_at(alice, bob)
    table, game = await db(table_with_first_wall)(east_only, people, WEST_CAN_PON)
    dealer = await open_socket(table.pk, alice)
    west = await open_socket(table.pk, people[2])
    firsts = await first_frames([dealer, west])
    await arrivals([dealer, west], firsts, seats=(0, 2))  # only these two are here
    discard = next(a for a in actions_of(firsts[0]) if ":discard:9p" in a)
    await send_move(dealer, discard, 0)
    assert any(a.startswith("2:pon:") for a in actions_of(await next_frame(west)))
    await dealer.disconnect()  # the dealer's browser reloads while west thinks

    again = await open_socket(table.pk, alice)
    shown = await next_frame(again)
    assert version_of(shown) == 0  # nothing settled yet: the same number as before
    assert actions_of(shown) == []
    await send_move(again, discard, 0)  # an old page's button, say
    assert (await error_reply(again))[0] == "stale"
    stored = await db(Game.objects.get)(pk=game.pk)
    assert stored.log == [discard]  # stored once

    await send_move(west, "2:pass", 0)  # the claim settles: the discard and the draw
    settled = await next_frame(again)
    while version_of(settled) != 1:
        settled = await next_frame(again)
    assert discard not in actions_of(settled)
    for socket in (again, west):
        await socket.disconnect()
