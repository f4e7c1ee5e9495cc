"""`manage.py loadscores FILE`: restore a `dumpscores` backup into an empty database.

All of it is stored, or nothing: a file that is not a backup, is damaged, refers to
rows it does not hold, or holds a game the engines refuse, is one line on stderr and
exit status 2, and the database is left as it was.
"""

import json

from django.core.management.base import BaseCommand

from games.dump import DumpError, load_all
from games.management.commands.dumpscores import SUMMARY
from games.management.commands.score import one_line, read


class Command(BaseCommand):
    help = "Restore a dumpscores backup (FILE, or - for standard input) into an empty database."

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE")

    def handle(self, *args, file, **options):
        try:
            data = json.loads(read(file))
        except OSError as error:
            self.fail(one_line(error).replace("sheet:", "backup:", 1))
        except (ValueError, RecursionError):
            self.fail("backup: is not valid JSON")
        try:
            counts = load_all(data)
        except DumpError as error:
            self.fail(f"backup: nothing was loaded: {one_line(error)}")
        loaded = ", ".join(f"{counts[table]} {word}" for table, word in SUMMARY.items())
        self.stdout.write(f"{file}: loaded {loaded}")

    def fail(self, line: str):
        self.stderr.write(line)
        raise SystemExit(2) from None
