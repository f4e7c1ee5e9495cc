"""Bid Fair as the app sees it (the contract: games/kind.py)."""

from games.bid_fair import records, rules, stats
from games.bid_fair.forms import HandForm
from games.bid_fair.words import describe, describe_record, field_words
from games.kind import GameKind


class BidFair(GameKind):
    KEY = "bid_fair"
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

    Settings = rules.Settings
    score = staticmethod(rules.score)
    read = staticmethod(records.read)
    # Read by games/tallies.py, which keeps a game's tally between saves.
    Tally = rules.Tally
    hand_reader = staticmethod(records.hand_reader)

    HandForm = HandForm
    BOARD_TEMPLATE = "bid_fair/board.html"
    STYLESHEET = "bid_fair/bid_fair.css"
    NUMBERS_TEMPLATE = "bid_fair/numbers.html"
    RULES = rules
    describe = staticmethod(describe)
    describe_record = staticmethod(describe_record)
    field_words = staticmethod(field_words)
    preview_context = staticmethod(HandForm.preview_context)
    figures = staticmethod(stats.figures)

    @staticmethod
    def deals_after(players, score) -> str:
        # The player ahead deals the next deal: after the last, the winner.
        return score.winners[0]
