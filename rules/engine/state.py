"""The game state: one immutable value per moment of a game.

A :class:`GameState` is a flat ``NamedTuple``. Per-seat data lives in 4-tuples and
an action copies only the tuples it changes, so a turn costs a few microseconds.
Some fields are derived caches kept in the state so nothing is computed twice:

* ``analysis[seat]`` is the :class:`.analysis.SeatAnalysis` of the seat's
  concealed hand as it stood after its last discard or kan (shanten, waits and
  bit masks of the kinds it could call); it changes only when that hand changes;
* ``legal[seat]`` are the seat's legal actions right now, computed once by
  ``apply`` (:func:`legal_actions` just reads them).

Both are pure functions of the rest of the state, so two states reached by the
same actions compare equal.

The functions that move a game (``new_game``, ``legal_actions``,
``pending_seats``, ``apply``) live in :mod:`.game`; import them from the engine's
front door, :mod:`rules.engine`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Literal,
    NamedTuple,
    TypeAlias,
    TypeVar,
    overload,
)

from .actions import Action
from .melds import Meld
from .rulesets import Ruleset

if TYPE_CHECKING:  # these modules import this one; the names serve annotations only
    from .analysis import SeatAnalysis
    from .claims.procedure import WinClaim
    from .scoring.payments import WinPayment
    from .scoring.score import HandScore
    from .scoring.scoresheet import DeclaredScore
    from .standings import Standing

# What a game is waiting for: a turn seat to act, the answers to a discard or a kan,
# or nothing (the game is over); the last four are the steps of a claimed win
# (claims.py).
Phase = Literal["turn", "calls", "game_end", "claim", "answers", "review", "confirm"]
# What a claim offers to the other seats: a discard, or a kan they may rob.
ClaimKind = Literal["discard", "shouminkan", "ankan"]
# How a hand ended ("chombo": a claimed win reviewed as a chombo, claims.py).
ResultKind = Literal["ron", "tsumo", "exhaustive", "nagashi", "abortive", "chombo"]
EventKind = Literal[
    "deal",
    "draw",
    "action",
    "dora",
    "riichi",
    "call",
    "hand_end",
    "game_end",
    "win_call",
    "review",
    "chombo",
]
RiichiKind = Literal["riichi", "open_riichi"]
AbortReason = Literal["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"]


# --- events -------------------------------------------------------------------------
#
# What ``apply`` reports happened, for live tables, logs and exports (filter them per
# seat with ``visibility.visible_events``). One frozen class per kind: a reader matches
# on the class (``case Drew(seat, tile):``) and gets typed fields. Each class also
# names its ``kind`` (one of :data:`EventKind`) and keeps ``data``, the one value the
# earlier single ``Event`` record carried for that kind, for readers that want it.


@dataclass(frozen=True, slots=True)
class Dealt:
    """A hand is dealt: ``seat`` is its dealer; the counters it starts with."""

    kind: ClassVar[Literal["deal"]] = "deal"
    seat: int
    round_wind: int  # kind of the round wind: 27 East .. 30 North
    round_number: int
    honba: int
    sticks: int  # riichi sticks on the table

    @property
    def data(self) -> tuple[int, int, int, int]:
        return (self.round_wind, self.round_number, self.honba, self.sticks)


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` drew ``tile`` (None in what other seats see), from the dead wall when
    ``rinshan``."""

    kind: ClassVar[Literal["draw"]] = "draw"
    seat: int
    tile: int | None
    rinshan: bool = False

    @property
    def data(self) -> str | None:
        return "rinshan" if self.rinshan else None


@dataclass(frozen=True, slots=True)
class Acted:
    """A seat's legal action was played (any action: a discard, a pass, a call...)."""

    kind: ClassVar[Literal["action"]] = "action"
    action: Action

    @property
    def seat(self) -> int:
        return self.action.seat

    @property
    def data(self) -> Action:
        return self.action


@dataclass(frozen=True, slots=True)
class DoraRevealed:
    """A new dora indicator is turned over (a kan dora)."""

    kind: ClassVar[Literal["dora"]] = "dora"
    tile: int  # the indicator

    @property
    def data(self) -> None:
        return None


@dataclass(frozen=True, slots=True)
class RiichiPaid:
    """``seat``'s riichi declaration on ``tile`` stands: the discard was not won on and
    the stick is paid."""

    kind: ClassVar[Literal["riichi"]] = "riichi"
    seat: int
    tile: int
    riichi: RiichiKind

    @property
    def data(self) -> RiichiKind:
        return self.riichi


@dataclass(frozen=True, slots=True)
class Called:
    """A chi, pon or open kan took the discard (``action`` names seat, tile and tiles)."""

    kind: ClassVar[Literal["call"]] = "call"
    action: Action

    @property
    def seat(self) -> int:
        return self.action.seat

    @property
    def data(self) -> Action:
        return self.action


