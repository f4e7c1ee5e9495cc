"""Reference points measured beside the app by `make bench` (bench/urls.py); not the app.

- `logged_in`: "ok" once the session and the user are loaded: the least any page of an
  owner costs, however cheap its own work.
- `board_drawn`: the owner's scoreboard drawn afresh on every request, as the app draws it
  the first time after a change of the game (the app's own view, past its cache): what
  the scorer's phone waits for after saving a hand.
- `bare_save`: a hand entry's writing alone, as games/services.add_hand writes a hand
  whose game's tally was kept: the owner's session and game, the version-checked UPDATE
  that takes the game's row lock, the generation replaced, the hand inserted, in one
  transaction; but no form, no tally and no scoring. The least a save costs.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect

from games import caching
from games.access import Access, _owned
from games.models import Game, Hand
from games.views.games import board


def logged_in(request):
    if not request.user.is_authenticated:
        return HttpResponse("log in first", status=403, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


def _owner(request, pk) -> Access:
    """The owner's way into a game, as games.access.way_in finds it."""
    return Access(_owned(request, pk), "owner", pk)


@login_required
def board_drawn(request, pk):
    request.drawing = '"bench"'
    return board(request, _owner(request, pk))


@login_required
def bare_save(request, pk):
    access = _owner(request, pk)
    number = int(request.POST["number"])
    game = access.game
    with transaction.atomic():
        moved = Game.objects.filter(pk=game.pk, version=game.version)
        if not moved.update(version=game.version + 1):
            return HttpResponse("conflict", status=409, content_type="text/plain")
        caching.touch("game", game.pk)
        Hand.objects.create(game=game, number=number, record={"passed": True})
    return redirect(access.url())
