// "Copy link" beside a link to pass on. Without JavaScript the link is there to press
// and hold; with it, one tap copies it. Where the clipboard cannot be written (an older
// phone, a page not served over HTTPS), the link's text is selected for the phone's own
// Copy instead.
(function () {
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    button.hidden = false;
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (!button) return;
    var link = document.getElementById(button.dataset.copy);
    var said = document.getElementById(button.dataset.copy + "-said");
    function select() {
      var range = document.createRange();
      range.selectNodeContents(link);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      said.textContent = "Selected: copy it with your phone's Copy.";
    }
    if (!navigator.clipboard || !window.isSecureContext) {
      select();
      return;
    }
    navigator.clipboard.writeText(link.href).then(function () {
      said.textContent = "Link copied.";
    }, select);
  });
})();
