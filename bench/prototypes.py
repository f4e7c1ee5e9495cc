"""Reference points measured beside the app by `make bench` (bench/urls.py); not the app.

- `logged_in`: "ok" once the session and the user are loaded: the least any page of an
  owner costs, however cheap its own work.
- `board_drawn`: the owner's scoreboard drawn afresh on every request, as the app draws it
  the first time after a change of the game (the app's own view, its drawn part taken
  out of the cache first): what the scorer's phone waits for after saving a hand.
- `bare_save`: a hand entry's writing alone: the owner's session and game, the
  version-checked UPDATE that takes the game's row lock, the hand inserted, in one
  transaction; but no form, no reading of the other hands and no scoring. The least a
  save costs.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect

from games.access import as_owner
from games.models import Game, Hand
from games.views.games import board, board_key


def logged_in(request):
    if not request.user.is_authenticated:
        return HttpResponse("log in first", status=403, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


@as_owner
def _drawn(request, access):
    cache.delete(board_key(access))
    return board(request, access)


def board_drawn(request, pk):
    return _drawn(request, pk=pk)


@as_owner
def _bare_save(request, access):
    number = int(request.POST["number"])
    game = access.game
    with transaction.atomic():
        moved = Game.objects.filter(pk=game.pk, version=game.version)
        if not moved.update(version=game.version + 1):
            return HttpResponse("conflict", status=409, content_type="text/plain")
        Hand.objects.create(game=game, number=number, record={"passed": True})
    return redirect(access.base)


def bare_save(request, pk):
    return _bare_save(request, pk=pk)
