"""Building Cardigan sheets in tests: Ana and Cy against Ben and Dee, as the JSON writes them."""

from collections import Counter

import pytest

from games.engine.cards import RANKS, deck, rank_of
from games.engine.registry import read_sheet, score_sheet
from games.engine.sheet import SheetError
from tests.sheets import scored, sheet

PLAYERS = ("Ana", "Ben", "Cy", "Dee")
AC = "Ana & Cy"
BD = "Ben & Dee"
TEAMS = (AC, BD)
PACK = deck()
COUNTED = ("A", "K", "Q", "J", "10", "5")
FULL_SUIT_ORDER = ("D", "C", "H", "S")


def team_of(player):
    return TEAMS[PLAYERS.index(player) % 2]


def split(held_by_ac, pack=PACK):
    """The cards of `pack`: Ana & Cy end with `held_by_ac`, Ben & Dee with the rest."""
    rest = Counter(pack)
    rest.subtract(held_by_ac)
    assert min(rest.values()) >= 0, "Ana & Cy hold a card the pack lacks"
    return {AC: list(held_by_ac), BD: list(rest.elements())}


def fewest_for_ac(declarer, tricks, discards):
    """The fewest cards Ana & Cy can hold when Ben & Dee take all they can."""
    ac_tricks = tricks if team_of(declarer) == AC else 13 - tricks
    bd_tricks = 13 - ac_tricks
    return max(ac_tricks + discards.get(AC, 0), 52 - 4 * bd_tricks - discards.get(BD, 0))


def deal(declarer="Ben", level=1, bid="diamonds", tricks=7, held=None, **fields):
    """A valid deal of one full pack.

    `held` is what Ana & Cy end with (Ben & Dee hold the rest of the pack); by default
    the fewest their tricks and discards allow, from the top of the pack. A deal given
    `cards` or `card_counts` keeps them.
    """
    hand = {"declarer": declarer, "level": level, "bid": bid, "tricks": tricks, **fields}
    if "cards" not in hand and "card_counts" not in hand:
        if held is None:
            held = PACK[: fewest_for_ac(declarer, tricks, hand.get("discards", {}))]
        hand["cards"] = split(held)
    return hand


def rank_counts(cards):
    counted = Counter(rank_of(card) for card in cards)
    return {rank: counted[rank] for rank in COUNTED}


def quick(hand):
    """The same deal in quick mode: its counted ranks instead of its cards."""
    changed = {key: value for key, value in hand.items() if key != "cards"}
    changed["card_counts"] = {team: rank_counts(hand["cards"][team]) for team in TEAMS}
    return changed


def full_suits_of(hands):
    """Full suits by team, counted from the deals' cards: what a quick sheet enters."""
    collected = {team: Counter() for team in TEAMS}
    for hand in hands:
        for team in TEAMS:
            collected[team].update(hand["cards"][team])
    return {
        team: {suit: min(collected[team][rank + suit] for rank in RANKS) for suit in "DCHS"}
        for team in TEAMS
    }


def game(*hands, rules=None, **extra):
    return sheet("cardigan", PLAYERS, hands, rules, **extra)


def quick_game(*hands, rules=None):
    """The deals in quick mode, with the full suits entered once the fourth is in."""
    extra = {"full_suits": full_suits_of(hands)} if len(hands) == 4 else {}
    return game(*(quick(hand) for hand in hands), rules=rules, **extra)


def score(*hands, rules=None, **extra):
    """The scored game as the CLI prints it."""
    return scored(game(*hands, rules=rules, **extra))


def last(*hands, rules=None, **extra):
    """The last deal of the scored game."""
    return score(*hands, rules=rules, **extra)["hands"][-1]


def parts(*hands, rules=None, **extra):
    """The last deal's breakdown by team."""
    return last(*hands, rules=rules, **extra)["breakdown"]


def refused(data) -> SheetError:
    """The error a sheet is refused with, read and scored as the CLI would."""
    with pytest.raises(SheetError) as info:
        score_sheet(read_sheet(data))
    return info.value
