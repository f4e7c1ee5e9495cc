"""Cardigan at the table: entering deals, the live preview, full suits, the scoreboard, imports."""

import json
import re

import pytest

from games.models import Game, Hand, Revision, Session
from tests.games.cardigan.cardigan_sheets import AC, BD, full_suits_of, quick, quick_game
from tests.games.cardigan.test_forms import EXAMPLE, as_post, canonical
from tests.pages import shown
from tests.sheets import EXAMPLES, assert_contains, scored
from tests.tables import coscorer_token, make_game

pytestmark = pytest.mark.django_db

EXPECTED = json.loads((EXAMPLES / "cardigan-four-deals.expected.json").read_text())
HTMX = {"HX-Request": "true"}
FULL_SUITS = full_suits_of(EXAMPLE)


def url(game, rest="hands/new/"):
    return f"/games/{game.pk}/{rest}"


def full_suit_fields(full_suits=FULL_SUITS):
    return {
        f"full_{t}_{suit}": str(n)
        for t, team in enumerate((AC, BD))
        for suit, n in full_suits[team].items()
    }


@pytest.fixture
def game(user):
    return make_game(user, kind="cardigan")


def test_the_deal_form_says_who_deals_and_what_the_cards_are_worth(owner_client, user):
    game = make_game(user, kind="cardigan", hands=[EXAMPLE[0]])
    page = owner_client.get(url(game)).content.decode()
    page = page.split('<template class="hand-ahead">')[0]  # not the next deals' (offline)
    assert "Deal 2 of 4" in page and "<strong>Ben</strong> deals" in page
    assert "cards count <strong>&times;2</strong>" in page
    assert page.count('name="tap"') == 52
    assert "cardigan/cards.js" in page and "cardigan/cardigan.css" in page


def test_every_screen_calls_a_cardigan_hand_a_deal(owner_client, user):
    game = make_game(user, kind="cardigan", hands=[EXAMPLE[0]])
    board = owner_client.get(url(game, "")).content.decode()
    assert "Add deal 2" in board and "Add hand" not in board
    entry = owner_client.get(url(game)).content.decode()
    assert ">Deal 2</h1>" in entry and "Save deal 2" in entry
    assert "What this deal does" in entry
    assert not re.search(r"\bhands?\b", re.sub(r"<[^>]*>", " ", entry).lower())
    edit = owner_client.get(url(game, "hands/1/")).content.decode()
    assert "Edit deal 1" in edit and "History of this deal" in edit and "Delete deal" in edit
    assert "History of deal 1" in owner_client.get(url(game, "hands/1/history/")).content.decode()
    assert "Delete deal 1?" in owner_client.get(url(game, "hands/1/delete/")).content.decode()
    assert "All deals" in owner_client.get(url(game, "hands/")).content.decode()
    # Another phone saved deal 2 first.
    Hand.objects.create(game=game, number=2, record=canonical(EXAMPLE[1]))
    stale = owner_client.post(url(game), as_post(canonical(EXAMPLE[1]), number="2", save="1"))
    page = stale.content.decode()
    assert "Deal 2 was saved on another phone" in page and "the same deal" in page
    assert not re.search(r"\bhands?\b", re.sub(r"<[^>]*>", " ", page).lower())


def test_an_htmx_change_answers_the_fragment_with_the_deals_preview(owner_client, game):
    response = owner_client.post(url(game), as_post(canonical(EXAMPLE[0])), headers=HTMX)
    page = response.content.decode()
    assert "<html" not in page and 'id="entry"' in page
    assert response.context["preview"].deltas == EXPECTED["hands"][0]["deltas"]
    assert "Ben (Ben &amp; Dee) made 2 \u2665 with 9 tricks, 1 over." in page
    assert "cards.js" not in page  # the script stays loaded from the first page
    assert not Hand.objects.exists()


def test_a_tap_without_javascript_posts_the_form_and_shows_the_card_added(owner_client, game):
    post = as_post(canonical(EXAMPLE[0]), cards_0="", cards_1="", team="1", tap="10H")
    response = owner_client.post(url(game), post)
    page = response.content.decode()
    assert "<html" in page
    assert 'name="cards_1" value="10H"' in page
    assert "Ten of hearts: 0 with Ana &amp; Cy, 1 with Ben &amp; Dee" in page


