"""Entering one hand: the form, its live preview, and saving it without losing anything.

Each game brings its own `HandForm` (games/kind.py); this is the part every game shares. A preview
scores the whole sheet as it would be with this hand, so what the screen shows is
exactly what saving would store.
"""

from __future__ import annotations

import secrets
from copy import copy
from functools import cached_property

from games import boards, services, tallies
from games.services import AlreadyStored, Conflict
from games.sheet import SheetError

RECHECK = "Here is the game as it stands now: check your hand and save it again."


def whole_number(value, fallback):
    try:
        return int(value)
    except (TypeError, ValueError):
        return fallback


def new_key() -> str:
    """A hand form's one-time key, made when the form is drawn (games/services.py)."""
    return secrets.token_urlsafe(16)


def submission_key(data) -> str | None:
    """The one-time key a hand form was sent with; None from a form drawn without one."""
    key = data.get("submission", "")
    return key if 0 < len(key) <= 64 else None


def forgive_blanks(form):
    """While a hand is being filled in, a field not reached yet is not an error.

    Live updates still show what is wrong with what was entered (4 honours with
    spades trumps); only saving asks for what is missing.
    """
    for name in list(form.errors):
        if name in form.fields and form[name].value() in (None, "", []):
            del form.errors[name]


class HandEntry:
    """A new hand (`hand` None) or a correction of a stored one."""

    def __init__(self, game, hand=None, via_coscorer=False):
        self.game = game
        self.via_coscorer = via_coscorer
        self.hand = hand
        self.engine = game.engine
        # A new hand's tally, where kept, says how many hands there are: no count needed.
        self.tally = None if hand else tallies.kept(game)
        if hand:
            self.number = hand.number
        elif self.tally is not None:
            self.number = self.tally.count + 1
        else:
            self.number = game.hands.count() + 1
        self.record = hand.record if hand else None
        self.preview = None
        self.conflict = None
        self.replacing = None  # the one-tap Save that asks first (`_asks_first`)
        self.top = None
        # Built by `submit` from what was posted, or as first shown by `context`: a form
        # costs a deep copy of every field, and a save never shows the blank one.
        self.form = None
        self.posted = False
        self.key = None  # the posted form's one-time key, kept across its re-renders
        self.stored = game  # as read: a posted hand's sheet keys go on a copy (`_take`)

    def _as_stored(self):
        """The form as first shown: blank, or the stored hand with what it does."""
        self.form = self.engine.HandForm(game=self.game, number=self.number, record=self.record)
        if self.hand:
            self.preview = services.score_records(self.game, self.records)

    @cached_property
    def records(self) -> list:
        """The stored hands' records, for a preview; a save reads them under the lock instead."""
        return list(self.game.hands.values_list("record", flat=True))

    def submit(self, data, user, save: bool) -> bool:
        """Read the posted form, preview it, and save it if asked; True once saved."""
        self.posted = True
        self.key = submission_key(data)
        # Without a kept tally, knowing whether the game is over means scoring the
        # stored hands: a save leaves that to services, which scores them once, under
        # the lock, and refuses a hand after the end (then `context` tells).
        if (not save or self.tally is not None) and self.over:
            return False
        self.preview = None
        self.form = self.engine.HandForm(data, game=self.game, number=self.number)
        posted = whole_number(data.get("number"), self.number)
        ready = False
        if not self.hand and posted != self.number:
            # Another phone saved this hand first: show the game as it is now, keep the entry.
            word = self.engine.HAND.capitalize()
            self.conflict = f"{word} {posted} was already entered on another phone. {RECHECK}"
        elif self.form.is_valid():
            self._take(self.form.to_record())
            save = save and not self._asks_first(data)
            # A save is scored once, under the game's lock (games/services.py), whose
            # refusal comes back to this form as a preview's would.
            ready = save or self._preview()
        if not save:
            forgive_blanks(self.form)
            return False
        return ready and self._save(data, user)

    def _asks_first(self, data) -> bool:
        """A one-tap button over a scored hand asks before it replaces it.

        Such a button (Contractor's "All passed: redeal") is a Save whose value is not
        the Save button's "1"; a new hand stays one tap. Replace sends it with `replace`.
        """
        if not self.hand or data.get("save") in ("1", None) or data.get("replace"):
            return False
        if self.record == self.hand.record:
            return False
        self.replacing = data["save"]
        return True

    def _take(self, record):
        self.record = record
        # Top-level sheet keys the hand brings with it (Cardigan's full suits), saved together.
        self.top = self.engine.sheet_top(self.form)
        if self.top is not None:
            meta = services.meta_with_top(self.game, self.top)
            self.game = copy(self.game)
            self.game.meta = meta

    def _preview(self) -> bool:
        trial = self.records[:]
        if self.hand:
            trial[self.number - 1] = self.record
        else:
            trial.append(self.record)
        try:
            self.preview = services.score_records(self.game, trial)
        except SheetError as error:
            self.form.show_error(error, self.number)
            return False
        return True

    def _save(self, data, user) -> bool:
        try:
            if self.hand:
                version = whole_number(data.get("version"), self.hand.version)
                services.edit_hand(
                    self.hand,
                    self.record,
                    user,
                    version,
                    self.via_coscorer,
                    top=self.top,
                    key=self.key,
                )
            else:
                services.add_hand(
                    self.game,
                    self.record,
                    self.number,
                    top=self.top,
                    tally=self.tally,
                    key=self.key,
                )
        except AlreadyStored:
            return True  # sent twice at once: the first stored it, both answer as saved
        except Conflict as error:
            self.conflict = str(error)
            self.preview = None
            if self.hand:
                self.hand.refresh_from_db()
            else:
                self.number = self.game.hands.count() + 1
                self.form = self.engine.HandForm(data, game=self.game, number=self.number)
            return False
        except SheetError as error:
            self.form.show_error(error, self.number)
            self.preview = None
            return False
        return True

    @cached_property
    def over(self):
        """The game as it stands if it is over and this would be a hand after its end.

        A phone left on this page, or brought back to it, while another saved the last
        hand would otherwise offer a form for a hand no rule allows. Read before anything
        posted is taken in: a hand's sheet keys (Cardigan's full suits) change the game.
        """
        if self.hand:
            return None
        if self.tally is not None:
            stands = self.tally.result([])
        else:
            stands = services.score_records(self.stored, self.records)
        return stands if stands.finished else None

    def context(self) -> dict:
        if self.over:
            return {
                "game": self.game,
                "engine": self.engine,
                "over": self.over,
                "unsaved": self.posted,
            }
        if self.form is None:
            self._as_stored()
        hand_score = None
        if self.preview is not None and len(self.preview.hands) >= self.number:
            hand_score = self.preview.hands[self.number - 1]
        context = {
            "game": self.game,
            "engine": self.engine,
            "colours": boards.colours(self.game),
            "form": self.form,
            "hand": self.hand,
            "number": self.number,
            "submission": self.key or new_key(),
            "conflict": self.conflict,
            "replacing": self.replacing,
            "replacement": self.engine.describe_record(self.record) if self.replacing else "",
            "current_text": self.engine.describe_record(self.hand.record) if self.hand else "",
            "preview": hand_score,
            "stylesheet": self.engine.STYLESHEET,
        }
        if hand_score:
            context |= self.engine.preview_context(self.form, self.preview, self.record)
        return context
