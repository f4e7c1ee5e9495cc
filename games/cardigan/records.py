"""Reading Cardigan deals from a score sheet into the engine's records.

Besides each deal's own fields, the four packs bound the whole game: a card comes at
most four times, a counted rank at most 16 times (exactly 16 once the fourth deal is
in). `Collected` remembers what the deals read so far held.
"""

from __future__ import annotations

from collections import Counter

from games.cardigan.rules import (
    BIDS,
    CARD_POINTS,
    COUNTED_RANKS,
    DEALS,
    DECK_SIZE,
    DUPLICATE_SIZES,
    FULL_SUIT_ORDER,
    HAND_SIZE,
    MAX_CARDS_PER_TRICK,
    MAX_LEVEL,
    PACKS,
    TRICKS,
    Contract,
    Deal,
    counted_ranks,
    dealer_of,
    plain_points,
    team_names,
    team_of,
)
from games.engine.cards import FULL_DECK, SUIT_NAMES, SUITS
from games.engine.sheet import (
    Fields,
    SheetError,
    by_player,
    check_choice,
    check_player,
    describe,
    read_hands,
)

RANK_COPIES = PACKS * len(SUITS)
# Discards go to the opponents, who hold 26 cards between them.
MAX_DISCARDS = 2 * HAND_SIZE
# The card points of the four packs, as the first deal counts them: what the game's four
# deals share out, whichever way each was entered.
GAME_POINTS = RANK_COPIES * sum(CARD_POINTS.values())
RANK_NAMES = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "10": "tens", "5": "fives"}


class Collected:
    """What the deals read so far held, for the limits that span the whole game."""

    def __init__(self, teams):
        self.teams = teams
        # Copies of each card, over the deals recorded card by card.
        self.copies = Counter()
        # Counted ranks by team, over every deal (cards and card_counts alike).
        self.ranks = {team: Counter() for team in teams}
        # Card points (as in deal 1) over every deal, and whether some deal gave only them.
        self.points = 0
        self.points_only = False

    def check_copies(self, fields: Fields, cards: dict[str, tuple[str, ...]]) -> None:
        dealt = Counter(card for held in cards.values() for card in held)
        for card, copies in dealt.items():
            total = self.copies[card] + copies
            if total > PACKS:
                raise fields.error(
                    "cards", f"{card} comes {total} times over the game, the packs have {PACKS}"
                )

    def add(self, fields: Fields, key: str, deal: Deal) -> None:
        """Count a checked deal in, refusing it if a rank goes over (or, last, under) 16,
        or the card points over (or, last, under) the four packs' when some deal gave only
        points (the ranks then are not all known)."""
        self.points += sum(plain_points(deal).values())
        self.points_only = self.points_only or deal.card_points is not None
        if self.points_only:
            last = fields.hand == DEALS
            if self.points > GAME_POINTS or (last and self.points < GAME_POINTS):
                raise fields.error(
                    key,
                    f"{self.points} card points over the game, the packs hold {GAME_POINTS}",
                )
        ranks = counted_ranks(deal) or {team: {} for team in self.teams}
        for rank in COUNTED_RANKS:
            total = sum(self.ranks[team][rank] + ranks[team].get(rank, 0) for team in self.teams)
            last = fields.hand == DEALS and not self.points_only
            if total > RANK_COPIES or (last and total < RANK_COPIES):
                raise fields.error(
                    key,
                    f"{total} {RANK_NAMES[rank]} over the game, the packs have {RANK_COPIES}",
                )
        for team in self.teams:
            self.ranks[team].update({rank: ranks[team].get(rank, 0) for rank in COUNTED_RANKS})
        if deal.cards is not None:
            for held in deal.cards.values():
                self.copies.update(held)


def read(top: Fields, players, settings):
    collected = Collected(team_names(players))
    deals = read_hands(top, lambda fields: read_deal(fields, players, collected))
    full_suits = read_full_suits(top, deals, collected)
    return deals, {} if full_suits is None else {"full_suits": full_suits}


