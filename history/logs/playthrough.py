"""Playing one logged hand through our engine, answer by answer.

The engine is dealt the hand's rebuilt wall with the header the log gives (round,
honba, sticks, scores), then every logged event becomes the engine action that
matches it: among the seat's legal actions, the one of the same type whose tiles
have the same codes (for a discard, the drawn tile itself when the log says
tsumogiri). The engine asks every seat that could use a discard for an answer; the
log only names the seat that called or won, so everyone else passes.

Nothing is forced: when the engine does not offer the logged action the hand is
*not reproducible*, and the reason says why in the engine's own words (furiten, no
yaku, not your turn...). The same holds when the log ends while the engine still
waits for someone, when the engine ends the hand while the log goes on, and when
the engine needs a wall tile the log never showed (an ura indicator after a riichi
win the log did not record, say).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, cast

from rules.engine import (
    ANKAN,
    CHI,
    DAIMINKAN,
    DEAL_END,
    DISCARD,
    DORA,
    EAST,
    KYUUSHU,
    PASS,
    PON,
    RIICHI,
    RINSHAN,
    RON,
    SHOUMINKAN,
    TSUMO,
    URA,
    Action,
    ActionType,
    EngineError,
    GameSetup,
    GameState,
    HandResult,
    IllegalAction,
    apply,
    deal,
    explain,
    pending_seats,
)

from .model import (
    Call,
    Code,
    Discard,
    Draw,
    Event,
    Kan,
    Kyuushu,
    LogHand,
    Ron,
    Tsumo,
    code_of,
    code_text,
)


class HandReplay(NamedTuple):
    actions: tuple[Action, ...]  # what the engine was given, passes included
    result: HandResult | None  # the engine's outcome (None: not reproducible)
    after: GameState | None  # the next deal, or the finished game
    problem: str | None  # why the hand could not be reproduced


class _Stop(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def start_state(setup: GameSetup, index: int, hand: LogHand) -> GameState:
    """The engine dealt hand number ``index`` of ``setup`` with the log's header."""
    state, _ = deal(
        setup,
        index,
        EAST + hand.round_wind,
        hand.round_number,
        hand.honba,
        hand.sticks,
        tuple(hand.scores),
        (0, 0, 0, 0),
        None,
        (),
    )
    return state


def play_hand(
    setup: GameSetup, index: int, hand: LogHand, unknown: frozenset[int] = frozenset()
) -> HandReplay:
    """Replay ``hand`` (number ``index`` of the game) and return what the engine made of it."""
    actions: list[Action] = []
    try:
        state = start_state(setup, index, hand)
    except EngineError as exc:
        return HandReplay((), None, None, f"our engine cannot deal this hand: {exc.message}")
    try:
        state = _play(state, index, hand, actions, unknown)
    except _Stop as stop:
        return HandReplay(tuple(actions), None, None, stop.message)
    except EngineError as exc:  # the hand is impossible under these rules (say, a score sum)
        return HandReplay(
            tuple(actions), None, None, f"our engine cannot play this hand: {exc.message}"
        )
    return HandReplay(tuple(actions), state.last_result, state, None)


