"""Cardigan's words a newcomer may not know (games/engine/glossary.py): the rules page's
numbered sections, and each term with its meaning in our own words."""

from games.engine.glossary import Term

SECTIONS = (
    ("duplicates", "Duplicates"),
    ("value", "The contract's value, V"),
    ("level", "Level bonus"),
    ("play", "Play multiplier"),
    ("deal", "What a deal scores"),
    ("cards", "Card points"),
    ("packs", "Four packs, four deals"),
    ("full-suits", "Full suits"),
)

TERMS = (
    Term(
        "Declarer",
        "The player who won the bidding; their partner and they are the declaring team.",
        "deal",
    ),
    Term(
        "Level",
        "How many tricks over six the declaring team promised: level 4 needs 10 of the 13.",
        "level",
    ),
    Term(
        "Bid",
        "What the contract is played in, cheapest first; the number beside it is its base value:",
        "value",
        choices=(
            (
                "Alone",
                "that suit alone is trumps, ace high, with no jacks or twos of other"
                " suits among them.",
            ),
            (
                "Red",
                "the jacks, the red tens and aces and all the twos are trumps, red jacks highest.",
            ),
            ("Black", "as red, with the black jacks, tens and aces."),
            ("No trump", "no card is a trump."),
        ),
    ),
    Term(
        "Played",
        "How the contract was played, multiplying its value:",
        "play",
        choices=(
            ("Dummy", "the declarer's partner plays face up, as the declarer directs: ×2."),
            ("Open", "the declarer plays with their cards face up: ×3 (both: ×5)."),
            (
                "Stuck",
                "offered once the dealer is the declarer: the other three passed, so the"
                " dealer had to declare; the contract bonus is 4V instead of 2V.",
            ),
        ),
    ),
    Term(
        "V",
        "The contract's value: the bid's base value plus the level bonus, times the play"
        " multiplier. Tricks and the contract bonus are counted in V.",
        "value",
    ),
    Term(
        "Contract bonus",
        "What the declaring team scores for having declared, made or not: 2V, or 4V when"
        " the dealer was stuck.",
        "deal",
    ),
    Term(
        "Made",
        "The declaring team took six tricks (its book) plus its level. Down: short of that,"
        " by so many tricks.",
        "deal",
    ),
    Term(
        "Discards",
        "A card the same as one already in the trick is laid face down, not played, and"
        " goes to the other team: one of its cards, worth 5 points more. Count under each"
        " team the discards it received.",
        "cards",
    ),
    Term(
        "Duplicates",
        "Sets of the same card shown before the bidding: pair 1000, triplet 5000, four"
        " 25000, for the shower's team. Several sets score their sum times how many there"
        " are.",
        "duplicates",
    ),
    Term(
        "Cards",
        "Every card of the deal ends with one team. Enter them one of three ways:",
        "cards",
        choices=(
            (
                "Card by card",
                "tap each card a team took; the app counts its points and, on"
                " the last deal, the full suits.",
            ),
            ("Counts only", "how many aces, kings, queens, jacks, tens and fives each team took."),
            ("Points only", "each team's card points, as counted at the table."),
        ),
    ),
    Term(
        "Rest",
        "On the last deal the app knows every card the four packs still hold: once one"
        " team's cards are in, Rest gives the other team the rest.",
        "packs",
    ),
    Term(
        "Dashed",
        "Complete. A card with a dashed edge has every copy the four packs leave for this"
        " deal in; a figure in a dashed box was filled in by the app from what the packs"
        " leave.",
        "packs",
    ),
    Term(
        "Full suits",
        "After the last deal, each complete suit (all thirteen cards of one suit) a team"
        " collected over the four deals scores a bonus; spades score most.",
        "full-suits",
    ),
)
