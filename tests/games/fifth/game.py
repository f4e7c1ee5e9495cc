"""Fifth as the app sees it (the contract: games/engine/kind.py): what its folder does not say."""

from games.engine.kind import GameKind
from games.engine.money import Money


class Fifth(GameKind):
    NAME = "Fifth"
    SEATS = (2, 3)
    PLAYERS_TEXT = "2 or 3 players, to 10"
    SUMMARY = ("Every hand, each player scores the points they took; the first to 10 wins.",)
    money = Money

    @staticmethod
    def describe(record, hand_score):
        return ", ".join(f"{name} took {points}" for name, points in record["points"].items())
