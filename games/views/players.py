from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Exists, OuterRef
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from games.models import Player
from games.money.ledger import own_standings, player_standing, with_balance
from games.records import renames, stats
from games.records.filters import DateRange
from games.views.account import delete_screen

GAMES_PER_PAGE = 20


def _player(request, pk, owner=False, players=Player.objects) -> Player:
    """A player of one of the visitor's groups; with `owner`, of a group the visitor owns."""
    if owner:
        return get_object_or_404(players, pk=pk, group__owner=request.user)
    return get_object_or_404(players, pk=pk, group__memberships__user=request.user)


@require_safe
@login_required
def player_detail(request, pk):
    # Read with the player: the group, and whether the visitor is a player of it already.
    yours = Player.objects.filter(group=OuterRef("group"), account=request.user)
    players = with_balance(Player.objects.select_related("group").annotate(mine=Exists(yours)))
    player = _player(request, pk, players=players)
    form = DateRange(request.GET)
    since, until = form.dates()
    record = stats.player_record(player, since, until)
    group = player.group
    context = {
        "player": player,
        "is_owner": group.owner_id == request.user.pk,
        # "This is me": a member with no player in this group yet, on a player nobody is.
        "can_claim": player.account_id is None and not player.mine,
        "members": group.memberships.select_related("user"),
        "record": record.kinds,
        "games": Paginator(record.games, GAMES_PER_PAGE).get_page(request.GET.get("page")),
        "rivals": record.rivals,
        "standing": player_standing(player),
        "form": form,
        "filtered": bool(since or until),
        "query": form.query(),
    }
    return render(request, "players/detail.html", context)


@login_required
def player_rename(request, pk):
    """A new name, written into every game the player sat in."""
    player = _player(request, pk)
    form = renames.NameForm(request.POST or None, player=player)
    if request.method == "POST" and form.is_valid():
        old = player.name
        try:
            renames.rename_player(player, form.cleaned_data["name"])
        except renames.Refused as error:
            form.add_error("name", str(error))
        else:
            messages.success(request, f"{old} is now {player.name}, in every game they played.")
            return redirect("player", player.pk)
    context = {"form": form, "title": f"Rename {player.name}", "back": player}
    return render(request, "rename.html", context)


@login_required
def player_merge(request, pk):
    """Two records of one person made one: choose whom to keep, see what happens, confirm.

    The group owner's, as a delete: one of the two players goes."""
    player = _player(request, pk, owner=True)
    form = renames.MergeForm(request.POST or None, player=player)
    context = {"player": player, "form": form}
    if request.method == "POST" and form.is_valid():
        keep = form.cleaned_data["keep"]
        try:
            if "confirmed" in request.POST:
                renames.merge_players(keep, player)
                messages.success(request, f"{player.name} and {keep.name} are one player now.")
                return redirect(keep)
            renames.check_merge(keep, player)
            context |= {"keep": keep, "games": player.games.count()}
        except renames.Refused as error:
            form.add_error("keep", str(error))
    return render(request, "players/merge.html", context)


@login_required
def player_delete(request, pk):
    player = _player(request, pk, owner=True)
    what = (
        f"{player.name} leaves your lists, filters and player pages. The games they played "
        "keep their name and scores."
    )
    said, title = f"{player.name} deleted", f"Delete {player.name}?"
    return delete_screen(request, player, "player", said, "home", title, what)


@require_safe
@login_required
def me(request):
    """A member's own page: their record across all their groups, as a player page shows it."""
    form = DateRange(request.GET)
    since, until = form.dates()
    record = stats.account_record(request.user, since, until)
    context = {
        "record": record.kinds,
        "games": Paginator(record.games, GAMES_PER_PAGE).get_page(request.GET.get("page")),
        "rivals": record.rivals,
        "standings": own_standings(request.user),
        "form": form,
        "filtered": bool(since or until),
        "query": form.query(),
        "linked": Player.objects.filter(
            account=request.user, group__memberships__user=request.user
        ).select_related("group"),
    }
    return render(request, "players/me.html", context)


@login_required
@require_POST
def player_account(request, pk):
    """Link a player to an account: "This is me" by a member, or any member by the owner;
    unlinked by the owner or by the member linked. One account is one player in a group."""
    player = _player(request, pk)
    group = player.group
    owner = group.owner_id == request.user.pk
    chosen = request.POST.get("account", "")
    if chosen == "me" and player.account_id is None:
        account = request.user
    elif chosen == "" and (owner or player.account_id == request.user.pk):
        account = None
    elif owner and chosen.isdigit():
        membership = get_object_or_404(group.memberships, user=int(chosen))
        account = membership.user
    else:
        raise Http404("That link is not yours to make.")
    if account is not None and group.players.filter(account=account).exclude(pk=pk).exists():
        messages.error(
            request, f"{account.get_username()} is another player of this group already."
        )
        return redirect(player)
    player.account = account
    player.save(update_fields=["account"])
    return redirect(player)
