// Steppers: the − and + buttons beside a number field. Without JavaScript the field
// is still typeable; with it, the buttons appear and a tap changes the number by one.
(function () {
  function reveal(root) {
    root.querySelectorAll("button.step[hidden]").forEach(function (button) {
      button.hidden = false;
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button.step");
    if (!button) return;
    var input = button.parentElement.querySelector("input");
    var step = Number(button.dataset.step);
    var min = input.min === "" ? -Infinity : Number(input.min);
    var max = input.max === "" ? Infinity : Number(input.max);
    var now = input.value === "" ? 0 : Number(input.value);
    if (!isFinite(now)) now = 0;
    input.value = String(Math.min(max, Math.max(min, now + step)));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  document.addEventListener("htmx:afterSettle", function (event) { reveal(event.target); });
})();
