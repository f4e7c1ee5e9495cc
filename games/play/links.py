"""A game's links: the share link, one for the game, and each member's own co-scorer link.

A share link only shows the scores, to the others at the table, who have no account: it
belongs to the game, and the group's page lists every one with who made it, so that its
owner can always see them and turn any off. A co-scorer link enters and corrects hands, so
only the member who turned it on is shown it, and it goes when they leave the group
(games/play/leaving.py). Every change forgets what a link's idle poll keeps in the cache
(games/play/polls.py): the next poll reaches the view, and its check.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.models import CoscorerLink, Game
from games.play import polls
from games.play.access import new_token

ACTIONS = ("on", "new", "off")


def coscorer_link(game: Game, member) -> CoscorerLink | None:
    """`member`'s own co-scorer link to `game`, if they turned it on."""
    return CoscorerLink.objects.filter(game=game, member=member).first()


def set_coscorer(game: Game, member, action: str) -> None:
    """`member` turns their co-scorer link on, replaces it (the old one stops) or turns it off."""
    old = coscorer_link(game, member)
    if action == "off":
        if old is not None:
            old.delete()
    elif old is None:
        token = new_token()
        CoscorerLink.objects.get_or_create(game=game, member=member, defaults={"token": token})
    elif action == "new":
        CoscorerLink.objects.filter(pk=old.pk).update(token=new_token())
    if old is not None and action != "on":
        forget("coscorer", [old.token])


def set_share(game: Game, member, action: str) -> None:
    """A member turns the game's share link on, replaces it or turns it off; the one who
    makes it is noted, for the group's list of share links."""
    old = game.share_token
    if action == "on" and old:
        return  # on already: a second tap, or another member a moment before
    if action == "off":
        game.share_token, game.share_by, game.share_since = None, None, None
    else:
        game.share_token, game.share_by, game.share_since = new_token(), member, timezone.now()
    game.save(update_fields=["share_token", "share_by", "share_since"])
    forget("shared", [old])


def shared_in(group):
    """The group's games with a share link on, newest first, each with who made it."""
    return (
        Game.objects.filter(session__group=group, share_token__isnull=False)
        .select_related("session", "share_by")
        .order_by("-share_since", "-created")
    )


def stop_shares(games) -> None:
    """Turn off the share links of `games` (a queryset): they answer 404 at once."""
    tokens = list(games.values_list("share_token", flat=True))
    games.update(share_token=None, share_by=None, share_since=None)
    forget("shared", tokens)


def forget(namespace: str, tokens) -> None:
    """The links' poll entries go from the cache now, and again once the change is stored: a
    poll that read the link before that could have filed it again in between."""

    def now():
        for token in tokens:
            polls.link_changed(namespace, token)

    now()
    transaction.on_commit(now)
