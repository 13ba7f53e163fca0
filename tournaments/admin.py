from django.contrib import admin

from .models import (
    Chombo,
    Correction,
    Registration,
    Result,
    Round,
    RoundBye,
    Seat,
    Tournament,
    TournamentTable,
)


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "format", "start_date", "end_date", "rounds", "registration_open"]
    list_filter = ["format"]
    search_fields = ["name"]
    raw_id_fields = ["created_by"]
    filter_horizontal = ["organizers"]
    inlines = [RegistrationInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player", "substitute_for"]


@admin.register(TournamentTable)
class TournamentTableAdmin(admin.ModelAdmin):
    list_display = ["tournament", "round", "number", "table_id"]
    list_filter = ["tournament"]
    inlines = [SeatInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "method", "duplicate", "published"]


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ["table", "scores", "leftover_sticks", "source", "finished_at"]


@admin.register(Correction)
class CorrectionAdmin(admin.ModelAdmin):
    list_display = [
        "table",
        "field",
        "old_value",
        "new_value",
        "reason",
        "changed_by",
        "changed_at",
    ]
    readonly_fields = [f.name for f in Correction._meta.fields]


admin.site.register([Chombo, RoundBye])
