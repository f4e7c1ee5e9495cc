"""Templates as files: what Django's template language would quietly get wrong."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted([*ROOT.glob("templates/**/*.html"), *ROOT.glob("games/*/templates/**/*.html")])


def test_the_templates_are_found():
    assert len(TEMPLATES) > 20


def test_no_comment_spills_onto_a_page():
    # A {# … #} comment ends on its own line; one that runs on is shown to the player.
    spilled = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in TEMPLATES
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"\{#(?!.*#\})", line)
    ]
    assert spilled == []
