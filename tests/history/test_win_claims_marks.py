"""A claim the review settled against the engine's reading, on the record: the replay's
claim panel and result line, and games stored before claims were kept from their
claimants (rules.engine.claims.procedure.against_reading, tables migration 0008)."""

import html
import importlib
import json
import re

from django.apps import apps
from django.urls import reverse

from history.logs.ownjson import parse
from history.logs.store import store_game
from rules.engine import GameSetup, apply, parse_action
from rules.engine.presets import RONIN
from rules.engine.state import LEGACY_CLAIM_RULES
from rules.engine.testing import play, scenario
from tables.models import Game, HandRecord

CLAIMED = RONIN.replace(win_settlement="claimed", renhou="off")
TANYAO = "234m456p678s2255s"
NAMES = ["Ann", "Ben", "Cy", "Di"]
SIX_YAKUMAN = ["0:claim:6xyakuman", "1:ng:noten", "2:ng:noten", "3:ng:noten"]


def _dealer_wins_anyway(claim_rules=None, decision="1:accept"):
    """Ann (the dealer) calls Win anyway on a noten hand and claims six yakuman; the
    three others say NG; the reviewer fixes it as claimed."""
    state = scenario({1: TANYAO}, draws="5s", ruleset=CLAIMED, dora="9p", ura="9m")
    state = play(state, "0:win_anyway")
    setup = state.setup if claim_rules is None else GameSetup(*state.setup[:4], claim_rules)
    from rules.engine import replay

    state = replay(setup, state.actions)
    for line in [*SIX_YAKUMAN, decision]:
        state, _ = apply(state, parse_action(line))
    return state


def _steps(client, game):
    url = reverse("history:replay", args=[game.pk, 0])
    pages = {}
    for step in range(40):
        page = client.get(f"{url}?view=all&step={step}", HTTP_HX_REQUEST="true").content.decode()
        label = html.unescape(re.search(r'class="step-label">([^<]*)<', page).group(1))
        pages[label] = html.unescape(page)
        if 'class="button step-forward"' not in page:
            break
    return pages


def test_the_replay_marks_a_win_fixed_against_the_reading(client, db):
    state = _dealer_wins_anyway()
    game = store_game(title="Marked", players=NAMES, setup=state.setup, actions=state.actions)
    assert HandRecord.objects.get(game=game, index=0).against_reading == [0]
    pages = _steps(client, game)
    end = pages["Tsumo: Ann wins on 5s"]  # the decision's step ends the hand
    assert "Ben's review:</strong> fixed as claimed" in end
    assert "(against the app's reading)" in end
    assert "Settled against the app's reading." in end


def test_the_replay_names_the_reading_that_decided_for_a_lone_person(client, db):
    state = scenario(
        {1: TANYAO}, draws="5s", ruleset=CLAIMED, dora="9p", ura="9m", robots=(1, 2, 3)
    )
    state = play(state, "0:win_anyway")
    for line in [*SIX_YAKUMAN, "1:chombo:game_over"]:
        state, _ = apply(state, parse_action(line))
    game = store_game(title="Alone", players=NAMES, setup=state.setup, actions=state.actions)
    pages = _steps(client, game)
    end = pages["Chombo by Ann: the hand is played again"]
    assert "The app's reading:</strong> chombo" in end and "against the app" not in end
    assert HandRecord.objects.get(game=game, index=0).against_reading == []


def test_an_old_claimed_game_replays_as_played_and_is_marked_by_the_migration(client, db):
    """Stored before the procedure changed: Ann reviewed her own claim and fixed it."""
    state = _dealer_wins_anyway(LEGACY_CLAIM_RULES, decision="0:accept")
    game = store_game(title="Old", players=NAMES, setup=state.setup, actions=state.actions)
    # as the rows stood before the migration: no version, no mark
    Game.objects.filter(pk=game.pk).update(claim_rules=2)
    HandRecord.objects.filter(game=game).update(against_reading=[])
    migration = importlib.import_module("tables.migrations.0008_claim_rules_and_marks")
    migration.mark_old_claimed_games(apps, None)
    game.refresh_from_db()
    assert game.claim_rules == LEGACY_CLAIM_RULES
    assert HandRecord.objects.get(game=game, index=0).against_reading == [0]
    pages = _steps(client, game)
    assert "Ann's review:</strong> fixed as claimed" in pages["Tsumo: Ann wins on 5s"]
    assert "(against the app's reading)" in pages["Tsumo: Ann wins on 5s"]
    own = json.loads(client.get(reverse("history:export_json", args=[game.pk])).content)
    assert own["claim_rules"] == LEGACY_CLAIM_RULES
    read = parse(own)
    assert read.setup.claim_rules == LEGACY_CLAIM_RULES and not read.problems
    assert [h.status for h in read.hands] == ["match"]
