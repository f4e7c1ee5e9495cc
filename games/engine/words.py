"""Words every game's screens share: plurals, sentences, signed points, rows, lists of names,
who won and how a game ended."""

from __future__ import annotations

from games.engine.sheet import members


def plural(count: int, word: str) -> str:
    """2 tricks, 1 trick: the count with its word."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def sentence(message: str) -> str:
    """A message as a form shows it: a capital and a full stop."""
    return f"{message[0].upper()}{message[1:]}."


def signed(points: int) -> str:
    """+3 or −3 (a true minus sign): a change of score."""
    return f"+{points}" if points >= 0 else f"\u2212{-points}"


def money_text(amount) -> str:
    """An amount of money as every screen writes it: 1,234.50, −2.30 (a true minus sign)."""
    return f"{amount:,.2f}".replace("-", "\u2212")


def dashed(numbers) -> str:
    """A row of numbers as the sheet reads them: 5–2–2."""
    return "\u2013".join(str(n) for n in numbers)


def names(items) -> str:
    """ "Ana", "Ana and Bo", "Ana, Bo and Cy": a list as a sentence says it."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def agree(subjects: list[str], one: str, many: str, team: bool = False) -> str:
    """The verb for `subjects`: one player takes `one`; a team, like two players, `many`."""
    return one if len(subjects) == 1 and not team else many


def who_win(winners: list[str], team: bool = False) -> str:
    """ "Ana wins", "Ana and Bo win", "Tom & Raj win": the verb agrees with who won."""
    return f"{names(winners)} {agree(winners, 'wins', 'win', team)}"


def ending(standings: dict[str, int], winners: list[str], team: bool = False) -> str:
    """How a game ended, said plainly when nobody really won: "Ana wins".

    Everyone level is a tie, not a table of winners; everyone below zero ("all down",
    as Tridge's chips can leave them) is said before who lost least.
    """
    totals = list(standings.values())
    down = all(total < 0 for total in totals)
    if len(totals) > 1 and len(winners) == len(totals):
        return f"a tie, everyone {f'down {-totals[0]}' if down else f'on {totals[0]}'}"
    if down:
        return f"everyone is down; {names(winners)} {agree(winners, 'loses', 'lose', team)} least"
    return who_win(winners, team)


def game_over(standings: dict[str, int], winners: list[str], team: bool = False) -> str:
    """ "Game over: Ana wins." (`ending`), or just "Game over." without winners."""
    return f"Game over: {ending(standings, winners, team)}." if winners else "Game over."


def value_text(value) -> str:
    """A record's value in plain words, where the game has none of its own: "Ana 5, Ben 3"."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if any(isinstance(inner, dict | list) for inner in value.values()):
            return "; ".join(f"{key}: {value_text(inner)}" for key, inner in value.items())
        return ", ".join(f"{key} {value_text(inner)}" for key, inner in value.items())
    if isinstance(value, list):
        return " ".join(value_text(inner) for inner in value) or "none"
    return str(value)


def read_field(key: str, value, labels=None, flags=(), texts=None) -> tuple[str, str]:
    """A field of a hand's record as a player reads it (games/engine/kind.py `field_words`).

    `labels`: the game's names for its fields; `flags`: the fields that are yes or no;
    `texts`: the game's words for a field's value, by field.
    """
    label = (labels or {}).get(key) or key.replace("_", " ").capitalize()
    if key in flags:
        return label, "yes" if value else "no"
    if value is not None and key in (texts or {}):
        return label, texts[key](value)
    return label, value_text(value)


def whose(counts: dict, first: str) -> str:
    """Each person's count by name, `first` (the player) first, then in seat order:
    "Cy 3, Ana 2, Ben 4". Bare figures in seat order read as the player's own first."""
    order = sorted(counts, key=lambda name: name != first)  # stable: the seats stay
    return ", ".join(f"{name} {counts[name]}" for name in order)


def in_seats(record: dict, players) -> dict:
    """The hand's record with its fields by player or team in seat order, for its words.

    PostgreSQL's jsonb keeps an object's keys in an order of its own (shortest name
    first), so "tricks Ben 5, Cy 3, Dee 1" read back from it would say Cy first. A team ("Ana & Cy")
    sits where its first player sits.
    """
    seat = {name: i for i, name in enumerate(players)}

    def place(item):
        return seat.get(members(item[0])[0], 99)

    return {
        field: dict(sorted(value.items(), key=place)) if isinstance(value, dict) else value
        for field, value in record.items()
    }
