"""What is on a group's table (games/money/table.py): shared out by the members."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from games.models import Leftover
from games.money import table
from games.play import services
from games.play.groups import groups_of


@login_required
def share_out(request, pk, left):
    """Share what a match left on the table among its people, by its house rule; what
    cannot be shared stays there. Any member may: it is the group's money. Asked first
    (GET), as a delete is: it moves money, and says how much to whom."""
    group = get_object_or_404(groups_of(request.user), pk=pk)
    lying = table.pile(group, left)
    if lying is None:
        raise Http404("Nothing of that match lies on the table.")
    source = lying.source
    if request.method != "POST":
        context = {"group": group, "pile": lying, "share": lying.share_words()}
        return render(request, "groups/share_out.html", context)
    if services.change_game(source, source.engine.money.share_out):
        left_now = Leftover.objects.filter(source=source).exists()
        rest = " What could not be shared stays on the table." if left_now else ""
        messages.success(
            request, f"Shared out: each person's share is in the settlement of {source}.{rest}"
        )
    return redirect(group.get_absolute_url() + "#on-the-table")
