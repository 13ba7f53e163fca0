"""Who may do what, over every URL of the site and every kind of table-socket message.

The matrix has a row per request (a named URL with its arguments, method and data)
and a column per role. ``test_it_has_a_row_for_every_named_url`` walks the URL
resolver, so a view added later without a row here fails the suite. For every
request and role the test checks the status, that a refused change left the
database exactly as it was, and that the body shows nobody a tile of a running game
that the role may not see (other seats' concealed tiles, the wall, ura dora), using
the engine's ``seat_view`` as the definition of what each role may see.

The HTTP world is built once for the module (a running game takes a hundred moves to
reach its second hand); each test runs in a transaction that is rolled back, so the
changes an allowed request makes never reach the next test.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from history.logs.store import store_bot_game
from players.models import Player
from rules.engine import kind_notation, pending_seats
from rules.engine.actions import format_tile
from rules.engine.visibility import seat_view, view_tiles
from rules.models import Ruleset
from rules.rulebook import CHAPTERS
from tables.models import Game, Invitation, Table
from tables.models import Seat as TableSeat
from tables.play import autoplay, hidden_claims, states
from tables.play.submit import submit
from tests.tables.conftest import make_table
from tournaments import rounds
from tournaments.models import (
    Answer,
    PenaltyPreset,
    Registration,
    Result,
    Round,
    Stage,
    Tournament,
    TournamentTable,
)
from tournaments.models import Seat as TournamentSeat

ROLES = ("anonymous", "member", "seated", "other_table", "staff", "other_org", "admin")
PASSWORD = "pw-matrix-123"


# --- the world -----------------------------------------------------------------------------------


@dataclass
class World:
    users: dict[str, Player | None]
    running: Table  # public, alice at seat 0 and three bots, in its second hand
    game: Game
    other: Table  # carol's running table
    other_game: Game
    open_table: Table  # carol's table still waiting for players
    private: Table  # carol's private table
    finished: Game  # a finished public game (its history is open)
    event: Tournament  # run by staff
    other_event: Tournament  # run by other_org
    entry: Registration
    tournament_table: TournamentTable
    tournament_seat: TournamentSeat
    round_number: int
    ruleset: Ruleset
    extra: dict = field(default_factory=dict)


def advance_into_second_hand(game: Game) -> Game:
    """Play the game as the timeout policy would until a few moves into hand two, and
    on until it is alice's (seat 0's) turn to discard."""
    moves_after = 0
    while True:
        game.refresh_from_db()
        state = states.state_of(game)
        if state.hand_index >= 1:
            ready = state.phase == "turn" and pending_seats(state) == (0,)
            if moves_after >= 6 and ready:
                return game
            moves_after += 1
        seat = pending_seats(state)[0]
        view = seat_view(state, seat)
        wins = [a for a in view.legal if a.type in ("tsumo", "ron")]
        choice = wins[0] if wins else autoplay.timeout_choice(view)
        submit(game.pk, seat, choice, game.version, server_move=True)


def build_world() -> World:
    from tables.play.submit import start_game

    def person(username, **extra):
        return Player.objects.create_user(
            username=username, password=PASSWORD, display_name=username.title(), **extra
        )

    users = {
        "anonymous": None,
        "member": person("mira"),
        "seated": person("alice"),
        "other_table": person("carol"),
        "staff": person("director", is_staff=True),
        "other_org": person("olga"),
        "admin": Player.objects.create_superuser(
            username="root", password=PASSWORD, email="root@example.org"
        ),
    }
    ruleset = Ruleset.objects.create(
        name="East only", preset="ronin", settings={"game_type": "tonpuusen", "west_round": False}
    )
    running = make_table(ruleset, people=[users["seated"]], bots=["careful"] * 3, name="Running")
    game = advance_into_second_hand(start_game(running, seed=7))
    other = make_table(ruleset, people=[users["other_table"]], bots=["careful"] * 3, name="Other")
    other_game = start_game(other, seed=8)
    open_table = make_table(ruleset, people=[users["other_table"]], name="Waiting")
    private = make_table(ruleset, people=[users["other_table"]], name="Secret")
    Table.objects.filter(pk=private.pk).update(is_private=True, invite_token="invite-secret")
    robots = [Player.objects.create(username=f"robot-{n}", is_bot=True) for n in range(4)]
    finished = store_bot_game(
        ruleset.engine_ruleset(), 21, robots, ("careful",) * 4, title="Finished game"
    )

    members = [person(f"entrant{n}") for n in range(8)]
    event = Tournament.objects.create(
        name="Spring Open",
        format=Tournament.OFFLINE,
        start_date="2026-03-01",
        ruleset=ruleset,
        rounds=4,
        created_by=users["staff"],
    )
    entries = [Registration.objects.create(tournament=event, player=p) for p in members]
    Registration.objects.create(tournament=event, player=person("spare"), substitute=True)
    round_ = rounds.draw(event, "random", seating_seed=7)
    rounds.publish(round_)
    tournament_table = round_.tables.order_by("number").first()
    other_event = Tournament.objects.create(
        name="Other Cup",
        format=Tournament.OFFLINE,
        start_date="2026-03-01",
        ruleset=ruleset,
        rounds=2,
        created_by=users["admin"],
    )
    other_event.organizers.add(users["other_org"])
    casual = casual_waiting_table(users, ruleset)
    # carol invites mira to her private table (tables.invitations)
    invitation = Invitation.objects.create(
        table=private, host=users["other_table"], member=users["member"], created=timezone.now()
    )
    return World(
        users=users,
        running=running,
        game=game,
        other=other,
        other_game=other_game,
        open_table=open_table,
        private=private,
        finished=finished,
        event=event,
        other_event=other_event,
        entry=entries[0],
        tournament_table=tournament_table,
        tournament_seat=tournament_table.seats.order_by("wind").first(),
        round_number=round_.number,
        ruleset=ruleset,
        extra={"casual": casual, "invitation": invitation},
    )


def casual_waiting_table(users, ruleset) -> TournamentTable:
    """A casual scored table alice opened naming mira, carol and a guest, played to its
    end and confirmed by alice: its result waits for mira's and carol's agreement."""
    from rules.engine import DeclaredHand, WinValue
    from tournaments import open_tables, scored_tables

    seats = [(0, users["seated"], ""), (1, users["member"], ""), (2, users["other_table"], "")]
    table = open_tables.open_table(None, [*seats, (3, None, "Kim")], users["seated"], ruleset)
    n = 0
    while not scored_tables.sheet_of(table).finished:
        dealer = scored_tables.sheet_of(table).round_number
        win = WinValue((dealer + 1) % 4, 3, 30)
        scored_tables.save_hand(
            table, DeclaredHand("ron", (win,), (dealer + 2) % 4), f"m{n}", users["seated"]
        )
        n += 1
    scored_tables.confirm(table, users["seated"])
    return table


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        from django.conf import settings

        hashers, window = settings.PASSWORD_HASHERS, settings.TABLE_CALL_WINDOW
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
        # Built before the tests' own fixtures apply (tests/conftest.py turns the call
        # window off for each test): with the real window, the bots' last discard would
        # be held for a second after the build, and a test run within it (the matrix
        # run alone) would see the seat's move refused as made on a held picture.
        settings.TABLE_CALL_WINDOW = 0
        states.clear()
        try:
            built = build_world()
            built.extra.update(penalty_world(built))
            built.extra.update(people_world(built))
            yield built
        finally:
            settings.PASSWORD_HASHERS, settings.TABLE_CALL_WINDOW = hashers, window
            # The module's rows were committed outside any test: remove them all.
            call_command("flush", interactive=False, verbosity=0)


def call_model():
    from tournaments.models import RefereeCall

    return RefereeCall


def notice_model():
    from players.models import Notice

    return Notice


def takeover_model():
    from tournaments.models import TakeoverRequest

    return TakeoverRequest


def penalty_model():
    from tournaments.models import Penalty

    return Penalty


def penalty_world(world: World) -> dict:
    """A penalty on the event's first table, and a casual table opened by alice."""
    from tournaments import penalties
    from tournaments.open_tables import open_table

    penalty = penalties.add(
        world.tournament_table, 0, "penalty", 1000, "matrix", world.users["staff"]
    )
    players = [world.users[r] for r in ("seated", "member", "other_table", "other_org")]
    casual = open_table(
        None, [(w, p, "") for w, p in enumerate(players)], players[0], ruleset=world.ruleset
    )
    # a referee call from the event's first table (to its organizers: it names no
    # referee), and a notice for alice
    from players.notices import notify
    from tournaments import referee_calls

    caller = world.tournament_table.seat_list()[0].player
    call = referee_calls.call(world.tournament_table, caller)
    notice = notify(world.users["seated"], "seating", "Round 1 is published.", "/tournaments/")
    return {"penalty": penalty, "penalty_casual": casual, "call": call, "notice": notice}


