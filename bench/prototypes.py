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

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect

from games.models import Game, Hand
from games.play.access import Access, member_game
from games.play.changes import board_key
from games.views.games import board


def logged_in(request):
    if not request.user.is_authenticated:
        return HttpResponse("log in first", status=403, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


def _owner(request, pk) -> Access:
    """The owner's way into a game, as games.play.access.way_in finds it."""
    return Access(member_game(request, pk), "member", pk)


@login_required
def board_drawn(request, pk):
    access = _owner(request, pk)
    cache.delete(board_key(access.game, access.role, access.key))
    return board(request, access)


@login_required
def bare_save(request, pk):
    access = _owner(request, pk)
    number = int(request.POST["number"])
    game = access.game
    with transaction.atomic():
        moved = Game.objects.filter(pk=game.pk, version=game.version)
        if not moved.update(version=game.version + 1):
            return HttpResponse("conflict", status=409, content_type="text/plain")
        Hand.objects.create(game=game, number=number, record={"passed": True})
    return redirect(access.url())
