"""The replay viewer: one stored hand as a list of steps, each drawn as a table frame.

A hand's steps come from replaying the game's action log with the engine: the
state at the hand's start is the replay of every earlier action, then each action
of the hand's slice is applied in turn. A step is something one can see happen:
the deal, a draw, a discard or riichi, a call, a kan, and finally the outcome with
its result panel. Passes are invisible (nobody at the table learns that a seat
could have called) unless they settle a call, and a discard and the next draw,
which the engine makes in one move, are two steps.

Frames are built from what the engine lets a viewer see:

* from a seat: :func:`rules.engine.visibility.seat_view` of the step's state, the only
  code that decides what a seat sees (its own tiles; everyone's melds and rivers;
  others' concealed tiles as backs);
* with all hands open: the state itself, and only for a game that has ended.

Two presentation adjustments are made on top of those views, and both only hide or
move tiles already in them: the step before a draw hides the drawn tile, and the
last step shows the hand's final discard in the river (the engine deals the next
hand in the same move, so its own last state has already moved on).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from django.utils.translation import gettext, pgettext

from rules.engine import (
    CLAIM_PHASES,
    CLAIM_TYPES,
    DECISIONS,
    DISCARDING,
    PASS,
    REASON_TEXT,
    REASONS,
    Action,
    Called,
    Discard,
    Drew,
    GameState,
    HandResult,
    apply,
    is_red,
    kind_notation,
    parse_action,
    replay,
    seat_view,
    spectator_view,
    value_label,
)
from tables.drawing import claim_screens, replay_markup, result_presenters
from tables.drawing.claim_presenters import decision_text
from tables.drawing.seat_presenters import round_name
from tables.play import states
from tables.runtime import RUNTIME

CALL_NAMES = {"chi": "chi", "pon": "pon", "daiminkan": "an open kan"}  # (context "call")


class NoReplay(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Step:
    kind: str  # deal, draw, discard, riichi, call, kan, end
    seat: int | None
    tile: int | None
    state: GameState
    hide_draw: bool = False  # the state's drawn tile is not drawn yet at this step
    rinshan: bool = False  # the hidden or shown draw is a replacement tile
    last_discard: tuple[int, int, bool] | None = None  # (seat, tile, riichi) still to show
    result: HandResult | None = None
    action: Action | None = None
    log_index: int = -1  # the game log's action after which this is the state
    claim: Any = None  # a claimed win as it stood after this step (rules.engine.claims)
    claim_phase: str = ""  # its phase then: claim, answers, review, or decided


_lock = threading.Lock()


def cached_replays() -> int:
    """The hands whose steps this process keeps: ``HISTORY_CACHED_REPLAYS``."""
    return int(settings.HISTORY_CACHED_REPLAYS)


def hand_steps(game, record) -> list[Step]:
    """Every step of stored hand ``record`` of ``game`` (cached: finished games do not change)."""
    if record.log_end <= record.log_start:
        raise NoReplay(
            "This hand was imported from a log that our engine could not reproduce, "
            "so there is no replay of it; its outcome above is the log's own."
        )
    key = (game.pk, game.version, record.index)
    cache = RUNTIME.memo("history.replays", OrderedDict)  # this process's (tables.runtime)
    with _lock:
        if key in cache:
            cache.move_to_end(key)
            return cache[key]
    steps = _build(game, record)
    with _lock:
        cache[key] = steps
        while len(cache) > cached_replays():
            cache.popitem(last=False)
    return steps


def _build(game, record) -> list[Step]:
    try:
        actions = [parse_action(t) for t in game.log]
        state = replay(states.setup_of(game), actions[: record.log_start])
    except Exception as exc:  # a stored log the engine refuses: say so, do not crash
        raise NoReplay(f"The stored actions cannot be replayed ({exc}).") from None
    if state.hand_index != record.index or state.finished:
        raise NoReplay("The stored actions do not lead to this hand.")
    dealer = state.round_number
    start = record.log_start - 1
    steps = [
        Step("deal", dealer, None, state, hide_draw=True, log_index=start),
        Step("draw", dealer, state.drawn, state, log_index=start),
    ]
    for log_index, action in enumerate(
        actions[record.log_start : record.log_end], start=record.log_start
    ):
        before = state
        state, events = apply(before, action)
        if state.finished or state.hand_index != before.hand_index:
            last = None
            if action.type in DISCARDING:
                last = (action.seat, action.tile, action.type != "discard")
            steps.append(
                Step(
                    "end",
                    action.seat,
                    action.tile,
                    before,
                    last_discard=last,
                    result=state.last_result,
                    action=action,
                    log_index=log_index,
                    **_claim_after(before, state, action),
                )
            )
            return steps
        if action.type == PASS and state.phase == "calls":
            continue  # an answer still waiting for the others: nothing to see yet
        draws = [e for e in events if isinstance(e, Drew)]
        calls = [e.action for e in events if isinstance(e, Called)]
        if calls:
            call = calls[-1]
            head = Step(
                "call",
                call.seat,
                call.tile,
                state,
                hide_draw=bool(draws),
                action=call,
                log_index=log_index,
            )
        elif action.type == PASS and state.win_claim is not None and not before.win_claim:
            wc = state.win_claim  # the last answer to the discard opens a called win
            kind = "win_anyway" if wc.anyway else "ron"
            head = Step(
                kind,
                wc.seat,
                wc.tile,
                state,
                action=Action(wc.seat, kind, wc.tile),
                log_index=log_index,
            )
        elif action.type == PASS:
            head = None  # the pass let the discard through: only the draw shows
        else:
            kind = {"ankan": "kan", "shouminkan": "kan"}.get(action.type, action.type)
            head = Step(
                kind,
                action.seat,
                action.tile,
                state,
                hide_draw=bool(draws),
                action=action,
                log_index=log_index,
            )
        if head is not None:
            head = replace(head, **_claim_after(before, state, action))
            if draws:
                head = replace(head, rinshan=draws[-1].rinshan)
            steps.append(head)
        if draws:
            draw = draws[-1]
            steps.append(
                Step(
                    "draw",
                    draw.seat,
                    draw.tile,
                    state,
                    rinshan=draw.rinshan,
                    log_index=log_index,
                )
            )
    raise NoReplay("The stored actions stop before this hand ends.")


def _claim_after(before: GameState, state: GameState, action: Action) -> dict:
    """The claimed win a step shows (none outside one): the claim while it is open, or
    the claim with the review's decision the step carried out."""
    if state.win_claim is not None and state.phase in CLAIM_PHASES:
        return {"claim": state.win_claim, "claim_phase": state.phase}
    if before.win_claim is not None and action.type in DECISIONS:
        return {"claim": before.win_claim._replace(decision=action), "claim_phase": "decided"}
    if before.win_claim is not None and before.phase == "confirm":  # the last OK
        confirms = list(before.win_claim.confirms)
        confirms[action.seat] = action
        wc = before.win_claim._replace(confirms=tuple(confirms))
        return {"claim": wc, "claim_phase": "decided"}
    return {}


