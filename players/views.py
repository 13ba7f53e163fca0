"""Sign-up and throttled sign-in. (Profiles and the ranking are built from games: see
history.player_views.)"""

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext, gettext_lazy

from . import budgets, throttle
from .forms import PreferencesForm, SignUpForm

LOCKED_MESSAGE = gettext_lazy(
    "Too many failed sign-in attempts. Wait a quarter of an hour and try again, "
    "or ask an organizer to reset your password."
)


SIGNUP_BUDGET_MESSAGE = gettext_lazy(
    "Too many new accounts from your address in the last hour. Please try again later."
)


def signup(request):
    if request.user.is_authenticated:
        return redirect("/")
    form = SignUpForm(request.POST or None)
    address = throttle.client_key(request)
    limit = budgets.signup_limit()
    if request.method == "POST" and (
        budgets.exhausted("signup", address, limit)
        or (form.is_valid() and not budgets.take("signup", address, limit))
    ):
        context = {"form": form, "budget_message": SIGNUP_BUDGET_MESSAGE}
        return render(request, "players/signup.html", context, status=429)
    if request.method == "POST" and form.is_valid():
        player = form.save()
        login(request, player, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("/")
    return render(request, "players/signup.html", {"form": form})


def _throttled(request, attempt, refuse):
    """Run a sign-in ``attempt`` unless this account is locked at this address; count
    its failure or clear the failures on success. ``refuse`` answers a locked one
    without checking the password at all."""
    username = request.POST.get("username", "")
    address = throttle.client_key(request)
    if throttle.is_locked(username, address):
        return refuse()
    response = attempt()
    if request.user.is_authenticated:
        throttle.clear(username, address)
    else:
        throttle.record_failure(username, address)
    return response


class ThrottledLoginView(auth_views.LoginView):
    template_name = "players/login.html"

    def post(self, request, *args, **kwargs):
        def refuse():
            form = self.get_form_class()(request, initial={"username": ""})
            context = self.get_context_data(form=form, locked_message=LOCKED_MESSAGE)
            return self.render_to_response(context, status=429)

        return _throttled(request, lambda: super(ThrottledLoginView, self).post(request), refuse)


signin = ThrottledLoginView.as_view()


class ClubPasswordResetView(auth_views.PasswordResetView):
    """Django's reset flow in the club's pages; the link is valid for a few days
    (PASSWORD_RESET_TIMEOUT) and only once. The page answers the same whether or not
    the address belongs to a member, so it tells nobody who is one."""

    template_name = "players/reset_request.html"
    email_template_name = "players/reset_email.txt"
    subject_template_name = "players/reset_subject.txt"
    success_url = reverse_lazy("players:password_reset_done")

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "club_name": settings.CLUB_NAME}

    def form_valid(self, form):
        form.cleaned_data["email"] = form.cleaned_data["email"].strip()
        return super().form_valid(form)


password_reset = ClubPasswordResetView.as_view(
    extra_email_context={"club_name": settings.CLUB_NAME}
)


@login_required
def preferences(request):
    """A member's own settings: shown name, e-mail, words at the table, learning aids."""
    form = PreferencesForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, gettext("Your settings are saved."))
        return redirect("players:preferences")
    return render(request, "players/preferences.html", {"form": form})


def admin_signin(request, extra_context=None):
    """The admin's sign-in form, throttled like the members' one."""
    if request.method != "POST":
        return admin.site.login(request, extra_context)

    def refuse():
        return render(
            request, "players/locked.html", {"locked_message": LOCKED_MESSAGE}, status=429
        )

    return _throttled(request, lambda: admin.site.login(request, extra_context), refuse)
