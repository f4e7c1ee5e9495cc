"""The quick readers never disagree with the careful ones (games/sheet.py, `read_hands`).

A game's quick reader reads the usual valid hand straight from its dict and answers
None for anything else, which the careful `Fields` reader then reads or refuses. So
for any hand, valid or spoiled, the quick reader must either say None or build the
very record the careful reader builds: same classes, same values of the same types
(true is not 1 here), same key order. And a whole sheet must read the same, record for
record or error for error, with the quick readers on or off.
"""

import dataclasses
import random
from contextlib import ExitStack
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.contractor import records as contractor_records
from games.contractor.rules import STRAINS, TRUMP_STRAINS
from games.sheet import Fields, SheetError, read_hands, read_sheet
from games.tridge import records as tridge_records
from games.tridge.rules import Settings as TridgeSettings
from tests.games.tridge.test_properties import a_hand, played_hands, tridge_sheets
from tests.sheets import sheet

CONTRACTOR_PLAYERS = ("Ana", "Ben", "Cy")
EXAMPLES = settings(max_examples=400, deadline=None)


def shape(value):
    """A value with every class spelled out, so that true and 1, or 2 and 2.0, differ."""
    if dataclasses.is_dataclass(value):
        fields = dataclasses.fields(value)
        return type(value), tuple((f.name, shape(getattr(value, f.name))) for f in fields)
    if isinstance(value, dict):
        return dict, tuple((key, shape(item)) for key, item in value.items())
    if isinstance(value, list | tuple):
        return type(value), tuple(shape(item) for item in value)
    return type(value), value


def outcome(read):
    """What reading gives: the records' shapes, or the refusal as the CLI would print it."""
    try:
        return "read", shape(read())
    except SheetError as error:
        return "refused", (error.field, error.message, error.hand)


def assert_agree(quick, careful, *args):
    """`quick(*args)` says None or builds what `careful(*args)` builds, which may refuse."""
    made = quick(*args)
    if made is not None:
        assert outcome(lambda: careful(*args)) == ("read", shape(made)), args


# --- spoiling a hand ----------------------------------------------------------------------

# Values a spoiled field may take: wrong types, near misses, and perfectly good ones.
JUNK = (None, True, False, 0, 1, -1, 2, 3, 5, 6, 9, 10, 1.0, 2.0, "1", "", [], {}, [1])
JUNK += ("Ana", "Ben", "Cy", "Dee", "nil", "clubs", "no_trump", "play", "fixed", "S", "D")
JUNK += ({"Ana": 10, "Ben": 0, "Cy": 0}, {"Ana": 5, "Ben": 5}, {"Ana": 3, "Ben": 3, "Cy": 3})
JUNK += ({"Ana": 4, "Ben": 3, "Cy": 3, "Dee": 0}, {"Ana": True, "Ben": 9, "Cy": 0})


@st.composite
def spoiled(draw, hand, keys):
    """`hand` with up to three of `keys` dropped or set to junk; sometimes not a dict at all."""
    if draw(st.integers(0, 40)) == 0 or not isinstance(hand, dict):
        return draw(st.sampled_from(JUNK))
    changed = dict(hand)
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from(keys))
        if draw(st.booleans()):
            changed.pop(key, None)
        else:
            changed[key] = draw(st.sampled_from(JUNK))
    return changed


def every_single_change(hand, keys):
    """`hand` with one of `keys` left out, or set to each junk value in turn."""
    for key in keys:
        yield {name: value for name, value in hand.items() if name != key}
        for value in JUNK:
            yield {**hand, key: value}


def markers(key):
    """A one-flag hand with every junk value, alone or with a note beside it."""
    return [{key: value} for value in JUNK[:12]] + [{key: True, "meta": {"note": "x"}}]


# --- Contractor -----------------------------------------------------------------------------

CONTRACTOR_KEYS = ("contractor", "strain", "extra_tricks", "kitty_foregone", "sour_trumps")
CONTRACTOR_KEYS += ("exposed", "absolutely_sure", "nil_without_joker", "thievery")
CONTRACTOR_KEYS += ("challenger", "tricks", "redeal", "meta", "bonus")


