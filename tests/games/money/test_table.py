"""What is on the table (games/money/table.py): chips a match left, the group's until a
match takes them, shared out, or followed through corrections, deletes and undos; many
evenings of them at random, in tests/games/money/test_ledger_walk.py."""

from decimal import Decimal

import pytest

from games.models import Game, Leftover, Line, Session
from games.money import ledger as money_ledger
from games.money import table
from games.money.entries import TABLE
from games.play import bin, services
from games.tridge import match
from tests.games.views.test_games import tridge_form
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db

# Hand 1 of four people (Ana deals, Ben wins) leaves 20 in the game fund and 100 in the
# widow's fund.
LEFT = {"carried_game": 20, "carried_widow": 100}


def ended(user, players=("Ana", "Ben", "Cy", "Dee")):
    return make_game(user, players=players, rules={"hands": 1}, hands=[BEN_WINS])


def lying(user):
    return [(pile.source, pile.words) for pile in table.lying(user.owned_groups.first())]


def test_a_match_over_with_its_funds_kept_leaves_them_on_the_groups_table(user):
    last = ended(user)
    when = f"{last.session.date:%-d %b}"
    said = f"120 chips left on {when} by Ana, Ben, Cy and Dee, not played for money"
    assert lying(user) == [(last, said)]


def test_a_match_not_over_leaves_nothing_and_playing_on_takes_its_chips_back(user):
    game = make_game(user, hands=[BEN_WINS])
    assert lying(user) == []
    services.change_game(game, lambda locked: match.end(locked, 1, "ana"))
    assert [source for source, _ in lying(user)] == [game]
    services.change_game(game, match.play_on)
    assert lying(user) == [] and not Leftover.objects.exists()


def test_a_match_that_takes_them_carries_them_and_the_table_is_empty(user):
    last = ended(user)
    game = make_game(user)
    assert [left.source for left in table.take(game, [last.leftover])] == [last]
    game.refresh_from_db()
    assert {key: game.rules[key] for key in LEFT} == LEFT
    assert lying(user) == []
    # Taken once: a second match finds nothing to take.
    assert table.take(make_game(user), [Leftover.objects.get()]) == []


def test_play_again_starts_with_what_the_match_left_on_the_table(user):
    last = ended(user)
    started = table.play_again(last)
    assert {key: started.rules[key] for key in LEFT} == LEFT
    assert Leftover.objects.get(source=last).taken_by == started


def test_a_correction_of_the_match_that_left_them_reaches_the_match_that_took_them(user):
    last = ended(user)
    game = table.play_again(last)
    services.edit_hand(last.hands.get(), {"passed": True}, user, 1)
    game.refresh_from_db()
    # All passed: each paid 5 in, so the game fund holds 20, doubled by the pass to 40,
    # and the widow's fund its 100.
    assert game.rules["carried_game"] + game.rules.get("carried_widow", 0) == match.carried(
        table.left_by(Game.objects.get(pk=last.pk))
    )


def test_a_deleted_match_gives_its_chips_back_to_the_table_and_another_may_take_them(user):
    last = ended(user)
    first = table.play_again(last)
    bin.delete(first)
    assert [source for source, _ in lying(user)] == [last]
    second = make_game(user, players=("Ana", "Ben", "Cy", "Eve"))
    assert table.take(second, [Leftover.objects.get()])
    bin.restore(user, "game", first.pk)
    first.refresh_from_db()
    # The restored match started with what the table held then; another has it now.
    assert match.carried(first.rules) == 0 and match.carried(second.rules) == 120


def test_sharing_out_what_lies_on_the_table_leaves_only_what_cannot_be_shared(owner_client, user):
    last = ended(user)
    group = user.owned_groups.first()
    page = owner_client.get(f"/groups/{group.pk}/").content.decode()
    assert "120 chips left on" in page and "Share them out" in page
    url = f"/groups/{group.pk}/table/{last.leftover.pk}/share/"
    asked = owner_client.get(url).content.decode()
    assert "Each of Ana, Ben, Cy and Dee takes 30 chips" in asked
    assert not match.split_funds(Game.objects.get(pk=last.pk))  # nothing moved on a look
    response = owner_client.post(f"/groups/{group.pk}/table/{last.leftover.pk}/share/")
    assert response["Location"] == f"/groups/{group.pk}/#on-the-table"
    last.refresh_from_db()
    assert match.split_funds(last)  # 120 among four: 30 each, nothing stays
    assert lying(user) == []
    page = owner_client.get(f"/groups/{group.pk}/", follow=True).content.decode()
    assert "Nothing is on the table" in page


