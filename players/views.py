"""Sign-up and throttled sign-in. (Profiles and the ranking are built from games: see
tables.history_views.)"""

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render

from . import throttle
from .forms import SignUpForm

LOCKED_MESSAGE = (
    "Too many failed sign-in attempts. Wait a quarter of an hour and try again, "
    "or ask an organizer to reset your password."
)


def signup(request):
    if request.user.is_authenticated:
        return redirect("/")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        player = form.save()
        login(request, player, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("/")
    return render(request, "players/signup.html", {"form": form})


class ThrottledLoginView(auth_views.LoginView):
    template_name = "players/login.html"

    def post(self, request, *args, **kwargs):
        username = request.POST.get("username", "")
        address = request.META.get("REMOTE_ADDR", "")
        if throttle.is_locked(username, address):
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, LOCKED_MESSAGE)
            return self.render_to_response(self.get_context_data(form=form), status=429)
        response = super().post(request, *args, **kwargs)
        if request.user.is_authenticated:
            throttle.clear(username, address)
        else:
            throttle.record_failure(username, address)
        return response


signin = ThrottledLoginView.as_view()
