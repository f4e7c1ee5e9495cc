from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from games import stats
from games.filters import DateRange
from games.models import Player

GAMES_PER_PAGE = 20


@require_safe
@login_required
def player_detail(request, pk):
    player = get_object_or_404(Player, pk=pk, owner=request.user)
    form = DateRange(request.GET)
    since, until = form.dates()
    record = stats.player_record(player, since, until)
    context = {
        "player": player,
        "record": record.kinds,
        "games": Paginator(record.games, GAMES_PER_PAGE).get_page(request.GET.get("page")),
        "rivals": record.rivals,
        "form": form,
        "filtered": bool(since or until),
        "query": form.query(),
    }
    return render(request, "players/detail.html", context)
