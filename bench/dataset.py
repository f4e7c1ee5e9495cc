"""The data set `make bench` serves: accounts, sessions and games, stored in bulk.

50 accounts, 500 games across the four kinds, and among them one Tridge game of 500
hands (the scoreboard measured) with a share link (the poll measured), plus copies of
it that the hand-entry clients write to, one copy per client (two phones saving into
one game would only conflict). Every sheet comes from `bench/sheets.py`'s seeded
generators, is read and scored before it is stored, and every stored game is scored
again from the database afterwards: nothing the server shows is a sheet it refuses.

Passwords: every account gets one hash of one password, computed once (hashing 50
passwords at the production cost would take longer than the benchmark).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.db import transaction

from bench.sheets import bid_fair_sheet, cardigan_games, contractor_sheet, tridge_sheet
from games.engine.sheet import settings_as_rules
from games.models import Game, Group, Hand, Membership, Player, Seat, Session
from games.play.access import new_token
from games.play.services import score_game
from games.records.imports import SHEET_KEYS, checked_sheet

PASSWORD = "bench-password-not-a-secret"
NAMES = ("Ana", "Ben", "Cy", "Dee")  # every generator seats these names, in this order
KINDS = ("contractor", "bid_fair", "tridge", "cardigan")


@dataclass
class Dataset:
    owner: str  # username of the big game's owner
    password: str
    big_game: int  # pk of the Tridge game of `big_hands` hands
    share_token: str
    entry_games: list[int]  # copies of the big game, one per hand-entry client
    big_hands: int
    users: int
    games: int  # every game stored, the big one and its copies included
    hands: int
    by_kind: dict[str, int]


def small_sheet(kind: str, rng: random.Random) -> dict:
    """One evening's game of `kind`, of a length a table plays."""
    seed = rng.randrange(1 << 30)
    if kind == "contractor":
        return contractor_sheet(rng.randint(6, 30), seed=seed)
    if kind == "bid_fair":
        return bid_fair_sheet(rng.randint(4, 20), seed=seed)
    if kind == "tridge":
        return tridge_sheet(rng.randint(8, 60), people=rng.choice((3, 4, 4, 4)), seed=seed)
    return cardigan_games(1, seed=seed)[0]


def checked(data: dict) -> tuple[dict, dict]:
    """The sheet's rules and meta as import_sheet stores them; raises if it does not score."""
    sheet = checked_sheet(data)
    top = {key: value for key, value in data.items() if key not in SHEET_KEYS}
    return settings_as_rules(sheet.settings), ({"sheet_top": top} if top else {})


@transaction.atomic
def build(
    users: int = 50, games: int = 500, big_hands: int = 500, entry_copies: int = 4, seed: int = 1
) -> Dataset:
    rng = random.Random(seed)
    now = datetime(2025, 6, 1, 20, 0, tzinfo=UTC)
    password = make_password(PASSWORD)
    accounts = User.objects.bulk_create(
        User(username=f"bench{n:02d}", password=password, date_joined=now) for n in range(users)
    )
    # bulk_create sends no post_save: each account's first group is made here.
    groups = Group.objects.bulk_create(
        Group(name=f"{user.username}'s table", owner=user, created=now) for user in accounts
    )
    Membership.objects.bulk_create(
        Membership(group=group, user=group.owner, joined=now) for group in groups
    )
    group_of = {group.owner_id: group for group in groups}
    players = Player.objects.bulk_create(
        Player(group=group_of[user.pk], name=name, created=now)
        for user in accounts
        for name in NAMES
    )
    seats_of = {
        user.pk: players[index * len(NAMES) : (index + 1) * len(NAMES)]
        for index, user in enumerate(accounts)
    }

    # Games: the big one and its copies belong to the first account; the others are dealt
    # round the accounts, a few games to a session, the four kinds in turn.
    sheets: list[tuple[User, dict, bool]] = []  # (owner, sheet, shared)
    big = tridge_sheet(big_hands, seed=seed)
    sheets.append((accounts[0], big, True))
    sheets += [(accounts[0], big, False) for _ in range(entry_copies)]
    for number in range(games - len(sheets)):
        owner = accounts[number % users]
        sheets.append((owner, small_sheet(KINDS[number % len(KINDS)], rng), rng.random() < 0.1))

    sessions: dict[tuple[int, int], Session] = {}
    planned = []
    for index, (owner, data, shared) in enumerate(sheets):
        # About three games an evening; the big game and its copies share one evening.
        evening = 0 if index <= entry_copies else 1 + index // (users * 3)
        key = (owner.pk, evening)
        if key not in sessions:
            day = date(2025, 6, 1) - timedelta(days=evening * 7 + owner.pk % 7)
            sessions[key] = Session(group=group_of[owner.pk], date=day, place="Club", created=now)
        planned.append((sessions[key], data, shared))
    Session.objects.bulk_create(sessions.values())

    stored = []
    for session, data, shared in planned:
        rules, meta = checked(data)
        stored.append(
            Game(
                session=session,
                kind=data["game"],
                players=list(data["players"]),
                rules=rules,
                meta=meta,
                created=now,
                share_token=new_token() if shared else None,
            )
        )
    Game.objects.bulk_create(stored)
    seats = []
    hands = []
    for game, (session, data, _) in zip(stored, planned, strict=True):
        by_name = {player.name: player for player in seats_of[session.group.owner_id]}
        seats += [
            Seat(game=game, player=by_name[name], position=position)
            for position, name in enumerate(data["players"])
        ]
        hands += [
            Hand(game=game, number=number, record=record, created=now, updated=now)
            for number, record in enumerate(data["hands"], start=1)
        ]
    Seat.objects.bulk_create(seats, batch_size=2000)
    Hand.objects.bulk_create(hands, batch_size=2000)

    by_kind: dict[str, int] = {}
    for game in stored:
        by_kind[game.kind] = by_kind.get(game.kind, 0) + 1
    return Dataset(
        owner=accounts[0].username,
        password=PASSWORD,
        big_game=stored[0].pk,
        share_token=stored[0].share_token,
        entry_games=[game.pk for game in stored[1 : 1 + entry_copies]],
        big_hands=big_hands,
        users=users,
        games=len(stored),
        hands=len(hands),
        by_kind=by_kind,
    )


def check_all_score() -> int:
    """Score every stored game from the database, as the scoreboard does; raises if one fails."""
    count = 0
    for game in Game.objects.prefetch_related("hands").iterator(chunk_size=100):
        score_game(game)
        count += 1
    return count


def trim(games: list[int], hands: int) -> int:
    """Put the hand-entry games back to `hands` hands; bump their version (their ETag)."""
    from django.db.models import F

    with transaction.atomic():
        removed, _ = Hand.objects.filter(game_id__in=games, number__gt=hands).delete()
        Game.objects.filter(pk__in=games).update(version=F("version") + 1)
    return removed


def hand_counts(games: list[int]) -> dict[int, int]:
    from django.db.models import Count

    rows = Game.objects.filter(pk__in=games).annotate(n=Count("hands")).values_list("pk", "n")
    return dict(rows)