def read_deal(fields: Fields, players, collected: Collected) -> Deal:
    if fields.hand > DEALS:
        raise fields.error("hand", f"comes after the game ended: a game has {DEALS} deals")
    teams = collected.teams
    duplicates = read_duplicates(fields, players)
    contract = read_contract(fields, players)
    tricks = fields.whole("tricks", 0, TRICKS)
    declarers = team_of(contract.declarer, players)
    taken = {team: tricks if team == declarers else TRICKS - tricks for team in teams}
    discards = read_discards(fields, teams)
    given = [key for key in ("cards", "card_counts", "card_points") if fields.has(key)]
    if len(given) > 1:
        raise fields.error(given[1], "a deal gives one of cards, card_counts and card_points")
    key = given[0] if given else "cards"
    cards = counts = points = None
    if key == "card_counts":
        counts = read_card_counts(fields, teams, taken, discards)
    elif key == "card_points":
        points = read_card_points(fields, teams, taken, discards)
    else:
        cards = read_cards(fields, teams, taken, discards, collected)
    fields.finish()
    deal = Deal(
        contract=contract,
        tricks=tricks,
        discards=discards,
        duplicates=duplicates,
        cards=cards,
        card_counts=counts,
        card_points=points,
    )
    collected.add(fields, key, deal)
    return deal


def read_duplicates(fields: Fields, players) -> dict[str, tuple[str, ...]]:
    if not fields.has("duplicates"):
        return {}
    return by_player(
        fields, "duplicates", players, lambda value, name: read_sets(value, name, fields.hand)
    )


def read_sets(value, name: str, hand: int) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise SheetError(name, "must be a list of sets: pair triplet four", hand)
    for item in value:
        check_choice(item, name, DUPLICATE_SIZES, hand)
    # Duplicates are not checked against the cards, but they must fit in one hand.
    size = sum(DUPLICATE_SIZES[item] for item in value)
    if size > HAND_SIZE:
        raise SheetError(name, f"these sets take {size} cards, a hand has {HAND_SIZE}", hand)
    return tuple(value)


def read_contract(fields: Fields, players) -> Contract:
    contract = Contract(
        declarer=check_player(fields.value("declarer"), "declarer", players, fields.hand),
        level=fields.whole("level", 1, MAX_LEVEL),
        bid=fields.choice("bid", BIDS),
        dummy=fields.flag("dummy"),
        open=fields.flag("open"),
        stuck=fields.flag("stuck"),
    )
    dealer = dealer_of(fields.hand, players)
    if contract.stuck and contract.declarer != dealer:
        raise fields.error("stuck", f"only the dealer, {dealer}, can be stuck, and then declares")
    return contract


def team_table(fields: Fields, key: str, teams) -> Fields:
    """A table keyed by team name: the keys must be the game's team names, exactly."""
    table = fields.object(key)
    for name in table.raw:
        if name not in teams:
            raise table.error(
                str(name),
                f"{describe(name)} is not a team of this game: {teams[0]} or {teams[1]}",
            )
    return table


def read_discards(fields: Fields, teams) -> dict[str, int]:
    """Opponents' discards each team received; a team left out received none."""
    if not fields.has("discards"):
        return dict.fromkeys(teams, 0)
    table = team_table(fields, "discards", teams)
    return {team: table.whole(team, 0, MAX_DISCARDS, default=0) for team in teams}


def holding_limits(tricks: int, received: int) -> tuple[int, int]:
    """Fewest and most cards a team can end a deal with: 1 to 4 a trick, plus discards."""
    return tricks + received, MAX_CARDS_PER_TRICK * tricks + received


