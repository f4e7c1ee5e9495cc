// One tap, one save, in the app's own words whatever the connection does: a hand's save
// goes by fetch() and keeps its one-time key (games/play/once.py) until it is answered,
// sent again by itself when the signal returns (docs/RELIABILITY.md, section 5). Without
// JavaScript the form is sent as any form. A new hand's save with no answer in 4 s is kept
// as with no signal (queue.js keepHand).
(function () {
  var SAVING = "Saving...";
  var AGAIN = "Save again";
  var WAITING = "Waiting for signal...";
  var NO_SIGNAL =
    "No signal: this hand is kept on this phone and will be saved when the connection returns";
  var NO_ANSWER =
    "No answer from the server: this hand is kept here. Tap Save again to send it: it is stored only once.";
  var SLOW =
    "No answer from the server yet: this hand is kept here. Wait, or tap Save again: it is stored only once.";
  var SLOW_MS = 8000; // then the player is told, and may send it again
  // A save with no answer by then is sent again: it carries the same key.
  var GIVE_UP_MS = 20000;
  var SETTLE_MS = 1000;
  var sending = null; // {key, name, value, abort}: the save on its way, by its key and button
  var held = null; // the same, for a save waiting for the connection
  var givingUp, slowing;

  function buttons(form) {
    return Array.prototype.filter.call(form.elements, function (element) {
      return element.type === "submit";
    });
  }
  function label(button, text) {
    if (button.dataset.label === undefined) button.dataset.label = button.textContent;
    button.textContent = text;
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
    line.dataset.save = ""; // static/js/connection.js leaves it be
    line.hidden = false;
  }
  function unsay() {
    var line = document.getElementById("connection");
    if (line && "save" in line.dataset) {
      line.hidden = true;
      delete line.dataset.save;
    }
  }
  function tapped(form, save) {
    return buttons(form).filter(function (b) {
      return b.name === save.name && b.value === save.value;
    })[0];
  }
  function stopWaiting() {
    clearTimeout(givingUp);
    clearTimeout(slowing);
  }
  // The form stays as it is, to change if need be; its button says it waits.
  function hold(save) {
    held = save;
    sending = null;
    stopWaiting();
    say(NO_SIGNAL);
    var form = formOf(save);
    if (!form) return;
    release(form);
    var button = tapped(form, save);
    if (button) {
      label(button, WAITING);
      button.disabled = true;
    }
    form.dispatchEvent(new CustomEvent("save:held", { bubbles: true }));
  }
  // No answer (yet): the form is as it was, and its Save sends it again.
  function unanswered(save, words, stillSending) {
    var form = formOf(save);
    say(words);
    if (!form) return;
    if (stillSending) form.dataset.saving = "slow"; // only its Save may be tapped
    else release(form);
    var button = tapped(form, save);
    if (button) {
      button.disabled = false;
      label(button, AGAIN);
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

  // The answer drawn: the board a stored hand leads to (htmx's HX-Redirect, from
  // games/views/hands.py), or the hand's own screen (what is wrong, another phone's hand).
  // Anything else (logged out, a page out of date, a server error) is the form sent again
  // as a form, for the page that says so: nothing of it was stored.
  function answered(form, save, response) {
    var board = response.headers.get("HX-Redirect");
    if (board) {
      // queue.js may send the page on to the hands kept after it.
      var go = { key: save.key, url: board };
      document.dispatchEvent(new CustomEvent("save:done", { detail: go }));
      window.location.assign(go.url);
      return;
    }
    var entry = document.getElementById("entry");
    if (response.status !== 200 || response.redirected || !entry) {
      release(form);
      form.dataset.asForm = "1";
      form.requestSubmit(tapped(form, save));
      return;
    }
    return response.text().then(function (html) {
      release(form);
      unsay();
      htmx.swap(entry, html, { swapStyle: "outerHTML" });
      document.dispatchEvent(new CustomEvent("save:answered"));
    });
  }
  // Kept on the phone with its key (queue.js); false where hands are not (a correction).
  function keep(form, save) {
    var pressed = tapped(form, save);
    if (!window.keepHand || !window.keepHand.can(form, pressed)) return false;
    if (sending === save) sending = null;
    if (save.abort) save.abort(); // a late answer is not waited for: the queue sends it again
    stopWaiting();
    release(form);
    window.keepHand(form, pressed);
    return true;
  }
  function post(form, save, pressed) {
    var data = new URLSearchParams(new FormData(form, pressed));
    var controller = new AbortController();
    save.abort = function () { controller.abort(); };
    if (sending && sending.abort) sending.abort();
    sending = save;
    held = null;
    htmx.trigger(form, "htmx:abort"); // a live update landing after the answer would undo it
    stopWaiting();
    var kept = window.Kept; // static/js/sending.js, where hands are kept
    if (window.keepHand && kept) {
      slowing = setTimeout(function () { if (sending === save && !keep(form, save)) unanswered(save, SLOW, true); }, kept.NO_ANSWER_MS);
    } else {
      slowing = setTimeout(function () { if (sending === save) unanswered(save, SLOW, true); }, SLOW_MS);
    }
    givingUp = setTimeout(function () {
      lost();
      if (navigator.onLine !== false) resend();
    }, GIVE_UP_MS);
    fetch(form.action, {
      method: "POST",
      body: data,
      headers: { "HX-Request": "true" },
      credentials: "same-origin",
      signal: controller.signal,
    })
      .then(function (response) {
        if (sending !== save) return;
        // A proxy's 502/503/504: the server did not answer (Kept.UNANSWERED, sending.js).
        if (window.Kept && Kept.UNANSWERED.indexOf(response.status) >= 0 && keep(form, save)) return;
        sending = null;
        stopWaiting();
        return answered(form, save, response);
      })
      .catch(function () {
        if (sending !== save) return; // given up, or sent again, meanwhile
        if (keep(form, save)) return;
        sending = null;
        stopWaiting();
        if (navigator.onLine === false) hold(save);
        else unanswered(save, NO_ANSWER, false);
      });
  }

  // On window, so that it runs after drafts.js has kept the form.
  window.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.elements.submission) return; // not a keyed form
    if (form.dataset.asForm) {
      delete form.dataset.asForm;
      return; // sent as a form, as without JavaScript
    }
    var pressed = event.submitter;
    var again = form.dataset.saving === "slow" && pressed && pressed.textContent === AGAIN;
    if (form.dataset.saving && !again) {
      event.preventDefault();
      return;
    }
    if (event.defaultPrevented) return;
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
    var fetched = form.closest("#entry") && window.fetch && window.htmx;
    if (fetched) event.preventDefault();
    release(form);
    form.dataset.saving = "1";
    if (pressed) label(pressed, SAVING);
    if (fetched) {
      unsay();
      post(form, save, pressed);
      buttons(form).forEach(function (button) { button.disabled = true; });
      return;
    }
    held = null;
    sending = save;
    // Disabled once the form's data is taken: a disabled button would not send its name.
    setTimeout(function () {
      if (!form.dataset.saving) return;
      buttons(form).forEach(function (button) { button.disabled = true; });
    }, 0);
    stopWaiting();
    givingUp = setTimeout(function () {
      lost();
      if (navigator.onLine !== false) resend();
    }, GIVE_UP_MS);
  });
  // A form's page is left for its answer; with no connection it would be left for the
  // browser's error page: the page stays, and the save waits. A fetched save is called off.
  function lost() {
    if (!sending) return;
    if (sending.abort) sending.abort();
    else window.stop();
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
    stopWaiting();
    document.querySelectorAll("form[data-saving]").forEach(release);
  });
})();
