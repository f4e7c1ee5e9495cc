"""The app as scorekeeper.wsgi serves it, with every save held open once its first row is
written: for tests/reliability/test_crash.py, which kills the worker while it waits.

gunicorn serves `tests.reliability.paused_wsgi` in place of `scorekeeper.wsgi`; a new hand
or a revision waits after its INSERT, inside the save's transaction (post_save runs before
the commit), for as long as the test holds the lock on the file SCOREKEEPER_SAVE_GATE
names: nothing of the save is committed until the test lets it go, or kills the worker.
"""

import fcntl
import os

from django.db.models.signals import post_save

from scorekeeper.wsgi import application  # noqa: F401 (what gunicorn serves)

from games.models import Hand, Revision  # isort: skip (once the app is set up, above)

GATE = os.environ["SCOREKEEPER_SAVE_GATE"]


def pause(sender, created, **kwargs):
    if created:  # a hand's own later UPDATE (an edit) is past the point the test kills at
        with open(GATE) as gate:
            fcntl.flock(gate, fcntl.LOCK_SH)  # waits while the test holds it


post_save.connect(pause, sender=Hand, weak=False)
post_save.connect(pause, sender=Revision, weak=False)