def read_cards(fields: Fields, teams, taken, discards, collected: Collected):
    table = team_table(fields, "cards", teams)
    cards = {}
    for team in teams:
        held = table.value(team)
        if not isinstance(held, list):
            raise table.error(team, "must be a list of cards")
        for card in held:
            if not isinstance(card, str) or card not in FULL_DECK:
                raise table.error(team, f"{describe(card)} is not a card")
        cards[team] = tuple(held)
    dealt = sum(len(held) for held in cards.values())
    if dealt != DECK_SIZE:
        raise fields.error("cards", f"{dealt} cards, a deal has {DECK_SIZE}")
    for team in teams:
        low, high = holding_limits(taken[team], discards[team])
        if not low <= len(cards[team]) <= high:
            raise table.error(
                team,
                f"{len(cards[team])} cards, but {taken[team]} tricks and {discards[team]} "
                f"discards received hold {low} to {high}",
            )
    collected.check_copies(fields, cards)
    return cards


def read_card_counts(fields: Fields, teams, taken, discards) -> dict[str, dict[str, int]]:
    """Quick mode: only the counted ranks, so only the most a team can hold is known."""
    table = team_table(fields, "card_counts", teams)
    counts = {}
    for team in teams:
        row = table.object(team)
        counts[team] = {rank: row.whole(rank, 0, RANK_COPIES) for rank in COUNTED_RANKS}
        row.finish()
        held = sum(counts[team].values())
        _, high = holding_limits(taken[team], discards[team])
        if held > high:
            raise table.error(
                team,
                f"{held} counted cards, but {taken[team]} tricks and {discards[team]} "
                f"discards received hold at most {high}",
            )
    counted = sum(sum(row.values()) for row in counts.values())
    if counted > DECK_SIZE:
        raise fields.error("card_counts", f"{counted} counted cards, a deal has {DECK_SIZE}")
    return counts


def read_card_points(fields: Fields, teams, taken, discards) -> dict[str, int]:
    """Points only: each team's card points as deal 1 counts them (an ace 11 ...)."""
    table = team_table(fields, "card_points", teams)
    most = max(CARD_POINTS.values())
    points = {}
    for team in teams:
        _, high = holding_limits(taken[team], discards[team])
        points[team] = table.whole(team, 0, most * min(high, DECK_SIZE))
    return points


def read_full_suits(top: Fields, deals, collected: Collected) -> dict | None:
    """The full suits, entered only when some deal's cards were merely counted."""
    quick = any(deal.cards is None for deal in deals)
    used = "card_counts" if any(deal.card_counts is not None for deal in deals) else "card_points"
    due = quick and len(deals) == DEALS
    if not top.has("full_suits"):
        if due:
            raise SheetError("full_suits", f"is missing: a deal used {used}")
        return None
    if not quick:
        raise SheetError(
            "full_suits", "are counted from the cards: no deal used card_counts or card_points"
        )
    if not due:
        raise SheetError("full_suits", f"are entered once deal {DEALS} is in")
    teams = collected.teams
    table = team_table(top, "full_suits", teams)
    full_suits = {}
    for team in teams:
        row = table.object(team)
        full_suits[team] = {suit: row.whole(suit, 0, PACKS) for suit in FULL_SUIT_ORDER}
        row.finish()
        if not collected.points_only:  # else the ranks a team collected are not all known
            suits = sum(full_suits[team].values())
            check_full_suit_ranks(table, team, suits, collected.ranks[team])
    for suit in FULL_SUIT_ORDER:
        both = sum(full_suits[team][suit] for team in teams)
        if both > PACKS:
            raise SheetError(
                "full_suits",
                f"{both} full suits of {SUIT_NAMES[suit]} in all, the packs make at most {PACKS}",
            )
    return full_suits


def check_full_suit_ranks(table: Fields, team: str, suits: int, ranks: Counter) -> None:
    """Each full suit holds one card of every rank, so no rank may run short."""
    for rank in COUNTED_RANKS:
        if suits > ranks[rank]:
            raise table.error(
                team,
                f"{suits} full suits need {suits} {RANK_NAMES[rank]}, "
                f"the team collected {ranks[rank]}",
            )