def _play(
    state: GameState, index: int, hand: LogHand, actions: list[Action], unknown: frozenset[int]
) -> GameState:
    reds = state.ruleset.red_fives
    events = hand.events
    i = 0

    def act(action: Action) -> None:
        nonlocal state
        try:
            state, _ = apply(state, action)
        except IllegalAction as exc:  # pragma: no cover - actions come from the legal list
            raise _Stop(exc.message) from None
        actions.append(action)

    last = state
    while not _over(state, index):
        last = state
        if state.phase == "calls":
            i = _answer(state, events, i, reds, act)
            continue
        seat = state.turn
        if i >= len(events):
            if _unrecorded_suukaikan(state, hand):
                # the fourth kan's replacement tile goes straight out and the abort
                # follows whatever it is, so the tile the log leaves out does not matter
                unknown = unknown - {RINSHAN + state.rinshan_used - 1}
                act(Action(seat, DISCARD, state.drawn))
                continue
            if state.win_claim is not None:
                raise _Stop(
                    "the win was claimed at the table, and the log does not record the "
                    "claim, the answers and the review, so our engine cannot replay it "
                    "(our own JSON export can)"
                )
            if hand.result is not None and hand.result.kind == "chombo":
                raise _Stop(
                    "the log ends the hand with a chombo, but it does not record the "
                    "called win, so our engine cannot replay it (our own JSON export can)"
                )
            raise _Stop(f"the log stops, but our engine waits for {_seat(seat)} to play")
        event = events[i]
        if isinstance(event, Draw):
            drawn = code_of(state.drawn, reds) if state.drawn is not None else None
            if event.seat != seat or drawn != event.tile:
                got = (
                    f"{_seat(seat)} draws {code_text(drawn)}" if drawn else f"{_seat(seat)} to play"
                )
                raise _Stop(
                    f"the log has {_seat(event.seat)} draw {code_text(event.tile)}; our engine has {got}"
                )
            i += 1
            continue
        if isinstance(event, Call | Ron):
            what = "ron" if isinstance(event, Ron) else "call"
            raise _Stop(
                f"the log has {_describe(event)}, but our engine offers no {what} on that tile"
            )
        if event.seat != seat:
            raise _Stop(
                f"the log has {_seat(event.seat)} {_name(event)}; our engine waits for {_seat(seat)}"
            )
        act(_turn_action(state, event, reds))
        i += 1
    if i < len(events):
        outcome = state.last_result.kind if state.last_result else "the game"
        raise _Stop(
            f"our engine ends the hand ({outcome}) but the log goes on: {_describe(events[i])}"
        )
    _check_known(last, state.last_result, unknown)
    return state


def _unrecorded_suukaikan(state: GameState, hand: LogHand) -> bool:
    """The log ends at the fourth kan of two or more players (four-kan abort), leaving
    out the replacement draw and its discard, which the engine still plays."""
    result = hand.result
    return (
        result is not None
        and result.kind == "abortive"
        and result.abort == "suukaikan"
        and len(state.kan_seats) == 4
        and len(set(state.kan_seats)) > 1
        and state.rinshan
        and state.drawn is not None
    )


def _over(state: GameState, index: int) -> bool:
    return state.finished or state.hand_index != index


def _answer(
    state: GameState,
    events: list[Event],
    i: int,
    reds: Sequence[int],
    act: Callable[[Action], None],
) -> int:
    """Everyone's answer to the discard (or kan) waiting; returns the next event index."""
    claim = state.claim
    assert claim is not None  # the calls phase waits on a claim
    event = events[i] if i < len(events) else None
    answers: dict[int, Action] = {}
    if isinstance(event, Ron) and event.from_seat == claim.seat:
        seats = event.seats
        if seats is None:  # every seat that can ron does (three rons: an abortive draw)
            seats = tuple(s for s in range(4) if any(a.type == RON for a in state.legal[s]))
        for seat in seats:
            answers[seat] = _pick(state, seat, RON, reds, None, f"{_seat(seat)} rons")
        i += 1
    elif isinstance(event, Call) and event.source == claim.seat and claim.kind == "discard":
        answers[event.seat] = _pick(
            state, event.seat, event.kind, reds, (event.tile, event.own), _describe(event)
        )
        i += 1
    for seat in pending_seats(state):
        answers.setdefault(seat, Action(seat, PASS))
    for seat in sorted(answers):
        act(answers[seat])
    return i


def _turn_action(
    state: GameState, event: Discard | Kan | Tsumo | Kyuushu, reds: Sequence[int]
) -> Action:
    seat = event.seat
    if isinstance(event, Discard):
        kind = RIICHI if event.riichi else DISCARD
        options = [
            a
            for a in state.legal[seat]
            if a.type == kind and a.tile is not None and code_of(a.tile, reds) == event.tile
        ]
        if options:
            # a tsumogiri throws the drawn tile itself; a tedashi keeps it if it can
            options.sort(key=lambda a: (a.tile == state.drawn) != event.tsumogiri)
            return options[0]
        raise _Stop(_refusal(state, seat, kind, event.tile, (), reds, _describe(event)))
    if isinstance(event, Kan):
        wanted = (event.tiles[0], ()) if event.kind == SHOUMINKAN else (None, event.tiles)
        return _pick(state, seat, event.kind, reds, wanted, _describe(event))
    if isinstance(event, Tsumo):
        return _pick(state, seat, TSUMO, reds, None, f"{_seat(seat)} wins by tsumo")
    if isinstance(event, Kyuushu):
        return _pick(state, seat, KYUUSHU, reds, None, f"{_seat(seat)} declares nine terminals")
    raise _Stop(f"cannot play {event!r}")  # pragma: no cover - every event type is handled


