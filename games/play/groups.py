"""Who belongs where: a visitor's groups, and what of a group they may reach.

Every request asks the database (no caching of access), so a removed member is out at once:
games/play/leaving.py takes a member out.
"""

from django.db import transaction

from games.models import Group, Membership, Player, Session
from games.play.access import new_token


def groups_of(user):
    """The groups `user` is a member of, oldest first."""
    return Group.objects.filter(memberships__user=user)


def first_group(user) -> Group | None:
    """Where a new session goes for a person in one group: their oldest."""
    return groups_of(user).first()


def sessions_of(user):
    return Session.objects.filter(group__memberships__user=user)


def players_of(user):
    return Player.objects.filter(group__memberships__user=user)


@transaction.atomic
def create_group(user, name: str) -> Group:
    """A new group, `user` its owner and first member, its invite link on."""
    group = Group.objects.create(name=name, owner=user, invite_token=new_token())
    Membership.objects.create(group=group, user=user)
    return group


def first_group_at_sign_up(sender, instance, created, raw=False, **kwargs):
    """An account starts with a group of its own (a post_save receiver, games/apps.py)."""
    if created and not raw:
        create_group(instance, f"{instance.get_username()}'s table")
