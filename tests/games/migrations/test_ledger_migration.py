"""The ledger built from what was stored (games/migrations/0016_ledger.py) shows what the
money before it showed, on a copy of real-shaped data (tests/data/ledger/README.md).

A database is migrated to games 0015 and given world.json's rows through the models of
that state (loaddata would use today's models, whose tables 0015 has not got), then
migrated to the latest. Every money screen's figures, worked out by today's code, are
compared with before.json, what the code before the ledger worked out from the same rows:
each live evening (results, the fewest payments, which are paid, the games counted and
left out), each group (balances, the payments owed, what lies on the table) and each
Tridge match (each person's chips and money, what it left, shared and took).

Every difference is listed below by pk, with why: the stake case, which now adds up, the
figures the ledger gives a new meaning on purpose, and two evenings whose payments are
the same but listed in another order; any other fails. The ledger the migration built is
also the one the live code writes: writing every game, every rounding and every payment
again changes nothing. Runs on SQLite and on PostgreSQL alike
(`make test-postgres`: tests/conftest.py marks it, as it reaches the database).
"""

import json
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.models import Q, Sum

from games.engine.money import stake_of
from games.models import Entry, Game, Group, Leftover, Line, Payment, Session
from games.money import books, evening, ledger, settlement, table
from games.money.entries import TABLE
from tests.games.migrations.test_groups_migration import migrate

DATA = Path(__file__).resolve().parents[2] / "data" / "ledger"
BEFORE = [("games", "0015_leftovers")]
# The money before the ledger called the table so; the ledger marks it TABLE.
OLD_TABLE = "the table"
CENT = Decimal("0.01")

pytestmark = pytest.mark.django_db(transaction=True)


def m(amount: str) -> Decimal:
    return Decimal(amount)


# The stake case (before.json "cases": "stake_change"): match 23 of group 2 (session 9)
# keeps its 342 chips on the table at 0.05 a chip, Cy paying the table 17.10 for them;
# match 24 (session 10) at 0.10 takes them and shares them out. The money before the
# ledger had the table pay out 34.20 for the chips it took in at 17.10. In the ledger
# chips keep their value (docs/MONEY.md, "Entries a match gives"): the table pays out the
# 17.10 it was paid, and the three people of match 24 make the chips up to its value, 5.70
# each. Each figure below is the old one, then the new one; both are asserted.
STAKE_CASE = {
    # Each person's money in match 24: their 134 chips' share and their result, less 5.70.
    ("match", 24, "money"): (
        {"Ben": m("13.90"), "Cy": m("8.80"), "Ana": m("11.50")},
        {"Ben": m("8.20"), "Cy": m("3.10"), "Ana": m("5.80")},
    ),
    # Its evening counts it so: the table pays out 17.10, not 34.20.
    ("session", 10, "counted"): (
        {
            24: (
                m("0.10"),
                {"Ben": 139, "Cy": 88, "Ana": 115, TABLE: -342},
                {"Ben": m("13.90"), "Cy": m("8.80"), "Ana": m("11.50"), TABLE: m("-34.20")},
            )
        },
        {
            24: (
                m("0.10"),
                {"Ben": 139, "Cy": 88, "Ana": 115, TABLE: -342},
                {"Ben": m("8.20"), "Cy": m("3.10"), "Ana": m("5.80"), TABLE: m("-17.10")},
            )
        },
    ),
    ("session", 10, "results"): (
        [("Ben", m("13.90")), ("Ana", m("11.50")), ("Cy", m("8.80")), (TABLE, m("-34.20"))],
        [("Ben", m("8.20")), ("Ana", m("5.80")), ("Cy", m("3.10")), (TABLE, m("-17.10"))],
    ),
    ("session", 10, "due"): (
        [(TABLE, "Ben", m("13.90")), (TABLE, "Ana", m("11.50")), (TABLE, "Cy", m("8.80"))],
        [(TABLE, "Ben", m("8.20")), (TABLE, "Ana", m("5.80")), (TABLE, "Cy", m("3.10"))],
    ),
    # The group's Settle up: the table square (it paid out what it took in), each person
    # 5.70 less, and so the payments that square the group.
    ("group", 2, "balances"): (
        [("Ana", m("17.50")), ("Ben", m("14.35")), ("Cy", m("-14.75")), (TABLE, m("-17.10"))],
        [("Ana", m("11.80")), ("Ben", m("8.65")), ("Cy", m("-20.45"))],
    ),
    ("group", 2, "owed"): (
        [(TABLE, "Ana", m("17.10")), ("Cy", "Ben", m("14.35")), ("Cy", "Ana", m("0.40"))],
        [("Cy", "Ana", m("11.80")), ("Cy", "Ben", m("8.65"))],
    ),
    ("group", 2, "total"): (m("31.85"), m("20.45")),
    ("group", 2, "table"): (True, False),
}

