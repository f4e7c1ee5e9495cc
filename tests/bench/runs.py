"""A benchmark run in a short form, as the suite runs each one."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def bench_run(script: str, *options: str, settings: str | None = None) -> str:
    """`python bench/<script> <options>` on its own database and cache (whatever the suite
    runs on is left alone); what it printed, once it ended well."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CACHE_URL")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    if settings:
        env["DJANGO_SETTINGS_MODULE"] = settings
    done = subprocess.run(
        [sys.executable, f"bench/{script}", *options],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout
