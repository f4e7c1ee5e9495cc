"""The cache folder every worker shares, and the generations that keep it honest."""

import shutil
import time

import pytest
from django.core.cache.backends.base import DEFAULT_TIMEOUT

from games import caching
from games.caching import FolderCache


@pytest.fixture
def folder(tmp_path):
    return FolderCache(str(tmp_path), {"TIMEOUT": 60})


def test_the_folder_cache_gives_back_what_it_was_given(folder):
    page = "<p>Ben dealt</p>" * 2000
    folder.set("page", page)
    assert folder.get("page") == page
    assert folder.get("missing", "none") == "none"


def test_the_folder_cache_keeps_entries_uncompressed(folder, tmp_path):
    folder.set("page", "x" * 10_000)
    (entry,) = tmp_path.glob("*.djcache")
    assert entry.stat().st_size > 10_000


def test_an_expired_entry_is_gone(folder):
    folder.set("word", "gen", timeout=1)
    time.sleep(1.1)
    assert folder.get("word") is None


def test_add_keeps_what_is_there_and_touch_renews_it(folder):
    assert folder.add("word", "first")
    assert not folder.add("word", "second")
    assert folder.get("word") == "first"
    assert folder.touch("word", 60)
    assert folder.touch("word", DEFAULT_TIMEOUT)
    assert not folder.touch("missing")
    assert folder.get("word") == "first"


def test_the_folder_stays_within_its_entries_and_leaves_nothing_aside(tmp_path, monkeypatch):
    monkeypatch.setattr(FolderCache, "CULL_EVERY", 4)
    folder = FolderCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}})
    most = 0
    for number in range(200):
        folder.set(f"entry {number}", number)
        most = max(most, len(list(tmp_path.iterdir())))
    assert most <= 10 + 4
    assert not list(tmp_path.glob("*.tmp"))
    assert folder.get("entry 199") == 199


def test_a_write_that_fails_leaves_the_entry_as_it_was(folder, tmp_path, monkeypatch):
    folder.set("page", "drawn once")

    def disk_full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(caching.os, "replace", disk_full)
    with pytest.raises(OSError):
        folder.set("page", "drawn again")
    monkeypatch.undo()
    assert folder.get("page") == "drawn once"
    assert not list(tmp_path.glob("*.tmp"))


def test_a_folder_removed_under_the_cache_is_made_again(tmp_path):
    folder = FolderCache(str(tmp_path / "gone"), {})
    folder.set("first", 1)
    shutil.rmtree(tmp_path / "gone")
    folder.set("second", 2)
    assert folder.get("second") == 2


def test_every_worker_sees_what_another_filed(tmp_path):
    one, two = FolderCache(str(tmp_path), {}), FolderCache(str(tmp_path), {})
    one.set("gen", "a")
    assert two.get("gen") == "a"
    two.delete("gen")
    assert one.get("gen") is None


@pytest.mark.django_db
def test_a_generation_stays_until_it_is_replaced():
    first = caching.generation("game", 7)
    assert caching.generation("game", 7) == first
    caching.touch("game", 7)
    assert caching.generation("game", 7) != first
    assert caching.generation("game", 8) != caching.generation("game", 7)


@pytest.fixture
def near(settings):
    """A remote cache's setting (CACHE_URL): each process's memory in front of it."""
    near = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "near-test"}
    settings.CACHES = settings.CACHES | {"near": near | {"KEY_FUNCTION": caching.make_key}}
    from django.core.cache import caches

    caches["near"].clear()
    yield caches["near"]
    caches["near"].clear()


@pytest.mark.django_db
def test_with_a_remote_cache_an_entry_is_read_from_it_once_per_process(near):
    from django.core.cache import cache

    cache.set("board:7:gen-a", "<p>Ben dealt</p>")  # filed by another machine
    assert caching.get("board:7:gen-a") == "<p>Ben dealt</p>"
    cache.delete("board:7:gen-a")  # gone from the shared cache...
    assert caching.get("board:7:gen-a") == "<p>Ben dealt</p>"  # ...not from this process
    caching.put("game:7:gen-a", {"version": 3})
    cache.clear()
    assert caching.get("game:7:gen-a") == {"version": 3}


@pytest.mark.django_db
def test_with_a_remote_cache_a_new_generation_is_seen_at_once(near):
    from django.core.cache import cache

    first = caching.generation("game", 7)
    caching.put(f"board:7:{first}", "old")
    cache.set(caching._generation_key("game", 7), "replaced-on-another-machine")
    now = caching.generation("game", 7)
    assert now == "replaced-on-another-machine"
    assert caching.get(f"board:7:{now}") is None


@pytest.mark.django_db
def test_with_a_remote_cache_a_kept_object_is_a_copy(near):
    caching.put("tally:7", {"totals": {"Ana": 1}})
    mine = caching.get("tally:7")
    mine["totals"]["Ana"] = 99  # a save plays its hand on what it read
    assert caching.get("tally:7") == {"totals": {"Ana": 1}}


def test_the_redis_cache_keeps_one_client_not_one_a_call():
    from games.caching import RedisCache

    redis_cache = RedisCache("redis://127.0.0.1:1/0", {})  # no server needed to make one
    first = redis_cache._cache.get_client("a")
    assert redis_cache._cache.get_client("b", write=True) is first