# Figures the ledger gives a new meaning on purpose.
NEW_MEANING = {
    # What is paid anywhere is paid everywhere (docs/MONEY.md, "Payments"; "The three
    # settlements"): Cy paid Ben 12.35 on the group's Settle up (world.json's group
    # payment 1), which pays first the oldest evening's unpaid payment of the same two
    # people. So evening 1 shows "Cy pays Ben 3.75" paid, on Settle up; before, an evening
    # knew only the marks made on its own page.
    ("session", 1, "paid"): (
        [("Ana", "Ben", m("32.45")), ("Dee", "Ben", m("14.00"))],
        [("Ana", "Ben", m("32.45")), ("Cy", "Ben", m("3.75")), ("Dee", "Ben", m("14.00"))],
    ),
}

# Not compared, on purpose:
# - a match's own payments in chips: the match's page no longer lists them for a match
#   played for money (every Tridge match here is), but points to its evening's payments,
#   compared with the evening's (docs/MONEY.md, "The three settlements");
# - an evening's "stale" marks (marks no longer matching one of its payments): every
#   payment counts, at what it says (docs/MONEY.md, "Payments"), and the page lists them
#   all: each mark is a payment of its evening now (`test_every_mark_...`);
# - a group's count of evenings and its "parties" (not shown), and what each pile on the
#   table held fund by fund (the ledger holds a pile as its chips and their worth).

# The same payments, listed in another order. The fewest payments are worked out from the
# balances in the screens' order now (games/money/ledger.py `owed`), before from the order
# the evening's games listed their people: where an evening has separate debts, they may
# come in another order. Where people can be paired off more than one way, the pairs are
# the ones of before (as the marks made then pay them), and so are the amounts.
REORDERED = {
    # Dee's three payments and Ana's one to Ben, two separate debts.
    ("session", 2, "due"),
    # Dee pays Cy 10.55 (marked paid) and Ben pays Evie 10.55.
    ("session", 5, "due"),
}


def load(apps, rows: list[dict]) -> None:
    """The rows of a dumpdata, each made with the model of the state `apps` is (plain pks,
    as dumpdata writes them); saved raw, as loaddata saves, so that `auto_now` keeps the
    times they were stored at. The accounts first: groups point to them."""
    made = []
    with transaction.atomic():
        for row in sorted(rows, key=lambda row: row["model"] != "auth.user"):
            model = apps.get_model(row["model"])
            item, many = model(pk=row["pk"]), {}
            for name, value in row["fields"].items():
                field = model._meta.get_field(name)
                if field.many_to_many:
                    many[name] = value
                elif field.is_relation:
                    setattr(item, field.attname, value)
                else:
                    setattr(item, field.attname, field.to_python(value))
            item.save_base(raw=True)
            for name, value in many.items():
                getattr(item, name).set(value)
            if model not in made:
                made.append(model)
    # Rows made with their pks leave PostgreSQL's sequences behind: moved on, as loaddata
    # does, so that the rows the migration and the checks make get pks of their own.
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), made):
            cursor.execute(sql)


