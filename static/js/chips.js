// A chip that cannot be taken says why when tapped. The server greys out a chip that would
// break the rules (more tricks than the hand has) and writes why on its label (`data-why`,
// games/engine/forms.py `chip_rows`): a tap on it would otherwise do nothing, and leave
// the player guessing. The words go under the chip's row, until its next redraw.
(function () {
  document.addEventListener("click", function (event) {
    var label = event.target.closest && event.target.closest("label[data-why]");
    var input = label && label.querySelector("input");
    if (!input || !input.disabled) return;
    var row = label.closest(".chips-row") || label.parentNode;
    var line = row.querySelector(".chip-why");
    if (!line) {
      line = document.createElement("p");
      line.className = "field-error chip-why";
      line.setAttribute("role", "alert");
      row.appendChild(line);
    }
    line.textContent = label.dataset.why;
  });
})();
