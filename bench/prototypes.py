"""Reference points measured beside the app by `make bench` (bench/urls.py); not the app.

- `logged_in`: "ok" once the session and the user are loaded: the least any page of an
  owner costs, however cheap its own work.
- `board_drawn`: the owner's scoreboard drawn afresh on every request, as the app draws it
  the first time after a change of the game (the app's own view, past its cache): what
  the scorer's phone waits for after saving a hand.
"""

from __future__ import annotations

from django.http import HttpResponse

from games.access import as_owner
from games.views.games import board


def logged_in(request):
    if not request.user.is_authenticated:
        return HttpResponse("log in first", status=403, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


@as_owner
def _drawn(request, access):
    request.drawing = '"bench"'
    return board(request, access)


def board_drawn(request, pk):
    return _drawn(request, pk=pk)
