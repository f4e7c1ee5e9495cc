"""Django's file cache, culled now and then instead of at every write.

Django's FileBasedCache lists its whole folder at every write, to keep within
MAX_ENTRIES. A club's folder holds an entry for each session, each board drawn for
each way in and each game's tally: at 1,000 entries a write cost 2.6 ms, at 3,000
5.2 ms, against 0.4 ms for the write itself (200 writes of a small entry into a
folder of that many, `time.perf_counter`, 24 Nov 2026). A hand's save writes twice
(its tally, the game's version for the polls), which put it at 1.6x the bare write in
`make bench` against issue 15's 1.25x. Here a process looks at the folder once every
CULL_EVERY of its writes; Django's cull then removes a third of the entries, so while
that third is more than CULL_EVERY (MAX_ENTRIES is 20,000) the folder holds at most
MAX_ENTRIES plus CULL_EVERY for each process. Everything else is Django's.
"""

import itertools

from django.core.cache.backends import filebased

CULL_EVERY = 64

# Counted across the process's threads: each thread has its own cache object.
_writes = itertools.count()


class FileBasedCache(filebased.FileBasedCache):
    def _cull(self):
        if next(_writes) % CULL_EVERY == 0:
            super()._cull()
