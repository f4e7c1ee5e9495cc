"""Tridge figures for a player's record: hands played as the player, their outcomes, chips."""

from games.tridge.match import starting_chips


def figures(name, game, score):
    played = {"win": 0, "draw": 0, "lose": 0, "one_off": 0}
    for hand_score in score.hands:
        details = hand_score.details
        if details.get("player") == name and details.get("outcome") in played:
            played[details["outcome"]] += 1
    yield "Games played as the player", sum(played.values())
    yield "Won", played["win"]
    yield "Drawn", played["draw"]
    yield "Lost", played["lose"]
    if played["one_off"]:
        yield "One off (fixed tricks)", played["one_off"]
    yield "Net chips", score.standings[name] - starting_chips(game)