def people_world(world: World) -> dict:
    """A person registered by name at the main event (a substitute, so that draws are
    unchanged) whom mira asked to take over, and a member who registered themself."""
    from tournaments import people

    kaiji = people.register_by_name(
        world.event, "Kaiji", email="kaiji@example.org", substitute=True
    ).player
    selfie = Player.objects.create_user(username="selfie", password=PASSWORD)
    entry = Registration.objects.create(
        tournament=world.event, player=selfie, substitute=True, self_registered=True
    )
    token = people.takeover_token(kaiji, world.users["member"])
    return {"kaiji": kaiji, "self_entry": entry, "token": token}


# --- what each role may see of the running games --------------------------------------------------


def seat_of(world: World, role: str, table: Table) -> int | None:
    user = world.users[role]
    if user is None:
        return None
    seat = table.seats.filter(player=user, bot_level="").first()
    return seat.index if seat else None


def visible_kinds(view) -> Counter:
    """How many tiles of each kind a view shows (the hand result's included)."""
    tiles = list(view.hand) + ([view.drawn] if view.drawn is not None else [])
    for melds in view.melds:
        for meld in melds:
            tiles.extend(meld.tiles)
    for river in view.discards:
        tiles.extend(d.tile for d in river)
    for hand in view.open_hands:
        tiles.extend(hand or ())
    tiles.extend(view.dora_indicators)
    shown = Counter(t >> 2 for t in tiles)
    if view.result is not None:  # the last hand's reveal: every tile it shows counts too
        result = view.result
        revealed = [t for w in result.wins for t in (*w.hand, w.win_tile)]
        revealed += [t for h in result.hands if h for t in h]
        revealed += [*result.dora_indicators, *result.ura_indicators]
        shown += Counter(t >> 2 for t in revealed)
    return shown


def hidden_tiles(state, seat: int | None) -> set[int]:
    """Physical tiles of the hand in play that ``seat`` must not learn: everything but
    its own hand, the melds, the rivers, the dora indicators and open-riichi hands."""
    return set(range(136)) - view_tiles(seat_view(state, seat))


TILE_TITLE = re.compile(r'<span class="tile[^"]*" title="([0-9][mpsz])"')
DATA_TILE = re.compile(r'data-tile="\d+:(\d+)"')
PHYSICAL = re.compile(r"\b([0-9][mpsz]\.[0-3])\b")


KINDS = {kind_notation(k): k for k in range(34)} | {
    kind_notation(k, True): k
    for k in (4, 13, 22)  # the red fives, written 0m 0p 0s
}


def assert_no_leak(body: str, world: World, role: str, row: Row) -> None:
    """Nothing of a running game that ``role`` may not see is in ``body``.

    Every game names the same 136 physical tiles, dealt differently: a body about one
    game (``row.about``) is checked against that game only, and the finished game's
    pages, which show everything in the open, against none."""
    games = {
        "running": [(world.game, world.running)],
        "finished": [],
        None: [(world.game, world.running), (world.other_game, world.other)],
    }[row.about]
    for game, table in games:
        stored = Game.objects.get(pk=game.pk)
        state = states.state_of(stored)
        seat = seat_of(world, role, table)
        secret = {format_tile(t) for t in hidden_tiles(state, seat)}
        # Physical tiles are written only in moves (data-action, hx-vals, logs).
        named = set(PHYSICAL.findall(body))
        assert not named & secret, f"{role} sees hidden tiles {sorted(named & secret)}"
        if row.table_page:
            # Faces are drawn by kind: no kind may be drawn more often than the
            # role's own view shows it.
            page = body.split("</header>", 1)[-1]  # the site's logo is a tile too
            ids = {int(n) for n in DATA_TILE.findall(page)}
            assert ids <= view_tiles(seat_view(state, seat)), f"{role} sees {ids}"
            drawn = Counter(KINDS[n] for n in TILE_TITLE.findall(page))
            allowed = visible_kinds(seat_view(state, seat))
            extra = {k: n - allowed[k] for k, n in drawn.items() if n > allowed[k]}
            assert not extra, f"{role} is shown more tiles than its view has: {extra}"


# --- database snapshots: a refused request changes nothing ---------------------------------------


def rows_written() -> int | None:
    """How many rows this connection has written so far (SQLite counts them), or None."""
    if connection.vendor != "sqlite":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT total_changes()")
        return cursor.fetchone()[0]