@st.composite
def contractor_hands(draw):
    """Any valid played hand, with optional fields left out or given at their defaults."""
    players = CONTRACTOR_PLAYERS
    strain = draw(st.sampled_from(STRAINS))
    contractor = draw(st.sampled_from(players))
    hand = {"contractor": contractor, "strain": strain}

    def maybe(key, value):
        if draw(st.booleans()):
            hand[key] = value

    maybe("extra_tricks", 0 if strain == "nil" else draw(st.integers(0, 5)))
    maybe("kitty_foregone", draw(st.integers(0, 3)))
    maybe("sour_trumps", strain in TRUMP_STRAINS and draw(st.booleans()))
    for flag in ("exposed", "absolutely_sure", "thievery"):
        maybe(flag, draw(st.booleans()))
    maybe("nil_without_joker", strain == "nil" and draw(st.booleans()))
    maybe("challenger", draw(st.sampled_from([None, *(p for p in players if p != contractor)])))
    maybe("meta", {"at": "21:00"})
    first = draw(st.integers(0, 10))
    second = draw(st.integers(0, 10 - first))
    tricks = dict(zip(players, [first, second, 10 - first - second], strict=True))
    # The sheet may list tricks in any order; the record keeps seating order.
    order = draw(st.permutations(players))
    hand["tricks"] = {name: tricks[name] for name in order}
    return hand


def contractor_quick(raw):
    return contractor_records.quick_hand(CONTRACTOR_PLAYERS, raw, 1)


def contractor_careful(raw):
    fields = Fields(raw, hand=1, name="hand")
    return contractor_records.read_hand(fields, CONTRACTOR_PLAYERS)


@EXAMPLES
@given(contractor_hands())
def test_every_valid_contractor_hand_is_read_quickly_into_the_careful_record(hand):
    made = contractor_quick(hand)
    assert made is not None
    assert outcome(lambda: contractor_careful(hand)) == ("read", shape(made))


@EXAMPLES
@given(contractor_hands().flatmap(lambda hand: spoiled(hand, CONTRACTOR_KEYS)))
def test_the_quick_contractor_reader_accepts_nothing_the_careful_one_refuses(raw):
    if isinstance(raw, dict):
        assert_agree(contractor_quick, contractor_careful, raw)


# Hands that between them take every branch of the quick reader.
CONTRACTOR_HANDS = (
    {"contractor": "Ana", "strain": "clubs", "tricks": {"Ana": 6, "Ben": 2, "Cy": 2}},
    {
        "contractor": "Ben",
        "strain": "hearts",
        "extra_tricks": 2,
        "kitty_foregone": 3,
        "sour_trumps": True,
        "exposed": True,
        "absolutely_sure": False,
        "thievery": True,
        "challenger": "Cy",
        "tricks": {"Cy": 1, "Ana": 2, "Ben": 7},
        "meta": {},
    },
    {
        "contractor": "Cy",
        "strain": "nil",
        "nil_without_joker": True,
        "tricks": {"Ana": 5, "Ben": 5, "Cy": 0},
    },
    {
        "contractor": "Cy",
        "strain": "no_trump",
        "challenger": None,
        "tricks": {"Ana": 0, "Ben": 0, "Cy": 10},
    },
)


@pytest.mark.parametrize("hand", CONTRACTOR_HANDS)
def test_no_single_change_to_a_contractor_hand_fools_the_quick_reader(hand):
    assert contractor_quick(hand) is not None
    for raw in every_single_change(hand, CONTRACTOR_KEYS):
        assert_agree(contractor_quick, contractor_careful, raw)


@pytest.mark.parametrize("raw", markers("redeal"))
def test_a_contractor_redeal_is_read_quickly_only_when_it_is_exactly_true(raw):
    assert_agree(contractor_quick, contractor_careful, raw)


# --- Tridge ---------------------------------------------------------------------------------

TRIDGE_KEYS = ("player", "bid", "trumps", "honours", "tricks", "target", "went_for_all")
TRIDGE_KEYS += ("incomer", "meta", "passed", "void", "incomer_declined", "bonus")


def tridge_quick(raw, seating, number):
    return tridge_records.quick_hand(seating, raw, number)


def tridge_careful(raw, seating, number):
    return tridge_records.read_hand(Fields(raw, hand=number, name="hand"), seating)


@EXAMPLES
@given(played_hands())
def test_every_valid_tridge_hand_is_read_quickly_into_the_careful_record(case):
    seating, number, hand, _ = case
    made = tridge_quick(hand, seating, number)
    assert made is not None
    assert outcome(lambda: tridge_careful(hand, seating, number)) == ("read", shape(made))


@EXAMPLES
@given(played_hands(), st.data())
def test_the_quick_tridge_reader_accepts_nothing_the_careful_one_refuses(case, data):
    seating, number, hand, _ = case
    raw = data.draw(spoiled(hand, TRIDGE_KEYS))
    if isinstance(raw, dict):
        assert_agree(tridge_quick, tridge_careful, raw, seating, number)


