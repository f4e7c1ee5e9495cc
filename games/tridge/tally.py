"""A Tridge game between two hands (`Tally`): the hands played in order, each scored.

Pure Python. What a save keeps between two hands (games/play/tallies.py) is a `Tally`:
the chips and the funds as they stand, nothing of the hands.
"""

from __future__ import annotations

from itertools import cycle

from games.engine.scores import GameScore, top_scorers
from games.tridge.outcome import Scorer
from games.tridge.table import Table
from games.tridge.terms import IncomerDeclined, Passed, Played, Settings

# What a passed or void hand adds to its details: one dict shared by every such hand,
# since nothing changes a hand's facts once scored (`details` and `as_json` copy them).
PASSED_FACTS = {"outcome": "passed"}
VOID_FACTS = {"outcome": "void"}


class ScoredHand:
    """One scored hand, read like a `HandScore` (games/engine/scores.py), but built cheaper.

    A long sheet builds one a hand. `HandScore.details` would hold the funds after the
    hand as a dict holding a list: two more objects a hand, and the collector walks
    every dict and list that holds another, again and again while the game is scored.
    So the funds are kept as numbers and a tuple, what the hand itself adds (`facts`:
    outcome, player, bid, stake, ...) as a flat dict, and `details` and `as_json` put
    them together, in HandScore's key order, only when asked.
    """

    __slots__ = ("number", "dealer", "deltas", "totals", "facts", "game", "reserves", "widow")

    def __init__(self, number, dealer, deltas, totals, facts, game, reserves, widow):
        self.number = number
        self.dealer = dealer
        self.deltas = deltas
        self.totals = totals
        self.facts = facts
        # The funds after the hand.
        self.game = game
        self.reserves = reserves
        self.widow = widow

    @property
    def details(self) -> dict:
        """As HandScore.details: the facts, then the funds (a new dict at every call)."""
        return {**self.facts, "funds": self.funds()}

    def funds(self) -> dict:
        # [*...] rather than list(...): the same list, without a call.
        return {"game": self.game, "reserves": [*self.reserves], "widow": self.widow}

    def as_json(self) -> dict:
        return {
            "number": self.number,
            "dealer": self.dealer,
            **self.facts,
            "funds": {"game": self.game, "reserves": [*self.reserves], "widow": self.widow},
            "deltas": self.deltas,
            "totals": self.totals,
        }


class Tally:
    """A game between two hands: the chips and funds as they stand, nothing of the hands.

    `score` plays a whole sheet through one.
    """

    __slots__ = ("players", "settings", "table", "scorer", "totals", "count")

    def __init__(self, players, settings: Settings):
        self.players = players
        self.settings = settings
        self.table = Table(players, settings)
        self.scorer = Scorer(self.table, settings)
        # The opening payments come before hand 1, so they are in no hand's deltas.
        opening = settings.game_contribution + settings.widow_contribution
        self.totals = dict.fromkeys(players, settings.chips - opening)
        self.count = 0  # hands played

    def play(self, sheet_hands) -> list[ScoredHand]:
        """Score these hands, the next ones of the game, in order."""
        players = self.players
        table = self.table
        scorer = self.scorer
        totals = self.totals
        hands = []
        keep = hands.append
        unchanged = dict.fromkeys(players, 0)
        # The deal passes left after every hand, passed and void ones included.
        at = self.count % len(players)
        dealers = cycle(players[at:] + players[:at])
        for number, hand in enumerate(sheet_hands, start=self.count + 1):
            dealer = next(dealers)
            deltas = unchanged.copy()
            kind = hand.__class__
            if kind is Played:
                facts = scorer.played(hand, deltas)
            elif kind is Passed:
                table.all_passed()
                facts = PASSED_FACTS
            elif kind is IncomerDeclined:
                paid = table.incomer_pays(deltas, dealer)
                facts = {"outcome": "declined", "player": dealer, "incomer_paid": paid}
            else:
                facts = VOID_FACTS
            # What everyone paid or was paid alike is added once, as the hand is totted up.
            alike = table.alike
            table.alike = 0
            for name in players:
                change = deltas[name] + alike
                deltas[name] = change
                totals[name] += change
            keep(
                ScoredHand(
                    number,
                    dealer,
                    deltas,
                    totals.copy(),
                    facts,
                    table.game,
                    table.reserves,
                    table.widow,
                )
            )
        self.count += len(hands)
        return hands

    def result(self, hands: list[ScoredHand]) -> GameScore:
        """The game as it stands, given every hand this tally played."""
        players = self.players
        totals = self.totals
        people = len(players)
        planned = self.settings.hands
        finished = planned is not None and self.count == planned
        next_at = self.count % people
        return GameScore(
            game="tridge",
            standings=dict(totals),
            hands=hands,
            finished=finished,
            winners=top_scorers(totals) if finished else [],
            next_dealer=None if finished else players[next_at],
            details={
                "funds": self.table.funds(),
                "planned_hands": planned,
                "hands_played": self.count,
                # The person left of the dealer leads; with four people the dealer sits out.
                "next_lead": None if finished else players[(next_at + 1) % people],
                "sits_out": players[next_at] if people == 4 and not finished else None,
            },
        )