def step_before(steps: list[Step], log_index: int) -> int:
    """The step showing the table just before the log's action ``log_index``."""
    found = 0
    for i, step in enumerate(steps):
        if step.log_index < log_index:
            found = i
    return found


# --- labels ---------------------------------------------------------------------------------


def _tile_text(tile: int | None, reds) -> str:
    return kind_notation(tile >> 2, is_red(tile, reds)) if tile is not None else ""


def step_label(step: Step, names: list[str], viewer: int | None, reds) -> str:
    """What happens at this step, in words, without naming a tile the viewer could not see."""
    who = names[step.seat] if step.seat is not None else ""
    tile = _tile_text(step.tile, reds)
    if step.kind == "deal":
        return gettext("The deal: %(who)s is the dealer") % {"who": who}
    if step.kind == "draw":
        if viewer is None or viewer == step.seat:
            if step.rinshan:
                return gettext("%(who)s draws %(tile)s (replacement tile)") % {
                    "who": who,
                    "tile": tile,
                }
            return gettext("%(who)s draws %(tile)s") % {"who": who, "tile": tile}
        if step.rinshan:
            return gettext("%(who)s draws a replacement tile") % {"who": who}
        return gettext("%(who)s draws a tile") % {"who": who}
    if step.kind == "discard":
        return gettext("%(who)s discards %(tile)s") % {"who": who, "tile": tile}
    if step.kind in ("riichi", "open_riichi"):
        return gettext("%(who)s declares riichi, discarding %(tile)s") % {"who": who, "tile": tile}
    if step.kind == "call":
        call = CALL_NAMES.get(step.action.type, step.action.type)
        return gettext("%(who)s calls %(call)s on %(tile)s") % {
            "who": who,
            "call": pgettext("call", call),
            "tile": tile,
        }
    if step.kind == "kan":
        if step.action.type == "ankan":
            return gettext("%(who)s declares a concealed kan of %(tile)s") % {
                "who": who,
                "tile": tile,
            }
        return gettext("%(who)s declares an added kan of %(tile)s") % {"who": who, "tile": tile}
    if step.kind == "end":
        return end_label(step.result, names, reds)
    if step.kind in CLAIM_TYPES or step.kind in ("tsumo", "ron"):
        return claim_step_label(step, who, tile)
    return step.kind


