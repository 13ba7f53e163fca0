from django.urls import path

from . import api

app_name = "api"

urlpatterns = [
    path("score", api.score, name="score"),
    path("waits", api.waits, name="waits"),
]
