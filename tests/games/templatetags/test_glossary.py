"""Every game's words one tap from their meaning (games/templatetags/glossary.py): the tag,
then every screen of every game read as a newcomer reads it."""

import re
from html import unescape

import pytest
from django.template import Context, Template

from games.engine.registry import GAMES
from tests.pages import shown
from tests.tables import example_game, make_game

pytestmark = pytest.mark.django_db


def render(source: str, **context) -> str:
    return Template("{% load glossary %}" + source).render(Context(context))


def test_a_term_is_a_button_that_opens_its_meaning_with_its_rule_and_a_link_there():
    page = render('{% term "contractor" "Strain" %}')
    assert '<button type="button" class="term" popovertarget="term-contractor-strain">' in page
    page += render('{% meanings "contractor" %}')
    meaning = re.search(r'<div class="term-meaning" popover id="term-contractor-strain">.*', page)
    assert "Crazytrump</b>: the top card of the kitty" in meaning.group(0)
    assert '<a class="term-rule" href="/rules/#contractor-worth">Rule 1: What a contract' in page


def test_a_page_draws_each_meaning_once_at_its_foot_whatever_its_buttons(owner_client, user):
    game = make_game(user, kind="tridge")
    page = owner_client.get(f"/games/{game.pk}/hands/new/").content.decode()
    foot = page.index("</main>")
    assert page.count('<div class="term-meaning" popover id="term-tridge-honours">') == 1
    assert page.index('id="term-tridge-honours"') > foot > page.index("term-tridge-honours")


def test_a_question_mark_beside_a_choice_says_which_word_it_explains():
    page = render('{% term "tridge" "What happened" "?" %}')
    assert 'aria-label="What \u201cWhat happened\u201d means">?</button>' in page


def test_a_word_the_game_does_not_list_stops_the_page_with_the_file_to_add_it_to():
    with pytest.raises(KeyError, match="add it to its glossary.py"):
        render('{% term "bid_fair" "Crazytrump" %}')


def test_a_label_that_begins_with_a_term_opens_it_and_any_other_stays_as_it_is():
    page = render(
        '{% label_term "cardigan" "Discards received" %} {% label_term "cardigan" "Tricks" %}'
    )
    assert '<button type="button" class="term" popovertarget="term-cardigan-discards">' in page
    assert "Discards received</button>" in page and page.endswith(" Tricks")


def test_the_rules_page_numbers_every_rule_a_term_cites_and_lists_every_term(client):
    page = client.get("/rules/").content.decode()
    for game in GAMES.values():
        for number, anchor, _title in game.GLOSSARY.numbered():
            assert f'<h3 id="{anchor}"><span class="rule-number">Rule {number}</span> ' in page
        for term in game.GLOSSARY:
            assert f"<dt>{term.name}</dt>" in unescape(page), term.name


# The screens a newcomer meets in each game: each entry screen, each board, a settlement.
def screens(client, user):
    blank = {kind: make_game(user, kind=kind, players=PLAYERS[kind]) for kind in PLAYERS}
    tridge3 = make_game(user, kind="tridge", players=("Ana", "Ben", "Cy"))
    session = blank["tridge"].session
    played = {
        "contractor": example_game(session, "contractor-three-hands"),
        "bid_fair": example_game(session, "bid-fair-opening"),
        "tridge": example_game(session, "tridge-four-people", stake="0.05"),
        "cardigan": example_game(session, "cardigan-four-deals"),
    }
    for kind, game in blank.items():
        yield (
            kind,
            f"{kind}: the first {GAMES[kind].HAND}",
            client.get(f"/games/{game.pk}/hands/new/"),
        )
        yield kind, f"{kind}: the board before any hand", client.get(f"/games/{game.pk}/")
    auction = {"number": 1, "mode": "auction"}
    yield (
        "contractor",
        "contractor: the auction",
        client.post(f"/games/{blank['contractor'].pk}/hands/new/", auction),
    )
    yield "tridge", "tridge: three people", client.get(f"/games/{tridge3.pk}/hands/new/")
    for kind, game in played.items():
        yield kind, f"{kind}: the board", client.get(f"/games/{game.pk}/")
    yield (
        "tridge",
        "tridge: settle up",
        client.get(f"/games/{played['tridge'].pk}/tridge/settlement/"),
    )
    yield (
        "contractor",
        "contractor: the next hand",
        client.get(f"/games/{played['contractor'].pk}/hands/new/"),
    )


PLAYERS = {"tridge": ("Ana", "Ben", "Cy", "Dee"), "contractor": ("Ana", "Ben", "Cy")}
PLAYERS |= {"bid_fair": ("Ana", "Ben"), "cardigan": ("Ana", "Ben", "Cy", "Dee")}
# Words of a game's list that also stand in the screens' ordinary sentences, where they mean
# what they mean anywhere ("Play on", "the bid calculator"): not each time a term.
PLAIN = {
    "contractor": {"Contract", "Contractor", "Auction"},
    "tridge": {"Bid", "Play", "Played"},
    "bid_fair": {"Bid"},
    "cardigan": {"Bid", "Played", "Cards", "Level", "Made", "Red", "Black", "Open", "Alone"},
}


def test_every_word_of_a_games_list_on_any_of_its_screens_opens_its_meaning_there(
    owner_client, user
):
    missing = []
    for kind, screen, response in screens(owner_client, user):
        assert response.status_code == 200, screen
        page = response.content.decode()
        glossary = GAMES[kind].GLOSSARY
        opened = set(re.findall(r'popovertarget="term-[a-z_]+-([a-z0-9-]+)"', page))
        text = shown(page)
        for term in glossary:
            for word in term.said_in(text):
                if word not in PLAIN[kind] and term.slug not in opened:
                    missing.append(f"{screen}: {word!r} is shown, {term.name!r} is not a tap")
        targets = re.findall(r'popovertarget="([^"]+)"', page)
        missing += [f"{screen}: {t} opens nothing" for t in targets if f'id="{t}"' not in page]
    assert not missing, "\n".join(missing)


def test_the_words_a_newcomer_asked_about_are_each_in_their_games_list():
    asked = {
        "contractor": ["Contract", "Auction", "Strain", "Crazytrump", "Kitty foregone"],
        "tridge": ["Not valid", "In-comer declined", "Honours", "Chips", "Widow's fund"],
        "bid_fair": ["Cut card", "Doubled"],
        "cardigan": ["Dashed", "Discards", "Stuck", "V", "Duplicates", "Full suits"],
    }
    for kind, words in asked.items():
        known = {word for term in GAMES[kind].GLOSSARY for word in term.words}
        assert not [word for word in words if word not in known], kind
