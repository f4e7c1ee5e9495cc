"""Entering one hand: the form, its live preview, and saving it without losing anything.

Each game brings its own `HandForm` (games/kind.py); this is the part every game shares. A preview
scores the whole sheet as it would be with this hand, so what the screen shows is
exactly what saving would store.
"""

from __future__ import annotations

import hashlib
from copy import copy
from functools import cached_property

from games import boards, merge, services, tallies
from games.once import AlreadyStored, new_key, submission_key
from games.services import Conflict
from games.sheet import SheetError
from games.words import in_seats, sentence

RECHECK = "Here is the game as it stands now: check your hand and save it again."


def whole_number(value, fallback):
    try:
        return int(value)
    except (TypeError, ValueError):
        return fallback


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
        self.rival = None  # another phone's hand with this one's number: both are shown
        self.base = None  # the version a correction began from, once merged with another's
        self.rows = []  # a merged correction's fields, as they were, are, and were entered
        # The hand being corrected was deleted on another phone (games/views/hands.py).
        self.deleted = hand is not None and hand.pk is None
        self._clashes = []  # the fields both phones changed, each its own way
        self.entered = None  # the record entered for the rival's number, if complete
        self.refusal = None  # why the rules take it for no later hand
        self.data = None
        self.user = None
        self.changed = True  # False: saved as it was on record, so there is nothing to undo

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
        self.user = user
        if self.deleted:
            return False
        self.key = submission_key(data)
        posted = whole_number(data.get("number"), self.number)
        if not self.hand and posted < self.number:
            # Another phone stored this hand first: both are shown, the player chooses.
            return self._meet(data, posted)
        # Without a kept tally, knowing whether the game is over means scoring the
        # stored hands: a save leaves that to services, which scores them once, under
        # the lock, and refuses a hand after the end (then `context` tells).
        if (not save or self.tally is not None) and self.over:
            return False
        self.preview = None
        self.form = self.engine.HandForm(data, game=self.game, number=self.number)
        ready = False
        if not self.hand and posted != self.number:
            # Hands were deleted meanwhile: show the game as it is now, keep the entry.
            word = self.engine.HAND.capitalize()
            self.conflict = f"{word} {posted} is not the next {self.engine.HAND} now. {RECHECK}"
        elif self.form.is_valid():
            self._take(self.form.to_record())
            if self.hand and not self._merged(data, save):
                return False
            save = save and not self._asks_first(data)
            # A save is scored once, under the game's lock (games/services.py), whose
            # refusal comes back to this form as a preview's would.
            ready = save or self._preview()
        elif self.hand:
            self._stale(data)
        if not save:
            forgive_blanks(self.form)
            return False
        if ready and data.get("save") == "theirs":
            self.record = merge.settle(self.record, self.hand.record, self._clashes)
            if self.record == self.hand.record:
                self.changed = False  # only their changes were left: nothing to store
                return True
        return ready and self._save(data, user)

    def _meet(self, data, posted) -> bool:
        """Hand `posted` is on record: show it beside this one, and store nothing yet.

        The form is read as the hand it was entered for, and again as the next one: it is
        offered as the next only where it is the same hand there and the rules take it.
        """
        self.form = self.engine.HandForm(data, game=self.game, number=self.number)
        self.rival = self.game.hands.filter(number=posted).first()
        if self.rival is None:
            self.conflict = f"{self.engine.HAND.capitalize()} {posted} was deleted. {RECHECK}"
            forgive_blanks(self.form)
            return False
        self.data = data
        entered = self.engine.HandForm(data, game=self.game, number=posted)
        self.entered = entered.to_record() if entered.is_valid() else None
        if self.entered in (None, self.rival.record) or self.over:
            return False
        if self.form.is_valid():
            self._take(self.form.to_record())
            if self.record == self.entered and self._preview():
                return False
        # Not the same hand as the next one: the rules' own words say why, where they can.
        self.preview = None
        try:
            services.score_records(self.stored, [*self.records, self.entered])
        except SheetError as error:
            self.refusal = sentence(self.form.in_words(error.message))
        return False

    def _asks_first(self, data) -> bool:
        """A one-tap button over a scored hand asks before it replaces it.

        Such a button (Contractor's "All passed: redeal") is a Save whose value is not
        the Save button's "1"; a new hand stays one tap. Replace sends it with `replace`.
        """
        # "over" and "theirs" settle a clash with another phone's correction (`_merged`).
        if not self.hand or data.get("save") in ("1", "over", "theirs", None):
            return False
        if data.get("replace"):
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
        trial = self._with(self.record) if self.hand else [*self.records, self.record]
        try:
            self.preview = services.score_records(self.game, trial)
        except SheetError as error:
            self.form.show_error(error, self.number)
            return False
        return True

    def _merged(self, data, save) -> bool:
        """A correction begun from an older version, merged with what is on record now.

        The version the form started from is the base (its record kept by a Revision): a
        field only this phone changed keeps its value, a field only the other changed takes
        theirs, and one both changed is a clash. False: the merge is shown, nothing stored.
        """
        version = whole_number(data.get("version"), self.hand.version)
        self.base = whole_number(data.get("base"), version)
        if self.base == self.hand.version:
            self.base = None
            return True
        was = self._record_at(self.base)
        mine = self.record
        if version == self.hand.version:
            # Refilled with the merge already: what differs from theirs is this phone's.
            self._clashes = merge.clashes(was, mine, self.hand.record)
            self.rows = merge.rows(self.engine, was, self.hand.record, mine, self._clashes)
            return not (save and self._clashes and data.get("save") not in ("over", "theirs"))
        merged, self._clashes = merge.merge(was, mine, self.hand.record)
        self.rows = merge.rows(self.engine, was, self.hand.record, mine, self._clashes)
        self.conflict = self._changed()
        try:
            self.form = self.engine.HandForm(game=self.game, number=self.number, record=merged)
        except (KeyError, TypeError, ValueError):
            return False  # a merge the form cannot show: the form keeps what was entered
        self.record = merged
        try:
            self.preview = services.score_records(self.game, self._with(merged))
        except SheetError:
            self.preview = None
        return False

    def _record_at(self, version) -> dict:
        """The hand's record at `version`: on record now, or kept by the edit that followed."""
        if version == self.hand.version:
            return self.hand.record
        kept = self.hand.revisions.filter(version=version).first()
        return kept.record if kept else self.hand.record

    def _changed(self) -> str:
        word = f"{self.engine.HAND.capitalize()} {self.number}"
        latest = self.hand.revisions.filter(version=self.hand.version - 1).first()
        who = ""
        if latest and latest.via_coscorer:
            who = " through the co-scorer link"
        elif latest and latest.by and latest.by != self.user:  # on their own other phone: no name
            who = f" by {latest.by.get_username()}"
        return f"{word} was changed on another phone{who} while you were correcting it."

    def _stale(self, data) -> None:
        """A correction that cannot be read yet, sent against an older version: it keeps
        what was entered, and its next save merges with what is on record (`_merged`)."""
        version = whole_number(data.get("version"), self.hand.version)
        if version != self.hand.version:
            self.base = whole_number(data.get("base"), version)
            self.conflict = f"{self._changed()} Check it against the {self.engine.HAND} below."

    def _with(self, record) -> list:
        trial = self.records[:]
        trial[self.number - 1] = record
        return trial

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
        except Conflict:
            # Another phone changed the game between this form's reading and its save.
            self.preview = None
            if not self.hand:
                # Read again: the hand on record may have been the game's last.
                for read in ("over", "records"):
                    self.__dict__.pop(read, None)
                self.tally, self.game, posted = None, self.stored, self.number
                self.number = self.game.hands.count() + 1
                return self._meet(data, posted)
            mine = self.record
            try:
                self.hand.refresh_from_db()
            except self.hand.DoesNotExist:
                self.deleted = True
                return False
            self.record = mine
            self.__dict__.pop("records", None)
            return self._merged(data, save=False)
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

    def shape(self) -> str:
        """Which fields the screen shows, and what it says is wrong with them (form.shape)."""
        errors = sorted((name, list(errors)) for name, errors in self.form.errors.items())
        said = hashlib.blake2s(repr(errors).encode(), digest_size=4).hexdigest() if errors else ""
        return f"{self.form.shape()}|{said}"

    def live(self, data) -> bool:
        """A live update after which every field stays where it was: the screen swaps the
        parts that show results alone, and what is being typed elsewhere is not touched."""
        if self.form is None or not self.form.LIVE or not self.posted:
            return False
        if self.conflict or self.rows or self.replacing or self.deleted or self.rival:
            return False
        return not self.over and data.get("shape") == self.shape()

    def context(self) -> dict:
        if self.rival is not None:
            return self._both()
        if self.deleted:
            deleted = {"deleted": True, "number": self.number}
            return deleted | {"game": self.game, "engine": self.engine}
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
            "shape": self.shape(),
            "conflict": self.conflict,
            "replacing": self.replacing,
            "replacement": self._words(self.record) if self.replacing else "",
            "current_text": self._words(self.hand.record) if self.hand else "",
            "base": self.base,
            "rows": self.rows,
            "clashes": bool(self._clashes) and bool(self.rows),
            "preview": hand_score,
            "stylesheet": self.engine.STYLESHEET,
        }
        if hand_score:
            context |= self.engine.preview_context(self.form, self.preview, self.record)
        return context

    def _words(self, record) -> str:
        return self.engine.describe_record(in_seats(record, self.game.players))

    def _both(self) -> dict:
        """The hand on record beside the one entered, and what may be done with it
        (templates/hands/rival.html); the form is sent on as the next hand, with its key."""
        describe = self._words
        skip = {"csrfmiddlewaretoken", "number", "save", "preview", "submission"}
        return {
            "game": self.game,
            "engine": self.engine,
            "stylesheet": self.engine.STYLESHEET,
            "rival": self.rival,
            "on_record": describe(self.rival.record),
            "entered": describe(self.entered) if self.entered else "",
            "same": self.entered == self.rival.record,
            "last": bool(self.over),
            "saveable": self.preview is not None,
            "refusal": self.refusal,
            "number": self.number,
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
