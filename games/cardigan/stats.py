"""Cardigan figures for a player's record: contracts made by the player's team."""

from games.engine.sheet import members


def figures(name, game, score):
    team = next(side for side in score.standings if name in members(side))
    declared = made = 0
    for hand_score in score.hands:
        if hand_score.details.get("declaring_team") == team:
            declared += 1
            made += bool(hand_score.details.get("made"))
    yield "Contracts declared by the team", declared
    yield "Contracts made by the team", made
