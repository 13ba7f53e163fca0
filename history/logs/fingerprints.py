"""Recognising a game imported again.

A game's fingerprint is a hash of what was played, not of the file's text: the
players' names and, hand by hand, the header (round, honba, sticks, scores), the tiles
dealt, the events in order, the dora and ura indicators and the outcome. The same game
imported again, with other spacing, keys in another order, one hand a line or a whole
game a line, as XML or as JSON (each seat's dealt tiles in any order), or under other
rules, has the same fingerprint; :func:`stored_game` finds
it, and the import says which stored game it is instead of storing it twice. Our own
JSON is fingerprinted by its walls and actions.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from history.models import ImportedGame
from rules.engine import Action
from tables.models import Game

from .model import LogGame


def _digest(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=list)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def of_log(game: LogGame) -> str:
    hands = []
    for hand in game.hands:
        result = hand.result
        hands.append(
            [
                hand.round_wind,
                hand.round_number,
                hand.honba,
                hand.sticks,
                list(hand.scores),
                # the dealt tiles as a set: Tenhou's XML keeps the order of the deal,
                # its JSON download sorts them
                [sorted(tiles) for tiles in hand.haipai],
                [[type(e).__name__, *e] for e in hand.events],
                hand.dora,
                hand.ura,
                [result.kind, result.abort, result.deltas] if result else None,
            ]
        )
    return _digest([list(game.names), hands])


def of_own(walls: Iterable[Iterable[int]], actions: Iterable[Action]) -> str:
    return _digest(["own", [list(w) for w in walls], [str(a) for a in actions]])


def stored_game(fingerprint: str) -> int | None:
    """The id of the stored game with this fingerprint, if any."""
    return (
        ImportedGame.objects.filter(fingerprint=fingerprint)
        .values_list("game_id", flat=True)
        .first()
    )


def remember(stored: Game, fingerprint: str, game: LogGame | None = None) -> None:
    """Keep the fingerprint (and what the log said) with the stored game."""
    extra: dict[str, Any] = {}
    if game is not None:
        extra = {
            "site": game.site,
            "rules_read": list(game.rules_read),
            "rules_assumed": game.rules_assumed[:200],
            "chips": list(game.final_chips) if game.final_chips is not None else None,
            "hand_chips": (
                [list(h.chips) if h.chips else None for h in game.hands]
                if any(h.chips for h in game.hands)
                else None
            ),
        }
    ImportedGame.objects.create(game=stored, fingerprint=fingerprint, **extra)
