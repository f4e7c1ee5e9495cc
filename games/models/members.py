"""What belongs to one member of a group: the co-scorer links they were shown, and the
record of their leaving (games/models/__init__.py).

A link seen by every member outlived any one membership: a member removed kept the game's
co-scorer link and went on entering hands. So each member has their own, and leaving
(or being removed) turns off exactly theirs (games/play/leaving.py).
"""

from django.conf import settings
from django.db import models
from django.utils import timezone


class CoscorerLink(models.Model):
    """One member's link for a second scorer's phone: it enters and corrects one game's hands.

    Made when the member turns it on from the game's board; only they are shown it. Each use
    asks that its member is still in the game's group (games/play/access.py), never cached.
    """

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="coscorer_links")
    member = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="coscorer_links"
    )
    token = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            models.UniqueConstraint("game", "member", name="coscorer_link_one_per_member"),
        ]

    def __str__(self):
        return f"{self.member}'s co-scorer link to {self.game}"


class Departure(models.Model):
    """A member out of a group: who, from which group, when, and by whom.

    It tells a removed member from a stranger (their open board says they are no longer a
    member, where a stranger gets 404), and finds the groups where an account still has a
    player, and so money owed or owed to it (games/play/leaving.py `groups_left`). Kept when
    they join again: it is the group's history.
    """

    LEFT = "left"
    REMOVED = "removed"
    HOW = [(LEFT, "left"), (REMOVED, "removed")]

    group = models.ForeignKey("games.Group", on_delete=models.CASCADE, related_name="departures")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="departures"
    )
    how = models.CharField(max_length=10, choices=HOW)
    # Who did it: the member who left, or the owner who removed them.
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self):
        return f"{self.user} {self.how} {self.group}"
