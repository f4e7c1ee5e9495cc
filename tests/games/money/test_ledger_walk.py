"""The group's ledger (docs/MONEY.md) after every step of many seeded evenings
(tests/games/money/walk.py, walk_money.py), held to an oracle that never reads it
(ledger_oracle.py: the sheets scored by their engines, the table's record of which match
took which pile, the Payment rows).

After every step:

- every entry balances, in units and in money (the database's own sum);
- each live match's lines are what its sheet gives (docs/MONEY.md's table of entries),
  and a deleted one has none;
- chips: each match over holds what it was dealt, people x starting chips + what it took;
  what lies on the table and what matches not over took are what live matches left and
  no match over took, and the ledger's own sums per pile say so;
- the table's money: paid into it - paid out of it + what Settle up says it is owed =
  its piles at the value they were left at + its chips in play at the value of the match
  that took them (the made-up entries moved the difference) + each evening's rounding of
  the table's result, under a cent an evening;
- the three settlements agree: each match's (match_money) adds up, evening by evening,
  to the evening's results (session_evening) within a cent, which add up to zero; the
  group's balances (group_ledger) are every live evening's results plus every live
  payment, exactly, in cents; each evening's dues say what was paid of them there and on
  Settle up, and what may still be paid;
- nothing is paid twice: no step stored a payment past what was left to pay where it was
  marked (the rest of an evening's due, or a payment Settle up listed) before it, nobody
  pays themself, and a step the app refused changed nothing;
- a player's page and a member's own page say the balance Settle up says.

`make test-fast` runs it: SEEDS seeds of STEPS steps. HYPOTHESIS_PROFILE=thorough runs ten
times as many seeds.

Mutations of the ledger's code tried by hand, each on its own and reverted after, the seeds
run in order until one fails (`pytest -x -p no:xdist`): the check that failed, and where.
"match's lines" is check_each_match_gives_what_its_sheet_says, "settlements"
check_the_three_settlements_agree, "dues" check_the_evenings_dues, "payments"
check_payments; "step" is a step's own assertion, "books" the books' own Unbalanced.

| what was changed                                          | caught by            | seed, step |
|-----------------------------------------------------------|----------------------|------------|
| entries: the made-up entry forgotten                      | match's lines        | 0, 51      |
| entries: a taken pile valued at the taker's value         | match's lines        | 0, 51      |
| entries: the share-out's table line dropped               | settlements (match)  | 0, 32      |
| entries: each result rounded to the cent, not exact       | settlements (match)  | 0, 20      |
| entries: the odd ten-thousandths made up to the last seat | match's lines        | 3, 68      |
| entries: chips in play given back at their worth as taken | match's lines        | 2, 61      |
| books: a deleted match keeps its entries                  | match's lines        | 1, 36      |
| books: round_evening skipped                              | settlements (raises) | 0, 54      |
| books: round_evening leaves the table's result as it is   | books (Unbalanced)   | 0, 49      |
| books: record accepts any amount                          | step (stale page)    | 1, 18      |
| books: record refuses a payment of the whole debt         | step (Mark paid)     | 1, 51      |
| books: an undo not reversed                               | settlements (group)  | 0, 61      |
| books: follow skips the takers' rewrite                   | match's lines        | 2, 113     |
| books: follow_session skipped                             | settlements (group)  | 1, 36      |
| books: piles_taken counts the taker's own lines           | settlements (match)  | 0, 51      |
| books: renamed folds no self-payment                      | payments (self)      | 1, 114     |
| books: renamed leaves payment lines under the old name    | settlements (group)  | 1, 39      |
| books: the group's balances leave the table out           | settlements (raises) | 0, 49      |
| evening: a payment marked on it counted twice             | dues                 | 1, 48      |
| evening: a due offered past what Settle up paid of it     | dues                 | 0, 78      |
| evening: Settle up's payments go to the newest evening    | dues                 | 2, 60      |
| evening: undone Settle up payments still pay evenings     | dues                 | 0, 83      |
| evening: what Settle up paid taken past a due's rest      | none: equivalent     | -          |

The last changes nothing: Settle up's pool (`settled_elsewhere`) never gives an evening's
due more than is left of it after what was paid on its page.
"""

from collections import Counter
from unittest.mock import patch

import pytest
from django.db.models import F, Max, Q, Sum
from hypothesis import settings

from games.models import Entry, Game, Leftover, Line, Payment, Player, Session
from games.money import settlement, table
from games.money.evening import session_evening
from games.money.ledger import group_ledger, player_standing, with_balance
from tests.games.money.ledger_oracle import TABLE, expected, score_of, worth
from tests.games.money.walk import GUEST
from tests.games.money.walk_money import Walk

pytestmark = pytest.mark.django_db

