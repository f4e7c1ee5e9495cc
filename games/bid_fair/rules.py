"""Bid Fair scoring (docs/RULES.md#bid-fair): pure Python, records in, a GameScore out.

The per-deal arithmetic (`contract`, `score_deal`) is kept apart from the game loop
(`score`) so that the hand-entry form can preview a deal before it is saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine.cards import deck, rank_of, suit_of
from games.engine.scores import GameScore, HandScore, top_scorers
from games.engine.sheet import HouseRules, SheetError

# Lowest to highest: the order two bid cards are compared in.
RANKS = ("9", "10", "J", "Q", "K", "A")
PACK = deck(RANKS)
RANK_NAMES = {"9": "nines", "10": "tens", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}

# What a card taken in a trick is worth. Not a setting: the rules fix it.
CARD_POINTS = {"A": 1, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9}

TRICKS = 7
CAPTURED = 2 * TRICKS


def _points_range() -> tuple[int, int]:
    # Derived rather than typed in, so the 100..140 of docs/RULES.md#bid-fair cannot drift from the
    # card values: the cheapest and the dearest 14 cards of the pack.
    values = sorted(CARD_POINTS[rank_of(card)] for card in PACK)
    return sum(values[:CAPTURED]), sum(values[-CAPTURED:])


MIN_POINTS, MAX_POINTS = _points_range()


@dataclass(frozen=True)
class Settings(HouseRules):
    """The house rules a game was started with; every default lives here and only here."""

    contract_values: dict[str, int] = field(
        default_factory=lambda: {"9": 30, "10": 40, "J": 50, "Q": 60, "K": 70, "A": 80}
    )
    trump_bonus: int = 40
    contract_reward: int = 40
    target: int = 800


# --- records ----------------------------------------------------------------
#
# Records are plain slots dataclasses, not frozen ones (see games/engine/sheet.py): read-only.


@dataclass(slots=True)
class Redeal:
    """Both players passed: the same dealer deals again and nobody scores."""


@dataclass(slots=True)
class Deal:
    """One played deal as the sheet recorded it.

    `bids` lists both players in seating order, each with a face-up bid card or None.
    `trump` is always known; `cut` only when the cut card itself was noted. Exactly one
    of `captured` (cards taken in tricks) and `points` (their card points) is given.
    """

    bids: dict[str, str | None]
    trump: str
    cut: str | None = None
    captured: dict[str, tuple[str, ...]] | None = None
    points: dict[str, int] | None = None

    def __post_init__(self) -> None:
        # Guards for code that builds a Deal itself (the live preview); the sheet
        # reader reports the same faults as SheetErrors first.
        if (self.captured is None) == (self.points is None):
            raise ValueError("a deal has exactly one of captured and points")
        if self.cut is not None and suit_of(self.cut) != self.trump:
            raise ValueError("the trump suit is the suit of the cut card")


@dataclass(slots=True)
class Contract:
    holder: str
    value: int
    doubled: bool


# --- one deal ---------------------------------------------------------------


def contract(bids: dict[str, str | None], settings: Settings) -> Contract | None:
    """Who holds the contract, what it is worth and whether it is doubled.

    `bids` names both players, each with a face-up bid card or None (no bid).
    """
    if len(bids) != 2:
        raise ValueError("bids must name both players")
    shown = {name: card for name, card in bids.items() if card is not None}
    if not shown:
        return None
    # The higher card sets the value, and its player pushes the contract onto the other.
    high = max(shown, key=lambda name: RANKS.index(rank_of(shown[name])))
    holder = next(name for name in bids if name != high)
    value = settings.contract_values[rank_of(shown[high])]
    return Contract(holder=holder, value=value, doubled=len(shown) == 2)


def card_points(deal: Deal) -> dict[str, int]:
    """Each player's card points: as noted, or counted from the captured cards."""
    if deal.points is not None:
        return dict(deal.points)
    return {
        name: sum(CARD_POINTS[rank_of(card)] for card in cards)
        for name, cards in deal.captured.items()
    }


def trump_bonus(deal: Deal, settings: Settings) -> dict[str, int]:
    """The bonus for a face-up bid card that turned out to be of the trump suit."""
    return {
        name: settings.trump_bonus if card is not None and suit_of(card) == deal.trump else 0
        for name, card in deal.bids.items()
    }


