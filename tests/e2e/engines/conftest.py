"""The core walks in the two engines beside Chromium: WebKit (webkit.py) and Firefox
(firefox.py), each a phone of phone.py's, opening the live server through a relay the
test can cut (relay.py). `make test` installs both browsers with apt.

Each test process starts each browser once, on its first walk in it; the walks are few
(marked `engines`) and spread over the processes with the rest of the suite, so they add
their processor time divided among the workers: 174 s of test time, 83 s of wall time
alone on 3 workers (`pytest tests/e2e/engines -n 3 --dist worksteal --durations=0`, on
this 2-core machine under a load of about 12 from other runs).
"""

import os

import pytest

from tests.e2e.engines.relay import Relay

ENGINES = ("webkit", "firefox")


def pytest_collection_modifyitems(items):
    here = os.path.dirname(__file__)
    for item in items:
        if str(item.path).startswith(here):
            item.add_marker(pytest.mark.engines)


@pytest.fixture(scope="session")
def webkit_browser():
    from tests.e2e.engines.webkit import WebKit

    browser = WebKit()
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def firefox_browser():
    from tests.e2e.engines.firefox import Firefox

    browser = Firefox()
    yield browser
    browser.close()


@pytest.fixture
def relay(live_server):
    """The live server as the phone reaches it, up until the test cuts it."""
    host, port = live_server.url.split("//")[1].rsplit(":", 1)
    way = Relay(host, int(port))
    yield way
    way.close()


@pytest.fixture(params=ENGINES, ids=[f"in_{name}" for name in ENGINES])
def engine(request):
    return request.param


@pytest.fixture
def make_phone(request, engine, relay):
    """A new phone of the test's engine, opening the app through the relay."""
    browser = request.getfixturevalue(f"{engine}_browser")
    phones = []

    def make():
        phone = browser.phone(relay.url)
        phones.append(phone)
        return phone

    yield make
    for phone in phones:
        phone.close()


@pytest.fixture
def phone(make_phone):
    return make_phone()