def test_saving_stores_the_deal_and_returns_to_the_scores(owner_client, game):
    response = owner_client.post(url(game), as_post(canonical(EXAMPLE[0]), save="1"))
    assert response["Location"] == f"/games/{game.pk}/"
    assert Hand.objects.get().record == canonical(EXAMPLE[0])


def test_while_the_cards_are_entered_their_count_is_shown_not_an_error(owner_client, game):
    post = as_post(canonical(EXAMPLE[0]), cards_1="2C")
    response = owner_client.post(url(game), post, headers=HTMX)
    page = response.content.decode()
    assert response.context["form"].card_errors() == []
    assert '<strong data-total="all">17</strong> of 52' in page
    assert response.context["preview"] is None


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"cards_1": "2C"}, "17 cards, a deal has 52."),
        ({"declarer": ""}, "Who declared?"),
        ({"tricks": ""}, "How many tricks did Ben & Dee take?"),
        ({"stuck": "on"}, "Only the dealer, Ana, can be stuck."),
        ({"cards_0": "AS AS AS AS AS"}, "A\u2660 5 times (at most 4)"),
        ({"discards_0": "20"}, "Ana & Cy: 16 cards, but 4 tricks and 20 discards received hold"),
        ({"pairs_0": "4", "triplets_0": "2", "dup_who": ["0"]}, "take 14 cards, a hand has 13"),
    ],
)
def test_a_bad_deal_is_refused_next_to_its_field_and_nothing_is_lost(
    owner_client, game, changes, words
):
    post = as_post(canonical(EXAMPLE[0]), save="1") | changes
    response = owner_client.post(url(game), post)
    page = response.content.decode()
    assert response.status_code == 200
    assert words in page.replace("&amp;", "&")
    assert 'id="card-grid"' in page and f'name="cards_0" value="{post["cards_0"]}"' in page
    assert not Hand.objects.exists()


def test_the_last_quick_deal_asks_for_the_full_suits_and_saves_them_with_it(owner_client, user):
    game = make_game(user, kind="cardigan", hands=[quick(hand) for hand in EXAMPLE[:3]])
    page = owner_client.get(url(game)).content.decode()
    assert "Full suits over the whole game" in shown(page) and 'name="full_0_D"' in page
    post = as_post(quick(EXAMPLE[3]), number=4) | full_suit_fields() | {"save": "1"}
    response = owner_client.post(url(game), post)
    assert response.status_code == 302, response.context["form"].errors
    game.refresh_from_db()
    assert game.meta["sheet_top"] == {"full_suits": FULL_SUITS}
    board = owner_client.get(url(game, ""))
    expected = scored(quick_game(*EXAMPLE))
    assert board.context["score"].standings == expected["standings"]
    assert expected["standings"] == EXPECTED["standings"]
    text = board.content.decode()
    assert "Full suits" in text and "Counted at the table after the last deal" in text
    assert "Game over: Ana &amp; Cy win." in text
    assert "Change the full suits (deal 4)" in text


def test_the_preview_of_the_last_deal_shows_the_full_suits_and_the_winner(owner_client, user):
    game = make_game(user, kind="cardigan", hands=EXAMPLE[:3])
    response = owner_client.post(url(game), as_post(canonical(EXAMPLE[3]), number=4), headers=HTMX)
    page = response.content.decode()
    assert "Full suits at the end of the game" in page
    assert "Ana &amp; Cy win." in page
    assert "98013" in page and "38402" in page
    # Counted from the cards, not asked: drawn for the other ways alone, out of sight while
    # this one's is card by card (cardigan.css), and not required.
    assert 'class="part need-unless-cards" id="full-suits"' in page
    assert not response.context["form"].asks_full_suits


