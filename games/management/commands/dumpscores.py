"""`manage.py dumpscores FILE`: back up the whole database (every account, player,
session, game, hand and revision) as one JSON file, for `manage.py loadscores FILE`.

The file is written beside FILE first and moved into place once complete, so a failed
or interrupted dump never leaves a half-written backup where a good one was.
"""

import json
import os
from pathlib import Path

from django.core.management.base import BaseCommand

from games.dump import dump_all, unscorable_games
from games.management.commands.score import one_line

SUMMARY = {
    "auth.user": "users",
    "games.player": "players",
    "games.session": "sessions",
    "games.game": "games",
    "games.hand": "hands",
    "games.revision": "revisions",
}


class Command(BaseCommand):
    help = "Back up the whole database to FILE (JSON); `loadscores FILE` restores it."

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE")

    def handle(self, *args, file, **options):
        data = dump_all()
        # A game the engines refuse today would make this backup refuse to load: say so now.
        for problem in unscorable_games():
            self.stderr.write(f"warning: {problem} (the backup will not load until it scores)")
        target = Path(file)
        partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
        try:
            with open(partial, "w", encoding="utf-8") as handle:
                json.dump(data, handle, indent=1, ensure_ascii=False, sort_keys=True)
                handle.write("\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(partial, target)
        except OSError as error:
            partial.unlink(missing_ok=True)
            self.stderr.write(one_line(error).replace("sheet:", "backup:", 1))
            raise SystemExit(2) from None
        counts = ", ".join(f"{len(data['tables'][t])} {word}" for t, word in SUMMARY.items())
        self.stdout.write(f"{file}: {counts}")
