"""Every document and every path the project names is one the repository holds.

The project's own words are README.md and docs/ (the rules, the sheet, the contract,
the measured figures). A citation of a document that is not committed, such as the spec
the project was first built from, sends a reader nowhere. So every tracked text file is
read for Markdown file names and paths (with their `#anchor`, which must be a heading of
that file), for the targets of Markdown links, and for paths into the spec's folders.

Every other path into the repository that a tracked text file names (the README, docs,
comments and docstrings, templates, styles, scripts, the Makefile, the Procfile,
pyproject.toml, .ci, the tests) is read too, by this rule:

- A path is a token that starts with one of the repository's top-level folders and a
  slash (games/, tests/, docs/, static/, templates/, scorekeeper/, bench/, scripts/,
  .ci/: the folders git holds, not a list written here), perhaps after `./`, and
  that follows no letter, digit, `/`, `.`, `-`, `@` or `:`. So `/games/7/` is an address
  of the app, `https://host/docs/x` a web address, `bead1ba:tests/x.py` a file at a
  commit, `my-games/x` not ours. It runs on while it has letters, digits, `_`, `.`, `-`,
  `*`, `/` and placeholders; `#partial`, `:line` and `::test` are not part of it, nor a
  full stop that ends it.
- A URL pattern given to Django's path() or re_path() is an address, not a path.
- Placeholders stand for any name of a folder or file part: `games/<game>/rules.py`,
  `tests/games/<key>/`, `tests/{module}.py`; so do globs (`*`, and `**/` for any
  folders). Such a path must match at least one thing the repository holds.
- A migration may be named by its number: `games/migrations/0018` is `0018_*.py` there.
- A path is found from the top, beside the file naming it, in a game's folder (one that
  holds a `game.py`: a game's text names its `templates/<key>/` from there), or inside a
  `templates/` or `static/` folder (Django finds `games/board.html` there by its name).
- A path a commit held is found too when the file naming it names that commit (a data
  folder's README says where the script that made it is kept: at commit bead1ba).
- A module's dotted name of three parts or more in one of the project's Python packages
  (`games.play.bin.purge`), outside an import line (Python checks those) and a Django
  template's `{{ }}` or `{% %}` (whose names are the context's, as `games.paginator`):
  the longest module it starts with must be two parts or more, and the next part a name
  that module defines, imports or holds as a submodule. Two parts are not read (a
  model's label, `games.game`, or a variable's attribute, `games.filter`).

Each path not found fails the test, named as `file:line → path`.
"""

import ast
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

