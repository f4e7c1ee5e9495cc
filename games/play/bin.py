"""What the owner deleted: kept aside for KEEP_DELETED, restorable, then gone for good.

A deleted row keeps its `deleted` time and the models' default managers leave it out
(games/models/table.py `Live`), so every page, list, link and count behaves as if it were gone.
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

from games.models import CoscorerLink, Game, Leftover, Player, Session
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
    for token in CoscorerLink.objects.filter(game__in=games).values_list("token", flat=True):
        polls.link_changed("coscorer", token)


def delete(thing) -> None:
    """Keep `thing` (a Game, Session or Player) aside, with a session's games; Refused if a
    game that stays started with chips one of them left on the table."""
    now = timezone.now()
    with transaction.atomic():
        if isinstance(thing, Session):
            games = list(Game.objects.filter(session=thing))
        else:
            games = [thing] if isinstance(thing, Game) else []
        _not_taken(games)
        Game.objects.filter(pk__in=[game.pk for game in games]).update(deleted=now)
        thing.deleted = now
        thing.save(update_fields=["deleted"])
        _unlink(games)
        _changed(games)
        if isinstance(thing, Session):
            changes.changed_session(thing)
    _forget_links(games)


def _not_taken(games) -> None:
    """The chips a match left on the table belong, once taken, to the match that took them:
    its scores count them. So that every chip keeps its place, the match that left them
    goes only with it, or after it."""
    gone = {game.pk for game in games}
    # Taken by a game, and that game live: a join across a null `taken_by` would let the
    # piles no game took count as taken too.
    taken = Leftover.objects.filter(
        source__in=gone, taken_by__isnull=False, taken_by__deleted__isnull=True
    )
    left = taken.exclude(taken_by__in=gone).select_related("taken_by__session").first()
    if left is not None:
        later = left.taken_by
        raise Refused(
            f"The match of {later.session.date:%-d %b} ({later}) started with the chips "
            f"{left.source} left on the table: delete that match first, then this."
        )


def _changed(games) -> None:
    """What follows a game's hands (the group's ledger, each seat's result) follows it out,
    or back in."""
    for game in Game.kept.filter(pk__in=[game.pk for game in games]).order_by("created"):
        changes.changed(game)


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
        games = []
        if kind == "session":
            games = list(Game.kept.filter(session=thing, deleted=thing.deleted))
        if kind == "game":
            games = [thing]
            if thing.session.deleted:
                # Its session comes back with it, alone: its other games stay in the bin.
                Session.kept.filter(pk=thing.session_id).update(deleted=None)
        if kind == "player":
            _name_free(thing)
        _sources_back(games)
        Game.kept.filter(pk__in=[game.pk for game in games]).update(deleted=None)
        thing.deleted = None
        thing.save(update_fields=["deleted"])
        _changed(games)
        if kind == "session" or (kind == "game" and thing.session.deleted):
            session = Session.kept.get(pk=thing.pk if kind == "session" else thing.session_id)
            changes.changed_session(session)
    return thing


def _sources_back(games) -> None:
    """A match that started with chips another left on the table comes back only with it."""
    back = {game.pk for game in games}
    gone = Leftover.objects.filter(taken_by__in=back, source__deleted__isnull=False)
    left = gone.exclude(source__in=back).select_related("source__session").first()
    if left is not None:
        source = left.source
        raise Refused(
            f"{left.taken_by} started with the chips {source} left on the table on "
            f"{source.session.date:%-d %b}: restore that match first, then this."
        )


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
