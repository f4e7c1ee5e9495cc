"""The table's records. A hand is stored as its score-sheet record; scores are never typed in:
what is kept of them (`SeatResult`, each game's result for each seat) is the engine's,
worked out again at every change of the game and rebuilt from the sheets.

Everything belongs to a group (the people who play together): views look objects up through
the visitor's memberships, so that another group's ids simply do not exist (404, never 403).
"""

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone

from games.engine.registry import GAMES


class Live(models.Manager):
    """The default manager: what the owner deleted is kept aside, out of every query.

    Related managers and prefetches are made from the default manager, so `session.games`
    leaves deleted games out too. Forward relations (`game.session`) and cascades use the
    base manager and still reach a deleted row; `kept` is the bin's (games/play/bin.py).
    """

    def get_queryset(self):
        return super().get_queryset().filter(deleted__isnull=True)


def kind_choices():
    # Called, not listed: the games are registered once the app is ready (games/engine/registry.py).
    return [(key, game.NAME) for key, game in GAMES.items()]


class Group(models.Model):
    """The people who play together: its members are accounts, the rest belongs to it."""

    name = models.CharField(max_length=80)
    # Deletes and the group's own settings are the owner's; the owner is a member too.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_groups"
    )
    # The invite link's token (games/play/access.py new_token); None while invites are off.
    invite_token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("group", args=[self.pk])


class Membership(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    joined = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["joined", "pk"]
        constraints = [
            models.UniqueConstraint("group", "user", name="membership_unique"),
        ]

    def __str__(self):
        return f"{self.user} in {self.group}"


class Player(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="players")
    # The member this player is ("this is me"): at most one player per account in a group.
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
    )
    name = models.CharField(max_length=40)
    created = models.DateTimeField(default=timezone.now)
    # Set when the owner deleted it: kept aside, out of every list, restorable from the
    # account page for KEEP_DELETED days (games/play/bin.py), then gone for good.
    deleted = models.DateTimeField(null=True, blank=True)

    objects = Live()
    kept = models.Manager()  # noqa: DJ012 (second: the first declared is the default)

    class Meta:
        ordering = ["name"]
        constraints = [
            # The sheet refuses two names that differ only in case, so the group does too;
            # a deleted "Ana" is out of the way of a new one (games/play/bin.py restores it only
            # while no other player has its name).
            models.UniqueConstraint(
                "group",
                Lower("name"),
                condition=models.Q(deleted__isnull=True),
                name="player_name_unique_per_group",
            ),
            models.UniqueConstraint(
                "group",
                "account",
                condition=models.Q(account__isnull=False),
                name="player_account_unique_per_group",
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("player", args=[self.pk])


class Session(models.Model):
    """One sitting at the table: a date, maybe a place and a note, and its games."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="sessions")
    date = models.DateField(default=timezone.localdate)
    place = models.CharField(max_length=80, blank=True)
    note = models.TextField(max_length=2000, blank=True)
    created = models.DateTimeField(default=timezone.now)
    # Set when the owner deleted it: kept aside, out of every list, restorable from the
    # account page for KEEP_DELETED days (games/play/bin.py), then gone for good.
    deleted = models.DateTimeField(null=True, blank=True)

    objects = Live()
    kept = models.Manager()  # noqa: DJ012 (second: the first declared is the default)

    class Meta:
        ordering = ["-date", "-created"]

    def __str__(self):
        return f"{self.date:%-d %b %Y}" + (f" at {self.place}" if self.place else "")

    def get_absolute_url(self):
        return reverse("session", args=[self.pk])


class Game(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="games")
    kind = models.CharField(max_length=20, choices=kind_choices)
    # The table's own name for it ("The decider"); without one it is called by its kind
    # and players.
    name = models.CharField(max_length=80, blank=True)
    # Names in clockwise order, as the sheet has them; `seats` links them to Players.
    players = models.JSONField()
    # The complete settings the game started with, defaults included, so that a later
    # change of defaults never rewrites this game's history.
    rules = models.JSONField(default=dict)
    meta = models.JSONField(default=dict, blank=True)
    # Bumped by every change to any hand: the conflict check and the scoreboard's ETag.
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now)
    seats = models.ManyToManyField(Player, through="Seat", related_name="games")
    # The read-only link for the others at the table, empty when turned off, and the member
    # who made it (None: made before that was kept, or by an account since deleted): the
    # group's page lists every one with its maker (games/play/links.py). Co-scorer links are
    # each member's own: CoscorerLink (games/models/members.py).
    share_token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    share_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    share_since = models.DateTimeField(null=True, blank=True)
    # Set when the owner deleted it: kept aside, out of every list, restorable from the
    # account page for KEEP_DELETED days (games/play/bin.py), then gone for good.
    deleted = models.DateTimeField(null=True, blank=True)

    objects = Live()
    kept = models.Manager()  # noqa: DJ012 (second: the first declared is the default)

    class Meta:
        ordering = ["created"]

    def __str__(self):
        return self.name or f"{self.get_kind_display()}: {', '.join(self.players)}"

    def get_absolute_url(self):
        return reverse("game:board", args=[self.pk])

    @property
    def engine(self):
        return GAMES[self.kind]


class Leftover(models.Model):
    """What a finished game left on the table for a later one (Tridge's funds kept), from
    the game that left it until a game takes it: the group's (games/money/table.py).

    No amount is kept here: the source's engine works it out from the source's hands
    (GameKind.leaves), so a correction of the source reaches the table, and the game that
    took it, as it reaches the source's own scores.
    """

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="leftovers")
    source = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="leftover")
    at = models.DateTimeField(default=timezone.now)
    # The game that started with it; on the table again while that game is deleted.
    taken_by = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="took"
    )
    taken_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self):
        return f"left by {self.source}"


class LiveSeats(models.Manager):
    """Seats at games not deleted: a player's record counts no game kept aside."""

    def get_queryset(self):
        return super().get_queryset().filter(game__deleted__isnull=True)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE)
    # The game keeps its players by name too, so a seat may go with its player.
    player = models.ForeignKey(Player, on_delete=models.CASCADE)
    position = models.PositiveSmallIntegerField()

    objects = LiveSeats()
    kept = models.Manager()  # noqa: DJ012 (second: the first declared is the default)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint("game", "position", name="seat_position_unique"),
            models.UniqueConstraint("game", "player", name="seat_player_unique"),
        ]

    def __str__(self):
        return f"seat {self.position + 1}: {self.player}"


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    record = models.JSONField()
    # Bumped by every edit: a phone saving an older version is told, never silently wins.
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint("game", "number", name="hand_number_unique_per_game"),
        ]

    def __str__(self):
        return f"hand {self.number}"


