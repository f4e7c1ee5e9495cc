"""The house reads one way and has no circle: `lint-imports` (pyproject.toml's contracts),
as README.md's layout tells a newcomer to run it, and as `make lint` runs it."""

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def lint_imports(where: Path) -> subprocess.CompletedProcess:
    # No cache: the graph takes a tenth of a second, and a cache left beside a copy is litter.
    return subprocess.run(
        [LINT_IMPORTS, "--no-cache"], cwd=where, capture_output=True, text=True, timeout=120
    )


def test_the_house_reads_one_way_with_no_circle():
    checked = lint_imports(ROOT)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_an_upward_import_inside_a_function_fails_the_check_naming_it_and_its_circle(tmp_path):
    for part in ("games", "scorekeeper", "scripts"):
        shutil.copytree(
            ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("templates", "static")
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    words = tmp_path / "games" / "engine" / "words.py"
    words.write_text(words.read_text() + "\n\ndef later():\n    from games.views import games\n")
    checked = lint_imports(tmp_path)
    assert checked.returncode == 1
    assert "games.engine.words -> games.views.games (l." in checked.stdout
    assert "A circle of" in checked.stdout


def test_no_import_is_let_off_the_houses_layers():
    """The upward imports issue 33 found are gone, and none is ignored in their place."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert [line for c in config["contracts"] for line in c.get("ignore_imports", [])] == []
