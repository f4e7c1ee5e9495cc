"""Cardigan scoring (docs/RULES.md#cardigan): pure Python, records in, a GameScore out.

Four players in two partnerships play four deals from four packs shuffled together.
Scores belong to the teams, named after their players in seating order ("Ana & Cy").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from games.engine.cards import RANKS, rank_of
from games.engine.scores import GameScore, HandScore, top_scorers
from games.engine.sheet import HouseRules, team_name

DEALS = 4
TRICKS = 13
HAND_SIZE = 13
BOOK = 6
MAX_LEVEL = 7
DECK_SIZE = 52
# Four packs are shuffled together, so over a game each card comes exactly four times.
PACKS = 4
# A trick keeps at least its leading card and has at most four.
MAX_CARDS_PER_TRICK = 4

BIDS = (
    "diamonds",
    "clubs",
    "hearts",
    "spades",
    "diamonds_alone",
    "clubs_alone",
    "hearts_alone",
    "spades_alone",
    "red",
    "black",
    "no_trump",
)

DUPLICATE_VALUES = {"pair": 1000, "triplet": 5000, "four": 25000}
DUPLICATE_SIZES = {"pair": 2, "triplet": 3, "four": 4}

# Levels 1 to 3 add nothing.
LEVEL_BONUS = {4: 50, 5: 100, 6: 200, 7: 400}
# Keyed by (dummy, open): playing both open and dummy is worth more than the product.
PLAY_MULTIPLIERS = {(False, False): 1, (True, False): 2, (False, True): 3, (True, True): 5}
CONTRACT_BONUS = 2
STUCK_CONTRACT_BONUS = 4

# A card's points in the first deal; deal d scores d times as much.
CARD_POINTS = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "5": 5}
COUNTED_RANKS = tuple(CARD_POINTS)
DISCARD_POINTS = 5

# Lowest suit first, as the bonus table lists them; index n is the bonus for n full suits.
FULL_SUIT_BONUS = {
    "D": (0, 1000, 3000, 6000, 10000),
    "C": (0, 2000, 6000, 12000, 20000),
    "H": (0, 3000, 9000, 18000, 30000),
    "S": (0, 4000, 12000, 24000, 40000),
}
FULL_SUIT_ORDER = tuple(FULL_SUIT_BONUS)


@dataclass(frozen=True)
class Settings(HouseRules):
    bid_values: dict[str, int] = field(
        default_factory=lambda: {
            "diamonds": 100,
            "clubs": 150,
            "hearts": 200,
            "spades": 250,
            "diamonds_alone": 300,
            "clubs_alone": 350,
            "hearts_alone": 400,
            "spades_alone": 450,
            "red": 500,
            "black": 550,
            "no_trump": 600,
        }
    )


# Records are plain slots dataclasses, not frozen ones (see games/engine/sheet.py): read-only.
@dataclass(slots=True)
class Contract:
    """The final contract: what V is made of, and who named it."""

    declarer: str
    level: int
    bid: str
    dummy: bool = False
    open: bool = False
    stuck: bool = False


@dataclass(slots=True)
class Deal:
    """One deal as the sheet records it.

    Exactly one of `cards` (every card by team), `card_counts` (quick mode: the
    counted ranks by team) and `card_points` (each team's card points as the first deal
    counts them, for tables that count their own piles) is given. `discards` lists both
    teams.
    """

    contract: Contract
    tricks: int  # taken by the declaring team
    discards: dict[str, int]  # opponents' discards each team received
    duplicates: dict[str, tuple[str, ...]] = field(default_factory=dict)
    cards: dict[str, tuple[str, ...]] | None = None
    card_counts: dict[str, dict[str, int]] | None = None
    card_points: dict[str, int] | None = None


# --- teams ------------------------------------------------------------------


def team_names(players) -> tuple[str, str]:
    """Partners sit opposite: the 1st and 3rd players against the 2nd and 4th."""
    return team_name(players[0::2]), team_name(players[1::2])


def team_of(player: str, players) -> str:
    return team_names(players)[players.index(player) % 2]


def dealer_of(number: int, players) -> str:
    """Deal n (from 1) is dealt by the n-th player: the deal passes to the left."""
    return players[number - 1]


# --- one deal ---------------------------------------------------------------


def duplicates_value(sets: Iterable[str]) -> int:
    """One player's sets: several sets score their sum times how many there are."""
    sets = tuple(sets)
    return sum(DUPLICATE_VALUES[name] for name in sets) * len(sets)


def contract_value(contract: Contract, settings: Settings) -> int:
    """V: (bid base value + level bonus) x play multiplier."""
    base = settings.bid_values[contract.bid] + LEVEL_BONUS.get(contract.level, 0)
    return base * PLAY_MULTIPLIERS[contract.dummy, contract.open]


def contract_bonus(contract: Contract, value: int) -> int:
    """Scored by the declaring team whether or not the contract is then made."""
    return (STUCK_CONTRACT_BONUS if contract.stuck else CONTRACT_BONUS) * value


def is_made(tricks: int, level: int) -> bool:
    return tricks >= BOOK + level


