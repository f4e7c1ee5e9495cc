"""Reading a served page as a player sees it, for view tests."""

import html
import re

# A term's meaning is a closed popover at the page's foot (games/templatetags/glossary.py)
# until its word is tapped. It ends with its rule's link, its only link.
MEANINGS = re.compile(r'<div class="term-meaning"[^>]*>.*?</a></div>', re.S)
UNSEEN = re.compile(r"<(head|script|template|style)\b.*?</\1>", re.S)


def shown(page: str) -> str:
    """The page's words as they read: no markup, no script, no meaning kept closed, spaces
    squeezed."""
    page = UNSEEN.sub(" ", MEANINGS.sub(" ", page))
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())
    return re.sub(r" (?=[.,;:])", "", words)  # a tag closed before a stop is not a space
