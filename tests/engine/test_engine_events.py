"""What ``apply`` reports: one frozen class per event kind, read by matching the class."""

import dataclasses
from typing import get_args

import pytest

from rules.engine import (
    Acted,
    Called,
    Dealt,
    DoraRevealed,
    Drew,
    Event,
    HandEnded,
    RiichiPaid,
    apply,
)
from rules.engine.state import EventKind
from rules.engine.testing import find, scenario, tiles

TENPAI = "234m345p678p22s34s"  # waits on 2s/5s


def _step(state, line):
    return apply(state, find(state, line))


def test_each_event_kind_is_its_own_frozen_class():
    classes = get_args(Event)
    assert sorted(c.kind for c in classes) == sorted(get_args(EventKind))
    for cls in classes:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls
    drew = Drew(1, tiles("1p")[0])
    with pytest.raises(dataclasses.FrozenInstanceError):
        drew.tile = None
    assert drew != DoraRevealed(drew.tile)  # the class is part of what an event is


def test_a_discard_yields_acted_with_the_tile_then_the_next_seats_draw():
    state = scenario({}, draws="9m 1p")
    state, events = _step(state, "0:discard:9m")
    nine, one = tiles("9m 1p")
    match events:
        case (Acted(action=discard), Drew(seat=1, tile=drawn, rinshan=False)):
            assert (discard.seat, discard.type, discard.tile) == (0, "discard", nine)
            assert drawn == one == state.drawn
        case _:
            pytest.fail(f"unexpected events {events}")


def test_a_concealed_kan_yields_the_new_dora_and_a_draw_from_the_dead_wall():
    state = scenario({0: "8888m9999m555z67z"}, draws="1p", rinshan="2p 3p")
    state, events = _step(state, "0:ankan:8m")
    assert [type(e) for e in events] == [Acted, DoraRevealed, Drew]
    assert events[1].tile == state.wall[127]  # the second indicator
    assert events[2] == Drew(0, tiles("2p")[0], rinshan=True)
    assert events[2].data == "rinshan" and Drew(0, 1).data is None


def test_a_riichi_that_stands_yields_riichi_paid_for_the_declarer():
    state = scenario({0: TENPAI}, draws="9m 8m 8m 5s", avoid="25s")
    state, events = _step(state, "0:riichi:9m")
    paid = [e for e in events if isinstance(e, RiichiPaid)]
    assert paid == [RiichiPaid(0, tiles("9m")[0], "riichi")]
    assert state.riichi_sticks == 1


def test_a_pon_yields_called_with_the_calling_action():
    state = scenario({2: "147m369p1s1234z55s"}, draws="5s")
    state, (discard, *_) = _step(state, "0:discard:5s")
    state, events = _step(state, "2:pon:5s")
    calls = [e for e in events if isinstance(e, Called)]
    assert len(calls) == 1 and calls[0].seat == 2 and calls[0].action.type == "pon"
    assert calls[0].action.tile == discard.action.tile


def test_a_tsumo_yields_the_hand_result_then_the_next_deal():
    state = scenario({0: TENPAI}, draws="5s")
    state, events = _step(state, "0:tsumo")
    assert [type(e) for e in events] == [Acted, HandEnded, Dealt, Drew]
    ended, dealt = events[1], events[2]
    assert ended.result.kind == "tsumo" and ended.result == state.last_result
    assert dealt == Dealt(0, 27, 0, 1, 0)  # the dealer stays: East 1, one honba
    assert dealt.data == (27, 0, 1, 0)
