"""Tridge hands for the reliability tests: valid for the hand number they are made for,
each tagged in its `meta` so that it can be found again wherever it ends up."""

PLAYERS = ("Ana", "Ben", "Cy", "Dee")


def tridge_hand(number: int, tag: str, pick: int) -> dict:
    """A valid Tridge record for hand `number` of PLAYERS (its dealer sits out)."""
    if pick % 6 == 5:
        return {"passed": True, "meta": {"op": tag}}
    dealer = PLAYERS[(number - 1) % len(PLAYERS)]
    in_play = [name for name in PLAYERS if name != dealer]
    player = in_play[pick % 3]
    first, second = (name for name in in_play if name != player)
    won = 4 + pick % 5
    split = (pick // 5) % (10 - won)
    return {
        "player": player,
        "bid": "play",
        "trumps": "SHDC"[pick % 4],
        "honours": pick % 3,
        "tricks": {player: won, first: split, second: 9 - won - split},
        "meta": {"op": tag},
    }


def tag_of(record: dict) -> str:
    return record["meta"]["op"]
