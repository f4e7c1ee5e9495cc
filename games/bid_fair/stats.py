"""Bid Fair figures for a player's record: contracts held and made."""


def figures(name, game, score):
    held = made = 0
    for hand_score in score.hands:
        if hand_score.details.get("holder") == name:
            held += 1
            made += bool(hand_score.details.get("made"))
    yield "Contracts held", held
    yield "Contracts made", made
