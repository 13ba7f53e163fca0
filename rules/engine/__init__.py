"""The rules engine: pure Python, no Django, no Channels.

Everything the site knows about mahjong lives here, so a live table, a bot, a replay,
the rulebook and a tournament all agree by construction.

This module is the front door: code outside the engine imports the public API from
``rules.engine``. The submodules hold the parts (``tiles``, ``hand``, ``scoring``,
``payments``, ``rulesets``, ``game``, ``visibility``, ``replay``, ``bots``...) and stay
importable for the few things that are not part of the game API.
"""

from .actions import Action, format_action, parse_action
from .answers import answers_commute, is_discard_answer, logged_type, waits_for_answers
from .discards import before_answers
from .errors import (
    EngineError,
    IllegalAction,
    InvalidAction,
    InvalidHand,
    InvalidNotation,
    InvalidRuleset,
)
from .game import apply, explain, legal_actions, new_game, pending_seats
from .replay import replay
from .rulesets import Ruleset
from .scoring import score_hand
from .state import (
    Acted,
    Called,
    ChomboCharged,
    Dealt,
    DoraRevealed,
    Drew,
    Event,
    GameEnded,
    GameSetup,
    GameState,
    HandEnded,
    HandResult,
    RiichiPaid,
    WinCalled,
    WinReviewed,
)
from .visibility import SeatView, seat_view, spectator_view

__all__ = [
    "Acted",
    "Action",
    "Called",
    "ChomboCharged",
    "Dealt",
    "DoraRevealed",
    "Drew",
    "EngineError",
    "Event",
    "GameEnded",
    "GameSetup",
    "GameState",
    "HandEnded",
    "HandResult",
    "IllegalAction",
    "InvalidAction",
    "InvalidHand",
    "InvalidNotation",
    "InvalidRuleset",
    "RiichiPaid",
    "Ruleset",
    "SeatView",
    "WinCalled",
    "WinReviewed",
    "answers_commute",
    "apply",
    "before_answers",
    "explain",
    "format_action",
    "is_discard_answer",
    "legal_actions",
    "logged_type",
    "new_game",
    "parse_action",
    "pending_seats",
    "replay",
    "score_hand",
    "seat_view",
    "spectator_view",
    "waits_for_answers",
]
