"""Contractor figures for a player's record: contracts bid and made, by strain."""

from games.contractor.rules import STRAINS

STRAIN_NAMES = {
    "diamonds": "diamonds",
    "hearts": "hearts",
    "clubs": "clubs",
    "spades": "spades",
    "crazytrump": "crazytrump",
    "no_trump": "no trump",
    "nil": "nil",
}


def figures(name, game, score):
    bid = made = 0
    by_strain = {strain: [0, 0] for strain in STRAINS}
    for hand, hand_score in zip(game.hands.all(), score.hands, strict=True):
        if hand_score.details.get("contractor") != name:
            continue
        strain = hand.record["strain"]
        bid += 1
        by_strain[strain][0] += 1
        if hand_score.details["made"]:
            made += 1
            by_strain[strain][1] += 1
    yield "Contracts bid", bid
    yield "Contracts made", made
    for strain, (bids, makes) in by_strain.items():
        if bids:
            yield f"{STRAIN_NAMES[strain].capitalize()}: bid", bids
            yield f"{STRAIN_NAMES[strain].capitalize()}: made", makes