def changed_since(world: World, writes: int | None, undo: str) -> bool:
    """Whether the request since ``writes`` and savepoint ``undo`` changed the world's
    records. A request that wrote no row changed nothing; otherwise the records now are
    compared with those once the savepoint is rolled back (the test's own transaction is
    rolled back at its end in any case), so the two snapshots are only taken when a
    request wrote something."""
    if writes is not None and rows_written() == writes:
        transaction.savepoint_commit(undo)
        return False
    after = snapshot(world)
    transaction.savepoint_rollback(undo)
    return snapshot(world) != after


def snapshot(world: World) -> dict:
    def rows(queryset, *fields):
        return sorted(tuple(str(v) for v in r) for r in queryset.values_list(*fields))

    return {
        "tournaments": rows(
            Tournament.objects.all(),
            "pk",
            "name",
            "format",
            "start_date",
            "end_date",
            "rounds",
            "ruleset_id",
        ),
        "organizers": rows(
            Tournament.organizers.through.objects.all(), "tournament_id", "player_id"
        ),
        "entries": rows(
            Registration.objects.all(),
            "pk",
            "player_id",
            "team",
            "substitute",
            "withdrawn",
            "refused",
        ),
        "takeovers": rows(takeover_model().objects.all(), "person_id", "member_id"),
        "players": rows(Player.objects.all(), "pk", "username"),
        "rounds": rows(Round.objects.all(), "pk", "number", "published", "method"),
        "tournament_tables": rows(TournamentTable.objects.all(), "pk", "number", "table_id"),
        "tournament_seats": rows(
            TournamentSeat.objects.all(), "pk", "wind", "player_id", "guest_name"
        ),
        "results": rows(TournamentTable.objects.filter(result__isnull=False), "pk"),
        "agreement": rows(Result.objects.all(), "table_id", "status", "decided_by_id"),
        "answers": rows(Answer.objects.all(), "result_id", "player_id", "answer"),
        "penalties": rows(penalty_model().objects.all(), "pk", "table_id", "points"),
        "stages": rows(Stage.objects.all(), "pk", "after_round", "advance", "cut_at"),
        "presets": rows(PenaltyPreset.objects.all(), "pk", "name", "points"),
        "hidden_finish": rows(Tournament.objects.all(), "pk", "hide_last_rounds", "revealed"),
        "referee_calls": rows(call_model().objects.all(), "pk", "taken_by_id", "closed_at"),
        "projector_calls": rows(Tournament.objects.all(), "pk", "projector_calls"),
        "notices": rows(notice_model().objects.all(), "pk", "member_id", "read"),
        "tables": rows(Table.objects.all(), "pk", "name", "status", "is_private", "options"),
        "rulesets": rows(Ruleset.objects.all(), "pk", "name", "preset", "settings", "retired"),
        "seats": rows(TableSeat.objects.all(), "pk", "player_id", "bot_level"),
        "games": rows(Game.objects.all(), "pk", "version"),
        "invitations": rows(Invitation.objects.all(), "pk", "status"),
    }


# --- the matrix ----------------------------------------------------------------------------------

ORGANIZERS = ("staff", "admin")  # who runs the main event: its creator and superusers
EVERYONE = dict.fromkeys(ROLES, 200)


def practice_args() -> list:
    """Today's first practice problem."""
    from rules import practice

    day = practice.today()
    return [day.isoformat(), practice.problems_for(day)[0]["id"]]


def only(allowed: tuple[str, ...], yes: int, no: int = 403, anonymous: int | None = None) -> dict:
    out = {role: (yes if role in allowed else no) for role in ROLES}
    if anonymous is not None:
        out["anonymous"] = anonymous
    return out


LOGIN = "login"  # a redirect to the sign-in page


@dataclass
class Row:
    id: str
    name: str
    args: object  # callable(world) -> list
    expect: dict
    method: str = "get"
    data: object = None  # callable(world) -> dict, or a dict
    json: bool = False
    # roles allowed to change the database with this request; everyone else must not
    changes: tuple[str, ...] = ()
    table_page: bool = False  # the body is the running game's table page: count its faces
    must_change: bool = False  # the roles in ``changes`` do change the database
    about: str | None = None  # "running" or "finished": the one game the body is about

    def __post_init__(self):
        if self.table_page or self.name == "tables:act" or self.id.startswith("running_"):
            self.about = "running"
        elif self.id.startswith("finished_"):
            self.about = "finished"


def t(world):  # the main event's id
    return [world.event.pk]


def casual_args(world):  # the casual table waiting for agreement
    return [0, world.extra["casual"].pk]


