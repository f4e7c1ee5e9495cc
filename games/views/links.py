"""The group's share links: every one on, each with its game, who made it and since when,
and Turn off. Any member reaches it from the group's page, its owner too: a share link
outlives the membership of the one who made it (games/play/leaving.py), so this is where
the group sees every way its games are shown and stops any."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from games.models import Membership
from games.play import links
from games.play.entry import whole_number
from games.views.groups import _mine

ALL = "all"


@login_required
def group_links(request, pk):
    group = _mine(request, pk)
    shared = links.shared_in(group)
    if request.method == "POST":
        which = request.POST.get("game")
        if which == ALL:
            links.stop_shares(shared)
            messages.success(request, "Every share link of the group is off.")
        elif game := shared.filter(pk=whole_number(which, None)).first():
            links.set_share(game, request.user, "off")
            messages.success(request, f"The share link to {game} is off.")
        return redirect("group_links", group.pk)
    members = set(Membership.objects.filter(group=group).values_list("user", flat=True))
    return render(
        request, "groups/links.html", {"group": group, "shared": shared, "members": members}
    )
