from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from games import stats
from games.models import Player


@require_safe
@login_required
def player_detail(request, pk):
    player = get_object_or_404(Player, pk=pk, owner=request.user)
    return render(
        request, "players/detail.html", {"player": player, "record": stats.player_record(player)}
    )
