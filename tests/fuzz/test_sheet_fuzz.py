"""Random and mutated score sheets: each is scored or refused with one clear line, never a crash."""

import collections
import contextlib
import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.registry import load_sheet, read_sheet, score_sheet
from games.engine.sheet import SheetError
from tests.conftest import examples
from tests.fuzz.counting import record
from tests.sheets import example_names, load_example

EXAMPLES = [load_example(name)[0] for name in example_names()]

weird_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=50),
    st.text(min_size=1000, max_size=3000),
    st.sampled_from(
        ["", "AS", "10H", "qs", "Ana", "ana", "Ben & Cy", "nil", "\u0000", "\U0001f0a1"]
    ),
)
json_values = st.recursive(
    weird_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=12), inner, max_size=6)
    ),
    max_leaves=25,
)


def judge(data):
    """The only two outcomes allowed: a score, or a SheetError that reads as one line."""
    try:
        score_sheet(read_sheet(data)).as_json()
    except SheetError as error:
        assert "\n" not in str(error) and str(error)
        return "refused"
    return "scored"


def paths(value, here=()):
    yield here
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, (*here, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from paths(inner, (*here, index))


@st.composite
def mutated_sheets(draw):
    sheet = copy.deepcopy(draw(st.sampled_from(EXAMPLES)))
    for _ in range(draw(st.integers(1, 3))):
        spots = list(paths(sheet))
        spot = draw(st.sampled_from(spots[1:]))
        parent = sheet
        for step in spot[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[spot[-1]] = draw(json_values)
        elif action == "delete":
            del parent[spot[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=10))] = draw(json_values)
        else:
            parent.append(draw(json_values))
    return sheet


COUNTS = collections.Counter()


@pytest.fixture(autouse=True, scope="module")
def figures():
    yield
    record(COUNTS, "sheets")


@examples(3)
@given(mutated_sheets())
def test_a_mutated_sheet_is_scored_or_refused_never_crashes(sheet):
    COUNTS["mutated"] += 1
    judge(sheet)


@examples(2)
@given(json_values)
def test_any_json_value_is_scored_or_refused_never_crashes(value):
    COUNTS["random"] += 2  # two inputs: the value as a whole sheet, and as a sheet's hands
    judge(value)
    judge({"format": "scoresheet/1", "game": "tridge", "players": ["A", "B", "C"], "hands": value})


@examples(10)  # a thousandth of the time of a sheet scored
@given(st.binary(max_size=400) | st.text(max_size=400).map(str.encode))
def test_any_bytes_are_read_as_json_or_refused(raw):
    COUNTS["text"] += 1
    with contextlib.suppress(SheetError):
        load_sheet(raw)


def test_the_mutations_reach_deep_fields():
    # A fuzzer that only ever broke the top level would prove little.
    sheet = EXAMPLES[0]
    assert max(len(path) for path in paths(sheet)) >= 4
    assert json.dumps(sheet)
