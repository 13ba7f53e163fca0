"""The channel layer's messages (tables.socket.messages): each typed message comes back
from its encoding as it went in, the encoding is what Redis's msgpack keeps as it is,
and anything else is refused as garbled. A move's text is read once per process."""

import datetime as dt

import msgpack
import pytest

from rules.engine import Action, format_action, parse_action
from tables.play import states
from tables.play.timers import Timers
from tables.socket import messages
from tables.socket.messages import (
    CallsUpdate,
    DriverClaim,
    Garbled,
    LobbyUpdate,
    PlayInvited,
    PlayMatched,
    SessionEnded,
    StandingsUpdate,
    TablePresence,
    TableReveal,
    TableSettings,
    TableStarted,
    TableUpdate,
    decode,
    encode,
)

START = dt.datetime(2026, 11, 27, 20, 0, 0, tzinfo=dt.UTC)
TIMERS = Timers(START, START + dt.timedelta(seconds=10), [30000, 29000, 0, 12345])


def update(**changes) -> TableUpdate:
    fields = {
        "game": 12,
        "version": 7,
        "shown": 6,
        "action": parse_action("2:discard:5m.1"),
        "timers": TIMERS,
        "reveal": START.timestamp() + 1.5,
    }
    return TableUpdate(**{**fields, **changes})


EVERY_KIND = [
    update(),
    update(reveal=None, action=parse_action("1:pass")),
    TablePresence(12, 3, True),
    TablePresence(None),
    TableReveal(12, 7),
    TableSettings(12),
    TableSettings(None),
    TableStarted(12),
    DriverClaim(),
    SessionEnded(),
    LobbyUpdate('<div id="lobby-refresh"></div>'),
    PlayMatched("/tables/5/", 5),
    PlayInvited("<div>come and play</div>"),
    StandingsUpdate('<div id="standings-live"></div>'),
    CallsUpdate("<div>calls</div>"),
]


@pytest.fixture(autouse=True)
def fresh_memory():
    from tables import runtime

    runtime.reset()
    yield
    runtime.reset()


@pytest.mark.parametrize("message", EVERY_KIND, ids=lambda m: type(m).__name__)
def test_every_message_comes_back_from_its_encoding_unchanged(message):
    assert decode(encode(message)) == message


@pytest.mark.parametrize("message", EVERY_KIND, ids=lambda m: type(m).__name__)
def test_an_encoded_message_survives_redis_serialization(message):
    """channels-redis packs a message with msgpack: what it unpacks decodes the same."""
    packed = msgpack.packb(encode(message), use_bin_type=True)
    assert decode(msgpack.unpackb(packed, raw=False)) == message


def test_an_update_carries_the_action_as_its_text_on_the_wire():
    encoded = encode(update())
    assert encoded["type"] == "table.update"
    assert encoded["action"] == "2:discard:5m.1"
    assert isinstance(decode(encoded).action, Action)


def test_the_timers_of_an_update_arrive_as_the_same_moments_in_utc():
    decoded = decode(encode(update()))
    assert isinstance(decoded, TableUpdate)
    assert decoded.timers.turn_started == START and decoded.timers.deadline.tzinfo is not None
    assert decoded.timers.bank_ms == [30000, 29000, 0, 12345]


GOOD = encode(update())


@pytest.mark.parametrize(
    "raw",
    [
        None,
        "table.update",
        ["table.update"],
        {},
        {"type": "table.nonsense", "game": 1},
        {"type": 7},
        {key: value for key, value in GOOD.items() if key != "version"},
        {**GOOD, "game": "12"},
        {**GOOD, "version": True},
        {**GOOD, "action": ""},
        {**GOOD, "action": "9:discard:5m.1"},
        {**GOOD, "action": 5},
        {**GOOD, "timers": None},
        {**GOOD, "timers": [1.0, 2.0]},
        {**GOOD, "timers": ["noon", None, [0, 0, 0, 0]]},
        {**GOOD, "timers": [1.0, 2.0, [0, 0, 0]]},
        {**GOOD, "timers": [1.0, 2.0, [0, 0, 0, "x"]]},
        {**GOOD, "reveal": "later"},
        {"type": "table.presence", "game": 1, "seat": 4, "connected": True},
        {"type": "table.presence", "game": 1, "seat": 0, "connected": "yes"},
        {"type": "table.reveal", "game": 1},
        {"type": "lobby.update"},
        {"type": "play.matched", "url": "/tables/5/", "table": None},
        {"type": "play.invited", "html": b"<div></div>"},
        {"type": "standings.update", "html": None},
        {"type": "calls.update"},
    ],
    ids=repr,
)
def test_it_refuses_a_garbled_message(raw):
    with pytest.raises(Garbled):
        decode(raw)


def test_a_garbled_message_is_described_briefly_for_the_log():
    described = messages.describe({"type": "lobby.update", "html": "x" * 10_000})
    assert "lobby.update" in described and len(described) <= 300


def test_the_text_of_a_move_is_read_once_per_process(monkeypatch):
    """Every socket of a process and its driver decode the same update: the action's
    text is parsed by the first of them only."""
    parsed = []

    def counting(text):
        parsed.append(text)
        return parse_action(text)

    monkeypatch.setattr(states, "parse_action", counting)
    encoded = encode(update())
    decoded = [decode(dict(encoded)) for _ in range(5)]
    assert parsed == ["2:discard:5m.1"]
    assert all(d == decoded[0] for d in decoded)


def test_the_text_of_a_move_is_written_once_per_process(monkeypatch):
    """The stored log entry and the wire's text are one formatting of the Action."""
    written = []

    def counting(action):
        written.append(action)
        return format_action(action)

    monkeypatch.setattr(states, "format_action", counting)
    action = parse_action("3:discard:1p.2")
    assert states.text_of(action) == "3:discard:1p.2"  # the log entry (tables.play.submit)
    assert encode(update(action=action))["action"] == "3:discard:1p.2"
    assert written == [action]


def test_the_memory_of_action_texts_stays_bounded(settings):
    settings.TABLE_MEMO_ENTRIES = 3
    for copy in range(4):
        for suit in "mps":
            states.action_of(f"0:discard:{copy + 1}{suit}.{copy}")
    from tables.runtime import RUNTIME

    assert len(RUNTIME.memo("tables.text_actions")) <= 3
