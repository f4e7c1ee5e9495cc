import json

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify

from games import boards, services, web
from games.forms import GameForm
from games.models import Game, Seat, Session
from games.registry import GAMES


def owned_game(request, pk):
    return get_object_or_404(
        Game.objects.select_related("session"), pk=pk, session__owner=request.user
    )


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


@login_required
def game_detail(request, pk):
    game = owned_game(request, pk)
    return render(request, "games/board.html", boards.board(game) | {"can_edit": True})


@login_required
def game_sheet(request, pk):
    game = owned_game(request, pk)
    body = json.dumps(services.sheet_of(game), indent=1, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = slugify(f"{game.kind}-{game.session.date}-{game.pk}")
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


@login_required
def settlement(request, pk):
    game = owned_game(request, pk)
    if game.kind != "tridge":
        raise Http404("Only Tridge games are settled in chips.")
    from games.tridge.forms import SettlementForm
    from games.tridge.settle import settle

    score = services.score_game(game)
    form = SettlementForm(request.GET or None)
    options = form.cleaned_data if form.is_valid() else SettlementForm.defaults()
    result = settle(game.players, game.rules["chips"], score, **options)
    context = {"game": game, "form": form, "result": result, "colours": boards.colours(game)}
    return render(request, "tridge/settlement.html", context)
