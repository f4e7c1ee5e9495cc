"""Tridge as the app sees it (games/engine/kind.py): what its folder does not say."""

from games.engine.kind import GameKind
from games.tridge import match, records, rules
from games.tridge.forms import HandForm


class Tridge(GameKind):
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

    # It can stop between two hands: games/play/tallies.py keeps its tally between saves.
    Tally = rules.Tally
    hand_reader = staticmethod(records.hand_reader)

    # The hand form's words for its live preview.
    preview_context = staticmethod(HandForm.preview_context)

    @staticmethod
    def form_after(form):
        # The deal passes left after every hand, a passed one too: offline, the next
        # hand's form is known (with four, its dealer sits out: other trick rows).
        return HandForm(game=form.game, number=form.number + 1)

    # A planned match (or one the table ended) stops at its planned hands, passed ones too.
    last_hand = staticmethod(HandForm.last_hand)

    # Kept by a phone for use with no signal: the table settles and ends the match there too.
    KEPT_SCREENS = ("settlement", "end_match")

    # The match's money: chips at so much a chip, its end, what it leaves the next one.
    money = match.TridgeMoney
    # The board: money beside the chips, the funds, the match's end.
    board_context = staticmethod(match.board_context)

    @classmethod
    def next_game(cls, game, score):
        """The next match: as any game's, planned as this one was before it ended."""
        first, _, meta = super().next_game(game, score)
        return first, match.next_rules(game), meta

    # The player page counts chips won or lost.
    RESULT = "Average chip result"

    @staticmethod
    def result(game, side, score):
        """Chips won or lost: what a person holds less what they started with."""
        return score.standings[side] - match.starting_chips(game)