def party(name: str) -> str:
    return TABLE if name == OLD_TABLE else name


def parties(amounts: dict, kind=int) -> dict:
    return {party(name): kind(amount) for name, amount in amounts.items()}


def in_cents(amount) -> Decimal:
    """The old match rounded each person's money to the cent, as Decimal.quantize does."""
    return Decimal(amount).quantize(CENT)


def old_figures(before: dict) -> dict:
    """before.json's figures, keyed as `new_figures` keys them, the table as the ledger
    names it."""
    figures = {}
    for pk, settled in before["sessions"].items():
        key = ("session", int(pk))
        payments = [
            (party(p["payer"]), party(p["payee"]), Decimal(p["amount"]))
            for p in settled["payments"]
        ]
        figures |= {
            (*key, "results"): [(party(n), Decimal(a)) for n, a in settled["results"].items()],
            (*key, "due"): payments,
            (*key, "paid"): sorted(
                p for p, old in zip(payments, settled["payments"], strict=True) if old["paid"]
            ),
            (*key, "counted"): {
                item["game"]: (
                    Decimal(item["stake"]),
                    parties(item["units"]),
                    parties(item["money"], Decimal),
                )
                for item in settled["counted"]
            },
            (*key, "left out"): [(item["game"], item["why"]) for item in settled["left_out"]],
            (*key, "rounded"): settled["rounded"],
            (*key, "table"): OLD_TABLE in settled["parties"],
        }
    for pk, settled in before["groups"].items():
        key = ("group", int(pk))
        figures |= {
            (*key, "balances"): [(party(n), Decimal(a)) for n, a in settled["balances"].items()],
            (*key, "owed"): [
                (party(o["payer"]), party(o["payee"]), Decimal(o["amount"]))
                for o in settled["owed"]
            ],
            (*key, "total"): Decimal(settled["total"]),
            (*key, "table"): OLD_TABLE in settled["parties"],
            (*key, "lying"): [
                (pile["leftover"], pile["source"], pile["chips"]) for pile in settled["lying"]
            ],
        }
    sources = dict(Leftover.objects.values_list("pk", "source"))
    for pk, match in before["tridge"].items():
        key = ("match", int(pk))
        figures |= {
            (*key, "finished"): match["finished"],
            (*key, "stake"): Decimal(match["stake"]),
            (*key, "units"): match["results"],
            (*key, "money"): {name: Decimal(amount) for name, amount in match["money"].items()},
            (*key, "left"): match["on_table"],
            (*key, "share"): match["share"],
            (*key, "stays"): match["left_over"],
            (*key, "took"): sorted(sources[left] for left in match["took"]),
            (*key, "carried"): match["carried"],
            (*key, "table"): match["balances"].get(OLD_TABLE, 0),
        }
    return figures


