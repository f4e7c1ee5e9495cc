"""What the screens do to a game: score it, and add, edit or delete its hands.

Every change is checked by scoring the whole sheet it would produce, inside one
transaction with the game's row locked, so two phones can never interleave and a
sheet that the engine would refuse is never stored.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import Game, Hand, Revision
from games.registry import GAMES, score_sheet
from games.scores import GameScore
from games.sheet import FORMAT, SheetError, read_sheet, settings_as_rules

SHEET_KEYS = frozenset({"format", "game", "players", "rules", "hands"})


class Conflict(Exception):
    """Someone else changed the game first: the message says what, for the screen."""


def default_rules(kind: str) -> dict:
    return settings_as_rules(GAMES[kind].Settings())


def sheet_of(game: Game, records: list[dict] | None = None) -> dict:
    """The game as a score sheet; `records` replaces the stored hands (for a preview)."""
    if records is None:
        records = [hand.record for hand in game.hands.all()]
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


def score_game(game: Game) -> GameScore:
    return score_records(game, [hand.record for hand in game.hands.all()])


def _locked(game: Game) -> tuple[Game, list[Hand]]:
    locked = Game.objects.select_for_update().get(pk=game.pk)
    return locked, list(locked.hands.all())


def _bump(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)
    game.version += 1


def add_hand(game: Game, record: dict, user, expected_number: int) -> Hand:
    """Store `record` as hand `expected_number`, the next one, or raise Conflict."""
    with transaction.atomic():
        locked, hands = _locked(game)
        if len(hands) + 1 != expected_number:
            raise Conflict(
                f"Hand {expected_number} was already entered on another phone. "
                "Here is the game as it stands now: check your hand and save it again."
            )
        score_records(locked, [hand.record for hand in hands] + [record])
        try:
            with transaction.atomic():
                hand = Hand.objects.create(game=locked, number=expected_number, record=record)
        except IntegrityError:
            raise Conflict(f"Hand {expected_number} was just saved on another phone.") from None
        _bump(locked)
    game.version = locked.version
    return hand


def edit_hand(
    hand: Hand, record: dict, user, expected_version: int, via_coscorer: bool = False
) -> Hand:
    with transaction.atomic():
        game, hands = _locked(hand.game)
        current = next((h for h in hands if h.pk == hand.pk), None)
        if current is None:
            raise Conflict("This hand was deleted on another phone.")
        if current.version != expected_version:
            raise Conflict(
                f"Hand {current.number} was changed on another phone while you were editing it. "
                "Here it is as it stands now."
            )
        records = [record if h.pk == current.pk else h.record for h in hands]
        score_records(game, records)
        Revision.objects.create(
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
        _bump(game)
    return current


def delete_hand(hand: Hand, user, expected_version: int, via_coscorer: bool = False) -> None:
    """Delete a hand, keeping it as a revision; the hands after it move up one."""
    with transaction.atomic():
        game, hands = _locked(hand.game)
        current = next((h for h in hands if h.pk == hand.pk), None)
        if current is None:
            raise Conflict("This hand was already deleted on another phone.")
        if current.version != expected_version:
            raise Conflict(f"Hand {current.number} was changed on another phone; check it first.")
        score_records(game, [h.record for h in hands if h.pk != current.pk])
        Revision.objects.create(
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
        _bump(game)


def import_sheet(session, data) -> Game:
    """Store a checked sheet as a new game of `session`; a bad sheet raises SheetError."""
    from games.models import Player, Seat

    sheet = read_sheet(data)
    score_sheet(sheet)
    owner = session.owner
    # read_sheet has refused unknown keys, so what is left is the game's own (or meta).
    top = {key: value for key, value in data.items() if key not in SHEET_KEYS}
    with transaction.atomic():
        game = Game.objects.create(
            session=session,
            kind=sheet.game,
            players=list(sheet.players),
            rules=settings_as_rules(sheet.settings),
            meta={"sheet_top": top} if top else {},
        )
        for position, name in enumerate(sheet.players):
            player = Player.objects.filter(owner=owner, name__iexact=name).first()
            if player is None:
                player = Player.objects.create(owner=owner, name=name)
            Seat.objects.create(game=game, player=player, position=position)
        Hand.objects.bulk_create(
            Hand(game=game, number=number, record=record)
            for number, record in enumerate(data["hands"], start=1)
        )
    return game


__all__ = [
    "Conflict",
    "SheetError",
    "add_hand",
    "default_rules",
    "delete_hand",
    "edit_hand",
    "import_sheet",
    "score_game",
    "score_records",
    "sheet_of",
]
