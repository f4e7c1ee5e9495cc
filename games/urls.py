from django.contrib.auth import views as auth_views
from django.urls import path
from django.views.decorators.http import require_safe

from games.access import as_coscorer, as_owner, as_viewer, editing
from games.registry import GAMES
from games.views import account, accounts, games, hands, health, players, sessions

urlpatterns = [
    path("", sessions.home, name="home"),
    path("rules/", sessions.rules, name="rules"),
    path("healthz", health.healthz, name="healthz"),
    path("manifest.webmanifest", health.manifest, name="manifest"),
    path("accounts/signup/", accounts.signup, name="signup"),
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
    path("games/<int:pk>/links/", as_owner(games.links), name="game_links"),
    path("players/<int:pk>/", players.player_detail, name="player"),
    path("account/", account.account, name="account"),
    path("account/export.json", account.account_export, name="account_export"),
]

# Every screen of a game, reachable three ways: the owner's /games/<pk>/, the read-only
# share link /s/<token>/ and the co-scorer link /c/<token>/ (see games/access.py).
# A game's own screens (Contractor's bid calculator, Tridge's settlement) are its SCREENS
# (games/kind.py), mounted the same three ways under /<kind>/.
GAME_SCREENS = [
    ("", games.board, "game", False),
    ("sheet.json", games.sheet, "game_sheet", False),
    ("hands.csv", games.hands_csv, "game_csv", False),
    ("print/", games.printable, "game_print", False),
    ("hands/", games.all_hands, "game_hands", False),
    ("hands/new/", hands.hand_new, "hand_new", True),
    ("hands/<int:number>/", hands.hand_edit, "hand_edit", True),
    ("hands/<int:number>/delete/", hands.hand_delete, "hand_delete", True),
    ("hands/<int:number>/history/", hands.hand_history, "hand_history", False),
]
for kind in GAMES.values():
    GAME_SCREENS += [(f"{kind.KEY}/{route}", *rest) for route, *rest in kind.SCREENS]

for way, _role, prefix, suffix in [
    (as_owner, "owner", "games/<int:pk>/", ""),
    (as_viewer, "viewer", "s/<str:token>/", "_shared"),
    (as_coscorer, "coscorer", "c/<str:token>/", "_coscorer"),
]:
    for route, view, name, changes in GAME_SCREENS:
        # The read-only link is refused the screens that change the game; screens that
        # only show answer GET and HEAD alone.
        view = way(editing(view)) if changes else require_safe(way(view))
        urlpatterns.append(path(prefix + route, view, name=name + suffix))
