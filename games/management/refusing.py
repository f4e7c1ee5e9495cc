"""The base of the project's commands: a refusal is one bare line on stderr, exit status 2."""

import sys

from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    """Failures are raised as Django's CommandError, and leave the process as it would.

    Only the line differs: Django writes "CommandError: " before it, while the sheet's
    contract (docs/SHEET.md) is the bare line that names the hand and the field, which a
    table host's script may read as it is. Called from code (`call_command`) the
    CommandError is raised as usual.
    """

    def execute(self, *args, **options):
        try:
            return super().execute(*args, **options)
        except CommandError as refusal:
            if not self._called_from_command_line or options.get("traceback"):
                raise
            self.stderr.write(str(refusal))
            sys.exit(refusal.returncode)
