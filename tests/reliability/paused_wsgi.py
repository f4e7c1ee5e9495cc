"""The app as scorekeeper.wsgi serves it, with every save held open once its first row is
written: for tests/reliability/test_crash.py, which kills the worker while it waits.

gunicorn serves `tests.reliability.paused_wsgi` in place of `scorekeeper.wsgi`; a new hand
or a revision waits SCOREKEEPER_SAVE_PAUSE seconds after its INSERT, inside the save's
transaction (post_save runs before the commit), so nothing of the save is committed.
"""

import os
import time

from django.db.models.signals import post_save

from scorekeeper.wsgi import application  # noqa: F401 (what gunicorn serves)

from games.models import Hand, Revision  # isort: skip (once the app is set up, above)

PAUSE = float(os.environ["SCOREKEEPER_SAVE_PAUSE"])


def pause(sender, created, **kwargs):
    if created:  # a hand's own later UPDATE (an edit) is past the point the test kills at
        time.sleep(PAUSE)


post_save.connect(pause, sender=Hand, weak=False)
post_save.connect(pause, sender=Revision, weak=False)
