"""The group's ledger, written: a match's entries after every change of it, an evening's
rounding to the cent, a payment's as it is recorded or undone, names as they change
(docs/MONEY.md).

Why our own two tables (`Entry`, `Line`: games/models/ledger.py) rather than django-hordak, the
double-entry package for Django: hordak keeps its balances right with database triggers
written for PostgreSQL and MySQL, and SQLite is this app's default, so on most installs
nothing would check them; its legs carry one amount in one currency (django-money),
where each of our lines moves chips and money together; and its accounts are rows to
create and keep per person, where ours are the names the games already write. The one
rule that matters, that an entry adds up to zero, is checked here in the transaction
that writes it, on every database: the entry as planned in Python, then its lines as
stored, summed by the database.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q, Sum
from django.db.models.signals import post_save
from django.utils import timezone

from games.engine.sheet import SheetError
from games.models import Entry, Game, Group, Leftover, Line, Payment, Session
from games.money import entries, table
from games.money.cents import CENT, exact, whole_cents
from games.money.entries import OUTSIDE, TABLE, Part, Pile, Planned, said
from games.play import services
from games.play.changes import game_changed, session_changed
from games.records.renames import names_changed

__all__ = ["OUTSIDE", "TABLE"]


class Unbalanced(Exception):
    """An entry whose lines do not add up to zero: a fault of the app, never written."""


def scored(game: Game):
    """The game's score, or None when its hands need a correction."""
    try:
        return services.score_game(game)
    except SheetError:
        return None


def piles_taken(game: Game) -> list[Pile]:
    """The chips `game` started with, pile by pile as the ledger holds them before it took
    them; chips its house rules carry that no pile of the group gave come from outside."""
    carried = game.engine.money.carried(game.rules)
    if not carried:
        return []
    sources = list(Leftover.objects.filter(taken_by=game).values_list("source", flat=True))
    held = (
        Line.objects.filter(party=TABLE, in_play=False, pile__in=sources)
        .exclude(entry__game=game)
        .values("pile")
        .annotate(chips=Sum("units"), money=Sum("money"))
        .order_by("pile")
    )
    piles = [Pile(row["pile"], row["chips"], row["money"]) for row in held]
    known = sum(pile.chips for pile in piles)
    if known != carried:
        piles.append(Pile(None, carried - known, 0))
    return piles


def write(game: Game, score=None) -> bool:
    """The entries `game` gives as it stands, written where they differ from what the ledger
    holds (a deleted game gives none), and its evening rounded again; whether they did. In
    the caller's transaction."""
    if game.deleted is not None:
        planned = []
    else:
        planned = entries.planned(game, score or scored(game), piles_taken(game))
    if not planned:
        if not Entry.objects.filter(game=game).delete()[0]:
            return False
    else:
        held = list(Entry.objects.filter(game=game).prefetch_related("lines"))
        if _same(held, planned):
            return False
        Entry.objects.filter(game=game).delete()
        _store(planned, group=_group_of(game), game=game, session_id=game.session_id)
    round_evening(game.session_id)
    return True


def _group_of(game: Game) -> int:
    return Session.kept.filter(pk=game.session_id).values_list("group", flat=True).get()


def round_evening(session_id: int) -> None:
    """The evening's results, its games' lines added up party by party, rounded to the cent
    by an entry of the evening's own: its lines are what each rounding adds or takes."""
    rows = (
        Line.objects.filter(entry__session=session_id, entry__game__isnull=False)
        .values("party")
        .annotate(money=Sum("money"))
    )
    # Chips from outside the group come at no money: their lines hold none. A tie between
    # two equally near the next cent goes by name, as the screens sort them, on any database.
    rows = sorted(rows, key=lambda row: said(row["party"]))
    exact_sums = {row["party"]: row["money"] for row in rows if row["party"] != OUTSIDE}
    cents = whole_cents(exact_sums)
    parts = [
        Part(party, money=cents[party] * CENT - amount)
        for party, amount in exact_sums.items()
        if cents[party] * CENT != amount
    ]
    held = Entry.objects.filter(kind=Entry.ROUNDED, session=session_id, game__isnull=True)
    planned = [Planned(Entry.ROUNDED, parts)] if parts else []
    if _same(list(held.prefetch_related("lines")), planned):
        return
    held.delete()
    if planned:
        group = Session.kept.filter(pk=session_id).values_list("group", flat=True).get()
        _store(planned, group=group, session_id=session_id)


def _same(held: list[Entry], planned: list[Planned]) -> bool:
    def shape(kind, stake, parts):
        return (kind, stake, sorted(parts, key=repr))

    stored = [
        shape(entry.kind, entry.stake, [_part(line) for line in entry.lines.all()])
        for entry in held
    ]
    return stored == [shape(p.kind, p.stake, p.parts) for p in planned]


def _part(line: Line) -> Part:
    return Part(line.party, line.units, line.money, line.pile_id, line.in_play)


