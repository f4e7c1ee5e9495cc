"""Cardigan as the app sees it (games/engine/kind.py): what its folder does not say."""

from games.cardigan import rules, screen, suits, words
from games.cardigan.forms import HandForm
from games.engine.kind import GameKind
from games.engine.money import Money


class Cardigan(GameKind):
    NAME = "Cardigan"
    SEATS = (4,)
    HAND = "deal"  # Cardigan's players say "deal"
    SIDE = "team"
    PLAYERS_TEXT = "4 players, two partnerships"
    SUMMARY = (
        (
            "Four packs shuffled together make four deals. Partners score together: duplicates "
            "shown before bidding, a contract bonus, points for every trick, and points for the "
            "cards they collect."
        ),
        (
            "Card values grow deal by deal, and after the fourth deal each team scores its "
            "complete suits, counted from every card it collected in the game."
        ),
    )

    # Played for points: each player pays every other the difference between the scores.
    money = Money

    # No Tally (games/play/tallies.py): a game is four deals, so its whole sheet is already short.

    # The tables its own templates read (board.html, more.html, numbers.html).
    TABLES = {"full_suits": suits.FULL_SUITS, "part_labels": screen.PART_LABELS}
    preview_context = staticmethod(HandForm.preview_context)
    sheet_top = staticmethod(HandForm.sheet_top)

    @staticmethod
    def form_after(form):
        # Deal n is dealt by the n-th player: offline too, up to the last deal.
        later = form.number + 1
        return HandForm(game=form.game, number=later) if later <= rules.DEALS else None

    @staticmethod
    def last_hand(form):
        # A game is four deals, whatever they score.
        return rules.DEALS

    closing = staticmethod(words.closing)
    teams = staticmethod(rules.team_names)
