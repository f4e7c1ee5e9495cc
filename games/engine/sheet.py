"""The score sheet (docs/SHEET.md): one game as JSON, read strictly into typed records.

Nothing here knows a game's rules: each game's `records.read` reads its own hands,
and its `rules.score` turns the records into a `GameScore`. Both raise `SheetError`,
which always names the field at fault and, inside a hand, the hand's number. Nor does
anything here know which games there are: a whole sheet is read by the registry
(games/engine/registry.py `read_sheet`), which its `game` sends to the game's reader.

The records are plain `@dataclass(slots=True)` classes, not frozen ones: building a
frozen dataclass costs about four times as much, a long sheet builds tens of thousands
of records, and nothing changes a record once it is read (treat them as read-only; as
mutable dataclasses they are also unhashable). Settings, one per sheet, stay frozen.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

FORMAT = "scoresheet/1"
NAME_LENGTH = 40
_MISSING = object()

# Where players score in teams, a side of the standings is a team named after its members
# in seating order, joined by " & " ("Ana & Cy"): so no player's name may hold an "&".
TEAM = " & "
TEAM_MARK = TEAM.strip()


def team_name(people) -> str:
    """The team of these people, as the standings name it: "Ana & Cy"."""
    return TEAM.join(people)


def members(side: str) -> list[str]:
    """The people of a side of the standings: a team's members, or the one player."""
    return side.split(TEAM)


class SheetError(ValueError):
    """A sheet that breaks a rule; `str()` is the one line the CLI prints."""

    def __init__(self, field: str, message: str, hand: int | None = None):
        # A key can be any text ("\n" included): the error must stay one printable line.
        self.field = one_line(field)
        self.message = one_line(message)
        self.hand = hand
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"hand {self.hand}: " if self.hand is not None else ""
        return f"{where}{self.field}: {self.message}"


def one_line(text: str) -> str:
    if text.isprintable():
        return text
    return json.dumps(text, ensure_ascii=False)[1:-1]


def describe(value: Any) -> str:
    """A short, safe rendering of a bad value for an error message."""
    text = json.dumps(value, ensure_ascii=False) if _is_json(value) else repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


def _is_json(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str, list, dict))


def is_whole(value: Any) -> bool:
    # JSON's true is a Python int; the sheet refuses it (and 2.0) as a number.
    return type(value) is int


class Fields:
    """Reads one JSON object: each key with its type and range, then refuses what is left.

    `path` prefixes field names in errors ("rules.strain_values"), `hand` numbers them.
    A key "meta" is always allowed: the app keeps its own notes there.
    """

    def __init__(self, raw: Any, path: str = "", hand: int | None = None, name: str = ""):
        self.path = path
        self.hand = hand
        if not isinstance(raw, dict):
            raise SheetError(name or path or "sheet", "must be a JSON object", hand)
        self.raw = raw
        self.seen = {"meta"}

    def name(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str, message: str) -> SheetError:
        return SheetError(self.name(key), message, self.hand)

    def has(self, key: str) -> bool:
        return key in self.raw

    def keys(self):
        return self.raw.keys()

    def __iter__(self):
        return iter(self.raw)

    def value(self, key: str, default: Any = _MISSING) -> Any:
        self.seen.add(key)
        value = self.raw.get(key, _MISSING)
        if value is not _MISSING:
            return value
        if default is _MISSING:
            raise self.error(key, "is missing")
        return default

    def whole(self, key: str, lo: int = 0, hi: int | None = None, default: Any = _MISSING) -> int:
        self.seen.add(key)
        value = self.raw.get(key, _MISSING)
        # The common case is checked inline: long sheets read thousands of these.
        if type(value) is int and lo <= value and (hi is None or value <= hi):
            return value
        if value is _MISSING:
            if default is _MISSING:
                raise self.error(key, "is missing")
            return default
        return check_whole(value, self.name(key), lo, hi, self.hand)

    def flag(self, key: str, default: bool = False) -> bool:
        self.seen.add(key)
        value = self.raw.get(key, default)
        if type(value) is not bool:
            raise self.error(key, f"must be true or false, not {describe(value)}")
        return value

    def choice(self, key: str, options, default: Any = _MISSING) -> Any:
        value = self.value(key, default)
        if key not in self.raw:
            return value
        return check_choice(value, self.name(key), options, self.hand)

    def object(self, key: str, default: Any = _MISSING) -> Fields | None:
        value = self.value(key, default)
        if key not in self.raw and value is default:
            return value
        return Fields(value, self.name(key), self.hand)

    def items(self, key: str) -> list:
        value = self.value(key)
        if not isinstance(value, list):
            raise self.error(key, "must be a list")
        return value

    def finish(self) -> None:
        unknown = [key for key in self.raw if key not in self.seen]
        if unknown:
            raise self.error(str(sorted(unknown, key=str)[0]), "is not a field here")


