"""Game review: one seat's decisions in a finished game beside the careful bot's.

A finished game is its setup and its action log; :func:`review_game` replays it with
the engine's own ``apply`` and stops at every decision of the reviewed seat (a moment
where that seat had more than one legal action). At each it looks at the table
*only* through :func:`seat_view` for that seat, so the numbers are what the player
could have known then, even though the finished game shows every hand:

* for a discard, every candidate kind with the shanten it leaves, its acceptance
  (the kinds that would lower that shanten and how many of them are still unseen
  from the seat's view) and its danger against each threat (a riichi player or a
  fast-looking open hand, as the careful bot reads them): ``safe`` (genbutsu),
  ``suji``, ``kabe`` (no-chance), ``one-chance`` or ``live``, with the bot's rough
  deal-in estimate in percent;
* for a call (chi, pon, open kan) or a pass, the shanten each option leaves;
* the careful bot's choice from the same view, and whether the player agreed.

At a table whose wins are claimed (:mod:`.claims`) a person may always *win anyway*,
so every discard of another seat asks them. The review weighs the choices the hand
really had, as an automatic table offers them (:func:`as_automatic`): Win anyway is
no option of its own, a win the engine accepts counts as tsumo or ron (also with the
1-han check off, where only Win anyway was on screen), and a discard that only
offered Win anyway and the pass is no decision. A Win anyway on a hand the engine
accepts is that win, so it agrees with a bot that takes it and is no missed win.

Marked moments: ``lost-acceptance`` (a discard that made the hand materially
slower, below), ``dangerous`` (a discard with a danger above zero while a discard
safe against every threat kept the same shanten or better), ``deal-in`` (the seat's
discard or added kan was won on), ``missed-win`` (a win was legal and the player
did something else).

A lost acceptance is marked only when it is material (:func:`lost_acceptance`):
never on a discard of the careful bot's kind, nor on one less dangerous than the
most efficient discard while a threat is on the table (that is defence); otherwise
when the most efficient discard and the bot's own both keep the hand a step closer
to ready, or as close with at least two more tiles that are at least a fifth of
their acceptance (:func:`.review_values.material_loss` says why the line is there).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..actions import CHI, DAIMINKAN, PASS, PON, RON, SHOUMINKAN, TSUMO, Action
from ..actions import format_action as _format_action
from ..bots import careful, defence, efficiency
from ..bots.reading import Reading
from ..claims.procedure import claimed, read_win
from ..claims.values import CLAIM_PHASES, WIN_ANYWAY
from ..game import apply, pending_seats
from ..replay import replay
from ..state import GameSetup, GameState
from ..tiles import is_honor, kind_notation
from ..visibility import SeatView, seat_view
from .review_values import (
    CallValue,
    WaitValue,
    call_value,
    discard_waits,
    is_furiten,
    material_loss,
)

SAFE = "safe"
SUJI = "suji"
KABE = "kabe"
ONE_CHANCE = "one-chance"
LIVE = "live"

LOST_ACCEPTANCE = "lost-acceptance"
DANGEROUS = "dangerous"
DEAL_IN = "deal-in"
MISSED_WIN = "missed-win"
MARKS = (LOST_ACCEPTANCE, DANGEROUS, DEAL_IN, MISSED_WIN)

_DISCARDING = ("discard", "riichi", "open_riichi")
_WINS = (TSUMO, RON)
_CALLS = (CHI, PON, DAIMINKAN)
_HONOUR_NO_CHANCE = 3  # with three copies visible the last can only be a single wait


@dataclass(frozen=True)
class Danger:
    """One candidate's danger against one threat."""

    seat: int  # the threatening seat
    riichi: bool
    label: str  # SAFE, SUJI, KABE, ONE_CHANCE or LIVE
    estimate: float  # the careful bot's deal-in estimate, percent (weighted)


@dataclass(frozen=True)
class Candidate:
    """One kind the seat could discard and what the hand keeps."""

    kind: int
    shanten: int  # of the hand left (0: tenpai)
    accepted: tuple[int, ...]  # kinds that would lower that shanten
    acceptance: int  # unseen copies of those kinds, from the seat's view
    dangers: tuple[Danger, ...]  # one per threat, in seat order
    waits: tuple[WaitValue, ...] = ()  # when the discard leaves the hand ready
    furiten: bool = False  # a wait is in the seat's own river

    @property
    def tile(self) -> str:
        return kind_notation(self.kind)

    @property
    def danger(self) -> float:
        return sum(d.estimate for d in self.dangers)

    @property
    def safe(self) -> bool:
        """Genbutsu against every threat (true when there is no threat)."""
        return all(d.label == SAFE for d in self.dangers)


