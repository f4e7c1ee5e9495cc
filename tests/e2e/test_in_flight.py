"""A test ends only once the live server has answered what its phones asked
(tests/e2e/in_flight.py): a request held on purpose in the server counts until answered."""

import threading
import urllib.request

import pytest
from django.core.signals import request_started

from tests.e2e.in_flight import IN_FLIGHT

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_request_under_way_is_waited_for_until_it_is_answered(live_server):
    arrived, release = threading.Event(), threading.Event()

    def hold(**kwargs):  # after IN_FLIGHT's own receiver: the request is counted already
        if kwargs.get("environ", {}).get("HTTP_X_HOLD"):
            arrived.set()
            release.wait(timeout=60)

    request_started.connect(hold, dispatch_uid="test-hold")
    answered = []
    asking = threading.Thread(
        target=lambda: answered.append(
            urllib.request.urlopen(
                urllib.request.Request(f"{live_server.url}/rules/", headers={"X-Hold": "1"})
            ).status
        )
    )
    try:
        asking.start()
        assert arrived.wait(timeout=30)
        assert IN_FLIGHT.count >= 1  # held: still under way
        release.set()
        assert IN_FLIGHT.wait_idle(timeout=30)
        asking.join(timeout=30)
        assert answered == [200]
    finally:
        release.set()
        request_started.disconnect(dispatch_uid="test-hold")
