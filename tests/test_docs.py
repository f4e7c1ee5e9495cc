"""Every document the project cites is one the repository holds.

The project's own words are README.md and docs/ (the rules, the sheet, the contract,
the measured figures). A citation of a document that is not committed, such as the spec
the project was first built from, sends a reader nowhere. So every tracked text file is
read for Markdown file names and paths (with their `#anchor`, which must be a heading of
that file), for the targets of Markdown links, and for paths into the spec's folders.
"""

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