class Revision(models.Model):
    """A hand as it was before an edit or a deletion: nothing entered is ever lost."""

    EDITED = "edited"
    DELETED = "deleted"
    ACTIONS = [(EDITED, "edited"), (DELETED, "deleted")]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="revisions")
    # Gone once the hand is deleted; the revision itself stays with the game.
    hand = models.ForeignKey(
        Hand, null=True, blank=True, on_delete=models.SET_NULL, related_name="revisions"
    )
    # The hand's number when the change was made; hands after a deleted one move up.
    number = models.PositiveIntegerField()
    record = models.JSONField()
    version = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=ACTIONS)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # Set when the change came through the game's co-scorer link rather than an account.
    via_coscorer = models.BooleanField(default=False)
    at = models.DateTimeField(default=timezone.now)
    # A deleted hand put back (games/play/services.py): no longer offered as deleted, and linked
    # to the hand again (`hand`) as a step of its history; deleted again, it stays put back.
    put_back = models.BooleanField(default=False)
    # The sheet's top-level keys this change altered (Cardigan's full suits, which come
    # with the last deal), as they were before it: they come back with the hand.
    top = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self):
        return f"hand {self.number}, version {self.version} ({self.action})"


class Submission(models.Model):
    """One hand form sent: its one-time key, stored in the same transaction as the change.

    A phone sends a form again on a double tap, Back and Save, or a retry after a timeout;
    the key finds the change it already made, so it is answered as the first was and never
    stored twice (games/play/services.py).
    """

    ADDED = "added"
    EDITED = Revision.EDITED
    DELETED = Revision.DELETED
    ACTIONS = [(ADDED, "added"), *Revision.ACTIONS]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="submissions")
    key = models.CharField(max_length=64)
    # The hand the change made, and what it did: what the first answer was about.
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=ACTIONS)
    # The game's version right after the change: Undo undoes it only while the game is
    # still there (games/play/services.py `undo`). None for changes stored before it was kept.
    version = models.PositiveIntegerField(null=True, blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint("game", "key", name="submission_key_unique_per_game"),
        ]

    def __str__(self):
        return f"{self.key}: hand {self.number} {self.action}"
