from pathlib import Path

import pytest

FIFTH = "tests.games.fifth.game.Fifth"


@pytest.fixture
def fifth(monkeypatch, settings):
    """tests/games/fifth/ registered as the app registers its own games, for one test."""
    from games.engine import registry

    monkeypatch.setattr(registry, "GAME_CLASSES", [*registry.GAME_CLASSES, FIFTH])
    # Taken out of the registry again after the test (monkeypatch deletes a key it added).
    monkeypatch.setitem(registry.GAMES, "fifth", None)
    registry.load()
    # The project finds templates in games/*/templates; this folder lives with the tests.
    engine = settings.TEMPLATES[0]
    folder = Path(__file__).parent / "fifth" / "templates"
    settings.TEMPLATES = [engine | {"DIRS": [*engine["DIRS"], folder]}]
    return registry.GAMES["fifth"]
