"""What the screens do to a game: score it, and add, edit or delete its hands.

Every change is checked by scoring the whole sheet it would produce, inside one
transaction with the game's row locked, so two phones can never interleave and a
sheet that the engine would refuse is never stored. A change sent with a form's
one-time key stores the key with it: the same form sent again changes nothing more
(games/play/once.py).
"""

from __future__ import annotations

from copy import copy

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engine.registry import GAMES, read_sheet, score_sheet
from games.engine.scores import GameScore
from games.engine.sheet import FORMAT, SheetError, settings_as_rules
from games.models import Game, Hand, Revision, Submission
from games.play import changes, tallies
from games.play.once import AlreadyStored, claim, submitted


class Conflict(Exception):
    """Someone else changed the game first: the message says what, for the screen."""


def _hand(game: Game) -> str:
    """What the game calls a hand, for a sentence's start: "Hand", or Cardigan's "Deal"."""
    return game.engine.HAND.capitalize()


def default_rules(kind: str) -> dict:
    return settings_as_rules(GAMES[kind].Settings())


def sheet_of(game: Game, records: list[dict] | None = None) -> dict:
    """The game as a score sheet; `records` replaces the stored hands (for a preview)."""
    if records is None:
        records = list(game.hands.values_list("record", flat=True))
    sheet = {
        "format": FORMAT,
        "game": game.kind,
        "players": list(game.players),
        "rules": game.rules,
        "hands": records,
    }
    # Top-level keys the sheet carries besides its hands (a note, Cardigan's full suits).
    sheet.update(game.meta.get("sheet_top", {}))
    return sheet


def score_records(game: Game, records: list[dict]) -> GameScore:
    """Score the game as it would be with these hands; raises SheetError if refused."""
    return score_sheet(read_sheet(sheet_of(game, records)))


def meta_with_top(game: Game, top: dict) -> dict:
    """The game's meta with `top` merged into the sheet's top-level keys; None removes a key."""
    stored = {**game.meta.get("sheet_top", {}), **top}
    stored = {key: value for key, value in stored.items() if value is not None}
    meta = {key: value for key, value in game.meta.items() if key != "sheet_top"}
    return meta | {"sheet_top": stored} if stored else meta


def _keep_top(game: Game, top: dict | None) -> dict | None:
    """Store the top-level keys a hand brings (Cardigan's full suits) in the hand's transaction.

    Returns those it changed as they were before (None for a key not there), for the
    revision: putting the hand back, or an earlier version of it, brings them back too.
    """
    if top is None:
        return None
    stored = game.meta.get("sheet_top", {})
    before = {key: stored.get(key) for key, value in top.items() if stored.get(key) != value}
    meta = meta_with_top(game, top)
    if meta != game.meta:
        game.meta = meta
        Game.objects.filter(pk=game.pk).update(meta=meta)
    return before or None


def _check(game: Game, records: list[dict]):
    """Score the game as it would be with these hands, or raise SheetError if refused.

    Returns the score, and the engine's tally after the hands where it keeps one
    (games/play/tallies.py), else None.
    """
    sheet = read_sheet(sheet_of(game, records))
    if tallies.kind_of(game) is None:
        return score_sheet(sheet), None
    tally = tallies.start(sheet)
    return tally.result(tally.play(sheet.hands)), tally


def score_game(game: Game) -> GameScore:
    return score_records(game, list(game.hands.values_list("record", flat=True)))


def lock(game: Game) -> Game:
    """The game's row, locked for this transaction.

    Through the base manager: a change that passed the access check as the owner deleted
    the game on another phone is stored with it (and comes back with it), never a 500.
    """
    return Game._base_manager.select_for_update().get(pk=game.pk)


def _locked(game: Game) -> tuple[Game, list[Hand]]:
    locked = lock(game)
    return locked, list(locked.hands.all())


def change_game(game: Game, change) -> bool:
    """Change the game's own rules or meta under its lock: `change(locked)` alters the
    locked copy and says whether it did. A change of the game, so every board redraws."""
    with transaction.atomic():
        locked = lock(game)
        if not change(locked):
            return False
        locked.save(update_fields=["rules", "meta"])
        changes.bump(locked)
        changes.changed(locked)
    game.rules, game.meta, game.version = locked.rules, locked.meta, locked.version
    return True


