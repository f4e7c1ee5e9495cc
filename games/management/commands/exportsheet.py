"""`manage.py exportsheet GAME_ID`: print a stored game as its score sheet."""

import json

from django.core.management.base import CommandError

from games.management import refusing
from games.models import Game
from games.play.services import sheet_of


class Command(refusing.Command):
    help = "Print a game as a score sheet (JSON)."

    def add_arguments(self, parser):
        parser.add_argument("game_id", type=int)

    def handle(self, *args, game_id, **options):
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"game: there is no game {game_id}", returncode=2)
        self.stdout.write(json.dumps(sheet_of(game), indent=1, ensure_ascii=False))
