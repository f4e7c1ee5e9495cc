"""Contractor as the app sees it (the contract: games/kind.py)."""

from games.contractor import records, rules, stats, urls
from games.contractor.forms import HandForm
from games.contractor.words import describe, describe_record, field_words
from games.kind import GameKind


class Contractor(GameKind):
    KEY = "contractor"
    NAME = "Contractor"
    SEATS = (3,)
    PLAYERS_TEXT = "3 players"
    SUMMARY = (
        (
            "Each hand, the players bid contracts they compose themselves: a strain (a trump "
            "suit, no trump, crazytrump or nil) plus conditions such as extra tricks, foregoing "
            "kitty cards or playing exposed, each adding to the contract's value."
        ),
        (
            "The contractor scores the value when the contract is made and loses it when it "
            "fails (twice over when they bid absolutely sure); the opponents score their tricks."
            " A challenge is a 3-point side bet."
        ),
        (
            "A game is a planned number of hands, a multiple of three so everyone deals equally "
            "often."
        ),
    )

    Settings = rules.Settings
    score = staticmethod(rules.score)
    read = staticmethod(records.read)
    # Read by games/tallies.py, which keeps a game's tally between saves.
    Tally = rules.Tally
    hand_reader = staticmethod(records.hand_reader)

    HandForm = HandForm
    BOARD_TEMPLATE = "contractor/board.html"
    STYLESHEET = "contractor/contractor.css"
    NUMBERS_TEMPLATE = "contractor/numbers.html"
    RULES = rules
    SCREENS = urls.SCREENS  # the bid calculator
    describe = staticmethod(describe)
    describe_record = staticmethod(describe_record)
    field_words = staticmethod(field_words)
    preview_context = staticmethod(HandForm.preview_context)
    figures = staticmethod(stats.figures)
