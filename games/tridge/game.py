"""Tridge as the app sees it (the contract: games/kind.py)."""

from games.kind import GameKind
from games.tridge import match, records, rules, stats, urls, words
from games.tridge.forms import HandForm
from games.tridge.words import describe, describe_record, field_words


class Tridge(GameKind):
    KEY = "tridge"
    NAME = "Tridge"
    SEATS = (3, 4)
    PLAYERS_TEXT = "3 or 4 people, for chips"
    SUMMARY = (
        (
            "An English-card L'Hombre: one player takes on the other two with a bid (play, flip,"
            " no change, no tricks, all tricks or a fixed number of tricks) and needs more tricks"
            " than either defender."
        ),
        (
            "Chips flow between the people and three kinds of pot: a game fund that doubles on a "
            "draw or a loss, reserve funds that catch what overflows it, and a widow's fund won "
            "by the grand bids."
        ),
        (
            "With four people the dealer sits out but still pays and collects. At the end of the "
            "evening Scorekeeper settles who pays whom."
        ),
    )

    Settings = rules.Settings
    score = staticmethod(rules.score)
    read = staticmethod(records.read)
    # Read by games/tallies.py, which keeps a game's tally between saves.
    Tally = rules.Tally
    hand_reader = staticmethod(records.hand_reader)

    HandForm = HandForm
    BOARD_TEMPLATE = "tridge/board.html"
    MORE_TEMPLATE = "tridge/more.html"
    NUMBERS_TEMPLATE = "tridge/numbers.html"
    RULES = rules
    SCREENS = urls.SCREENS  # the settlement
    RESULT = "Average chip result"
    STAKE_UNIT = "chip"
    BALANCES_TEXT = words.BALANCES_TEXT
    describe = staticmethod(describe)
    describe_record = staticmethod(describe_record)
    field_words = staticmethod(field_words)
    preview_context = staticmethod(HandForm.preview_context)
    figures = staticmethod(stats.figures)
    board_context = staticmethod(match.board_context)
    KEPT_CHOICES = ("stake", "funds_left")
    leaves = staticmethod(match.left_on_table)

    @classmethod
    def next_game(cls, game, score):
        """The next match: as any game's, with what this one left on the table."""
        first, _, meta = super().next_game(game, score)
        return first, match.next_rules(game, score), meta

    @staticmethod
    def result(game, side, score):
        """Chips won or lost: what a person holds less what they started with."""
        return score.standings[side] - match.starting_chips(game)

    balances = staticmethod(match.balances)
