"""Two corrections of one hand meet: merged field by field, against the version both began from.

A field of the record (its top-level key) that only one phone changed takes that change; a
field both changed, to different values, is a clash the player settles (games/play/entry.py).
Each field is read to the player in the game's own words (`GameKind.field_words`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """One field as the screen compares it: as it was, as it is on record now, as entered."""

    label: str
    was: str
    now: str
    mine: str
    clash: bool


def _fields(*records: dict) -> list[str]:
    # Each key once, in the order the records hold them (the form's order).
    return list(dict.fromkeys(key for record in records for key in record))


def merge(base: dict, mine: dict, theirs: dict) -> tuple[dict, list[str]]:
    """`mine` with every change `theirs` made since `base` taken in, and the fields that clash.

    An absent key counts as None, so a flag one phone set is a change like any other. A
    clash keeps what was entered: the player chooses next (`settle`).
    """
    merged, clashes = {}, []
    for key in _fields(mine, theirs, base):
        was, entered, now = base.get(key), mine.get(key), theirs.get(key)
        if entered in (was, now):
            value = now
        elif now == was:
            value = entered
        else:
            value = entered
            clashes.append(key)
        if value is not None:
            merged[key] = value
    return merged, clashes


def clashes(base: dict, mine: dict, theirs: dict) -> list[str]:
    """The fields another phone changed since `base` that `mine` holds otherwise.

    Read once `mine` was refilled with the merge: a field the player then set back to what
    it was undoes the other phone's change, and that too needs an explicit choice.
    """
    return [
        key
        for key in _fields(mine, theirs, base)
        if theirs.get(key) != base.get(key) and mine.get(key) != theirs.get(key)
    ]


def settle(mine: dict, theirs: dict, keys: list[str]) -> dict:
    """`mine` with the record on record kept in the fields `keys`: "Keep theirs"."""
    settled = {key: value for key, value in mine.items() if key not in keys}
    settled |= {key: theirs[key] for key in keys if key in theirs}
    return settled


def rows(engine, base: dict, theirs: dict, mine: dict, clashing: list[str]) -> list[Row]:
    """Every field that is not the same in all three, in the game's words."""
    shown = []
    for key in _fields(mine, theirs, base):
        values = base.get(key), theirs.get(key), mine.get(key)
        if values[0] == values[1] == values[2]:
            continue
        words = [engine.field_words(key, value) for value in values]
        shown.append(Row(words[0][0], *(text for _, text in words), key in clashing))
    return shown
