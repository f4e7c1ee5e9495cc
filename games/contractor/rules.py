"""Contractor scoring (docs/RULES.md#contractor): pure Python, records in, a GameScore out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from games.engine.scores import GameScore, HandScore, top_scorers
from games.engine.sheet import HouseRules, SheetError

STRAINS = ("diamonds", "hearts", "clubs", "spades", "crazytrump", "no_trump", "nil")
# Sour trumps needs a trump suit to be sour about; no trump and nil have none.
TRUMP_STRAINS = frozenset({"diamonds", "hearts", "clubs", "spades", "crazytrump"})
TRICKS = 10
BOOK = 5
MAX_EXTRA_TRICKS = 5
MAX_KITTY_FOREGONE = 3
CHALLENGE = 3

# What each condition adds to the strain's base value.
EXTRA_TRICK = 2
KITTY_CARD = 1
SOUR_TRUMPS = 1
EXPOSED = 2
ABSOLUTELY_SURE = 1
NIL_WITHOUT_JOKER = 2
THIEVERY = 3
DEALERS_BONUS = 1


@dataclass(frozen=True)
class Settings(HouseRules):
    strain_values: dict[str, int] = field(
        default_factory=lambda: {
            "diamonds": 5,
            "hearts": 5,
            "clubs": 6,
            "spades": 6,
            "crazytrump": 6,
            "no_trump": 7,
            "nil": 7,
        }
    )
    hands: int = 9

    AT_LEAST_ONE: ClassVar[frozenset] = frozenset({"hands"})

    def check(self) -> None:
        # Each player must deal equally often.
        if self.hands % 3:
            raise SheetError("rules.hands", f"must be a multiple of 3, not {self.hands}")


# Records are plain slots dataclasses, not frozen ones (see games/engine/sheet.py): read-only.
@dataclass(slots=True)
class Bid:
    """A strain and its conditions: what the auction compares and the calculator prices."""

    strain: str
    extra_tricks: int = 0
    kitty_foregone: int = 0
    sour_trumps: bool = False
    exposed: bool = False
    absolutely_sure: bool = False
    nil_without_joker: bool = False
    thievery: bool = False

    @property
    def tricks_needed(self) -> int:
        return BOOK + self.extra_tricks


@dataclass(slots=True)
class Contract:
    """A played hand. `tricks` lists the players in seating order, as the reader makes it."""

    contractor: str
    bid: Bid
    challenger: str | None
    tricks: dict[str, int]


@dataclass(slots=True)
class Redeal:
    """All three passed: the same dealer deals again and nobody scores."""


def bid_value(bid: Bid, settings: Settings, by_dealer: bool = False) -> int:
    return (
        settings.strain_values[bid.strain]
        + EXTRA_TRICK * bid.extra_tricks
        + KITTY_CARD * bid.kitty_foregone
        + SOUR_TRUMPS * bid.sour_trumps
        + EXPOSED * bid.exposed
        + ABSOLUTELY_SURE * bid.absolutely_sure
        + NIL_WITHOUT_JOKER * bid.nil_without_joker
        + THIEVERY * bid.thievery
        + DEALERS_BONUS * by_dealer
    )


def is_made(contract: Contract) -> bool:
    taken = contract.tricks[contract.contractor]
    bid = contract.bid
    if bid.strain == "nil":
        return taken == 0
    return taken >= BOOK + bid.extra_tricks  # bid.tricks_needed, without a property's cost


def score_contract(contract: Contract, value: int, made: bool) -> dict[str, int]:
    """Each player's change for one played hand, in the order of `contract.tricks`."""
    contractor = contract.contractor
    tricks = contract.tricks
    if contract.bid.strain == "nil":
        # In nil the opponents score the contractor's tricks, not their own.
        deltas = dict.fromkeys(tricks, tricks[contractor])
    else:
        deltas = tricks.copy()
    if made:
        deltas[contractor] = value
    else:
        # Absolutely sure doubles the loss of the contract, not the challenge's side wager.
        deltas[contractor] = -value * (2 if contract.bid.absolutely_sure else 1)
    if contract.challenger is not None:
        wager = CHALLENGE if made else -CHALLENGE
        deltas[contractor] += wager
        deltas[contract.challenger] -= wager
    return deltas


class Tally:
    """A game between two hands: the totals, the dealer and the contracts scored so far.

    `score` plays a whole sheet through one.
    """

    __slots__ = ("players", "settings", "totals", "dealer_at", "scored", "count")

    def __init__(self, players, settings: Settings):
        self.players = players
        self.settings = settings
        self.totals = dict.fromkeys(players, 0)
        self.dealer_at = 0
        self.scored = 0  # contracts scored: redeals are not counted
        self.count = 0  # hands played, redeals included

    def play(self, sheet_hands) -> list[HandScore]:
        """Score these hands, the next ones of the game, in order.

        SheetError if one cannot be; the tally is then spent (throw it away).
        """
        players = self.players
        settings = self.settings
        planned = settings.hands
        totals = self.totals
        unchanged = dict.fromkeys(players, 0)
        dealer_at = self.dealer_at
        scored = self.scored
        hands = []
        for number, hand in enumerate(sheet_hands, start=self.count + 1):
            if scored == planned:
                raise SheetError(
                    "hand", f"comes after the game ended ({planned} hands were planned)", number
                )
            dealer = players[dealer_at]
            if hand.__class__ is Redeal:
                # The deal stays with the same dealer, so everyone still deals equally often.
                deltas = unchanged.copy()
                details = {"redeal": True}
            else:
                value = bid_value(hand.bid, settings, hand.contractor == dealer)
                made = is_made(hand)
                # The reader lists tricks in seating order, so the deltas come out in it too.
                deltas = score_contract(hand, value, made)
                details = {"contractor": hand.contractor, "value": value, "made": made}
                scored += 1
                dealer_at = (dealer_at + 1) % len(players)
            for name in players:
                totals[name] += deltas[name]
            hands.append(HandScore(number, dealer, deltas, totals.copy(), details))
        self.dealer_at = dealer_at
        self.scored = scored
        self.count += len(hands)
        return hands

    def result(self, hands: list[HandScore]) -> GameScore:
        """The game as it stands, given every hand this tally played."""
        planned = self.settings.hands
        finished = self.scored == planned
        totals = self.totals
        return GameScore(
            game="contractor",
            standings=dict(totals),
            hands=hands,
            finished=finished,
            winners=top_scorers(totals) if finished else [],
            next_dealer=None if finished else self.players[self.dealer_at],
            details={"planned_hands": planned, "hands_scored": self.scored},
        )


def score(sheet) -> GameScore:
    tally = Tally(sheet.players, sheet.settings)
    return tally.result(tally.play(sheet.hands))
