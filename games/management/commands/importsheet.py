"""`manage.py importsheet FILE --owner USERNAME`: store a sheet as a new game of that user."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from games.management.commands.score import one_line, read
from games.models import Session
from games.services import import_sheet
from games.sheet import SheetError


class Command(BaseCommand):
    help = "Import a score sheet as a new game, in a new session of the given user."

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE")
        parser.add_argument("--owner", required=True, metavar="USERNAME")

    def handle(self, *args, file, owner, **options):
        user = get_user_model().objects.filter(username=owner).first()
        if user is None:
            self.stderr.write(f"owner: there is no user {owner!r}")
            raise SystemExit(2)
        try:
            data = json.loads(read(file))
        except OSError as error:
            self.stderr.write(one_line(error))
            raise SystemExit(2) from None
        except (ValueError, RecursionError):
            self.stderr.write("sheet: is not valid JSON")
            raise SystemExit(2) from None
        try:
            # The session and the game are stored together or not at all.
            with transaction.atomic():
                session = Session.objects.create(owner=user, note=f"Imported from {file}")
                game = import_sheet(session, data)
        except SheetError as error:
            self.stderr.write(one_line(error))
            raise SystemExit(2) from None
        self.stdout.write(f"{game.pk} {game.get_absolute_url()}")