SEEDS = max(1, settings.default.max_examples // 10)
# The guest paying themself under another spelling (walk_money.py `_guest_pays_guest`).
GUEST_PAYS = {tuple(GUEST), tuple(reversed(GUEST))}
STEPS = 120


def nonzero(amounts: dict) -> dict:
    return {key: value for key, value in amounts.items() if value not in (0, (0, 0))}


def check_every_entry_balances(group):
    off = (
        Line.objects.filter(group=group)
        .values("entry")
        .annotate(units=Sum("units"), money=Sum("money"))
        .filter(~Q(units=0) | ~Q(money=0))
    )
    assert not list(off), "entries that do not add up to zero"


def check_each_match_gives_what_its_sheet_says(group, want):
    rows = (
        Line.objects.filter(group=group, entry__game__isnull=False)
        .values("entry__game", "party", "pile", "in_play")
        .annotate(units=Sum("units"), money=Sum("money"))
    )
    held = {}
    for row in rows:
        held[(row["entry__game"], row["party"], row["pile"], row["in_play"])] = (
            row["units"],
            row["money"],
        )
    wanted = {}
    for pk, match in want.matches.items():
        wanted |= {(pk, name, None, False): amount for name, amount in match.people.items()}
        wanted |= {(pk, TABLE, source, False): (-c, -v) for source, (c, v) in match.took.items()}
        wanted[(pk, TABLE, pk, True)] = match.in_play
        if match.over:
            wanted[(pk, TABLE, pk, False)] = (match.pile, worth(match.pile, match.stake))
    assert nonzero(held) == nonzero(wanted)


def check_every_chip_is_somewhere(group, want):
    for match in want.matches.values():
        game, money = match.game, match.game.engine.money
        # What its house rules carry is what the table's record says it took, every chip.
        assert money.carried(game.rules) == match.chips_taken, game
        if match.over and money.LEAVES:
            won = sum(money.results(game, match.score).values())
            assert won + money.left(game, match.score) == match.chips_taken, game
    # A match kept aside carries what its leftovers hold too: it may come back with them.
    for game in Game.kept.filter(session__group=group, kind="tridge", deleted__isnull=False):
        held = Counter()
        for row in Leftover.objects.filter(taken_by=game).select_related("source"):
            score = score_of(row.source)
            held.update(row.source.engine.money.leaves(row.source, score) if score else {})
        assert game.engine.money.carried(game.rules) == game.engine.money.carried(held), game
    lying = {pile.source.pk: (pile.chips, pile.exact) for pile in table.lying(group)}
    assert lying == want.lying, "what lies on the table"
    # The table's lines of matches (its rounding and payments hold no chips, and no pile).
    piles = Line.objects.filter(group=group, party=TABLE, entry__game__isnull=False)
    piles = piles.values("pile", "in_play")
    piles = piles.annotate(chips=Sum("units"), money=Sum("money"))
    sums = {(r["pile"], r["in_play"]): (r["chips"], r["money"]) for r in piles}
    assert nonzero(sums) == nonzero(
        {(pk, False): pile for pk, pile in want.lying.items()}
        | {(pk, True): chips for pk, chips in want.in_play.items()}
    ), "the ledger's chips on the table, pile by pile"
    left = sum(m.pile for m in want.matches.values() if m.over)
    used = sum(m.chips_taken for m in want.matches.values() if m.over)
    in_play = sum(chips for chips, _ in want.in_play.values())
    assert sum(chips for chips, _ in lying.values()) + in_play == left - used


def check_the_three_settlements_agree(group, want):
    sessions = list(Session.objects.filter(group=group))
    evenings = {session.pk: session_evening(session) for session in sessions}
    for session in sessions:
        evening, exact = evenings[session.pk], want.evenings[session.pk]
        assert sum(evening.cents.values()) == 0
        from_matches = Counter()
        for game in session.games.all():
            match = want.matches[game.pk]
            # The evening a match's page points to is the one just drawn: nothing changed.
            with patch.object(settlement, "session_evening", lambda s: evenings[s.pk]):
                settled = settlement.match_money(game, match.score)
            assert nonzero(settled.exact) == nonzero(
                {name: money for name, (_, money) in match.now.items()}
            ), game
            assert nonzero(settled.made_up) == nonzero(match.made_up), game
            from_matches.update(settled.exact if match.over else settled.made_up)
        from_matches[TABLE] = -sum(from_matches.values())
        for party in set(evening.cents) | set(exact) | set(from_matches):
            cents = evening.cents.get(party, 0) * 100
            assert abs(cents - exact.get(party, 0)) < 100, (session, party)
            assert abs(cents - from_matches[party]) < 100, (session, party)
    balances = group_ledger(group).cents
    sums = Counter()
    for evening in evenings.values():
        sums.update(evening.cents)
    for payment in want.payments:
        sums[payment.payer] += int(payment.amount * 100)
        sums[payment.payee] -= int(payment.amount * 100)
    assert nonzero(balances) == nonzero(sums), "Settle up is the evenings and the payments"
    return evenings, balances


def check_the_tables_money(want, evenings, balances):
    paid = want.paid(payee=TABLE) - want.paid(payer=TABLE) + balances.get(TABLE, 0)
    on_table = sum(value for _, value in want.lying.values())
    in_play = sum(value for _, value in want.in_play.values())
    rounding = sum(
        evenings[pk].cents.get(TABLE, 0) * 100 - exact.get(TABLE, 0)
        for pk, exact in want.evenings.items()
    )
    assert paid * 100 == on_table + in_play + rounding, "the table's money"


def check_the_evenings_dues(group, want, evenings, balances):
    """Each due: what was marked paid on its page, what Settle up paid of it (the oldest
    evening first), what may still be paid of it (the rest), and whether its payer owes
    anything overall."""
    here, pool = Counter(), Counter()
    for payment in want.payments:
        pair, cents = (payment.payer, payment.payee), int(payment.amount * 100)
        (here if payment.session_id else pool)[(payment.session_id, *pair)] += cents
    order = Session.objects.filter(group=group).order_by("date", "created", "pk")
    for session in order:
        evening, squared = evenings[session.pk], Counter()
        for due in evening.due:
            pair = (due.payer, due.payee)
            squared.update({due.payee: due.cents, due.payer: -due.cents})
            assert due.paid == min(due.cents, here[(session.pk, *pair)]), due
            elsewhere = min(due.cents - due.paid, pool[(None, *pair)])
            pool[(None, *pair)] -= elsewhere
            assert due.elsewhere == elsewhere, due
            assert due.can_pay == due.cents - due.paid - elsewhere, due
            assert due.square_overall == (balances.get(due.payer, 0) >= 0), due
        assert nonzero(squared) == nonzero(evening.cents), "the dues square the evening"


def check_payments(group, offered_before, last_before):
    """Nothing is paid twice: what each step stored is no more than was left to pay where
    it was marked (an evening's due, or what Settle up listed), as it stood before."""
    assert not Payment.objects.filter(group=group, payer=F("payee")).exists(), "a self-payment"
    new = Counter()
    for payment in Payment.objects.filter(group=group, pk__gt=last_before):
        new[(payment.session_id, payment.payer, payment.payee)] += int(payment.amount * 100)
    for where, cents in new.items():
        if where not in offered_before and where[1:] in GUEST_PAYS:
            continue  # the walk's own payment through the books, as a file's comes in
        assert cents <= offered_before.get(where, 0), f"{where} paid past what was left"


def check_a_players_page_says_what_settle_up_says(group, balances):
    """A player's balance on their page (summed in its own query) is Settle up's."""
    players = with_balance(Player.objects.filter(group=group).select_related("group"))
    for player in players:
        assert player_standing(player).cents == balances.get(player.name, 0), player
    kinds = {}
    for pk, kind in Entry.objects.filter(group=group, payment__isnull=False).values_list(
        "payment", "kind"
    ):
        kinds.setdefault(pk, []).append(kind)
    live = set(Session.objects.filter(group=group).values_list("pk", flat=True))
    for payment in Payment.objects.filter(group=group):
        counts = payment.session_id is None or payment.session_id in live
        wanted = (["paid", "undone"] if payment.undone_at else ["paid"]) if counts else []
        assert sorted(kinds.get(payment.pk, [])) == wanted, payment


def ledger_state(group):
    """What a refused step must leave as it was."""
    entries = Entry.objects.filter(group=group).aggregate(n=Max("pk"))["n"]
    return entries, Entry.objects.filter(group=group).count(), Payment.objects.count()


def check(group, before):
    want = expected(group)
    check_every_entry_balances(group)
    check_each_match_gives_what_its_sheet_says(group, want)
    check_every_chip_is_somewhere(group, want)
    evenings, balances = check_the_three_settlements_agree(group, want)
    check_the_tables_money(want, evenings, balances)
    check_the_evenings_dues(group, want, evenings, balances)
    check_payments(group, *before)
    check_a_players_page_says_what_settle_up_says(group, balances)
    last = Payment.objects.aggregate(n=Max("pk"))["n"] or 0
    offered = {(None, o.payer, o.payee): o.cents for o in group_ledger(group).owed}
    for pk, evening in evenings.items():
        offered |= {(pk, d.payer, d.payee): d.can_pay for d in evening.due}
    return offered, last


@pytest.mark.parametrize("seed", range(SEEDS))
def test_the_ledger_holds_after_every_step_of_an_evening(seed, user, owner_client):
    walk = Walk(seed, user, owner_client)
    steps, weights = zip(*Walk.STEPS.items(), strict=True)
    before = check(walk.group, ({}, 0))
    for number in range(1, STEPS + 1):
        what = walk.rng.choices(steps, weights)[0]
        state = ledger_state(walk.group)
        try:
            # What the app refused, it refused whole.
            if getattr(walk, what)() == "refused":
                assert ledger_state(walk.group) == state, "a refused step changed the ledger"
            before = check(walk.group, before)
        except Exception as error:
            error.add_note(f"seed {seed}, step {number}: {what}")
            raise
