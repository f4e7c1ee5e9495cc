"""Entering one hand: what a hand form sent comes to, decided once (games/play/outcomes.py).

Each game brings its own `HandForm` (games/engine/forms.py). A preview scores the whole sheet
as it would be with this hand, so what the screen shows is exactly what saving would
store. A save goes to games/play/services.py, which stores it under the game's lock, once
for its form's one-time key; what it refuses comes back as the screen that says why.

A new hand (`new_hand`) may meet the same hand stored on another phone (`_meet`); a
correction (`correction`) may meet another phone's correction of it (`_merged`).
"""

from __future__ import annotations

from copy import copy
from dataclasses import dataclass
from functools import cached_property

from games.engine.sheet import SheetError
from games.engine.words import sentence
from games.models import Game, Hand
from games.play import merge, offline, services, tallies
from games.play.once import AlreadyStored, submission_key
from games.play.outcomes import Deleted, Merged, Over, Preview, Saved, TwoPhones
from games.play.services import Conflict

RECHECK = "Here is the game as it stands now: check your hand and save it again."


def whole_number(value, fallback):
    try:
        return int(value)
    except (TypeError, ValueError):
        return fallback


@dataclass(frozen=True)
class Sent:
    """A hand form as the phone sent it: its fields, and what the entry reads besides."""

    data: object  # the QueryDict, for the game's form
    key: str | None  # its one-time key (games/play/once.py)
    number: int | None  # the hand it was drawn for
    version: int | None  # a correction's version when it was drawn
    base: int | None  # the version a correction began from, once met with another's
    # Which Save was tapped: "1"; a one-tap button's own value (Contractor's redeal);
    # "over" or "theirs" after a clash. None: not a save, a preview.
    save: str | None
    replace: bool  # the one-tap button's Save, confirmed

    @classmethod
    def read(cls, data) -> Sent:
        number = whole_number(data.get("number"), None)
        version = whole_number(data.get("version"), None)
        base = whole_number(data.get("base"), None)
        replace = bool(data.get("replace"))
        return cls(data, submission_key(data), number, version, base, data.get("save"), replace)

    @property
    def saving(self) -> bool:
        return self.save is not None


def forgive_blanks(form):
    """While a hand is being filled in, a field not reached yet is not an error.

    Live updates still show what is wrong with what was entered (4 honours with
    spades trumps); only saving asks for what is missing.
    """
    for name in list(form.errors):
        if name in form.fields and form[name].value() in (None, "", []):
            del form.errors[name]


@dataclass(frozen=True)
class Table:
    """The game as the entry read it, and the hand it is about (None: the next one)."""

    game: Game
    hand: Hand | None = None
    # A new hand's tally, where kept, says how many hands there are: no count needed.
    tally: object = None

    @classmethod
    def read(cls, game: Game, hand: Hand | None = None) -> Table:
        return cls(game, hand, None if hand else tallies.kept(game))

    @cached_property
    def number(self) -> int:
        if self.hand is not None:
            return self.hand.number
        if self.tally is not None:
            return self.tally.count + 1
        return self.game.hands.count() + 1

    @cached_property
    def records(self) -> list:
        """The stored hands' records, for a preview; a save reads them under the lock instead."""
        return list(self.game.hands.values_list("record", flat=True))

    @cached_property
    def over(self):
        """The game as it stands if it is over and this would be a hand after its end.

        A phone left on this page, or brought back to it, while another saved the last
        hand would otherwise offer a form for a hand no rule allows.
        """
        if self.hand is not None:
            return None
        if self.tally is not None:
            stands = self.tally.result([])
        else:
            stands = services.score_records(self.game, self.records)
        return stands if stands.finished else None

    def form(self, data=None, *, record=None, number=None, game=None):
        game = game or self.game
        return game.engine.HandForm(data, game=game, number=number or self.number, record=record)

    def with_hand(self, record) -> list:
        """The stored records with `record` as this hand: the next one, or the corrected."""
        if self.hand is None:
            return [*self.records, record]
        trial = self.records[:]
        trial[self.number - 1] = record
        return trial

    def hand_word(self) -> str:
        return f"{self.game.engine.HAND.capitalize()} {self.number}"


def first(game: Game, hand: Hand | None = None):
    """The form as first shown: blank for the next hand, or the stored one with what it does."""
    table = Table.read(game, hand)
    if table.over:
        return Over(game, table.number, table.over, unsaved=False)
    if hand is None:
        form = table.form()
        ahead, last = offline.ahead(form), offline.last(form)
        return Preview(game, table.number, form, None, key=None, ahead=ahead, last=last)
    score = services.score_records(game, table.records)
    form = table.form(record=hand.record)
    return Preview(game, table.number, form, hand, key=None, score=score, record=hand.record)


