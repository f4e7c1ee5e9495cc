"""What entering one hand comes to: exactly one of these (games/play/entry.py decides which).

`Saved` leads back to the board. Every other is a screen, drawn by the partial of
templates/hands/entry.html that it names (`partial`) from the context it gives
(`context`); each is made whole, once, and nothing is added to it afterwards.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

from games.engine.scores import GameScore
from games.engine.words import in_seats
from games.models import Game, Hand
from games.play import boards
from games.play.merge import Row
from games.play.once import new_key


def words(game: Game, record: dict) -> str:
    """A hand's record in one line of the game's words, with the players' names."""
    return game.engine.describe_record(in_seats(record, game.players))


@dataclass(frozen=True)
class Saved:
    """Back to the board: stored (or stored already, by this very form sent twice at once)."""

    said: str  # the board's line: "Hand 3 saved"
    key: str | None  # the change's one-time key, for its Undo
    undoable: bool = True  # False: nothing was stored, so there is nothing to undo


@dataclass(frozen=True)
class Screen:
    """A screen of the hand's entry: the game, and the number of the hand it is about."""

    partial: ClassVar[str]
    game: Game
    number: int

    def live(self, data) -> bool:
        """Whether a live update may swap the parts showing results alone (`Preview`)."""
        return False

    def context(self) -> dict:
        engine = self.game.engine
        shared = {"game": self.game, "engine": engine, "stylesheet": engine.STYLESHEET}
        return shared | {"number": self.number} | self.shown() | {"screen": self}

    def shown(self) -> dict:
        return {}


@dataclass(frozen=True)
class Over(Screen):
    """The game ended: no hand comes after its last, and this one was not stored."""

    partial = "over"
    score: GameScore
    unsaved: bool  # something was entered here, and is not saved

    def shown(self) -> dict:
        return {"over": self.score, "unsaved": self.unsaved}


@dataclass(frozen=True)
class Deleted(Screen):
    """The hand being corrected was deleted on another phone: nothing to save over."""

    partial = "deleted"

    def shown(self) -> dict:
        return {"deleted": True}


@dataclass(frozen=True)
class TwoPhones(Screen):
    """Another phone stored the hand this one was entered for: both are shown, nothing of
    this phone's is stored yet. `number` is the next hand's, which this one may become."""

    partial = "two_phones"
    rival: Hand  # the hand on record
    entered: dict | None  # this phone's, read as the hand it was entered for (None: not valid)
    data: object  # what was posted, sent on as the next hand if the player chooses so
    key: str | None
    last: bool  # the hand on record ended the game
    saveable: bool = False  # the same hand as the next one, and the rules take it
    refusal: str | None = None  # why the rules take it for no later hand, where they say

    def shown(self) -> dict:
        skip = {"csrfmiddlewaretoken", "number", "save", "preview", "submission"}
        return {
            "rival": self.rival,
            "on_record": words(self.game, self.rival.record),
            "entered": words(self.game, self.entered) if self.entered else "",
            "same": self.entered == self.rival.record,
            "last": self.last,
            "saveable": self.saveable,
            "refusal": self.refusal,
            "resend": [
                (name, value)
                for name in self.data
                if name not in skip
                for value in self.data.getlist(name)
            ],
            "submission": self.key or new_key(),
            # What its own Save sent, to send again: Contractor's one-tap redeal is a Save.
            "save_as": self.data.get("save") or "1",
        }


@dataclass(frozen=True)
class Preview(Screen):
    """The hand's form, with what the hand does: as first shown, as entered, or refused
    with why. A correction's `note` says it met another phone's (or is not the next)."""

    partial = "preview"
    form: object  # the game's HandForm (games/engine/forms.py)
    hand: Hand | None  # the hand corrected; None for a new one
    key: str | None  # the form's one-time key, kept across its re-renders
    score: GameScore | None = None  # the whole game scored with this hand, where it could be
    record: dict | None = None  # the hand the score was worked out with
    note: str | None = None
    replacing: str | None = None  # a one-tap Save over a scored hand, asked first
    base: int | None = None  # the version a correction began from, once met with another's
    # A new hand's page as first drawn: the next hands' blank forms, for a phone that loses
    # its signal (games/play/offline.py); None on every other screen.
    ahead: tuple | None = None
    # Its game's last hand, where known without scoring: no form is drawn past it.
    last: int | None = None

    @cached_property
    def shape(self) -> str:
        """Which fields the screen shows, and what it says is wrong with them (form.shape)."""
        errors = sorted((name, list(errors)) for name, errors in self.form.errors.items())
        said = hashlib.blake2s(repr(errors).encode(), digest_size=4).hexdigest() if errors else ""
        return f"{self.form.shape()}|{said}"

    def live(self, data) -> bool:
        """A live update after which every field stays where it was: the screen swaps the
        parts that show results alone, and what is being typed elsewhere is not touched."""
        if not self.form.LIVE or self.note or self.replacing:
            return False
        return data.get("shape") == self.shape

    def shown(self) -> dict:
        hand_score = None
        if self.score is not None and len(self.score.hands) >= self.number:
            hand_score = self.score.hands[self.number - 1]
        context = {
            "colours": boards.colours(self.game),
            "form": self.form,
            "hand": self.hand,
            "submission": self.key or new_key(),
            "shape": self.shape,
            "conflict": self.note,
            "replacing": self.replacing,
            "replacement": words(self.game, self.record) if self.replacing else "",
            "current_text": words(self.game, self.hand.record) if self.hand else "",
            "base": self.base,
            "preview": hand_score,
            "ahead": self.ahead,
            "last_hand": self.last,
        }
        if hand_score:
            context |= self.game.engine.preview_context(self.form, self.score, self.record)
        return context


@dataclass(frozen=True)
class Merged(Preview):
    """A correction met another phone's: each field either changed, and the form holding
    both. Where both changed a field (`clashes`), saving needs an explicit choice."""

    partial = "merged"
    rows: list[Row] = field(default_factory=list)
    clashes: bool = False

    def live(self, data) -> bool:
        return False

    def shown(self) -> dict:
        return super().shown() | {"rows": self.rows, "clashes": self.clashes}
