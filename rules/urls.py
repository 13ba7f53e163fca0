from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("", views.index, name="index"),
    path("tiles/", views.tiles_page, name="tiles"),
    path("calculator/", views.calculator, name="calculator"),
    path("rulesets/", views.rulesets_page, name="rulesets"),
    path("rulesets/<id:pk>/", views.ruleset_stored, name="ruleset_stored"),
    path("rulesets/<slug:key>/", views.ruleset_preset, name="ruleset"),
    path("<slug:slug>/", views.chapter, name="chapter"),
]
