"""The messages the channel layer carries between processes, as typed values.

Every message a group or channel of the live site is sent is one of the frozen
dataclasses below. :func:`encode` alone turns one into the dict the channel layer
carries (plain ints, floats, strings, lists and None: what channels-redis's msgpack
and the in-memory layer's copy both keep as they are), and :func:`decode` alone
reads such a dict back, refusing anything else with :class:`Garbled`. A consumer
decodes a message once, where it arrives, and its handlers see the typed value.

A move travels as its :class:`~rules.engine.Action`: it is written as text once, in
:func:`encode` (the wire), and read once per process in :func:`decode` (the text
crossing remembers what it read, see :func:`tables.play.states.action_of`).

=================== =========================================================================
``table.update``    :class:`TableUpdate`: a new version of a game was stored
``table.presence``  :class:`TablePresence`: a seat's socket opened or closed, or who sits
                    at an open table changed
``table.reveal``    :class:`TableReveal`: a call window ended (tables.play.call_window)
``table.settings``  :class:`TableSettings`: a seat changed its auto play
``table.started``   :class:`TableStarted`: the game of an open table began
``driver.claim``    :class:`DriverClaim`: every driver should take the games it may now
``session.ended``   :class:`SessionEnded`: the sign-in of a socket ended (tables.socket.sessions)
``lobby.update``    :class:`LobbyUpdate`: a fragment for every lobby page
``play.matched``    :class:`PlayMatched`: Play now seated a member (tables.play_news)
``play.invited``    :class:`PlayInvited`: a member was invited to a private table
``standings.update`` :class:`StandingsUpdate`: an event's standings or projector fragment
``calls.update``    :class:`CallsUpdate`: an event's open referee calls, for its referees
=================== =========================================================================
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rules.engine import Action, InvalidAction
from tables.play import timers as timing
from tables.play.states import action_of, text_of
from tables.play.timers import Timers

Encoded = dict[str, object]


class Garbled(ValueError):
    """A channel-layer message that is not one of these, or not whole."""


@dataclass(frozen=True)
class TableUpdate:
    """A new version of a game was stored.

    ``shown`` is the version frames show (tables.play.hidden_claims); ``action`` made it,
    so a process one version behind catches up without the database; ``timers`` are the
    game's after it; ``reveal`` is when (Unix seconds) what it led to may be shown, or
    None when nothing is held back (tables.play.call_window).
    """

    game: int
    version: int
    shown: int
    action: Action
    timers: Timers
    reveal: float | None = None


@dataclass(frozen=True)
class TablePresence:
    """A seat's socket opened or closed (``seat``, and whether any socket of it is still
    ``connected``); without a seat: who sits at an open table changed."""

    game: int | None
    seat: int | None = None
    connected: bool = False


@dataclass(frozen=True)
class TableReveal:
    """A call window of ``game`` ended: every socket shows what it held of ``version``."""

    game: int
    version: int


@dataclass(frozen=True)
class TableSettings:
    game: int | None


@dataclass(frozen=True)
class TableStarted:
    game: int


@dataclass(frozen=True)
class DriverClaim:
    pass


@dataclass(frozen=True)
class SessionEnded:
    pass


@dataclass(frozen=True)
class LobbyUpdate:
    html: str


@dataclass(frozen=True)
class PlayMatched:
    url: str
    table: int


@dataclass(frozen=True)
class PlayInvited:
    html: str


@dataclass(frozen=True)
class StandingsUpdate:
    """A fragment for every page following an event's standings (tournaments.consumers)."""

    html: str


@dataclass(frozen=True)
class CallsUpdate:
    """The open referee calls of an event, for its referees' pages."""

    html: str


Message = (
    TableUpdate
    | TablePresence
    | TableReveal
    | TableSettings
    | TableStarted
    | DriverClaim
    | SessionEnded
    | LobbyUpdate
    | PlayMatched
    | PlayInvited
    | StandingsUpdate
    | CallsUpdate
)


# --- encoding: the one way to the channel layer -----------------------------------------


def encode(message: Message) -> Encoded:
    """The dict the channel layer carries for ``message``."""
    match message:
        case TableUpdate():
            return {
                "type": "table.update",
                "game": message.game,
                "version": message.version,
                "shown": message.shown,
                "action": text_of(message.action),
                # turn start and deadline in Unix seconds, the four banks in ms
                "timers": timing.to_json(message.timers),
                "reveal": message.reveal,
            }
        case TablePresence():
            return {
                "type": "table.presence",
                "game": message.game,
                "seat": message.seat,
                "connected": message.connected,
            }
        case TableReveal():
            return {"type": "table.reveal", "game": message.game, "version": message.version}
        case TableSettings():
            return {"type": "table.settings", "game": message.game}
        case TableStarted():
            return {"type": "table.started", "game": message.game}
        case DriverClaim():
            return {"type": "driver.claim"}
        case SessionEnded():
            return {"type": "session.ended"}
        case LobbyUpdate():
            return {"type": "lobby.update", "html": message.html}
        case PlayMatched():
            return {"type": "play.matched", "url": message.url, "table": message.table}
        case PlayInvited():
            return {"type": "play.invited", "html": message.html}
        case StandingsUpdate():
            return {"type": "standings.update", "html": message.html}
        case CallsUpdate():
            return {"type": "calls.update", "html": message.html}


