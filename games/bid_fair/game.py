"""Bid Fair as the app sees it (games/engine/kind.py): what its folder does not say."""

from games.bid_fair import records, rules
from games.bid_fair.forms import HandForm
from games.engine.kind import GameKind
from games.engine.money import Money


class BidFair(GameKind):
    NAME = "Bid Fair"
    SEATS = (2,)
    PLAYERS_TEXT = "2 players, to 800"
    SUMMARY = (
        (
            "Each player may show a bid card face up; showing one hands the contract to the "
            "opponent, and two shown cards double it. The cut card sets trumps, and a bid card "
            "of that suit earns a bonus."
        ),
        (
            "Both score the card points they capture. A holder who reaches the contract's value "
            "also scores the difference between the two players' card points, and the opponent "
            "collects a reward."
        ),
        ("The leader deals, and the first player alone past 800 wins."),
    )

    # Played for points: each player pays every other the difference between the scores.
    money = Money

    # It can stop between two hands: games/play/tallies.py keeps its tally between saves.
    Tally = rules.Tally
    hand_reader = staticmethod(records.hand_reader)

    # The hand form's words for its live preview.
    preview_context = staticmethod(HandForm.preview_context)

    @staticmethod
    def deals_after(players, score) -> str:
        # The player ahead deals the next deal: after the last, the winner.
        return score.winners[0]