def add_hand(
    game: Game, record: dict, expected_number: int, top=None, tally=None, key=None
) -> Hand:
    """Store `record` as hand `expected_number`, the next one, or raise Conflict.

    `key`: the form's one-time key; sent again, it raises AlreadyStored and stores nothing.

    `top`: top-level sheet keys saved with the hand (see `meta_with_top`), or None.
    `tally`: the game's tally at `game.version` (`tallies.kept`), if the caller found
    one: the hand is then played on it alone, and stored if the game is still at that
    version (games/play/tallies.py); otherwise the whole sheet is checked under the lock.
    """
    if top is None and tally is not None and tally.count + 1 == expected_number:
        try:
            tallies.play_next(game, tally, record, expected_number)
        except SheetError:
            pass  # the careful path names the fault, against the game as it stands now
        else:
            hand = _add_unless_changed(game, record, expected_number, tally, key)
            if hand is not None:
                return hand
    return _add_checked(game, record, expected_number, top, key)


def _add_unless_changed(game: Game, record: dict, number: int, tally, key) -> Hand | None:
    """Store the hand if the game is still at the version its tally was kept for, else None.

    The version is bumped first, in the same transaction: that update takes the game's
    row lock, as the careful path's SELECT ... FOR UPDATE does, and finds no row if any
    change was committed since the game was read.
    """
    moved = copy(game)  # `game` moves on with it only once the hand is stored
    try:
        with transaction.atomic():
            if not changes.bump(moved):
                return None
            claim(game, key, number, Submission.ADDED)
            hand = Hand.objects.create(game=game, number=number, record=record)
            changes.changed(moved, tally.result([]))
            tallies.keep_after_commit(moved, moved.version, tally)
    except IntegrityError:
        return None  # a hand stored without its version bumped (never by this app)
    game.version = moved.version
    return hand


def _add_checked(game: Game, record: dict, expected_number: int, top, key) -> Hand:
    """The careful path: every hand read and scored again, under the game's lock."""
    with transaction.atomic():
        locked = lock(game)
        claim(locked, key, expected_number, Submission.ADDED)
        # The records alone: a new hand needs no Hand objects, and 500 of them cost more
        # than scoring the sheet they hold.
        records = list(locked.hands.values_list("record", flat=True))
        if len(records) + 1 != expected_number:
            raise Conflict(
                f"{_hand(game)} {expected_number} was already entered on another phone. "
                "Here is the game as it stands now: check your hand and save it again."
            )
        _keep_top(locked, top)
        score, tally = _check(locked, [*records, record])
        try:
            with transaction.atomic():
                hand = Hand.objects.create(game=locked, number=expected_number, record=record)
        except IntegrityError:
            raise Conflict(
                f"{_hand(game)} {expected_number} was just saved on another phone."
            ) from None
        changes.bump(locked)
        changes.changed(locked, score)
        tallies.keep_after_commit(locked, locked.version, tally)
    game.version = locked.version
    return hand


def edit_hand(
    hand: Hand,
    record: dict,
    user,
    expected_version: int,
    via_coscorer: bool = False,
    top=None,
    key=None,
) -> Hand:
    with transaction.atomic():
        game, hands = _locked(hand.game)
        claim(game, key, hand.number, Submission.EDITED)
        current = next((h for h in hands if h.pk == hand.pk), None)
        if current is None:
            raise Conflict(f"This {game.engine.HAND} was deleted on another phone.")
        if current.version != expected_version:
            raise Conflict(
                f"{_hand(game)} {current.number} was changed on another phone while you were "
                "editing it. Here it is as it stands now."
            )
        records = [record if h.pk == current.pk else h.record for h in hands]
        before = _keep_top(game, top)
        score, tally = _check(game, records)
        Revision.objects.create(
            top=before,
            game=game,
            hand=current,
            number=current.number,
            record=current.record,
            version=current.version,
            action=Revision.EDITED,
            by=user,
            via_coscorer=via_coscorer,
        )
        current.record = record
        current.version += 1
        current.updated = timezone.now()
        current.save(update_fields=["record", "version", "updated"])
        changes.bump(game)
        changes.changed(game, score)
        tallies.keep_after_commit(game, game.version, tally)
    return current