def new_hand(game: Game, sent: Sent):
    """What a new hand's form comes to: saved, or the screen that shows it and says why not."""
    table = Table.read(game)
    posted = table.number if sent.number is None else sent.number
    if posted < table.number:
        # Another phone stored this hand first: both are shown, the player chooses.
        return _meet(table, sent, posted)
    # Without a kept tally, knowing whether the game is over means scoring the stored
    # hands: a save leaves that to services, which scores them once, under the lock,
    # and refuses a hand after the end (then `_shown` tells).
    if (not sent.saving or table.tally is not None) and table.over:
        return Over(game, table.number, table.over, unsaved=True)
    form = table.form(sent.data)
    if posted != table.number:
        # Hands were deleted meanwhile: show the game as it is now, keep the entry.
        hand = game.engine.HAND
        note = f"{hand.capitalize()} {posted} is not the next {hand} now. {RECHECK}"
        return _shown(table, form, sent, note=note)
    if not form.is_valid():
        return _shown(table, form, sent)
    record = form.to_record()
    shown, top = _with_top(game, form)
    if not sent.saving:
        return _previewed(table, shown, form, sent, record)
    try:
        services.add_hand(shown, record, table.number, top=top, tally=table.tally, key=sent.key)
    except AlreadyStored:
        pass  # sent twice at once: the first stored it, both answer as saved
    except Conflict:
        # Another phone stored a hand between this form's reading and its save. Read
        # again: the hand on record may have been the game's last.
        return _meet(Table(game), sent, posted)
    except SheetError as error:
        form.show_error(error, table.number)
        return _shown(table, form, sent)
    return Saved(f"{table.hand_word()} saved", sent.key)


def _meet(table: Table, sent: Sent, posted: int):
    """Hand `posted` is on record: show it beside this one, and store nothing yet.

    The form is read as the hand it was entered for, and again as the next one: it is
    offered as the next only where it is the same hand there and the rules take it.
    """
    form = table.form(sent.data)
    rival = table.game.hands.filter(number=posted).first()
    if rival is None:
        note = f"{table.game.engine.HAND.capitalize()} {posted} was deleted. {RECHECK}"
        return _shown(table, form, sent, note=note, forgive=True)
    entered = table.form(sent.data, number=posted)
    entered = entered.to_record() if entered.is_valid() else None

    def both(**choice):
        last = bool(table.over)
        return TwoPhones(
            table.game, table.number, rival, entered, sent.data, sent.key, last, **choice
        )

    if entered in (None, rival.record) or table.over:
        return both()
    if form.is_valid():
        record = form.to_record()
        shown, _ = _with_top(table.game, form)
        if record == entered and _scored(table, shown, form, record) is not None:
            return both(saveable=True)
    # Not the same hand as the next one: the rules' own words say why, where they can.
    try:
        services.score_records(table.game, [*table.records, entered])
    except SheetError as error:
        return both(refusal=sentence(form.in_words(error.message)))
    return both()


def correction(game: Game, hand: Hand, sent: Sent, user, via_coscorer=False):
    """What a stored hand's corrected form comes to: saved, or the screen that says why not.

    A hand with no pk was deleted on another phone while this one corrected it.
    """
    if hand.pk is None:
        return Deleted(game, hand.number)
    table = Table.read(game, hand)
    form = table.form(sent.data)
    # The version the form was drawn at, and the one it began from (`_merged`).
    version = hand.version if sent.version is None else sent.version
    base = version if sent.base is None else sent.base
    if not form.is_valid():
        if version == hand.version:
            return _shown(table, form, sent)
        # Sent against an older version and not readable yet: it keeps what was
        # entered, and its next save merges with what is on record.
        note = f"{_changed(table, user)} Check it against the {game.engine.HAND} below."
        return _shown(table, form, sent, note=note, base=base)
    record = form.to_record()
    shown, top = _with_top(game, form)
    clashes, met = [], {}
    if base != hand.version and version != hand.version:
        return _merged(table, shown, form, sent, record, base, user)
    if base != hand.version:
        # Refilled with the merge already: what differs from theirs is this phone's.
        was = _record_at(hand, base)
        clashes = merge.clashes(was, record, hand.record)
        rows = merge.rows(game.engine, was, hand.record, record, clashes)
        met = {"base": base, "rows": rows, "clashes": clashes}
    if sent.saving and clashes and sent.save not in ("over", "theirs"):
        return _shown(table, form, sent, **met)  # a clash needs an explicit choice
    replacing = _asks_first(hand, record, sent)
    if replacing or not sent.saving:
        return _previewed(table, shown, form, sent, record, replacing=replacing, **met)
    if sent.save == "theirs":
        record = merge.settle(record, hand.record, clashes)
        if record == hand.record:  # only their changes were left: nothing to store
            return Saved(f"{table.hand_word()} corrected", sent.key, undoable=False)
    try:
        services.edit_hand(hand, record, user, version, via_coscorer, top=top, key=sent.key)
    except AlreadyStored:
        pass  # sent twice at once: the first stored it, both answer as saved
    except Conflict:
        # Another phone changed the hand between this form's reading and its save.
        try:
            hand.refresh_from_db()
        except Hand.DoesNotExist:
            return Deleted(game, table.number)
        return _merged(Table(game, hand), shown, form, sent, record, base, user)
    except SheetError as error:
        form.show_error(error, table.number)
        return _shown(table, form, sent, **met)
    return Saved(f"{table.hand_word()} corrected", sent.key)


