"""bench/lighthouse.py without Lighthouse (an npm package the project does not install):
the data it makes in the served app, and that every page it measures is there to measure,
logged in or out as it opens them; so that a change of a page's address fails the suite
rather than the script."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from bench.lighthouse import DATA, LOGGED_OUT, pages, web_line

pytestmark = pytest.mark.django_db


def test_the_four_pages_of_issue_35_are_measured_with_others_people_land_on():
    data = {"games": dict.fromkeys(["tridge", "contractor", "bid_fair", "cardigan"], 1)}
    measured = pages(data | {"shared": "/s/x/"})
    assert {"board", "home", "entry", "rules"} <= set(measured)
    assert set(measured) >= LOGGED_OUT


def test_every_page_measured_answers_200_with_the_data_made_for_it(capsys):
    exec(DATA, {})  # noqa: S102 -- the script's own text, as manage.py shell runs it
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    member = Client()
    member.force_login(get_user_model().objects.get(username="ana"))
    for name, path in pages(data).items():
        phone = Client() if name in LOGGED_OUT else member
        assert phone.get(path).status_code == 200, (name, path)


def test_the_app_is_served_by_the_procfiles_web_line():
    assert "gunicorn" in web_line()
