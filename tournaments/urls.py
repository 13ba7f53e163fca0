from django.urls import path

from . import (
    agreement_views,
    club_ruleset_views,
    log_round_views,
    open_tables,
    role_views,
    round_views,
    scored_views,
    timer_views,
    views,
)

app_name = "tournaments"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("tables/new/", open_tables.casual_new, name="casual_table"),
    path("<id:tournament_id>/tables/new/", open_tables.league_table_new, name="league_table"),
    path("organizers/", role_views.organizers, name="organizers"),
    path("rulesets/", club_ruleset_views.rulesets_list, name="club_rulesets"),
    path("rulesets/new/", club_ruleset_views.ruleset_new, name="club_ruleset_new"),
    path("rulesets/<id:pk>/edit/", club_ruleset_views.ruleset_edit, name="club_ruleset_edit"),
    path("<id:tournament_id>/referees/", role_views.referee_add, name="referee_add"),
    path(
        "<id:tournament_id>/referees/<id:player_id>/remove/",
        role_views.referee_remove,
        name="referee_remove",
    ),
    path("<id:tournament_id>/close/", role_views.close_event, name="close"),
    path("<id:tournament_id>/entries/bulk/", role_views.entries_bulk, name="entries_bulk"),
    path("<id:tournament_id>/", views.detail, name="detail"),
    path("<id:tournament_id>/edit/", views.edit, name="edit"),
    path("<id:tournament_id>/organizers/", role_views.organizer_add, name="organizer_add"),
    path(
        "<id:tournament_id>/organizers/<id:player_id>/remove/",
        role_views.organizer_remove,
        name="organizer_remove",
    ),
    path("<id:tournament_id>/register/", views.sign_up, name="sign_up"),
    path("<id:tournament_id>/withdraw/", views.withdraw, name="withdraw"),
    path("<id:tournament_id>/entries/", views.entry_add, name="entry_add"),
    path(
        "<id:tournament_id>/entries/<id:entry_id>/withdraw/",
        views.entry_withdraw,
        name="entry_withdraw",
    ),
    path("<id:tournament_id>/rounds/", round_views.round_new, name="round_new"),
    path("<id:tournament_id>/rounds/<id:number>/", round_views.round_detail, name="round"),
    path(
        "<id:tournament_id>/rounds/<id:number>/timer/",
        timer_views.timer_fragment,
        name="timer",
    ),
    path(
        "<id:tournament_id>/rounds/<id:number>/timer/control/",
        timer_views.timer_action,
        name="timer_action",
    ),
    path(
        "<id:tournament_id>/rounds/<id:number>/logs/",
        log_round_views.round_logs,
        name="round_logs",
    ),
    path(
        "<id:tournament_id>/rounds/<id:number>/redraw/",
        round_views.round_redraw,
        name="round_redraw",
    ),
    path(
        "<id:tournament_id>/rounds/<id:number>/publish/",
        round_views.round_publish,
        name="round_publish",
    ),
    path(
        "<id:tournament_id>/rounds/<id:number>/sheets/",
        round_views.round_sheets,
        name="round_sheets",
    ),
    path(
        "<id:tournament_id>/seats/<id:seat_id>/substitute/",
        round_views.seat_substitute,
        name="seat_substitute",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/link/", round_views.table_link, name="table_link"
    ),
    path("<id:tournament_id>/tables/<id:table_pk>/result/", views.table_result, name="result"),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/result/check/",
        views.table_result_check,
        name="result_check",
    ),
    path("<id:tournament_id>/tables/<id:table_pk>/score/", scored_views.score_table, name="score"),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/score/preview/",
        scored_views.score_preview,
        name="score_preview",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/score/hands/",
        scored_views.score_save,
        name="score_save",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/score/timer/",
        scored_views.score_timer,
        name="score_timer",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/score/timer/control/",
        scored_views.score_timer_action,
        name="score_timer_action",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/score/undo/",
        scored_views.score_undo,
        name="score_undo",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/score/agree/",
        agreement_views.agree,
        name="score_agree",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/score/dispute/",
        agreement_views.dispute,
        name="score_dispute",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/score/settle/",
        agreement_views.settle,
        name="score_settle",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/score/decline/",
        agreement_views.decline,
        name="score_decline",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/score/confirm/",
        scored_views.score_confirm,
        name="score_confirm",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/penalties/",
        scored_views.penalty_add,
        name="penalty_add",
    ),
    path(
        "<id:tournament_id>/tables/<id:table_pk>/penalties/<id:penalty_id>/remove/",
        scored_views.penalty_remove,
        name="penalty_remove",
    ),
    path("<id:tournament_id>/games/new/", views.league_game_new, name="league_game"),
    path("<id:tournament_id>/standings/", views.standings, name="standings"),
    path("<id:tournament_id>/standings/live/", views.standings_partial, name="standings_partial"),
    path("<id:tournament_id>/standings.csv", views.standings_csv, name="standings_csv"),
    path("<id:tournament_id>/results.csv", views.results_csv, name="results_csv"),
    path("<id:tournament_id>/projector/", views.projector, name="projector"),
]
