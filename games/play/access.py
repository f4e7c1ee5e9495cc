"""Three ways into a game: a member of its group, a share link, a co-scorer link.

Each view of a game is written once and receives an `Access`; the URL it was reached
by decides who may do what. A token is at least 128 bits from `secrets`, so a link
cannot be guessed; replacing it or turning it off makes the old one answer 404. A
co-scorer link is one member's own (games/models/members.py) and leads in only while that
member is in the game's group; every way in is asked of the database on every request.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.db.models import F
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django_htmx.http import reswap, retarget

from games.models import Departure, Game

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


def member_game(request, pk, **where) -> Game:
    """The game `pk` of one of the visitor's groups (`where`: more it must be), else 404.

    Asked on every request, never cached: a member removed is out at once.
    """
    return get_object_or_404(
        _game(), pk=pk, session__group__memberships__user=request.user, **where
    )


def departed(request, **where) -> Departure | None:
    """The visitor's last departure from the group `where` names, unless they are back in it:
    one who left or was removed is told so (templates/404.html, games/views/errors.py), where
    a stranger reads only that nothing is here. Kept on the request for the 404 page."""
    if not request.user.is_authenticated:
        return None
    departures = Departure.objects.filter(user=request.user, **where).exclude(
        group__memberships__user=request.user
    )
    request.departure = departures.select_related("group").first()
    return request.departure


def _coscoring(token) -> Game:
    # The link's member must still be in the game's group: one query, on every request.
    return get_object_or_404(
        _game(),
        coscorer_links__token=token,
        coscorer_links__member__memberships__group=F("session__group"),
    )


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
            try:
                access = Access(member_game(request, pk), role, pk)
            except Http404:
                if polling(request) and departed(request, group__sessions__games=pk):
                    return no_longer_member(request)
                raise
        elif role == "viewer":
            access = Access(get_object_or_404(_game(), share_token=token), role, token)
        else:
            access = Access(_coscoring(token), role, token)
        request.access = access  # whose page it is, what to keep with no signal: games/offline.py
        return view(request, access, **kwargs)

    return wrapper


def no_longer_member(request) -> HttpResponse:
    """An open page's poll, from one who left the group or was removed: the page becomes
    what a reload would show them (templates/404.html), and with no trigger, asks no more."""
    context = {"departure": request.departure}
    response = render(request, "groups/no_longer_member.html", context)
    # As the live part it stands for: never kept, and told apart from the page (a 404).
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("HX-Request",))
    return reswap(retarget(response, "#main"), "innerHTML show:window:top")


def polling(request) -> bool:
    """An open page of a game asking for its live part (htmx, `?live=1`), not the page."""
    return bool(request.htmx) and request.GET.get("live") == "1"


def editing(view):
    """Refuse a view that changes the game to a read-only way in (404: it does not exist)."""

    @wraps(view)
    def wrapper(request, access: Access, **kwargs):
        if not access.can_edit:
            raise Http404("This link only shows the game.")
        return view(request, access, **kwargs)

    return wrapper