def trick_points(tricks: int, level: int, value: int) -> tuple[int, int]:
    """(declaring team's, defending team's) points for the tricks of one deal."""
    made = is_made(tricks, level)
    # Odd V halves trick by trick, so n half-value tricks make n * (V // 2), not n * V // 2.
    half = value // 2
    book = min(tricks, BOOK)
    contract_tricks = min(max(tricks - BOOK, 0), level)
    overtricks = max(tricks - BOOK - level, 0)
    declaring = book * value + contract_tricks * (2 * value if made else value) + overtricks * half
    if made:
        per_defence_trick = half
    elif tricks >= BOOK:
        per_defence_trick = value
    else:
        per_defence_trick = 2 * value
    return declaring, (TRICKS - tricks) * per_defence_trick


def counted_ranks(deal: Deal) -> dict[str, Mapping[str, int]] | None:
    """How many cards of each rank each team ended the deal with (every rank for full
    cards); None when only the points were typed."""
    if deal.card_points is not None:
        return None
    if deal.card_counts is not None:
        return deal.card_counts
    return {team: Counter(rank_of(card) for card in cards) for team, cards in deal.cards.items()}


def card_points(ranks: Mapping[str, int], number: int) -> int:
    """Points for the cards a team holds in deal `number` (1..4)."""
    return number * sum(points * ranks.get(rank, 0) for rank, points in CARD_POINTS.items())


def plain_points(deal: Deal) -> dict[str, int]:
    """Each team's card points as the first deal counts them: typed, or from its cards."""
    if deal.card_points is not None:
        return dict(deal.card_points)
    return {team: card_points(ranks, 1) for team, ranks in counted_ranks(deal).items()}


def breakdown(deal: Deal, number: int, players, value: int) -> dict[str, dict[str, int]]:
    """Each team's points for one deal, part by part; a team's change is their sum."""
    declarers = team_of(deal.contract.declarer, players)
    declaring_tricks, defending_tricks = trick_points(deal.tricks, deal.contract.level, value)
    points = plain_points(deal)
    parts = {}
    for team in team_names(players):
        declaring = team == declarers
        parts[team] = {
            "duplicates": sum(
                duplicates_value(sets)
                for player, sets in deal.duplicates.items()
                if team_of(player, players) == team
            ),
            "contract": contract_bonus(deal.contract, value) if declaring else 0,
            "tricks": declaring_tricks if declaring else defending_tricks,
            "cards": number * points[team],
            # The discarded card's own value is already in "cards"; this is the extra 5.
            "discards": DISCARD_POINTS * deal.discards[team],
        }
    return parts


def deal_details(deal: Deal, number: int, players, settings: Settings) -> dict:
    """What the scoreboard (and the entry form's live preview) shows of one deal."""
    value = contract_value(deal.contract, settings)
    return {
        "value": value,
        "made": is_made(deal.tricks, deal.contract.level),
        "book_made": deal.tricks >= BOOK,
        "declarer": deal.contract.declarer,
        "declaring_team": team_of(deal.contract.declarer, players),
        "breakdown": breakdown(deal, number, players, value),
    }


# --- the end of the game ----------------------------------------------------


def full_suits_held(cards: Counter) -> dict[str, int]:
    """Full suits by suit: a suit is complete as often as its scarcest card was collected."""
    return {suit: min(cards[rank + suit] for rank in RANKS) for suit in FULL_SUIT_ORDER}


def count_full_suits(deals: Iterable[Deal], teams) -> dict[str, dict[str, int]]:
    """Full suits by team from every card each collected (deals recorded card by card)."""
    collected = {team: Counter() for team in teams}
    for deal in deals:
        for team in teams:
            collected[team].update(deal.cards[team])
    return {team: full_suits_held(collected[team]) for team in teams}


def full_suit_bonus(counts: Mapping[str, int]) -> int:
    return sum(FULL_SUIT_BONUS[suit][counts[suit]] for suit in FULL_SUIT_ORDER)


# --- the game ---------------------------------------------------------------


def score(sheet) -> GameScore:
    players = sheet.players
    teams = team_names(players)
    totals = dict.fromkeys(teams, 0)
    hands = []
    for number, deal in enumerate(sheet.hands, start=1):
        details = deal_details(deal, number, players, sheet.settings)
        parts = details["breakdown"]
        deltas = {team: sum(parts[team].values()) for team in teams}
        for team in teams:
            totals[team] += deltas[team]
        hands.append(HandScore(number, dealer_of(number, players), deltas, dict(totals), details))
    finished = len(sheet.hands) == DEALS
    standings = dict(totals)
    counts = bonus = None
    if finished:
        # Quick mode enters the full suits (records.py insists); otherwise count them.
        if "full_suits" in sheet.extra:
            counts = sheet.extra["full_suits"]
        else:
            counts = count_full_suits(sheet.hands, teams)
        bonus = {team: full_suit_bonus(counts[team]) for team in teams}
        standings = {team: totals[team] + bonus[team] for team in teams}
    return GameScore(
        game="cardigan",
        standings=standings,
        hands=hands,
        finished=finished,
        winners=top_scorers(standings) if finished else [],
        next_dealer=None if finished else dealer_of(len(sheet.hands) + 1, players),
        details={"full_suits": bonus, "full_suit_counts": counts},
    )
