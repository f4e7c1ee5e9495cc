"""The weekly group `make bench-pages` measures: its evenings stored as the app leaves them.

Five people (Ana, Ben, Cy, Dee, Eve) meet once a week; one of them sits out in turn. Ana's
account owns the group, Ben and Cy are members, Dee and Eve have no account. An evening
is four games, each from `bench/sheets.py`'s seeded generators with the generator's names
replaced by the people at the table:

- two Tridge matches of the four, at 0.05 a chip, with planned hands (12, 16 or 20), each
  keeping its funds on the table at its end (the house rule's default) and starting with
  what lies there: the first with what the evening before left, the second with what the
  first kept. So one leftover lies on the table after every evening, and the pages that
  list it do the same work after 1 evening as after 150;
- a Contractor game of three of them, at 0.01 a point;
- a Cardigan game of the four, or (every other week) a Bid Fair game of two, not played
  for money.

An evening's rows are written in bulk (as bench/dataset.py writes its data set), then
`changes.changed` is called for each game in the order the games were made: the app's
own hook for what is kept in step with a game's hands (the table's leftovers today),
so that what this stores is what the app would have stored, whatever listens to it.
Then come the evening's payments (`pay`). Evening `n` is the same in every group built
with one seed, so a group of 10 evenings is the first 10 of a group of 150.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.db import transaction

from bench.dataset import checked
from bench.sheets import bid_fair_sheet, cardigan_games, contractor_sheet, tridge_sheet
from games.engine.registry import read_sheet, score_sheet
from games.engine.sheet import SheetError, members, team_name
from games.models import Game, Group, Hand, Leftover, Membership, Player, Seat, Session
from games.money import evening as money_evening
from games.money import ledger as money_ledger
from games.money import table
from games.money.entries import TABLE
from games.money.evening import session_evening
from games.money.ledger import group_ledger
from games.play import changes
from games.play.access import new_token

PEOPLE = ("Ana", "Ben", "Cy", "Dee", "Eve")
OWNER = "Ana"
MEMBERS = ("Ana", "Ben", "Cy")  # the people with an account, the owner first
GENERATED = ("Ana", "Ben", "Cy", "Dee")  # the names bench/sheets.py seats, in its order
FIRST_EVENING = datetime(2023, 1, 5, 19, 30, tzinfo=UTC)  # a Thursday
PLACE = "The Crown"
CHIP = "0.05"
POINT = "0.01"


@dataclass
class Weekly:
    group: Group
    accounts: dict[str, User]  # by the player's name
    players: dict[str, Player]
    evenings: int = 0
    games: int = 0
    hands: int = 0
    marks: int = 0  # payments marked paid on an evening's settlement
    payments: int = 0  # payments recorded on the group's Settle up


def seated(value, names: dict[str, str]):
    """`value` (a sheet, a record, a team's name) with each generated name as `names` says.

    The names change all at once (Ana may become Ben while Ben becomes Cy), which
    games/records/renames.py `renamed`, one name at a time, cannot do.
    """
    if isinstance(value, str):
        return team_name(names.get(name, name) for name in members(value))
    if isinstance(value, list):
        return [seated(item, names) for item in value]
    if isinstance(value, dict):
        return {seated(key, names): seated(item, names) for key, item in value.items()}
    return value


def at_table(data: dict, people: list[str]) -> dict:
    """A generated sheet played by `people`, seated in the generator's order."""
    return seated(data, dict(zip(GENERATED, people, strict=False)))


def bid_fair_to_the_end(seed: int) -> dict:
    """A Bid Fair game to 800, cut after the hand that ends it (the generator plays on)."""
    data = bid_fair_sheet(40, seed=seed)
    data["rules"] = {"target": 800}
    try:
        score_sheet(read_sheet(data))
    except SheetError as error:
        # The first hand after the end is refused by number: everything before it stands.
        data["hands"] = data["hands"][: error.hand - 1]
    return data


def evening_sheets(number: int, seed: int) -> list[tuple[dict, dict]]:
    """Evening `number`'s four games, in the order they are played: (sheet, meta) each."""
    rng = random.Random(seed * 100_003 + number)
    out = PEOPLE[number % len(PEOPLE)]
    four = [name for name in PEOPLE if name != out]
    turn = number % len(four)  # who sits first (and deals first) moves round too
    four = four[turn:] + four[:turn]

    def match(meta: dict) -> tuple[dict, dict]:
        hands = rng.choice((12, 16, 20))
        data = tridge_sheet(hands, people=4, seed=rng.randrange(1 << 30))
        data["rules"] = {"hands": hands}
        return at_table(data, four), {"stake": CHIP} | meta

    games = [match({}), match({})]
    contractor = contractor_sheet(rng.choice((9, 12, 15)), seed=rng.randrange(1 << 30))
    games.append((at_table(contractor, four[:3]), {"stake": POINT}))
    if number % 2 == 0:
        games.append((at_table(cardigan_games(1, seed=rng.randrange(1 << 30))[0], four), {}))
    else:
        games.append((at_table(bid_fair_to_the_end(rng.randrange(1 << 30)), four[:2]), {}))
    return games


def start(tag: str) -> Weekly:
    """The group, its accounts and its five players; `tag` tells apart the accounts of
    groups built in one database (usernames `ana-<tag>`, ...)."""
    password = make_password(None)  # unusable: the benchmark logs in with force_login
    # In bulk, so that no post_save gives each account a group of its own (as sign-up does).
    made = User.objects.bulk_create(
        User(username=f"{name.lower()}-{tag}", password=password) for name in MEMBERS
    )
    accounts = dict(zip(MEMBERS, made, strict=True))
    # As create_group makes one: its invite link on.
    group = Group.objects.create(
        name=f"Thursday club ({tag})",
        owner=accounts[OWNER],
        invite_token=new_token(),
        created=FIRST_EVENING - timedelta(days=1),
    )
    Membership.objects.bulk_create(
        Membership(group=group, user=user, joined=group.created) for user in made
    )
    players = {
        name: Player.objects.create(
            group=group, name=name, account=accounts.get(name), created=group.created
        )
        for name in PEOPLE
    }
    return Weekly(group, accounts, players)


@transaction.atomic
def build(evenings: int, seed: int = 1, tag: str | None = None) -> Weekly:
    """The weekly group after `evenings` evenings."""
    weekly = start(tag or str(evenings))
    for number in range(evenings):
        add_evening(weekly, number, seed)
    return weekly


def add_evening(weekly: Weekly, number: int, seed: int) -> None:
    when = FIRST_EVENING + timedelta(weeks=number)
    session = Session.objects.create(
        group=weekly.group, date=when.date(), place=PLACE, created=when
    )
    planned = evening_sheets(number, seed)
    games = []
    for index, (data, meta) in enumerate(planned):
        rules, top = checked(data)
        made = when + timedelta(minutes=50 * index)
        games.append(
            Game(
                session=session,
                kind=data["game"],
                players=list(data["players"]),
                rules=rules,
                meta=top | meta,
                created=made,
            )
        )
    Game.objects.bulk_create(games)
    Seat.objects.bulk_create(
        Seat(game=game, player=weekly.players[name], position=position)
        for game, (data, _) in zip(games, planned, strict=True)
        for position, name in enumerate(data["players"])
    )
    hands = [
        Hand(game=game, number=order, record=record, created=game.created, updated=game.created)
        for game, (data, _) in zip(games, planned, strict=True)
        for order, record in enumerate(data["hands"], start=1)
    ]
    Hand.objects.bulk_create(hands)
    for game in games:
        if game.engine.money.LEAVES:
            # A new match is offered what lies on the table, and the table takes it.
            lying = [pile.left for pile in table.lying(weekly.group, game.kind)]
            if lying:
                table.take(game, lying)
        changes.changed(game)  # as after its last hand was saved
    weekly.evenings += 1
    weekly.games += len(games)
    weekly.hands += len(hands)
    pay(weekly, session, number)


CENT = Decimal("0.01")


def pay(weekly: Weekly, session: Session, number: int) -> None:
    """The evening's payments: the one place to adapt when the way payments are made
    changes (issue 33 rebuilds the group's money as a ledger).

    On the night the first two payments of the evening's settlement between people (never
    the table's share) are marked paid, as its page marks them; every other week someone
    pays off, on the group's Settle up, the first debt it shows between people: all of it
    one time, half of it the next.
    """
    evening = session_evening(session)
    people = {name for name in evening.cents if name != TABLE}
    # What Settle up paid earlier of the same two people's debts counts (the oldest first).
    between = [d for d in evening.due if {d.payer, d.payee} <= people and d.can_pay]
    by = weekly.accounts[OWNER]
    for due in between[:2]:
        money_evening.pay(session, due.payer, due.payee, due.payable, by)
        weekly.marks += 1
    if number % 2 == 0:
        return
    ledger = group_ledger(weekly.group)
    owed = [o for o in ledger.owed if TABLE not in (o.payer, o.payee)]
    if not owed:
        return
    debt = owed[0]
    amount = debt.amount if number % 4 == 1 else (debt.amount / 2).quantize(CENT)
    by = weekly.accounts.get(debt.payer, weekly.accounts[OWNER])
    money_ledger.pay(weekly.group, debt.payer, debt.payee, max(amount, CENT), by)
    weekly.payments += 1


def leftovers(weekly: Weekly) -> tuple[int, int]:
    """The group's leftovers: (taken by a later match, still on the table)."""
    rows = Leftover.objects.filter(group=weekly.group)
    lying = len(table.lying(weekly.group))
    return rows.count() - lying, lying