def check_whole(value: Any, name: str, lo: int = 0, hi: int | None = None, hand=None) -> int:
    if not is_whole(value):
        raise SheetError(name, f"must be a whole number, not {describe(value)}", hand)
    if value < lo:
        raise SheetError(name, f"must be at least {lo}, not {value}", hand)
    if hi is not None and value > hi:
        raise SheetError(name, f"must be at most {hi}, not {value}", hand)
    return value


def check_choice(value: Any, name: str, options, hand=None) -> Any:
    if not isinstance(value, str) or value not in options:
        listed = " ".join(str(option) for option in options)
        raise SheetError(name, f"must be one of {listed}, not {describe(value)}", hand)
    return value


def check_player(value: Any, name: str, players, hand=None) -> str:
    if not isinstance(value, str) or value not in players:
        raise SheetError(name, f"{describe(value)} is not a player of this game", hand)
    return value


def by_player(fields: Fields, key: str, players, read) -> dict[str, Any]:
    """A table keyed by player name; `read(value, name)` checks each entry."""
    table = fields.object(key)
    result = {}
    for name in table.keys():  # noqa: SIM118 (Fields is not a dict)
        check_player(name, table.name(name), players, fields.hand)
        result[name] = read(table.value(name), table.name(name))
    return result


# --- the sheet itself -------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """A whole game, checked: `hands` and `extra` are the game's own typed records."""

    game: str
    players: tuple[str, ...]
    settings: Any
    hands: tuple
    extra: dict = field(default_factory=dict)


def read_players(raw: Any, seats: tuple[int, ...]) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise SheetError("players", "must be a list of names")
    if len(raw) not in seats:
        wanted = " or ".join(str(n) for n in seats)
        raise SheetError("players", f"this game needs {wanted} players, not {len(raw)}")
    seen = set()
    for index, name in enumerate(raw):
        where = f"players[{index}]"
        if not isinstance(name, str) or not name.strip():
            raise SheetError(where, "a name must be text, not blank")
        if name != name.strip():
            raise SheetError(where, "a name must not start or end with a space")
        if len(name) > NAME_LENGTH:
            raise SheetError(where, f"a name has at most {NAME_LENGTH} characters")
        if TEAM_MARK in name:
            raise SheetError(where, f"a name must not contain {TEAM_MARK}")
        if name.casefold() in seen:
            raise SheetError("players", "names must be unique")
        seen.add(name.casefold())
    return tuple(raw)


@dataclass(frozen=True)
class HouseRules:
    """What every game's `Settings` (a frozen dataclass of its defaults) builds on."""

    # Settings that must be at least 1 rather than 0.
    AT_LEAST_ONE: ClassVar[frozenset] = frozenset()
    # Settings the app sets itself (Tridge's funds carried from an earlier match): never
    # asked on the new game form nor listed among the house rules.
    SET_BY_APP: ClassVar[frozenset] = frozenset()

    def check(self) -> None:
        """Refuse settings that cannot go together, with a SheetError; none by default."""


