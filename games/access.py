"""Three ways into a game: its owner's account, a share link, a co-scorer link.

Each view of a game is written once and receives an `Access`; the URL it was reached
by decides who may do what. A token is at least 128 bits from `secrets`, so a link
cannot be guessed; replacing it or turning it off makes the old one answer 404.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404

from games.models import Game

TOKEN_BYTES = 24  # 192 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class Access:
    game: Game
    base: str  # where this way into the game starts: /games/7/, /s/<token>/, /c/<token>/
    role: str  # "owner", "coscorer" or "viewer"

    @property
    def can_edit(self) -> bool:
        return self.role in ("owner", "coscorer")

    @property
    def is_owner(self) -> bool:
        return self.role == "owner"

    def by(self, request):
        """Who a revision records as making a change."""
        return request.user if self.is_owner else None


def _game():
    return Game.objects.select_related("session")


def _owned(request, pk) -> Game:
    return get_object_or_404(_game(), pk=pk, session__owner=request.user)


def _logged_in(view):
    """login_required, but a live update of a logged-out phone gets 401, not the login page.

    htmx would put the login page inside the board or the hand form; the phone says
    instead that it was logged out (static/js/connection.js).
    """
    page = login_required(view)

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.htmx and not request.user.is_authenticated:
            return HttpResponse("Logged out.", status=401, content_type="text/plain")
        return page(request, *args, **kwargs)

    return wrapper


def as_owner(view):
    @_logged_in
    @wraps(view)
    def wrapper(request, pk, **kwargs):
        game = _owned(request, pk)
        return view(request, Access(game, f"/games/{game.pk}/", "owner"), **kwargs)

    return wrapper


def as_viewer(view):
    @wraps(view)
    def wrapper(request, token, **kwargs):
        game = get_object_or_404(_game(), share_token=token)
        return view(request, Access(game, f"/s/{token}/", "viewer"), **kwargs)

    return wrapper


def as_coscorer(view):
    @wraps(view)
    def wrapper(request, token, **kwargs):
        game = get_object_or_404(_game(), coscorer_token=token)
        return view(request, Access(game, f"/c/{token}/", "coscorer"), **kwargs)

    return wrapper


def editing(view):
    """Refuse a view that changes the game to a read-only way in (404: it does not exist)."""

    @wraps(view)
    def wrapper(request, access: Access, **kwargs):
        if not access.can_edit:
            raise Http404("This link only shows the game.")
        return view(request, access, **kwargs)

    return wrapper
