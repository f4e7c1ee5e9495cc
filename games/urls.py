from importlib.util import find_spec

from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.http import require_safe

from games.access import editing, way_in
from games.registry import GAMES
from games.views import account, drawn, games, hands, health, players, sessions

# The screens of a game, the same for each way into it (games/access.py). Screens that
# only show answer GET and HEAD alone; the share link is refused those that change the game.
GAME_SCREENS = [
    path("sheet.json", require_safe(way_in(games.sheet)), name="sheet"),
    path("hands.csv", require_safe(way_in(games.hands_csv)), name="csv"),
    path("print/", require_safe(way_in(games.printable)), name="print"),
    path("settlement/", require_safe(way_in(games.settlement)), name="settlement"),
    path("hands/", require_safe(way_in(games.all_hands)), name="hands"),
    path("hands/new/", way_in(editing(hands.hand_new)), name="hand_new"),
    path("hands/<int:number>/", way_in(editing(hands.hand_edit)), name="hand_edit"),
    path("hands/<int:number>/delete/", way_in(editing(hands.hand_delete)), name="hand_delete"),
    path(
        "hands/<int:number>/history/", require_safe(way_in(hands.hand_history)), name="hand_history"
    ),
    # A game's own screens (Contractor's bid calculator): its folder's urls.py, at /<key>/.
    *[
        path(f"{key}/", include(f"games.{key}.urls"))
        for key in GAMES
        if find_spec(f"games.{key}.urls")
    ],
]


def game_screens(board, namespace):
    """One way into a game: its board, then the screens above, named `<namespace>:board`, ...

    Reversing `game:<screen>` while a page of a game is drawn gives the screen reached the
    same way (Django's current_app), so the game's templates name each screen once.
    """
    return include(([path("", board, name="board"), *GAME_SCREENS], "game"), namespace=namespace)


urlpatterns = [
    # First: the phones at the table ask for the boards far more than for the rest. The
    # board is drawn once per change of the game, then answered from the cache.
    path(
        "games/<int:pk>/",
        game_screens(require_safe(drawn.drawn_once("owner")(way_in(games.board))), "game"),
    ),
    path(
        "s/<str:token>/",
        game_screens(require_safe(drawn.drawn_once("viewer")(way_in(games.board))), "shared"),
    ),
    path(
        "c/<str:token>/",
        game_screens(require_safe(drawn.drawn_once("coscorer")(way_in(games.board))), "coscorer"),
    ),
    path("games/<int:pk>/links/", games.links, name="game_links"),
    path("", sessions.home, name="home"),
    path("rules/", sessions.rules, name="rules"),
    path("healthz", health.healthz, name="healthz"),
    path("manifest.webmanifest", health.manifest, name="manifest"),
    path("accounts/signup/", account.signup, name="signup"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
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
    path("sessions/new/", sessions.session_new, name="session_new"),
    path("sessions/<int:pk>/", sessions.session_detail, name="session"),
    path("sessions/<int:pk>/import/", sessions.session_import, name="session_import"),
    path("sessions/<int:pk>/games/new/", games.game_new, name="game_new"),
    path("players/<int:pk>/", players.player_detail, name="player"),
    path("account/", account.account, name="account"),
    path("account/export.json", account.account_export, name="account_export"),
]
