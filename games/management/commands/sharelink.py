"""`manage.py sharelink GAME_ID`: print a game's share path, turning sharing on if it was off."""

from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import timezone

from games.management import refusing
from games.models import Game
from games.play.access import new_token


class Command(refusing.Command):
    help = "Print the game's read-only share path (turning sharing on if it was off)."

    def add_arguments(self, parser):
        parser.add_argument("game_id", type=int)

    def handle(self, *args, game_id, **options):
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"game: there is no game {game_id}", returncode=2)
        if not game.share_token:
            # Made by no member: the group's list of share links says its maker is not known.
            game.share_token, game.share_since = new_token(), timezone.now()
            game.save(update_fields=["share_token", "share_since"])
        self.stdout.write(reverse("shared:board", args=[game.share_token]))
