"""A member out of a group: removed by its owner, or leaving by themselves.

Either way they are out at once (every request asks for the membership), and every way in
they were shown goes with them: their co-scorer links to the group's games are turned off,
and what those links' idle polls keep in the cache is forgotten, so that the next request
reaches the view and its 404. A Departure records who went, from which group, when and by
whom: it tells them from a stranger (their open board says they are no longer a member)
and finds the groups where they still have a player, and money (`groups_left`).

Share links are the game's, not a member's: they only show the scores, to people at the
table without an account, who may be following a game with one as it happens. So the share
links a member made pass to the group: removing a member, the owner chooses whether the
ones they made stop too; one who leaves leaves them to the group. Either way the group's
page lists every share link with who made it, and any member, the owner too, turns any off
(games/views/links.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.models import CoscorerLink, Departure, Group, Membership, Player
from games.play import links
from games.play.access import new_token

# How long a removal can be undone: the Undo it is offered with shows for seconds.
UNDO_WITHIN = timedelta(minutes=10)


@dataclass(frozen=True)
class Left:
    """A group an account is no longer in, and the player it is there (None: none linked)."""

    group: Group
    player: Player | None
    departure: Departure


def shares_made(group: Group, user):
    """The share links `user` made that are on, in `group`'s games."""
    return links.shared_in(group).filter(share_by=user)


def coscorer_links(group: Group, user):
    """`user`'s co-scorer links to `group`'s games, those kept aside with a deleted game too."""
    return CoscorerLink.objects.filter(member=user, game__session__group=group)


def remove_member(group: Group, user, by=None, stop_shares: bool = False) -> Departure | None:
    """The owner (`by`) takes `user` out of `group`; with `stop_shares`, the share links they
    made stop too. An invite link that was on is replaced, so that the one they hold does
    not let them straight back in. None if they were no member."""
    departure = _depart(group, user, Departure.REMOVED, by or group.owner, stop_shares)
    if departure is not None and group.invite_token:
        group.invite_token = new_token()
        group.save(update_fields=["invite_token"])
    return departure


def leave_group(group: Group, user) -> Departure | None:
    """`user` leaves `group`; the share links they made stay on, the group's now. None if
    they were no member."""
    return _depart(group, user, Departure.LEFT, user, stop_shares=False)


def undo_removal(group: Group, user) -> bool:
    """A removal just made, undone: `user` a member again. Their links stay off (they make
    new ones), and so does the invite link made at their removal. Only the latest
    departure, if it was a removal made less than UNDO_WITHIN ago: never one who left by
    themselves, nor one removed long since, whom only an invite they accept brings back."""
    latest = Departure.objects.filter(group=group, user=user).first()
    if latest is None or latest.how != Departure.REMOVED:
        return False
    if latest.at < timezone.now() - UNDO_WITHIN:
        return False
    _, made = Membership.objects.get_or_create(group=group, user=user)
    return made


def _depart(group: Group, user, how: str, by, stop_shares: bool) -> Departure | None:
    if user.pk == group.owner_id:
        raise ValueError("The owner of a group cannot leave it.")
    with transaction.atomic():
        if not Membership.objects.filter(group=group, user=user).delete()[0]:
            return None
        departure = Departure.objects.create(group=group, user=user, how=how, by=by)
        seen = coscorer_links(group, user)
        tokens = list(seen.values_list("token", flat=True))
        seen.delete()
        links.forget("coscorer", tokens)
        if stop_shares:
            links.stop_shares(shares_made(group, user))
    return departure


def groups_left(user) -> list[Left]:
    """The groups `user` left or was removed from and is not back in, the latest first, each
    with the player linked to the account there (Player.account): what they still owe or
    are owed in each is that player's, for their own page to show."""
    departures = (
        Departure.objects.filter(user=user)
        .exclude(group__memberships__user=user)
        .select_related("group")
    )
    latest = {}
    for departure in departures:  # the latest first: a second departure is an older one
        latest.setdefault(departure.group_id, departure)
    players = {
        player.group_id: player
        for player in Player.objects.filter(account=user, group__in=list(latest))
    }
    return [
        Left(departure.group, players.get(group_id), departure)
        for group_id, departure in latest.items()
    ]
