"""`manage.py importsheet FILE --owner USERNAME`: store a sheet as a new game of that user."""

import os

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import transaction

from games.engine.sheet import JSONRefused, SheetError, parse_json
from games.management import refusing
from games.management.commands.score import one_line, read
from games.models import Session
from games.play.groups import first_group
from games.records.dump import nothing_imported
from games.records.imports import checked_sheet, import_sheet


class Command(refusing.Command):
    help = "Import a score sheet as a new game, in a new session of the given user."

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE")
        parser.add_argument("--owner", required=True, metavar="USERNAME")

    def handle(self, *args, file, owner, **options):
        user = get_user_model().objects.filter(username=owner).first()
        if user is None:
            raise CommandError(f"owner: there is no user {owner!r}", returncode=2)
        try:
            data = parse_json(read(file))
        except OSError as error:
            self.refuse(one_line(error))
        except JSONRefused as error:
            self.refuse(f"sheet: {error}")
        # A file name that is not UTF-8 reaches Python with lone surrogates, which no
        # database column stores.
        name = os.fsencode(file).decode(errors="replace")
        try:
            sheet = checked_sheet(data)
            # The session and the game are stored together or not at all.
            with transaction.atomic():
                session = Session.objects.create(
                    group=first_group(user), note=f"Imported from {name}"
                )
                game = import_sheet(session, data, sheet)
        except SheetError as error:
            self.refuse(error)
        self.stdout.write(f"{game.pk} {game.get_absolute_url()}")

    def refuse(self, error) -> None:
        raise CommandError(one_line(nothing_imported(error)), returncode=2) from None
