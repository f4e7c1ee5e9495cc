"""How many inputs each fuzz test tried, written where docs/RELIABILITY.md quotes it."""

import json
from pathlib import Path

FIGURES = Path(__file__).resolve().parents[2] / "artifacts" / "fuzz.json"


def record(name: str, count: int) -> None:
    FIGURES.parent.mkdir(exist_ok=True)
    figures = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
    figures[name] = count
    FIGURES.write_text(json.dumps(figures, indent=1, sort_keys=True))