def _pick(
    state: GameState,
    seat: int,
    kind: str,
    reds: Sequence[int],
    wanted: tuple[Code | None, tuple[Code, ...]] | None,
    what: str,
) -> Action:
    """The legal action of ``kind`` whose tiles match ``wanted`` = (tile code, own codes)."""
    for a in state.legal[seat]:
        if a.type != kind:
            continue
        if wanted is not None:
            tile, own = wanted
            if tile is not None and (a.tile is None or code_of(a.tile, reds) != tile):
                continue
            if own and sorted(code_of(t, reds) for t in a.tiles) != sorted(own):
                continue
        return a
    tile, own = wanted if wanted is not None else (None, ())
    raise _Stop(_refusal(state, seat, kind, tile, own, reds, what))


def _refusal(
    state: GameState,
    seat: int,
    kind: str,
    tile: Code | None,
    own: Sequence[Code],
    reds: Sequence[int],
    what: str,
) -> str:
    """Why the engine will not let ``seat`` do what the log says, in the engine's words."""
    hand = list(state.hands[seat])

    def holding(code: Code) -> int | None:
        for t in hand:
            if code_of(t, reds) == code:
                hand.remove(t)
                return t
        return None

    physical = None
    if kind in (RON, CHI, PON, DAIMINKAN) and state.claim is not None:
        physical = state.claim.tile
    elif kind == TSUMO:
        physical = state.drawn
    elif tile is not None:
        physical = holding(tile)
        if physical is None:
            return f"{what}: {_seat(seat)} does not hold {code_text(tile)}"
    tiles = []
    for code in own:
        t = holding(code)
        if t is None:
            return f"{what}: {_seat(seat)} does not hold {code_text(code)}"
        tiles.append(t)
    if kind == ANKAN:
        physical = tiles[0] if tiles else None
    try:
        reason = explain(state, Action(seat, cast(ActionType, kind), physical, tuple(tiles)))
    except Exception:  # the explanation is a courtesy: never fail the import over it
        reason = "not a legal action here"
    return f"{what}: our engine does not allow it ({reason})"


def _check_known(state: GameState, result: HandResult | None, unknown: frozenset[int]) -> None:
    """Refuse a result that rests on wall tiles the log never showed."""
    if not unknown or result is None:
        return
    used = set(range(DEAL_END, state.live_next))
    used |= set(range(RINSHAN, RINSHAN + state.rinshan_used))
    used |= set(range(DORA, DORA + len(result.dora_indicators)))
    used |= set(range(URA, URA + len(result.ura_indicators)))
    missing = sorted(used & unknown)
    if not missing:
        return
    names = []
    for position in missing:
        if position >= URA:
            names.append(f"ura indicator {position - URA + 1}")
        elif position >= DORA:
            names.append(f"dora indicator {position - DORA + 1}")
        elif position >= RINSHAN:
            names.append(f"replacement tile {position - RINSHAN + 1}")
        else:
            names.append(f"live tile {position - DEAL_END + 1}")
    raise _Stop(
        "the outcome depends on wall tiles the log does not show ("
        + ", ".join(names)
        + "), so it cannot be checked"
    )


def _seat(seat: int) -> str:
    return f"seat {seat}"


def _name(event: Event) -> str:
    if isinstance(event, Discard):
        return "riichi" if event.riichi else "discard"
    if isinstance(event, Call | Kan):
        return event.kind
    return type(event).__name__.lower()


def _describe(event: Event) -> str:
    if isinstance(event, Draw):
        return f"{_seat(event.seat)} draws {code_text(event.tile)}"
    if isinstance(event, Discard):
        verb = "declares riichi with" if event.riichi else "discards"
        return f"{_seat(event.seat)} {verb} {code_text(event.tile)}"
    if isinstance(event, Call):
        own = "".join(code_text(c) for c in event.own)
        return (
            f"{_seat(event.seat)} calls {event.kind} on {code_text(event.tile)} "
            f"from {_seat(event.source)} with {own}"
        )
    if isinstance(event, Kan):
        return f"{_seat(event.seat)} declares {event.kind} of {code_text(event.tiles[0])}"
    if isinstance(event, Ron):
        who = "everyone" if event.seats is None else ", ".join(_seat(s) for s in event.seats)
        return f"{who} ron {_seat(event.from_seat)}'s tile"
    return f"{_seat(event.seat)} {_name(event)}"


describe = _describe