def test_full_suits_the_cards_cannot_make_are_refused_next_to_them(owner_client, user):
    game = make_game(user, kind="cardigan", hands=[quick(hand) for hand in EXAMPLE[:3]])
    too_many = {AC: dict.fromkeys("DCHS", 4), BD: dict.fromkeys("DCHS", 0)}
    post = as_post(quick(EXAMPLE[3]), number=4) | full_suit_fields(too_many) | {"save": "1"}
    response = owner_client.post(url(game), post)
    assert "Ana &amp; Cy: 16 full suits need 16 aces" in response.content.decode()
    assert game.hands.count() == 3
    game.refresh_from_db()
    assert "sheet_top" not in game.meta


def test_editing_the_last_deal_changes_the_full_suits_and_keeps_a_revision(owner_client, user):
    hands = [quick(hand) for hand in EXAMPLE]
    game = make_game(user, kind="cardigan", hands=hands)
    game.meta = {"sheet_top": {"full_suits": FULL_SUITS}}
    game.save()
    form = owner_client.get(url(game, "hands/4/")).context["form"]
    assert form["full_0_D"].value() == FULL_SUITS[AC]["D"]
    fewer = {AC: dict(FULL_SUITS[AC], D=0), BD: FULL_SUITS[BD]}
    post = as_post(hands[3], number=4) | full_suit_fields(fewer) | {"version": "1", "save": "1"}
    assert owner_client.post(url(game, "hands/4/"), post).status_code == 302
    game.refresh_from_db()
    assert game.meta["sheet_top"]["full_suits"][AC]["D"] == 0
    assert Revision.objects.get().number == 4


