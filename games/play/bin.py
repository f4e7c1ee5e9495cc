"""What the owner deleted: kept aside for KEEP_DELETED, restorable, then gone for good.

A deleted row keeps its `deleted` time and the models' default managers leave it out
(games/models.py `Live`), so every page, list, link and count behaves as if it were gone.
A session's games are deleted with it, at the same moment: restoring the session brings
back those games and not one deleted before it. A deleted player only leaves the lists;
the games keep the name, and the seats that link them to it.

Purged lazily, when the owner opens the account page (the one place that shows the
bin), and by `manage.py purgebin` for every account (a daily cron, so no row outlives
its days just because its owner stopped coming back).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games.models import Game, Player, Session
from games.play import changes, polls, services

KEEP_DELETED = timedelta(days=30)
MODELS = {"game": Game, "session": Session, "player": Player}


class Refused(Exception):
    """It cannot come back as it is: the message says why, for the screen."""


def _owned(kind: str, owner):
    # Deleting and restoring are the group owner's: the bin holds the groups `owner` owns.
    field = "session__group__owner" if kind == "game" else "group__owner"
    return MODELS[kind].kept.filter(**{field: owner})


def _forget_links(games) -> None:
    # A link's poll may be answered from the cache alone: it must reach the view, and 404.
    for game in games:
        polls.link_changed("shared", game.share_token)
        polls.link_changed("coscorer", game.coscorer_token)


def delete(thing) -> None:
    """Keep `thing` (a Game, Session or Player) aside, with a session's games."""
    now = timezone.now()
    with transaction.atomic():
        if isinstance(thing, Session):
            games = list(Game.objects.filter(session=thing))
            Game.objects.filter(session=thing).update(deleted=now)
        else:
            games = [thing] if isinstance(thing, Game) else []
        thing.deleted = now
        thing.save(update_fields=["deleted"])
        _unlink(games)
        for game in games:
            game.deleted = now
            changes.changed(game)  # what follows its hands counts it no more
    _forget_links(games)


def _unlink(games) -> None:
    """A game that led to a deleted one leads nowhere: its board offers Play again anew."""
    gone = [game.pk for game in games]
    for earlier in Game.objects.filter(meta__next_game__in=gone):

        def forget(locked):
            locked.meta = {key: value for key, value in locked.meta.items() if key != "next_game"}
            return True

        services.change_game(earlier, forget)


def restore(owner, kind: str, pk) -> Game | Session | Player | None:
    """The deleted thing back, or None if there is none of the owner's to restore."""
    thing = _owned(kind, owner).filter(pk=pk, deleted__gte=timezone.now() - KEEP_DELETED).first()
    if thing is None:
        return None
    with transaction.atomic():
        games = [thing] if kind == "game" else []
        if kind == "session":
            games = list(Game.kept.filter(session=thing, deleted=thing.deleted))
            Game.kept.filter(pk__in=[game.pk for game in games]).update(deleted=None)
        if kind == "game" and thing.session.deleted:
            # Its session comes back with it, alone: its other games stay in the bin.
            Session.kept.filter(pk=thing.session_id).update(deleted=None)
        if kind == "player":
            _name_free(thing)
        thing.deleted = None
        thing.save(update_fields=["deleted"])
        for game in games:
            game.deleted = None
            changes.changed(game)  # what follows its hands counts it again
    return thing


def _name_free(player: Player) -> None:
    # A new player may have taken the name meanwhile; two would break the group's rule.
    if Player.objects.filter(group=player.group_id, name__iexact=player.name).exists():
        raise Refused(
            f"Another player is called {player.name} now. Rename that one, then "
            f"restore this {player.name}."
        )


@dataclass
class Kept:
    kind: str
    thing: Game | Session | Player
    deleted: datetime

    @property
    def goes(self) -> datetime:
        return self.deleted + KEEP_DELETED

    @property
    def key(self) -> str:
        return f"{self.kind}-{self.thing.pk}"


def kept_aside(owner) -> list[Kept]:
    """The owner's bin, latest first: sessions, games not deleted with their session, players."""
    since = timezone.now() - KEEP_DELETED
    sessions = _owned("session", owner).filter(deleted__gte=since)
    games = _owned("game", owner).filter(deleted__gte=since).select_related("session")
    games = [game for game in games if game.deleted != game.session.deleted]
    players = _owned("player", owner).filter(deleted__gte=since)
    kept = [
        Kept(kind, thing, thing.deleted)
        for kind, things in (("session", sessions), ("game", games), ("player", players))
        for thing in things
    ]
    return sorted(kept, key=lambda item: item.deleted, reverse=True)


def purge(owner=None, now: datetime | None = None) -> int:
    """Delete for good what was kept aside longer than KEEP_DELETED; how many rows went."""
    before = (now or timezone.now()) - KEEP_DELETED
    gone = 0
    for kind in ("session", "game", "player"):
        things = _owned(kind, owner) if owner else MODELS[kind].kept.all()
        things = things.filter(deleted__lt=before)
        if kind == "player":
            # One who still sits in a game stays, hidden for good: the seat keeps the game
            # whole (its next game is seated from it) and the game shows the name anyway.
            things = things.filter(seat__isnull=True)
        gone += things.delete()[0]
    return gone


def restore_key(key: str) -> tuple[str, int] | None:
    """ "game-12" as ("game", 12), for a Restore button's value; None if it is no such key."""
    kind, _, pk = key.partition("-")
    return (kind, int(pk)) if kind in MODELS and pk.isdigit() else None
