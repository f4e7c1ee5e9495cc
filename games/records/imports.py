"""Bringing a sheet in as a new game: everything checked before anything is written.

A sheet comes from a file (the account page, a session's import, `importsheet`): the
engine reads and scores it, the models' own validation checks the game and its new
players, and only then is it written, in one transaction (games/records/dump.py does the same
for a whole account file).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import transaction
from django.db.models import TextField

from games.engine.registry import read_sheet, score_sheet
from games.engine.sheet import Sheet, SheetError, settings_as_rules
from games.models import Game, Hand, Player, Seat
from games.play import changes

SHEET_KEYS = frozenset({"format", "game", "players", "rules", "hands"})


def checked_sheet(data) -> Sheet:
    """A sheet read and scored by its engine; a bad sheet raises SheetError."""
    sheet = read_sheet(data)
    score_sheet(sheet)
    return sheet


def import_sheet(session, data, sheet: Sheet | None = None) -> Game:
    """Store a sheet as a new game of `session`; a bad sheet raises SheetError.

    `sheet`: `data` already checked (games/records/dump.py checks every sheet of a file first).
    Everything is checked, the game and its new players by the models' own validation
    too, before anything is written, and then written in one transaction.
    """
    if sheet is None:
        sheet = checked_sheet(data)
    group = session.group
    # read_sheet has refused unknown keys, so what is left is the game's own (or meta).
    top = {key: value for key, value in data.items() if key not in SHEET_KEYS}
    game = Game(
        session=session,
        kind=sheet.game,
        players=list(sheet.players),
        rules=settings_as_rules(sheet.settings),
        meta={"sheet_top": top} if top else {},
    )
    validated(game, "game", exclude=["session"])
    with transaction.atomic():
        seated = []
        for name in sheet.players:
            player = Player.objects.filter(group=group, name__iexact=name).first()
            seated.append(player or validated(Player(group=group, name=name), "players"))
        game.save()
        for position, player in enumerate(seated):
            if player.pk is None:
                player.save()
            Seat.objects.create(game=game, player=player, position=position)
        Hand.objects.bulk_create(
            Hand(game=game, number=number, record=record)
            for number, record in enumerate(data["hands"], start=1)
        )
        changes.changed(game)
    return game


def validated(instance, where: str, exclude=()):
    """`instance` if its model's own validation passes, else a SheetError naming the field.

    Uniqueness is the caller's business (the rows of a new game, a new account), so it
    costs no query. A TextField's max_length binds only its form: a file is held to it too.
    """
    try:
        instance.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
        for field in instance._meta.fields:
            if isinstance(field, TextField) and field.max_length and field.name not in exclude:
                try:
                    MaxLengthValidator(field.max_length)(getattr(instance, field.attname))
                except ValidationError as error:
                    raise ValidationError({field.name: error}) from None
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        message = messages[0][:1].lower() + messages[0][1:].removesuffix(".")
        raise SheetError(f"{where}, {field}", message) from None
    return instance
