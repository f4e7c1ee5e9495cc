"""Contractor as the app sees it (games/engine/kind.py): what its folder does not say."""

from games.contractor import records, rules
from games.contractor.forms import HandForm
from games.engine.kind import GameKind
from games.engine.money import Money


class Contractor(GameKind):
    NAME = "Contractor"
    SEATS = (3,)
    PLAYERS_TEXT = "3 players"
    SUMMARY = (
        (
            "Each hand, the players bid contracts they compose themselves: a strain (a trump "
            "suit, no trump, crazytrump or nil) plus conditions such as extra tricks, foregoing "
            "kitty cards or playing exposed, each adding to the contract's value."
        ),
        (
            "The contractor scores the value when the contract is made and loses it when it "
            "fails (twice over when they bid absolutely sure); the opponents score their tricks."
            " A challenge is a 3-point side bet."
        ),
        (
            "A game is a planned number of hands, a multiple of three so everyone deals equally "
            "often."
        ),
    )

    # Played for points: each player pays every other the difference between the scores.
    money = Money

    # It can stop between two hands: games/play/tallies.py keeps its tally between saves.
    Tally = rules.Tally
    hand_reader = staticmethod(records.hand_reader)

    # The hand form's words for its live preview.
    preview_context = staticmethod(HandForm.preview_context)

    # Offline, the next hands' forms: the deal passes left, except after a redeal.
    form_after = staticmethod(HandForm.after)
    REDEAL = ("save", "redeal")
    # The planned hands: the last is known, each redeal before it putting it one further.
    last_hand = staticmethod(HandForm.last_hand)
