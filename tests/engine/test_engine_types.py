"""The engine's named kinds (``Literal`` types that mypy checks) match what it does.

mypy holds the code to the ``Literal`` types in ``state.py``, ``actions.py`` and
``melds.py``; these tests hold the types to the running engine: the text forms
accept exactly the kinds the types name, and whole games, the claimed-win steps
included, never produce a phase, event, claim, result, abort reason or meld kind
outside them (the fast paths build states field by field, which mypy cannot see).
"""

from __future__ import annotations

import random
from typing import get_args

import pytest

from rules.engine import (
    ABORTS,
    OUTCOMES,
    InvalidAction,
    InvalidNotation,
    apply,
    bots,
    new_game,
    pending_seats,
    seat_view,
)
from rules.engine.actions import ACTION_TYPES, CALLS, DISCARDING, ActionType, parse_action
from rules.engine.claims.values import CLAIM_PHASES, CLAIM_TYPES, ClaimPhase, ClaimType
from rules.engine.melds import KANS, MELD_KINDS, MeldKind, parse_meld
from rules.engine.presets import RONIN, preset
from rules.engine.state import (
    AbortReason,
    ClaimKind,
    EventKind,
    Phase,
    ResultKind,
    RiichiKind,
)


def test_the_action_type_names_every_action_type_and_nothing_else():
    assert get_args(ActionType) == ACTION_TYPES
    assert set(CLAIM_TYPES) == set(get_args(ClaimType))
    assert set(DISCARDING) | set(CALLS) < set(ACTION_TYPES)


def test_an_action_text_of_another_type_is_refused_by_name():
    with pytest.raises(InvalidAction, match="'wave' is not an action type"):
        parse_action("0:wave")
    assert parse_action("0:PASS").type == "pass"


def test_the_meld_kind_names_every_meld_kind_and_nothing_else():
    assert get_args(MeldKind) == MELD_KINDS
    assert set(KANS) < set(MELD_KINDS)
    with pytest.raises(InvalidNotation, match="'kong' is not a meld kind"):
        parse_meld("kong:5555m")
    assert parse_meld("PON:555z").kind == "pon"


def test_the_score_sheet_offers_the_hand_result_kinds_and_abort_reasons():
    assert set(OUTCOMES) == set(get_args(ResultKind))
    assert set(ABORTS) == set(get_args(AbortReason))


def test_the_claim_phases_are_phases():
    assert set(CLAIM_PHASES) == set(get_args(ClaimPhase)) < set(get_args(Phase))


def _seen_in_games(ruleset, seeds, levels):
    """Every phase, event kind, claim kind, result kind, abort reason, riichi kind and
    meld kind met while bots play whole games under ``ruleset``."""
    seen = {name: set() for name in ("phase", "event", "claim", "result", "abort", "riichi")}
    seen["meld"] = set()
    for seed in seeds:
        state = new_game(ruleset, seed=seed, robots=range(4))
        rngs = [random.Random(seed * 4 + seat) for seat in range(4)]
        while not state.finished:
            seat = pending_seats(state)[0]
            action = bots.choose(levels[seat], seat_view(state, seat), rngs[seat])
            state, events = apply(state, action)
            seen["phase"].add(state.phase)
            if state.claim is not None:
                seen["claim"].add(state.claim.kind)
                if state.claim.riichi is not None:
                    seen["riichi"].add(state.claim.riichi)
            for event in events:
                seen["event"].add(event.kind)
                if event.kind == "hand_end":
                    seen["result"].add(event.data.kind)
                    if event.data.abort is not None:
                        seen["abort"].add(event.data.abort)
            for melds in state.melds:
                seen["meld"].update(m.kind for m in melds)
    return seen


@pytest.mark.parametrize(
    "ruleset",
    [RONIN.replace(game_type="tonpuusen"), RONIN.replace(win_settlement="claimed")],
    ids=["automatic", "claimed"],
)
def test_whole_games_stay_inside_the_named_kinds(ruleset):
    seen = _seen_in_games(ruleset, range(1, 4), ["careful", "efficient", "tsumogiri", "careful"])
    assert seen["phase"] <= set(get_args(Phase))
    assert seen["event"] <= set(get_args(EventKind))
    assert seen["claim"] <= set(get_args(ClaimKind))
    assert seen["result"] <= set(get_args(ResultKind))
    assert seen["abort"] <= set(get_args(AbortReason))
    assert seen["riichi"] <= set(get_args(RiichiKind))
    assert seen["meld"] <= set(get_args(MeldKind))
    # the games did reach the ordinary kinds, so the checks above compared something
    assert {"turn", "calls", "game_end"} <= seen["phase"]
    assert {"deal", "draw", "action", "hand_end", "game_end"} <= seen["event"]
    assert seen["result"] and seen["meld"]
    if ruleset.win_settlement == "claimed":
        assert {"claim", "answers", "review"} <= seen["phase"]
        assert "win_call" in seen["event"]


def test_every_preset_plays_inside_the_named_kinds():
    for key in ("tenhou", "mleague", "yakuza"):
        seen = _seen_in_games(preset(key).replace(game_type="tonpuusen"), (7,), ["careful"] * 4)
        assert seen["phase"] <= set(get_args(Phase)), key
        assert seen["result"] <= set(get_args(ResultKind)), key
        assert seen["event"] <= set(get_args(EventKind)), key
