import importlib

from django.contrib.auth import views as auth_views
from django.urls import include, path

from games.registry import GAMES
from games.views import accounts, games, hands, health, sessions

urlpatterns = [
    path("", sessions.home, name="home"),
    path("rules/", sessions.rules, name="rules"),
    path("healthz", health.healthz, name="healthz"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("sessions/new/", sessions.session_new, name="session_new"),
    path("sessions/<int:pk>/", sessions.session_detail, name="session"),
    path("sessions/<int:pk>/import/", sessions.session_import, name="session_import"),
    path("sessions/<int:pk>/games/new/", games.game_new, name="game_new"),
    path("games/<int:pk>/", games.game_detail, name="game"),
    path("games/<int:pk>/sheet.json", games.game_sheet, name="game_sheet"),
    path("games/<int:pk>/settlement/", games.settlement, name="settlement"),
    path("games/<int:pk>/hands/new/", hands.hand_new, name="hand_new"),
    path("games/<int:pk>/hands/<int:number>/", hands.hand_edit, name="hand_edit"),
    path("games/<int:pk>/hands/<int:number>/delete/", hands.hand_delete, name="hand_delete"),
    path("games/<int:pk>/hands/<int:number>/history/", hands.hand_history, name="hand_history"),
]


# A game's own screens (Contractor's bid calculator, ...) live in its folder's urls.py,
# mounted under its games: /games/<pk>/<kind>/...
for kind in GAMES:
    try:
        importlib.import_module(f"games.{kind}.urls")
    except ModuleNotFoundError:
        continue
    urlpatterns.append(path(f"games/<int:pk>/{kind}/", include(f"games.{kind}.urls")))
