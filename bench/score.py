"""`make bench-score`: what scoring a long sheet costs, as a ratio to parsing its JSON.

The machine is shared and noisy, so each figure is the best of several runs and the
verdict is a ratio measured in the same process, never an absolute time.
"""

import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

from bench.sheets import contractor_sheet, tridge_sheet  # noqa: E402
from games.registry import score_sheet  # noqa: E402
from games.sheet import read_sheet  # noqa: E402

HANDS = 10_000
RUNS = 7
BUDGET = 3.0


def best(work, runs=RUNS):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(name, data):
    text = json.dumps(data)
    parsed = json.loads(text)
    checked = read_sheet(parsed)
    parse = best(lambda: json.loads(text))
    read = best(lambda: read_sheet(parsed))
    score = best(lambda: score_sheet(checked))
    whole = read + score
    print(
        f"{name:<11} {len(text) / 1e6:5.2f} MB  json.loads {parse * 1e3:6.1f} ms"
        f"  | read {read * 1e3:6.1f} ms ({read / parse:4.2f}x)"
        f"  score {score * 1e3:6.1f} ms ({score / parse:4.2f}x)"
        f"  read+score {whole * 1e3:6.1f} ms ({whole / parse:4.2f}x)"
    )
    return whole / parse


def main():
    machine = f"python {platform.python_version()} on {platform.machine()}"
    print(f"{machine}, {HANDS} hands, best of {RUNS}")
    ratios = {
        "contractor": measure("contractor", contractor_sheet(HANDS)),
        "tridge": measure("tridge", tridge_sheet(HANDS)),
    }
    worst = max(ratios.values())
    verdict = "within" if worst <= BUDGET else "OVER"
    print(f"worst read+score / json.loads = {worst:.2f}x ({verdict} the {BUDGET:.0f}x budget)")


if __name__ == "__main__":
    main()
