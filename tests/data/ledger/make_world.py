"""Build the ledger's "before" world: real-shaped groups played through today's code.

Run from the repository's root, with nothing else to set up:

    .venv/bin/python tests/data/ledger/make_world.py

It makes a throwaway SQLite file in a temporary folder (DATABASE_URL, and the cache's
folder, CACHE_LOCATION, point there; `--db PATH` keeps the file instead, at a path that must
not exist yet), migrates it, and plays three groups' evenings through the app's own code:
the new game form, Play again, the Mark paid button, the table's Share out and the Tridge
settlement's options through Django's test client, as a phone sends them; hands through
games.play.services, the bin, renames and merges, and the group's payments through the
functions their views call. The hands are the seeded sheets of bench/sheets.py, entered one
at a time as at a table. Then it writes, beside itself:

- world.json: the rows (`dumpdata games auth.user --all`: deleted rows too, plain pks);
- before.json: what every money screen shows, as today's code works it out.

Everything is seeded. The clock is a fake one, moved on a few seconds at each reading and
set to each evening, and the group invite tokens come from a seeded generator, so that a
second run writes the same two files, byte for byte.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import sys
import tempfile
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))  # bench/ is no installed package

# The generators' own names, seat by seat: each game's records are written for its seats.
GENERIC = {
    "tridge": ["Ana", "Ben", "Cy", "Dee"],
    "contractor": ["Ana", "Ben", "Cy"],
    "bid_fair": ["Ana", "Ben"],
    "cardigan": ["Ana", "Ben", "Cy", "Dee"],
}
ZEDD_PAYS_ZED = Decimal("26.00")


def configure(folder: Path, db: Path) -> None:
    """The settings for a throwaway database: set before Django reads them."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
    os.environ["DATABASE_URL"] = f"sqlite:///{db}"
    os.environ["CACHE_LOCATION"] = str(folder / "cache")
    os.environ["DEBUG"] = "1"
    os.environ["TIME_ZONE"] = "UTC"
    os.environ.pop("CACHE_URL", None)  # never a shared Redis: this world is private


