from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.http import require_safe

from games.engine.registry import GAMES
from games.play import polls
from games.play.access import editing, way_in
from games.views import (
    account,
    again,
    evening,
    games,
    groups,
    hands,
    health,
    leaving,
    ledger,
    links,
    offline,
    players,
    recovery,
    sessions,
    table,
    undo,
)

# The screens of a game, the same for each way into it (games/play/access.py). Screens that
# only show answer GET and HEAD alone; the share link is refused those that change the game.
GAME_SCREENS = [
    # First: the phones at the table ask for the board far more than for the rest.
    path("", require_safe(polls.answered_from_cache(way_in(games.board))), name="board"),
    path("sheet.json", require_safe(way_in(games.sheet)), name="sheet"),
    path("hands.csv", require_safe(way_in(games.hands_csv)), name="csv"),
    path("print/", require_safe(way_in(games.printable)), name="print"),
    path("hands/", require_safe(polls.answered_from_cache(way_in(games.all_hands))), name="hands"),
    path("hands/new/", way_in(editing(hands.hand_new)), name="hand_new"),
    path("hands/<int:number>/", way_in(editing(hands.hand_edit)), name="hand_edit"),
    path("hands/<int:number>/delete/", way_in(editing(hands.hand_delete)), name="hand_delete"),
    path(
        "hands/<int:number>/history/", require_safe(way_in(hands.hand_history)), name="hand_history"
    ),
    path("hands/restore/", way_in(editing(undo.hand_restore)), name="hand_restore"),
    path("hands/put-back/", way_in(editing(undo.hand_put_back)), name="hand_put_back"),
    path("undo/", way_in(editing(undo.undo)), name="undo"),
    # A game's own screens (Contractor's bid calculator, Tridge's settlement), at /<key>/.
    *[path(f"{kind.KEY}/", include(kind.SCREENS)) for kind in GAMES.values() if kind.SCREENS],
]


def game_screens(namespace):
    """One way into a game: the screens above, named `<namespace>:board`, ...

    Reversing `game:<screen>` while a page of a game is drawn gives the screen reached the
    same way (Django's current_app), so the game's templates name each screen once.
    """
    return include((GAME_SCREENS, "game"), namespace=namespace)


urlpatterns = [
    path("games/<int:pk>/", game_screens("game")),
    path("s/<str:token>/", game_screens("shared")),
    path("c/<str:token>/", game_screens("coscorer")),
    path("games/<int:pk>/links/", games.links, name="game_links"),
    path("games/<int:pk>/rematch/", games.rematch, name="game_rematch"),
    # Play again with no signal: the next game's page, its first dealer at `seat`.
    path("games/<int:pk>/again/<int:seat>/", again.again, name="game_again"),
    path("games/<int:pk>/stake/", evening.game_stake, name="game_stake"),
    path("games/<int:pk>/rename/", games.game_rename, name="game_rename"),
    path("games/<int:pk>/delete/", games.game_delete, name="game_delete"),
    path("", sessions.home, name="home"),
    path("rules/", sessions.rules, name="rules"),
    path("healthz", health.healthz, name="healthz"),
    path("manifest.webmanifest", health.manifest, name="manifest"),
    # For use with no signal: the service worker (its scope is where it is served from),
    # and its page for a place it did not keep.
    path("sw.js", offline.worker, name="service_worker"),
    path("offline/", offline.offline_page, name="offline"),
    path("accounts/signup/", account.signup, name="signup"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", offline.emptying(auth_views.LogoutView.as_view()), name="logout"),
    path(
        "accounts/password_change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    # A forgotten password: Django's own reset by mail, limited (games/views/recovery.py).
    path(
        "accounts/password_reset/",
        recovery.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "accounts/password_reset/done/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("sessions/new/", sessions.session_new, name="session_new"),
    path("sessions/<int:pk>/", sessions.session_detail, name="session"),
    path("sessions/<int:pk>/import/", sessions.session_import, name="session_import"),
    path("sessions/<int:pk>/edit/", sessions.session_edit, name="session_edit"),
    path("sessions/<int:pk>/delete/", sessions.session_delete, name="session_delete"),
    path("sessions/<int:pk>/games/new/", games.game_new, name="game_new"),
    path("sessions/<int:pk>/settle/", evening.settle_up, name="session_settle"),
    path("sessions/<int:pk>/settle/paid/", evening.mark_paid, name="session_paid"),
    path("sessions/<int:pk>/settle/undo/", evening.undo_paid, name="session_paid_undo"),
    path("players/<int:pk>/", players.player_detail, name="player"),
    path("players/<int:pk>/rename/", players.player_rename, name="player_rename"),
    path("players/<int:pk>/merge/", players.player_merge, name="player_merge"),
    path("players/<int:pk>/delete/", players.player_delete, name="player_delete"),
    path("players/<int:pk>/account/", players.player_account, name="player_account"),
    path("me/", players.me, name="me"),
    path("groups/new/", groups.group_new, name="group_new"),
    path("groups/<int:pk>/", groups.group_detail, name="group"),
    path("groups/<int:pk>/rename/", groups.group_rename, name="group_rename"),
    path("groups/<int:pk>/invite/", groups.group_invite, name="group_invite"),
    path("groups/<int:pk>/leave/", leaving.group_leave, name="group_leave"),
    path("groups/<int:pk>/table/<int:left>/share/", table.share_out, name="group_table_share"),
    path("groups/<int:pk>/settle/", ledger.group_settle, name="group_settle"),
    path("groups/<int:pk>/settle/pay/", ledger.group_pay, name="group_pay"),
    path("groups/<int:pk>/settle/undo/", ledger.group_pay_undo, name="group_pay_undo"),
    path("groups/<int:pk>/export.json", groups.group_export, name="group_export"),
    path("groups/<int:pk>/links/", links.group_links, name="group_links"),
    path(
        "groups/<int:pk>/members/<int:user_pk>/remove/",
        leaving.group_remove,
        name="group_remove",
    ),
    path(
        "groups/<int:pk>/members/<int:user_pk>/back/",
        leaving.group_member_back,
        name="group_member_back",
    ),
    path("join/<str:token>/", groups.join, name="join"),
    path("account/", account.account, name="account"),
    path("account/email/", recovery.account_email, name="account_email"),
    path("account/export.json", account.account_export, name="account_export"),
    path("account/restore/", account.restore, name="restore"),
]
