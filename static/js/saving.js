// One tap, one save. A hand form carries a one-time key, so the server stores a form sent
// twice only once (games/services.py); here the second tap is not even sent. While a
// save is on its way its button says "Saving..." and no button of the form can be
// tapped; if it fails (the page comes back, or no answer comes) they come back.
(function () {
  var SAVING = "Saving...";
  // A save with no answer by then may be tapped again: it carries the same key.
  var GIVE_UP_MS = 20000;

  function buttons(form) {
    return Array.prototype.filter.call(form.elements, function (element) {
      return element.type === "submit";
    });
  }
  function release(form) {
    delete form.dataset.saving;
    buttons(form).forEach(function (button) {
      button.disabled = false;
      if (button.dataset.label !== undefined) {
        button.textContent = button.dataset.label;
        delete button.dataset.label;
      }
    });
  }
  // On window, so that it runs after connection.js, which keeps a form sent offline.
  window.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.elements.submission) return; // not a hand form
    if (form.dataset.saving) {
      event.preventDefault();
      return;
    }
    if (event.defaultPrevented) return;
    form.dataset.saving = "1";
    var tapped = event.submitter;
    if (tapped) {
      tapped.dataset.label = tapped.textContent;
      tapped.textContent = SAVING;
    }
    // Disabled once the form's data is taken: a disabled button would not send its name.
    setTimeout(function () {
      if (!form.dataset.saving) return;
      buttons(form).forEach(function (button) { button.disabled = true; });
    }, 0);
    setTimeout(function () { release(form); }, GIVE_UP_MS);
  });
  // Back to a page left for a save that failed (the browser's error page, a server error).
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    document.querySelectorAll("form[data-saving]").forEach(release);
  });
})();
