"""How many inputs each fuzz test tried, written where docs/RELIABILITY.md quotes it."""

from tests.figures import update


def record(counts: dict[str, int], prefix: str) -> None:
    """Write the counts of the tests this process ran (under pytest-xdist, another process
    may run the module's other tests and write theirs)."""
    update("fuzz.json", {f"{prefix}_{name}": n for name, n in counts.items()})
