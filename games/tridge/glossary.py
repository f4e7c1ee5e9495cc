"""Tridge's words a newcomer may not know (games/engine/glossary.py): the rules page's
numbered sections, and each term with its meaning in our own words."""

from games.engine.glossary import Term

SECTIONS = (
    ("funds", "Chips and funds"),
    ("extras", "What every other person pays a winner"),
    ("honours", "Honours"),
    ("outcomes", "Win, draw or lose"),
    ("fixed", "Fixed-trick bids"),
    ("passes", "Passes, hands not valid and the in-comer"),
    ("end", "The end of a match and settling up"),
)

TERMS = (
    Term(
        "Chips",
        "Everyone starts with 500 chips (the usual house rule) and at once pays 25 into"
        " the widow's fund and 5 into the game fund: that is why each shows 470 before the"
        " first hand. Chips only move between people and funds; one may go below zero.",
        "funds",
    ),
    Term(
        "Game fund",
        "The pot a player wins by winning a hand. It is paid into after draws and losses,"
        " and never holds more than its cap, four times what it starts with (the usual"
        " house rule); the rest waits in a reserve.",
        "funds",
    ),
    Term(
        "Reserve",
        "What would take the game fund over its cap waits in a reserve fund; once the game"
        " fund is won, the oldest reserve becomes the new game fund.",
        "funds",
    ),
    Term(
        "Widow's fund",
        "A second pot, won only by the big bids (no change in diamonds, no tricks, all"
        " tricks, going on for all nine); honours of a player who draws or loses go into"
        " it.",
        "funds",
    ),
    Term(
        "What happened",
        "How the hand went:",
        "passes",
        choices=(
            ("Played", "someone bid and played against the others."),
            (
                "All passed",
                "nobody bid; while the game fund is fresh (formed by everyone's payment,"
                " and nobody has paid into it for a draw or a loss since), everyone pays"
                " into it again.",
            ),
            (
                "Not valid",
                "a misdeal, such as a wrong number of cards discarded: nothing"
                " changes and the deal passes on.",
            ),
            (
                "In-comer",
                "with four people, after the three players passed, the dealer came"
                " in and played against all three.",
            ),
            (
                "In-comer declined",
                "the dealer came in, paying a quarter of the game fund into it, then did not play.",
            ),
        ),
    ),
    Term(
        "Bid",
        "What the player undertook, from the cheapest:",
        "extras",
        choices=(
            ("Play", "exchange cards, then win more tricks than each defender."),
            (
                "Flip",
                "as play, with trumps turned up from the stock: every other person"
                " pays 5 more on a win.",
            ),
            ("No change", "play the hand as dealt, no exchange: 10 more, 20 in diamonds."),
            ("No tricks", "take no trick at all."),
            ("All tricks", "take all nine tricks."),
            ("Fixed tricks", "after everyone passed: take exactly 1, 2 or 3 tricks."),
        ),
    ),
    Term(
        "Honours",
        "The run of top trumps the player holds, counted from the ace of spades (the top"
        " trump whatever the suit) down the trumps in order, with no gap: up to 4 with red"
        " trumps, 3 with black. Each is worth 1 chip (2 in diamonds), paid by every other"
        " person on a win.",
        "honours",
    ),
    Term(
        "Went on for all nine",
        "A play bid whose player took the first five tricks and chose to go on for all nine:"
        " all nine win the widow's fund too, fewer cost the player 40 to everyone.",
        "extras",
    ),
    Term(
        "Sits out",
        "With four people, the dealer does not play the hand but still pays and is paid.",
        "passes",
    ),
)
