"""The rules engine: pure Python, no Django, no Channels.

Everything the site knows about mahjong lives here, so a live table, a bot, a replay,
the rulebook and a tournament all agree by construction.

**The door.** Code outside the engine imports from three modules only (the engine's
public modules; ``tests/test_engine_door.py`` fails on any other):

* ``rules.engine``, this module: every name below, the game API and the vocabulary
  the site speaks (tiles, actions, rulesets and presets, scoring, standings, claimed
  wins' values, the game review, the learning aids, the bot simulations);
* ``rules.engine.bots``: the bot levels and their registry (``BOTS``, ``Bot``);
* ``rules.engine.testing``: scenario builders for tests (explicit walls, short scripts).

Every other module is the engine's inside: tests of an inside part import it directly;
nothing shipped does.

**The inside**, by concern:

* the game core, at the top: ``game`` (``new_game``, ``apply``, ``legal_actions``),
  ``state``, ``actions``, ``errors``, ``tiles``, ``wall``, ``hand`` + ``analysis``
  (shanten, waits, the per-seat cache), ``melds``, ``turns``, ``legal`` (the one
  legality) + ``refusals`` (why not), ``discards`` (a discard and the answers to it),
  ``answers``, ``wins`` + ``fixyaku`` (whether a win is allowed), ``handend``,
  ``visibility`` (what a seat sees), ``rulesets`` + ``presets``, ``standings``,
  ``replay``, ``invariants``;
* ``scoring/``: ``score`` (``score_hand``) + ``checks`` + ``library`` + ``situation``,
  ``yaku``, ``fu``, ``payments``, and ``handvalue`` + ``scoresheet`` (a game kept from
  declared hands);
* ``claims/``: claimed wins, ``procedure`` (the steps and their legality),
  ``settlement`` (what each step does), ``values`` (the numbers the actions carry);
* ``bots/``: the bot levels (public, above);
* ``study/``: nothing here moves a game: ``review`` + ``review_values`` +
  ``review_data`` (game review), ``aids`` (learning aids), ``simulate`` (bots against
  bots, timed).

The folders group by concern; they are not layers. ``scoring/`` reads only the core's
tiles, melds, hands and rulesets (``scoresheet`` also its hand ends, results and
standings); the core and ``claims/`` use each other (a claimed win is a step of
play); ``study/`` sits on all of it and nothing imports it back. No module reaches
itself again through its imports (``tests/test_import_loops.py``).
"""

from .actions import (
    ANKAN,
    CHI,
    DAIMINKAN,
    DISCARD,
    DISCARDING,
    KYUUSHU,
    OPEN_RIICHI,
    PASS,
    PON,
    RIICHI,
    RON,
    SHOUMINKAN,
    TSUMO,
    Action,
    ActionType,
    format_action,
    parse_action,
)
from .answers import answers_commute, is_discard_answer, logged_type, waits_for_answers
from .claims.procedure import WinClaim, against_reading, judged_action, marked_seats
from .claims.values import (
    CLAIM_PHASES,
    CLAIM_TYPES,
    DECISIONS,
    HAN_WITH_FU,
    LIMITS,
    OK,
    REASON_TEXT,
    REASONS,
    WIN_ANYWAY,
    value_label,
    value_text,
)
from .discards import before_answers
from .errors import (
    EngineError,
    IllegalAction,
    InvalidAction,
    InvalidHand,
    InvalidNotation,
    InvalidRuleset,
)
from .game import apply, check_robots, explain, legal_actions, new_game, pending_seats, start
from .hand import shanten, waits
from .melds import Meld, parse_meld, parse_melds
from .presets import DEFAULT_PRESET, PRESETS, preset
from .replay import FORMAT, replay, setup_from_json
from .rulesets import DOUBLE_YAKUMAN_HANDS, GROUPS, Ruleset, setting_choices
from .rulesets import from_dict as ruleset_from_dict
from .rulesets import to_dict as ruleset_to_dict
from .scoring.checks import check_situation
from .scoring.fu import FU_VALUES
from .scoring.handvalue import LIMIT_HAN, WinValue, blocked_yaku, check_fu, fu_choices, yaku_value
from .scoring.library import library_inputs
from .scoring.payments import (
    STICK,
    Ron,
    base_points,
    chombo_payment,
    multi_ron,
    nagashi_mangan,
    noten_payments,
    round_up_100,
    win_payment,
)
from .scoring.score import SITUATION_FLAGS, Situation, score_hand
from .scoring.scoresheet import (
    ABORTS,
    OUTCOMES,
    DeclaredHand,
    ScoreSheet,
    record,
    replay_sheet,
    round_name,
    time_up,
)
from .scoring.yaku import BY_KEY, SINGLE_OF_DOUBLE, YAKU_NAMES
from .standings import Standing, final_standings, format_final
from .state import (
    CLAIM_RULES,
    Acted,
    Called,
    ChomboCharged,
    Dealt,
    Discard,
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
    WinResult,
    WinReviewed,
)
from .study.aids import Aids, learning_aids
from .study.review import (
    LIVE,
    SAFE,
    Candidate,
    GameReview,
    Position,
    analyse_position,
    review_game,
)
from .study.review_data import to_dict as review_to_dict
from .study.simulate import (
    InvariantViolation,
    benchmark,
    bot_move,
    bot_rng,
    format_benchmark,
    format_report,
    play_game,
)
from .study.simulate import simulate as simulate_games
from .tiles import (
    EAST,
    FIVES,
    dora_of,
    face_file,
    format_kinds,
    format_tiles,
    is_red,
    kind_name,
    kind_notation,
    parse_kind,
    parse_kinds,
    parse_tiles,
    tiles_from_kinds,
)
from .turns import deal
from .visibility import SeatView, seat_view, spectator_view
from .wall import DEAD_START, DEAL_END, DORA, RINSHAN, URA, dealt_hand

