"""An unchanged board's poll through a link, answered "304 Not Modified" from the cache.

Every phone watching a game through its share or co-scorer link asks every five
seconds whether the board (or All hands) changed; nearly always it has not. Django's
`condition()` answers that after `games.play.access.way_in` has read the game: one ORM
query, which made the idle poll cost three times the cheapest request (0.31 of the
floor in `make bench`, target 0.7; docs/PERFORMANCE.md). So the two facts the answer
needs are also kept in Django's cache, and a poll that finds both, and finds its ETag
current, is answered before the database is asked:

- which game a link leads to (`changes.way_key`), filed when the board is drawn for
  that link and forgotten when the owner turns the link off or replaces it;
- the game's version (`changes.version_key`), forgotten by every change and set again
  after its commit (`changes.bump`), and filed by a reader only if absent (`add`), so
  a reader that read an older version never overwrites a newer one.

A stale entry can only answer 304, which shows nothing: a game that changed is drawn
by the view, which checks the link. Entries expire after `changes.POLL_SECONDS`.
"""

from __future__ import annotations

from functools import wraps

from django.core.cache import cache
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers

from games.play.access import ROLES
from games.play.changes import POLL_SECONDS, version_key, way_key

# What the board's answers vary by: its live part or the page (htmx), and gzip
# (GZipMiddleware, which leaves a bodiless 304 alone). A 304 must name the Vary its 200
# would (RFC 9110, 15.4.5), so the browser matches it to the copy it holds.
VARY = ("HX-Request", "Accept-Encoding")


def etag(pk, version, role: str) -> str:
    """The live part's ETag: the game's version, for one way in."""
    return f'"{pk}-{version}-{role}"'


def link_changed(namespace: str, token: str | None) -> None:
    """A link was turned off or replaced: it leads nowhere the cache knows of."""
    if token:
        cache.delete(way_key(namespace, token))


def drawn(namespace: str, token, pk, version: int) -> None:
    """A link's live part was drawn at `version`: the next poll may skip the database."""
    cache.add(way_key(namespace, token), pk, POLL_SECONDS)
    cache.add(version_key(pk), version, POLL_SECONDS)


def answered_from_cache(view):
    """Answer a link's unchanged poll with 304, when the cache knows enough to say so."""

    @wraps(view)
    def wrapper(request, token=None, **kwargs):
        known = request.META.get("HTTP_IF_NONE_MATCH")
        if known and token is not None and request.GET.get("live") == "1":
            namespace = request.resolver_match.namespace
            pk = cache.get(way_key(namespace, token))
            version = None if pk is None else cache.get(version_key(pk))
            tag = None if version is None else etag(pk, version, ROLES[namespace])
            if tag is not None and tag in known:
                response = HttpResponse(status=304)
                response["ETag"] = tag
                response["Cache-Control"] = "private, no-cache"
                patch_vary_headers(response, VARY)
                return response
        return view(request, token=token, **kwargs)

    return wrapper