@dataclass(frozen=True)
class Position:
    """The numbers behind a discard decision, from one seat view."""

    candidates: tuple[Candidate, ...]  # lowest kind first
    threats: tuple[int, ...]  # seats the bot defends against
    unseen: tuple[int, ...]  # unseen copies per kind, from the seat's view

    def candidate(self, kind: int) -> Candidate | None:
        for c in self.candidates:
            if c.kind == kind:
                return c
        return None

    @property
    def best(self) -> Candidate:
        """The most efficient candidate: lowest shanten, then most acceptance."""
        return min(self.candidates, key=lambda c: (c.shanten, -c.acceptance, c.kind))

    @property
    def safe_kinds(self) -> tuple[int, ...]:
        return tuple(c.kind for c in self.candidates if c.safe) if self.threats else ()


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat."""

    hand_index: int
    index: int  # position of the seat's action in the game's action log
    played: Action
    bot: Action
    agreed: bool
    position: Position | None  # for a discard decision
    marks: tuple[str, ...]
    # for a call decision: (option, shanten it leaves) for the pass and each call
    calls: tuple[tuple[Action, int], ...] = ()
    # for a call decision: what each option of ``calls`` does to the value, in order
    call_values: tuple[CallValue, ...] = ()

    @property
    def played_text(self) -> str:
        return _format_action(self.played)

    @property
    def bot_text(self) -> str:
        return _format_action(self.bot)


@dataclass(frozen=True)
class HandReview:
    hand_index: int
    decisions: tuple[Decision, ...]

    @property
    def agreed(self) -> int:
        return sum(1 for d in self.decisions if d.agreed)

    @property
    def agreement(self) -> float:
        return self.agreed / len(self.decisions) if self.decisions else 1.0


@dataclass(frozen=True)
class GameReview:
    seat: int
    hands: tuple[HandReview, ...]
    marks: Counter[str] = field(default_factory=Counter)

    @property
    def decisions(self) -> int:
        return sum(len(h.decisions) for h in self.hands)

    @property
    def agreed(self) -> int:
        return sum(h.agreed for h in self.hands)

    @property
    def agreement(self) -> float:
        total = self.decisions
        return self.agreed / total if total else 1.0

    def summary(self) -> str:
        """A few lines for people: agreement per hand and in the game, marks counted."""
        lines = [
            f"seat {self.seat}: {self.agreed}/{self.decisions} decisions as the careful bot "
            f"({self.agreement:.0%})"
        ]
        for h in self.hands:
            marked = Counter(m for d in h.decisions for m in d.marks)
            extra = ", ".join(f"{n} {m}" for m, n in sorted(marked.items()))
            lines.append(
                f"  hand {h.hand_index + 1}: {h.agreed}/{len(h.decisions)}"
                + (f" ({extra})" if extra else "")
            )
        lines.append("  marked: " + ", ".join(f"{self.marks.get(m, 0)} {m}" for m in MARKS))
        return "\n".join(lines)


# --- one position ----------------------------------------------------------------


def danger_label(reading: Reading, kind: int, threat: defence.Threat) -> str:
    """How safe ``kind`` is against ``threat``, by the names players use."""
    if threat.waits:  # an open riichi shows its waits
        return LIVE if threat.waits >> kind & 1 else SAFE
    if threat.safe >> kind & 1:
        return SAFE
    visible = reading.visible
    if is_honor(kind):
        return KABE if visible[kind] >= _HONOUR_NO_CHANCE else LIVE
    n = kind % 9
    sides = []
    if n >= 3:
        sides.append((kind - 3, kind - 1, kind - 2))
    if n <= 5:
        sides.append((kind + 3, kind + 1, kind + 2))
    labels = []
    for end, near, far in sides:
        if threat.safe >> end & 1:
            labels.append(SUJI)
        else:
            blocked = max(visible[near], visible[far])
            labels.append(KABE if blocked >= 4 else ONE_CHANCE if blocked == 3 else LIVE)
    for worst in (LIVE, ONE_CHANCE, KABE):
        if worst in labels:
            return worst
    return SUJI


def analyse_position(view: SeatView) -> Position:
    """Every discard candidate of ``view`` (the seat's own turn), from that view alone."""
    reading = Reading(view)
    found = defence.threats(reading)
    levels = reading.levels
    allowed = reading.discard_mask
    options = efficiency.discard_options(reading.counts, levels, allowed, all_candidates=True)
    unseen = tuple(reading.unseen)
    candidates = []
    for option in sorted(options, key=lambda o: o.kind):
        dangers = tuple(
            Danger(
                t.seat,
                t.riichi,
                danger_label(reading, option.kind, t),
                round(t.weight * defence.danger(reading, option.kind, t), 2),
            )
            for t in found
        )
        accepted = tuple(efficiency.kinds_in(option.needed))
        waits = discard_waits(view, option.kind) if option.shanten == 0 else ()
        candidates.append(
            Candidate(
                option.kind,
                option.shanten,
                accepted,
                option.ukeire,
                dangers,
                waits,
                is_furiten(view, waits, option.kind),
            )
        )
    return Position(tuple(candidates), tuple(t.seat for t in found), unseen)


def careful_choice(view: SeatView) -> Action:
    """What the careful bot plays from ``view`` (it draws nothing from its generator)."""
    action: Action = careful.choose(view, random.Random(0))
    return action


def same_choice(a: Action, b: Action) -> bool:
    """Two actions make the same decision: same type, same kinds (copies do not matter)."""
    if a.type != b.type:
        return False
    ka = None if a.tile is None else a.tile >> 2
    kb = None if b.tile is None else b.tile >> 2
    return ka == kb and sorted(t >> 2 for t in a.tiles) == sorted(t >> 2 for t in b.tiles)


def lost_acceptance(position: Position, played: Candidate, bot: Candidate | None) -> bool:
    """Whether discarding ``played`` is marked ``lost-acceptance`` (the rule in the
    module docs); ``bot`` is the careful bot's discard, None when it did not discard."""
    if bot is not None and bot.kind == played.kind:
        return False
    best = position.best
    if position.threats and played.danger < best.danger:
        return False
    faster = [best] if bot is None else [best, bot]
    return all(
        material_loss(played.shanten, played.acceptance, c.shanten, c.acceptance) for c in faster
    )


def position_marks(position: Position, played_kind: int, bot_kind: int | None = None) -> list[str]:
    """The marks of discarding ``played_kind``; ``bot_kind`` is the careful bot's
    discard from the same view (None when it did not discard)."""
    marks: list[str] = []
    played = position.candidate(played_kind)
    if played is None:
        return marks
    bot = None if bot_kind is None else position.candidate(bot_kind)
    if lost_acceptance(position, played, bot):
        marks.append(LOST_ACCEPTANCE)
    safer = any(c.safe and c.shanten <= played.shanten for c in position.candidates)
    if position.threats and played.danger > 0 and safer:
        marks.append(DANGEROUS)
    return marks


def review_decision(view: SeatView, played: Action, hand_index: int, index: int) -> Decision:
    """Review one decision from the seat's view and the action the player took."""
    bot = careful_choice(view)
    marks: list[str] = []
    position = None
    if played.type in _DISCARDING and played.tile is not None:
        position = analyse_position(view)
        bot_kind = bot.tile >> 2 if bot.type in _DISCARDING and bot.tile is not None else None
        marks.extend(position_marks(position, played.tile >> 2, bot_kind))
    if played.type not in _WINS and any(a.type in _WINS for a in view.legal):
        marks.append(MISSED_WIN)
    calls = call_options(view) if any(a.type in _CALLS for a in view.legal) else ()
    values = tuple(call_value(view, option) for option, _ in calls)
    return Decision(
        hand_index,
        index,
        played,
        bot,
        same_choice(played, bot),
        position,
        tuple(marks),
        calls,
        values,
    )


def call_options(view: SeatView) -> tuple[tuple[Action, int], ...]:
    """The pass and each legal call with the shanten it leaves (-1 for a win).

    After a chi or pon the hand still has to discard: its shanten is that of the best
    discard. Only the seat's own concealed tiles are read.
    """
    counts = bytearray(34)
    for tile in view.hand:
        counts[tile >> 2] += 1
    out = []
    for action in view.legal:
        if action.type == PASS:
            out.append((action, efficiency.shanten(counts)))
        elif action.type == RON:
            out.append((action, -1))
        elif action.type in _CALLS:
            after = bytearray(counts)
            for tile in action.tiles:
                after[tile >> 2] -= 1
            out.append((action, efficiency.shanten(after)))
    return tuple(out)


# --- a whole game ----------------------------------------------------------------


def review_game(
    setup: GameSetup,
    actions: Sequence[Action],
    seat: int,
    progress: Callable[[int, int], None] | None = None,
) -> GameReview:
    """Review every decision of ``seat`` in the game ``setup`` + ``actions``.

    ``progress(done, total)`` is called as each hand starts, with the number of the
    log's actions gone through so far and their total.
    """
    if seat not in range(4):
        raise ValueError(f"{seat!r} is not a seat: choose 0-3")
    state: GameState = replay(setup, ())
    hands: dict[int, list[Decision]] = {}
    last_discard: Decision | tuple[SeatView, Action, int, int] | None = None
    total = len(actions)
    current = -1
    for index, action in enumerate(actions):
        hand_index = state.hand_index
        if progress is not None and hand_index != current:
            current = hand_index
            progress(index, total)
        decision = None
        if (
            action.seat == seat
            and seat in pending_seats(state)
            and len(state.legal[seat]) > 1
            and state.phase not in CLAIM_PHASES
        ):
            decision = _review_move(state, seat, action, hand_index, index)
            if decision is not None:
                hands.setdefault(hand_index, []).append(decision)
        if action.seat == seat and (action.type in _DISCARDING or action.type == SHOUMINKAN):
            # a forced discard (in riichi) is no decision, but may still deal in
            last_discard = decision or (_view(state, seat), action, hand_index, index)
        before = state.last_result
        state, _ = apply(state, action)
        result = state.last_result
        if result is not None and result is not before:
            dealt_in = any(w.from_seat == seat for w in result.wins) and result.kind == RON
            if dealt_in and last_discard is not None:
                if not isinstance(last_discard, Decision):
                    last_discard = review_decision(*last_discard)
                    hands.setdefault(hand_index, []).append(last_discard)
                listed = hands[hand_index]
                listed[listed.index(last_discard)] = _marked(last_discard, DEAL_IN)
            last_discard = None
    if progress is not None:
        progress(total, total)
    reviewed = tuple(HandReview(i, tuple(d)) for i, d in sorted(hands.items()))
    marks: Counter[str] = Counter(m for h in reviewed for d in h.decisions for m in d.marks)
    return GameReview(seat, reviewed, marks)


def as_automatic(state: GameState, seat: int, view: SeatView) -> SeatView:
    """``view`` with the choices an automatic table would offer the seat now.

    Only at a claimed table does this change anything: Win anyway goes, and a win the
    engine accepts (:func:`.claims.read_win`, the judgment behind the 1-han check: the
    seat's own hand and public facts only) is offered as tsumo or ron.
    """
    anyway = next((a for a in view.legal if a.type == WIN_ANYWAY), None)
    if anyway is None or anyway.tile is None:
        return view
    legal = [a for a in view.legal if a.type != WIN_ANYWAY]
    if not any(a.type in _WINS for a in legal):
        claim = state.claim if state.phase != "turn" else None
        discarder = None if claim is None else claim.seat
        if read_win(state, seat, anyway.tile, discarder).valid:
            if discarder is None:
                legal.append(Action(seat, TSUMO, anyway.tile))
            else:
                legal.insert(0, Action(seat, RON, anyway.tile))
    return view._replace(legal=tuple(legal))


def _view(state: GameState, seat: int) -> SeatView:
    """The seat's view with the choices the review weighs (see :func:`as_automatic`)."""
    view = seat_view(state, seat)
    return as_automatic(state, seat, view) if claimed(state) else view


def _review_move(
    state: GameState, seat: int, action: Action, hand_index: int, index: int
) -> Decision | None:
    """The review of the seat's move, or None when it had no real choice (at a claimed
    table: only the pass beside Win anyway, and the seat passed)."""
    view = _view(state, seat)
    if len(view.legal) < 2 and action.type != WIN_ANYWAY:
        return None
    win = next((a for a in view.legal if a.type in _WINS), None)
    taken = win if action.type == WIN_ANYWAY and win is not None else action
    decision = review_decision(view, taken, hand_index, index)
    return decision if taken is action else replace(decision, played=action)


def _marked(decision: Decision, mark: str) -> Decision:
    return Decision(
        decision.hand_index,
        decision.index,
        decision.played,
        decision.bot,
        decision.agreed,
        decision.position,
        (*decision.marks, mark),
        decision.calls,
        decision.call_values,
    )
