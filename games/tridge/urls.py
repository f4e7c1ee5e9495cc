"""Tridge's own screens, included by games/urls.py under each way into a game
(/games/<pk>/tridge/, /s/<token>/tridge/, /c/<token>/tridge/)."""

from django.urls import path
from django.views.decorators.http import require_safe

from games.play import polls
from games.play.access import editing, way_in
from games.tridge import views

SCREENS = [
    path(
        "settlement/",
        require_safe(polls.answered_from_cache(way_in(views.settlement))),
        name="settlement",
    ),
    path(
        "settlement/options/",
        way_in(editing(views.settlement_options)),
        name="settlement_options",
    ),
    path("end/", way_in(editing(views.end_match)), name="end_match"),
]
