from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

app_name = "players"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.signin, name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
]
