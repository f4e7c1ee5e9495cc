"""The Django admin at /admin/, for staff: look at any account's games, and deactivate an
account (Django's own UserAdmin: untick "Active").

The games' records are read-only here. A hand changes through games/play/services.py alone,
which checks it against the game's rules, moves the game's version on and keeps a
revision; an edit in the admin would do none of that.
"""

from django.contrib import admin

from games.models import Game, Hand, Player, Revision, Seat, Session


class ReadOnly:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnly, admin.TabularInline):
    model = Seat


class HandInline(ReadOnly, admin.TabularInline):
    model = Hand
    fields = ("number", "record", "version", "updated")


@admin.register(Game)
class GameAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("__str__", "session", "kind", "version", "created")
    list_filter = ("kind",)
    list_select_related = ("session",)
    search_fields = ("session__group__name", "session__place")
    inlines = [SeatInline, HandInline]


@admin.register(Session)
class SessionAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("__str__", "group", "date", "place")
    list_select_related = ("group",)
    search_fields = ("group__name", "place")


@admin.register(Player)
class PlayerAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("name", "group", "created")
    list_select_related = ("group",)
    search_fields = ("name", "group__name")


@admin.register(Revision)
class RevisionAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("game", "number", "action", "version", "by", "via_coscorer", "at")
    list_filter = ("action", "via_coscorer")
    list_select_related = ("game", "by")