__all__ = [
    "ABORTS",
    "ANKAN",
    "BY_KEY",
    "CHI",
    "CLAIM_PHASES",
    "CLAIM_RULES",
    "CLAIM_TYPES",
    "DAIMINKAN",
    "DEAD_START",
    "DEAL_END",
    "DECISIONS",
    "DEFAULT_PRESET",
    "DISCARD",
    "DISCARDING",
    "DORA",
    "DOUBLE_YAKUMAN_HANDS",
    "EAST",
    "FIVES",
    "FORMAT",
    "FU_VALUES",
    "GROUPS",
    "HAN_WITH_FU",
    "KYUUSHU",
    "LIMITS",
    "LIMIT_HAN",
    "LIVE",
    "OK",
    "OPEN_RIICHI",
    "OUTCOMES",
    "PASS",
    "PON",
    "PRESETS",
    "REASONS",
    "REASON_TEXT",
    "RIICHI",
    "RINSHAN",
    "RON",
    "SAFE",
    "SHOUMINKAN",
    "SINGLE_OF_DOUBLE",
    "SITUATION_FLAGS",
    "STICK",
    "TSUMO",
    "URA",
    "WIN_ANYWAY",
    "YAKU_NAMES",
    "Acted",
    "Action",
    "ActionType",
    "Aids",
    "Called",
    "Candidate",
    "ChomboCharged",
    "Dealt",
    "DeclaredHand",
    "Discard",
    "DoraRevealed",
    "Drew",
    "EngineError",
    "Event",
    "GameEnded",
    "GameReview",
    "GameSetup",
    "GameState",
    "HandEnded",
    "HandResult",
    "IllegalAction",
    "InvalidAction",
    "InvalidHand",
    "InvalidNotation",
    "InvalidRuleset",
    "InvariantViolation",
    "Meld",
    "Position",
    "RiichiPaid",
    "Ron",
    "Ruleset",
    "ScoreSheet",
    "SeatView",
    "Situation",
    "Standing",
    "WinCalled",
    "WinClaim",
    "WinResult",
    "WinReviewed",
    "WinValue",
    "against_reading",
    "analyse_position",
    "answers_commute",
    "apply",
    "base_points",
    "before_answers",
    "benchmark",
    "blocked_yaku",
    "bot_move",
    "bot_rng",
    "check_fu",
    "check_robots",
    "check_situation",
    "chombo_payment",
    "deal",
    "dealt_hand",
    "dora_of",
    "explain",
    "face_file",
    "final_standings",
    "format_action",
    "format_benchmark",
    "format_final",
    "format_kinds",
    "format_report",
    "format_tiles",
    "fu_choices",
    "is_discard_answer",
    "is_red",
    "judged_action",
    "kind_name",
    "kind_notation",
    "learning_aids",
    "legal_actions",
    "library_inputs",
    "logged_type",
    "marked_seats",
    "multi_ron",
    "nagashi_mangan",
    "new_game",
    "noten_payments",
    "parse_action",
    "parse_kind",
    "parse_kinds",
    "parse_meld",
    "parse_melds",
    "parse_tiles",
    "pending_seats",
    "play_game",
    "preset",
    "record",
    "replay",
    "replay_sheet",
    "review_game",
    "review_to_dict",
    "round_name",
    "round_up_100",
    "ruleset_from_dict",
    "ruleset_to_dict",
    "score_hand",
    "seat_view",
    "setting_choices",
    "setup_from_json",
    "shanten",
    "simulate_games",
    "spectator_view",
    "start",
    "tiles_from_kinds",
    "time_up",
    "value_label",
    "value_text",
    "waits",
    "waits_for_answers",
    "win_payment",
    "yaku_value",
]
