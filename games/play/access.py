"""Three ways into a game: a member of its group, a share link, a co-scorer link.

Each view of a game is written once and receives an `Access`; the URL it was reached
by decides who may do what. A token is at least 128 bits from `secrets`, so a link
cannot be guessed; replacing it or turning it off makes the old one answer 404.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from games.models import Game

TOKEN_BYTES = 24  # 192 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


# Each way in is one URL namespace of the game's screens (games/urls.py): its role here.
ROLES = {"game": "member", "shared": "viewer", "coscorer": "coscorer"}
NAMESPACES = {role: namespace for namespace, role in ROLES.items()}


@dataclass(frozen=True)
class Access:
    game: Game
    role: str  # "member" (of the game's group; its owner is one too), "coscorer" or "viewer"
    key: int | str  # what this way in is reached by: the game's pk, or the link's token

    @property
    def can_edit(self) -> bool:
        return self.role in ("member", "coscorer")

    @property
    def is_member(self) -> bool:
        return self.role == "member"

    def by(self, request):
        """Who a revision records as making a change."""
        return request.user if self.is_member else None

    def url(self, name: str = "board", *args) -> str:
        """One of the game's screens, reached the way this one was."""
        return reverse(f"{NAMESPACES[self.role]}:{name}", args=[self.key, *args])


def _game():
    return Game.objects.select_related("session__group")


def _owned(request, pk) -> Game:
    # Asked on every request, never cached: a member removed is out at once.
    return get_object_or_404(_game(), pk=pk, session__group__memberships__user=request.user)


def way_in(view):
    """Give a screen of a game the game and the visitor's role, by the way it was reached.

    A member must be logged in; a live update of a logged-out phone gets 401, not the
    login page, which htmx would put inside the board or the hand form: the phone says
    instead that it was logged out (static/js/connection.js).
    """

    @wraps(view)
    def wrapper(request, pk=None, token=None, **kwargs):
        role = ROLES[request.resolver_match.namespace]
        if role == "member":
            if not request.user.is_authenticated:
                if request.htmx:
                    return HttpResponse("Logged out.", status=401, content_type="text/plain")
                return redirect_to_login(request.get_full_path())
            access = Access(_owned(request, pk), role, pk)
        else:
            field = "share_token" if role == "viewer" else "coscorer_token"
            access = Access(get_object_or_404(_game(), **{field: token}), role, token)
        request.access = access  # whose page it is, what to keep with no signal: games/offline.py
        return view(request, access, **kwargs)

    return wrapper


def editing(view):
    """Refuse a view that changes the game to a read-only way in (404: it does not exist)."""

    @wraps(view)
    def wrapper(request, access: Access, **kwargs):
        if not access.can_edit:
            raise Http404("This link only shows the game.")
        return view(request, access, **kwargs)

    return wrapper
