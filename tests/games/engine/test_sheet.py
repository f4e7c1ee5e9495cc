"""Reading a sheet's common parts: format, game, players, rules, JSON itself."""

import pytest

from games.engine.registry import load_sheet, read_sheet
from games.engine.sheet import JSONRefused, SheetError, members, parse_json, team_name
from tests.sheets import sheet


def refusal(data):
    with pytest.raises(SheetError) as caught:
        read_sheet(data)
    return caught.value


def contractor(**changes):
    data = sheet("contractor", ["Ana", "Ben", "Cy"], [])
    data.update(changes)
    return data


def test_a_minimal_sheet_is_read_with_default_rules():
    read = read_sheet(contractor())
    assert read.players == ("Ana", "Ben", "Cy")
    assert read.settings.hands == 9


def test_a_setting_given_at_its_default_is_fine():
    assert read_sheet(contractor(rules={"hands": 9})).settings.hands == 9


def test_meta_is_allowed_at_the_top_and_in_hands():
    data = contractor(meta={"note": "Friday"}, hands=[{"redeal": True, "meta": {"at": "21:00"}}])
    assert len(read_sheet(data).hands) == 1


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"format": "scoresheet/2"}, "format", "scoresheet/1"),
        ({"game": "whist"}, "game", "must be one of"),
        ({"game": None}, "game", "must be one of"),
        ({"players": "Ana"}, "players", "list"),
        ({"players": ["Ana", "Ben"]}, "players", "3 players"),
        ({"players": ["Ana", "ana", "Cy"]}, "players", "unique"),
        ({"players": ["Ana", " ", "Cy"]}, "players[1]", "blank"),
        ({"players": ["Ana", 7, "Cy"]}, "players[1]", "text"),
        ({"players": ["Ana", "Ben ", "Cy"]}, "players[1]", "space"),
        ({"players": ["Ana", "B" * 41, "Cy"]}, "players[1]", "40"),
        ({"players": ["Ana", "Ben & Co", "Cy"]}, "players[1]", "&"),
        ({"rules": []}, "rules", "object"),
        ({"hands": {}}, "hands", "list"),
        ({"hands": [7]}, "hand", "object"),
        ({"colour": "red"}, "colour", "not a field"),
    ],
)
def test_a_bad_sheet_is_refused_naming_the_field(changes, field, words):
    error = refusal(contractor(**changes))
    assert error.field == field
    assert words in error.message


def test_a_missing_field_is_named():
    data = contractor()
    del data["players"]
    assert str(refusal(data)) == "players: is missing"


def test_a_sheet_that_is_not_an_object_is_refused():
    assert refusal([1, 2]).field == "sheet"


def test_a_forty_character_name_is_fine():
    read_sheet(contractor(players=["Ana", "B" * 40, "Cy"]))


def test_malformed_json_is_a_sheet_error():
    with pytest.raises(SheetError) as caught:
        load_sheet('{"format": ')
    assert caught.value.field == "sheet"
    assert "not valid JSON" in caught.value.message


def test_bytes_that_are_not_text_are_a_sheet_error():
    with pytest.raises(SheetError):
        load_sheet(b"\xff\xfe\xfa")


def test_deeply_nested_json_is_a_sheet_error_not_a_crash():
    with pytest.raises(SheetError):
        load_sheet("[" * 100_000)


def test_an_error_in_a_hand_reads_as_one_line():
    assert str(SheetError("tricks", "add up to 11, must be 10", 3)) == (
        "hand 3: tricks: add up to 11, must be 10"
    )


def test_a_key_with_a_line_break_still_makes_a_one_line_error():
    data = contractor()
    data["bad\nkey"] = 1
    assert str(refusal(data)) == "bad\\nkey: is not a field here"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"meta": NaN}', "holds NaN"),
        ('{"meta": -Infinity}', "holds NaN"),
        ('{"meta": 1e999}', "holds NaN"),
        ('{"meta": "\\ud800"}', "a broken character"),
        ('{"meta": "a\\u0000"}', "holds the character \\u0000"),
        ('{"meta": "\\\\\\u0000"}', "holds the character \\u0000"),
    ],
)
def test_json_no_database_can_store_is_refused_when_read(text, words):
    with pytest.raises(JSONRefused) as caught:
        parse_json(text)
    assert words in str(caught.value)


def test_an_escaped_backslash_before_u0000_is_only_text():
    assert parse_json('["\\\\u0000", "\\ud83c\\udca1"]') == ["\\u0000", "\U0001f0a1"]


def test_a_team_is_named_after_its_members_and_read_back_into_them():
    assert team_name(["Ana", "Cy"]) == "Ana & Cy"
    assert members("Ana & Cy") == ["Ana", "Cy"]
    # A player is a side of one.
    assert members("Ana") == ["Ana"]