ROWS = [
    # --- lobby and tables
    Row("lobby", "tables:lobby", lambda w: [], EVERYONE),
    Row("lobby_tables", "tables:lobby_tables", lambda w: [], EVERYONE),
    Row(
        "create",
        "tables:create",
        lambda w: [],
        # a stranger, and carol at her limit of open tables, see the lobby again with why
        {**dict.fromkeys(ROLES, 302), "anonymous": 200, "other_table": 200},
        method="post",
        data=lambda w: {"name": "New", "ruleset": w.ruleset.pk},
        changes=("member", "seated", "staff", "other_org", "admin"),
    ),
    Row("table_running", "tables:table", lambda w: [w.running.pk], EVERYONE, table_page=True),
    # a table's rules (its ruleset with the options chosen when it was opened)
    Row("table_rules", "tables:rules", lambda w: [w.running.pk], EVERYONE),
    Row(
        "table_rules_private", "tables:rules", lambda w: [w.private.pk], only(("other_table",), 200)
    ),
    Row(
        "create_with_options",
        "tables:create",
        lambda w: [],
        {**dict.fromkeys(ROLES, 302), "anonymous": 200, "other_table": 200},
        method="post",
        data=lambda w: {
            "name": "Options",
            "ruleset": w.ruleset.pk,
            "private": "on",
            "red_fives": "none",
            "settle": "claimed",
        },
        changes=("member", "seated", "staff", "other_org", "admin"),
    ),
    Row(
        "table_private",
        "tables:table",
        lambda w: [w.private.pk],
        only(("other_table",), 200),
    ),
    Row(
        "join_open_table",
        "tables:seat_action",
        lambda w: [w.open_table.pk],
        dict.fromkeys(ROLES, 302),
        method="post",
        data={"do": "join", "seat": "1"},
        changes=ROLES[1:],  # anyone signed in may sit down at a public open table
    ),
    Row(
        "start_others_table",
        "tables:seat_action",
        lambda w: [w.open_table.pk],
        dict.fromkeys(ROLES, 302),
        method="post",
        data={"do": "add_bot", "seat": "2", "level": "careful"},
        changes=("other_table",),  # only the creator (or someone seated) brings bots
    ),
    Row(
        "join_private_table",
        "tables:seat_action",
        lambda w: [w.private.pk],
        dict.fromkeys(ROLES, 302),
        method="post",
        data={"do": "join", "seat": "1"},
        changes=(),  # without the invite nobody gets in (carol already sits there)
    ),
    Row(
        "act_for_another_seat",
        "tables:act",
        lambda w: [w.running.pk],
        {**only((), 0), "seated": 400},
        method="post",
        data=lambda w: {
            "action": other_seat_move(w),
            "version": str(hidden_claims.shown_of(w.game)),
        },
    ),
    Row(
        "act_own_seat",
        "tables:act",
        lambda w: [w.running.pk],
        only(("seated",), 200),
        method="post",
        data=lambda w: {"action": own_move(w), "version": str(hidden_claims.shown_of(w.game))},
        changes=("seated",),
    ),
    Row(
        "again_running",
        "tables:again",
        lambda w: [w.running.pk],
        dict.fromkeys(ROLES, 302),
        method="post",
        changes=(),  # only a finished table is opened again (tests/tables/test_table_end.py)
    ),
    # the referee's page of a disputed claim: only an event's referees and organizers,
    # and the running table plays for no event
    Row("referee_page", "tables:referee", lambda w: [w.running.pk], only((), 200)),
    Row(
        "referee_decides",
        "tables:referee",
        lambda w: [w.running.pk],
        only((), 302),
        method="post",
        data=lambda w: {"decision": "accept", "version": str(w.game.version)},
    ),
    Row(
        "table_sounds",
        "tables:sounds",
        lambda w: [],
        {**EVERYONE, "anonymous": 403},
        method="post",
        data={"on": "1"},
    ),
    # --- Play now's invitations (the queue itself is a socket: tests/tables/test_play_socket.py)
    Row("invite_page", "tables:invite", lambda w: [], {**EVERYONE, "anonymous": 302}),
    Row(
        "invite_send",
        "tables:invite",
        lambda w: [],
        # mira may not invite herself; carol is at her limit of open tables
        {**dict.fromkeys(ROLES, 302), "member": 200, "other_table": 200},
        method="post",
        data=lambda w: {"member1": "mira", "ruleset": w.ruleset.pk, "length": "tonpuusen"},
        changes=("seated", "staff", "other_org", "admin"),
        must_change=True,
    ),
    Row(
        "invitation_page",
        "tables:invitation",
        lambda w: [w.extra["invitation"].pk],
        only(("member",), 200),
    ),
    Row(
        "invitation_decline",
        "tables:invitation",
        lambda w: [w.extra["invitation"].pk],
        only(("member",), 302),
        method="post",
        data={"answer": "decline"},
        changes=("member",),
        must_change=True,
    ),
    Row(
        "fill_with_bots",
        "tables:fill_with_bots",
        lambda w: [w.private.pk],
        dict.fromkeys(ROLES, 302),
        method="post",
        changes=("other_table",),  # only the host starts the table with bots
        must_change=True,
    ),
    # --- rules and the API
    Row("rules_index", "rules:index", lambda w: [], EVERYONE),
    Row("rules_tiles", "rules:tiles", lambda w: [], EVERYONE),
    Row("calculator", "rules:calculator", lambda w: [], EVERYONE),
    Row("rulesets", "rules:rulesets", lambda w: [], EVERYONE),
    Row("ruleset_stored", "rules:ruleset_stored", lambda w: [w.ruleset.pk], EVERYONE),
    Row("ruleset_preset", "rules:ruleset", lambda w: ["ronin"], EVERYONE),
    Row("chapter", "rules:chapter", lambda w: [CHAPTERS[-1].slug], EVERYONE),
    # the rulebook's practice, search and words switch are for everyone (a visitor's
    # answers and words stay in the session)
    Row("practice", "rules:practice", lambda w: [], EVERYONE),
    Row("practice_problem", "rules:practice_problem", lambda w: practice_args(), EVERYONE),
    Row("rules_search", "rules:search", lambda w: [], EVERYONE),
    Row(
        "rules_terms",
        "rules:terms",
        lambda w: [],
        dict.fromkeys(ROLES, 302),
        method="post",
        data={"terms": "en-names", "next": "/rules/"},
    ),
    Row(
        "api_score",
        "api:score",
        lambda w: [],
        EVERYONE,
        method="post",
        json=True,
        data={"hand": "123m456p789s234s99p", "win_tile": "4s", "win": "tsumo"},
    ),
    Row("api_score_get", "api:score", lambda w: [], dict.fromkeys(ROLES, 405)),
    Row(
        "api_waits",
        "api:waits",
        lambda w: [],
        EVERYONE,
        method="post",
        json=True,
        data={"hand": "123m456p789s2345s"},
    ),
    # --- players and history
    Row("signup", "players:signup", lambda w: [], {**dict.fromkeys(ROLES, 302), "anonymous": 200}),
    Row("login", "players:login", lambda w: [], EVERYONE),
    # the admin's sign-in form, throttled (players.views.admin_signin): staff go on in
    Row("admin_signin", "admin_signin", lambda w: [], {**EVERYONE, "staff": 302, "admin": 302}),
    # notices: a member's own (anyone else's is a 404)
    Row("notices", "players:notices", lambda w: [], {**EVERYONE, "anonymous": LOGIN}),
    Row(
        "notices_read",
        "players:notices_read",
        lambda w: [],
        {**dict.fromkeys(ROLES, 302), "anonymous": LOGIN},
        method="post",
        changes=tuple(r for r in ROLES if r != "anonymous"),
    ),
    Row(
        "notice_open",
        "players:notice_open",
        lambda w: [w.extra["notice"].pk],
        {**dict.fromkeys(ROLES, 404), "seated": 302, "anonymous": LOGIN},
        method="post",
        changes=("seated",),
        must_change=True,
    ),
    Row("logout_get", "players:logout", lambda w: [], dict.fromkeys(ROLES, 405)),
    Row("logout", "players:logout", lambda w: [], dict.fromkeys(ROLES, 302), method="post"),
    Row(
        "preferences",
        "players:preferences",
        lambda w: [],
        {**EVERYONE, "anonymous": LOGIN},
    ),
    Row("reset", "players:password_reset", lambda w: [], EVERYONE),
    Row(
        "reset_post",
        "players:password_reset",
        lambda w: [],
        dict.fromkeys(ROLES, 302),
        method="post",
        data={"email": "nobody@example.org"},
    ),
    Row("reset_sent", "players:password_reset_done", lambda w: [], EVERYONE),
    Row("reset_confirm", "players:password_reset_confirm", lambda w: ["MQ", "x-y"], EVERYONE),
    Row("reset_done", "players:password_reset_complete", lambda w: [], EVERYONE),
    Row("ranking", "history:ranking", lambda w: [], EVERYONE),
    Row("profile", "history:profile", lambda w: ["alice"], EVERYONE),
    Row("import", "history:import", lambda w: [], {**EVERYONE, "anonymous": LOGIN}),
    Row("running_game", "history:game", lambda w: [w.game.pk], dict.fromkeys(ROLES, 403)),
    Row(
        "running_tenhou6",
        "history:export_tenhou",
        lambda w: [w.game.pk],
        dict.fromkeys(ROLES, 403),
    ),
    Row("running_json", "history:export_json", lambda w: [w.game.pk], dict.fromkeys(ROLES, 403)),
    Row("running_replay", "history:replay", lambda w: [w.game.pk, 0], dict.fromkeys(ROLES, 403)),
    Row(
        "running_replay_view",
        "history:replay",
        lambda w: [w.game.pk, 1],
        dict.fromkeys(ROLES, 403),
    ),
    Row("finished_game", "history:game", lambda w: [w.finished.pk], EVERYONE),
    Row("finished_tenhou6", "history:export_tenhou", lambda w: [w.finished.pk], EVERYONE),
    Row("finished_json", "history:export_json", lambda w: [w.finished.pk], EVERYONE),
    Row("finished_replay", "history:replay", lambda w: [w.finished.pk, 0], EVERYONE),
    Row("running_review", "history:review", lambda w: [w.game.pk, 0], dict.fromkeys(ROLES, 403)),
    Row("finished_review", "history:review", lambda w: [w.finished.pk, 0], EVERYONE),
    # --- tournaments: reading is open, changing is for the event's organizers
    Row("t_index", "tournaments:index", lambda w: [], EVERYONE),
    Row(
        "t_create",
        "tournaments:create",
        lambda w: [],
        only(("staff", "admin"), 200),
    ),
    Row(
        "t_create_post",
        "tournaments:create",
        lambda w: [],
        only(("staff", "admin"), 302),
        method="post",
        data=lambda w: {
            "name": "Fresh Cup",
            "format": Tournament.OFFLINE,
            "start_date": "2026-05-01",
            "ruleset": w.ruleset.pk,
            "rounds": 3,
            "overrides": "",
        },
        changes=("staff", "admin"),
    ),
    Row("t_detail", "tournaments:detail", t, EVERYONE),
    Row("t_edit", "tournaments:edit", t, only(ORGANIZERS, 200)),
    Row(
        "t_edit_post",
        "tournaments:edit",
        t,
        only(ORGANIZERS, 302),
        method="post",
        data=lambda w: {
            "name": "Renamed",
            "format": Tournament.OFFLINE,
            "start_date": "2026-03-01",
            "ruleset": w.ruleset.pk,
            "rounds": 4,
        },
        changes=ORGANIZERS,
    ),
    Row(
        "t_edit_other_event",
        "tournaments:edit",
        lambda w: [w.other_event.pk],
        only(("other_org", "admin"), 302),
        method="post",
        data=lambda w: {
            "name": "Taken over",
            "format": Tournament.OFFLINE,
            "start_date": "2026-03-01",
            "ruleset": w.ruleset.pk,
            "rounds": 2,
        },
        changes=("other_org", "admin"),
    ),
    Row(
        "t_organizer_add",
        "tournaments:organizer_add",
        t,
        only(ORGANIZERS, 302),
        method="post",
        data=lambda w: {"player": "mira"},
        changes=ORGANIZERS,
    ),
    Row(
        "t_organizer_remove",
        "tournaments:organizer_remove",
        lambda w: [w.event.pk, w.users["staff"].pk],
        only(ORGANIZERS, 302),
        method="post",
    ),
    Row(
        "t_sign_up",
        "tournaments:sign_up",
        t,
        {**dict.fromkeys(ROLES, 302), "anonymous": LOGIN},
        method="post",
        data={"team": ""},
        changes=ROLES[1:],  # members enter themselves (registration is open)
    ),
    Row(
        "t_withdraw",
        "tournaments:withdraw",
        t,
        {**dict.fromkeys(ROLES, 302), "anonymous": LOGIN},
        method="post",
        changes=(),  # none of the roles is entered: nothing to withdraw
    ),
    Row(
        "t_entry_add",
        "tournaments:entry_add",
        t,
        only(ORGANIZERS, 302),
        method="post",
        data={"player": "mira", "team": ""},
        changes=ORGANIZERS,
    ),
    Row(
        "t_entry_withdraw",
        "tournaments:entry_withdraw",
        lambda w: [w.event.pk, w.entry.pk],
        only(ORGANIZERS, 302),
        method="post",
        changes=ORGANIZERS,
    ),
    Row(
        "t_round_new",
        "tournaments:round_new",
        t,
        only(ORGANIZERS, 302),
        method="post",
        data={"method": "random", "seating_seed": "3"},
        changes=ORGANIZERS,
    ),
    Row("t_round", "tournaments:round", lambda w: [w.event.pk, w.round_number], EVERYONE),
    Row(
        "t_round_redraw",
        "tournaments:round_redraw",
        lambda w: [w.event.pk, w.round_number],
        only(ORGANIZERS, 302),
        method="post",
        data={"method": "random", "seating_seed": "5"},
        changes=ORGANIZERS,
    ),
    Row(
        "t_round_publish",
        "tournaments:round_publish",
        lambda w: [w.event.pk, w.round_number],
        only(ORGANIZERS, 302),
        method="post",
    ),
    Row(
        "t_round_logs",
        "tournaments:round_logs",
        lambda w: [w.event.pk, w.round_number],
        only(ORGANIZERS, 200),
    ),
    Row(
        "t_round_logs_post",
        "tournaments:round_logs",
        lambda w: [w.event.pk, w.round_number],
        only(ORGANIZERS, 400),  # no file chosen: refused with a message, nothing changed
        method="post",
    ),
    Row(
        "t_round_sheets",
        "tournaments:round_sheets",
        lambda w: [w.event.pk, w.round_number],
        EVERYONE,
    ),
    Row(
        "t_seat_substitute",
        "tournaments:seat_substitute",
        lambda w: [w.event.pk, w.tournament_seat.pk],
        only(ORGANIZERS, 302),
        method="post",
        data=lambda w: {"substitute": Player.objects.get(username="spare").pk},
        changes=ORGANIZERS,
    ),
    Row(
        "t_table_link",
        "tournaments:table_link",
        lambda w: [w.event.pk, w.tournament_table.pk],
        only(ORGANIZERS, 302),
        method="post",
        data=lambda w: {"table_id": w.other.pk},
        changes=ORGANIZERS,
    ),
    Row(
        "t_result",
        "tournaments:result",
        lambda w: [w.event.pk, w.tournament_table.pk],
        only(ORGANIZERS, 200),
    ),
    Row(
        "t_result_post",
        "tournaments:result",
        lambda w: [w.event.pk, w.tournament_table.pk],
        only(ORGANIZERS, 302),
        method="post",
        data={
            "score_0": "40000",
            "score_1": "30000",
            "score_2": "20000",
            "score_3": "10000",
            "leftover_sticks": "0",
            "confirm": "on",
        },
        changes=ORGANIZERS,
    ),
    Row(
        "t_result_check",
        "tournaments:result_check",
        lambda w: [w.event.pk, w.tournament_table.pk],
        only(ORGANIZERS, 200),
        method="post",
        data={"score_0": "25000"},
    ),
    Row("t_league_game", "tournaments:league_game", t, only(ORGANIZERS, 302)),
    Row(
        "t_league_game_post",
        "tournaments:league_game",
        t,
        only(ORGANIZERS, 302),
        method="post",
        data={"score_0": "25000"},
    ),
    Row("t_standings", "tournaments:standings", t, EVERYONE),
    Row("t_standings_partial", "tournaments:standings_partial", t, EVERYONE),
    Row("t_standings_csv", "tournaments:standings_csv", t, EVERYONE),
    Row("t_results_csv", "tournaments:results_csv", t, EVERYONE),
    Row("t_projector", "tournaments:projector", t, EVERYONE),
    # scored real tables: watching is open; the table's players, organizers and
    # referees enter hands (none of the matrix's roles sits at this table)
    Row("t_score", "tournaments:score", lambda w: [w.event.pk, w.tournament_table.pk], EVERYONE),
    # calling the referee: only a player seated at the table (none of the roles is, and
    # the running table plays for no event); the calls page and its actions: the
    # event's referees and organizers (a referee of another event never)
    Row(
        "t_call_referee",
        "tournaments:call_referee",
        lambda w: [w.event.pk, w.tournament_table.pk],
        dict.fromkeys(ROLES, 403),
        method="post",
    ),
    Row(
        "table_call_referee",
        "tables:call_referee",
        lambda w: [w.running.pk],
        dict.fromkeys(ROLES, 403),
        method="post",
    ),
    Row("t_referee_calls", "tournaments:referee_calls", t, only(ORGANIZERS, 200)),
    Row(
        "t_referee_calls_projector",
        "tournaments:referee_calls_projector",
        t,
        only(ORGANIZERS, 302),
        method="post",
        data={"projector_calls": "on"},
        changes=ORGANIZERS,
        must_change=True,
    ),
    Row(
        "t_referee_call_take",
        "tournaments:referee_call_take",
        lambda w: [w.event.pk, w.extra["call"].pk],
        only(ORGANIZERS, 302),
        method="post",
        changes=ORGANIZERS,
        must_change=True,
    ),
    Row(
        "t_referee_call_close",
        "tournaments:referee_call_close",
        lambda w: [w.event.pk, w.extra["call"].pk],
        only(ORGANIZERS, 302),
        method="post",
        data={"note": "matrix"},
        changes=ORGANIZERS,
        must_change=True,
    ),
    Row(
        "t_score_preview",
        "tournaments:score_preview",
        lambda w: [w.event.pk, w.tournament_table.pk],
        only(ORGANIZERS, 200),
        method="post",
        data={"outcome": "exhaustive", "token": "matrix"},
    ),
    Row(
        "t_score_save",
        "tournaments:score_save",
        lambda w: [w.event.pk, w.tournament_table.pk],
        only(ORGANIZERS, 302),
        method="post",
        data={"outcome": "wat", "token": "matrix"},
    ),
    Row(
        "t_score_undo",  # the undo asks first (a page naming the hand), changing nothing
        "tournaments:score_undo",
        lambda w: [w.event.pk, w.tournament_table.pk],
        only(ROLES, 200, anonymous=403),
        method="post",
    ),
    Row(
        "t_score_undo_confirmed",
        "tournaments:score_undo",
        lambda w: [w.event.pk, w.tournament_table.pk],
        only(ROLES, 302, anonymous=403),  # no hand to undo: refused, shown on the page
        method="post",
        data={"sure": "yes", "number": "1"},
    ),
    # agreement before a result counts (tournaments.agreement), at the casual table
    # alice opened and confirmed naming mira and carol: they answer, the club's
    # organizers (staff, admin) agree or settle, alice has answered by confirming
    Row(
        "t_score_agree",
        "tournaments:score_agree",
        casual_args,
        only(("member", "seated", "other_table", "staff", "admin"), 302, anonymous=403),
        method="post",
        changes=("member", "other_table", "staff", "admin"),
        must_change=True,
    ),
    Row(
        "t_score_dispute",
        "tournaments:score_dispute",
        casual_args,
        only(("member", "seated", "other_table"), 302, anonymous=403),
        method="post",
        data={"reason": "matrix"},
        changes=("member", "other_table"),
        must_change=True,
    ),
    Row(
        "t_score_settle",
        "tournaments:score_settle",
        casual_args,
        only(("staff", "admin"), 302, anonymous=403),
        method="post",
        data={"decision": "stands", "reason": "matrix"},
        changes=("staff", "admin"),
        must_change=True,
    ),
    Row(
        "t_score_settle_event",
        "tournaments:score_settle",
        lambda w: [w.event.pk, w.tournament_table.pk],
        only(ORGANIZERS, 302, anonymous=403),  # no result to settle yet: refused
        method="post",
        data={"decision": "stands", "reason": "matrix"},
    ),
    Row(
        "t_score_decline",
        "tournaments:score_decline",
        casual_args,
        only(("member", "seated", "other_table"), 302, anonymous=403),  # alice took part
        method="post",
        changes=("member", "other_table"),
        must_change=True,
    ),
    Row(
        "t_score_confirm",
        "tournaments:score_confirm",
        lambda w: [w.event.pk, w.tournament_table.pk],
        only(ROLES, 302, anonymous=403),
        method="post",
    ),
    # a casual table's own timer: an event's table is not a casual one, for anybody
    # (who may run a casual table's timer: tests/tournaments/test_hand_by_hand_casual_timer.py)
    Row(
        "t_score_timer",
        "tournaments:score_timer",
        lambda w: [0, w.tournament_table.pk],
        dict.fromkeys(ROLES, 404),
    ),
    Row(
        "t_score_timer_action",
        "tournaments:score_timer_action",
        lambda w: [0, w.tournament_table.pk],
        dict.fromkeys(ROLES, 404),
        method="post",
        data={"action": "start"},
    ),
    Row(
        "t_casual_table",
        "tournaments:casual_table",
        lambda w: [],
        only(ROLES, 200, anonymous=403),
    ),
    Row(
        "t_league_table",
        "tournaments:league_table",
        lambda w: [w.event.pk],
        dict.fromkeys(ROLES, 302),  # the event is not a league: back to its page
    ),
    Row(
        "t_penalty_add",
        "tournaments:penalty_add",
        lambda w: [w.event.pk, w.tournament_table.pk],
        only(ORGANIZERS, 302),
        method="post",
        data={"wind": "0", "kind": "penalty", "points": "100", "reason": "matrix"},
        changes=ORGANIZERS,
    ),
    Row(
        "t_penalty_remove",
        "tournaments:penalty_remove",
        lambda w: [w.event.pk, w.tournament_table.pk, 999999],
        only(ORGANIZERS, 404),
        method="post",
        data={"reason": "matrix"},
    ),
    # withdrawing a penalty that is there (only the event's organizers and referees),
    # and at a casual table, which has no referees and so no penalties
    Row(
        "t_penalty_remove_recorded",
        "tournaments:penalty_remove",
        lambda w: [w.event.pk, w.tournament_table.pk, w.extra["penalty"].pk],
        only(ORGANIZERS, 302),
        method="post",
        data={"reason": "matrix"},
        changes=ORGANIZERS,
    ),
    Row(
        "t_penalty_remove_casual",
        "tournaments:penalty_remove",
        lambda w: [0, w.extra["penalty_casual"].pk, w.extra["penalty"].pk],
        dict.fromkeys(ROLES, 403),
        method="post",
        data={"reason": "matrix"},
    ),
    Row("t_timer", "tournaments:timer", lambda w: [w.event.pk, w.round_number], EVERYONE),
    Row(
        "t_timer_action",
        "tournaments:timer_action",
        lambda w: [w.event.pk, w.round_number],
        only(ORGANIZERS, 302),
        method="post",
        data={"action": "extend"},
    ),
    Row(
        "t_entries_bulk",
        "tournaments:entries_bulk",
        t,
        only(ORGANIZERS, 302),  # an unknown name is registered by name
        method="post",
        data={"names": "nobody-by-that-name"},
        changes=ORGANIZERS,
    ),
    Row(
        "t_entries_bulk_refused",
        "tournaments:entries_bulk",
        t,
        only(ORGANIZERS, 200),  # the event's page again, the refused name kept to correct
        method="post",
        data={"names": "Kaiji"},  # already registered by name
    ),
    # people registered by name, their takeover, refusing a self-registration
    Row(
        "t_person_add",
        "tournaments:person_add",
        t,
        only(ORGANIZERS, 302),
        method="post",
        data={"name": "Tetsuya", "email": ""},
        changes=ORGANIZERS,
        must_change=True,
    ),
    Row(
        "t_person_add_other_event",
        "tournaments:person_add",
        lambda w: [w.other_event.pk],
        only(("admin", "other_org"), 302),
        method="post",
        data={"name": "Tetsuya"},
        changes=("admin", "other_org"),
    ),
    Row(
        "t_takeover_ask",
        "tournaments:takeover_ask",
        lambda w: [w.event.pk, w.extra["kaiji"].pk],
        {**dict.fromkeys(ROLES, 302), "anonymous": LOGIN},
        method="post",
        changes=ROLES[1:],  # a request only: the record moves once confirmed
    ),
    Row(
        "t_takeover_ask_members_record",
        "tournaments:takeover_ask",
        lambda w: [w.event.pk, w.entry.player_id],
        {**dict.fromkeys(ROLES, 302), "anonymous": LOGIN},
        method="post",
        changes=(),  # a member's own account: nobody can take it over
    ),
    Row(
        "t_takeover_confirm",
        "tournaments:takeover_confirm",
        lambda w: [w.extra["token"]],
        {**dict.fromkeys(ROLES, 400), "anonymous": LOGIN, "member": 200},
    ),
    Row(
        "t_takeover_confirm_post",
        "tournaments:takeover_confirm",
        lambda w: [w.extra["token"]],
        {**dict.fromkeys(ROLES, 400), "anonymous": LOGIN, "member": 302},
        method="post",
        changes=("member",),  # only the member the link was made for
        must_change=True,
    ),
    Row(
        "t_person_link",
        "tournaments:person_link",
        lambda w: [w.event.pk, w.extra["kaiji"].pk],
        only(ORGANIZERS, 302),
        method="post",
        data={"member": "mira"},
        changes=ORGANIZERS,
        must_change=True,
    ),
    Row(
        "t_person_link_members_record",
        "tournaments:person_link",
        lambda w: [w.event.pk, w.entry.player_id],
        only(ORGANIZERS, 302),
        method="post",
        data={"member": "mira"},
        changes=(),  # refused for everyone: a member's account is nobody's record
    ),
    Row(
        "t_entry_refuse",
        "tournaments:entry_refuse",
        lambda w: [w.event.pk, w.extra["self_entry"].pk],
        only(ORGANIZERS, 302),
        method="post",
        changes=ORGANIZERS,
        must_change=True,
    ),
    Row("t_organizers", "tournaments:organizers", lambda w: [], only(("staff", "admin"), 200)),
    # the club's rulesets without the admin: organizers (staff or the Organizers group)
    Row("t_club_rulesets", "tournaments:club_rulesets", lambda w: [], only(ORGANIZERS, 200)),
    Row("t_club_ruleset_form", "tournaments:club_ruleset_new", lambda w: [], only(ORGANIZERS, 200)),
    Row(
        "t_club_ruleset_new",
        "tournaments:club_ruleset_new",
        lambda w: [],
        only(ORGANIZERS, 302),
        method="post",
        data={
            "name": "EMA, claimed wins",
            "preset": "ema",
            "do": "save",
            "set_win_settlement": "claimed",
        },
        changes=ORGANIZERS,
        must_change=True,
    ),
    Row(
        "t_club_ruleset_edit",
        "tournaments:club_ruleset_edit",
        lambda w: [w.ruleset.pk],
        only(ORGANIZERS, 302),
        method="post",
        # games were played by it: the edit keeps them on an earlier version
        data={
            "name": "East only",
            "preset": "ronin",
            "do": "save",
            "set_game_type": "tonpuusen",
            "set_west_round": "off",
            "set_kuitan": "off",
        },
        changes=ORGANIZERS,
        must_change=True,
    ),
    Row(
        "t_referee_add",
        "tournaments:referee_add",
        t,
        only(ORGANIZERS, 302),
        method="post",
        data={"player": "mira"},
    ),
    Row(
        "t_referee_remove",
        "tournaments:referee_remove",
        lambda w: [w.event.pk, w.users["member"].pk],
        only(ORGANIZERS, 302),
        method="post",
    ),
    Row(
        "t_close_other_event",
        "tournaments:close",
        lambda w: [w.other_event.pk],
        only(("other_org", "admin"), 302),
        method="post",
    ),
    # --- stages, hidden finish, penalty presets and the event's penalty list: the
    # event's organizers (and, for the list, its referees); never another event's
    Row("t_stages", "tournaments:stages", t, only(ORGANIZERS, 200)),
    Row(
        "t_stages_other_event",
        "tournaments:stages",
        lambda w: [w.other_event.pk],
        only(("other_org", "admin"), 200),
    ),
    Row(
        "t_stages_hidden_finish",
        "tournaments:stages",
        t,
        only(ORGANIZERS, 302),
        method="post",
        data={"form": "hidden", "hide_last_rounds": "1"},
        changes=ORGANIZERS,
        must_change=True,
    ),
    Row(
        "t_stages_other_event_post",
        "tournaments:stages",
        lambda w: [w.other_event.pk],
        only(("other_org", "admin"), 302),
        method="post",
        data={"form": "hidden", "hide_last_rounds": "1"},
        changes=("other_org", "admin"),
    ),
    Row(
        "t_stage_remove",
        "tournaments:stage_remove",
        t,
        only(ORGANIZERS, 302),  # no stage: a message, nothing changed
        method="post",
    ),
    Row(
        "t_stage_cut",
        "tournaments:stage_cut",
        t,
        only(ORGANIZERS, 302),  # no stage: a message, nothing changed
        method="post",
    ),
    Row(
        "t_reveal",
        "tournaments:reveal",
        t,
        only(ORGANIZERS, 302),  # nothing hidden: a message, nothing changed
        method="post",
    ),
    Row("t_penalties", "tournaments:penalties", t, only(ORGANIZERS, 200)),
    Row(
        "t_penalties_other_event",
        "tournaments:penalties",
        lambda w: [w.other_event.pk],
        only(("other_org", "admin"), 200),
    ),
    Row(
        "t_preset_add",
        "tournaments:preset_add",
        t,
        only(ORGANIZERS, 302),
        method="post",
        data={"name": "Late", "points": "1000"},
        changes=ORGANIZERS,
        must_change=True,
    ),
    Row(
        "t_preset_add_other_event",
        "tournaments:preset_add",
        lambda w: [w.other_event.pk],
        only(("other_org", "admin"), 302),
        method="post",
        data={"name": "Late", "points": "1000"},
        changes=("other_org", "admin"),
    ),
    Row(
        "t_preset_remove",
        "tournaments:preset_remove",
        lambda w: [w.event.pk, 999999],
        only(ORGANIZERS, 404),
        method="post",
    ),
    # --- Django's admin site (every other admin URL: see the changelist test below)
    Row(
        "admin_index",
        "admin:index",
        lambda w: [],
        {**dict.fromkeys(ROLES, LOGIN), "staff": 200, "admin": 200},
    ),
]


