"""The illustrated rulebook: its chapters, in reading order.

Each chapter is a template under ``templates/rules/chapters/`` plus the list of its
sections (the anchors the page's shortcuts link to) and, where the page shows
numbers, a function that computes them with the engine at render time. The data
behind the pages (example hands, glossary) lives in JSON files beside this module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Chapter:
    slug: str
    title: str
    summary: str
    sections: tuple[tuple[str, str], ...]
    builder: Callable[..., dict] | None = field(default=None, compare=False)

    @property
    def template(self) -> str:
        return f"rules/chapters/{self.slug.replace('-', '_')}.html"

    @property
    def url(self) -> str:
        from .builders import chapter_url

        return chapter_url(self.slug)


def _chapters() -> tuple[Chapter, ...]:
    from . import builders, learning

    return (
        Chapter(
            "beginners",
            "Mahjong in ten minutes",
            "The whole game on one page, for your first evening at the club.",
            (
                ("tiles", "The tiles"),
                ("aim", "The aim"),
                ("turn", "A turn"),
                ("calls", "Calls"),
                ("riichi", "Riichi"),
                ("winning", "Winning"),
                ("dora", "Dora"),
                ("flow", "Flow of a game"),
            ),
            builders.beginners,
        ),
        Chapter(
            "tiles",
            "Tiles and notation",
            "The 136 tiles, their groups, and how this site writes them down.",
            (
                ("suits", "Suits"),
                ("honours", "Honours"),
                ("groups", "Simples, terminals, honours"),
                ("notation", "Notation"),
                ("faces", "All tiles"),
            ),
        ),
        Chapter(
            "turn",
            "Turns and calls",
            "Dealing, drawing and discarding, and taking another player's tile.",
            (
                ("deal", "The deal"),
                ("turn", "A turn"),
                ("chi", "Chi"),
                ("pon", "Pon"),
                ("kan", "Kan"),
                ("priority", "Call priority"),
                ("swap", "Swap-calling"),
                ("last", "The last discard"),
            ),
            builders.turn,
        ),
        Chapter(
            "riichi",
            "Riichi and ippatsu",
            "Declaring a ready hand, what it costs and what it brings.",
            (
                ("declare", "Declaring riichi"),
                ("conditions", "Conditions"),
                ("after", "After the declaration"),
                ("ankan", "Quads during riichi"),
                ("ippatsu", "Ippatsu"),
                ("double", "Double riichi"),
                ("sticks", "Riichi sticks"),
            ),
            builders.riichi,
        ),
        Chapter(
            "furiten",
            "Furiten",
            "When you may not win on another player's discard.",
            (
                ("tenpai", "Tenpai and waits"),
                ("discard", "Discard furiten"),
                ("temporary", "Temporary furiten"),
                ("riichi-furiten", "Riichi furiten"),
                ("examples", "Examples"),
            ),
            builders.furiten,
        ),
        Chapter(
            "waits",
            "Waits",
            "The shapes a ready hand waits with, the multi-sided ones, and how a hand is read.",
            (
                ("basic", "The five basic waits"),
                ("multi", "Multi-sided waits"),
                ("shapes", "Shapes, worked out"),
                ("reading", "The best reading"),
            ),
            learning.waits,
        ),
        Chapter(
            "dora",
            "Dora",
            "Bonus tiles: indicators, red fives, kan dora and ura dora.",
            (
                ("indicators", "Indicators"),
                ("red", "Red fives"),
                ("kan-dora", "Kan dora"),
                ("timing", "When a kan indicator turns"),
                ("ura", "Ura dora"),
                ("counting", "Counting dora"),
            ),
            builders.dora,
        ),
        Chapter(
            "yaku",
            "Yaku",
            "Every scoring pattern, with its value and a hand that shows it.",
            (
                ("about", "What a yaku is"),
                ("one-han", "1 han"),
                ("two-han", "2 han"),
                ("three-han", "3 han"),
                ("six-han", "6 han"),
                ("special", "Special"),
                ("yakuman", "Yakuman"),
                ("double-yakuman", "Double yakuman"),
            ),
            builders.yaku,
        ),
        Chapter(
            "combinations",
            "Yaku that do not combine",
            "Which yaku stack, which exclude each other, and which one the scorer keeps.",
            (
                ("rules", "The rules in short"),
                ("examples", "Examples"),
                ("table", "At a glance"),
            ),
            learning.combinations,
        ),
        Chapter(
            "fu",
            "Fu",
            "The minipoints: where they come from and how they are rounded.",
            (
                ("base", "Base fu"),
                ("sets", "Sets"),
                ("pair", "The pair"),
                ("wait", "The wait"),
                ("special", "Fixed fu"),
                ("rounding", "Rounding"),
                ("examples", "Worked examples"),
            ),
            builders.fu,
        ),
        Chapter(
            "points",
            "Points",
            "From han and fu to points: the formula and the full tables.",
            (
                ("formula", "The formula"),
                ("non-dealer-ron", "Non-dealer ron"),
                ("non-dealer-tsumo", "Non-dealer tsumo"),
                ("dealer-ron", "Dealer ron"),
                ("dealer-tsumo", "Dealer tsumo"),
                ("kiriage", "Rounded mangan"),
            ),
            builders.points_ctx,
        ),
        Chapter(
            "limits",
            "Limits",
            "Mangan and above: the fixed values of big hands.",
            (
                ("ladder", "The limit ladder"),
                ("kazoe", "Counted yakuman"),
                ("yakuman", "Yakuman"),
                ("multiple", "Double and stacked yakuman"),
            ),
            builders.limits,
        ),
        Chapter(
            "draws",
            "Draws",
            "Hands nobody wins: the exhaustive draw, abortive draws, nagashi mangan.",
            (
                ("exhaustive", "Exhaustive draw"),
                ("noten", "Noten payments"),
                ("tenpai", "What counts as tenpai"),
                ("abortive", "Abortive draws"),
                ("nine-terminals", "Nine terminals"),
                ("four-winds", "Four winds"),
                ("four-riichi", "Four riichi"),
                ("four-kans", "Four kans"),
                ("triple-ron", "Triple ron"),
                ("nagashi", "Nagashi mangan"),
            ),
            builders.draws,
        ),
        Chapter(
            "penalties",
            "Penalties",
            "Chombo, the dead hand, and claimed wins at online tables: what happens after a mistake.",
            (
                ("chombo", "Chombo"),
                ("offences", "Offences punished by chombo"),
                ("deadhand", "Dead hand"),
                ("dead-conditions", "What makes a hand dead"),
                ("club-nights", "Club nights: when a result counts"),
                ("claimed-wins", "Claimed wins at online tables"),
            ),
            builders.penalties,
        ),
        Chapter(
            "payments",
            "Payments",
            "Who pays whom: ron and tsumo, honba, riichi sticks, double ron, pao.",
            (
                ("ron", "Ron"),
                ("tsumo", "Tsumo"),
                ("honba", "Honba"),
                ("sticks", "Riichi sticks"),
                ("double-ron", "Double ron"),
                ("pao", "Liability (pao)"),
            ),
            builders.payments,
        ),
        Chapter(
            "game-end",
            "End of the game",
            "How long a game lasts, when it stops early, and the final score.",
            (
                ("length", "Length"),
                ("dealer", "Dealer repeats"),
                ("tobi", "Bust"),
                ("west", "West round"),
                ("agariyame", "Stopping early"),
                ("uma", "Uma and oka"),
                ("example", "Worked example"),
                ("ties", "Equal scores"),
            ),
            builders.game_end,
        ),
        Chapter(
            "strategy",
            "Strategy and defence",
            "Playing faster than the others and not paying for their hands: shanten, acceptance, safe tiles.",
            (
                ("shanten", "Shanten"),
                ("acceptance", "Acceptance"),
                ("efficiency", "Choosing a discard"),
                ("push-fold", "Push or fold"),
                ("genbutsu", "Genbutsu"),
                ("suji", "Suji"),
                ("kabe", "Kabe"),
                ("danger", "Danger classes"),
                ("betaori", "Betaori"),
                ("position", "A real position"),
            ),
            learning.strategy,
        ),
        Chapter(
            "table",
            "At a real table",
            "The procedure at a physical table: seats, the wall, dice and the break, sticks, showing hands.",
            (
                ("seats", "The seat draw"),
                ("wall", "Building the wall"),
                ("dice", "Dice and the break"),
                ("dead-wall", "The dead wall"),
                ("sticks", "Point sticks"),
                ("draw-show", "Showing hands at a draw"),
                ("manners", "Table manners"),
            ),
            learning.table,
        ),
        Chapter(
            "glossary",
            "Glossary",
            "The words you will hear at the table, in one list.",
            (("terms", "Terms"),),
            builders.glossary,
        ),
    )


CHAPTERS: tuple[Chapter, ...] = _chapters()
BY_SLUG: dict[str, Chapter] = {c.slug: c for c in CHAPTERS}


def neighbours(slug: str) -> tuple[Chapter | None, Chapter | None]:
    """The chapters before and after ``slug`` in reading order."""
    i = [c.slug for c in CHAPTERS].index(slug)
    return (CHAPTERS[i - 1] if i else None, CHAPTERS[i + 1] if i + 1 < len(CHAPTERS) else None)
