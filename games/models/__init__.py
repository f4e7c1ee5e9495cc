"""The app's models, one module a part of the house: the table's records (groups, sessions,
games and their hands), the group's money (payments, and the ledger's entries), what each
game comes to for each seat, what belongs to one member alone, and how often something
was asked, for a limit. Imported from here, as
Django finds them."""

from games.models.ledger import Entry, Line, Payment
from games.models.limits import Asked
from games.models.members import CoscorerLink, Departure
from games.models.results import SeatFigure, SeatResult
from games.models.table import (
    Game,
    Group,
    Hand,
    Leftover,
    Live,
    LiveSeats,
    Membership,
    Player,
    Revision,
    Seat,
    Session,
    Submission,
    kind_choices,
)

__all__ = [
    "Asked",
    "CoscorerLink",
    "Departure",
    "Entry",
    "Game",
    "Group",
    "Hand",
    "Leftover",
    "Line",
    "Live",
    "LiveSeats",
    "Membership",
    "Payment",
    "Player",
    "Revision",
    "Seat",
    "SeatFigure",
    "SeatResult",
    "Session",
    "Submission",
    "kind_choices",
]
