"""`manage.py score FILE [FILE ...]`: score sheets as docs/SHEET.md describes them."""

import json
import sys

from django.core.management.base import CommandError

from games.engine.registry import load_sheet, score_sheet
from games.engine.sheet import SheetError
from games.management import refusing


class Command(refusing.Command):
    help = "Score one or more score sheets (JSON files, or - for standard input)."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")

    def handle(self, *args, files, **options):
        # Score everything before printing anything: a refused sheet leaves stdout empty.
        results = []
        for path in files:
            try:
                results.append(score_sheet(load_sheet(read(path))).as_json())
            except (SheetError, OSError) as error:
                prefix = f"{path}: " if len(files) > 1 else ""
                raise CommandError(prefix + one_line(error), returncode=2) from None
        if len(results) == 1:
            self.stdout.write(json.dumps(results[0], indent=2, ensure_ascii=False))
        else:
            for result in results:
                self.stdout.write(json.dumps(result, ensure_ascii=False, separators=(",", ":")))


def read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as handle:
        return handle.read()


def one_line(error: Exception) -> str:
    if isinstance(error, OSError):
        return f"sheet: cannot be read ({error.strerror or error})"
    return " ".join(str(error).split())
