"""Fifth as the app sees it (the contract: games/kind.py)."""

from games.kind import GameKind
from tests.games.fifth import forms, records, rules


class Fifth(GameKind):
    KEY = "fifth"
    NAME = "Fifth"
    SEATS = (2, 3)
    PLAYERS_TEXT = "2 or 3 players, to 10"
    SUMMARY = ("Every hand, each player scores the points they took; the first to 10 wins.",)

    Settings = rules.Settings
    score = staticmethod(rules.score)
    read = staticmethod(records.read)
    HandForm = forms.HandForm

    @staticmethod
    def describe(record, hand_score):
        return ", ".join(f"{name} took {points}" for name, points in record["points"].items())
