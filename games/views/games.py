import json
from types import SimpleNamespace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template import Context
from django.template.loader import get_template
from django.utils.text import slugify
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition
from django.views.decorators.vary import vary_on_headers

from games import offline
from games.engine.registry import GAMES
from games.engine.sheet import SheetError
from games.models import Game, Seat, Session
from games.money import table
from games.play import boards, changes, polls, services
from games.play import links as links_of
from games.play.access import NAMESPACES, Access, member_game, polling
from games.play.once import new_key
from games.play.table_forms import GameForm, GameNameForm
from games.views.account import delete_screen

# The drawn part of a board is kept this long after it was last drawn; a change of the
# game puts it out of reach at once (its key names the game's version).
BOARD_SECONDS = 24 * 3600


@login_required
def game_new(request, pk):
    session = get_object_or_404(Session, pk=pk, group__memberships__user=request.user)
    kind = request.POST.get("kind") or request.GET.get("kind")
    if kind not in GAMES or not GAMES[kind].enterable():
        return render(request, "games/choose.html", {"session": session, "kinds": GAMES.values()})
    leftovers = table.lying(session.group, kind) if GAMES[kind].money.LEAVES else []
    form = GameForm(request.POST or None, kind=kind, group=session.group, leftovers=leftovers)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            players = form.players()
            game = Game.objects.create(
                session=session,
                kind=kind,
                players=[player.name for player in players],
                rules=form.rules,
                meta=form.meta(),
            )
            Seat.objects.bulk_create(
                Seat(game=game, player=player, position=position)
                for position, player in enumerate(players)
            )
            changes.changed(game)  # a new game: what follows games (its players' pages) knows it
        chosen = form.chosen_leftover()
        if chosen is not None:
            if table.take(game, [chosen]):
                messages.info(request, "The chips from the table are in play.")
            else:
                messages.warning(
                    request,
                    "Another game took the chips on the table a moment ago: this one "
                    "starts without them.",
                )
        return redirect(game)
    known = session.group.players.all()
    return render(
        request,
        "games/new.html",
        {"session": session, "form": form, "engine": GAMES[kind], "known": known},
    )


def live(request) -> bool:
    """An open page of a game asking for its live part (htmx, `?live=1`), not the page."""
    return polling(request)


def _etag(request, access: Access):
    """A poll's ETag: the game's version, read with the access check's one query.

    Only the live part has one: it holds nothing of the visitor, while a page holds
    their account and messages, which a 304 would leave as the browser last saw them.
    """
    if live(request):
        return polls.etag(access.game.pk, access.game.version, access.role)
    return None


def polled(view):
    """A page of a game that follows it live as the board does: its `#live` part asks
    every five seconds (`?live=1`) and an unchanged game answers 304 (games/play/polls.py)."""
    return cache_control(private=True, no_cache=True)(
        vary_on_headers(*polls.VARY)(condition(etag_func=_etag)(view))
    )


def polled_part(request, access: Access, template: str, context: dict):
    """A poll's answer, the page's `#live` part; a link's next poll may skip the database."""
    if not access.is_member:
        game = access.game
        polls.drawn(NAMESPACES[access.role], access.key, game.pk, game.version)
    return render(request, f"{template}#live", context)


def drawn(access: Access) -> dict:
    """The part of the board drawn from the scores, the same for everyone who comes in
    the same way: from the cache, under the game's version (games/play/changes.py), else
    drawn and kept."""
    key = changes.board_key(access.game, access.role, access.key)
    return cache.get_or_set(key, lambda: draw(access), BOARD_SECONDS)


SAVE_FORMS = ("board-action", "put-back")  # the board's saves: a redeal, put back


def draw(access: Access) -> dict:
    # Drawn without the request: no account, CSRF token or message can get into it. Its
    # links ({% url 'game:...' %}) read the way in from the request's current_app, as
    # Django's url tag does: a stand-in carries that alone.
    values = boards.board(access.game) | {
        "access": access,
        "key": access.key,
        "can_edit": access.can_edit,
    }
    context = Context(values)
    context.request = SimpleNamespace(current_app=NAMESPACES[access.role])
    parts = {
        part: get_template(f"games/board_drawn.html#{part}").template.render(context)
        for part in ("scores", "more")
    }
    # Once the game is over, the share and co-scorer boards stop polling (board.html).
    return parts | {
        # A save drawn (a redeal, put back): the board loads saving.js for it alone, which
        # its first load cannot afford otherwise (tests/e2e/test_page_weight.py). Without
        # it such a form is sent as any form, with its one-time key.
        "saves": any(f'id="{form}"' in "".join(parts.values()) for form in SAVE_FORMS),
        "finished": bool(values.get("score") and values["score"].finished),
        "first": _next_first(access.game, values.get("score")),
    }


def _next_first(game, score) -> int | None:
    """The seat of the next game's first dealer, as Play again would start it now: the page
    a phone with no signal starts it on comes first in what it keeps (games/offline.py)."""
    if score is None or "next_game" in game.meta or not game.engine.enterable():
        return None
    return game.players.index(game.engine.next_game(game, score)[0])


