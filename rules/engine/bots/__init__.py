"""Computer players.

A bot is a function ``(view, rng) -> action``: it receives one seat's
:class:`SeatView` (never the game state) and a seeded ``random.Random``, and
returns one of ``view.legal``. Given the same view and the same generator state it
always returns the same action; the three levels below do not even draw from the
generator (it is there for levels that want to vary their play). The levels:

``tsumogiri``
    throws away each drawn tile and passes on every call, but takes a win when
    one is legal so that games still end in ordinary ways.
``efficient``
    plays for speed: lowest shanten, then most ukeire; riichi at tenpai;
    value-honour and open-tanyao calls.
``careful``
    the efficient bot plus defence: folds against riichi with a poor hand
    (genbutsu, suji, kabe, honour counts), pushes otherwise.

Open riichi (the app rule settings, ``ruleset.open_riichi_robot``): whatever the setting,
no bot discards a tile that completes a hand shown by open riichi while another
discard is legal (the app rule settings: robots avoid those tiles as much as possible). The
settings themselves are the engine's business (see :mod:`rules.engine.legal`; the
robot seats are ``GameSetup.robots``): ``disable`` means open riichi is not
offered at a table with a bot; ``ignore_robot_discard`` means a bot's discard (or
added kan) cannot be claimed by ron from an open-riichi hand, which does not turn
furiten by letting it pass; ``pay_as_usual`` means a bot that does deal in pays
the ordinary amount, open riichi's extra han included. No bot declares open
riichi itself.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING

from ..actions import Action
from ..claims.values import CLAIM_PHASES
from . import careful, efficient, tsumogiri
from .claiming import judged_view_action

if TYPE_CHECKING:
    from ..visibility import SeatView

Bot = Callable[["SeatView", Random], Action]

BOTS: dict[str, Bot] = {
    "tsumogiri": tsumogiri.choose,
    "efficient": efficient.choose,
    "careful": careful.choose,
}


def get(level: str) -> Bot:
    """The bot of a level name; ValueError lists the known ones."""
    try:
        return BOTS[level]
    except KeyError:
        raise ValueError(f"unknown bot '{level}': choose one of {', '.join(BOTS)}") from None


def choose(level: str, view: SeatView, rng: Random) -> Action:
    """The action the bot of ``level`` takes from ``view`` (one of ``view.legal``)."""
    if view.phase in CLAIM_PHASES:  # a claimed win: every level follows the engine
        return judged_view_action(view)
    return get(level)(view, rng)