def new_figures() -> dict:
    """Every money screen's figures as today's code works them out from the ledger."""
    figures = {}
    for session in Session.objects.order_by("pk"):
        key = ("session", session.pk)
        settled = evening.session_evening(session)
        due = [(d.payer, d.payee, d.amount) for d in settled.due]
        figures |= {
            (*key, "results"): list(settled.results.items()),
            (*key, "due"): due,
            (*key, "paid"): sorted(
                p for p, d in zip(due, settled.due, strict=True) if d.state == "paid"
            ),
            (*key, "counted"): {
                item.game.pk: (item.stake, item.units, item.money) for item in settled.counted
            },
            (*key, "left out"): [(item.game.pk, item.why) for item in settled.left_out],
            (*key, "rounded"): settled.rounded,
            (*key, "table"): settled.has_table,
        }
    for group in Group.objects.order_by("pk"):
        key = ("group", group.pk)
        settled = ledger.group_ledger(group)
        figures |= {
            (*key, "balances"): list(settled.balances.items()),
            (*key, "owed"): [(o.payer, o.payee, o.amount) for o in settled.owed],
            (*key, "total"): settled.total,
            (*key, "table"): settled.has_table,
            (*key, "lying"): [
                (pile.left.pk, pile.source.pk, pile.chips) for pile in table.lying(group)
            ],
        }
    for game in Game.kept.filter(kind="tridge").order_by("pk"):
        key = ("match", game.pk)
        score = books.scored(game)
        match = settlement.match_money(game, score)
        figures |= {
            (*key, "finished"): match.finished,
            (*key, "stake"): match.stake,
            (*key, "units"): match.units,
            (*key, "money"): {name: in_cents(amount) for name, amount in match.money.items()},
            (*key, "left"): match.left,
            (*key, "share"): match.shared // len(game.players),
            (*key, "stays"): match.rest,
            (*key, "took"): sorted(taken.source.pk for taken in match.taken),
            (*key, "carried"): sum(taken.chips for taken in match.taken),
            (*key, "table"): match.table_units,
        }
    return figures


def ledger_rows() -> set:
    """Every entry with its lines, as stored: what writing the ledger again must leave."""
    lines = Line.objects.values_list(
        "entry", "entry__kind", "party", "pile", "in_play", "units", "money"
    )
    return set(lines)


@pytest.fixture
def before() -> dict:
    return json.loads((DATA / "before.json").read_text(encoding="utf-8"))


@pytest.fixture
def migrated():
    """world.json at games 0015, migrated to the latest."""
    old = migrate(BEFORE)
    load(old, json.loads((DATA / "world.json").read_text(encoding="utf-8")))
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    migrate(executor.loader.graph.leaf_nodes())


def test_every_money_screen_shows_what_it_showed_but_the_stake_case_which_now_adds_up(
    migrated, before
):
    old, new = old_figures(before), new_figures()
    assert old.keys() == new.keys()
    differences = {key: (old[key], new[key]) for key in old if old[key] != new[key]}
    # The figures for the closing note: what was compared, and how much differed.
    compared = Counter(key[0] for key in old if key[-1] == "table")
    piles = [pile for key in old if key[-1] == "lying" for pile in old[key]]
    print(
        f"\nledger migration on {connection.vendor}: {compared['session']} evenings, "
        f"{compared['group']} groups, {compared['match']} matches, {len(piles)} piles on the "
        f"table compared; differences: {len(differences)} ({len(STAKE_CASE)} of the stake "
        f"case, {len(NEW_MEANING)} of a new meaning, {len(REORDERED)} in another order)"
    )
    assert compared == {"session": 9, "group": 5, "match": 10} and len(piles) == 3
    payments = {key for key in differences if key[-1] in ("due", "owed")}
    reordered = {key for key in payments if sorted(old[key]) == sorted(new[key])}
    assert reordered == REORDERED
    assert {key: differences[key] for key in differences if key not in reordered} == (
        STAKE_CASE | NEW_MEANING
    )
    # What lies on the table is worth what its chips were worth where they were left.
    for group in Group.objects.all():
        for pile in table.lying(group):
            assert pile.worth == pile.chips * stake_of(pile.source), pile.source.pk


