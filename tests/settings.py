"""The project's settings for the tests run in pytest's own process.

That process is the only one serving its test database, so the cache may be its
memory; servers the tests start as subprocesses use the project's settings, and
their shared cache folder, as production does.
"""

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import CACHES

CACHES = {
    "default": CACHES["default"]
    | {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "tests"}
}
