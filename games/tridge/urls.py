"""Tridge's own screens, mounted by games/urls.py under each way into a game
(/games/<pk>/tridge/, /s/<token>/tridge/, /c/<token>/tridge/)."""

from games.tridge import views

# (route, view, name, whether it changes the game): the same shape as games.urls.GAME_SCREENS.
SCREENS = [
    ("settlement/", views.settlement, "settlement", False),
]
