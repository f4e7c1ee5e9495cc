"""What a test reads off a page's layout: the size of every target a thumb may tap.

A radio or checkbox inside its label is tapped through the label, so the label's box is
its target; anything smaller than a pixel is for screen readers alone (visually hidden).
"""

TARGETS = """() => {
  const seen = new Set(), found = [];
  const selector = "button, select, textarea, summary, input:not([type=hidden]), [role=button]";
  for (const element of document.querySelectorAll(selector)) {
    const target = element.matches("input") && element.closest("label") || element;
    if (seen.has(target) || target.closest("[hidden], noscript")) continue;
    seen.add(target);
    const box = target.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    const style = getComputedStyle(target);
    if (style.visibility === "hidden" || style.display === "none") continue;
    const name = element.name ? `[name=${element.name}]` : "";
    const words = (target.innerText || element.value || element.getAttribute("aria-label") || "")
      .trim().replace(/\\s+/g, " ").slice(0, 30);
    found.push({
      what: `${target.tagName.toLowerCase()}${name} "${words}"`,
      width: Math.round(box.width * 10) / 10,
      height: Math.round(box.height * 10) / 10,
    });
  }
  return found;
}"""

# A name is clipped when its box is narrower than its text, and broken when it takes more
# lines than it has words.
NAMES = """(names) => {
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const unseen = ".visually-hidden, [hidden], noscript, script, title, option";
    if (!parent || parent.closest(unseen)) continue;
    for (const name of names) {
      const at = node.data.indexOf(name);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + name.length);
      const boxes = [...range.getClientRects()].filter(r => r.width > 1);
      const lines = new Set(boxes.map(r => Math.round(r.top)));
      const where = `<${parent.tagName.toLowerCase()} class="${parent.className}">`;
      if (lines.size > name.split(/[ -]/).length) {
        bad.push(`${name} broken over ${lines.size} lines in ${where}`);
      }
      for (let box = parent; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX !== "visible" && box.scrollWidth > box.clientWidth + 1) {
          bad.push(`${name} clipped in <${box.tagName.toLowerCase()} class="${box.className}">`);
          break;
        }
      }
    }
  }
  return bad;
}"""

# A short form ("Anne-So…", a team's "Anne-So… & Maximil…": |short, |whole_on_tap) is
# broken when one of its names takes two lines (even at its hyphen: "Anne-" / "So…"), and
# spills when it reaches past the box it stands in (into the next column).
SHORTS = """() => {
  const bad = [];
  const cuts = ".whole .cut, span[title] > span[aria-hidden=true]";
  for (const cut of document.querySelectorAll(cuts)) {
    if (!cut.getClientRects().length || cut.closest("[hidden], noscript")) continue;
    // The box it stands in: a disclosure's (its summary grows with it), else its own.
    let box = cut.closest(".whole")?.parentElement || cut.parentElement;
    while (["inline", "contents"].includes(getComputedStyle(box).display)) box = box.parentElement;
    const where = `<${box.tagName.toLowerCase()} class="${box.className}">`;
    const edge = box.getBoundingClientRect();
    for (const node of [...cut.childNodes].filter(node => node.nodeType === Node.TEXT_NODE)) {
      let at = 0;
      for (const name of node.data.split(" & ")) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + name.length);
        at += name.length + 3;
        const boxes = [...range.getClientRects()].filter(r => r.width > 1);
        if (new Set(boxes.map(r => Math.round(r.top))).size > 1) {
          bad.push(`${name} broken over lines in ${where}`);
        }
        if (boxes.some(r => r.left < edge.left - 1 || r.right > edge.right + 1)) {
          bad.push(`${name} reaches past ${where}`);
        }
      }
    }
  }
  return bad;
}"""

# A short form (|short: the full name its title) whose full name, or each of a team's, is
# written nowhere else on the page where an eye can see it.
SHORT_ONLY = """() => {
  const unseen = ".visually-hidden, [hidden], noscript, script, title, option";
  const seen = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(unseen) || !node.data.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some(r => r.width > 1)) seen.push(node.data);
  }
  const text = seen.join("\\n"), missing = new Set();
  for (const cut of document.querySelectorAll("span[title] > span[aria-hidden=true]")) {
    if (!cut.getClientRects().length) continue;
    for (const name of cut.parentElement.title.split(" & ")) {
      if (!text.includes(name)) missing.add(name);
    }
  }
  return [...missing];
}"""


CUT = """() => {
  // Shown, and not for a screen reader alone (.visually-hidden, cut on purpose).
  const seen = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden"
    && !e.closest(".visually-hidden");
  return [...document.querySelectorAll("legend")]
    .filter((e) => seen(e) && e.scrollWidth > e.clientWidth + 1)
    .map((e) => `"${e.textContent.trim()}" cut: ${e.scrollWidth} px in ${e.clientWidth}`);
}"""


def targets(page) -> list[dict]:
    """Every visible target on the page, with its width and height in CSS pixels."""
    return page.evaluate(TARGETS)


def too_small(page, least=44) -> list[dict]:
    """The targets narrower or lower than `least`, the smallest first."""
    small = [t for t in targets(page) if min(t["width"], t["height"]) < least]
    return sorted(small, key=lambda t: min(t["width"], t["height"]))


def smallest(page) -> dict:
    return min(targets(page), key=lambda t: min(t["width"], t["height"]))


def names_hurt(page, names) -> list[str]:
    """Where a name on the page is broken inside a word or cut off by its box, and where a
    short form is broken at all or reaches past its box."""
    return page.evaluate(NAMES, list(names)) + page.evaluate(SHORTS)


def short_only(page) -> list[str]:
    """The names the page shows in their short form alone: none is whole within a glance."""
    return page.evaluate(SHORT_ONLY)


def words_cut(page) -> list[str]:
    """A question's words (a legend) wider than their box: cut off, or under what follows."""
    return page.evaluate(CUT)


# A card shown with nothing in it: a box that says nothing reads as something failed to load.
EMPTY = """() => [...document.querySelectorAll(".card")]
  .filter(card => card.getClientRects().length && !card.innerText.trim()
    && !card.querySelector("img, svg, canvas, input, select, textarea, button"))
  .map(card => `an empty <${card.tagName.toLowerCase()} class="${card.className}">`)"""


def empty_cards(page) -> list[str]:
    """The cards a page shows with nothing in them."""
    return page.evaluate(EMPTY)
