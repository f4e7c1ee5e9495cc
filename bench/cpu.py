"""The CPU each side of `make bench` spent on a phase: gunicorn's workers, PostgreSQL's
backends (from /proc) and this client; steadier than throughput on a busy machine."""

from __future__ import annotations

import os
import time
from pathlib import Path

from bench.load import Result, run


def tree_cpu(root: int | None) -> dict[int, float]:
    """CPU seconds (user + system) used so far by `root` and each process below it, by pid."""
    if root is None:
        return {}
    tick = os.sysconf("SC_CLK_TCK")
    parent, used = {}, {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # After the command name in parentheses: state, ppid, ..., utime, stime (14th, 15th).
        fields = stat.rsplit(")", 1)[1].split()
        parent[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    tree = {root}
    grown = True
    while grown:
        below = {pid for pid, up in parent.items() if up in tree} - tree
        tree |= below
        grown = bool(below)
    return {pid: used[pid] for pid in tree if pid in used}


def spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds between two snapshots; a process that ended meanwhile is not counted."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def postmaster_pid() -> int | None:
    """The PostgreSQL server's pid, to count its CPU (backends are its children).

    None on SQLite, which runs inside gunicorn's workers: their CPU counts it already.
    """
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    try:
        with connection.cursor() as cursor:
            cursor.execute("SHOW data_directory")
            folder = Path(cursor.fetchone()[0])
        return int((folder / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    finally:
        connection.close()


def measured(name, port, streams, requests, limit, pids) -> Result:
    """One phase, with the CPU each side spent on it: gunicorn, PostgreSQL, this client."""
    before = (tree_cpu(pids[0]), tree_cpu(pids[1]), time.process_time())
    result = run(name, port, streams, requests, limit)
    after = (tree_cpu(pids[0]), tree_cpu(pids[1]), time.process_time())
    result.cpu = {
        "gunicorn": spent(before[0], after[0]),
        "postgres": spent(before[1], after[1]),
        "client": after[2] - before[2],
    }
    return result
