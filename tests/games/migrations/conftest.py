import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


@pytest.fixture(autouse=True)
def back_to_the_latest():
    """A migration test leaves the database as every other test finds it: at the latest
    migration (the worker's next test would otherwise miss the tables made after it)."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
