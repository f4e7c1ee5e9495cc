"""Contractor's own screens, included by games/urls.py under each way into a game
(/games/<pk>/contractor/, /s/<token>/contractor/, /c/<token>/contractor/)."""

from django.urls import path
from django.views.decorators.http import require_safe

from games.contractor import views
from games.play.access import way_in

SCREENS = [
    path("calculator/", require_safe(way_in(views.calculator)), name="contractor_calculator"),
]
