// One tap, one save. A hand form carries a one-time key, so the server stores a form sent
// twice only once (games/services.py); here the second tap is not even sent. While a
// save is on its way its button says "Saving..." and no button of the form can be
// tapped; if it fails (the page comes back, or no answer comes) they come back.
//
// No signal: a save tapped offline, or whose connection goes while it is on its way, is
// held on this page, with all that was entered, and sent again by itself, with the same
// key, once the phone is back online (a save that did reach the server is then answered
// as done, not stored twice). A save with no answer at all is sent again the same way.
(function () {
  var SAVING = "Saving...";
  var WAITING = "Waiting for signal...";
  var NO_SIGNAL =
    "No signal: this hand is kept on this phone and will be saved when the connection returns";
  // A save with no answer by then is sent again: it carries the same key.
  var GIVE_UP_MS = 20000;
  var SETTLE_MS = 1000;
  var sending = null; // {key, name, value}: the save on its way, by its key and button
  var held = null; // the same, for a save waiting for the connection
  var givingUp;

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
  // The form of a save, found again by its key: a live update redraws the hand form.
  function formOf(save) {
    var key = document.querySelectorAll("input[name=submission]");
    for (var i = 0; i < key.length; i++) {
      if (key[i].value === save.key && key[i].form) return key[i].form;
    }
    return null;
  }
  function say(text) {
    var line = document.getElementById("connection");
    if (!line) return;
    line.textContent = text;
    line.classList.remove("restored");
    line.hidden = false;
  }
  function tapped(form, save) {
    return buttons(form).filter(function (b) {
      return b.name === save.name && b.value === save.value;
    })[0];
  }
  // The form stays as it is, to change if need be; its button says it waits.
  function hold(save) {
    held = save;
    sending = null;
    clearTimeout(givingUp);
    say(NO_SIGNAL);
    var form = formOf(save);
    if (!form) return;
    release(form);
    var button = tapped(form, save);
    if (button) {
      button.dataset.label = button.textContent;
      button.textContent = WAITING;
      button.disabled = true;
    }
    form.dispatchEvent(new CustomEvent("save:held", { bubbles: true }));
  }
  function resend() {
    var save = held;
    var form = save && formOf(save);
    if (!form) return;
    held = null;
    release(form); // a disabled button would not send its name
    form.requestSubmit(tapped(form, save));
  }
  // A page may ask for a held save sent again (static/js/drafts.js, after a reload).
  document.addEventListener("save:resend", function (event) {
    var button = event.detail;
    hold({ key: button.form.elements.submission.value, name: button.name, value: button.value });
    if (navigator.onLine !== false) resend();
  });

  // On window, so that it runs after drafts.js has kept the form.
  window.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.elements.submission) return; // not a hand form
    if (form.dataset.saving) {
      event.preventDefault();
      return;
    }
    if (event.defaultPrevented) return;
    var pressed = event.submitter;
    var save = {
      key: form.elements.submission.value,
      name: pressed ? pressed.name : "",
      value: pressed ? pressed.value : "",
    };
    if (navigator.onLine === false) {
      event.preventDefault();
      hold(save);
      return;
    }
    held = null;
    sending = save;
    form.dataset.saving = "1";
    if (pressed) {
      pressed.dataset.label = pressed.textContent;
      pressed.textContent = SAVING;
    }
    // Disabled once the form's data is taken: a disabled button would not send its name.
    setTimeout(function () {
      if (!form.dataset.saving) return;
      buttons(form).forEach(function (button) { button.disabled = true; });
    }, 0);
    clearTimeout(givingUp);
    givingUp = setTimeout(function () {
      lost();
      if (navigator.onLine !== false) resend();
    }, GIVE_UP_MS);
  });
  // The save's page is left for its answer; with no connection it would be left for the
  // browser's error page: the page stays, and the save waits.
  function lost() {
    if (!sending) return;
    window.stop();
    hold(sending);
  }
  window.addEventListener("offline", lost);
  // Sent once the connection has held for a moment: one that flickers back would fail it.
  window.addEventListener("online", function () {
    setTimeout(function () { if (navigator.onLine !== false) resend(); }, SETTLE_MS);
  });
  // Back to a page left for a save that failed (the browser's error page, a server error).
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    sending = null;
    clearTimeout(givingUp);
    document.querySelectorAll("form[data-saving]").forEach(release);
  });
})();