def _merged(table: Table, shown: Game, form, sent: Sent, mine: dict, base: int, user):
    """A correction begun from an older version, merged with what is on record now.

    The version the form started from is the base (its record kept by a Revision): a
    field only this phone changed keeps its value, a field only the other changed takes
    theirs, and one both changed is a clash. The merge is shown, nothing is stored.
    """
    hand = table.hand
    was = _record_at(hand, base)
    merged, clashes = merge.merge(was, mine, hand.record)
    rows = merge.rows(table.game.engine, was, hand.record, mine, clashes)
    met = {"note": _changed(table, user), "base": base, "rows": rows, "clashes": clashes}
    try:
        form = table.form(record=merged, game=shown)
    except (KeyError, TypeError, ValueError):
        return _shown(table, form, sent, **met)  # a merge the form cannot show: as entered
    try:
        score = services.score_records(shown, table.with_hand(merged))
    except SheetError:
        score = None
    return _shown(table, form, sent, score=score, record=merged, **met)


def _previewed(table: Table, shown: Game, form, sent: Sent, record: dict, **more):
    """The form with what the hand does; the rules' refusal, if any, beside its field."""
    score = _scored(table, shown, form, record)
    return _shown(table, form, sent, score=score, record=record, forgive=True, **more)


def _scored(table: Table, shown: Game, form, record: dict):
    try:
        return services.score_records(shown, table.with_hand(record))
    except SheetError as error:
        form.show_error(error, table.number)
        return None


def _shown(table: Table, form, sent: Sent, forgive=False, rows=(), clashes=(), **more):
    """The form on screen. Only saving asks for what is missing (`forgive_blanks`).

    A new hand after the game's end is never offered: the game may have ended meanwhile.
    """
    if forgive or not sent.saving:
        forgive_blanks(form)
    if table.over:
        return Over(table.game, table.number, table.over, unsaved=True)
    drawn = (table.game, table.number, form, table.hand, sent.key)
    if rows:
        return Merged(*drawn, **more, rows=list(rows), clashes=bool(clashes))
    return Preview(*drawn, **more)


def _asks_first(hand: Hand, record: dict, sent: Sent) -> str | None:
    """A one-tap button over a scored hand asks before it replaces it: its Save's value.

    Such a button (Contractor's "All passed: redeal") is a Save whose value is not
    the Save button's "1"; a new hand stays one tap. Replace sends it with `replace`.
    """
    # "over" and "theirs" settle a clash with another phone's correction.
    if sent.save in ("1", "over", "theirs", None) or sent.replace or record == hand.record:
        return None
    return sent.save


def _with_top(game: Game, form):
    """The game as it would be with the top-level sheet keys the hand brings (Cardigan's
    full suits), and those keys, saved together with the hand; None: it brings none."""
    top = game.engine.sheet_top(form)
    if top is None:
        return game, None
    shown = copy(game)
    shown.meta = services.meta_with_top(game, top)
    return shown, top


def _record_at(hand: Hand, version: int) -> dict:
    """The hand's record at `version`: on record now, or kept by the edit that followed."""
    if version == hand.version:
        return hand.record
    kept = hand.revisions.filter(version=version).first()
    return kept.record if kept else hand.record


def _changed(table: Table, user) -> str:
    hand = table.hand
    latest = hand.revisions.filter(version=hand.version - 1).first()
    who = ""
    if latest and latest.via_coscorer:
        who = " through the co-scorer link"
    elif latest and latest.by and latest.by != user:  # on their own other phone: no name
        who = f" by {latest.by.get_username()}"
    return f"{table.hand_word()} was changed on another phone{who} while you were correcting it."