def claim_step_label(step: Step, who: str, tile: str) -> str:
    """A claimed win's steps (rules.engine.claims.procedure): the call, the claim, the answers
    and the review's decision."""
    action = step.action
    kind = step.kind
    if kind in ("tsumo", "ron", "win_anyway"):
        how = "Win anyway" if kind == "win_anyway" else kind
        return f"{who} calls a win ({how}) on {tile}"
    if kind == "claim":
        return f"{who} claims {value_label(action.tiles)}"
    # the confirm phase: the review has decided, or an NG has just sent it back
    confirming = step.claim is not None and (
        step.claim.decision is not None or bool(step.claim.disputed)
    )
    if kind == "ok" and confirming:
        return f"{who} confirms the review"
    if kind == "ok":
        return f"{who} answers OK"
    if kind == "ng":
        reason = f": {REASON_TEXT[REASONS[action.tiles[0]]]}" if action.tiles else ""
        if confirming:
            return f"{who} answers NG to the review{reason}"
        return f"{who} answers NG{reason}"
    if step.claim is not None and step.claim.by_reading:
        return f"The app's reading decides the win: {decision_text(action)}"
    return f"{who} reviews the win: {decision_text(action)}"


def end_label(result: HandResult, names: list[str], reds) -> str:
    """The last step's words: who won and how, or why the hand was drawn."""
    and_ = gettext(" and ")
    if result.wins:
        winners = and_.join(names[w.seat] for w in result.wins)
        first = result.wins[0]
        tile = _tile_text(first.win_tile, reds)
        if first.from_seat is None:
            return gettext("Tsumo: %(winners)s wins on %(tile)s") % {
                "winners": winners,
                "tile": tile,
            }
        words = {"winners": winners, "from": names[first.from_seat], "tile": tile}
        if len(result.wins) > 1:
            return gettext("Ron: %(winners)s win on %(from)s's %(tile)s") % words
        return gettext("Ron: %(winners)s wins on %(from)s's %(tile)s") % words
    if result.kind == "chombo" and result.chombo is not None:
        return gettext("Chombo by %(who)s: the hand is played again") % {
            "who": names[result.chombo]
        }
    if result.kind == "abortive":
        reason = result_presenters.abort_reason(result.abort or "") or result.abort
        return gettext("Abortive draw: %(reason)s") % {"reason": reason}
    if result.kind == "nagashi":
        return gettext("Nagashi mangan: ") + and_.join(names[s] for s in result.nagashi)
    tenpai = [names[s] for s in range(4) if result.tenpai and result.tenpai[s]]
    if tenpai:
        return gettext("Exhaustive draw: %(who)s tenpai") % {"who": ", ".join(tenpai)}
    return gettext("Exhaustive draw: nobody tenpai")


