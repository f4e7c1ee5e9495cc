import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Every property test's number of examples is set here, and only here: the profile's
# max_examples, or a multiple of it (`examples`) for a test whose examples are far cheaper
# or dearer than most. No deadline: a busy machine would make tests flaky, not safer.
# HYPOTHESIS_PROFILE=thorough runs ten times as many, for a change to an engine or a reader.
settings.register_profile(
    "scorekeeper",
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", settings.get_profile("scorekeeper"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "scorekeeper"))


def examples(times: float) -> settings:
    """The profile's settings, with `times` its number of examples."""
    return settings(max_examples=max(1, round(settings.default.max_examples * times)))


PASSWORD = "a long table password"
E2E = Path(__file__).parent / "e2e"


# pytest-django refuses the database to a test that asks for none of these: such a test
# runs the same on any database.
DATABASE = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}


def pytest_collection_modifyitems(items):
    for item in items:
        # By folder, so that no browser test can forget its marker (`make test-fast` skips them).
        if E2E in item.path.parents:
            item.add_marker(pytest.mark.e2e)
        # `make test-postgres` runs again every test that reaches the database. A browser
        # test opts in with its own marker where the database's part of a save is what it
        # tests (two phones, a hand stored once, the money carried); the rest of them test
        # the page, which PostgreSQL does not change, and run once, in `make test`.
        elif item.get_closest_marker("django_db") or DATABASE & set(item.fixturenames):
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts from an empty cache, as from a fresh database."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def make_user(db, django_user_model):
    def make(username="ana"):
        return django_user_model.objects.create_user(username=username, password=PASSWORD)

    return make


@pytest.fixture
def user(make_user):
    return make_user("ana")


@pytest.fixture
def owner_client(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def stranger_client(make_user):
    from django.test import Client

    stranger = Client()
    stranger.force_login(make_user("zed"))
    return stranger


@pytest.fixture
def anon_client():
    """A second browser with no account: someone at the table holding a link."""
    from django.test import Client

    return Client()


@pytest.fixture(autouse=True)
def quick_passwords(settings):
    # The real hasher is slow on purpose; tests create hundreds of accounts.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