@dataclass(slots=True)
class DealScore:
    """One deal taken apart: each part is by player, and `deltas` is their sum."""

    contract: Contract | None
    made: bool | None  # None when there is no contract
    card_points: dict[str, int]
    trump_bonus: dict[str, int]
    holder_bonus: dict[str, int]
    reward: dict[str, int]

    @property
    def deltas(self) -> dict[str, int]:
        parts = (self.card_points, self.trump_bonus, self.holder_bonus, self.reward)
        return {name: sum(part[name] for part in parts) for name in self.card_points}

    def details(self, trump: str) -> dict:
        """The keys a scored hand adds to the JSON output."""
        details = {}
        if self.contract is not None:
            details.update(
                holder=self.contract.holder,
                value=self.contract.value,
                doubled=self.contract.doubled,
                made=self.made,
            )
        details.update(
            trump=trump,
            card_points=self.card_points,
            trump_bonus=self.trump_bonus,
            holder_bonus=self.holder_bonus,
            reward=self.reward,
        )
        return details


def score_deal(deal: Deal, settings: Settings) -> DealScore:
    """Score one played deal on its own, without regard to the game around it."""
    points = card_points(deal)
    players = list(deal.bids)
    held = contract(deal.bids, settings)
    holder_bonus = dict.fromkeys(players, 0)
    reward = dict.fromkeys(players, 0)
    made = None
    if held is not None:
        made = points[held.holder] >= held.value
        if made:
            # [reading] The difference is a positive number of card points: the trump
            # bonus is not part of it, and a holder who trails still gains it.
            other = next(name for name in players if name != held.holder)
            difference = abs(points[held.holder] - points[other])
            holder_bonus[held.holder] = difference * (2 if held.doubled else 1)
            # The reward is never doubled, and a failed contract costs nothing.
            reward[other] = settings.contract_reward
    return DealScore(
        contract=held,
        made=made,
        card_points=points,
        trump_bonus=trump_bonus(deal, settings),
        holder_bonus=holder_bonus,
        reward=reward,
    )


# --- the game ---------------------------------------------------------------


def next_dealer(players, totals: dict[str, int], dealer: str) -> str:
    """After a scored deal the leader deals; on equal totals the deal passes across."""
    first, second = (totals[name] for name in players)
    if first == second:
        return next(name for name in players if name != dealer)
    return players[0] if first > second else players[1]


def winner(totals: dict[str, int], target: int) -> str | None:
    """The player alone on top with more than the target, if there is one."""
    top = top_scorers(totals)
    if len(top) == 1 and totals[top[0]] > target:
        return top[0]
    return None


class Tally:
    """A game between two deals: the totals, the dealer, and the winner once there is one.

    `score` plays a whole sheet through one.
    """

    __slots__ = ("players", "settings", "totals", "dealer", "won_by", "count")

    def __init__(self, players, settings: Settings):
        self.players = players
        self.settings = settings
        self.totals = dict.fromkeys(players, 0)
        self.dealer = players[0]
        self.won_by = None
        self.count = 0  # deals played, redeals included

    def play(self, sheet_hands) -> list[HandScore]:
        """Score these deals, the next ones of the game, in order.

        SheetError if one cannot be; the tally is then spent (throw it away).
        """
        players = self.players
        settings = self.settings
        totals = self.totals
        dealer = self.dealer
        won_by = self.won_by
        hands = []
        for number, hand in enumerate(sheet_hands, start=self.count + 1):
            if won_by is not None:
                raise SheetError(
                    "hand",
                    f"comes after the game ended ({won_by} was alone on top with more than"
                    f" {settings.target} after hand {number - 1})",
                    number,
                )
            if isinstance(hand, Redeal):
                # Nothing was scored, so the same dealer deals again.
                hands.append(
                    HandScore(
                        number, dealer, dict.fromkeys(players, 0), dict(totals), {"redeal": True}
                    )
                )
                continue
            result = score_deal(hand, settings)
            deltas = result.deltas
            for name in players:
                totals[name] += deltas[name]
            hands.append(
                HandScore(number, dealer, deltas, dict(totals), result.details(hand.trump))
            )
            dealer = next_dealer(players, totals, dealer)
            won_by = winner(totals, settings.target)
        self.dealer = dealer
        self.won_by = won_by
        self.count += len(hands)
        return hands

    def result(self, hands: list[HandScore]) -> GameScore:
        """The game as it stands, given every deal this tally played."""
        settings = self.settings
        totals = self.totals
        finished = self.won_by is not None
        return GameScore(
            game="bid_fair",
            standings=dict(totals),
            hands=hands,
            finished=finished,
            winners=[self.won_by] if finished else [],
            next_dealer=None if finished else self.dealer,
            details={
                "target": settings.target,
                # What each player still needs to be above the target (0 once above it).
                "to_pass_target": {
                    name: max(0, settings.target + 1 - total) for name, total in totals.items()
                },
            },
        )


def score(sheet) -> GameScore:
    tally = Tally(sheet.players, sheet.settings)
    return tally.result(tally.play(sheet.hands))
