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

A member's board lists more, so that the evening can end with no signal (issue 34): the
game's own screens (Tridge's settlement and end of the match), the evening's settlement and
its session page, the page the next game of Play again starts on (games/views/again.py:
with the first dealer the scores give), and the printable sheet, most needed first; last,
the next game's page for each other first dealer (hands kept since the board was drawn
move the deal on: static/js/evening.js). A page whose version is not the game's is listed
with its own (`path#version`): the evening's pages follow every game of the evening and
its payments (`evening_version`), the next game's pages what it is drawn from
(`next_version`). The worker keeps them within its byte budget (`BUDGET`), dropping from
the end of the list.
"""

from __future__ import annotations

import hashlib
import json
import re

from django.apps import apps
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.finders import FileSystemFinder
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.db.models import Count, Sum
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django_htmx.jinja import htmx_script

from games.models import Game, Payment

KEPT = ("board", "hand_new")  # the screens of a game kept for use with no signal
# What the worker keeps of pages, in bytes as it holds them (templates/sw.js): for one game,
# and in all. Measured from the pages a member's board lists (tests/games/test_offline.py,
# docs/PERFORMANCE.md "Kept for use with no signal"): 105 KB (Bid Fair) to 851 KB
# (Cardigan, the next game's first deal's page 193 KB for each of four first dealers: each
# way of entering a deal is drawn, for use with no signal). A game's part leaves Cardigan's
# a fifth to grow; the whole is eight such games, or a dozen of the others, of a few
# evenings, far below what any browser lets a site keep. Past a game's part the pages at
# the end of its list go; past the whole, the games opened longest ago go, all their pages.
# Raised from 1 and 8 MiB when Cardigan's bid and level became one tap (issue 35): the
# bidding box, 8,984 bytes a form, four forms a page, took a new game's pages from 1,047,482
# to 1,165,552 bytes; the budgets leave it a ninth to grow, eight such games in all.
BUDGET = {"game": 1280 * 1024, "all": 10 * 1024 * 1024}


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
            listed = listing(access, getattr(request, "offline_board", None))
            response["Offline-Keep"] = " ".join(listed)
        if version := own_version(request):
            response["Offline-Version"] = version
        return response

    return middleware


def board_drawn(request, finished: bool, first: int | None) -> None:
    """What a board's drawn part knows that its list of pages to keep depends on: whether
    the game is over, and the seat of the next game's first dealer (games/views/games.py)."""
    request.offline_board = {"finished": finished, "first": first}


def shown(request, *, game: Game | None = None, session=None) -> None:
    """A page kept for a game (Play again's) or an evening, reached without a way into a
    game: what its version is read from."""
    request.offline_game, request.offline_session = game, session


def listing(access, board: dict | None) -> list[str]:
    """The pages a game's page asks the worker to keep, most needed first (the budget drops
    from the end): the board alone for a share link's viewer; the board and the new-hand
    page where hands are entered; and from the board (`board`: what its drawn part knew),
    the pages that end the evening with no signal."""
    game = access.game
    if not access.can_edit:
        return [access.url("board")]
    entering = game.engine.enterable()
    listed = [access.url(name) for name in (KEPT if entering else KEPT[:1])]
    if board is None:
        return listed
    evening = f"#{evening_version(game.session)}"
    screens = game.engine.KEPT_SCREENS
    # The game's own screens that show the evening go high in the list; the others low.
    high = [access.url(name) + evening for name in screens if name in EVENING]
    low = [access.url(name) for name in screens if name not in EVENING]
    if not access.is_member:
        return [*listed, *high, *low, access.url("print")]
    again, others = [], []
    if entering and board["first"] is not None and "next_game" not in game.meta:
        version = f"#{next_version(game)}"
        others = [
            reverse("game_again", args=[game.pk, seat]) + version
            for seat in range(len(game.players))
        ]
        again = [others.pop(board["first"])]  # the seat the scores give first
        if not board["finished"]:  # Play again asks first: end it, or leave it running
            again.append(reverse("game_rematch", args=[game.pk]))
    return [
        *listed,
        *high,
        reverse("session_settle", args=[game.session_id]) + evening,
        *again,
        reverse("session", args=[game.session_id]) + evening,
        *low,
        access.url("print"),
        # Last, the first to go past the budget: the next game's other first dealers, for
        # hands kept since the board was drawn (static/js/evening.js). Cardigan's are 115 KB
        # each (its card grid four times over).
        *others,
    ]


# A game's own screens kept whose page shows the evening too (Tridge's settlement: where
# the match sits in the evening's payments), not the game alone.
EVENING = ("settlement",)


def own_version(request) -> str | None:
    """The Offline-Version of a page the worker keeps: what it was drawn from, as the
    board that lists it says (`listing`)."""
    match = request.resolver_match
    name = match.url_name if match is not None else None
    access = getattr(request, "access", None)
    game = access.game if access is not None else getattr(request, "offline_game", None)
    session = getattr(request, "offline_session", None)
    if name in ("session", "session_settle") and session is not None:
        return evening_version(session)
    if game is None:
        return None
    if name in EVENING:
        return evening_version(game.session)
    if name == "game_again":
        return next_version(game)
    return str(game.version)


def evening_version(session) -> str:
    """Moves on with every change the evening's pages show: a game of the evening changed,
    added or deleted, a payment of the group recorded or undone (on the evening's page or
    on Settle up, which the evening's payments count), the session's date, place or note."""
    games = Game.kept.filter(session=session).aggregate(
        versions=Sum("version"), games=Count("pk"), deleted=Count("deleted")
    )
    paid = Payment.objects.filter(group=session.group_id).aggregate(
        payments=Count("pk"), undone=Count("undone_at")
    )
    said = repr((session.date, session.place, session.note, games, paid))
    return "e" + hashlib.blake2s(said.encode(), digest_size=6).hexdigest()


def next_version(game: Game) -> str:
    """Moves on with what the next game's pages are drawn from (games/play/following.py
    `drawn_next`): the game's people, house rules and choices, not its hands."""
    said = json.dumps([game.players, game.rules, game.meta], sort_keys=True, default=str)
    return "n" + hashlib.blake2s(said.encode(), digest_size=6).hexdigest()


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
    digest.update(json.dumps(BUDGET).encode())  # a new budget is a new worker
    return digest.hexdigest()[:16]
