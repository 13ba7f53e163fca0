"""The illustrated rulebook: its chapters, in reading order.

Each chapter is a template under ``templates/rules/chapters/`` plus the list of its
sections (the anchors the page's shortcuts link to) and, where the page shows
numbers, a function that computes them with the engine at render time. The data
behind the pages (example hands, glossary) lives in JSON files beside this module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy


def _(text: str) -> Promise:
    """A chapter's words in the reader's language (context "rulebook": a chapter named
    "Points" is not the score a table shows)."""
    return pgettext_lazy("rulebook", text)


@dataclass(frozen=True)
class Chapter:
    slug: str
    title: str | Promise
    summary: str | Promise
    sections: tuple[tuple[str, str | Promise], ...]
    builder: Callable[..., dict] | None = field(default=None, compare=False)

    @property
    def template(self) -> str:
        return f"rules/chapters/{self.slug.replace('-', '_')}.html"

    def templates(self) -> list[str]:
        """The chapter's templates for the active language, first found drawn: its own
        version (``rules/chapters/ja/<slug>.html``) where one is written, else English."""
        language = (translation.get_language() or "en").split("-")[0]
        if language == "en":
            return [self.template]
        name = self.template.rsplit("/", 1)[1]
        return [f"rules/chapters/{language}/{name}", self.template]

    @property
    def url(self) -> str:
        from .builders import chapter_url

        return chapter_url(self.slug)


def _chapters() -> tuple[Chapter, ...]:
    from . import builders, learning

    return (
        Chapter(
            "beginners",
            _("Mahjong in ten minutes"),
            _("The whole game on one page, for your first evening at the club."),
            (
                ("tiles", _("The tiles")),
                ("aim", _("The aim")),
                ("turn", _("A turn")),
                ("calls", _("Calls")),
                ("riichi", _("Riichi")),
                ("winning", _("Winning")),
                ("dora", _("Dora")),
                ("flow", _("Flow of a game")),
            ),
            builders.beginners,
        ),
        Chapter(
            "tiles",
            _("Tiles and notation"),
            _("The 136 tiles, their groups, and how this site writes them down."),
            (
                ("suits", _("Suits")),
                ("honours", _("Honours")),
                ("groups", _("Simples, terminals, honours")),
                ("notation", _("Notation")),
                ("faces", _("All tiles")),
            ),
        ),
        Chapter(
            "turn",
            _("Turns and calls"),
            _("Dealing, drawing and discarding, and taking another player's tile."),
            (
                ("deal", _("The deal")),
                ("turn", _("A turn")),
                ("chi", _("Chi")),
                ("pon", _("Pon")),
                ("kan", _("Kan")),
                ("priority", _("Call priority")),
                ("swap", _("Swap-calling")),
                ("last", _("The last discard")),
            ),
            builders.turn,
        ),
        Chapter(
            "riichi",
            _("Riichi and ippatsu"),
            _("Declaring a ready hand, what it costs and what it brings."),
            (
                ("declare", _("Declaring riichi")),
                ("conditions", _("Conditions")),
                ("after", _("After the declaration")),
                ("ankan", _("Quads during riichi")),
                ("ippatsu", _("Ippatsu")),
                ("double", _("Double riichi")),
                ("sticks", _("Riichi sticks")),
            ),
            builders.riichi,
        ),
        Chapter(
            "furiten",
            _("Furiten"),
            _("When you may not win on another player's discard."),
            (
                ("tenpai", _("Tenpai and waits")),
                ("discard", _("Discard furiten")),
                ("temporary", _("Temporary furiten")),
                ("riichi-furiten", _("Riichi furiten")),
                ("examples", _("Examples")),
            ),
            builders.furiten,
        ),
        Chapter(
            "waits",
            _("Waits"),
            _("The shapes a ready hand waits with, the multi-sided ones, and how a hand is read."),
            (
                ("basic", _("The five basic waits")),
                ("multi", _("Multi-sided waits")),
                ("shapes", _("Shapes, worked out")),
                ("reading", _("The best reading")),
            ),
            learning.waits,
        ),
        Chapter(
            "dora",
            _("Dora"),
            _("Bonus tiles: indicators, red fives, kan dora and ura dora."),
            (
                ("indicators", _("Indicators")),
                ("red", _("Red fives")),
                ("kan-dora", _("Kan dora")),
                ("timing", _("When a kan indicator turns")),
                ("ura", _("Ura dora")),
                ("counting", _("Counting dora")),
            ),
            builders.dora,
        ),
        Chapter(
            "yaku",
            _("Yaku"),
            _("Every scoring pattern, with its value and a hand that shows it."),
            (
                ("about", _("What a yaku is")),
                ("one-han", _("1 han")),
                ("two-han", _("2 han")),
                ("three-han", _("3 han")),
                ("six-han", _("6 han")),
                ("special", _("Special")),
                ("yakuman", _("Yakuman")),
                ("double-yakuman", _("Double yakuman")),
            ),
            builders.yaku,
        ),
        Chapter(
            "combinations",
            _("Yaku that do not combine"),
            _("Which yaku stack, which exclude each other, and which one the scorer keeps."),
            (
                ("rules", _("The rules in short")),
                ("examples", _("Examples")),
                ("table", _("At a glance")),
            ),
            learning.combinations,
        ),
        Chapter(
            "fu",
            _("Fu"),
            _("The minipoints: where they come from and how they are rounded."),
            (
                ("base", _("Base fu")),
                ("sets", _("Sets")),
                ("pair", _("The pair")),
                ("wait", _("The wait")),
                ("special", _("Fixed fu")),
                ("rounding", _("Rounding")),
                ("examples", _("Worked examples")),
            ),
            builders.fu,
        ),
        Chapter(
            "points",
            _("Points"),
            _("From han and fu to points: the formula and the full tables."),
            (
                ("formula", _("The formula")),
                ("non-dealer-ron", _("Non-dealer ron")),
                ("non-dealer-tsumo", _("Non-dealer tsumo")),
                ("dealer-ron", _("Dealer ron")),
                ("dealer-tsumo", _("Dealer tsumo")),
                ("kiriage", _("Rounded mangan")),
            ),
            builders.points_ctx,
        ),
        Chapter(
            "limits",
            _("Limits"),
            _("Mangan and above: the fixed values of big hands."),
            (
                ("ladder", _("The limit ladder")),
                ("kazoe", _("Counted yakuman")),
                ("yakuman", _("Yakuman")),
                ("multiple", _("Double and stacked yakuman")),
            ),
            builders.limits,
        ),
        Chapter(
            "draws",
            _("Draws"),
            _("Hands nobody wins: the exhaustive draw, abortive draws, nagashi mangan."),
            (
                ("exhaustive", _("Exhaustive draw")),
                ("noten", _("Noten payments")),
                ("tenpai", _("What counts as tenpai")),
                ("abortive", _("Abortive draws")),
                ("nine-terminals", _("Nine terminals")),
                ("four-winds", _("Four winds")),
                ("four-riichi", _("Four riichi")),
                ("four-kans", _("Four kans")),
                ("triple-ron", _("Triple ron")),
                ("nagashi", _("Nagashi mangan")),
            ),
            builders.draws,
        ),
        Chapter(
            "penalties",
            _("Penalties"),
            _(
                "Chombo, the dead hand, and claimed wins at online tables: what happens after a mistake."
            ),
            (
                ("chombo", _("Chombo")),
                ("offences", _("Offences punished by chombo")),
                ("deadhand", _("Dead hand")),
                ("dead-conditions", _("What makes a hand dead")),
                ("club-nights", _("Club nights: when a result counts")),
                ("claimed-wins", _("Claimed wins at online tables")),
            ),
            builders.penalties,
        ),
        Chapter(
            "payments",
            _("Payments"),
            _("Who pays whom: ron and tsumo, honba, riichi sticks, double ron, pao."),
            (
                ("ron", _("Ron")),
                ("tsumo", _("Tsumo")),
                ("honba", _("Honba")),
                ("sticks", _("Riichi sticks")),
                ("double-ron", _("Double ron")),
                ("pao", _("Liability (pao)")),
            ),
            builders.payments,
        ),
        Chapter(
            "game-end",
            _("End of the game"),
            _("How long a game lasts, when it stops early, and the final score."),
            (
                ("length", _("Length")),
                ("dealer", _("Dealer repeats")),
                ("tobi", _("Bust")),
                ("west", _("West round")),
                ("agariyame", _("Stopping early")),
                ("uma", _("Uma and oka")),
                ("example", _("Worked example")),
                ("ties", _("Equal scores")),
            ),
            builders.game_end,
        ),
        Chapter(
            "strategy",
            _("Strategy and defence"),
            _(
                "Playing faster than the others and not paying for their hands: shanten, acceptance, safe tiles."
            ),
            (
                ("shanten", _("Shanten")),
                ("acceptance", _("Acceptance")),
                ("efficiency", _("Choosing a discard")),
                ("push-fold", _("Push or fold")),
                ("genbutsu", _("Genbutsu")),
                ("suji", _("Suji")),
                ("kabe", _("Kabe")),
                ("danger", _("Danger classes")),
                ("betaori", _("Betaori")),
                ("position", _("A real position")),
            ),
            learning.strategy,
        ),
        Chapter(
            "table",
            _("At a real table"),
            _(
                "The procedure at a physical table: seats, the wall, dice and the break, sticks, showing hands."
            ),
            (
                ("seats", _("The seat draw")),
                ("wall", _("Building the wall")),
                ("dice", _("Dice and the break")),
                ("dead-wall", _("The dead wall")),
                ("sticks", _("Point sticks")),
                ("draw-show", _("Showing hands at a draw")),
                ("manners", _("Table manners")),
            ),
            learning.table,
        ),
        Chapter(
            "glossary",
            _("Glossary"),
            _("The words you will hear at the table, in one list."),
            (("terms", _("Terms")),),
            builders.glossary,
        ),
    )


CHAPTERS: tuple[Chapter, ...] = _chapters()
BY_SLUG: dict[str, Chapter] = {c.slug: c for c in CHAPTERS}


def neighbours(slug: str) -> tuple[Chapter | None, Chapter | None]:
    """The chapters before and after ``slug`` in reading order."""
    i = [c.slug for c in CHAPTERS].index(slug)
    return (CHAPTERS[i - 1] if i else None, CHAPTERS[i + 1] if i + 1 < len(CHAPTERS) else None)
