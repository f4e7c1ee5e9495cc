"""Tridge figures for a player's record: hands played as the player, their outcomes, chips."""

from games.tridge.match import starting_chips


def figures(name, game, score):
    played = {"win": 0, "draw": 0, "lose": 0, "one_off": 0}
    for hand_score in score.hands:
        details = hand_score.details
        if details.get("player") == name and details.get("outcome") in played:
            played[details["outcome"]] += 1
    yield "Hands played as the player", sum(played.values())
    yield "Hands won", played["win"]
    yield "Hands drawn", played["draw"]
    yield "Hands lost", played["lose"]
    if played["one_off"]:
        yield "Hands one off (fixed tricks)", played["one_off"]
    yield "Net chips", score.standings[name] - starting_chips(game)
