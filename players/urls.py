from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from . import notice_views, views

app_name = "players"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.signin, name="login"),
    path("preferences/", views.preferences, name="preferences"),
    path("notices/", notice_views.notice_list, name="notices"),
    path("notices/read/", notice_views.mark_all_read, name="notices_read"),
    path("notices/<id:notice_id>/open/", notice_views.open_notice, name="notice_open"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # a forgotten password: ask for a link by e-mail, follow it, choose a new one
    path("password-reset/", views.password_reset, name="password_reset"),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name="players/reset_sent.html"),
        name="password_reset_done",
    ),
    path(
        "password-reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="players/reset_confirm.html",
            success_url=reverse_lazy("players:password_reset_complete"),
        ),
        name="password_reset_confirm",
    ),
    path(
        "password-reset/done/",
        auth_views.PasswordResetCompleteView.as_view(template_name="players/reset_done.html"),
        name="password_reset_complete",
    ),
]
