"""The scoreboard, drawn once per change of the game and then answered from the cache.

A table's phones ask for the board far more often than it changes: the scorer's phone
after each hand, every watching phone every five seconds. So the board of each way in
(owner, share link, co-scorer link) is kept, whole, under the game's generation
(games/caching.py), and an unchanged game is answered without the database:

- a poll that already holds the current board gets "304 Not Modified";
- anyone else who may see the board gets the page as it was drawn, with their own CSRF
  token put where the drawing had a stand-in.

Who may see it is settled before anything is answered. A page is filed under the
address it was asked at (a link's token is in it) and the owner's account, and only
after the view itself let that visitor in; a 304 goes to the owner once the database has
shown them to be the owner (a game never changes hands), and to a link whose ETag names
the current generation, which turning the link off replaced. Anything else goes to the
view, which files what it drew for the next request.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.http import HttpResponse
from django.middleware.csrf import get_token

from games import caching
from games.models import Game

# What a drawn board holds where each request's own CSRF token goes.
CSRF_STAND_IN = "csrf-stand-in-3f9c2a7e"

TOKEN_FIELDS = {"viewer": "share_token", "coscorer": "coscorer_token"}


def etag(pk, generation: str, role: str, live: bool) -> str:
    return f'"g{pk}-{generation}-{role}-{"live" if live else "page"}"'


def drawn_once(role: str):
    """Wrap the board view of one way in (`role`), already wrapped by its access check."""

    def decorate(view):
        @wraps(view)
        def wrapper(request, pk=None, token=None):
            kwargs = {"token": token} if token is not None else {"pk": pk}
            if token is not None:
                pk = _token_game(role, token)
                if pk is None:  # no such link: the view says so
                    return view(request, **kwargs)
            # Taken before the view reads the database: see games/caching.py.
            generation = caching.generation("game", pk)
            live = is_live(request)
            tag = etag(pk, generation, role, live)
            if tag in request.META.get("HTTP_IF_NONE_MATCH", "") and _known(request, role, pk):
                return conditional(HttpResponse(status=304), tag)
            # Only a visitor the view let in ever files a page under their key.
            key = _page_key(request, role, pk, generation, live)
            page = caching.get(key)
            keep = not _has_messages(request)  # a message is for this one answer only
            if page is not None and keep:
                token_now = get_token(request)
                return conditional(HttpResponse(page.replace(CSRF_STAND_IN, token_now)), tag)
            request.drawing = tag
            response = view(request, **kwargs)
            if response.status_code == 200:
                # The view let this visitor see this game: the next time, so may the cache.
                if role == "owner":
                    caching.put(f"owner:{pk}", request.user.pk)
                drawn = response.content.decode()
                if keep:
                    caching.put(key, drawn)
                response.content = drawn.replace(CSRF_STAND_IN, get_token(request))
            return response

        return wrapper

    return decorate


# Which game a link's token leads to, as this process last found it. A token that was
# turned off may still be here: it only ever leads to the game's current generation, which
# turning it off replaced, and to pages filed under its own address, which the view filed
# only while the token worked; any other answer comes from the view, which says 404.
_tokens: dict[tuple[str, str], int] = {}
TOKENS_KEPT = 10_000


def is_live(request) -> bool:
    """An open board asking for its live part (htmx, `?live=1`), not a page.

    Read from META: building request.headers (request.htmx reads them) and request.GET
    cost more than the rest of a 304 (docs/PERFORMANCE.md).
    """
    meta = request.META
    query = meta.get("QUERY_STRING", "").split("&")
    return meta.get("HTTP_HX_REQUEST") == "true" and "live=1" in query


def _token_game(role: str, token: str):
    pk = _tokens.get((role, token))
    if pk is None:
        field = TOKEN_FIELDS[role]
        pk = Game.objects.filter(**{field: token}).values_list("pk", flat=True).first()
        if pk is not None:
            if len(_tokens) >= TOKENS_KEPT:
                _tokens.clear()
            _tokens[role, token] = pk
    return pk


def _known(request, role: str, pk) -> bool:
    """May this visitor see this game, by what the cache knows? (The view checks otherwise.)"""
    if role != "owner":
        return True  # the ETag names the generation, which turning the link off replaced
    return request.user.is_authenticated and caching.get(f"owner:{pk}") == request.user.pk


def _page_key(request, role: str, pk, generation: str, live: bool) -> str:
    # The page names its own address (the share link, its QR code; a link's token) and,
    # for the owner, the account: both belong in the key, as does the code that drew it.
    who = request.user.pk if role == "owner" else ""
    address = request.build_absolute_uri(request.path)
    return f"board:{pk}:{generation}:{caching.release()}:{role}:{who}:{live}:{address}"


def _has_messages(request) -> bool:
    return len(messages.get_messages(request)) > 0


def conditional(response, tag: str):
    """The board's answer, drawn or from the cache: always asked again, and "304 Not
    Modified" when nothing changed. (The header is written out: patch_cache_control
    parses what is there first, which a 304 cannot afford.)"""
    response["ETag"] = tag
    response["Cache-Control"] = "private, no-cache"
    return response