@dataclass(frozen=True, slots=True)
class HandEnded:
    """A hand is over: how it ended and what it paid."""

    kind: ClassVar[Literal["hand_end"]] = "hand_end"
    result: HandResult

    @property
    def data(self) -> HandResult:
        return self.result


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over: the final standings, first place first."""

    kind: ClassVar[Literal["game_end"]] = "game_end"
    standings: tuple[Standing, ...]

    @property
    def data(self) -> tuple[Standing, ...]:
        return self.standings


@dataclass(frozen=True, slots=True)
class WinCalled:
    """``seat`` called a win on ``tile`` under claimed wins (see :mod:`.claims`)."""

    kind: ClassVar[Literal["win_call"]] = "win_call"
    seat: int
    tile: int
    claim: WinClaim

    @property
    def data(self) -> WinClaim:
        return self.claim


@dataclass(frozen=True, slots=True)
class WinReviewed:
    """The review of a claimed win on ``tile`` decided (``seat``: who decided it)."""

    kind: ClassVar[Literal["review"]] = "review"
    seat: int
    tile: int
    claim: WinClaim

    @property
    def data(self) -> WinClaim:
        return self.claim


@dataclass(frozen=True, slots=True)
class ChomboCharged:
    """``seat`` pays a chombo and play goes on (its hand is dead); the score changes."""

    kind: ClassVar[Literal["chombo"]] = "chombo"
    seat: int
    deltas: tuple[int, ...]

    @property
    def data(self) -> tuple[int, ...]:
        return self.deltas


Event: TypeAlias = (
    Dealt
    | Drew
    | Acted
    | DoraRevealed
    | RiichiPaid
    | Called
    | HandEnded
    | GameEnded
    | WinCalled
    | WinReviewed
    | ChomboCharged
)


# The versions of the claimed-win procedure (rules/engine/claims.py). 1: the dealer (or
# the next human after a robot dealer) reviewed every claim, its own included, and the
# others confirmed with OK only. 2: a claim is never reviewed by its claimant; with no
# other person at the table the engine's reading decides; a confirmation may be NG.
LEGACY_CLAIM_RULES = 1
CLAIM_RULES = 2


class GameSetup(NamedTuple):
    """Everything needed to replay a game from its actions.

    ``robots`` are the seats played by a computer. The app rule settings' open-riichi
    setting (``ruleset.open_riichi_robot``) and the review of a claimed win look at them;
    see :mod:`.legal` and :mod:`.claims`.

    ``claim_rules`` is the version of the claimed-win procedure the game was played
    under (:data:`CLAIM_RULES`, see :mod:`.claims`): a game stored before the current
    one replays under the procedure it was played by (:data:`LEGACY_CLAIM_RULES`).
    """

    ruleset: Ruleset
    seed: int
    walls: tuple[tuple[int, ...], ...] = ()  # explicit walls for the first hands
    robots: frozenset[int] = frozenset()  # seats played by a bot
    claim_rules: int = 2  # CLAIM_RULES


class Discard(NamedTuple):
    tile: int
    tsumogiri: bool = False  # the tile just drawn was discarded
    riichi: bool = False  # the riichi declaration tile (shown sideways)
    called: bool = False  # taken by another seat for a call or a win


class Claim(NamedTuple):
    """A tile the other seats may answer: a discard, or a kan that can be robbed."""

    kind: ClaimKind
    seat: int  # who discarded / declared the kan
    tile: int
    responses: tuple[Action | None, ...]  # per seat: the answer given so far
    riichi: RiichiKind | None = None  # when this discard declares riichi
    kan: Action | None = None  # the kan waiting to be completed (robbing window)


class WinResult(NamedTuple):
    seat: int
    from_seat: int | None  # None for tsumo
    win_tile: int
    hand: tuple[int, ...]  # concealed tiles including the winning tile
    melds: tuple[Meld, ...]
    score: HandScore | DeclaredScore  # DeclaredScore: a hand scored at a real table
    payment: WinPayment  # the payment actually applied
    pao: int | None = None


class HandResult(NamedTuple):
    """How one hand ended, everything a result panel shows."""

    kind: ResultKind
    round_wind: int  # kind of the round wind, 27..30
    round_number: int
    honba: int
    dealer: int
    wins: tuple[WinResult, ...] = ()
    deltas: tuple[int, ...] = (0, 0, 0, 0)  # per seat
    scores: tuple[int, ...] = (0, 0, 0, 0)  # per seat, after the hand
    scores_before: tuple[int, ...] = (0, 0, 0, 0)  # riichi sticks already paid
    riichi_sticks: int = 0  # left on the table after the hand
    abort: AbortReason | None = None  # reason of an abortive draw
    tenpai: tuple[bool, ...] = ()  # at an exhaustive draw
    hands: tuple[tuple[int, ...] | None, ...] = ()  # shown hands (winners / tenpai)
    noten_deltas: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()  # seats scoring nagashi mangan
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()  # only when a riichi player won
    claim: WinClaim | None = None  # the claimed win the review settled (claimed tables)
    chombo: int | None = None  # the offender, when a review ended the hand with a chombo


class GameState(NamedTuple):
    setup: GameSetup
    ruleset: Ruleset
    hand_index: int  # 0 for the first hand of the game, +1 per deal
    round_wind: int  # kind of the round wind: 27 East .. 30 North
    round_number: int  # kyoku 0-3; the dealer's seat
    honba: int
    riichi_sticks: int
    scores: tuple[int, ...]  # per seat
    chombo_counts: tuple[int, ...]  # per seat, for final standings; see handend
    # --- the hand in play
    wall: tuple[int, ...]
    dice: tuple[int, int]
    live_next: int  # index of the next live draw
    live_end: int  # one past the last live tile
    rinshan_used: int
    dora_shown: int
    dora_pending: int  # kan dora waiting for the replacement discard to survive
    hands: tuple[tuple[int, ...], ...]  # concealed tiles, sorted, drawn tile included
    drawn: int | None  # the turn seat's just-drawn tile
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[Discard, ...], ...]
    discard_masks: tuple[int, int, int, int]  # bit per kind ever discarded (furiten)
    riichi: tuple[int, int, int, int]  # 0 none, 1 riichi, 2 double riichi
    open_riichi: tuple[bool, bool, bool, bool]
    ippatsu: tuple[bool, bool, bool, bool]
    furiten: tuple[int, int, int, int]  # 1 temporary, 2 permanent (riichi)
    analysis: tuple[SeatAnalysis, ...]  # per seat
    turn: int
    phase: Phase
    rinshan: bool  # the turn seat's tile came from the dead wall
    interrupted: bool  # a call or kan has happened in this hand
    claim: Claim | None
    forbidden: tuple[int, ...]  # kinds the turn seat may not discard (kuikae)
    pao: tuple[int | None, int | None, int | None, int | None]
    kan_seats: tuple[int, ...]  # who made each kan, in order
    legal: tuple[tuple[Action, ...], ...]
    last_discard: tuple[int, int] | None
    last_result: HandResult | None
    finished: bool
    final: tuple[Standing, ...] | None  # first place first
    hand_log: tuple[Action, ...]  # actions of the hand in play
    past_logs: tuple[tuple[Action, ...], ...]  # actions of the finished hands
    # --- claimed wins (ruleset.win_settlement == "claimed"; see claims.py)
    win_claim: WinClaim | None = None  # while a win is claimed, answered, reviewed
    dead: tuple[bool, bool, bool, bool] = (False, False, False, False)  # dead hands

    def evolve(self, **changes: Any) -> GameState:
        """``_replace`` without its overhead (a turn makes several of these)."""
        values = list(self)
        for name, value in changes.items():
            values[_INDEX[name]] = value
        return tuple.__new__(GameState, values)

    @property
    def dealer(self) -> int:
        return self.round_number

    @property
    def wall_remaining(self) -> int:
        return self.live_end - self.live_next

    @property
    def hand_logs(self) -> tuple[tuple[Action, ...], ...]:
        """The actions of each hand so far, the hand in play last."""
        return (*self.past_logs, self.hand_log)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the game so far, in order."""
        out: list[Action] = []
        for log in self.past_logs:
            out.extend(log)
        out.extend(self.hand_log)
        return tuple(out)


_INDEX = {name: i for i, name in enumerate(GameState._fields)}

__all__ = [
    "AbortReason",
    "Acted",
    "Called",
    "ChomboCharged",
    "Claim",
    "ClaimKind",
    "Dealt",
    "Discard",
    "DoraRevealed",
    "Drew",
    "Event",
    "EventKind",
    "GameEnded",
    "GameSetup",
    "GameState",
    "HandEnded",
    "HandResult",
    "Phase",
    "ResultKind",
    "RiichiKind",
    "RiichiPaid",
    "WinCalled",
    "WinResult",
    "WinReviewed",
]


T = TypeVar("T")


@overload
def put(seq: tuple[T, T, T, T], index: int, value: T) -> tuple[T, T, T, T]: ...
@overload
def put(seq: tuple[T, ...], index: int, value: T) -> tuple[T, ...]: ...
def put(seq: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of a 4-tuple with one entry changed."""
    out = list(seq)
    out[index] = value
    return tuple(out)
