"""The actions of a claimed win and their text form (the numbers they carry).

At a table whose ruleset settles wins by claim (``win_settlement="claimed"``, see
:mod:`.claims`) a win is called, stated, answered and reviewed. These actions use
the ordinary :class:`~.actions.Action`; the numbers they carry sit in its
``tiles`` field, which for these types holds small integers, not tiles:

====================  ====================  =====================================
text                  ``Action``            meaning
====================  ====================  =====================================
``2:win_anyway:5m.1`` tile 5m.1             call a win whatever the hand is
``2:claim:3han30fu``  tiles (3, 30)         the winner states the value
``2:claim:mangan``    tiles (5, 0)          ... or a limit (fu 0)
``1:ok``              --                    an answer: agreed (in the confirm
                                            phase: the decision confirmed)
``1:ng:furiten``      tiles (reason,)       an answer: objected (reason optional)
``0:accept``          --                    the review fixes the result as claimed
``0:correct:4han30fu`` tiles (4, 30)        ... with corrected han and fu
``0:invalid``         --                    ... as no win, without penalty
``0:chombo:continue`` tiles (1,)            ... as a chombo, the offender's hand
                                            dead (``game_over``: tiles (0,))
====================  ====================  =====================================

A value is ``(han, fu)``: han 1-4 with fu, or a limit with fu 0: 5 mangan, 6
haneman, 8 baiman, 11 sanbaiman, 13 x n an n-fold yakuman.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from ..errors import InvalidAction
from ..scoring.fu import FU_VALUES

ClaimType = Literal["win_anyway", "claim", "ok", "ng", "accept", "correct", "invalid", "chombo"]
WIN_ANYWAY: Final = "win_anyway"
CLAIM: Final = "claim"
OK: Final = "ok"
NG: Final = "ng"
ACCEPT: Final = "accept"
CORRECT: Final = "correct"
INVALID: Final = "invalid"
CHOMBO: Final = "chombo"

# the game phases of a claimed win ("confirm": the others confirm the review's
# decision, only with ``ruleset.confirm_review``)
ClaimPhase = Literal["claim", "answers", "review", "confirm"]
CLAIM_PHASES: tuple[ClaimPhase, ...] = ("claim", "answers", "review", "confirm")
CLAIM_TYPES: tuple[ClaimType, ...] = (WIN_ANYWAY, CLAIM, OK, NG, ACCEPT, CORRECT, INVALID, CHOMBO)
ANSWERS = (OK, NG)
DECISIONS = (ACCEPT, CORRECT, INVALID, CHOMBO)
VALUED = (CLAIM, CORRECT)  # the types that carry a (han, fu) value

# Why a win is not valid (the engine's reading) or why a seat objects (NG).
REASONS = ("noten", "furiten", "no_yaku", "minimum_han", "fix_yaku", "wrong_value", "other")
REASON_TEXT = {
    "noten": "the hand is not complete (noten)",
    "furiten": "furiten",
    "no_yaku": "no yaku",
    "minimum_han": "below the minimum han",
    "fix_yaku": "the fix-yaku rule forbids this win",
    "wrong_value": "the value is wrong",
    "other": "another reason",
}
CHOMBO_ENDS = ("game_over", "continue")  # tiles (0,) and (1,)
GAME_OVER, CONTINUE = 0, 1

LIMITS = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11, "yakuman": 13}
LIMIT_OF_HAN = {han: name for name, han in LIMITS.items()}
HAN_WITH_FU = (1, 2, 3, 4)  # from 5 han up a hand is a limit and fu no longer count
YAKUMAN_HAN = 13


def value_text(value: Sequence[int]) -> str:
    """``3han30fu``, ``mangan``, ``yakuman``, ``2xyakuman``."""
    han, fu = value
    if fu:
        return f"{han}han{fu}fu"
    if han >= YAKUMAN_HAN and han % YAKUMAN_HAN == 0 and han > YAKUMAN_HAN:
        return f"{han // YAKUMAN_HAN}xyakuman"
    return LIMIT_OF_HAN.get(han, f"{han}han")


def value_label(value: Sequence[int]) -> str:
    """The value for people: ``3 han 30 fu``, ``mangan``, ``2x yakuman``."""
    han, fu = value
    if fu:
        return f"{han} han {fu} fu"
    return value_text(value).replace("xyakuman", "x yakuman")


def parse_value(text: str) -> tuple[int, int]:
    """The inverse of :func:`value_text`; InvalidAction says what is wrong."""
    t = text.strip().lower().replace(" ", "")
    if t in LIMITS:
        return LIMITS[t], 0
    if t.endswith("xyakuman"):
        count = t[: -len("xyakuman")]
        if not count.isdigit() or int(count) < 1:
            raise InvalidAction(
                f"'{text}' is not a limit: write mangan, haneman, baiman, sanbaiman, "
                "yakuman or 2xyakuman",
                field="value",
            )
        if int(count) > 8:
            raise InvalidAction(f"'{text}': no hand is worth more than 8x yakuman", field="value")
        return YAKUMAN_HAN * int(count), 0
    han_text, sep, rest = t.partition("han")
    fu_text = rest[: -len("fu")] if rest.endswith("fu") else ""
    if not sep or not fu_text or not _is_int(han_text) or not _is_int(fu_text):
        raise InvalidAction(
            f"'{text}' is not a value: write han and fu (3han30fu) or a limit (mangan)",
            field="value",
        )
    han, fu = int(han_text), int(fu_text)
    if han < 1:
        raise InvalidAction(f"a win is worth at least 1 han, not {han}", field="han")
    if han not in HAN_WITH_FU:
        raise InvalidAction(
            f"{han} han is a limit hand: claim mangan, haneman, baiman, sanbaiman or yakuman",
            field="han",
        )
    if fu not in FU_VALUES:
        raise InvalidAction(
            f"{fu} fu is not a fu count: 20, 25, or a multiple of 10 from 30 to 110",
            field="fu",
        )
    return han, fu


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit() and text.count("-") <= 1


def value_problem(value: Sequence[int], tsumo: bool, max_yakuman: int) -> str | None:
    """Why ``value`` cannot be the value of this win (None: it can)."""
    han, fu = value
    if fu:
        if han not in HAN_WITH_FU:
            return f"{han} han with fu is not a value: from 5 han claim a limit"
        if fu not in FU_VALUES:
            return f"{fu} fu is not a fu count: 20, 25, or a multiple of 10 from 30 to 110"
        if fu == 20 and not tsumo:
            return "20 fu is only possible on a self-drawn win: a ron scores at least 25 fu"
        if fu in (20, 25) and han < 2:
            return f"{fu} fu hands have at least 2 han"
        return None
    if han in LIMIT_OF_HAN:
        return None
    if han > YAKUMAN_HAN and han % YAKUMAN_HAN == 0:
        if han // YAKUMAN_HAN > max_yakuman:
            return f"this ruleset pays at most {max_yakuman}x yakuman"
        return None
    return f"{han} han without fu is not a limit"


def claim_values(tsumo: bool, max_yakuman: int) -> tuple[tuple[int, int], ...]:
    """Every value a win can be claimed at (the legal claims and corrections)."""
    out = [
        (h, f) for h in HAN_WITH_FU for f in FU_VALUES if value_problem((h, f), tsumo, 8) is None
    ]
    out += [(han, 0) for han in LIMITS.values()]
    out += [(YAKUMAN_HAN * n, 0) for n in range(2, max_yakuman + 1)]
    return tuple(out)


def format_payload(kind: str, payload: Sequence[int]) -> list[str]:
    """The text parts after ``seat:type`` for the payload-carrying types."""
    if kind in VALUED:
        return [value_text(payload)]
    if kind == NG and payload:
        return [REASONS[payload[0]]]
    if kind == CHOMBO:
        return [CHOMBO_ENDS[payload[0]]]
    return []


def parse_payload(kind: str, parts: Sequence[str]) -> tuple[int, ...]:
    """The ``tiles`` of an action of ``kind`` from the text after ``seat:type``."""
    if kind in VALUED:
        if len(parts) != 1 or not parts[0]:
            raise InvalidAction(
                f"a {kind} needs its value, e.g. 0:{kind}:3han30fu or 0:{kind}:mangan",
                field="value",
            )
        return parse_value(parts[0])
    if kind == NG:
        if not parts or parts == [""]:
            return ()
        if len(parts) == 1 and parts[0] in REASONS:
            return (REASONS.index(parts[0]),)
        raise InvalidAction(
            f"'{':'.join(parts)}' is not a reason: use one of {', '.join(REASONS)}",
            field="reason",
        )
    if kind == CHOMBO:
        if len(parts) == 1 and parts[0] in CHOMBO_ENDS:
            return (CHOMBO_ENDS.index(parts[0]),)
        raise InvalidAction(
            "a chombo says how the hand goes on: 0:chombo:game_over or 0:chombo:continue",
            field="chombo",
        )
    if parts and parts != [""]:
        raise InvalidAction(f"an answer {kind} takes nothing more", field="action")
    return ()