def read_settings(cls: type[HouseRules], raw: Any):
    """Overlay a sheet's `rules` on a game's `Settings` dataclass of defaults.

    Every setting is a whole number (>= 0, or >= 1 when named in `cls.AT_LEAST_ONE`);
    a setting whose default is a dict is a table that may name only the entries it
    changes; one whose default is None is optional.
    """
    if raw is None:
        raw = {}
    fields = Fields(raw, "rules", name="rules")
    values = {}
    for spec in dataclasses.fields(cls):
        if not fields.has(spec.name):
            continue
        lo = 1 if spec.name in cls.AT_LEAST_ONE else 0
        default = _default_of(spec)
        if isinstance(default, dict):
            table = fields.object(spec.name)
            merged = dict(default)
            for key in table.keys():  # noqa: SIM118 (Fields is not a dict)
                if key not in default:
                    raise table.error(str(key), "is not an entry of this table")
                merged[key] = check_whole(table.value(key), table.name(key), lo)
            values[spec.name] = merged
        else:
            values[spec.name] = fields.whole(spec.name, lo)
    fields.finish()
    settings = cls(**values)
    settings.check()
    return settings


def settings_as_rules(settings) -> dict:
    """A Settings object as a complete sheet `rules`, leaving out optional settings not set."""
    return {key: value for key, value in dataclasses.asdict(settings).items() if value is not None}


def _default_of(spec: dataclasses.Field) -> Any:
    if spec.default_factory is not dataclasses.MISSING:
        return spec.default_factory()
    return spec.default


class JSONRefused(ValueError):
    """A file that is not JSON every database can store; `str()` says what it is or holds
    ("is not valid JSON ..."), for a sentence that begins with the file."""


# "\u0000" in JSON text, not "\\u0000" (an escaped backslash, then "u0000").
_NUL = re.compile(r"(?<!\\)(?:\\\\)*\\u0000")


def parse_json(text: str | bytes) -> Any:
    """Parse a file's JSON, refusing what json.loads takes but no database column stores.

    json.loads takes NaN, Infinity and 1e999 (as inf), which JSON has not and PostgreSQL's
    jsonb refuses; lone surrogates ("\\ud800"), which no database driver encodes as UTF-8;
    and "\\u0000", which PostgreSQL's text and jsonb refuse. Each would be a server error
    when stored.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise JSONRefused(f"is not valid JSON line {error.lineno} column {error.colno}") from None
    except (ValueError, RecursionError):
        raise JSONRefused("is not valid JSON") from None
    try:
        again = json.dumps(data, ensure_ascii=False, allow_nan=False)
        again.encode()
    except (ValueError, RecursionError):  # NaN, inf, a lone surrogate (UnicodeEncodeError)
        raise JSONRefused("holds NaN, Infinity, a number too large or a broken character") from None
    if _NUL.search(again):
        raise JSONRefused("holds the character \\u0000, which no text may hold")
    return data


def read_hands(top: Fields, read_hand) -> tuple:
    """Read the `hands` list, numbering hands from 1; `read_hand(fields)` reads one."""
    return tuple(
        read_hand(Fields(hand, hand=number, name="hand"))
        for number, hand in enumerate(top.items("hands"), start=1)
    )


def read_tricks(fields: Fields, who, total: int, key: str = "tricks") -> dict[str, int]:
    """Tricks by person: exactly the people in `who`, each 0..total, adding up to `total`."""
    table = fields.object(key)
    tricks = {}
    for name in table.keys():  # noqa: SIM118 (Fields is not a dict)
        if name not in who:
            raise table.error(str(name), f"{describe(name)} does not take tricks in this hand")
        tricks[name] = check_whole(table.value(name), table.name(name), 0, total, fields.hand)
    for name in who:
        if name not in tricks:
            raise table.error(name, "is missing")
    added = sum(tricks.values())
    if added != total:
        raise fields.error(key, f"add up to {added}, must be {total}")
    return {name: tricks[name] for name in who}