def own_move(world: World) -> str:
    state = states.state_of(Game.objects.get(pk=world.game.pk))
    seat = pending_seats(state)[0]
    return str(autoplay.timeout_choice(seat_view(state, seat)))


def other_seat_move(world: World) -> str:
    """A discard for the next seat (a bot's), of a tile really in its hand."""
    state = states.state_of(Game.objects.get(pk=world.game.pk))
    return f"1:discard:{format_tile(state.hands[1][0])}"


def names_of_urls() -> set[str]:
    def walk(patterns, namespace=""):
        for p in patterns:
            if isinstance(p, URLResolver):
                inner = namespace + (f"{p.namespace}:" if p.namespace else "")
                yield from walk(p.url_patterns, inner)
            elif isinstance(p, URLPattern):
                yield namespace + (p.name or f"<unnamed {p.pattern}>")

    return set(walk(get_resolver().url_patterns))


def test_it_has_a_row_for_every_named_url():
    covered = {row.name for row in ROWS}
    # The admin site is Django's: its index is a row, its model pages are covered by
    # test_it_keeps_the_admin_site_for_staff below, which walks them all.
    missing = {n for n in names_of_urls() if not n.startswith("admin:")} - covered
    assert not missing, f"URLs without a row in the permission matrix: {sorted(missing)}"
    assert len({row.id for row in ROWS}) == len(ROWS)


