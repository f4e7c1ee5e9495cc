"""Cardigan dealt as the rules say, for tests that must see real piles (issue 26).

Four packs shuffled together (seeded) and cut into four decks of 52, one a deal, so a
deck holds some cards twice or more and lacks others, as they fall. Each deal's 13
tricks of four cards go to the teams by a seeded random split, and the contract is
drawn to fit; what each team took is the record's `cards`. The deck is dealt one card at a
time from the dealer's left, so each trick holds one card of each player's hand, and a
player holding a card twice or more shows it (`duplicates`, as they fall: about three
players in four deals hold a pair or more). Other forms of the same deal
(counts only, points typed) are built from those cards, so every way of entering a deal
scores it alike.
"""

from __future__ import annotations

import random
from collections import Counter

from games.engine.cards import deck, rank_of
from tests.games.cardigan.cardigan_sheets import COUNTED, PLAYERS, TEAMS, full_suits_of, team_of

BIDS = ("diamonds", "clubs", "hearts", "spades", "no_trump", "hearts_alone", "black")
POINTS = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "5": 5}
GAMES = 5  # five games of four deals: 20 deals
SEEDS = tuple(range(1, GAMES + 1))


def decks(seed: int) -> list[list[str]]:
    """Four packs shuffled together and cut into four decks of 52."""
    cards = list(deck()) * 4
    random.Random(seed).shuffle(cards)
    return [cards[n * 52 : (n + 1) * 52] for n in range(4)]


SETS = {2: "pair", 3: "triplet", 4: "four"}


def shown(cards: list[str], number: int) -> dict[str, list[str]]:
    """The sets each player holds in the hand `cards` deals them: one card at a time, the
    first to the dealer's left (deal n is dealt by the n-th player)."""
    sets = {}
    for k in range(4):
        player = PLAYERS[(number + k) % 4]
        held = Counter(cards[k::4])
        found = sorted(SETS[n] for n in held.values() if n > 1)
        if found:
            sets[player] = found
    return sets


def play(cards: list[str], number: int, rng: random.Random) -> dict:
    """One deal of `cards`: the sets shown, a contract, and the tricks split between the
    teams at random."""
    declarer = rng.choice(PLAYERS)
    side = TEAMS.index(team_of(declarer))
    tricks = sum(rng.random() < 0.6 for _ in range(13))
    won = [cards[n * 4 : n * 4 + 4] for n in range(13)]
    rng.shuffle(won)
    piles = {TEAMS[side]: [], TEAMS[1 - side]: []}
    for n, trick in enumerate(won):
        piles[TEAMS[side] if n < tricks else TEAMS[1 - side]].extend(trick)
    sets = shown(cards, number)
    return {
        **({"duplicates": sets} if sets else {}),
        "declarer": declarer,
        "level": rng.randint(1, min(7, max(1, tricks - 5))),
        "bid": rng.choice(BIDS),
        **({"dummy": True} if rng.random() < 0.15 else {}),
        "tricks": tricks,
        "cards": {team: sorted(piles[team], key=deck().index) for team in TEAMS},
    }


def real_game(seed: int) -> list[dict]:
    """Four deals, card by card, of one seeded shuffle of four packs."""
    rng = random.Random(seed * 7919)
    return [play(cards, n, rng) for n, cards in enumerate(decks(seed), start=1)]


def counts_of(hand: dict) -> dict:
    """The deal in counts only: the counted ranks each team took."""
    counted = {team: Counter(rank_of(c) for c in hand["cards"][team]) for team in TEAMS}
    quick = {key: value for key, value in hand.items() if key != "cards"}
    quick["card_counts"] = {team: {r: counted[team][r] for r in COUNTED} for team in TEAMS}
    return quick


def points_of(hand: dict) -> dict:
    """The deal with each team's card points typed (as deal 1 counts them)."""
    typed = {key: value for key, value in hand.items() if key != "cards"}
    typed["card_points"] = {
        team: sum(POINTS.get(rank_of(card), 0) for card in hand["cards"][team]) for team in TEAMS
    }
    return typed


def full_suits(hands: list[dict]) -> dict:
    return full_suits_of(hands)


def all_deals() -> list[tuple[int, int, dict]]:
    """(seed, deal number, deal) for every real deal: 20 of them."""
    return [(seed, n, hand) for seed in SEEDS for n, hand in enumerate(real_game(seed), 1)]
