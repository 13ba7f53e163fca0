from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import Player


@admin.register(Player)
class PlayerAdmin(UserAdmin):
    list_display = ("username", "display_name", "is_bot", "is_placeholder", "is_staff")
    list_filter = ("is_bot", "is_placeholder", "is_staff")
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Club", {"fields": ("display_name", "is_bot", "is_placeholder")}),
    )
