"""The no_circles contract type (scripts/circles.py): every circle of imports, each named once."""

import grimp
import pytest

from scripts.circles import NoCircles


def checked(tmp_path, monkeypatch, files: dict[str, str]):
    """Check a package written from `files` (path: source) for circles."""
    for name, source in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)
    package = next(iter(files)).split("/")[0]
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph(package, cache_dir=None)
    return NoCircles("circles", {}, {"packages": [package]}).check(graph, verbose=False)


@pytest.fixture
def check(tmp_path, monkeypatch):
    return lambda files: checked(tmp_path, monkeypatch, files)


def test_a_package_whose_imports_go_one_way_keeps_the_contract(check):
    kept = check({"level/__init__.py": "", "level/a.py": "import level.b\n", "level/b.py": ""})
    assert kept.kept and kept.metadata["circles"] == []


def test_imports_inside_a_function_or_under_type_checking_close_a_circle(check):
    broken = check(
        {
            "hidden/__init__.py": "",
            "hidden/a.py": "def later():\n    from hidden import b\n",
            "hidden/b.py": (
                "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from hidden import a\n"
            ),
        }
    )
    assert not broken.kept
    [circle] = broken.metadata["circles"]
    assert circle["round"] == [("hidden.a", "hidden.b", "l.2"), ("hidden.b", "hidden.a", "l.4")]


def test_a_circle_through_a_packages_own_init_is_found(check):
    # import-linter's acyclic_siblings compares a package's children, and misses this one.
    broken = check(
        {
            "inner/__init__.py": "",
            "inner/sub/__init__.py": "from inner.sub.a import x\n",
            "inner/sub/a.py": "x = 1\n\n\ndef f():\n    from inner.sub import x\n",
        }
    )
    assert [circle["modules"] for circle in broken.metadata["circles"]] == [
        ["inner.sub", "inner.sub.a"]
    ]


def test_each_circle_is_named_once_by_a_way_round_and_the_rest_of_its_modules(check):
    # games/engine's circle as it was: registry -> forms -> sheet -> registry, words beside.
    broken = check(
        {
            "ring/__init__.py": "",
            "ring/forms.py": "import ring.sheet\nimport ring.words\n",
            "ring/words.py": "import ring.sheet\n",
            "ring/sheet.py": "def read():\n    import ring.registry\n",
            "ring/registry.py": "import ring.forms\n",
            "ring/other.py": "import ring.forms\n",
        }
    )
    [circle] = broken.metadata["circles"]
    assert circle["modules"] == ["ring.forms", "ring.registry", "ring.sheet", "ring.words"]
    assert circle["round"] == [
        ("ring.forms", "ring.sheet", "l.1"),
        ("ring.sheet", "ring.registry", "l.2"),
        ("ring.registry", "ring.forms", "l.1"),
    ]
    assert circle["others"] == ["ring.words"]
