"""Building score sheets in tests: a sheet is a dict, as the JSON would be."""

import json
from pathlib import Path

from games.engine.registry import read_sheet, score_sheet
from games.engine.sheet import FORMAT

# The example sheets and their expected results are the project's own data.
EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"


def sheet(game, players, hands, rules=None, **extra):
    data = {"format": FORMAT, "game": game, "players": list(players), "hands": list(hands)}
    if rules is not None:
        data["rules"] = rules
    data.update(extra)
    return data


def scored(data):
    """The scored game as the CLI prints it."""
    return score_sheet(read_sheet(data)).as_json()


def example_names():
    suffix = ".expected.json"
    return sorted(path.name.removesuffix(suffix) for path in EXAMPLES.glob(f"*{suffix}"))


def load_example(name):
    sheet_data = json.loads((EXAMPLES / f"{name}.json").read_text())
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    return sheet_data, expected


def assert_contains(actual, expected, where="result"):
    """Every key the expected document names has the same value; extra keys are welcome."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object"
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} is missing"
            assert_contains(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{where}: length"
        for index, (got, wanted) in enumerate(zip(actual, expected, strict=True)):
            assert_contains(got, wanted, f"{where}[{index}]")
    else:
        assert actual == expected, f"{where}: {actual!r} != {expected!r}"