def tridge_hands(people, count=60):
    """Valid played hands for each hand number, from the property tests' own maker."""
    rng = random.Random(people)
    players = ("Ana", "Ben", "Cy", "Dee")[:people]
    made = []
    while len(made) < count:
        number = len(made) % 8 + 1
        hand = a_hand(rng.choice, rng.randint, players, number)
        if "player" in hand:
            made.append((number, hand))
    return players, made


@pytest.mark.parametrize("people", [3, 4])
def test_no_single_change_to_a_tridge_hand_fools_the_quick_reader(people):
    players, hands = tridge_hands(people)
    seating = tridge_records.Seating(players, TridgeSettings())
    for number, hand in hands:
        assert tridge_quick(hand, seating, number) is not None
        for raw in every_single_change(hand, TRIDGE_KEYS):
            assert_agree(tridge_quick, tridge_careful, raw, seating, number)


@pytest.mark.parametrize("people", [3, 4])
@pytest.mark.parametrize("planned", [None, 1])
@pytest.mark.parametrize("raw", markers("passed") + markers("void") + markers("incomer_declined"))
def test_a_tridge_marker_is_read_quickly_only_where_the_careful_reader_takes_it(
    raw, people, planned
):
    players = ("Ana", "Ben", "Cy", "Dee")[:people]
    seating = tridge_records.Seating(players, TridgeSettings(hands=planned))
    # Hand 2 comes after a game of one planned hand, so it is refused whatever it says.
    assert_agree(tridge_quick, tridge_careful, raw, seating, 2)


def test_a_valid_tridge_hand_after_the_planned_end_is_left_to_the_careful_reader():
    seating = tridge_records.Seating(("Ana", "Ben", "Cy"), TridgeSettings(hands=1))
    hand = a_hand(lambda options: options[0], lambda lo, hi: lo, seating.players, 2)
    assert tridge_quick(hand, seating, 2) is None
    assert outcome(lambda: tridge_careful(hand, seating, 2))[0] == "refused"


# --- whole sheets, quick readers on and off -------------------------------------------------


def careful_only(data):
    """Read a sheet with every game's quick reader left out."""

    def without_quick(top, read_hand, quick=None):
        return read_hands(top, read_hand)

    with ExitStack() as stack:
        for module in (contractor_records, tridge_records):
            stack.enter_context(mock.patch.object(module, "read_hands", without_quick))
        return read_sheet(data)


def assert_sheets_read_alike(data):
    assert outcome(lambda: read_sheet(data)) == outcome(lambda: careful_only(data))


@st.composite
def spoiled_sheets(draw, sheets, keys):
    """A valid sheet with a few of its hands spoiled."""
    data = draw(sheets)
    hands = list(data["hands"])
    for _ in range(draw(st.integers(0, 3)) if hands else 0):
        index = draw(st.integers(0, len(hands) - 1))
        hands[index] = draw(spoiled(hands[index], keys))
    return {**data, "hands": hands}


@st.composite
def contractor_sheets(draw):
    hands = draw(st.lists(contractor_hands() | st.just({"redeal": True}), max_size=12))
    rules = draw(st.sampled_from([None, {"hands": 3}, {"hands": 12}]))
    return sheet("contractor", CONTRACTOR_PLAYERS, hands, rules)


@EXAMPLES
@given(spoiled_sheets(contractor_sheets(), CONTRACTOR_KEYS))
def test_a_contractor_sheet_reads_the_same_with_or_without_the_quick_reader(data):
    assert_sheets_read_alike(data)


@EXAMPLES
@given(spoiled_sheets(tridge_sheets(max_hands=12), TRIDGE_KEYS))
def test_a_tridge_sheet_reads_the_same_with_or_without_the_quick_reader(data):
    assert_sheets_read_alike(data)


def test_the_careful_only_reading_really_leaves_the_quick_readers_out():
    calls = []
    data = sheet("contractor", CONTRACTOR_PLAYERS, [{"redeal": True}])
    real = contractor_records.quick_hand
    with mock.patch.object(
        contractor_records, "quick_hand", lambda *args: calls.append(args) or real(*args)
    ):
        careful_only(data)
        assert calls == []
        read_sheet(data)
        assert len(calls) == 1


def test_shape_tells_true_from_one_and_key_order_apart():
    assert shape({"a": True}) != shape({"a": 1})
    assert shape({"a": 1, "b": 2}) != shape({"b": 2, "a": 1})
    assert shape(2) != shape(2.0)