def delete_hand(
    hand: Hand, user, expected_version: int, via_coscorer: bool = False, key=None
) -> None:
    """Delete a hand, keeping it as a revision; the hands after it move up one."""
    with transaction.atomic():
        game, hands = _locked(hand.game)
        claim(game, key, hand.number, Submission.DELETED)
        current = next((h for h in hands if h.pk == hand.pk), None)
        if current is None:
            raise Conflict(f"This {game.engine.HAND} was already deleted on another phone.")
        if current.version != expected_version:
            raise Conflict(
                f"{_hand(game)} {current.number} was changed on another phone; check it first."
            )
        remaining = [h.record for h in hands if h.pk != current.pk]
        before = None
        try:
            score, tally = _check(game, remaining)
        except SheetError as error:
            # A top-level key only a longer game takes (Cardigan's full suits) goes with the hand.
            if error.hand is not None or error.field not in game.meta.get("sheet_top", {}):
                raise
            before = _keep_top(game, {error.field: None})
            score, tally = _check(game, remaining)
        Revision.objects.create(
            top=before,
            game=game,
            hand=None,
            number=current.number,
            record=current.record,
            version=current.version,
            action=Revision.DELETED,
            by=user,
            via_coscorer=via_coscorer,
        )
        current.delete()
        # Moving them up one by one, lowest first, keeps (game, number) unique throughout.
        later = Hand.objects.filter(game=game, number__gt=current.number)
        for moved in later.order_by("number"):
            moved.number -= 1
            moved.save(update_fields=["number"])
        changes.bump(game)
        changes.changed(game, score)
        tallies.keep_after_commit(game, game.version, tally)


def top_at(revision: Revision) -> dict | None:
    """The top-level keys its hand's changes since `revision` altered, as they were then.

    Restoring that version restores them with it (Cardigan's full suits, with deal 4).
    """
    top = {}
    later = revision.hand.revisions.filter(version__gte=revision.version)
    for change in later.order_by("-version", "-pk"):
        top.update(change.top or {})  # the oldest change's "before" wins
    return top or None


def put_back(revision: Revision, user, via_coscorer: bool = False, key=None) -> Hand:
    """Put a deleted hand back at its number, the hands after it moving down one.

    At the end if the game is shorter now. Scored whole before anything moves, so a hand
    the rules no longer allow there (after the game's end) raises SheetError.
    """
    with transaction.atomic():
        game, hands = _locked(revision.game)
        number = min(revision.number, len(hands) + 1)
        claim(game, key, number, Submission.ADDED)
        revision = Revision.objects.get(pk=revision.pk)  # as it is now, under the lock
        if revision.action != Revision.DELETED or revision.put_back:
            raise Conflict(f"{_hand(game)} {revision.number} was already put back.")
        records = [h.record for h in hands]
        records.insert(number - 1, revision.record)
        _keep_top(game, revision.top)
        score, tally = _check(game, records)
        # Moving them down one by one, highest first, keeps (game, number) unique throughout.
        for moved in reversed(hands[number - 1 :]):
            moved.number += 1
            moved.save(update_fields=["number"])
        hand = Hand.objects.create(
            game=game, number=number, record=revision.record, version=revision.version + 1
        )
        # Linked to the hand again, it shows in the hand's history as the deletion it was.
        revision.put_back, revision.hand = True, hand
        revision.save(update_fields=["put_back", "hand"])
        changes.bump(game)
        changes.changed(game, score)
        tallies.keep_after_commit(game, game.version, tally)
    return hand


def undo(game: Game, change: str | None, user, via_coscorer: bool = False, key=None):
    """Undo the change stored with the one-time key `change`, if nothing changed since.

    A new hand (or one put back) is deleted, a correction (or a restored version) goes
    back to the version before it, a deleted hand is put back; each is kept as a
    revision, and is itself a change that can be undone. Returns the hand's number and
    what was done to it ("added", "edited", "deleted"), for the board's line.
    """
    with transaction.atomic():
        locked = lock(game)
        done = submitted(locked, key)
        if done is not None:  # this Undo, sent twice at once
            raise AlreadyStored(done)
        made = submitted(locked, change)
        # Anything stored since (here or on another phone) bumped the version: undoing
        # under it could take back someone else's work, so it is refused instead.
        if made is not None and made.version == locked.version:
            hand = locked.hands.filter(number=made.number).first()
            deleted = locked.revisions.filter(action=Revision.DELETED, put_back=False)
            if made.action == Submission.ADDED and hand is not None:
                delete_hand(hand, user, hand.version, via_coscorer, key=key)
                return made.number, Submission.DELETED
            before = hand and hand.revisions.filter(action=Revision.EDITED).first()
            if made.action == Submission.EDITED and before is not None:
                edit_hand(hand, before.record, user, hand.version, via_coscorer, before.top, key)
                return made.number, Submission.EDITED
            gone = deleted.order_by("-pk").first()
            if made.action == Submission.DELETED and gone is not None:
                return put_back(gone, user, via_coscorer, key=key).number, Submission.ADDED
        what = f"{_hand(game)} {made.number}" if made is not None else "This change"
        raise Conflict(
            f"{what} was not undone: the game has changed since (another change was saved "
            "after it, maybe on another phone). Correct it from the scores if it still needs it."
        )