# A Markdown file's name, or its path, with an optional #anchor.
CITED = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w-]+\.md)(?:#([\w-]+))?")
# A Markdown link's target: [words](target).
LINK = re.compile(r"\]\(([^)\s]+)\)")
# The spec's folders beside the repository, which no project file may point into.
OUTSIDE = re.compile(r"\bshared/(?:spec|examples|rules-sources)\b")


def tracked() -> set[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return {name for name in listed.split("\0") if name}


def texts(files: set[str]):
    for name in sorted(files):
        try:
            yield name, (ROOT / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # an image, or a file deleted but not yet committed


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, no punctuation, hyphens."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.MULTILINE)
    return {slug(heading) for heading in headings}


def resolve(cited: str, citing: str, files: set[str]) -> Path | None:
    """The committed file a citation names: beside the citing file, from the top, or in
    docs/ (where the project's documents are); None if there is none."""
    for folder in ((ROOT / citing).parent, ROOT, DOCS):
        path = (folder / cited).resolve()
        if path.is_relative_to(ROOT) and str(path.relative_to(ROOT)) in files:
            return path
    return None


def broken_citations(files: set[str]) -> set[tuple[str, str]]:
    broken = set()
    for name, text in texts(files):
        for cited, anchor in CITED.findall(text):
            path = resolve(cited, name, files)
            if path is None or (anchor and anchor not in anchors(path)):
                broken.add((name, cited + (f"#{anchor}" if anchor else "")))
        broken |= {(name, found) for found in OUTSIDE.findall(text)}
        if name.endswith(".md"):
            broken |= {(name, target) for target in broken_links(name, text, files)}
    return broken


def broken_links(name: str, text: str, files: set[str]):
    """The targets of a Markdown file's links that lead to no committed file or heading."""
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("/"):
            continue  # a web address, or a path of the app
        where, _, anchor = target.partition("#")
        path = ((ROOT / name).parent / where).resolve() if where else ROOT / name
        relative = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else ""
        folder = relative + "/"
        found = relative in files or any(file.startswith(folder) for file in files)
        if not found or (anchor and relative.endswith(".md") and anchor not in anchors(path)):
            yield target


# A path's folder or file part: a name, a placeholder (`<game>`, `{game}`) or a glob.
PART = r"(?:[\w.*-]|<[^<>\s]*>|\{[^{}\s]*\})+"
WILD = re.compile(r"(\*\*/|<[^<>]*>|\{[^{}]*\}|\*+)")
# A URL pattern given to Django's path() or re_path(): an address of the app.
URL_PATTERN = re.compile(r"""\b(?:re_)?path\(\s*r?(["'])[^"']*\1""")
# A Django template's variable or tag: its dotted names are the context's.
TEMPLATE_TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")
# A commit a file may name: hex, with a digit and a letter (git says whether it is one).
COMMIT = re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")


def git_has(name: str) -> bool:
    """Whether git has this object (`commit^{commit}`, `commit:path`)."""
    found = subprocess.run(["git", "cat-file", "-e", name], cwd=ROOT, capture_output=True)
    return found.returncode == 0


def matcher(path: str) -> re.Pattern:
    """The names a path with placeholders or globs stands for; a migration's number
    (`games/migrations/0018`) stands for its file (`0018_*.py`)."""
    if re.search(r"(?:^|/)migrations/\d{4}$", path):
        path += "_*.py"
    parts = WILD.split(path)
    wild = {"**/": "(?:[^/]+/)*"}
    return re.compile(
        "".join(wild.get(p, "[^/]+") if i % 2 else re.escape(p) for i, p in enumerate(parts))
    )


class Repository:
    """What the repository holds, and where a path named in it is found."""

    def __init__(self, files: set[str]):
        self.files = files
        self.folders = {
            "/".join(parts[:depth])
            for parts in (name.split("/") for name in files)
            for depth in range(1, len(parts))
        }
        self.held = files | self.folders
        self.tops = {name for name in self.folders if "/" not in name}
        self.packages = {top for top in self.tops if f"{top}/__init__.py" in files}
        # From the top, and the folders a name is looked up in: a game's (it holds a
        # game.py), and those where Django finds templates and static files by name.
        self.bases = [""] + sorted(
            {name.rsplit("/", 1)[0] + "/" for name in files if name.endswith("/game.py")}
            | {
                name + "/"
                for name in self.folders
                if name.rsplit("/", 1)[-1] in ("templates", "static")
            }
        )
        self.commits: dict[str, bool] = {}

    def holds(self, path: str, citing: str) -> bool:
        path = path.rstrip("/")
        beside = citing.rsplit("/", 1)[0] + "/" if "/" in citing else ""
        if not WILD.search(path) and not re.search(r"/migrations/\d{4}$", path):
            return any(base + path in self.held for base in [beside, *self.bases])
        pattern = matcher(path)
        return any(
            pattern.fullmatch(name.removeprefix(base))
            for base in [beside, *self.bases]
            for name in self.held
            if name.startswith(base)
        )

    def held_then(self, path: str, text: str) -> bool:
        """Whether a commit the citing file names held the path: a data folder's README
        says at which commit the script that made its files is kept."""
        for commit in set(COMMIT.findall(text)):
            if commit not in self.commits:
                self.commits[commit] = git_has(f"{commit}^{{commit}}")
            if self.commits[commit] and git_has(f"{commit}:{path.rstrip('/')}"):
                return True
        return False

    def module(self, dotted: str) -> tuple[str, list[str]] | None:
        """The file of the longest module a dotted name starts with, and the rest."""
        parts = dotted.split(".")
        for end in range(len(parts), 1, -1):
            stem = "/".join(parts[:end])
            for name in (f"{stem}.py", f"{stem}/__init__.py"):
                if name in self.files:
                    return name, parts[end:]
        return None


def top_names(module: Path) -> set[str]:
    """The names a module defines or imports at its top, and a package's submodules."""
    names = set()
    if module.name == "__init__.py":
        names = {path.stem for path in module.parent.iterdir() if path.suffix in ("", ".py")}
    for node in ast.parse(module.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {alias.asname or alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {target.id for target in targets if isinstance(target, ast.Name)}
    return names


def stale_paths(where: Repository, named) -> list[str]:
    """Each path into the repository that the (file, text) pairs name and the repository
    does not hold, as `file:line → path` (the rule: this module's docstring)."""
    tops = "|".join(sorted(map(re.escape, where.tops)))
    paths = re.compile(rf"(?<![\w/.@:-])(?:\./)?((?:{tops})/(?:{PART}/?)*)")
    packages = "|".join(sorted(map(re.escape, where.packages)))
    dotted = re.compile(rf"(?<![\w./-])((?:{packages})(?:\.[A-Za-z_]\w*){{2,}})")
    stale = []
    for name, text in named:
        for number, line in enumerate(text.splitlines(), 1):
            for path in paths.findall(URL_PATTERN.sub("", line)):
                path = path.rstrip(".")
                if not where.holds(path, name) and not where.held_then(path, text):
                    stale.append(f"{name}:{number} → {path}")
            if re.match(r"\s*(?:from|import)\s", line):
                continue  # Python itself finds what is imported
            for found in dotted.findall(TEMPLATE_TAG.sub("", line)):
                if not module_holds(where, found, text):
                    stale.append(f"{name}:{number} → {found}")
    return stale


def module_holds(where: Repository, dotted: str, text: str) -> bool:
    """Whether a dotted name's module is there and has its next name, or a commit the
    citing text names held the module."""
    module = where.module(dotted)
    if module is not None and (not module[1] or module[1][0] in top_names(ROOT / module[0])):
        return True
    then = dotted.replace(".", "/")
    return any(where.held_then(then + end, text) for end in (".py", "/__init__.py"))


def test_every_path_named_is_in_the_repository():
    # This file is left out: the names it makes up are what it looks for.
    here = str(Path(__file__).relative_to(ROOT))
    files = tracked()
    stale = stale_paths(Repository(files), texts(files - {here}))
    assert not stale, "paths the repository does not hold:\n" + "\n".join(stale)


def test_the_path_check_names_each_stale_path_and_no_other():
    where = Repository(tracked())
    text = """/* The bin's rules: games/bin.py and games/play/bin.py. */
    .venv/bin/pytest tests/games/test_sheet.py::test_a tests/games/engine/test_sheet.py::test_a
    (games.forms.fill_rest, games.engine.forms.fill_rest, games.engine.forms.no_such_name)
    see ./docs/RULES.md and docs/screenshots/ and games/play/ and tests/games/engine/.
    games/<game>/rules.py, games/<key>/nowhere.py, tests/{module}.py, templates/**/*.html
    games/migrations/0018 and games/migrations/0099, scripts/with-postgres
    {% include "games/unsent.html" %} {{ games.paginator.num_pages }} games.filter
    /games/7/hands/ https://example.com/docs/x.md my-games/x.py path("games/<int:pk>/", v)
    """
    assert stale_paths(where, [("static/css/app.css", text)]) == [
        "static/css/app.css:1 → games/bin.py",
        "static/css/app.css:2 → tests/games/test_sheet.py",
        "static/css/app.css:3 → games.forms.fill_rest",
        "static/css/app.css:3 → games.engine.forms.no_such_name",
        "static/css/app.css:5 → games/<key>/nowhere.py",
        "static/css/app.css:6 → games/migrations/0099",
    ]
    # A data folder's README names the commit that holds the script that made its files.
    made = "made at bead1ba by tests/data/ledger/make_world.py with games.money.money"
    assert stale_paths(where, [("tests/data/ledger/README.md", made)]) == []
    assert stale_paths(where, [("tests/data/x.md", made.replace("bead1ba", "0000000"))]) == [
        "tests/data/x.md:1 → tests/data/ledger/make_world.py",
        "tests/data/x.md:1 → games.money.money",
    ]


def test_every_cited_document_is_in_the_repository():
    # This file is left out: the names it makes up are what it looks for.
    here = str(Path(__file__).relative_to(ROOT))
    assert broken_citations(tracked() - {here}) == set()


def test_the_checks_find_what_is_missing():
    files = {"docs/RULES.md", "games/engine.py", "docs/note.md"}
    assert resolve("RULES.md", "games/engine.py", files) == DOCS / "RULES.md"
    assert resolve("docs/RULES.md", "games/engine.py", files) == DOCS / "RULES.md"
    assert resolve("SPEC.md", "games/engine.py", files) is None
    assert "tridge" in anchors(DOCS / "RULES.md") and "bid-fair" in anchors(DOCS / "RULES.md")
    assert slug("V, the contract's value") == "v-the-contracts-value"
    assert list(broken_links("docs/note.md", "[a](RULES.md) [b](SPEC.md)", files)) == ["SPEC.md"]
    assert list(broken_links("docs/note.md", "[a](RULES.md#no-such-game)", files)) == [
        "RULES.md#no-such-game"
    ]
    assert OUTSIDE.findall("the examples in ../" + "shared/examples/x.json") == ["shared/examples"]