def _store(planned: list[Planned], **source) -> list[Entry]:
    for plan in planned:
        if not plan.balanced():
            raise Unbalanced(f"{plan.kind} of {source}: {plan.parts}")
    group, now = source.pop("group"), timezone.now()
    made = Entry.objects.bulk_create(
        Entry(group_id=group, kind=plan.kind, stake=plan.stake, at=plan.at or now, **source)
        for plan in planned
    )
    Line.objects.bulk_create(
        Line(
            entry=entry,
            group_id=group,
            party=part.party,
            pile_id=part.pile,
            in_play=part.in_play,
            units=part.units,
            money=part.money,
        )
        for entry, plan in zip(made, planned, strict=True)
        for part in plan.parts
    )
    # The database's own sum, in this transaction: what was stored adds up, or nothing is.
    off = (
        Line.objects.filter(entry__in=made)
        .values("entry")
        .annotate(units=Sum("units"), money=Sum("money"))
        .filter(~Q(units=0) | ~Q(money=0))
    )
    if off.exists():
        raise Unbalanced(f"stored lines of {source} do not add up: {list(off)}")
    return made


def follow(sender, game: Game, score=None, **kwargs) -> None:
    """A change of `game` (games/play/changes.py `game_changed`), in its own transaction:
    its entries, then what it left on the table, then the matches that took that."""
    write(game, score)
    table.reckon(game, score)
    for taker in Game.objects.filter(took__source=game):
        # Its own entries read this game's pile: a change of its money is a change of it,
        # so its screens redraw (the version moves on only if they changed).
        services.change_game(taker, write)


def follow_session(sender, session: Session, **kwargs) -> None:
    """A session deleted or restored (games/play/changes.py `session_changed`): the payments
    marked on its page go out of the ledger with it, or come back."""
    for payment in Payment.objects.filter(session=session):
        write_payment(payment)


def record(group: Group, payer: str, payee: str, amount, by, most, session=None) -> Payment:
    """The money handed over, as a payment and its entry; refused (NotOwed) past `most()`,
    the cents still owed where it is marked, worked out under the group's lock: the rest of
    an evening's payment (games/money/evening.py), or of one the group's Settle up lists
    (games/money/ledger.py). So a double tap, or a second phone, never pays twice.

    What is owed is each page's own: an evening is settled on its own (Cy pays tonight's
    loss though last week's winnings are still owed to him), and Settle up nets the rest.
    """
    cents = int(amount * 100)
    with transaction.atomic():
        Group.objects.select_for_update().filter(pk=group.pk).first()
        if cents <= 0 or payer == payee or cents > most():
            raise NotOwed(payer, payee)
        # Its entries are written as it is saved (`saved`).
        return Payment.objects.create(
            group=group, payer=payer, payee=payee, amount=amount, by=by, session=session
        )


def undo(payment: Payment, by) -> bool:
    """The payment undone: kept in the history, and its entry reversed; False if it was
    undone already (a double tap, another phone)."""
    with transaction.atomic():
        undone = Payment.objects.filter(pk=payment.pk, undone_at__isnull=True).update(
            undone_at=timezone.now(), undone_by=by
        )
        if undone:
            write_payment(Payment.objects.select_related("session").get(pk=payment.pk))
    return bool(undone)


def write_payment(payment: Payment) -> None:
    """A payment's entries: paid, and undone if it was; none while the evening it was marked
    on is deleted (it comes back with it)."""
    planned = []
    if payment.session is None or payment.session.deleted is None:
        money = exact(payment.amount)
        planned.append(_moved(Entry.PAID, payment.payer, payment.payee, money, payment.at))
        if payment.undone_at is not None:
            back = _moved(Entry.UNDONE, payment.payee, payment.payer, money, payment.undone_at)
            planned.append(back)
    held = list(payment.entries.prefetch_related("lines"))
    if _same(held, planned):
        return
    payment.entries.all().delete()
    if planned:
        _store(planned, group=payment.group_id, payment=payment, session_id=payment.session_id)


def saved(sender, instance: Payment, raw=False, **kwargs) -> None:
    """A payment saved (recorded, or brought back from a file): its entries, at once."""
    if not raw:
        write_payment(instance)


def _moved(kind: str, payer: str, payee: str, money: int, at) -> Planned:
    return Planned(kind, [Part(payer, money=money), Part(payee, money=-money)], at=at)


class NotOwed(Exception):
    """A payment of more than is owed where it was marked (it changed meanwhile)."""

    def __init__(self, payer: str, payee: str):
        super().__init__(f"{payer} to {payee}")
        self.payer, self.payee = payer, payee


def balances(group: Group) -> dict[str, int]:
    """Each party's balance in the group, in cents (the table's piles and chips in play are
    one party): one sum, whatever the history. Whole cents: every evening's results are
    rounded by an entry of their own, and money is paid in cents."""
    rows = (
        Line.objects.filter(group=group)
        .exclude(party=OUTSIDE)
        .values("party")
        .annotate(money=Sum("money"))
    )
    return {row["party"]: row["money"] // CENT for row in rows if row["money"]}


def renamed(sender, group: int, old: set[str], new: str, **kwargs) -> None:
    """A player's other spellings are now `new` (a rename, or a merge: games/records/renames.py
    `names_changed`): their payments and payment lines follow, and a payment between two
    names now one person's is folded away: nobody pays themself."""
    payments = Payment.objects.filter(group=group)
    for field in ("payer", "payee"):
        payments.filter(**{f"{field}__in": old}).update(**{field: new})
    Line.objects.filter(group=group, party__in=old, entry__payment__isnull=False).update(party=new)
    Payment.objects.filter(group=group, payer=new, payee=new).delete()  # with their entries


def connect() -> None:
    """Listen to what changes the ledger's sources (games/apps.py, once the app is ready)."""
    game_changed.connect(follow)
    session_changed.connect(follow_session)
    names_changed.connect(renamed)
    # Django's own signal: however a payment is saved, its entries are written with it.
    post_save.connect(saved, sender=Payment)