def test_someone_of_another_group_cannot_share_out_a_groups_chips(stranger_client, user):
    last = ended(user)
    group = user.owned_groups.first()
    assert (
        stranger_client.post(f"/groups/{group.pk}/table/{last.leftover.pk}/share/").status_code
        == 404
    )
    assert Leftover.objects.get().source == last and not match.split_funds(last)


def test_the_new_game_form_offers_other_peoples_chips_and_the_table_decides(owner_client, user):
    last = ended(user, players=("Eve", "Ben", "Cy", "Dee"))
    session = Session.objects.create(group=user.owned_groups.first(), place="Next week")
    form = owner_client.get(f"/sessions/{session.pk}/games/new/?kind=tridge").content.decode()
    assert "by Eve, Ben, Cy and Dee" in form
    owner_client.post(f"/sessions/{session.pk}/games/new/", tridge_form(leftover="none"))
    assert lying(user)[0][0] == last and "carried_game" not in session.games.get().rules


# --- chips keep their value ----------------------------------------------------------------


def test_chips_left_at_one_value_keep_it_in_a_match_at_another_and_the_table_pays_out_what_it_got(
    owner_client, user
):
    """The issue's walk: 120 chips left at 0.05, taken by a match at 0.10 and shared out."""
    from decimal import Decimal

    from games.money import books, ledger
    from games.money.entries import TABLE as THE_TABLE

    last = ended(user)
    services.change_game(last, lambda locked: locked.meta.update(stake="0.05") or True)
    group = user.owned_groups.first()
    assert books.balances(group)[THE_TABLE] == 600  # paid in by those down: 120 at 0.05
    for owed in ledger.group_ledger(group).owed:  # the evening settled, the table paid in
        money_ledger.pay(group, owed.payer, owed.payee, owed.amount, user)
    assert books.balances(group) == {}

    session = Session.objects.create(group=group, place="Next week")
    url = f"/sessions/{session.pk}/games/new/"
    form = owner_client.get(f"{url}?kind=tridge")
    assert "worth 6.00 (0.05 a chip)" in form.content.decode()
    assert form.context["form"]["stake"].value() == Decimal("0.05")  # carried
    chosen = tridge_form(leftover=str(last.leftover.pk), stake="0.10", rule_hands=1)
    asked = owner_client.post(url, chosen)
    assert asked.status_code == 200 and not session.games.exists()
    said = asked.content.decode()
    assert "were left at 0.05 a chip and are worth 6.00; at 0.10 a chip they would be" in said
    assert "each of the 4 players pays 1.50 into the table" in said
    assert owner_client.post(url, chosen | {"other_value": "on"}).status_code == 302
    second = session.games.get()
    services.add_hand(second, BEN_WINS, 1)
    services.change_game(second, match.share_out)

    money = table_money(group)
    # Paid in: 6.00 for the chips left; the four made them up by 6.00 to 0.10 a chip; the
    # second match gave everything back out at 0.10. So the table owes exactly the 6.00
    # it was paid, no more, and once that is paid out nothing lies on it and it is square.
    assert money["made up"] == 600 and money["paid in"] == 600
    assert books.balances(group)[THE_TABLE] == -600 and table.lying(group) == []
    for owed in ledger.group_ledger(group).owed:
        money_ledger.pay(group, owed.payer, owed.payee, owed.amount, user)
    assert books.balances(group) == {}


def table_money(group) -> dict:
    from django.db.models import Sum

    from games.models import Entry, Payment

    made_up = Line.objects.filter(group=group, party=TABLE, entry__kind=Entry.MADE_UP)
    paid = Payment.objects.filter(group=group, payee=TABLE, undone_at__isnull=True)
    return {
        "made up": (made_up.aggregate(total=Sum("money"))["total"] or 0) // 100,
        "paid in": int(sum(p.amount for p in paid) * 100),
    }


@pytest.mark.parametrize(
    "chips, people, then",
    [
        (120, 4, "so each of the 4 players pays 1.50 into the table"),
        # 6.00 more among three: 2.00 each, whole cents.
        (120, 3, "so each of the 3 players pays 2.00 into the table"),
        # 6.05 among four is 1.5125 each: not whole cents, so "about".
        (121, 4, "so each of the 4 players pays about 1.51 into the table"),
    ],
)
def test_the_new_game_form_says_about_only_where_a_share_of_the_difference_is_not_whole_cents(
    chips, people, then
):
    from games.models import Game, Leftover

    pile = table.Lying(Leftover(source=Game(meta={"stake": "0.05"})), chips, chips * 500)
    assert then in pile.value_words(Decimal("0.10"), people)