def test_in_the_stake_case_the_table_pays_out_what_it_was_paid_and_the_people_make_it_up(
    migrated, before
):
    case = before["cases"]["stake_change"]
    kept, took = case["kept_on_table"]["game"], case["took_and_split"]["game"]
    first, second = Game.objects.get(pk=kept), Game.objects.get(pk=took)
    kept_money = settlement.match_money(first, books.scored(first))
    took_money = settlement.match_money(second, books.scored(second))
    # Match 23 leaves its 342 chips on the table, at 0.05: Cy pays the table 17.10.
    assert kept_money.left == 342 and kept_money.table_money == m("17.10")
    # Match 24 takes them as they lie, 342 chips worth 17.10, and the table pays out
    # exactly that: no more than it was paid in for those chips.
    (pile,) = took_money.taken
    assert (pile.source, pile.chips, pile.worth) == (first, 342, m("17.10"))
    assert took_money.table_money == -pile.worth
    # Its people made them up to its value, 0.10 a chip: 34.20 less 17.10, a third each.
    assert took_money.made_up_money == {"Ben": m("-5.70"), "Cy": m("-5.70"), "Ana": m("-5.70")}
    assert took_money.made_up_total == 342 * m("0.10") - pile.worth
    # So each person has what they had before the ledger less their part of it, exactly.
    old = before["tridge"][str(took)]["money"]
    assert {name: m(old[name]) + took_money.made_up_money[name] for name in old} == (
        took_money.money
    )
    # The evenings: the table took in 17.10 on the first and pays out 17.10 on the second;
    # it is square in the group, and nothing is left on the table.
    sessions = [Session.objects.get(pk=pk) for pk in before["cases"]["group_c"]["sessions"]]
    results = [evening.session_evening(session).results for session in sessions]
    assert [result[TABLE] for result in results] == [m("17.10"), m("-17.10")]
    group = Group.objects.get(pk=case["group"])
    balances = ledger.group_ledger(group).balances
    assert TABLE not in balances and sum(balances.values()) == 0
    old = before["groups"][str(group.pk)]["balances"]
    assert {name: m(old[name]) - m("5.70") for name in balances} == balances
    assert table.lying(group) == []


def test_every_mark_is_a_payment_of_its_evening_but_zed_paying_zed_which_a_merge_folds(
    migrated, before
):
    # Every old mark, stale ones too, is a payment of its evening, and counts: the money
    # was handed over (docs/MONEY.md, "Payments"). But mark 7 reads "Zed paid Zed" since
    # Zedd was merged into Zed: a merge folds away a payment between the two (nobody pays
    # themself), and so did the migration.
    merge = before["cases"]["group_a"]["merge"]
    marked = {}
    for pk, settled in before["sessions"].items():
        paid = [p for p in settled["payments"] if p["paid"]] + settled["stale"]
        marked[int(pk)] = sorted(
            (party(p["payer"]), party(p["payee"]), m(p["amount"]))
            for p in paid
            if p.get("mark") != merge["mark"]
        )
    made = {
        session.pk: sorted(
            (p.payer, p.payee, p.amount) for p in Payment.objects.filter(session=session)
        )
        for session in Session.objects.all()
    }
    assert made == marked
    assert not Payment.objects.filter(payer="Zed", payee="Zed").exists()
    # The marks of the deleted evening stay with it, out of the ledger until it comes back.
    deleted = before["cases"]["group_a"]["deleted_session"]["session"]
    (kept,) = Payment.objects.filter(session=deleted)
    assert not kept.entries.exists()
    # The group's Settle up: three payments, one undone (its entry reversed).
    settled = Payment.objects.filter(session__isnull=True)
    assert settled.count() == before["counts"]["group_payments"]
    undone = settled.get(undone_at__isnull=False)
    assert [e.kind for e in undone.entries.order_by("at", "pk")] == [Entry.PAID, Entry.UNDONE]


def test_the_ledger_the_migration_built_is_the_one_the_live_code_writes(migrated):
    held = ledger_rows()
    off = Line.objects.values("entry").annotate(units=Sum("units"), money=Sum("money"))
    assert not off.filter(~Q(units=0) | ~Q(money=0)).exists()
    live = Game.objects.filter(session__deleted__isnull=True).order_by("pk")
    assert live.count() == 22
    assert [game.pk for game in live if books.write(game)] == []
    for session in Session.objects.all():
        books.round_evening(session.pk)
    for payment in Payment.objects.select_related("session"):
        books.write_payment(payment)
    # The same entries, kept (not written again: each keeps its pk) and no more.
    assert ledger_rows() == held
