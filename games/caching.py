"""The cache that every worker of a deployment shares, and the rules that keep it honest.

Scores are computed, never stored; the cache only spares the work of computing and
drawing them again when nothing has changed. What it holds is found by keys that
change when the database does, so a stale entry is never read, only left to expire:

- Each game and each user has a *generation*: a random word, replaced after every
  committed change (a hand added, edited or deleted, a link turned on or off; a
  password changed, a login). What is drawn from a game (its board's HTML, the ETag a
  poll compares) is kept under a key holding the generation, so a change puts it out of
  reach at once, on every worker.
- A reader takes the generation *before* it reads the database and files what it drew
  under that generation. A writer replaces the generation after its commit, and once
  before it too, under the game's row lock: so what is filed under the current
  generation was read after the last commit. (A worker killed between its commit and
  the second replacement leaves entries filed during its transaction reachable until
  the generation expires: GENERATION_SECONDS bounds that.)
- Every key carries the database's own id (the Install row, read once per process): a
  database made afresh, a restored backup or the test database, never meets the
  entries another one left in the cache.

The cache must be shared by every process that serves the database: the default, a
folder on this machine (settings.CACHE_LOCATION), is, for any number of workers and
servers on one machine; servers on several machines name one Redis (settings.CACHE_URL).
Only the standard cache calls are used here (get, set, add), so either one serves.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import secrets
import threading
from pathlib import Path

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache, caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from django.db import transaction

GENERATION_SECONDS = 3600
ENTRY_SECONDS = 3600

_install: str | None = None


def make_key(key: str, key_prefix: str, version: int) -> str:
    """settings.CACHES' KEY_FUNCTION: every key in this database's own namespace."""
    return f"{install()}:{key_prefix}:{version}:{key}"


def install() -> str:
    global _install
    if _install is None:
        from games.models import Install

        _install = Install.current()
    return _install


def forget_install() -> None:
    """After the database was replaced under a running process (the tests do it)."""
    global _install
    _install = None


@functools.cache
def release() -> str:
    """What the pages were drawn with: the templates and the static files' names.

    Part of a drawn page's key, so that after a deployment no worker serves a page
    drawn by the code before it (or naming a stylesheet that is no longer there).
    """
    digest = hashlib.sha256()
    folders = [Path(folder) for folder in settings.TEMPLATES[0]["DIRS"]]
    for path in sorted(p for folder in folders for p in folder.rglob("*.html")):
        digest.update(path.read_bytes())
    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if manifest.exists():
        digest.update(manifest.read_bytes())
    return digest.hexdigest()[:12]


def _generation_key(kind: str, pk) -> str:
    return f"gen:{kind}:{pk}"


def generation(kind: str, pk) -> str:
    """The current generation of a game or a user; a new one if the cache has none."""
    key = _generation_key(kind, pk)
    word = cache.get(key)
    if word is None:
        word = secrets.token_hex(8)
        if not cache.add(key, word, GENERATION_SECONDS):
            word = cache.get(key) or word
    return word


def touch(kind: str, pk) -> None:
    """A game or user changed: replace its generation now and again after the commit."""
    key = _generation_key(kind, pk)

    def replace():
        cache.set(key, secrets.token_hex(8), GENERATION_SECONDS)

    replace()
    transaction.on_commit(replace)


def _near():
    """This process's own memory in front of a remote cache (settings.CACHES["near"]), or None.

    What get() and put() file is found by a key that names the generation it was read
    under (or, for a game's owner, something that never changes), so the value under a
    key never changes: any process may keep its own copy. Only the generations and the
    sessions, which do change, must be asked of the shared cache every time. With the
    folder, a read is a local file already and there is no near layer.
    """
    return caches["near"] if "near" in settings.CACHES else None


def get(key: str):
    """An entry filed by put(): from this process's memory if it has it, else the cache."""
    near = _near()
    if near is not None:
        value = near.get(key)
        if value is not None:
            return value
    value = cache.get(key)
    if near is not None and value is not None:
        near.set(key, value, ENTRY_SECONDS)
    return value


def put(key: str, value) -> None:
    """File what will never change under `key` (see the module's docstring)."""
    cache.set(key, value, ENTRY_SECONDS)
    near = _near()
    if near is not None:
        near.set(key, value, ENTRY_SECONDS)


class CachedUserBackend(ModelBackend):
    """The login backend, with the user read from the cache on every later request.

    Django reads the user from the database on each request; here it is filed under the
    user's generation, which any save of the user (a login, a new password) replaces, so
    a changed password still logs out the user's other sessions at once.
    """

    def get_user(self, user_id):
        key = f"user:{user_id}:{generation('user', user_id)}"
        user = get(key)
        if user is None:
            user = super().get_user(user_id)
            if user is not None:
                put(key, user)
        return user if user is not None and self.user_can_authenticate(user) else None


class FolderCache(FileBasedCache):
    """Django's file cache, its entries kept uncompressed.

    Its zlib is worth its cost on a slow disk, not on this cache's small entries: a
    board's page took longer to decompress than all the rest of answering it
    (docs/PERFORMANCE.md). The file is Django's layout otherwise: the expiry, then the
    pickled value.
    """

    def validate_key(self, key):
        # Django walks every character of every key to warn of what memcached would
        # refuse; the keys are ours, and a file's name is a digest of its key anyway.
        pass

    # Django lists the whole folder on every write to keep within MAX_ENTRIES: with a
    # club's few hundred entries that cost 2.5 ms a write, eight times the write itself.
    # Counting every CULL_EVERY writes of a process keeps the folder within MAX_ENTRIES
    # plus CULL_EVERY for each process.
    CULL_EVERY = 64
    _writes = 0

    def _write_content(self, file, timeout, value):
        file.write(pickle.dumps(self.get_backend_timeout(timeout), self.pickle_protocol))
        file.write(pickle.dumps(value, self.pickle_protocol))

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        name = self._key_to_file(key, version)
        if FolderCache._writes % self.CULL_EVERY == 0:
            self._createdir()
            self._cull()
        FolderCache._writes += 1
        content = pickle.dumps(self.get_backend_timeout(timeout), self.pickle_protocol)
        content += pickle.dumps(value, self.pickle_protocol)
        # Written aside, then renamed over the entry: a reader sees the old or the new
        # whole. A writer writes one entry at a time, so its process and thread name it;
        # the suffix keeps it out of the entries Django counts and culls.
        aside = f"{name}.{os.getpid()}.{threading.get_ident()}.tmp"
        try:
            self._put(aside, name, content)
        except FileNotFoundError:  # the folder was removed (`make clean`, a test)
            self._createdir()
            self._put(aside, name, content)

    @staticmethod
    def _put(aside: str, name: str, content: bytes) -> None:
        try:
            with open(aside, "wb") as file:
                file.write(content)
            os.replace(aside, name)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.remove(aside)
            raise

    def get(self, key, default=None, version=None):
        try:
            with open(self._key_to_file(key, version), "rb") as file:
                if not self._is_expired(file):
                    return pickle.load(file)
        except FileNotFoundError:
            pass
        return default

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        value = self.get(key, self, version)
        if value is self:
            return False
        self.set(key, value, timeout, version)
        return True


class _ClientPerPool(RedisCacheClient):
    """Django's Redis client maker, keeping one client per connection pool.

    Django builds a new `redis.Redis` for every call; here that cost 54 µs of CPU, on
    a read that costs 70 µs. A client holds no connection of its own (its pool does)
    and is safe to share between threads.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    """The cache of servers on several machines (settings.CACHE_URL): Django's own."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _ClientPerPool
