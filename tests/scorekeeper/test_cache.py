"""The file cache looks at its folder once every CULL_EVERY writes (scorekeeper/cache.py)."""

from pathlib import Path

from scorekeeper import cache
from scorekeeper.cache import CULL_EVERY, FileBasedCache


def folder_cache(tmp_path: Path, max_entries: int) -> FileBasedCache:
    return FileBasedCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": max_entries}})


def test_writes_list_the_folder_once_every_cull_every(tmp_path, monkeypatch):
    files = folder_cache(tmp_path, 20_000)
    listings = []
    monkeypatch.setattr(cache.filebased.FileBasedCache, "_cull", lambda self: listings.append(1))
    for number in range(2 * CULL_EVERY):
        files.set(f"entry-{number}", number)
    assert len(listings) == 2


def test_the_folder_still_keeps_within_max_entries_and_one_round_of_writes(tmp_path):
    most = 3 * CULL_EVERY  # a cull removes a third: at least a round of writes
    files = folder_cache(tmp_path, most)
    for number in range(10 * CULL_EVERY):
        files.set(f"entry-{number}", number)
        assert len(list(tmp_path.glob("*.djcache"))) <= most + CULL_EVERY
    assert files.get(f"entry-{10 * CULL_EVERY - 1}") == 10 * CULL_EVERY - 1
