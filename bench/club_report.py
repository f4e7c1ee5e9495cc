"""What `bench/club.py` prints: the phones' latencies (Locust's figures), the server's own
time of each request (gunicorn's access log), the CPU of each side, the workers' memory,
and whether every acknowledged hand is stored exactly once."""

from __future__ import annotations

import csv
import os
import statistics
from pathlib import Path

from bench.cpu import spent

KINDS = ("poll", "tap", "save", "page")


def rss(pid: int) -> int:
    """Resident memory of a process, in KiB (0 once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def kind_of(method: str, target: str, status: str, size: str) -> str:
    """Which of the phones' requests an access-log line is (see club_phones.py)."""
    if method == "GET":
        return "poll" if target.endswith("live=1") else "page"
    if method == "POST" and "/hands/new/" in target:
        return "save" if size in ("0", "-") else "tap"
    return "other"


def access_times(logs: list[Path], offsets: dict | None = None) -> dict[str, dict]:
    """For each kind of request, the server's milliseconds and its worker's CPU
    milliseconds, from the access logs (bench/club_gunicorn.py's format), between
    `offsets[log]`'s two byte positions: the measured window."""
    times: dict[str, dict] = {kind: {"ms": [], "cpu": []} for kind in KINDS}
    for log in logs:
        start, end = (offsets or {}).get(str(log), (0, None))
        with open(log, "rb") as lines:
            lines.seek(start)
            data = lines.read(None if end is None else end - start)
        for line in data.decode(errors="replace").splitlines():
            parts = line.split()
            if len(parts) != 6 or not parts[4].isdigit() or not parts[5].isdigit():
                continue
            kind = kind_of(*parts[:4])
            if kind in times:
                times[kind]["ms"].append(int(parts[4]) / 1000)
                times[kind]["cpu"].append(int(parts[5]) / 1000)
    return times


def percentiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        value = values[0] if values else float("nan")
        return value, value, value
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return cuts[49], cuts[94], cuts[98]


def latency_table(stats_csv: Path) -> dict[str, dict]:
    """Locust's figures by request name: count, failures, p50/p95/p99 ms, requests/s."""
    table = {}
    with open(stats_csv) as rows:
        for row in csv.DictReader(rows):
            table[row["Name"]] = {
                "count": int(row["Request Count"]),
                "failures": int(row["Failure Count"]),
                "p50": float(row["50%"] or "nan"),
                "p95": float(row["95%"] or "nan"),
                "p99": float(row["99%"] or "nan"),
                "max": float(row["Max Response Time"] or "nan"),
                "rps": float(row["Requests/s"] or 0),
            }
    return table


def failed(failures_csv: Path, most: int = 8) -> list[str]:
    """Locust's failures, by kind and message, as many as `most`."""
    if not failures_csv.exists():
        return []
    with open(failures_csv) as rows:
        found = [
            f"{r['Name']}: {r['Occurrences']}x {r['Error'][:300]}" for r in csv.DictReader(rows)
        ]
    return found[:most]


def report(options, work: Path, window: dict, stored: dict, served: dict, limit: float) -> dict:
    """Print the night's figures; return them, with `ok`: no failure, nothing lost or
    doubled, the generator not the limit."""
    latency = latency_table(work / "phones_stats.csv")
    seconds = window["end"]["time"] - window["start"]["time"]
    generator = spent(window["start"]["generator"], window["end"]["generator"]) / seconds
    server = sum(
        spent(window["start"]["server"][port], window["end"]["server"][port])
        for port in window["start"]["server"]
    )
    helpers = {
        name: spent(cpu, window["end"]["helpers"][name]) / seconds
        for name, cpu in window["start"]["helpers"].items()
    }
    cores = os.cpu_count() or 1
    total = latency.get("Aggregated", {})
    failures = total.get("failures", 0)
    print(
        f"\n{options.tables} tables, {4 * options.tables} phones, {seconds:.0f} s measured "
        f"after {options.warmup:.0f} s of warm-up; {options.servers} server(s) as the "
        f"Procfile starts them" + (f"; stress-ng --cpu {options.stress}" if options.stress else "")
    )
    print(
        f"  {'request':<8} {'count':>7} {'fail':>5} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}"
        f" {'max ms':>8} {'req/s':>7} | in the server: ms p50 / p95 / p99, CPU ms"
    )
    for name in (*KINDS, "Aggregated"):
        row = latency.get(name)
        if row is None:
            continue
        own = served.get(name, {}).get("ms")
        inside = "/".join(f"{v:.1f}" for v in percentiles(own)) if own else ""
        if own:
            inside += f", {statistics.fmean(served[name]['cpu']):.2f}"
        print(
            f"  {name:<8} {row['count']:>7} {row['failures']:>5} {row['p50']:>8.0f} "
            f"{row['p95']:>8.0f} {row['p99']:>8.0f} {row['max']:>8.0f} {row['rps']:>7.1f}"
            f" | {inside}"
        )
    busy = generator > limit
    print(
        f"  CPU: server {server / seconds:.2f} cores of {cores} "
        f"({server / max(total.get('count', 1), 1) * 1000:.2f} ms a request); generator "
        f"{generator:.0%} of one core"
        + "".join(f"; {name} {share:.2f} cores" for name, share in helpers.items())
        + (" — THE GENERATOR IS THE LIMIT" if busy else "")
    )
    before, after = window["start"]["rss"], window["end"]["rss"]
    print(
        "  workers' memory (MiB, start → end of the measured window): "
        + ", ".join(f"{before[pid] / 1024:.0f} → {after.get(pid, 0) / 1024:.0f}" for pid in before)
    )
    readings = window.get("memory", [])
    if readings:
        print(
            "  their largest, every reading (s: MiB): "
            + ", ".join(f"{at:.0f}: {max(rows, default=0) / 1024:.1f}" for at, rows in readings)
        )
    lost, doubled, extra = stored["lost"], stored["doubled"], stored["unacknowledged"]
    print(
        f"  hands: {stored['acknowledged']} acknowledged, {stored['stored']} stored; "
        f"lost {len(lost)}, doubled {len(doubled)}, stored but never sent {len(extra)}, "
        f"stored with the answer on its way at the stop {len(stored['in_flight'])}"
        + ("; every acknowledged hand stored exactly once" if not (lost or doubled) else "")
    )
    for row in failed(work / "phones_failures.csv"):
        print(f"  FAILED {row}")
    ok = not failures and not lost and not doubled and not extra and not busy
    return {
        "tables": options.tables,
        "servers": options.servers,
        "stress": options.stress,
        "seconds": seconds,
        "latency": latency,
        "served": {
            kind: {"ms": percentiles(v["ms"]), "cpu_ms": statistics.fmean(v["cpu"])}
            for kind, v in served.items()
            if v["ms"]
        },
        "cpu": {"server_cores": server / seconds, "generator_share": generator} | helpers,
        "rss_kib": {
            "start": list(before.values()),
            "end": [after.get(p, 0) for p in before],
            "readings": readings,
        },
        "hands": stored,
        "ok": ok,
    }
