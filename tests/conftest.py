import pytest
from hypothesis import HealthCheck, settings

# This machine is shared and noisy: a per-example deadline would make tests flaky, not safer.
settings.register_profile(
    "scorekeeper", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("scorekeeper")

PASSWORD = "a long table password"


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