# --- frames -----------------------------------------------------------------------------------


def _hidden_draw_view(view, step: Step):
    """The view as it was just before the step's draw: no drawn tile, one more in the wall."""
    drawer = step.state.turn
    sizes = list(view.hand_sizes)
    sizes[drawer] -= 1
    return replace(
        view,
        drawn=None if view.seat == drawer else view.drawn,
        hand_sizes=tuple(sizes),
        wall_remaining=view.wall_remaining + (0 if step.rinshan else 1),
        turn=step.seat if step.seat is not None else view.turn,
    )


def _with_last_discard(view, step: Step):
    """Show the hand's final discard in its river (see the module docstring)."""
    seat, tile, riichi = step.last_discard
    state = step.state
    discards = list(view.discards)
    discards[seat] = (*discards[seat], Discard(tile, tile == state.drawn, riichi))
    sizes = list(view.hand_sizes)
    sizes[seat] -= 1
    hand = view.hand
    drawn = view.drawn
    if view.seat == seat:
        if drawn == tile:
            drawn = None
        elif tile in hand:
            hand = tuple(t for t in hand if t != tile)
            if drawn is not None:
                hand = tuple(sorted((*hand, drawn)))
                drawn = None
    return replace(
        view,
        discards=tuple(discards),
        hand_sizes=tuple(sizes),
        hand=hand,
        drawn=drawn,
        last_discard=(seat, tile),
    )


def open_hands(step: Step) -> list[tuple[list[int], int | None]]:
    """Every seat's concealed tiles and drawn tile from the state (all hands open)."""
    state = step.state
    out = []
    for seat in range(4):
        hand = list(state.hands[seat])
        drawn = state.drawn if seat == state.turn and state.phase == "turn" else None
        if drawn is not None and drawn in hand:
            hand.remove(drawn)
            if step.hide_draw:
                drawn = None
        if step.last_discard and step.last_discard[0] == seat:
            tile = step.last_discard[1]
            if drawn == tile:
                drawn = None
            elif tile in hand:
                hand.remove(tile)
                if drawn is not None:
                    hand = sorted([*hand, drawn])
                    drawn = None
        out.append((hand, drawn))
    return out


def frame(
    game, record, steps: list[Step], index: int, viewer: int | None, names: list[str]
) -> dict:
    """Everything the replay templates show for step ``index`` from ``viewer`` (None: all open)."""
    step = steps[index]
    state = step.state
    if viewer is None and not game.is_finished:
        raise NoReplay("All hands are shown only once the game has ended.")
    view = spectator_view(state) if viewer is None else seat_view(state, viewer)
    if step.hide_draw:
        view = _hidden_draw_view(view, step)
    if step.last_discard is not None:
        view = _with_last_discard(view, step)
    reds = tuple(state.ruleset.red_fives)
    hand_no = record.index
    shown = open_hands(step) if viewer is None else None
    seats = replay_markup.seats(
        view,
        hand_no=hand_no,
        reds=reds,
        names=names,
        viewer=viewer,
        shown=shown,
        turn_shown=step.kind != "end",
    )
    result = (
        replay_markup.result_panel(step.result, names, hand_no, reds)
        if step.result is not None
        else None
    )
    claim = None
    if step.claim is not None:
        wc = step.claim
        claim = claim_screens.render_record(
            wc, step.claim_phase, names, hand_no, state.ruleset, len(state.melds[wc.seat])
        )
    dora, dora_hidden = replay_markup.dora(view, hand_no, reds)
    return {
        "claim": claim,
        "seats": seats,
        "round": round_name(view.round_wind, view.round_number),
        "honba": view.honba,
        "sticks": view.riichi_sticks,
        "wall": view.wall_remaining,
        "dora": dora,
        "dora_hidden": dora_hidden,
        "label": step_label(step, names, viewer, reds),
        "result": result,
        "step": index,
        "steps": len(steps),
        "last": len(steps) - 1,
        "kind": step.kind,
    }
