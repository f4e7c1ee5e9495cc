"""A stored Cardigan deal as the deal form's fields, and where a new game's first deal
finds the table's way of entering the cards."""

from __future__ import annotations

from collections import Counter

from games.cardigan import rules, table
from games.cardigan.screen import SET_NAMES, boxed
from games.models import Hand


def last_game_deal(game) -> dict:
    """The last deal of the group's latest Cardigan game begun before this one, or {}. For
    Play again's next game, drawn and not stored (games/views/again.py), that is the game
    just played."""
    hand = (
        Hand.objects.filter(
            game__session__group_id=game.session.group_id,
            game__kind=game.kind,
            game__deleted__isnull=True,
            game__created__lt=game.created,
        )
        .order_by("-game__created", "-number")
        .only("record")
        .first()
    )
    return hand.record if hand else {}


def initial_from(record: dict, people: list[str]) -> dict:
    teams = rules.team_names(people)
    initial = {
        "declarer": record["declarer"],
        "contract": boxed(record["level"], record["bid"]),
        "level": record["level"],
        "bid": record["bid"],
        "dummy": record.get("dummy", False),
        "open": record.get("open", False),
        "stuck": record.get("stuck", False),
        "tricks": record["tricks"],
        "team": "0",
    }
    duplicates = record.get("duplicates", {})
    initial["dup_who"] = [
        str(people.index(name))
        for name, sets in duplicates.items()
        if {"triplet", "four"} & set(sets)
    ]
    for name, sets in duplicates.items():
        seat = people.index(name)
        for kind in rules.DUPLICATE_SIZES:
            initial[f"{SET_NAMES[kind]}_{seat}"] = sets.count(kind)
    discards = record.get("discards", {})
    for t, name in enumerate(teams):
        initial[f"discards_{t}"] = discards.get(name, 0)
    if "cards" in record:
        initial["mode"] = "cards"
        for t, name in enumerate(teams):
            initial[f"cards_{t}"] = table.written(Counter(record["cards"][name]))
    elif "card_points" in record:
        initial["mode"] = "points"
        for t, name in enumerate(teams):
            initial[f"points_{t}"] = record["card_points"][name]
    else:
        initial["mode"] = "quick"
        for t, name in enumerate(teams):
            for rank in rules.COUNTED_RANKS:
                initial[f"count_{t}_{rank}"] = record["card_counts"][name][rank]
    return initial
