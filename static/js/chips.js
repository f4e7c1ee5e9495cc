// A chip or card that cannot be taken says why when tapped. The server greys out what would
// break the rules (more tricks than the hand has, a card already on the table, a 15th card)
// and writes why on it (`data-why`, games/engine/forms.py `chip_rows` and the games' screens):
// a tap on it would otherwise do nothing, and leave the player guessing. The words go under
// the chip's row (or after its group), until its next redraw.
(function () {
  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-why]");
    if (!target) return;
    var input = target.matches("label") && target.querySelector("input");
    if (input && !input.disabled) return;
    // A grid that keeps its words in one place in view (Cardigan's cards: its sticky bar).
    var place = target.closest("[data-why-in]");
    var into = place && document.getElementById(place.dataset.whyIn);
    if (into) {
      into.textContent = target.dataset.why;
      return;
    }
    var row = target.closest(".chips-row");
    var line = row ? row.querySelector(".chip-why") : target.parentNode.nextElementSibling;
    if (!line || !line.classList.contains("chip-why")) {
      line = document.createElement("p");
      line.className = "field-error chip-why";
      line.setAttribute("role", "alert");
      if (row) row.appendChild(line);
      else target.parentNode.insertAdjacentElement("afterend", line);
    }
    line.textContent = target.dataset.why;
  });
})();
