"""What each game comes to for each seat, kept in step with its hands (games/records/results.py):
the player page and a member's own page are sums of these rows."""

from django.db import models

from games.models.table import Game, Seat


class SeatResult(models.Model):
    """What one game comes to for one seat, as the game's engine scored it at its last change:
    the player page and the member's own page are built from these rows (games/records/stats.py)
    with SQL aggregates, never by scoring the history again.

    Nothing here is typed in: each row is worked out from the game's hands by the engine, in
    the transaction of every change of the game (games/records/results.py follows
    games/play/changes.py `game_changed`), and can always be built again from the sheets
    (games/migrations/0018 does so for every game). It holds whether the game is finished,
    where it left the seat ("Won", "2nd of 3", "not finished", "needs a correction" for a
    sheet the engine refuses), what a finished game counts for them (GameKind.result), how
    many sides finished ahead (games/records/places.py `rank`, for head to head), the names
    of their partners and opponents, the session's date (the pages' date filter) and the
    game's own figures (GameKind.figures, in `SeatFigure` rows). The figures need every hand
    scored, which a save's quick path leaves out (games/play/tallies.py), and a game not over
    reads the same but for them after one more hand: such a save marks them stale (`figured`
    False), and the next page that reads the game works them out again, for that game only.

    Keyed by the seat, so a row follows its seat (a merge moves seats to the player kept);
    deleted with it. A deleted game's rows stay, not `live`, and come back with the game.
    """

    seat = models.OneToOneField(
        Seat, primary_key=True, on_delete=models.CASCADE, related_name="result"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_results")
    kind = models.CharField(max_length=20)
    date = models.DateField()  # the session's: kept in step when a session's date changes
    live = models.BooleanField(default=True)  # the game is not deleted: the pages count it
    # Their line in the standings: their name, or their team's ("Ana & Cy"); "" if refused.
    side = models.CharField(max_length=200, blank=True)
    finished = models.BooleanField(default=False)
    refused = models.BooleanField(default=False)  # the sheet needs a correction
    outcome = models.CharField(max_length=40)
    result = models.IntegerField(null=True, blank=True)  # finished games only
    # How many sides finished ahead (head to head): finished games only.
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    partners = models.JSONField(default=list)  # names, as the game writes them
    opponents = models.JSONField(default=list)
    figured = models.BooleanField(default=False)  # its SeatFigure rows are the game as it stands

    def __str__(self):
        return f"{self.seat}: {self.outcome}"


class SeatFigure(models.Model):
    """One of the game's own figures for a seat (GameKind.figures): ("Contracts made", 3)."""

    result = models.ForeignKey(SeatResult, on_delete=models.CASCADE, related_name="figures")
    place = models.PositiveSmallIntegerField()  # the game's order of its figures
    label = models.CharField(max_length=200)
    number = models.IntegerField()

    class Meta:
        ordering = ["result", "place"]
        constraints = [
            models.UniqueConstraint("result", "place", name="seat_figure_place_unique"),
        ]

    def __str__(self):
        return f"{self.label}: {self.number}"