def client_for(client, world: World, role: str):
    user = world.users[role]
    if user is not None:
        client.force_login(user)
    return client


def call(client, world: World, row: Row):
    url = reverse(row.name, args=row.args(world))
    data = row.data(world) if callable(row.data) else row.data
    if row.method == "get":
        return client.get(url)
    if row.json:
        return client.post(url, json.dumps(data), content_type="application/json")
    return client.post(url, data or {})


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.id)
def test_it_answers_each_role_as_the_matrix_says(client, world, row, role):
    client = client_for(client, world, role)
    writes = rows_written()
    undo = transaction.savepoint()
    response = call(client, world, row)
    body = b"".join(response.streaming_content) if response.streaming else response.content
    changed = changed_since(world, writes, undo)
    expected = row.expect[role]
    if expected == LOGIN:
        assert response.status_code == 302, response.content[:300]
        assert "login" in response["Location"]
    elif expected == 0:  # the table's HTTP move: 403 for anyone not seated
        assert response.status_code == 403
        assert response.json()["error"] == "not_seated"
    else:
        assert response.status_code == expected, (response.status_code, response.content[:500])
    if row.name == "tables:act" and expected == 400:
        # alice tried to move for a bot's seat: refused as illegal
        assert response.json()["error"] == "illegal"
        assert "you sit at seat 0" in response.json()["message"]
    if role not in row.changes:
        assert not changed, f"{role} changed something with {row.id}"
    elif row.must_change:
        assert changed, f"{role} changed nothing with {row.id}"
    assert_no_leak(body.decode("utf-8", "replace"), world, role, row)


def admin_pages() -> list[str]:
    return sorted(n for n in names_of_urls() if n.startswith("admin:") and n.endswith("changelist"))


@pytest.mark.django_db
@pytest.mark.parametrize("name", admin_pages())
def test_it_keeps_the_admin_site_for_staff(client, world, name):
    url = reverse(name)
    for role in ("anonymous", "member", "seated", "other_table", "other_org"):
        response = client_for(client, world, role).get(url)
        assert response.status_code == 302 and "login" in response["Location"], (role, name)
        client.logout()
    # club staff without model permissions see no model pages; a superuser sees all
    assert client_for(client, world, "staff").get(url).status_code == 403
    assert client_for(client, world, "admin").get(url).status_code == 200


@pytest.mark.django_db
def test_it_would_notice_a_leak(client, world):
    """The leak check itself: alice's own table page, shown to anyone else, fails it."""
    client.force_login(world.users["seated"])
    body = client.get(reverse("tables:table", args=[world.running.pk])).content.decode()
    row = next(r for r in ROWS if r.id == "table_running")
    assert_no_leak(body, world, "seated", row)
    for role in ("member", "admin"):
        with pytest.raises(AssertionError, match=r"hidden tiles|more tiles|sees"):
            assert_no_leak(body, world, role, row)
