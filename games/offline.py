"""What a phone keeps to open the app with no signal: the service worker's side here.

The worker (templates/sw.js, served by games/views/offline.py) keeps the static files,
and for each game the phone opened, the pages that game needs with no signal: its board
and, where hands may be entered from it, its new-hand page. The pages say so themselves,
in headers of the pages the worker asks for (`ASKED`: no script has to tell the worker
anything, and a first visit, the one the page weight budget counts, carries none):

- `Offline-Owner`: whose pages these are, an opaque tag (an HMAC of the account or of the
  link, never the id or the token). The worker keeps one owner's pages at a time: a page
  of another owner (another account logged in, a link opened) drops what it kept, so a
  shared phone never shows one visitor's games to the next, online or off.
- `Offline-Keep`: the game's pages to keep, sent by those pages (the board, the new-hand
  page) for the way they were reached: a share link's viewer keeps the link's board alone.
- `Offline-Version`: the game's version, so the new-hand page is fetched again only when
  the game changed (its hand number, who deals), not at every visit of the board.
"""

from __future__ import annotations

import hashlib
import json
import re

from django.apps import apps
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.finders import FileSystemFinder
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django_htmx.jinja import htmx_script

KEPT = ("board", "hand_new")  # the screens of a game kept for use with no signal


def owner(request) -> str | None:
    """Whose page this is: the link it was reached by, else the account; None for no one."""
    access = getattr(request, "access", None)
    if access is not None and not access.is_member:
        who = f"link:{access.key}"
    elif request.user.is_authenticated:
        who = f"user:{request.user.pk}"
    else:
        return None
    return salted_hmac("games.offline.owner", who).hexdigest()[:12]


def owner_context(request) -> dict:
    """Context processor: the page's owner tag, for the phone's own storage to be the owner's.

    templates/base.html puts it on <body data-owner>; static/js/queue.js and drafts.js keep
    hands and drafts under it and never show or send another owner's (another account on
    the phone, logged out or not). Lazy: only a page that draws it works it out.
    """
    # Not on a page drawn before the login was read (a 400 for a bad host).
    return {"offline_owner": lambda: owner(request) if hasattr(request, "user") else None}


# What the worker sends when it asks for a page (by navigation preload, or itself).
ASKED = "Service-Worker-Navigation-Preload"


def headers(get_response):
    """Middleware: each page names its owner; a game's kept screens name what to keep.

    Only in pages asked for by the worker: a first visit, a phone without one (plain http)
    and htmx's parts (polls are never kept) carry nothing more. No Vary: pages are not
    served from the browser's cache unasked (no-cache, or no validator).
    """

    def middleware(request):
        response = get_response(request)
        page = response.get("Content-Type", "").startswith("text/html")
        if request.method != "GET" or not page or ASKED not in request.headers:
            return response
        tag = owner(request)
        if tag is None:
            return response
        response["Offline-Owner"] = tag
        access = getattr(request, "access", None)  # set by games.play.access.way_in
        match = request.resolver_match
        if access is not None and match is not None and match.url_name in KEPT:
            entering = access.can_edit and access.game.engine.enterable()
            response["Offline-Keep"] = " ".join(
                access.url(name) for name in (KEPT if entering else KEPT[:1])
            )
            response["Offline-Version"] = str(access.game.version)
        return response

    return middleware


def _own() -> list[str]:
    """The app's own static files (css, js, icons: static/ and each game's)."""
    ignored = apps.get_app_config("staticfiles").ignore_patterns
    return sorted(path for path, _ in FileSystemFinder().list(ignored))


def _htmx() -> list[str]:
    """htmx's files, as `{% htmx_script %}` names them on every page."""
    return re.findall(r'src="([^"]+)"', htmx_script())


def files() -> list[str]:
    """The URLs the worker keeps at install (hashed, served by whitenoise in production)."""
    return [static(name) for name in _own()] + _htmx() + [reverse("manifest"), reverse("offline")]


def worker_source() -> str:
    return get_template("sw.js").template.source


def version() -> str:
    """Changes with every deployment: the worker's own text and the static files it keeps.

    In production the staticfiles manifest names each file by a hash of its content (its
    own hash, as this server read it at its start, names them all); with DEBUG's storage
    (no manifest) the files are read.
    """
    digest = hashlib.sha256(worker_source().encode())
    if isinstance(staticfiles_storage, ManifestFilesMixin):  # the lazy storage's class
        digest.update(staticfiles_storage.manifest_hash.encode())
    else:
        prefix = static("")
        for name in _own() + [url.removeprefix(prefix) for url in _htmx()]:
            path = finders.find(name)
            digest.update(name.encode())
            if path:
                with open(path, "rb") as file:
                    digest.update(file.read())
    digest.update(json.dumps(files()).encode())
    return digest.hexdigest()[:16]
