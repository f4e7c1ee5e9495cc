"""The figures some tests write under artifacts/ (not in git), for docs/RELIABILITY.md.

Under pytest-xdist several processes write the same file: each change is read, made and
written back under an exclusive lock, so that none is lost to another's.
"""

import fcntl
import json
from contextlib import suppress
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def update(name: str, figures: dict) -> None:
    """Set these keys of artifacts/`name`, a JSON object, keeping the others."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    with open(ARTIFACTS / f".{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        data = {}
        with suppress(OSError, ValueError):
            data = json.loads(path.read_text())
        path.write_text(json.dumps(data | figures, indent=1, sort_keys=True) + "\n")
