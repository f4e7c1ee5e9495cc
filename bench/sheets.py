"""Random valid sheets of any length, for benchmarks (seeded, so runs compare)."""

import random

from games.sheet import FORMAT

CONTRACTOR_STRAINS = ("diamonds", "hearts", "clubs", "spades", "crazytrump", "no_trump", "nil")
SUITS = ("S", "H", "D", "C")
# Play is the usual bid at a real table, so it comes up twice as often.
TRIDGE_BIDS = ("play", "play", "flip", "no_change", "no_tricks", "all_tricks", "fixed")


def split(rng, total, people):
    """Random whole numbers for `people`, adding up to `total`."""
    cuts = sorted(rng.randint(0, total) for _ in range(len(people) - 1))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return dict(zip(people, parts, strict=True))


def contractor_sheet(hands, seed=1):
    rng = random.Random(seed)
    players = ["Ana", "Ben", "Cy"]
    records = []
    for _ in range(hands):
        if rng.random() < 0.05:
            records.append({"redeal": True})
            continue
        strain = rng.choice(CONTRACTOR_STRAINS)
        contractor = rng.choice(players)
        hand = {"contractor": contractor, "strain": strain}
        if strain != "nil" and rng.random() < 0.4:
            hand["extra_tricks"] = rng.randint(1, 5)
        if rng.random() < 0.4:
            hand["kitty_foregone"] = rng.randint(1, 3)
        if strain not in ("nil", "no_trump") and rng.random() < 0.2:
            hand["sour_trumps"] = True
        for condition in ("exposed", "absolutely_sure", "thievery"):
            if rng.random() < 0.2:
                hand[condition] = True
        if strain == "nil" and rng.random() < 0.5:
            hand["nil_without_joker"] = True
        if rng.random() < 0.2:
            hand["challenger"] = rng.choice([p for p in players if p != contractor])
        hand["tricks"] = split(rng, 10, players)
        records.append(hand)
    planned = hands + (-hands % 3)
    return sheet("contractor", players, records, {"hands": planned})


def tridge_sheet(hands, people=4, seed=1):
    rng = random.Random(seed)
    players = ["Ana", "Ben", "Cy", "Dee"][:people]
    records = []
    for number in range(hands):
        dealer = players[number % people]
        in_play = [p for p in players if p != dealer or people == 3]
        roll = rng.random()
        if roll < 0.08:
            records.append({"passed": True})
        elif roll < 0.10:
            records.append({"void": True})
        elif roll < 0.12 and people == 4:
            records.append({"incomer_declined": True})
        elif roll < 0.16 and people == 4:
            records.append(
                {
                    "player": dealer,
                    "bid": rng.choice(["play", "no_tricks", "all_tricks"]),
                    "incomer": True,
                    **trumps(rng),
                    "tricks": split(rng, 9, players),
                }
            )
        else:
            bid = rng.choice(TRIDGE_BIDS)
            hand = {"player": rng.choice(in_play), "bid": bid, **trumps(rng)}
            if bid == "fixed":
                hand["target"] = rng.randint(1, 3)
            if bid == "play" and rng.random() < 0.1:
                hand["went_for_all"] = True
            hand["tricks"] = split(rng, 9, in_play)
            records.append(hand)
    return sheet("tridge", players, records)


def trumps(rng):
    suit = rng.choice(SUITS)
    return {"trumps": suit, "honours": rng.randint(0, 4 if suit in "DH" else 3)}


def sheet(game, players, hands, rules=None):
    return {
        "format": FORMAT,
        "game": game,
        "players": players,
        "rules": rules or {},
        "hands": hands,
    }
