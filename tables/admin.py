from django.contrib import admin

from .models import DriverLease, Game, HandRecord, Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = (
        "index",
        "player",
        "bot_level",
        "connected",
        "auto_win",
        "no_calls",
        "auto_riichi_discard",
        "sort_hand",
    )


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("name", "ruleset", "status", "is_private", "created_by", "created")
    list_filter = ("status", "is_private")
    search_fields = ("name",)
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("table", "index", "player", "bot_level", "connected")
    list_filter = ("bot_level", "connected")


class HandRecordInline(admin.TabularInline):
    model = HandRecord
    extra = 0
    fields = ("index", "round_wind", "round_number", "honba", "result_type", "winners", "points")
    readonly_fields = fields
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("pk", "table", "version", "hand_index", "started", "finished")
    list_filter = ("finished",)
    # The log is the truth of a game: editing it by hand would break its replay.
    readonly_fields = ("log", "version", "seed", "ruleset")
    inlines = [HandRecordInline]


@admin.register(HandRecord)
class HandRecordAdmin(admin.ModelAdmin):
    list_display = ("game", "index", "round_wind", "round_number", "honba", "result_type", "points")
    list_filter = ("result_type",)


@admin.register(DriverLease)
class DriverLeaseAdmin(admin.ModelAdmin):
    list_display = ("game", "owner", "expires")
