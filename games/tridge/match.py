"""A Tridge match's end and what it leaves to the next: pure decisions on a game's rules
and meta, stored by games/play/services.py `change_game` as any change of the game.

A match with no planned number of hands ends when the table says so. Ending it plans the
hands played so far (the sheet's own `hands` rule), so the engine, the sheet and every
screen see a finished match with no notion of their own; what was planned before is
kept in the meta, so that playing on undoes it exactly.
"""

from __future__ import annotations

from django.utils import timezone

from games.engine.money import Money, stake_of
from games.engine.words import money_text, signed
from games.tridge.settle import Settlement, funds_on_table, settle
from games.tridge.terms import Settings
from games.tridge.words import SETTLES_TEXT

KEEP, SPLIT = "keep", "split"


def ended(game) -> dict | None:
    """How the table ended the match ({"after", "planned", "at", "by"}), or None."""
    return game.meta.get("ended")


def end(game, hands: int, by: str) -> bool:
    """End the match after `hands` hands; False if it had none yet or is over already."""
    planned = game.rules.get("hands")
    if not hands or ended(game) or (planned is not None and hands >= planned):
        return False
    game.meta = game.meta | {
        "ended": {"after": hands, "planned": planned, "at": timezone.now().isoformat(), "by": by}
    }
    game.rules = game.rules | {"hands": hands}
    return True


def ending_words(game, score) -> str:
    """What ending the match here does with its funds, by the table's house rule."""
    on_table = funds_on_table(score.details["funds"])
    if not on_table:
        return "The match is settled as it stands; its funds are empty."
    if split_funds(game):
        return (
            f"The match is settled as it stands; the {on_table} chips in the funds are "
            "shared out equally, as this table chose."
        )
    return (
        f"The match is settled as it stands; the {on_table} chips in the funds stay on the "
        "table, and the next match starts with them."
    )


def play_on(game) -> bool:
    """Undo the end: the hands planned before (or none) are planned again."""
    how = ended(game)
    if how is None:
        return False
    rules = {key: value for key, value in game.rules.items() if key != "hands"}
    if how["planned"] is not None:
        rules["hands"] = how["planned"]
    game.rules = rules
    game.meta = {key: value for key, value in game.meta.items() if key != "ended"}
    return True


def split_funds(game) -> bool:
    """The house rule for the funds left at the end: split now, or kept (the default)."""
    return game.meta.get("funds_left") == SPLIT


def share_out(game) -> bool:
    """The table shares out the funds this match left: equally, what cannot be shared
    stays on the table (the settlement's own house rule, chosen afterwards)."""
    if split_funds(game):
        return False
    game.meta = game.meta | {"funds_left": SPLIT}
    return True


def carried(rules: dict) -> int:
    """The chips an earlier match left on the table for this one."""
    return sum(rules.get(name) or 0 for name in Settings.SET_BY_APP)


def next_rules(game) -> dict:
    """The house rules of the next match: the same, as planned before this one ended.
    What it leaves on the table is the group's, taken by the next match as any match
    takes it (games/money/table.py)."""
    rules = {key: value for key, value in game.rules.items() if key not in Settings.SET_BY_APP}
    how = ended(game)
    if how is not None:
        rules.pop("hands")
        if how["planned"] is not None:
            rules["hands"] = how["planned"]
    return rules


def left_on_table(game, score) -> dict:
    """What a finished match leaves the next one of the same people, as its rules.

    Kept funds stay as they lie (the game fund, the reserves, the widow's); split funds
    leave only the chips that could not be shared out, which go to the game fund.
    """
    if not score.finished:
        return {}  # nothing is settled yet, so nothing is left for the next match
    funds = score.details["funds"]
    if split_funds(game):
        left = {"carried_game": funds_on_table(funds) % len(game.players)}
    else:
        left = {
            "carried_game": funds["game"],
            "carried_reserves": sum(funds["reserves"]),
            "carried_widow": funds["widow"],
        }
    return {name: chips for name, chips in left.items() if chips}


def starting_chips(game) -> int:
    # A game's rules are complete when the app makes it; one made otherwise has defaults.
    return game.rules.get("chips", Settings.chips)


def settlement(game, score) -> Settlement:
    """The game's settlement by the table's choices: the funds' house rule, money per chip."""
    return settle(
        game.players,
        starting_chips(game),
        score,
        split_funds=split_funds(game),
        chip_value=stake_of(game),
        carried=carried(game.rules),
    )


def board_context(game, score) -> dict:
    """The board's money beside the chips, when the table set a money value, and the
    match's end."""
    return {"settlement": settlement(game, score), "ended": ended(game)} | TridgeMoney.notes(
        game, score
    )


class TridgeMoney(Money):
    """A match's money (games/engine/money.py): chips won or lost, at so much a chip; the
    funds left at the end are kept on the table for a later match or shared out."""

    UNIT = "chip"
    SETTLES_TEXT = SETTLES_TEXT
    KEPT_CHOICES = ("stake", "funds_left")
    LEAVES = True

    @staticmethod
    def results(game, score) -> dict[str, int]:
        """Chips held less the chips each was dealt (a share of the funds comes apart)."""
        chips = starting_chips(game)
        return {name: score.standings[name] - chips for name in game.players}

    @staticmethod
    def left(game, score) -> int:
        return funds_on_table(score.details["funds"])

    @staticmethod
    def share(game, score) -> int:
        if not split_funds(game):
            return 0
        return funds_on_table(score.details["funds"]) // len(game.players)

    leaves = staticmethod(left_on_table)
    carried = staticmethod(carried)

    @staticmethod
    def left_words(left: dict) -> str:
        chips = carried(left)
        return f"{chips} chip{'s' if chips != 1 else ''}"

    @staticmethod
    def may_be_over(game) -> bool:
        # A match is over after its planned hands; ending it plans the hands played.
        return "hands" in game.rules

    share_out = staticmethod(share_out)
    end = staticmethod(end)
    ending_words = staticmethod(ending_words)

    @classmethod
    def notes(cls, game, score) -> dict:
        """Under each name, chips up or down (with a share of the funds shared out) and their
        money, once the table set a money value."""
        stake = stake_of(game)
        if stake is None:
            return {}
        share = cls.share(game, score)
        notes = {}
        for name, chips in cls.results(game, score).items():
            chips += share
            sign = "+" if chips > 0 else ""
            said = signed(chips) if chips else "0"
            notes[name] = f"{said} chips · {sign}{money_text(chips * stake)}"
        return {"standing_notes": notes}
