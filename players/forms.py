from django.contrib.auth.forms import UserCreationForm

from .models import Player


class SignUpForm(UserCreationForm):
    class Meta:
        model = Player
        fields = ("username", "display_name")
        help_texts = {"display_name": "Shown at the table; leave empty to use your username."}
