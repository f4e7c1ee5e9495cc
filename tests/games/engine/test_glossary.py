"""A game's glossary (games/engine/glossary.py): its terms found by name, by a label that
begins with one, and in a board's hand lines; a term that cites no rule is refused."""

import pytest

from games.engine.glossary import Glossary, Term
from games.engine.registry import GAMES

SECTIONS = (("worth", "What a contract is worth"), ("hand", "What a hand scores"))
TERMS = (
    Term("Strain", "What it is played in.", "worth", choices=(("Nil", "no trick."),)),
    Term("Extra tricks", "Tricks promised.", "worth"),
    Term("Challenge", "A side bet.", "hand"),
)


def test_a_term_that_cites_a_rule_the_page_has_not_got_is_refused_at_once():
    with pytest.raises(ValueError, match="the term 'Strain' cites no rule"):
        Glossary("contractor", SECTIONS[1:], TERMS[:1])


def test_a_term_is_found_by_its_name_whatever_its_case_and_its_rule_by_number():
    glossary = Glossary("contractor", SECTIONS, TERMS)
    assert glossary.term("extra TRICKS") is TERMS[1]
    assert glossary.number("hand") == 2 and glossary.anchor("hand") == "contractor-hand"


def test_a_label_finds_the_term_it_begins_with_and_no_other():
    glossary = Glossary("cardigan", SECTIONS, TERMS)
    assert glossary.find("Challenge received") is TERMS[2]
    assert glossary.find("Challenged") is None and glossary.find("Tricks") is None


def test_hand_lines_offer_the_terms_whose_words_they_use_a_choice_counting_for_its_head():
    glossary = Glossary("contractor", SECTIONS, TERMS)
    lines = ["Ben: nil, challenged by Cy — made", "Ana: 2 extra tricks"]
    assert glossary.found_in(lines) == [TERMS[0], TERMS[1]]


def test_every_games_terms_have_names_of_their_own():
    for game in GAMES.values():
        names = [term.name.lower() for term in game.GLOSSARY]
        assert len(names) == len(set(names)), game.KEY
