"""The sections of a drawn table, each a typed value that alone knows its HTML.

:func:`tables.drawing.draw` returns a :class:`Drawing` of these. A page's template
writes a section as it is (``{{ drawing.board }}``: a section is safe markup to the
template engine, through ``__html__`` and ``__str__``); a socket frame takes the same
section with its out-of-band mark, ``section.html(oob=True)``, so htmx swaps it in by
its id. Nothing outside this package builds the markup of a section.

The sections keep the presenters' data of their part of the table (plain values, see
``presenters``); their ``html`` runs the markup modules, which cache what repeats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from django.utils.safestring import SafeString

from rules.engine import Aids

from . import board_markup, claim_screens, coaching, hand_markup, result_markup

# One viewer's frame as the presenters hand it over (``presenters.shared_context``, with
# the viewer's version, countdown and hand added by ``table.draw``).
FrameData = dict[str, Any]
# What the own hand shows; the hand is drawn again only when this changes.
HandKey = tuple[Any, ...]


class Section(Protocol):
    """A part of the table swapped in by its id."""

    def html(self, oob: bool = False) -> SafeString: ...


S = TypeVar("S", bound=type)


def _markup_in_templates(cls: S) -> S:
    """A section written in a template is its markup, without the out-of-band mark:
    Django's templates take ``__html__`` (and ``str``) of a value as safe markup."""

    def text(self: Section) -> SafeString:
        return self.html()

    setattr(cls, "__html__", text)  # noqa: B010 (a method added to the class after it is made)
    setattr(cls, "__str__", text)  # noqa: B010
    return cls


@_markup_in_templates
@dataclass(frozen=True, slots=True)
class Corner:
    """One seat around the table: its plate, face-down hand, melds and pond."""

    seat: int
    markup: SafeString  # drawn once per state for every viewer (board_markup.seats)

    def html(self, oob: bool = False) -> SafeString:
        return board_markup.corner(self.markup) if oob else self.markup


@_markup_in_templates
@dataclass(frozen=True, slots=True)
class Centre:
    """The middle of the board: round, counters, dora, whose turn and the countdown."""

    frame: FrameData

    def html(self, oob: bool = False) -> SafeString:
        return board_markup.center(self.frame, oob)


@_markup_in_templates
@dataclass(frozen=True, slots=True)
class Hand:
    """The viewer's own hand with its buttons (an empty section for a spectator)."""

    frame: FrameData
    key: HandKey

    def html(self, oob: bool = False) -> SafeString:
        return hand_markup.hand(self.frame, oob)


@_markup_in_templates
@dataclass(frozen=True, slots=True)
class CallOut:
    """The latest call or win, called out at the caller's seat and read out to screen
    readers; on a page it waits hidden (``show`` False) until the next news."""

    news: tuple[Any, ...] | None  # news_presenters.latest_news: (key, seats, word, sentence)
    show: bool = True

    def html(self, oob: bool = False) -> SafeString:
        return board_markup.callout(self.news, oob, self.show)


@_markup_in_templates
@dataclass(frozen=True, slots=True)
class Board:
    """The whole board: the four corners, the centre, the own hand, the call-out."""

    frame: FrameData

    def html(self, oob: bool = False) -> SafeString:
        return board_markup.board(self.frame, oob)


@_markup_in_templates
@dataclass(frozen=True, slots=True)
class ResultPanel:
    """How the last hand ended (a modal), or the final standings; empty during a hand."""

    body: SafeString

    def html(self, oob: bool = False) -> SafeString:
        return result_markup.panel_section(self.body, oob)


@_markup_in_templates
@dataclass(frozen=True, slots=True)
class Status:
    """The badge that says whether the game is still being played."""

    finished: bool

    def html(self, oob: bool = False) -> SafeString:
        return board_markup.status_badge(self.finished, oob)


@_markup_in_templates
@dataclass(frozen=True, slots=True)
class ClaimPanel:
    """The claim, answers and review of a claimed win (empty outside one)."""

    data: dict[str, Any] | None

    def html(self, oob: bool = False) -> SafeString:
        return claim_screens.panel(self.data, oob)


@_markup_in_templates
@dataclass(frozen=True, slots=True)
class AidsPanel:
    """The learning aids of a seat that has them on (empty when its hand has none)."""

    aids: Aids | None

    def html(self, oob: bool = False) -> SafeString:
        return coaching.slot(self.aids, oob)


@dataclass(frozen=True, slots=True)
class Drawing:
    """One viewer's table: every section of the page and of a socket's frame.

    ``hand`` is None when the caller said the viewer already shows this hand
    (``draw(shown_hand=...)``): it is then not drawn again. ``aids`` is None for a
    viewer without the learning aids. ``order`` is the own hand's display order when
    it was drawn (kept by a socket for an unsorted hand).
    """

    seat: int | None
    version: int
    board: Board
    corners: tuple[Corner, ...]
    centre: Centre
    hand: Hand | None
    hand_key: HandKey
    order: list[int] | None
    callout: CallOut
    result: ResultPanel
    status: Status
    claim: ClaimPanel
    aids: AidsPanel | None

    @property
    def spectator(self) -> bool:
        return self.seat is None

    @property
    def finished(self) -> bool:
        return self.status.finished