# --- decoding: the one way back ----------------------------------------------------------


def _field(raw: Mapping[str, object], name: str) -> object:
    try:
        return raw[name]
    except KeyError:
        raise Garbled(f"{raw.get('type')!r} message without {name!r}") from None


def _int(raw: Mapping[str, object], name: str) -> int:
    value = _field(raw, name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Garbled(f"{raw.get('type')!r} message: {name!r} is not a whole number: {value!r}")
    return value


def _int_or_none(raw: Mapping[str, object], name: str) -> int | None:
    return None if raw.get(name) is None else _int(raw, name)


def _number(value: object, what: str) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise Garbled(f"{what} is not a number: {value!r}")
    return float(value)


def _str(raw: Mapping[str, object], name: str) -> str:
    value = _field(raw, name)
    if not isinstance(value, str):
        raise Garbled(f"{raw.get('type')!r} message: {name!r} is not text: {value!r}")
    return value


def _bool(raw: Mapping[str, object], name: str) -> bool:
    value = raw.get(name, False)
    if not isinstance(value, bool):
        raise Garbled(f"{raw.get('type')!r} message: {name!r} is not true or false: {value!r}")
    return value


def _moment(value: object, what: str) -> dt.datetime:
    try:
        return dt.datetime.fromtimestamp(_number(value, what), dt.UTC)
    except (OverflowError, OSError, ValueError) as exc:
        raise Garbled(f"{what} is not a time: {value!r}") from exc


def _timers(raw: Mapping[str, object]) -> Timers:
    value = _field(raw, "timers")
    if not isinstance(value, list | tuple) or len(value) != 3:
        raise Garbled(
            f"'table.update' message: 'timers' is not [start, deadline, banks]: {value!r}"
        )
    started, deadline, banks = value
    start = _moment(started, "the turn's start")
    end = start if deadline is None else _moment(deadline, "the deadline")
    if not isinstance(banks, list | tuple) or len(banks) != 4:
        raise Garbled(f"'table.update' message: the banks are not four: {banks!r}")
    for bank in banks:
        if not isinstance(bank, int) or isinstance(bank, bool):
            raise Garbled(f"'table.update' message: a bank is not whole milliseconds: {bank!r}")
    return Timers(start, end, list(banks))


def _action(raw: Mapping[str, object]) -> Action:
    text = _str(raw, "action")
    try:
        return action_of(text)
    except InvalidAction as exc:
        raise Garbled(f"'table.update' message: {text!r} is no action ({exc})") from None


def _update(raw: Mapping[str, object]) -> TableUpdate:
    reveal = raw.get("reveal")
    return TableUpdate(
        game=_int(raw, "game"),
        version=_int(raw, "version"),
        shown=_int(raw, "shown"),
        action=_action(raw),
        timers=_timers(raw),
        reveal=None if reveal is None else _number(reveal, "the reveal time"),
    )


def _presence(raw: Mapping[str, object]) -> TablePresence:
    seat = _int_or_none(raw, "seat")
    if seat is not None and not 0 <= seat < 4:
        raise Garbled(f"'table.presence' message: no seat {seat}")
    return TablePresence(_int_or_none(raw, "game"), seat, _bool(raw, "connected"))


_DECODERS: dict[str, Callable[[Mapping[str, object]], Message]] = {
    "table.update": _update,
    "table.presence": _presence,
    "table.reveal": lambda raw: TableReveal(_int(raw, "game"), _int(raw, "version")),
    "table.settings": lambda raw: TableSettings(_int_or_none(raw, "game")),
    "table.started": lambda raw: TableStarted(_int(raw, "game")),
    "driver.claim": lambda raw: DriverClaim(),
    "session.ended": lambda raw: SessionEnded(),
    "lobby.update": lambda raw: LobbyUpdate(_str(raw, "html")),
    "play.matched": lambda raw: PlayMatched(_str(raw, "url"), _int(raw, "table")),
    "play.invited": lambda raw: PlayInvited(_str(raw, "html")),
    "standings.update": lambda raw: StandingsUpdate(_str(raw, "html")),
    "calls.update": lambda raw: CallsUpdate(_str(raw, "html")),
}


def decode(raw: object) -> Message:
    """The message ``raw`` (a dict from the channel layer) carries; Garbled when it is
    not one of :data:`Message`, or a field is missing or of the wrong kind."""
    if not isinstance(raw, Mapping):
        raise Garbled(f"a message that is not a dict: {raw!r:.200}")
    kind = raw.get("type")
    decoder = _DECODERS.get(kind) if isinstance(kind, str) else None
    if decoder is None:
        raise Garbled(f"a message of no known type: {kind!r:.100}")
    return decoder(raw)


def describe(raw: object) -> str:
    """A short account of a message for a log line (never the whole of a large one)."""
    return f"{raw!r:.300}"
