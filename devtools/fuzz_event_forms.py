"""The fuzzer's organizer and scored-table forms: every form of an event, a league and
a scored real table (casual, league and an event's round), posted with junk by an
anonymous visitor, a member, the event's referee and its organizer. Every answer must
be below 500.

:func:`build_world` makes what the forms act on through the ORM (an offline event
with a published round, a league, a casual table, a penalty); :func:`one_request`
draws one request; :func:`run_in_process` posts them through Django's test client
(the test in ``tests/hardening/test_fuzz.py``), and :class:`devtools.fuzz_forms.FormFuzzer`
mixes them into the live fuzz run over HTTP.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass, field

from . import fuzz_world
from .fuzz_world import junk_values

ROLES = ("anonymous", "member", "referee", "organizer")

OUTCOMES = ("ron", "tsumo", "draw", "abortive", "nagashi", "chombo")
SEATS = ("0", "1", "2", "3")


@dataclass
class EventWorld:
    """What the forms act on: primary keys and names, read again by every request."""

    users: dict  # role -> Player | None
    event: int
    league: int
    tables: list[int]  # the event round's scored tables
    casual: int
    league_table: int
    penalty: int
    entries: list[int]
    seats: list[int]
    names: list[str]
    ruleset: int
    extra: dict = field(default_factory=dict)


def build_world(seed: int = 1) -> EventWorld:
    from tournaments import penalties, rounds
    from tournaments.models import Registration, Tournament
    from tournaments.open_tables import open_table

    ruleset = fuzz_world.fuzz_ruleset()
    organizer = fuzz_world.fuzz_player("organizer")
    referee = fuzz_world.fuzz_player("referee")
    member = fuzz_world.fuzz_player("member")
    players = [fuzz_world.fuzz_player(f"entrant{n}") for n in range(8)]

    def event(name: str, format_: str) -> Tournament:
        made = Tournament.objects.create(
            name=f"{fuzz_world.PREFIX}{name}",
            format=format_,
            start_date="2026-01-01",
            ruleset=ruleset,
            rounds=3,
            created_by=organizer,
        )
        made.referees.add(referee)
        for player in players:
            Registration.objects.create(tournament=made, player=player)
        return made

    offline = event("club night", Tournament.OFFLINE)
    Registration.objects.create(
        tournament=offline, player=fuzz_world.fuzz_player("spare"), substitute=True
    )
    round_ = rounds.draw(offline, "random", seating_seed=seed)
    rounds.publish(round_)
    tables = list(round_.tables.order_by("number"))
    league = event("league", Tournament.LEAGUE)
    four = [(w, p, "") for w, p in enumerate(players[:4])]
    casual = open_table(None, four, member, ruleset=ruleset)
    league_table = open_table(league, four, players[0])
    penalty = penalties.add(tables[0], 1, "penalty", 1000, "fuzz", organizer)
    return EventWorld(
        users={"anonymous": None, "member": member, "referee": referee, "organizer": organizer},
        event=offline.pk,
        league=league.pk,
        tables=[t.pk for t in tables],
        casual=casual.pk,
        league_table=league_table.pk,
        penalty=penalty.pk,
        entries=list(offline.entries.values_list("pk", flat=True)),
        seats=[s.pk for t in tables for s in t.seats.all()],
        names=[p.username for p in players] + [member.display_name, referee.username],
        ruleset=ruleset.pk,
    )


class EventForms:
    """Draws one request to an organizer or scored-table form, with junk in it."""

    def __init__(self, world: EventWorld, rng: random.Random, junk):
        self.w = world
        self.r = rng
        self.j = junk

    def pick(self, *options):
        return self.r.choice([*options, self.j()])

    def some_id(self, ids) -> str:
        return str(self.r.choice([*ids, 0, 999_999, 2**62]))

    def scored_table(self) -> str:
        """The URL prefix of one scored table: an event's, a league's or a casual one."""
        w, r = self.w, self.r
        event, table = r.choice(
            [
                (w.event, r.choice(w.tables)),
                (w.league, w.league_table),
                (0, w.casual),
                (0, r.choice(w.tables)),  # an event's table asked for as a casual one
                (w.event, w.casual),
                (w.league, r.choice(w.tables)),
            ]
        )
        return f"/tournaments/{event}/tables/{table}"

    def hand(self) -> dict:
        """An entry of the hand form: how it ended, seats, values, tiles, all junky."""
        r, j = self.r, self.j
        if r.random() < 0.3:  # a plain ron or draw, so that hands are saved and games end
            winner, discarder = r.sample(range(4), 2)
            return {
                "outcome": r.choice(["ron", "ron", "draw"]),
                "winners": [str(winner)],
                "discarder": str(discarder),
                "tenpai": [str(winner)],
                f"han_{winner}": r.choice(["1", "3", "mangan", "yakuman"]),
                f"fu_{winner}": "30",
                "token": f"plain{r.getrandbits(32)}",
            }
        data: dict = {
            "outcome": self.pick(*OUTCOMES),
            "winners": r.sample([*SEATS, j()], r.randint(0, 2)),
            "riichi": r.sample([*SEATS, j()], r.randint(0, 2)),
            "tenpai": r.sample([*SEATS, j()], r.randint(0, 2)),
            "nagashi": r.sample([*SEATS, j()], r.randint(0, 1)),
            "discarder": self.pick(*SEATS, ""),
            "chombo": self.pick(*SEATS),
            "abort": self.pick("kyuushu", "suufon", "suucha", "suukan", "sanchahou"),
            "token": self.pick(f"fuzz{r.randint(0, 9)}", ""),
        }
        for seat in SEATS:
            data[f"han_{seat}"] = self.pick("1", "3", "13", "mangan", "yakuman", "")
            data[f"fu_{seat}"] = self.pick("30", "25", "110", "")
            data[f"dora_{seat}"] = self.pick("0", "2", "")
            data[f"pao_{seat}"] = self.pick(*SEATS, "")
            data[f"yaku_{seat}"] = r.sample(["riichi", "tanyao", "pinfu", "chiitoitsu", j()], 2)
            data[f"open_{seat}"] = self.pick("on", "")
            if r.random() < 0.3:
                data[f"tiles_{seat}"] = self.pick("123m456p789s1122z", "123m456p789s234s9p")
                data[f"win_tile_{seat}"] = self.pick("2z", "9p")
                data[f"melds_{seat}"] = self.pick("", "p:5z", "c:123m")
                data[f"indicators_{seat}"] = self.pick("1m", "")
                data[f"ura_{seat}"] = self.pick("2m", "")
                data[f"double_riichi_{seat}"] = self.pick("on", "")
        return data

    def one(self) -> tuple[str, dict]:
        """A (path, data) to POST."""
        w, r, j = self.w, self.r, self.j
        t = r.choice([w.event, w.league, w.event, 999_999])
        number = r.choice(["1", "2", "99", str(2**62)])  # a path part: never junk
        table = self.scored_table()
        name = self.pick(*w.names, "")
        choices = [
            ("/tournaments/new/", self.event_form),
            ("/tournaments/organizers/", lambda: {"organizer": [self.some_id([]), j()]}),
            (f"/tournaments/{t}/edit/", self.event_form),
            (f"/tournaments/{t}/organizers/", lambda: {"player": name}),
            (f"/tournaments/{t}/organizers/{self.some_id([])}/remove/", dict),
            (f"/tournaments/{t}/referees/", lambda: {"player": name}),
            (f"/tournaments/{t}/referees/{self.some_id([])}/remove/", dict),
            (f"/tournaments/{t}/entries/", lambda: {"player": name, "team": j()}),
            (f"/tournaments/{t}/entries/{self.some_id(w.entries)}/withdraw/", dict),
            (
                f"/tournaments/{t}/entries/bulk/",
                lambda: {"names": "\n".join([*r.sample(w.names, 3), j()]), "members": [j()]},
            ),
            (f"/tournaments/{t}/register/", lambda: {"team": j()}),
            (f"/tournaments/{t}/withdraw/", dict),
            (f"/tournaments/{t}/rounds/", self.round_form),
            (f"/tournaments/{t}/rounds/{number}/redraw/", self.round_form),
            (f"/tournaments/{t}/rounds/{number}/publish/", dict),
            (f"/tournaments/{t}/rounds/{number}/timer/control/", self.timer_form),
            (
                f"/tournaments/{t}/seats/{self.some_id(w.seats)}/substitute/",
                lambda: {"substitute": self.some_id(w.entries), "seat": j()},
            ),
            (
                f"/tournaments/{t}/tables/{self.some_id(w.tables)}/link/",
                lambda: {"table_id": self.pick("1", "2147483648", "-1")},
            ),
            (f"/tournaments/{t}/tables/{self.some_id(w.tables)}/result/", self.result_form),
            (
                f"/tournaments/{t}/tables/{self.some_id(w.tables)}/result/check/",
                self.result_form,
            ),
            (f"/tournaments/{t}/games/new/", self.league_game),
            (f"/tournaments/{t}/tables/new/", self.seats_form),
            ("/tournaments/tables/new/", self.seats_form),
            (f"/tournaments/{t}/close/", dict),
            (f"{table}/score/preview/", self.hand),
            (f"{table}/score/hands/", self.hand),
            (f"{table}/score/hands/", self.hand),
            (f"{table}/score/undo/", lambda: {"reason": self.pick("misread", "")}),
            (f"{table}/score/confirm/", dict),
            (f"{table}/score/timer/control/", self.timer_form),
            (f"{table}/penalties/", self.penalty_form),
            (
                f"{table}/penalties/{self.some_id([w.penalty])}/remove/",
                lambda: {"reason": self.pick("ruled again", "")},
            ),
        ]
        path, data = r.choice(choices)
        return path, data()

    def event_form(self) -> dict:
        r = self.r
        return {
            "name": self.pick(f"{fuzz_world.PREFIX}event {r.randint(0, 99)}"),
            "format": self.pick("offline", "online", "league"),
            "start_date": self.pick("2026-02-01"),
            "end_date": self.pick("", "2025-01-01", "2026-03-01"),
            "ruleset": self.pick(str(self.w.ruleset)),
            "rounds": self.pick("1", "4", "0", "51"),
            "registration_open": self.pick("on", ""),
            "time_end_rule": self.pick("finish_hand", "one_more_hand", ""),
            "set_uma": self.pick("", "20000, 10000, -10000, -20000", "x"),
            "set_chombo": self.pick("", "penalty"),
            "set_tobi": self.pick("", "on", "off"),
        }

    def round_form(self) -> dict:
        return {
            "method": self.pick("random", "swiss", "manual"),
            "seating_seed": self.pick("1", "", "-4"),
            "use_substitutes": self.pick("on", ""),
            "duplicate": self.pick("on", ""),
            "seating": self.pick("", "\n".join(self.w.names[:8]), ",".join(self.w.names)),
        }

    def timer_form(self) -> dict:
        return {"action": self.pick("start", "pause", "extend", "reset")}

    def result_form(self) -> dict:
        data = {
            "leftover_sticks": self.pick("0", "1", "-1"),
            "confirm": self.pick("on", ""),
            "reason": self.pick("", "typo"),
        }
        for wind in SEATS:
            data[f"score_{wind}"] = self.pick("25000", "40000", "-5000", "")
            data[f"chombo_{wind}"] = self.pick("0", "1", "")
            data[f"chombo_reason_{wind}"] = self.pick("", "false win")
        return data

    def league_game(self) -> dict:
        data = {"played_on": self.pick("2026-02-01", "")}
        for wind in SEATS:
            data[f"player_{wind}"] = self.some_id([])
            data[f"score_{wind}"] = self.pick("25000", "")
        return data

    def seats_form(self) -> dict:
        data = {
            "ruleset": self.pick(str(self.w.ruleset)),
            "timer_minutes": self.pick("", "30", "0", "601"),
            "time_end_rule": self.pick("finish_hand", "one_more_hand", ""),
        }
        for wind in SEATS:
            data[f"player_{wind}"] = self.pick(*self.w.names, "")
            data[f"guest_{wind}"] = self.pick("on", "")
        return data

    def penalty_form(self) -> dict:
        return {
            "wind": self.pick(*SEATS),
            "kind": self.pick("chombo", "penalty", "conduct"),
            "points": self.pick("", "1000", "0", "200001"),
            "reason": self.pick("slow play", ""),
        }


def run_in_process(count: int, seed: int, report: fuzz_world.Report) -> EventWorld:
    """Post ``count`` drawn requests through Django's test client, each as one of
    :data:`ROLES`; a 5xx or an exception is a violation naming the role, path, data and
    where it was raised."""
    from django.test import Client

    rng = random.Random(seed)
    world = build_world(seed)
    clients = {}
    for role, user in world.users.items():
        clients[role] = Client()
        if user is not None:
            clients[role].force_login(user)
    forms = EventForms(world, rng, lambda: rng.choice(junk_values(rng, world.ruleset)))
    for _ in range(count):
        role = rng.choice(ROLES)
        path, data = forms.one()
        report.forms += 1
        try:
            status = clients[role].post(path, data).status_code
        except Exception as exc:  # the view raised: that is the 500 a visitor would get
            where = traceback.extract_tb(exc.__traceback__)[-1]
            report.statuses[500] += 1
            report.violate(
                f"{role} POST {path}: {exc!r} at {where.filename}:{where.lineno} {data!r}"[:600]
            )
            continue
        report.statuses[status] += 1
        if status >= 500:
            report.violate(f"HTTP {status} for {role} POST {path} {data!r}"[:600])
    return world
