"""A played hand's outcome: win, draw, loss (or one off), and who pays whom for it.

Pure Python. The payments themselves are the table's (games/tridge/table.py); this
module decides which ones a bid's outcome makes.
"""

from __future__ import annotations

from games.engine.cards import SUITS
from games.tridge.table import Table
from games.tridge.terms import (
    DIAMONDS,
    DRAW,
    HONOUR_WORTH,
    LOSE,
    NORMAL_BIDS,
    ONE_OFF,
    SLAM_BIDS,
    TRICKS,
    WIN,
    Played,
    Settings,
)


def honours_value(honours: int, trumps: str) -> int:
    # Diamonds are the preferred suit, so each of its honours is worth double.
    return honours * HONOUR_WORTH[trumps]


def outcome_of(player: str, tricks: dict[str, int]) -> str:
    """Win, draw or lose, comparing the player with everybody else in play.

    Only someone alone on the most tricks wins or beats the player: the player wins
    holding that place, loses when a defender holds it, and any tie at the top is a
    draw. So two defenders tied above the player (1:4:4) make a draw, as in Tresillo.
    """
    if tricks[player] * 2 > TRICKS:
        # More than half the tricks is more than everybody else's together: the usual
        # win, told without ranking the table.
        return WIN
    ranked = sorted(tricks.values(), reverse=True)
    if ranked[0] == ranked[1]:
        return DRAW
    return WIN if tricks[player] == ranked[0] else LOSE


def top_defender(tricks: dict[str, int]) -> str:
    """After a loss: the defender alone on the most tricks, who beat the player."""
    return max(tricks, key=tricks.__getitem__)


def fixed_half(fund: int) -> int:
    """What a fixed-trick player one trick off takes: half the game fund.

    An even fund is halved exactly. An odd fund has no whole half: the half (12.5 of 25,
    17.5 of 35) is taken to the nearest multiple of ten (docs/RULES.md#fixed-tricks).
    That half always ends in .5, so it is never exactly between two tens and needs no
    tie-break; below 10 it rounds to nothing.
    """
    if fund % 2 == 0:
        return fund // 2
    return (fund + 10) // 20 * 10


class Scorer:
    """Scores one game's hands in order; built once, with every lookup precomputed."""

    __slots__ = ("table", "terms", "slam", "fixed_bonus", "fixed_penalty")

    def __init__(self, table: Table, settings: Settings):
        self.table = table
        # For each normal bid and trumps: the extra every other person pays or is paid,
        # what one honour is worth, and whether the widow's fund is played for as well.
        extras = {
            "play": (0, 0),
            "flip": (settings.flip, settings.flip),
            "no_change": (settings.no_change, settings.no_change_diamonds),
        }
        self.terms = {
            bid: {
                suit: (
                    extras[bid][suit == DIAMONDS],
                    HONOUR_WORTH[suit],
                    bid == "no_change" and suit == DIAMONDS,
                )
                for suit in SUITS
            }
            for bid in NORMAL_BIDS
        }
        self.slam = settings.slam
        self.fixed_bonus = {int(target): value for target, value in settings.fixed_bonus.items()}
        self.fixed_penalty = {
            int(target): value for target, value in settings.fixed_penalty.items()
        }

    def played(self, hand: Played, deltas: dict[str, int]) -> dict:
        table = self.table
        bid = hand.bid
        # Every stake below is the game fund as it stood when play began.
        if hand.incomer:
            paid = table.incomer_pays(deltas, hand.player)
            details = {"player": hand.player, "bid": bid, "incomer": True, "incomer_paid": paid}
            details["stake"] = table.game
        else:
            details = {"player": hand.player, "bid": bid, "stake": table.game}
        if bid in NORMAL_BIDS:
            details["outcome"] = self.normal(hand, deltas, details)
        elif bid in SLAM_BIDS:
            details["outcome"] = self.all_or_nothing(hand, deltas)
        else:
            details["outcome"] = self.fixed(hand, deltas)
        return details

    def normal(self, hand: Played, deltas: dict[str, int], details: dict) -> str:
        table = self.table
        player = hand.player
        extra, worth, for_widow = self.terms[hand.bid][hand.trumps]
        honours = hand.honours * worth
        tricks = hand.tricks
        # More than half the tricks is the usual win (see outcome_of), told without a call.
        outcome = WIN if tricks[player] * 2 > TRICKS else outcome_of(player, tricks)
        if outcome == WIN:
            table.win(deltas, player, honours + extra)
            if for_widow:
                table.win_widow(deltas, player)
            if hand.went_for_all:
                details["went_for_all"] = self.went_for_all(hand, deltas)
            return WIN
        stake = table.game
        table.pay_into_game(deltas, player, stake)
        table.pay_others(deltas, player, extra)
        if for_widow:
            table.pay_into_widow(deltas, player, table.widow)
        table.pay_into_widow(deltas, player, honours)
        if outcome == LOSE:
            defender = top_defender(hand.tricks)
            deltas[player] -= stake
            deltas[defender] += stake
            details["defender"] = defender
        return outcome

    def went_for_all(self, hand: Played, deltas: dict[str, int]) -> str:
        """After the normal win: the extra wager on the last four tricks."""
        table = self.table
        if hand.tricks[hand.player] == TRICKS:
            table.win_widow(deltas, hand.player)
            table.others_pay(deltas, hand.player, self.slam)
            return "made"
        table.pay_into_widow(deltas, hand.player, table.widow)
        table.pay_others(deltas, hand.player, self.slam)
        return "failed"

    def all_or_nothing(self, hand: Played, deltas: dict[str, int]) -> str:
        """No tricks or all tricks: won only by taking none or all; never a draw."""
        table = self.table
        player = hand.player
        honours = honours_value(hand.honours, hand.trumps)
        wanted = 0 if hand.bid == "no_tricks" else TRICKS
        if hand.tricks[player] == wanted:
            table.win(deltas, player, self.slam + honours)
            table.win_widow(deltas, player)
            return WIN
        table.pay_into_game(deltas, player, table.game)
        table.pay_into_widow(deltas, player, table.widow)
        table.pay_into_widow(deltas, player, honours)
        table.pay_others(deltas, player, self.slam)
        return LOSE

    def fixed(self, hand: Played, deltas: dict[str, int]) -> str:
        table = self.table
        player = hand.player
        off = abs(hand.tricks[player] - hand.target)
        if off == 0:
            bonus = self.fixed_bonus[hand.target]
            table.win(deltas, player, honours_value(hand.honours, hand.trumps) + bonus)
            return WIN
        if off == 1:
            # Half the fund changes hands; the rest stays as it was, fresh or not.
            half = fixed_half(table.game)
            deltas[player] += half
            table.game -= half
            return ONE_OFF
        table.pay_into_game(deltas, player, table.game)
        table.pay_others(deltas, player, self.fixed_penalty[hand.target])
        return LOSE
