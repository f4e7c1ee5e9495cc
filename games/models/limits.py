"""How often something was asked this hour, for a limit (the password reset's,
games/views/recovery.py), counted in the database.

Stock first was Django's cache, shared by every worker: `cache.add(key, 0)`, then
`cache.incr(key)`. But `incr` is atomic on Redis alone (INCR); on the default install's file
cache it is Django's get-then-set (BaseCache.incr), and two workers at once lose asks: two
processes making 600 asks counted 430, 441 and 451 of them in three runs
(tests/reliability/test_reset_asks.py on that code, 28 Nov 2026). Here each ask is
Django's `F()` update in a transaction, which holds the row's lock on PostgreSQL and the
file's write lock on SQLite (IMMEDIATE, scorekeeper/settings.py) until it has read its
count back: none is lost, and no two asks are given the same count. The database is what
every worker and every server of an install shares, CACHE_URL or not, so one counter
serves both installs.

No count piles up: each ask deletes those of the hours before the last (the last one is
kept so that a worker a moment behind the hour's turn still finds its own).
"""

from collections.abc import Iterable

from django.db import models, transaction
from django.db.models import F


class Asked(models.Model):
    """The asks counted under `key` (what is limited: a client, an address) in one hour."""

    key = models.CharField(max_length=100)
    hour = models.PositiveIntegerField()  # hours since the epoch
    asks = models.PositiveIntegerField(default=0)

    class Meta:
        # (hour, key): the index finds one key's count and the hours gone by alike.
        constraints = [
            models.UniqueConstraint(fields=["hour", "key"], name="asked_once_a_key_an_hour")
        ]

    def __str__(self):
        return f"{self.key}: {self.asks} in hour {self.hour}"

    @classmethod
    def one_more(cls, keys: Iterable[str], hour: int) -> list[int]:
        """Count one more ask under each key in `hour`; the counts, this ask included."""
        counts = []
        with transaction.atomic():
            cls.objects.filter(hour__lt=hour - 1).delete()
            for key in keys:
                cls.objects.get_or_create(key=key, hour=hour)
                cls.objects.filter(key=key, hour=hour).update(asks=F("asks") + 1)
                counts.append(cls.objects.get(key=key, hour=hour).asks)
        return counts
