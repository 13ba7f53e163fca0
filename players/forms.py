from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from . import names
from .models import NOTICE_KINDS, Player

EMAIL_HELP = _("Optional; only used to send you a link when you forget your password.")


class SignUpForm(UserCreationForm):
    class Meta:
        model = Player
        fields = ("username", "display_name", "email")
        labels = {"display_name": _("Display name")}
        help_texts = {
            "display_name": _("Shown at the table; leave empty to use your username."),
            "email": EMAIL_HELP,
        }

    def clean_username(self):
        # Django's check answers None (with its own error) for a name already taken.
        username = super().clean_username()
        if username:
            names.check_not_a_bot(username)
            names.check_username(username, Player)
        return username

    def clean_display_name(self):
        display = self.cleaned_data.get("display_name", "").strip()
        if display:
            names.check_shown_name(display, Player)
        return display

    def clean(self):
        cleaned = super().clean()
        # Without a display name the username is what others see: it may not copy
        # another member's display name either.
        username = cleaned.get("username")
        if username and not cleaned.get("display_name") and "username" not in self.errors:
            try:
                names.check_shown_name(username, Player)
            except ValidationError as error:
                self.add_error("username", error)
        return cleaned


def check_address(address: str, exclude_pk=None) -> str:
    """A usable e-mail address (one line, a domain with a dot), not another member's."""
    address = address.strip()
    if not address:
        return ""
    if any(c in address for c in "\r\n\0") or len(address) > 254:
        raise ValidationError(_("Enter one e-mail address."))
    local, _at, domain = address.rpartition("@")
    if not local or "." not in domain.strip(".") or domain.endswith("."):
        raise ValidationError(
            _("Enter a whole e-mail address with its domain, like name@example.org.")
        )
    if Player.objects.filter(email__iexact=address).exclude(pk=exclude_pk).exists():
        raise ValidationError(_("Another member already uses this e-mail address."))
    return address


class PreferencesForm(forms.ModelForm):
    """What a member sets for themselves: shown name, address, words and learning aids."""

    mail_notices = forms.MultipleChoiceField(
        label=_("Notices also sent by e-mail"),
        choices=NOTICE_KINDS,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_(
            "Every notice is shown under the bell; the ones ticked also come to "
            "your e-mail address."
        ),
    )

    class Meta:
        model = Player
        fields = (
            "display_name",
            "email",
            "language",
            "terms",
            "learning_aids",
            "hide_online",
            "tenhou_name",
            "mahjongsoul_name",
            "mail_notices",
        )
        labels = {"display_name": _("Display name")}
        help_texts = {
            "display_name": _("Shown at the table; leave empty to use your username."),
            "email": EMAIL_HELP,
        }
        widgets = {"terms": forms.RadioSelect, "language": forms.RadioSelect}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # a form sent without the language (an older page) keeps the member's own
        self.fields["language"].required = False

    def clean_language(self):
        return self.cleaned_data.get("language") or self.instance.language

    def clean_display_name(self):
        display = self.cleaned_data.get("display_name", "").strip()
        if display:
            names.check_shown_name(display, Player, exclude_pk=self.instance.pk)
        return display

    def clean_email(self):
        return check_address(self.cleaned_data.get("email", ""), exclude_pk=self.instance.pk)

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("mail_notices") and not cleaned.get("email") and "email" not in self.errors:
            self.add_error("email", _("Give an e-mail address to receive notices by e-mail."))
        return cleaned

    def _in_game_name(self, field: str, site: str) -> str:
        """An in-game name: printable, and linked to one member only."""
        name = self.cleaned_data.get(field, "").strip()
        if not name:
            return ""
        names.check_characters(name)
        taken = (
            Player.objects.filter(**{f"{field}__iexact": name})
            .exclude(pk=self.instance.pk)
            .exists()
        )
        if taken:
            raise forms.ValidationError(
                _(
                    "Another member has already linked the %(site)s name %(name)s; "
                    "ask an organizer if it is yours."
                )
                % {"site": site, "name": repr(name)}
            )
        return name

    def clean_tenhou_name(self):
        return self._in_game_name("tenhou_name", "Tenhou")

    def clean_mahjongsoul_name(self):
        return self._in_game_name("mahjongsoul_name", "Mahjong Soul")
