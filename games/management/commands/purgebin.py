"""`manage.py purgebin`: delete for good what every account kept aside longer than 30 days."""

from games.management import refusing
from games.play import bin


class Command(refusing.Command):
    help = "Delete for good the games, sessions and players deleted over 30 days ago."

    def handle(self, *args, **options):
        self.stdout.write(f"{bin.purge()} rows deleted for good")