def test_deleting_a_deal_of_a_finished_quick_game_lets_the_full_suits_go(owner_client, user):
    game = make_game(user, kind="cardigan", hands=[quick(hand) for hand in EXAMPLE])
    game.meta = {"sheet_top": {"full_suits": FULL_SUITS}, "note": "kept"}
    game.save()
    response = owner_client.post(url(game, "hands/4/delete/"), {"version": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.meta == {"note": "kept"} and game.hands.count() == 3
    assert owner_client.get(url(game, "")).context["score"].finished is False


def test_a_change_that_breaks_a_later_deal_names_it(owner_client, user):
    hands = [quick(hand) for hand in EXAMPLE]
    game = make_game(user, kind="cardigan", hands=hands)
    game.meta = {"sheet_top": {"full_suits": FULL_SUITS}}
    game.save()
    post = as_post(hands[0], version="1", save="1", count_0_A="3") | full_suit_fields()
    response = owner_client.post(url(game, "hands/1/"), post)
    page = response.content.decode()
    assert "This would make deal 4 wrong: card_counts: 17 aces over the game" not in page
    assert "This would make deal 4 wrong: 17 aces over the game, the packs have 16." in page
    assert Hand.objects.get(number=1).record == hands[0]


def test_the_scoreboard_shows_the_next_deal_its_dealer_and_multiplier(owner_client, user):
    game = make_game(user, kind="cardigan", hands=EXAMPLE[:1])
    page = owner_client.get(url(game, "")).content.decode()
    assert "Deal <strong>2</strong> of 4: <strong>Ben</strong> deals" in page
    assert "cards count <strong>&times;2</strong>" in page
    assert "Ben: 2 \u2665; 9 tricks \u2014 made" in page
    assert "Deal by deal" in page and "Contract bonus" in page


def test_an_imported_sheet_shows_the_same_standings_and_full_suits_as_the_cli(owner_client, user):
    session = Session.objects.create(group=user.owned_groups.first())
    sheet = (EXAMPLES / "cardigan-four-deals.json").read_text()
    response = owner_client.post(f"/sessions/{session.pk}/import/", {"text": sheet})
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    board = owner_client.get(response["Location"])
    score = board.context["score"]
    assert_contains(score.as_json(), EXPECTED)  # every deal's change and totals too
    assert score.standings == EXPECTED["standings"]
    assert score.details["full_suits"] == EXPECTED["full_suits"]
    page = board.content.decode()
    for team, total in EXPECTED["standings"].items():
        assert f">{team.replace('&', '&amp;')}</" in page and str(total) in page
    assert "Counted from every card each team collected" in page
    assert "+4000" in page  # a full spade suit


def test_an_imported_quick_sheet_keeps_its_full_suits(owner_client, user):
    session = Session.objects.create(group=user.owned_groups.first())
    sheet = json.dumps(quick_game(*EXAMPLE))
    owner_client.post(f"/sessions/{session.pk}/import/", {"text": sheet})
    game = Game.objects.get()
    board = owner_client.get(url(game, "")).context["score"]
    assert board.standings == EXPECTED["standings"]


def test_another_players_game_does_not_exist(stranger_client, game):
    assert stranger_client.get(url(game)).status_code == 404
    assert stranger_client.post(url(game), as_post(canonical(EXAMPLE[0]))).status_code == 404


def test_a_huge_count_of_sets_gets_a_message_not_a_server_out_of_memory(owner_client, game):
    post = as_post(canonical(EXAMPLE[0]), triplets_0=str(10**12), dup_who=["0"], save="1")
    response = owner_client.post(url(game), post)
    assert response.status_code == 200  # the form again, with its message; nothing saved
    assert "Ensure this value is less than or equal to 4" in response.content.decode()
    post = as_post(canonical(EXAMPLE[0]), pairs_0=str(10**12), save="1")
    response = owner_client.post(url(game), post)
    assert "A number from 0 to 6." in response.content.decode()
    assert not game.hands.exists()


@pytest.fixture
def finished(user):
    """The example's four deals, imported: a game that is over."""
    from games.records.imports import import_sheet

    session = Session.objects.create(group=user.owned_groups.first())
    return import_sheet(session, json.loads((EXAMPLES / "cardigan-four-deals.json").read_text()))


def test_after_the_fourth_deal_the_new_deal_page_says_the_game_is_over(owner_client, finished):
    game = finished
    page = owner_client.get(url(game)).content.decode()
    assert ">No more deals</h1>" in page and "Game over: Ana &amp; Cy win." in page
    assert "Deal 5" not in page and "None deals" not in page


def test_a_fifth_deal_saved_with_full_suits_is_told_the_game_is_over(owner_client, finished):
    game = finished
    fewer = {AC: dict(FULL_SUITS[AC], D=0), BD: FULL_SUITS[BD]}
    post = as_post(canonical(EXAMPLE[3]), number="5") | full_suit_fields(fewer) | {"save": "1"}
    response = owner_client.post(url(game), post)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Game over: Ana &amp; Cy win." in page and "was not saved" in page
    game.refresh_from_db()
    assert game.hands.count() == 4 and "sheet_top" not in game.meta  # counted from the cards


@pytest.fixture
def imported(owner_client, user):
    """The example game, whose teams hold full suits: Ana & Cy 23000, Ben & Dee 21000."""
    session = Session.objects.create(group=user.owned_groups.first())
    owner_client.post(f"/sessions/{session.pk}/import/", {"text": json.dumps(quick_game(*EXAMPLE))})
    return Game.objects.get()


def test_the_chart_legend_the_csv_and_the_printable_sheet_include_the_full_suits(
    owner_client, imported
):
    assert EXPECTED["full_suits"] == {AC: 23000, BD: 21000}
    board = owner_client.get(url(imported, "")).content.decode()
    legend = board[board.index('class="legend"') :]
    assert "Ana &amp; Cy 98013" in legend and "Ben &amp; Dee 38402" in legend
    assert ">Full suits</text>" in board  # the chart's last step

    csv = owner_client.get(url(imported, "hands.csv")).content.decode().splitlines()
    assert csv[-1] == ",,Full suits,23000,98013,21000,38402"

    sheet = owner_client.get(url(imported, "print/")).content.decode()
    full = sheet[sheet.index('<td class="what">Full suits</td>') :]
    assert re.match(
        r'<td class="what">Full suits</td><td><span class="small">\+23000</span> 98013</td>'
        r'<td><span class="small">\+21000</span> 38402</td></tr>',
        full,
    )
    assert full.index("38402") < full.index("<tfoot>")


def test_the_full_suits_lead_the_deals_newest_first_on_the_board_and_all_deals(
    owner_client, imported
):
    for page in ("", "hands/"):
        table = owner_client.get(url(imported, page)).content.decode()
        table = table[table.index('<table class="hands">') :]
        order = [table.index(text) for text in ("Full suits", ">4</th>", ">3</th>", ">1</th>")]
        assert order == sorted(order)


def test_the_deal_by_deal_is_polled_with_the_scores_by_every_way_in(owner_client, imported):
    imported.share_token = "s" * 32
    imported.save()
    coscorer = coscorer_token(imported)
    for board in (url(imported, ""), f"/s/{'s' * 32}/", f"/c/{coscorer}/"):
        poll = owner_client.get(board + "?live=1", headers=HTMX).content.decode()
        assert "<html" not in poll and "Deal by deal" in poll
        # Newest first, as the deals above it.
        assert poll.index("Deal 4 · Dee dealt") < poll.index("Deal 1 · Ana dealt")


def chosen_ways(page):
    """The way chosen in each form of the page: its own, then those drawn ahead."""
    forms = page.split('<template class="hand-ahead">')
    return [re.findall(r'name="mode" value="(\w+)"[^>]*\bchecked', form)[0] for form in forms]


def test_the_next_deal_opens_in_the_way_the_last_one_was_entered(owner_client, user):
    fresh = owner_client.get(url(make_game(user, kind="cardigan"))).content.decode()
    assert chosen_ways(fresh) == ["cards"] * 4  # the first deal, and the three ahead
    game = make_game(user, kind="cardigan", hands=[quick(EXAMPLE[0])])
    page = owner_client.get(url(game)).content.decode()
    assert chosen_ways(page) == ["quick"] * 3  # deal 2, and deals 3 and 4 drawn ahead
    own = page.split('<template class="hand-ahead">')[0]
    assert not re.search(r'name="count_\d_\w+" value="\d+"[^>]*\bchecked', own)  # no figure
    # Editing a deal shows the way it was entered, whatever the deal before it.
    Hand.objects.create(game=game, number=2, record=canonical(EXAMPLE[1]))
    edit = owner_client.get(url(game, "hands/2/")).content.decode()
    assert chosen_ways(edit)[0] == "cards"


# --- with no signal: every way of entering a deal is in the form ------------------------------


def test_every_way_of_entering_the_cards_is_drawn_whichever_is_chosen(owner_client, user):
    # Offline no answer draws another way at a tap: the form must hold them all already.
    game = make_game(user, kind="cardigan")
    page = owner_client.get(url(game)).content.decode().split('<template class="hand-ahead">')[0]
    assert 'id="card-grid"' in page and 'id="quick"' in page and 'id="typed-points"' in page
    assert page.count('name="cards_0"') == 1
    # Every player's sets, and the dealer's "stuck", shown by the choices alone.
    assert all(f'data-seat="{seat}"' in page for seat in range(4))
    assert 'name="stuck"' in page and 'class="seat-0 deals"' in page


@pytest.mark.parametrize(
    ("stored", "need"),
    [(0, "unknown"), (3, "unless-cards")],
)
def test_the_last_deal_holds_the_full_suits_and_says_when_they_are_needed(user, stored, need):
    from games.cardigan.forms import HandForm

    game = make_game(user, kind="cardigan", hands=EXAMPLE[:stored])
    form = HandForm(game=game, number=4)
    assert form.full_suits_need == need
    quick_game = make_game(user, kind="cardigan", hands=[quick(EXAMPLE[0])])
    assert HandForm(game=quick_game, number=4).full_suits_need == "always"
    assert HandForm(game=quick_game, number=3).full_suits_need == ""


def test_deal_4_drawn_ahead_says_the_full_suits_are_needed_only_if_a_deal_was_not_by_cards(
    owner_client, user
):
    page = owner_client.get(url(make_game(user, kind="cardigan"))).content.decode()
    last = page.split('<template class="hand-ahead">')[3]
    assert 'class="part need-unknown" id="full-suits"' in last
    assert "If a deal of this game was not entered card by card" in last
