"""What `make bench` prints: each round's table, the medians and the verdict."""

from __future__ import annotations

import os
import platform
import statistics

from bench.load import Result

# Throughput of each endpoint as a share of the floor's: at least this much.
TARGETS = {"scoreboard": 0.4, "poll 304": 0.7}
# A hand entry's time per request, at most this many times a bare save's.
SAVE_WITHIN = 1.25
# Measured beside them: an empty logged-in page, and the scoreboard drawn afresh.
EXTRAS = ("login floor", "board drawn", "bare save")


def machine() -> str:
    """The interpreter, the machine and its load: what every figure depends on."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = " ".join(f"{n:.1f}" for n in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.system()} {platform.machine()}, nproc {cpus}, load average {load}"
    )


def merged(results: list[Result]) -> Result:
    """Several phases of one endpoint as one: requests over their summed wall time."""
    whole = Result(results[0].name)
    for result in results:
        whole.sent += result.sent
        whole.ok += result.ok
        whole.errors += result.errors
        whole.latencies += result.latencies
        whole.seconds += result.seconds
        whole.connects += result.connects
        whole.timed_out |= result.timed_out
        for side, seconds in result.cpu.items():
            whole.cpu[side] = whole.cpu.get(side, 0.0) + seconds
    return whole


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:7.1f}"


def report_round(number: int, pairs: dict[str, tuple[Result, Result]]) -> dict[str, dict]:
    print(f"round {number}: {machine().split(', ')[-1]}")
    print(
        f"  {'endpoint':<12} {'answered':>8} {'errors':>6} {'req/s':>8} {'p50 ms':>7} "
        f"{'p99 ms':>7} {'floor r/s':>9} {'x floor':>8}  | CPU ms/req: {'gunicorn':>8} "
        f"{'postgres':>8} {'client':>6} {'x floor':>8}"
    )
    # The floor's own row: every floor phase of the round (each one counted once).
    floors = {id(floor): floor for _, floor in pairs.values()}
    rows = {"floor": (merged(list(floors.values())), None)} | pairs
    figures = {}
    for name, (result, floor) in rows.items():
        floor = floor or result
        ratio = result.rps / floor.rps if floor.rps else float("nan")
        per = {side: seconds * 1e3 / max(result.ok, 1) for side, seconds in result.cpu.items()}
        cost = server_cpu(result)
        cpu_ratio = server_cpu(floor) / cost if cost else float("nan")
        figures[name] = {
            "requests": result.ok,
            "errors": len(result.errors),
            "seconds": round(result.seconds, 3),
            "rps": round(result.rps, 1),
            "p50_ms": round(result.percentile(0.5) * 1e3, 2),
            "p99_ms": round(result.percentile(0.99) * 1e3, 2),
            "floor_rps": round(floor.rps, 1),
            "ratio": round(ratio, 4),
            "cpu_ms_per_request": {side: round(value, 3) for side, value in per.items()},
            "cpu_ratio": round(cpu_ratio, 4),
            "timed_out": result.timed_out,
            "connects": result.connects,
        }
        stopped = " (time limit)" if result.timed_out else ""
        print(
            f"  {name:<12} {result.ok:>8} {len(result.errors):>6} {result.rps:>8.1f} "
            f"{ms(result.percentile(0.5))} {ms(result.percentile(0.99))} {floor.rps:>9.1f} "
            f"{ratio:>8.3f}  | {'':>11} {per.get('gunicorn', 0):>8.2f} "
            f"{per.get('postgres', 0):>8.2f} {per.get('client', 0):>6.2f} {cpu_ratio:>8.3f}"
            f"{stopped}"
        )
        for error in result.errors[:3]:
            print(f"    error: {error}")
    return figures


def server_cpu(result: Result) -> float:
    """Server CPU seconds per answered request: gunicorn's workers and PostgreSQL's."""
    return (result.cpu.get("gunicorn", 0) + result.cpu.get("postgres", 0)) / max(result.ok, 1)


def summary(rounds: list[dict[str, dict]]) -> tuple[dict, int]:
    """The medians by endpoint, printed with the verdict; and how many requests failed."""
    print(f"\nmedian of {len(rounds)} rounds (each ratio taken within its round):")
    print(
        f"  {'endpoint':<11} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'x floor':>8} {'best':>7}"
        f"  | server CPU x floor {'median':>7} {'best':>7}"
    )
    medians = {}
    for name in rounds[0]:
        column = {key: [r[name][key] for r in rounds] for key in ("rps", "p50_ms", "p99_ms")}
        ratios = [r[name]["ratio"] for r in rounds]
        cpu_ratios = [r[name]["cpu_ratio"] for r in rounds]
        medians[name] = {key: statistics.median(values) for key, values in column.items()}
        medians[name] |= {"ratio": statistics.median(ratios), "best_ratio": max(ratios)}
        medians[name] |= {
            "cpu_ratio": statistics.median(cpu_ratios),
            "best_cpu_ratio": max(cpu_ratios),
        }
        m = medians[name]
        print(
            f"  {name:<11} {m['rps']:>8.1f} {m['p50_ms']:>7.1f} {m['p99_ms']:>7.1f} "
            f"{m['ratio']:>8.3f} {m['best_ratio']:>7.3f}  | {'':>18} "
            f"{m['cpu_ratio']:>7.3f} {m['best_cpu_ratio']:>7.3f}"
        )
    extras = [name for name in rounds[0] if name in EXTRAS]
    if extras:
        print(
            f"  ({', '.join(extras)}: reference and prototypes, bench/prototypes.py, not the app)"
        )
    print("\nverdict (the median of the rounds' throughput ratios; server CPU beside it):")
    errors = sum(r[name]["errors"] for r in rounds for name in r)
    for name, target in TARGETS.items():
        m = medians[name]
        verdict = "MET" if m["ratio"] >= target else "MISSED"
        print(
            f"  {name:<11} {m['ratio']:.3f} of the floor's requests per second, target >= "
            f"{target}: {verdict} (best round {m['best_ratio']:.3f}; by server CPU per "
            f"request {m['cpu_ratio']:.3f})"
        )
    if "bare save" in medians:
        times = medians["bare save"]["ratio"] / medians["hand entry"]["ratio"]
        verdict = "MET" if times <= SAVE_WITHIN else "MISSED"
        print(
            f"  hand entry  {times:.2f}x the time of a bare save, target <= {SAVE_WITHIN}: "
            f"{verdict}"
        )
    if errors:
        print(f"  {errors} requests were not answered as expected: the figures are suspect")
    return medians, errors