@polled
def board(request, access: Access):
    """The scoreboard. Open boards poll its live part; an unchanged game answers 304."""
    game = access.game
    context = {
        "game": game,
        "engine": game.engine,
        "stylesheet": game.engine.STYLESHEET,
        "access": access,
        "key": access.key,
        "can_edit": access.can_edit,
        "drawn": drawn(access),
    }
    if live(request):
        return polled_part(request, access, "games/board.html", context)
    offline.board_drawn(request, context["drawn"]["finished"], context["drawn"].get("first"))
    if access.can_edit:
        # Per visit, as the CSRF token: never cached. One per form: the redeal, put back.
        context["submission"], context["put_back_submission"] = new_key(), new_key()
    if access.is_member:
        context |= boards.sharing(request, game)
        if "next_game" in game.meta:  # most games have none: no query for it
            context["next_game"] = Game.objects.filter(pk=game.meta["next_game"]).first()
    return render(request, "games/board.html", context)


@login_required
def rematch(request, pk):
    """Play again: the next game with the same people (games/play/following.py); a second
    tap leads to the game the first started. A game not over asks first: end it here,
    where its rules let the table end it, or leave it running."""
    game = member_game(request, pk)
    offline.shown(request, game=game)  # its question is kept with no signal
    started = Game.objects.filter(pk=game.meta.get("next_game")).first()
    if started is not None:
        return redirect(started)
    try:
        score = services.score_game(game)
    except SheetError:
        score = None  # a game that needs a correction is not over
    over = score is not None and score.finished
    if request.method == "POST":
        if request.POST.get("then") == "end":
            by = request.user.get_username()
            services.change_game(
                game, lambda locked: locked.engine.money.end(locked, locked.hands.count(), by)
            )
        elif request.POST.get("then") != "leave" and not over:
            return redirect("game_rematch", game.pk)  # a form from before the question
        return redirect(table.play_again(game))
    if over:
        return redirect(game)
    hands = len(score.hands) if score else 0
    context = {
        "game": game,
        "hands": hands,
        "ending": game.engine.money.ending_words(game, score) if hands else "",
    }
    return render(request, "games/rematch.html", context)


def sheet(request, access: Access):
    game = access.game
    body = json.dumps(services.sheet_of(game), indent=1, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = slugify(f"{game.kind}-{game.session.date}-{game.pk}")
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


@login_required
def links(request, pk):
    """A member turns the game's share link, or their own co-scorer link, on, replaces it,
    or turns it off (games/play/links.py)."""
    game = member_game(request, pk)
    action = request.POST.get("action")
    if request.method == "POST" and action in links_of.ACTIONS:
        which = request.POST.get("link")
        if which == "share":
            links_of.set_share(game, request.user, action)
        elif which == "coscorer":
            links_of.set_coscorer(game, request.user, action)
    return redirect(game.get_absolute_url() + "#sharing")


def hands_csv(request, access: Access):
    """The hand-by-hand table for a spreadsheet: each name's change and total per hand."""
    import csv

    game = access.game
    context = boards.board(game)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = slugify(f"{game.kind}-{game.session.date}-{game.pk}")
    response["Content-Disposition"] = f'attachment; filename="{name}-hands.csv"'
    # A byte-order mark: without it a spreadsheet on Windows or a phone reads UTF-8 as
    # its own code page, and "Zoë" comes out as "ZoÃ«".
    response.write("\ufeff")
    writer = csv.writer(response)
    names = context.get("names", [])
    writer.writerow(
        ["hand", "dealer", "what happened"]
        + [column for name in names for column in (f"{name} change", f"{name} total")]
    )
    for row in context.get("rows", []):
        changes = [
            value for name in names for value in (row.score.deltas[name], row.score.totals[name])
        ]
        writer.writerow([row.score.number, row.score.dealer, row.text, *changes])
    if closing := context.get("closing"):  # what the game adds at its end: the standings
        changes = [v for name in names for v in (closing.deltas[name], closing.totals[name])]
        writer.writerow(["", "", closing.text, *changes])
    return response


@polled
def all_hands(request, access: Access):
    """Every hand of the game in one table, newest first; the scoreboard lists the last few."""
    context = boards.board(access.game) | {
        "access": access,
        "key": access.key,
        "can_edit": access.can_edit,
    }
    if live(request):
        return polled_part(request, access, "games/hands.html", context)
    # The deleted hands' Put back (games/deleted.html): per visit, never in a poll.
    context["put_back_submission"] = new_key()
    return render(request, "games/hands.html", context)


def printable(request, access: Access):
    return render(request, "games/print.html", boards.board(access.game) | {"key": access.key})


@login_required
def game_rename(request, pk):
    game = member_game(request, pk)
    form = GameNameForm(request.POST or None, instance=game)
    if request.method == "POST" and form.is_valid():
        form.save()
        return redirect(game)
    return render(request, "rename.html", {"form": form, "title": "Name this game", "back": game})


@login_required
def game_delete(request, pk):
    # Deleting is the group owner's.
    game = member_game(request, pk, session__group__owner=request.user)
    what = (
        "The game, its hands and its links go; anyone following it through a link "
        "sees that it is gone."
    )
    return delete_screen(
        request, game, "game", f"{game} deleted", game.session, f"Delete {game}?", what
    )
