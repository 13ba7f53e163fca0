"""Dealing, drawing, calls and kans: the moves that keep a hand going.

Every function takes a state and returns the next one plus its events; legality
was checked before (by ``apply`` against ``GameState.legal``).

Kan dora (the Ronin Game Rules' table, ``ruleset.kan_dora_timing``):

* an ankan shows its indicator at once, whatever the setting;
* ``"immediate"``: an open kan shows it when the kan is completed (for an added
  kan, after nobody robbed it, so a chankan never sees it);
* ``"after_discard"``: when the kan player makes the replacement discard, before
  anyone may ron it;
* ``"after_discard_survives"`` (Ronin): once that discard has passed the ron
  check, even if it is then called for a pon or chi; never on rinshan kaihou nor
  when the discard is ronned.

An indicator still waiting is shown first when the same player declares another
kan, so indicators always appear in the order of the kans.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any

from .actions import ANKAN, CHI, DAIMINKAN, PON, Action
from .analysis import analyse
from .legal import forbidden_after_call, turn_actions
from .melds import Meld, MeldKind
from .rulesets import Ruleset
from .state import (
    Called,
    Dealt,
    Discard,
    DoraRevealed,
    Drew,
    Event,
    GameSetup,
    GameState,
    HandResult,
    put,
)
from .tiles import DRAGONS, EAST, WINDS
from .wall import DEAD_START, DEAL_END, check_wall, dealt_hand, rinshan_tile, shuffled_wall

NO_LEGAL: tuple[tuple[Action, ...], ...] = ((), (), (), ())
_INDEX = {name: i for i, name in enumerate(GameState._fields)}
_WALL, _HANDS, _LIVE_NEXT, _DRAWN, _TURN, _PHASE, _RINSHAN, _CLAIM, _FORBIDDEN, _LEGAL = (
    _INDEX[name]
    for name in (
        "wall",
        "hands",
        "live_next",
        "drawn",
        "turn",
        "phase",
        "rinshan",
        "claim",
        "forbidden",
        "legal",
    )
)
(_LOG, _DISCARDS, _MASKS, _FURITEN, _ANALYSIS, _IPPATSU, _LAST) = (
    _INDEX[name]
    for name in (
        "hand_log",
        "discards",
        "discard_masks",
        "furiten",
        "analysis",
        "ippatsu",
        "last_discard",
    )
)
_new = tuple.__new__
# A live draw's event for every seat and tile, made once (events are frozen values).
_DREW = tuple(tuple(Drew(seat, tile) for tile in range(136)) for seat in range(4))
_EMPTY4: tuple[tuple[()], ...] = ((), (), (), ())
# the meld an open call makes (the action types and the meld kinds share their names)
_CALLED: dict[str, MeldKind] = {CHI: CHI, PON: PON, DAIMINKAN: DAIMINKAN}


def wall_for(setup: GameSetup, hand_index: int) -> tuple[tuple[int, ...], tuple[int, int]]:
    wall, dice = shuffled_wall(setup.seed, hand_index)
    if hand_index < len(setup.walls):
        wall = check_wall(setup.walls[hand_index])
    return wall, dice


def deal(
    setup: GameSetup,
    hand_index: int,
    round_wind: int,
    round_number: int,
    honba: int,
    sticks: int,
    scores: Sequence[int],
    chombo_counts: Sequence[int],
    last_result: HandResult | None,
    past_logs: tuple[tuple[Action, ...], ...],
) -> tuple[GameState, list[Event]]:
    """A fresh hand: shuffle (or take the explicit wall), deal 13 each, dealer draws."""
    wall, dice = wall_for(setup, hand_index)
    dealer = round_number
    hands = tuple(dealt_hand(wall, seat, dealer) for seat in range(4))
    s = GameState(
        setup=setup,
        ruleset=setup.ruleset,
        hand_index=hand_index,
        round_wind=round_wind,
        round_number=round_number,
        honba=honba,
        riichi_sticks=sticks,
        scores=tuple(scores),
        chombo_counts=tuple(chombo_counts),
        wall=wall,
        dice=dice,
        live_next=DEAL_END,
        live_end=DEAD_START,
        rinshan_used=0,
        dora_shown=1,
        dora_pending=0,
        hands=hands,
        drawn=None,
        melds=_EMPTY4,
        discards=_EMPTY4,
        discard_masks=(0, 0, 0, 0),
        riichi=(0, 0, 0, 0),
        open_riichi=(False, False, False, False),
        ippatsu=(False, False, False, False),
        furiten=(0, 0, 0, 0),
        analysis=tuple(analyse(h) for h in hands),
        turn=dealer,
        phase="turn",
        rinshan=False,
        interrupted=False,
        claim=None,
        forbidden=(),
        pao=(None, None, None, None),
        kan_seats=(),
        legal=NO_LEGAL,
        last_discard=None,
        last_result=last_result,
        finished=False,
        final=None,
        hand_log=(),
        past_logs=past_logs,
    )
    events: list[Event] = [Dealt(dealer, round_wind, round_number, honba, sticks)]
    s, more = draw(s, dealer)
    return s, events + more


def with_turn_legal(s: GameState, seat: int) -> GameState:
    v = list(s)
    v[_LEGAL] = put(NO_LEGAL, seat, turn_actions(s, seat))
    return _new(GameState, v)


def draw(
    s: GameState, seat: int, changes: dict[str, Any] | None = None
) -> tuple[GameState, list[Event]]:
    """``seat`` draws the next live tile and it is their turn (``changes`` are other
    updates to make in the same step)."""
    v = list(s)
    if changes:
        for name, value in changes.items():
            v[_INDEX[name]] = value
    return draw_into(v, seat)


def draw_into(v: list[Any], seat: int) -> tuple[GameState, list[Event]]:
    """:func:`draw` on the fields of a state under construction (``list(state)``)."""
    live = v[_LIVE_NEXT]
    tile = v[_WALL][live]
    hands = v[_HANDS]
    hand = list(hands[seat])
    insort(hand, tile)
    hands = list(hands)
    hands[seat] = tuple(hand)
    v[_HANDS] = tuple(hands)
    v[_LIVE_NEXT] = live + 1
    v[_DRAWN] = tile
    v[_TURN] = seat
    v[_PHASE] = "turn"
    v[_RINSHAN] = False
    v[_CLAIM] = None
    v[_FORBIDDEN] = ()
    v[_LEGAL] = put(NO_LEGAL, seat, turn_actions(_new(GameState, v), seat))
    return _new(GameState, v), [_DREW[seat][tile]]


def discard_then_draw(
    s: GameState, seat: int, tile: int, log: tuple[Action, ...]
) -> tuple[GameState, list[Event]]:
    """``seat``'s plain discard of ``tile`` that nobody may answer, then the next
    seat's draw, in one new state: what ``discards.discard_values`` followed by
    :func:`draw_into` make of ``s``, written field by field (the most common step of
    a hand; the caller decided no seat can call the tile and the next draw follows,
    and the tests check this against the general path)."""
    v = list(s)
    drawn = s.drawn
    nxt = (seat + 1) % 4
    live = s.live_next
    new_tile = s.wall[live]
    hands = list(s.hands)
    old = hands[seat]
    i = old.index(tile)
    hand = old[:i] + old[i + 1 :]
    hands[seat] = hand
    taker = list(hands[nxt])
    insort(taker, new_tile)
    hands[nxt] = tuple(taker)
    v[_HANDS] = tuple(hands)
    v[_LOG] = log
    rivers = list(s.discards)
    rivers[seat] = (*rivers[seat], _new(Discard, (tile, tile == drawn, False, False)))
    v[_DISCARDS] = tuple(rivers)
    masks = list(s.discard_masks)
    masks[seat] |= 1 << (tile >> 2)
    v[_MASKS] = tuple(masks)
    if s.furiten[seat] == 1:  # temporary furiten ends with the seat's own discard
        v[_FURITEN] = put(s.furiten, seat, 0)
    if tile != drawn:  # a tsumogiri leaves the hand as it was before the draw
        v[_ANALYSIS] = put(s.analysis, seat, analyse(hand))
    if s.ippatsu[seat]:
        v[_IPPATSU] = put(s.ippatsu, seat, False)
    v[_LAST] = (seat, tile)
    v[_LIVE_NEXT] = live + 1
    v[_DRAWN] = new_tile
    v[_TURN] = nxt
    v[_PHASE] = "turn"
    v[_RINSHAN] = False
    v[_CLAIM] = None
    v[_FORBIDDEN] = ()
    legal: list[tuple[Action, ...]] = [(), (), (), ()]
    legal[nxt] = turn_actions(_new(GameState, v), nxt)
    v[_LEGAL] = tuple(legal)
    return _new(GameState, v), [_DREW[nxt][new_tile]]


def reveal_pending(s: GameState) -> tuple[GameState, list[Event]]:
    """Show every kan dora indicator that is waiting."""
    if not s.dora_pending:
        return s, []
    shown = s.dora_shown + s.dora_pending
    events: list[Event] = [DoraRevealed(s.wall[126 + i]) for i in range(s.dora_shown, shown)]
    return s.evolve(dora_shown=shown, dora_pending=0), events


def _pao_after(
    melds: tuple[Meld, ...], seat_pao: int | None, discarder: int, called_kind: int
) -> int | None:
    """The Ronin Game Rules liability: the discard that completes the 3rd dragon / 4th wind set."""
    group: tuple[int, ...]
    if called_kind in DRAGONS:
        group = DRAGONS
        need = 3
    elif called_kind in WINDS:
        group = WINDS
        need = 4
    else:
        return seat_pao
    sets = sum(1 for m in melds if m.kind != CHI and (m.tiles[0] >> 2) in group)
    return discarder if sets == need else seat_pao


def apply_call(s: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """A chi, pon or open kan on the discard under claim."""
    seat, tile, claim = action.seat, action.tile, s.claim
    assert tile is not None and claim is not None  # a call takes the discard under claim
    discarder = claim.seat
    river = s.discards[discarder]
    river = (*river[:-1], river[-1]._replace(called=True))
    hand = tuple(t for t in s.hands[seat] if t not in action.tiles)
    meld = Meld(_CALLED[action.type], tuple(sorted((*action.tiles, tile))), tile, discarder)
    melds = (*s.melds[seat], meld)
    pao = s.pao
    if action.type in (PON, DAIMINKAN):
        pao = put(pao, seat, _pao_after(melds, pao[seat], discarder, tile >> 2))
    s = s.evolve(
        discards=put(s.discards, discarder, river),
        hands=put(s.hands, seat, hand),
        melds=put(s.melds, seat, melds),
        interrupted=True,
        ippatsu=(False, False, False, False),
        pao=pao,
        claim=None,
    )
    events: list[Event] = [Called(action)]
    if action.type == DAIMINKAN:
        s, more = complete_kan(s, seat, DAIMINKAN)
        return s, events + more
    forbidden = forbidden_after_call(action.type, tile, action.tiles, s.ruleset)
    s = s.evolve(turn=seat, phase="turn", drawn=None, rinshan=False, forbidden=forbidden)
    return with_turn_legal(s, seat), events


def complete_kan(s: GameState, seat: int, kind: MeldKind) -> tuple[GameState, list[Event]]:
    """After the kan meld is in place: dora, counters, then the replacement draw."""
    s, events = reveal_pending(s)
    r: Ruleset = s.ruleset
    shown, pending = s.dora_shown, s.dora_pending
    if r.kan_dora:
        if kind == ANKAN or r.kan_dora_timing == "immediate":
            events.append(DoraRevealed(s.wall[126 + shown]))
            shown += 1
        else:
            pending += 1
    tile = rinshan_tile(s.wall, s.rinshan_used)
    hand = list(s.hands[seat])
    concealed = tuple(hand)
    insort(hand, tile)
    s = s.evolve(
        analysis=put(s.analysis, seat, analyse(concealed)),
        interrupted=True,
        ippatsu=(False, False, False, False),
        kan_seats=(*s.kan_seats, seat),
        dora_shown=shown,
        dora_pending=pending,
        rinshan_used=s.rinshan_used + 1,
        live_end=s.live_end - 1,
        hands=put(s.hands, seat, tuple(hand)),
        drawn=tile,
        turn=seat,
        phase="turn",
        rinshan=True,
        claim=None,
        forbidden=(),
    )
    events.append(Drew(seat, tile, rinshan=True))
    return with_turn_legal(s, seat), events


def kan_meld(s: GameState, action: Action) -> tuple[tuple[int, ...], tuple[Meld, ...]]:
    """The kan player's hand and melds once an ankan or shouminkan is made."""
    seat = action.seat
    melds = s.melds[seat]
    if action.type == ANKAN:
        hand = tuple(t for t in s.hands[seat] if t not in action.tiles)
        return hand, (*melds, Meld(ANKAN, tuple(sorted(action.tiles))))
    added = action.tile
    assert added is not None  # an added kan names the tile it adds
    kind = added >> 2
    hand = tuple(t for t in s.hands[seat] if t != added)
    out = []
    for m in melds:
        if m.kind == PON and (m.tiles[0] >> 2) == kind:
            m = Meld("shouminkan", tuple(sorted((*m.tiles, added))), m.called, m.source)
        out.append(m)
    return hand, tuple(out)


def seat_wind(seat: int, dealer: int) -> int:
    return EAST + (seat - dealer) % 4
