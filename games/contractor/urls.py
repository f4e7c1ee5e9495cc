"""Contractor's own screens, mounted by games/urls.py under each way into a game
(/games/<pk>/contractor/, /s/<token>/contractor/, /c/<token>/contractor/)."""

from games.contractor import views

# (route, view, name, whether it changes the game): the same shape as games.urls.GAME_SCREENS.
SCREENS = [
    ("calculator/", views.calculator, "contractor_calculator", False),
]
