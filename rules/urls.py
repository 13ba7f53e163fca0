from django.urls import path

from . import practice_views, views

app_name = "rules"

urlpatterns = [
    path("", views.index, name="index"),
    path("tiles/", views.tiles_page, name="tiles"),
    path("calculator/", views.calculator, name="calculator"),
    path("rulesets/", views.rulesets_page, name="rulesets"),
    path("rulesets/<id:pk>/", views.ruleset_stored, name="ruleset_stored"),
    path("rulesets/<slug:key>/", views.ruleset_preset, name="ruleset"),
    path("practice/", practice_views.index, name="practice"),
    path(
        "practice/<str:day>/<slug:problem_id>/",
        practice_views.problem_page,
        name="practice_problem",
    ),
    path("search/", views.search, name="search"),
    path("terms/", views.switch_terms, name="terms"),
    path("<slug:slug>/", views.chapter, name="chapter"),
]
