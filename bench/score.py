"""`make bench-score`: what scoring a long sheet costs, beside parsing its JSON.

"Scoring" is what `manage.py score` does once the JSON is parsed: `read_sheet` (the
strict reading into typed records) and the engine's `score`. A report, with no budget
(issue 15): a 10,000-hand sheet of each game, many four-deal Cardigan games.

The machine is shared and noisy, so every figure is the CPU time of this process
(`time.process_time`: time spent waiting for a busy CPU is not scoring's cost), the
rounds interleave the four measurements, the times shown are the best of the rounds,
each ratio is the median over the rounds of that round's time over that round's parse
(a slow spell hits both sides alike), and the verdict is a ratio measured in one
process, never an absolute time. Each timed run starts from `gc.collect()` and runs
with the collector on, as the command does.
"""

import argparse
import gc
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

import django  # noqa: E402

# The games are registered once the app is ready (games/engine/registry.py).
django.setup()

from bench.report import machine  # noqa: E402
from bench.sheets import (  # noqa: E402
    bid_fair_sheet,
    cardigan_games,
    contractor_sheet,
    tridge_sheet,
)
from games.engine.registry import read_sheet, score_sheet  # noqa: E402

HANDS = 10_000
ROUNDS = 9


def cases(hands: int) -> dict[str, list[str]]:
    """Each case's JSON texts: one long sheet, or many four-deal Cardigan games."""
    return {
        "contractor": [json.dumps(contractor_sheet(hands))],
        "tridge": [json.dumps(tridge_sheet(hands))],
        "bid_fair": [json.dumps(bid_fair_sheet(hands))],
        "cardigan": [json.dumps(game) for game in cardigan_games(hands // 4)],
    }


def timed(work, with_gc: bool) -> float:
    # Collect first, so no run pays for the garbage an earlier one left behind.
    gc.collect()
    if not with_gc:
        gc.disable()
    try:
        start = time.process_time()
        # Held until the clock stops: freeing the result is no part of making it.
        result = work()  # noqa: F841
        return time.process_time() - start
    finally:
        gc.enable()


def measure(texts: list[str], rounds: int, with_gc: bool) -> tuple[dict, dict]:
    """Best seconds for parse, read, score and read+score, and each one's ratio to parse.

    A ratio is taken within one round, against the parse timed just before it, and the
    median over the rounds is kept: a busy spell slows both sides of a ratio alike,
    where the best of each side may come from spells apart.
    """
    parsed = [json.loads(text) for text in texts]
    sheets = [read_sheet(data) for data in parsed]
    work = {
        "parse": lambda: [json.loads(text) for text in texts],
        "read": lambda: [read_sheet(data) for data in parsed],
        "score": lambda: [score_sheet(sheet) for sheet in sheets],
        "read+score": lambda: [read_and_score(data) for data in parsed],
    }
    times = {name: [] for name in work}
    for _ in range(rounds):
        for name, run in work.items():
            times[name].append(timed(run, with_gc))
    best = {name: min(spent) for name, spent in times.items()}
    ratios = {
        name: statistics.median(t / p for t, p in zip(spent, times["parse"], strict=True))
        for name, spent in times.items()
    }
    return best, ratios


def read_and_score(data):
    # The sheet is kept too: like every result here, it is freed once the clock stops.
    sheet = read_sheet(data)
    return sheet, score_sheet(sheet)


def row(name: str, texts: list[str], best: dict[str, float], ratios: dict[str, float]) -> str:
    size = sum(len(text) for text in texts) / 1e6
    cells = [f"{name:<10} {size:5.2f} MB  json.loads {best['parse'] * 1e3:6.1f} ms"]
    for part in ("read", "score", "read+score"):
        cells.append(f"{part} {best[part] * 1e3:6.1f} ms ({ratios[part]:4.2f}x)")
    return "  | ".join(cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--gc-off", action="store_true", help="time with the collector off")
    parser.add_argument("--only", nargs="*", help="measure only these games")
    options = parser.parse_args()

    print(machine())
    collector = "off" if options.gc_off else "on (collected before each run)"
    print(
        f"{options.hands} hands a game, CPU time over {options.rounds} rounds (best time, "
        f"median ratio to json.loads), gc {collector}"
    )
    for name, texts in cases(options.hands).items():
        if options.only and name not in options.only:
            continue
        best, ratio = measure(texts, options.rounds, not options.gc_off)
        print(row(name, texts, best, ratio), flush=True)


if __name__ == "__main__":
    main()