class Clock:
    """A fake `timezone.now`: every reading is a little later than the one before, so that
    rows keep the order they were made in, and the same run gives the same times."""

    STEP = timedelta(seconds=15)

    def __init__(self):
        self.at = datetime(2025, 1, 6, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += self.STEP
        return self.at

    def to(self, day: date, hour: int = 19, minute: int = 30) -> None:
        """Move on to `day` at that hour; never back (a run of calls may pass it)."""
        self.at = max(self.at, datetime.combine(day, time(hour, minute), UTC))


def stop_the_clock() -> Clock:
    """Every `timezone.now` the app reads, the models' defaults included, is the fake one."""
    from django.apps import apps
    from django.utils import timezone

    clock, real = Clock(), timezone.now
    timezone.now = clock
    for model in apps.get_models(include_auto_created=True):
        for field in model._meta.concrete_fields:
            if field.default is real:
                field.default = clock
                # Django keeps the default's callable once it was asked for it.
                field.__dict__.pop("_get_default", None)
    return clock


def seed_tokens() -> None:
    """Group invite tokens from a seeded generator: the same on every run."""
    from games.play import access, groups

    rng = random.Random(2025)

    def new_token() -> str:
        return base64.urlsafe_b64encode(rng.randbytes(24)).decode().rstrip("=")

    access.new_token = groups.new_token = new_token


class World:
    """The app driven as its members drive it; every pk that matters kept in `cases`."""

    def __init__(self, clock: Clock):
        from django.test import Client

        self.Client = Client
        self.clock = clock
        self.cases: dict = {}
        self.users: dict = {}
        self.clients: dict = {}

    # --- accounts, groups, sessions ---------------------------------------------------

    def account(self, username: str):
        """An account, as signing up makes it: with a first group of its own."""
        from django.contrib.auth.hashers import make_password
        from django.contrib.auth.models import User

        if not hasattr(self, "password"):
            # One hash, with a fixed salt: a second run dumps the same row.
            self.password = make_password("deal-me-in", salt="ledgerworld")
        user = User(username=username, email=f"{username}@example.org", password=self.password)
        user.save()
        client = self.Client()
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        self.users[username], self.clients[username] = user, client
        return user

    def post(self, who: str, url: str, data=None):
        response = self.clients[who].post(url, data or {})
        assert response.status_code == 302, (url, response.status_code, response.content[:800])
        return response

    def own_group(self, owner: str, name: str):
        """The owner's first group, renamed as a table would name it."""
        from django.urls import reverse

        from games.models import Group

        group = Group.objects.get(owner=self.users[owner])
        self.post(owner, reverse("group_rename", args=[group.pk]), {"name": name})
        group.refresh_from_db()
        return group

    def join(self, who: str, group) -> None:
        from django.urls import reverse

        self.post(who, reverse("join", args=[group.invite_token]))

    def session(self, who: str, group, day: date, place: str = ""):
        from django.urls import reverse

        from games.models import Session

        self.clock.to(day)
        url = reverse("session_new") + f"?group={group.pk}"
        self.post(who, url, {"date": day.isoformat(), "place": place, "note": ""})
        return Session.objects.filter(group=group).order_by("-pk").first()

    def this_is_me(self, who: str, group, name: str) -> None:
        from django.urls import reverse

        from games.models import Player

        player = Player.objects.get(group=group, name=name)
        self.post(who, reverse("player_account", args=[player.pk]), {"account": "me"})

    # --- games ------------------------------------------------------------------------

    def new_game(self, who, session, kind, seats, stake=None, hands=None, leftover=None):
        """The new game form, as sent: every house rule at its default, the seats typed in,
        and, when something lies on the table, the table's choice (`leftover`, else none)."""
        from django.urls import reverse

        from games.engine.registry import GAMES
        from games.models import Game
        from games.money import table
        from games.play.table_forms import house_rules

        engine = GAMES[kind]
        data = {"kind": kind, "stake": stake or ""}
        for name, _, default in house_rules(engine):
            if default is not None:
                data[f"rule_{name}"] = default
        if hands is not None:
            data["rule_hands"] = hands
        data |= {f"seat_{seat}": name for seat, name in enumerate(seats)}
        if engine.LEAVES and table.lying(session.group, kind):
            data["leftover"] = str(leftover.pk) if leftover else "none"
        before = set(Game.kept.values_list("pk", flat=True))
        self.post(who, reverse("game_new", args=[session.pk]), data)
        (pk,) = set(Game.kept.values_list("pk", flat=True)) - before
        return Game.objects.get(pk=pk)

    def play_again(self, who, game):
        """The board's Play again on a finished game."""
        from django.urls import reverse

        from games.models import Game

        self.post(who, reverse("game_rematch", args=[game.pk]))
        game.refresh_from_db()
        return Game.objects.get(pk=game.meta["next_game"])

    def play(self, game, records, hands=None):
        """Enter the records the app takes, one hand at a time, after those stored, until
        the game is over (or has `hands`): in the seats' own names, chosen beforehand."""
        from games.models import Game
        from games.play import services

        game = Game.objects.get(pk=game.pk)
        stored = list(game.hands.values_list("record", flat=True))
        new = chosen(game, records, hands, stored)
        for number, record in enumerate(new, start=len(stored) + 1):
            services.add_hand(game, record, number)
        return Game.objects.get(pk=game.pk)

    def correct(self, game, number: int, tries, who: str):
        """A hand corrected as its edit screen stores it: the first of `tries` (each a
        change of the record) the rules allow."""
        from games.engine.sheet import SheetError
        from games.play import services

        hand = game.hands.get(number=number)
        for change in tries:
            record = change(dict(hand.record))
            if record is None or record == hand.record:
                continue
            try:
                return services.edit_hand(hand, record, self.users[who], hand.version)
            except SheetError:
                continue
        raise AssertionError(f"no correction of hand {number} of game {game.pk} was allowed")

    def mark_paid(self, who, session, payment):
        """The evening's Mark paid button."""
        from django.urls import reverse

        from games.models import Paid

        data = {"payer": payment.payer, "payee": payment.payee, "amount": str(payment.amount)}
        self.post(who, reverse("session_paid", args=[session.pk]), data)
        return Paid.objects.get(session=session, **data)

    def share_out(self, who, group, leftover) -> None:
        """The group page's Share out, on what a match left on the table."""
        from django.urls import reverse

        self.post(who, reverse("group_table_share", args=[group.pk, leftover.pk]))

    def split_now(self, who, game, chip_value: str) -> None:
        """The Tridge settlement's options: "Split them equally now", at this money value."""
        from django.urls import reverse

        url = reverse("game:settlement_options", kwargs={"pk": game.pk})
        self.post(who, url, {"split_funds": "1", "chip_value": chip_value})


# --- the hands --------------------------------------------------------------------------


def seated(records: list, generic: list, players: list) -> list:
    """The generator's records written for the game's seats, seat by seat: through stand-in
    names first, so that two seats trading names never meet."""
    from games.records.renames import renamed

    stand_ins = [f"Seat{seat}" for seat in range(len(players))]
    for old, stand_in in zip(generic, stand_ins, strict=False):
        records = renamed(records, old, stand_in)
    for stand_in, new in zip(stand_ins, players, strict=True):
        records = renamed(records, stand_in, new)
    return records


def chosen(game, records, hands=None, stored=()) -> list:
    """The records the table would enter after those `stored`, each one the app takes, up
    to the game's end (or `hands` in all): worked out by scoring alone, storing nothing."""
    from games.engine.sheet import SheetError
    from games.play import services

    kept = list(stored)
    for record in seated(records, GENERIC[game.kind], list(game.players)):
        if hands is not None and len(kept) == hands:
            break
        try:
            score = services.score_records(game, [*kept, record])
        except SheetError:
            continue  # a record this game's rules refuse: the table would not write it
        kept.append(record)
        if score.finished:
            break
    else:
        if hands is None or len(kept) < hands:
            raise AssertionError(f"game {game.pk}: the records ran out before its end")
    return kept[len(stored) :]


def sheet_records(kind: str, seed: int, people: int = 4) -> list:
    from bench import sheets

    if kind == "tridge":
        return sheets.tridge_sheet(40, people, seed)["hands"]
    if kind == "contractor":
        return sheets.contractor_sheet(30, seed)["hands"]
    if kind == "bid_fair":
        return sheets.bid_fair_sheet(60, seed)["hands"]
    return sheets.cardigan_games(1, seed)[0]["hands"]


class Offline:
    """A game not stored yet, for scoring the generators' records before any is chosen."""

    def __init__(self, kind, players, rules=None, meta=None):
        from games.play import services

        self.kind, self.players = kind, players
        self.rules = services.default_rules(kind) | (rules or {})
        self.meta = meta or {}

    @property
    def engine(self):
        from games.engine.registry import GAMES

        return GAMES[self.kind]


def bid_fair_losing(amount: Decimal, seed: int) -> tuple[int, int, str]:
    """The first seed from `seed` whose Bid Fair game is lost by exactly `amount` at a money
    value a table would choose (a cent to ten cents a point, four decimals at most, as the
    form takes it): (seed, points lost, the generator's loser)."""
    from games.play import services

    while True:
        game = Offline("bid_fair", GENERIC["bid_fair"])
        records = chosen(game, sheet_records("bid_fair", seed))
        standings = services.score_records(game, records).standings
        loser, winner = sorted(standings, key=standings.get)
        points = standings[winner] - standings[loser]
        if (amount * 10_000) % points == 0 and 10 * amount <= points <= 100 * amount:
            return seed, points, loser
        seed += 1


def tridge_seed(game, seed: int, wanted, split=False) -> int:
    """The first seed from `seed` whose match, as `game` would play it, settles with a
    payment `wanted(payment, settlement)` says yes to among its fewest."""
    from games.play import services
    from games.tridge import match
    from games.tridge.settle import settle

    people = len(game.players)
    while True:
        records = chosen(game, sheet_records("tridge", seed, people))
        score = services.score_records(game, records)
        settled = settle(
            list(game.players),
            match.starting_chips(game),
            score,
            split_funds=split,
            carried=match.carried(game.rules),
        )
        if any(wanted(payment, settled) for payment in settled.payments):
            return seed
        seed += 1


# --- the groups --------------------------------------------------------------------------


def group_a(world: World) -> None:
    """A weekly group of five over six evenings, a guest under two spellings, and one
    evening entered twice and deleted."""
    from games.models import Leftover, Player
    from games.money import evening, ledger
    from games.play import bin, services
    from games.records import renames

    ana, ben, cy = (world.account(name) for name in ("ana", "ben", "cy"))
    group = world.own_group("ana", "Thursday club")
    world.join("ben", group)
    world.join("cy", group)
    cases = world.cases.setdefault("group_a", {"group": group.pk})
    thursday = date(2025, 1, 9)
    week = timedelta(days=7)

    # Evening 1: a match of four kept on the table, Play again takes its funds and keeps
    # its own; Contractor at half a unit a point.
    s1 = world.session("ana", group, thursday, "at Ana's")
    t1 = world.new_game("ana", s1, "tridge", ["Ana", "Ben", "Cy", "Dee"], "0.05", hands=12)
    for name, who in (("Ana", "ana"), ("Ben", "ben"), ("Cy", "cy")):
        world.this_is_me(who, group, name)
    t1 = world.play(t1, sheet_records("tridge", 11))
    # A hand entered by mistake in the middle of the match, deleted for good.
    t2 = world.play_again("ben", t1)
    t2 = world.play(t2, sheet_records("tridge", 12), hands=5)
    hand = t2.hands.get(number=5)
    services.delete_hand(hand, ben, hand.version)
    t2 = world.play(t2, sheet_records("tridge", 120))
    # A finished game's hand deleted from the middle and put back (the Undo of it).
    c1 = world.new_game("ana", s1, "contractor", ["Ana", "Ben", "Eve"], "0.5", hands=9)
    c1 = world.play(c1, sheet_records("contractor", 13))
    hand = c1.hands.get(number=4)
    services.delete_hand(hand, ana, hand.version)
    services.put_back(c1.revisions.get(number=4, action="deleted"), ana)
    paid = evening.session_evening(s1).payments
    marks = [world.mark_paid("ana", s1, paid[0]), world.mark_paid("ben", s1, paid[1])]
    cases["evening_1"] = {"session": s1.pk, "games": [t1.pk, t2.pk, c1.pk]}
    cases["play_again"] = {"from": t1.pk, "took": t2.pk, "leftover": t1.leftover.pk}

    # Evening 2: a match of three whose funds stay on the table for weeks, then are shared
    # out; Bid Fair at a cent a point. Nobody marks anything: the group settles it later.
    s2 = world.session("ben", group, thursday + week, "at Ben's")
    t3 = world.new_game("ben", s2, "tridge", ["Cy", "Dee", "Eve"], "0.10", hands=9, leftover=None)
    t3 = world.play(t3, sheet_records("tridge", 21, people=3))
    # The last hand deleted after the end, and put back: the table's row goes and comes back.
    hand = t3.hands.get(number=9)
    services.delete_hand(hand, ben, hand.version)
    assert not Leftover.objects.filter(source=t3).exists()
    services.put_back(t3.revisions.get(number=9, action="deleted"), ben)
    b1 = world.new_game("ben", s2, "bid_fair", ["Ana", "Ben"], "0.01")
    b1 = world.play(b1, sheet_records("bid_fair", 22))
    cases["evening_2"] = {"session": s2.pk, "games": [t3.pk, b1.pk]}

    # The next day, on the group's Settle up: one debt paid whole, another in part.
    world.clock.to(thursday + week + timedelta(days=1), 12)
    owed = [o for o in ledger.group_ledger(group).owed if "the table" not in (o.payer, o.payee)]
    whole = ledger.record_payment(group, owed[0].payer, owed[0].payee, owed[0].amount, ana)
    half = (owed[1].amount / 2).quantize(Decimal("0.01"))
    part = ledger.record_payment(group, owed[1].payer, owed[1].payee, half, cy)

    # Evening 3: the new game form takes what evening 1 left; Play again; Cardigan at a
    # tenth of a cent a point, corrected after a payment of the evening was marked.
    s3 = world.session("cy", group, thursday + 2 * week, "at Cy's")
    l2 = Leftover.objects.get(source=t2)
    t4 = world.new_game("cy", s3, "tridge", ["Ben", "Cy", "Dee", "Ana"], "0.05", 8, leftover=l2)
    t4 = world.play(t4, sheet_records("tridge", 31))
    t5 = world.play_again("cy", t4)
    t5 = world.play(t5, sheet_records("tridge", 32))
    k1 = world.new_game("cy", s3, "cardigan", ["Ben", "Cy", "Dee", "Eve"], "0.001")
    k1 = world.play(k1, sheet_records("cardigan", 33))
    before = evening.session_evening(s3)
    target = next(p for p in before.payments if {p.payer, p.payee} & set(k1.players))
    stale = world.mark_paid("cy", s3, target)
    other = next(p for p in before.payments if p is not target)
    marks.append(world.mark_paid("ana", s3, other))
    world.correct(
        k1,
        2,
        [
            lambda r: r | {"level": r["level"] + 1} if r["level"] < 5 else None,
            lambda r: r | {"level": r["level"] - 1} if r["level"] > 1 else None,
        ],
        "cy",
    )
    after = evening.session_evening(s3)
    assert stale in after.stale, "the correction left the marked payment as it was"
    cases["evening_3"] = {"session": s3.pk, "games": [t4.pk, t5.pk, k1.pk]}
    cases["new_game_form_take"] = {"leftover": l2.pk, "from": t2.pk, "took": t4.pk}
    cases["stale_mark"] = {"session": s3.pk, "mark": stale.pk, "game": k1.pk, "hand": 2}

    # The next day the owner deletes the second match by mistake and restores it: while it
    # is in the bin, what it took lies on the table again.
    world.clock.to(thursday + 2 * week + timedelta(days=1), 10)
    bin.delete(t5)
    assert any(left.source_id == t4.pk for left, _ in lying_rows(group))
    world.clock.to(thursday + 2 * week + timedelta(days=1), 11)
    assert bin.restore(ana, "game", t5.pk) is not None
    cases["restored_game"] = {"game": t5.pk, "took": Leftover.objects.get(source=t4).pk}

    # Eve is Evie from now on: her games, marks and payments follow.
    eve = Player.objects.get(group=group, name="Eve")
    renames.rename_player(eve, "Evie")
    cases["rename"] = {"player": eve.pk, "old": "Eve", "new": "Evie"}

    # Evening 4: evening 2's funds shared out; a match at two cents a chip kept on the
    # table; Contractor at a cent a point, and one played for nothing.
    s4 = world.session("ana", group, thursday + 3 * week, "at Ana's")
    l3 = Leftover.objects.get(source=t3)
    # Sharing out settles the source match again: its evening's figures change, weeks on.
    was = evening.session_evening(s2).results
    world.share_out("ben", group, l3)
    cases["shared_out"] = {
        "leftover": l3.pk,
        "source": t3.pk,
        "session": s2.pk,
        "evening_results_before": {name: text(amount) for name, amount in was.items()},
    }
    t6 = world.new_game("ana", s4, "tridge", ["Ana", "Cy", "Evie"], "0.02", hands=9)
    t6 = world.play(t6, sheet_records("tridge", 41, people=3))
    c2 = world.new_game("ana", s4, "contractor", ["Ben", "Dee", "Evie"], "0.01", hands=9)
    c2 = world.play(c2, sheet_records("contractor", 42))
    c3 = world.new_game("ana", s4, "contractor", ["Ana", "Ben", "Cy"], None, hands=6)
    c3 = world.play(c3, sheet_records("contractor", 43))
    paid = evening.session_evening(s4).payments
    marks += [world.mark_paid("ben", s4, paid[0]), world.mark_paid("ana", s4, paid[-1])]
    cases["evening_4"] = {"session": s4.pk, "games": [t6.pk, c2.pk, c3.pk]}
    cases["no_money_game"] = c3.pk

    # Evening 5: a guest written Zedd in one game and Zed in another; each Bid Fair game is
    # played at the money value that makes its loser pay 26.00, so Zedd pays Zed 26.00.
    s5 = world.session("ben", group, thursday + 4 * week, "at Ben's")
    seed, points, loser = bid_fair_losing(ZEDD_PAYS_ZED, 51)
    seats = ["Zedd", "Ana"] if loser == GENERIC["bid_fair"][0] else ["Ana", "Zedd"]
    b2 = world.new_game("ben", s5, "bid_fair", seats, str(ZEDD_PAYS_ZED / points))
    b2 = world.play(b2, sheet_records("bid_fair", seed))
    seed, points, loser = bid_fair_losing(ZEDD_PAYS_ZED, seed + 1)
    seats = ["Ana", "Zed"] if loser == GENERIC["bid_fair"][0] else ["Zed", "Ana"]
    b3 = world.new_game("ben", s5, "bid_fair", seats, str(ZEDD_PAYS_ZED / points))
    b3 = world.play(b3, sheet_records("bid_fair", seed))
    k2 = world.new_game("ben", s5, "cardigan", ["Ben", "Cy", "Dee", "Evie"], "0.001")
    k2 = world.play(k2, sheet_records("cardigan", 53))
    paid = evening.session_evening(s5).payments
    zedd = next(p for p in paid if (p.payer, p.payee) == ("Zedd", "Zed"))
    assert zedd.amount == ZEDD_PAYS_ZED, zedd
    merge_mark = world.mark_paid("ana", s5, zedd)
    marks.append(world.mark_paid("ben", s5, next(p for p in paid if p is not zedd)))
    cases["evening_5"] = {"session": s5.pk, "games": [b2.pk, b3.pk, k2.pk]}

    # The next day: Zedd and Zed are one person.
    world.clock.to(thursday + 4 * week + timedelta(days=1), 12)
    zed = Player.objects.get(group=group, name="Zed")
    zedd_player = Player.objects.get(group=group, name="Zedd")
    cases["merge"] = {
        "kept": zed.pk,
        "merged": zedd_player.pk,
        "names": ["Zedd", "Zed"],
        "session": s5.pk,
        "games": [b2.pk, b3.pk],
        "mark": merge_mark.pk,
    }
    renames.merge_players(zed, zedd_player)

    # Evening 6: a match still running at the end of the night, started without what lies
    # on the table; Contractor at half a unit, Bid Fair at a cent.
    s6 = world.session("cy", group, thursday + 5 * week, "at Cy's")
    t7 = world.new_game("cy", s6, "tridge", ["Ben", "Cy", "Dee", "Evie"], "0.02", hands=10)
    t7 = world.play(t7, sheet_records("tridge", 61), hands=5)
    c4 = world.new_game("cy", s6, "contractor", ["Ana", "Dee", "Evie"], "0.5", hands=9)
    c4 = world.play(c4, sheet_records("contractor", 62))
    b4 = world.new_game("cy", s6, "bid_fair", ["Ben", "Ana"], "0.01")
    b4 = world.play(b4, sheet_records("bid_fair", 63))
    paid = evening.session_evening(s6).payments
    marks.append(world.mark_paid("cy", s6, paid[0]))
    cases["evening_6"] = {"session": s6.pk, "games": [t7.pk, c4.pk, b4.pk]}
    cases["unfinished"] = t7.pk

    # The same evening entered a second time on another phone, then deleted by the owner:
    # kept in the bin with its games, its mark and the funds its match kept.
    dup = world.session("ben", group, thursday + 5 * week, "at Cy's (again)")
    c5 = world.new_game("ben", dup, "contractor", ["Ana", "Dee", "Evie"], "0.5", hands=9)
    c5 = world.play(c5, sheet_records("contractor", 71))
    t8 = world.new_game("ben", dup, "tridge", ["Ana", "Ben", "Cy"], "0.05", hands=6)
    t8 = world.play(t8, sheet_records("tridge", 72, people=3))
    dup_mark = world.mark_paid("ben", dup, evening.session_evening(dup).payments[0])
    world.clock.to(thursday + 5 * week, 23)
    bin.delete(dup)
    cases["deleted_session"] = {
        "session": dup.pk,
        "games": [c5.pk, t8.pk],
        "mark": dup_mark.pk,
        "leftover": Leftover.objects.get(source=t8).pk,
    }

    # A week later on the Settle up: another debt paid whole, and the part payment of
    # evening 2 undone (it was entered against the wrong person).
    world.clock.to(thursday + 6 * week, 12)
    owed = [o for o in ledger.group_ledger(group).owed if "the table" not in (o.payer, o.payee)]
    last = ledger.record_payment(group, owed[0].payer, owed[0].payee, owed[0].amount, cy)
    assert ledger.undo_payment(part, ana)
    cases["group_payments"] = {"whole": [whole.pk, last.pk], "part": part.pk, "undone": part.pk}
    cases["marks"] = [mark.pk for mark in marks]


def group_b(world: World) -> None:
    """Three players, Contractor only, money on one game."""
    world.account("kim")
    group = world.own_group("kim", "Kim's flat")
    session = world.session("kim", group, date(2025, 2, 24), "Kim's flat")
    games = []
    for seed, stake in ((81, None), (82, "0.1"), (83, None)):
        game = world.new_game("kim", session, "contractor", ["Kim", "Lou", "Max"], stake, 9)
        games.append(world.play(game, sheet_records("contractor", seed)).pk)
    world.this_is_me("kim", group, "Kim")
    world.cases["group_b"] = {"group": group.pk, "session": session.pk, "games": games}


def group_c(world: World) -> None:
    """The money value changes between a match that keeps its funds and the one that takes
    them, and the taker splits them: the table pays out at 0.10 what it took at 0.05."""
    from games.models import Leftover
    from games.tridge.settle import KEPT

    group = world.own_group("ben", "Sunday cousins")
    first = world.session("ben", group, date(2025, 3, 2), "Granny's")
    m1 = world.new_game("ben", first, "tridge", ["Ana", "Ben", "Cy"], "0.05", hands=9)
    # Cy alone pays the table for every chip left on it.
    seed = tridge_seed(
        m1, 91, lambda p, s: (p.payer, p.payee, p.amount) == ("Cy", KEPT, s.on_table)
    )
    m1 = world.play(m1, sheet_records("tridge", seed, people=3))
    world.this_is_me("ben", group, "Ben")
    kept = Leftover.objects.get(source=m1)

    second = world.session("ben", group, date(2025, 3, 9), "Granny's")
    m2 = world.new_game("ben", second, "tridge", ["Ben", "Cy", "Ana"], "0.10", 9, leftover=kept)
    seed = tridge_seed(m2, seed + 1, lambda p, s: (p.payer, p.payee) == (KEPT, "Ben"), True)
    m2 = world.play(m2, sheet_records("tridge", seed, people=3))
    world.split_now("ben", m2, "0.10")
    world.cases["group_c"] = {
        "group": group.pk,
        "sessions": [first.pk, second.pk],
        "games": [m1.pk, m2.pk],
    }
    world.cases["stake_change"] = {
        "group": group.pk,
        "kept_on_table": {"game": m1.pk, "session": first.pk, "stake": "0.05"},
        "took_and_split": {"game": m2.pk, "session": second.pk, "stake": "0.10"},
        "leftover": kept.pk,
    }


def lying_rows(group):
    from games.money import table

    return table.lying(group)


# --- what the screens show ---------------------------------------------------------------


def text(value):
    """Decimals as strings, as the figures are compared digit for digit."""
    return None if value is None else str(value)


def tridge_figures() -> dict:
    from games.money.money import stake_of

    from games.models import Game, Leftover
    from games.play import services
    from games.tridge import match

    figures = {}
    for game in Game.kept.filter(kind="tridge").select_related("session").order_by("pk"):
        score = services.score_game(game)
        settled = match.settlement(game, score)
        figures[str(game.pk)] = {
            "group": game.session.group_id,
            "session": game.session_id,
            "deleted": game.deleted is not None or game.session.deleted is not None,
            # The table's row of what it left, and those it took (games/money/table.py).
            "leftover": Leftover.objects.filter(source=game).values_list("pk", flat=True).first(),
            "took": list(Leftover.objects.filter(taken_by=game).values_list("pk", flat=True)),
            "players": list(game.players),
            "finished": score.finished,
            "stake": text(stake_of(game)),
            "split": settled.split,
            "results": settled.results,
            "money": {name: text(settled.money(chips)) for name, chips in settled.results.items()},
            "on_table": settled.on_table,
            "share": settled.share,
            "left_over": settled.left_over,
            "carried": settled.carried,
            "balances": settled.balances,
            "payments": [
                {
                    "payer": p.payer,
                    "payee": p.payee,
                    "chips": p.amount,
                    "money": text(settled.money(p.amount)),
                }
                for p in settled.payments
            ],
        }
    return figures


def evening_figures() -> dict:
    from games.models import Session
    from games.money import evening

    figures = {}
    for session in Session.objects.order_by("pk"):
        settled = evening.session_evening(session)
        figures[str(session.pk)] = {
            "group": session.group_id,
            "date": session.date.isoformat(),
            "counted": [
                {
                    "game": c.game.pk,
                    "kind": c.game.kind,
                    "stake": text(c.stake),
                    "units": c.units,
                    "money": {name: text(amount) for name, amount in c.money.items()},
                }
                for c in settled.counted
            ],
            "left_out": [
                {"game": o.game.pk, "stake": text(o.stake), "why": o.why} for o in settled.left_out
            ],
            "results": {name: text(amount) for name, amount in settled.results.items()},
            "rounded": settled.rounded,
            "parties": settled.parties,
            "payments": [
                {
                    "payer": p.payer,
                    "payee": p.payee,
                    "amount": text(p.amount),
                    "paid": p.paid is not None,
                    "mark": p.paid.pk if p.paid else None,
                }
                for p in settled.payments
            ],
            "stale": [
                {"mark": m.pk, "payer": m.payer, "payee": m.payee, "amount": text(m.amount)}
                for m in settled.stale
            ],
        }
    return figures


def group_figures() -> dict:
    from games.models import Group
    from games.money import ledger, table

    figures = {}
    for group in Group.objects.order_by("pk"):
        settled = ledger.group_ledger(group)
        amounts = {left.pk: amount for left, amount in table.with_amounts(table.on_table(group))}
        figures[str(group.pk)] = {
            "name": group.name,
            "balances": {name: text(amount) for name, amount in settled.balances.items()},
            "owed": [
                {"payer": o.payer, "payee": o.payee, "amount": text(o.amount)} for o in settled.owed
            ],
            "total": text(settled.total),
            "evenings": settled.evenings,
            "parties": settled.parties,
            "lying": [
                {
                    "leftover": left.pk,
                    "source": left.source_id,
                    "words": words,
                    "chips": sum(amounts[left.pk].values()),
                    "held": amounts[left.pk],
                }
                for left, words in table.lying(group)
            ],
        }
    return figures


def counts() -> dict:
    from collections import Counter

    from django.contrib.auth.models import User

    from games.models import Game, Group, GroupPayment, Hand, Leftover, Paid, Revision, Session

    return {
        "accounts": User.objects.count(),
        "groups": Group.objects.count(),
        "sessions": Session.kept.count(),
        "sessions_deleted": Session.kept.filter(deleted__isnull=False).count(),
        "games": dict(sorted(Counter(Game.kept.values_list("kind", flat=True)).items())),
        "hands": Hand.objects.count(),
        "revisions": Revision.objects.count(),
        "group_payments": GroupPayment.objects.count(),
        "group_payments_undone": GroupPayment.objects.filter(undone_at__isnull=False).count(),
        "marks": Paid.objects.count(),
        "leftovers": Leftover.objects.count(),
        "leftovers_taken": Leftover.objects.filter(taken_by__isnull=False).count(),
    }


# --- checks -----------------------------------------------------------------------------


def check(world: World, before: dict) -> None:
    """What the world was made to hold, said again from the database."""
    from games.money.money import stake_of

    from games.models import Game, Leftover
    from games.play import services
    from games.tridge import match
    from games.tridge.settle import funds_on_table

    unfinished = {world.cases["group_a"]["unfinished"]}
    for game in Game.kept.all():
        score = services.score_game(game)
        assert score.finished == (game.pk not in unfinished), f"game {game.pk}"
        if game.kind == "tridge" and score.finished and stake_of(game) is not None:
            left = match.left_on_table(game, score)
            assert bool(left) == Leftover.objects.filter(source=game).exists(), game.pk
            if not match.split_funds(game):
                assert funds_on_table(score.details["funds"]) and left, game.pk

    case = world.cases["stake_change"]
    kept, took = case["kept_on_table"], case["took_and_split"]
    m1, m2 = before["tridge"][str(kept["game"])], before["tridge"][str(took["game"])]
    pays_table = {(p["payer"], p["payee"], p["chips"]) for p in m1["payments"]}
    assert ("Cy", "the table", m1["on_table"]) in pays_table, m1["payments"]
    pays_ben = [p for p in m2["payments"] if (p["payer"], p["payee"]) == ("the table", "Ben")]
    assert pays_ben, m2["payments"]
    # The table took the chips at 0.05 and pays them out at 0.10.
    took_in = Decimal(m1["balances"]["the table"]) * Decimal(kept["stake"])
    paid_out = -Decimal(m2["balances"]["the table"]) * Decimal(took["stake"])
    assert m2["carried"] == m1["balances"]["the table"] and paid_out > took_in
    case["table_took_in"], case["table_paid_out"] = text(took_in), text(paid_out)
    case["the_table_pays_ben"] = pays_ben

    merge = world.cases["group_a"]["merge"]
    stale = before["sessions"][str(merge["session"])]["stale"]
    assert [m["mark"] for m in stale] == [merge["mark"]], stale
    mark = world.cases["group_a"]["stale_mark"]
    assert mark["mark"] in [m["mark"] for m in before["sessions"][str(mark["session"])]["stale"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="keep the SQLite file here (must not exist)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db.resolve() if args.db else Path(folder) / "world.sqlite3"
        if db.exists():
            parser.error(f"{db} exists: the world is built in an empty database")
        build(Path(folder), db)


def build(folder: Path, db: Path) -> None:
    configure(folder, db)
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    call_command("migrate", verbosity=0)
    setup_test_environment()  # the test client's host, "testserver", is allowed
    clock = stop_the_clock()
    seed_tokens()
    world = World(clock)
    group_a(world)
    group_b(world)
    group_c(world)
    world.account("dora")  # an account that never played: only its own empty group

    commit = git_commit()
    before = {
        "made_by": "tests/data/ledger/make_world.py",
        "commit": commit,
        "counts": counts(),
        "cases": world.cases,
        "tridge": tridge_figures(),
        "sessions": evening_figures(),
        "groups": group_figures(),
    }
    check(world, before)
    call_command(
        "dumpdata",
        "games",
        "auth.user",
        indent=1,
        use_base_manager=True,  # the bin's rows too: the default managers leave them out
        output=str(HERE / "world.json"),
        verbosity=0,
    )
    with open(HERE / "before.json", "w", encoding="utf-8") as out:
        json.dump(before, out, indent=1, ensure_ascii=False)
        out.write("\n")
    print(json.dumps({"counts": before["counts"], "cases": world.cases}, indent=1))


def git_commit() -> str:
    """The commit the figures were worked out at (the code that made them)."""
    import subprocess

    found = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return found.stdout.strip()


if __name__ == "__main__":
    main()
