"""Words every game's screens share: plurals, sentences, signed points, rows, who won."""

from __future__ import annotations


def plural(count: int, word: str) -> str:
    """2 tricks, 1 trick: the count with its word."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def sentence(message: str) -> str:
    """A message as a form shows it: a capital and a full stop."""
    return f"{message[0].upper()}{message[1:]}."


def signed(points: int) -> str:
    """+3 or −3 (a true minus sign): a change of score."""
    return f"+{points}" if points >= 0 else f"\u2212{-points}"


def dashed(numbers) -> str:
    """A row of numbers as the sheet reads them: 5–2–2."""
    return "\u2013".join(str(n) for n in numbers)


def who_win(winners: list[str]) -> str:
    """ "Ana wins", "Ana and Ben win": the verb agrees with how many won."""
    return f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}"
