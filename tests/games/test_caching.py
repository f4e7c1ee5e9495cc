"""The cache folder every worker shares, and the generations that keep it honest."""

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
