import json

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify

from games import boards, services, web
from games.access import Access, new_token
from games.forms import GameForm
from games.models import Game, Seat, Session
from games.registry import GAMES
from games.views import drawn


@login_required
def game_new(request, pk):
    session = get_object_or_404(Session, pk=pk, owner=request.user)
    kind = request.POST.get("kind") or request.GET.get("kind")
    if kind not in GAMES or not web.enterable(kind):
        return render(request, "games/choose.html", {"session": session, "kinds": web.kinds()})
    form = GameForm(request.POST or None, kind=kind, owner=request.user)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            players = form.players()
            game = Game.objects.create(
                session=session,
                kind=kind,
                players=[player.name for player in players],
                rules=form.rules,
            )
            Seat.objects.bulk_create(
                Seat(game=game, player=player, position=position)
                for position, player in enumerate(players)
            )
        return redirect(game)
    known = request.user.player_set.all()
    return render(
        request,
        "games/new.html",
        {"session": session, "form": form, "engine": GAMES[kind], "known": known},
    )


def board(request, access: Access):
    """The scoreboard. Open boards poll it; an unchanged game answers 304 from its ETag.

    Reached through games.views.drawn, which answers from the cache when it can and
    otherwise gives this view the ETag of the game's current generation to draw under.
    """
    game = access.game
    live = drawn.is_live(request)
    context = boards.board(game) | {
        "access": access,
        "key": access.key,
        "can_edit": access.can_edit,
        # The drawn page is kept for everyone; each request's own token replaces this.
        "csrf_token": drawn.CSRF_STAND_IN,
    }
    if access.is_owner:
        context |= boards.sharing(request, game)
    template = "games/board.html#live" if live else "games/board.html"
    return drawn.conditional(render(request, template, context), request.drawing)


def sheet(request, access: Access):
    game = access.game
    body = json.dumps(services.sheet_of(game), indent=1, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = slugify(f"{game.kind}-{game.session.date}-{game.pk}")
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


def settlement(request, access: Access):
    game = access.game
    if game.kind != "tridge":
        raise Http404("Only Tridge games are settled in chips.")
    from games.tridge.forms import SettlementForm
    from games.tridge.settle import settle

    score = services.score_game(game)
    form = SettlementForm(request.GET or None)
    options = form.cleaned_data if form.is_valid() else SettlementForm.defaults()
    result = settle(game.players, game.rules["chips"], score, **options)
    context = {
        "game": game,
        "key": access.key,
        "form": form,
        "result": result,
        "colours": boards.colours(game),
    }
    return render(request, "tridge/settlement.html", context)


@login_required
def links(request, pk):
    """The owner turns the share or co-scorer link on, replaces it, or turns it off."""
    game = get_object_or_404(Game, pk=pk, session__owner=request.user)
    if request.method == "POST":
        which = request.POST.get("link")
        field = {"share": "share_token", "coscorer": "coscorer_token"}.get(which)
        if field:
            action = request.POST.get("action")
            setattr(game, field, None if action == "off" else new_token())
            game.save(update_fields=[field])  # which replaces the game's generation
    return redirect(game.get_absolute_url() + "#sharing")


def hands_csv(request, access: Access):
    """The hand-by-hand table for a spreadsheet: each name's change and total per hand."""
    import csv

    game = access.game
    context = boards.board(game)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = slugify(f"{game.kind}-{game.session.date}-{game.pk}")
    response["Content-Disposition"] = f'attachment; filename="{name}-hands.csv"'
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
    return response


def all_hands(request, access: Access):
    """Every hand of the game in one table; the scoreboard lists the last few."""
    context = boards.board(access.game) | {
        "key": access.key,
        "can_edit": access.can_edit,
    }
    return render(request, "games/hands.html", context)


def printable(request, access: Access):
    return render(request, "games/print.html", boards.board(access.game) | {"key": access.key})
