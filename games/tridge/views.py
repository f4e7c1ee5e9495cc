"""Tridge's own screen: settling up, at <way in>/tridge/settlement/ (games/urls.py)."""

from django.http import Http404
from django.shortcuts import render

from games import boards, services
from games.tridge.forms import SettlementForm
from games.tridge.settle import settle
from games.views.games import live, polled, polled_part


@polled
def settlement(request, access):
    """Each person's result in chips (and money), and the fewest payments that clear it;
    polled as the board is, with the options last worked out."""
    game = access.game
    if game.kind != "tridge":
        raise Http404("Only Tridge games are settled in chips.")
    score = services.score_game(game)
    form = SettlementForm(request.GET or None)
    options = form.cleaned_data if form.is_valid() else SettlementForm.defaults()
    result = settle(game.players, game.rules["chips"], score, **options)
    poll = request.GET.copy()
    poll["live"] = "1"
    context = {
        "game": game,
        "access": access,
        "finished": score.finished,
        "key": access.key,
        "form": form,
        "result": result,
        "colours": boards.colours(game),
        "poll": poll.urlencode(),
    }
    if live(request):
        return polled_part(request, access, "tridge/settlement.html", context)
    return render(request, "tridge/settlement.html", context)
