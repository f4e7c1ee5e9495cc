// Nothing typed is lost: what is entered in a hand form is kept in this browser's storage
// (localStorage, per page: a game's new hand or one hand's correction), with the form's
// one-time key, and put back when the page is drawn again after a reload, the browser
// discarding the tab, a lost login or a page out of date. A draft is dropped once its save
// lands on the scores, or when the page has moved on (the hand's number or version
// differs: the hand was saved, or changed by someone else). Which page answered a save is
// told on every page by static/js/connection.js, so that the scores, the login and the
// page out of date need not load this file.
//
// A draft is its owner's (<body data-owner>, games/offline.py owner_context): kept under
// "draft:<owner>:<page>"; another owner's is never put back, and is dropped here.
(function () {
  var PUT_BACK = "What you entered before was put back.";
  var owner = document.body.dataset.owner;
  if (!owner) return; // nobody's page: nothing is kept
  var place = "draft:" + owner + ":" + location.pathname;
  try {
    Object.keys(localStorage).forEach(function (key) {
      if (key.indexOf("draft:") === 0 && key.indexOf("draft:" + owner + ":") !== 0) localStorage.removeItem(key);
    });
  } catch (error) {
    // Storage refused (private browsing): nothing was kept.
  }

  function handForm() {
    return document.querySelector("#entry form.hand-form");
  }
  function field(form, name) {
    var element = form.elements[name];
    return element ? element.value : "";
  }
  function read(key) {
    try {
      return JSON.parse(localStorage.getItem(key));
    } catch (error) {
      return null;
    }
  }
  function write(key, draft) {
    try {
      localStorage.setItem(key, JSON.stringify(draft));
    } catch (error) {
      // Storage full or refused (private browsing): the page works as before.
    }
  }
  function keep(form, pending, button) {
    var values = {};
    new FormData(form).forEach(function (value, name) {
      if (name === "csrfmiddlewaretoken") return;
      (values[name] = values[name] || []).push(value);
    });
    var before = read(place);
    write(place, {
      number: field(form, "number"),
      version: field(form, "version"),
      values: values,
      pending: pending === undefined ? Boolean(before && before.pending) : pending,
      button: button || (before && before.button) || "1", // Save, or Contractor's redeal
    });
  }

  // Kept at every change, and after every live update: the form drawn by the server
  // holds what buttons entered (a call in an auction) as well as what was typed.
  ["input", "change"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      var form = event.target.form;
      if (form && form === handForm()) keep(form);
    });
  });
  document.addEventListener("htmx:afterSettle", function () {
    var form = handForm();
    if (form) keep(form);
  });
  // From Save until its answer is seen, a draft is pending: a save whose answer never
  // came (no signal, the browser's error page, the tab closed) is sent again by itself at
  // the next visit, with its same key.
  document.addEventListener("save:held", function (event) {
    if (event.target === handForm()) keep(event.target, true);
  });
  // A save fetched by static/js/saving.js: stored (the board comes next), the draft ends;
  // answered with the hand's own screen (what is wrong), it stays, no longer pending.
  document.addEventListener("save:done", function () {
    localStorage.removeItem(place);
    sessionStorage.removeItem("saved-from");
  });
  document.addEventListener("save:answered", function () {
    sessionStorage.removeItem("saved-from");
    var draft = read(place);
    if (draft) write(place, Object.assign(draft, { pending: false }));
  });
  document.addEventListener("submit", function (event) {
    var button = event.submitter;
    if (event.target === handForm() && button && button.name === "save") {
      keep(event.target, true, button.value);
      sessionStorage.setItem("saved-from", place);
    }
  });

  function saveButton(form, draft) {
    return form.querySelector("button[name=save][value='" + draft.button + "']");
  }
  function tell() {
    var line = document.getElementById("connection");
    line.textContent = PUT_BACK;
    line.classList.add("restored");
    delete line.dataset.save;
    line.hidden = false;
  }
  // A save whose answer was never seen, sent again as it was sent (not previewed first:
  // the server could take it for another phone's hand, the one it stored itself).
  function sendAgain(form, draft) {
    if (navigator.onLine === false) {
      window.addEventListener("online", function () { sendAgain(form, draft); }, { once: true });
      return;
    }
    var again = document.createElement("form");
    again.method = "post";
    again.hidden = true;
    var values = Object.assign({}, draft.values, { save: [draft.button] });
    values.csrfmiddlewaretoken = [form.elements.csrfmiddlewaretoken.value];
    Object.keys(values).forEach(function (name) {
      values[name].forEach(function (value) {
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        again.appendChild(input);
      });
    });
    // In the hand's screen, sent by static/js/saving.js as any save: its answer drawn here.
    (document.getElementById("entry") || document.body).appendChild(again);
    sessionStorage.setItem("saved-from", place);
    again.requestSubmit();
  }
  function fill(form, values) {
    Array.prototype.forEach.call(form.elements, function (element) {
      var kept = values[element.name];
      if (!kept || element.type === "submit" || element.name === "csrfmiddlewaretoken") return;
      if (element.type === "checkbox" || element.type === "radio") {
        element.checked = kept.indexOf(element.value) >= 0;
      } else {
        element.value = kept[0];
      }
    });
  }
  function restore(form, draft) {
    var values = draft.values;
    // At once what this form has room for (even offline), then the server's own drawing
    // of all of it, with its preview: fields that depend on others appear there.
    fill(form, values);
    tell();
    // What htmx keeps of the page as it is (hx-preserve: Cardigan's card grid, drawn by
    // the phone) must come from the server this once: the page holds none of the draft.
    var kept = form.querySelectorAll("[hx-preserve][id]");
    var ids = Array.prototype.map.call(kept, function (element) {
      var id = element.id;
      element.removeAttribute("id");
      return id;
    });
    var token = form.elements.csrfmiddlewaretoken.value;
    var sent = Object.assign({ csrfmiddlewaretoken: token }, values);
    // The page was drawn afresh, maybe with other fields than the draft's: without the
    // draft's shape the server draws the whole form again, not only its results.
    delete sent.shape;
    // A tap or a save before its answer calls it off: landing after theirs, it would draw
    // the draft over them (a redeal's question vanished so, in a test, 27 Nov). Their own
    // answers draw the form. The request is the entry's, which sends no field of its own.
    var entry = document.getElementById("entry");
    var calledOff = false;
    function callOff(event) {
      if (event.target !== form && event.target.form !== form) return;
      calledOff = true;
      htmx.trigger(entry, "htmx:abort");
    }
    function stopListening() {
      document.removeEventListener("change", callOff);
      document.removeEventListener("submit", callOff);
    }
    document.addEventListener("change", callOff);
    document.addEventListener("submit", callOff);
    htmx
      .ajax("POST", location.pathname, {
        source: entry, target: "#entry", swap: "outerHTML", values: sent,
      })
      .then(
        function () {
          stopListening();
          tell(); // again: a live update that arrives takes the line away
        },
        function () {
          stopListening();
          kept.forEach(function (element, i) { element.id = ids[i]; });
          if (calledOff) return;
          // No connection yet: drawn again once it returns, if its form is still there
          // (static/js/queue.js may have drawn another hand's, or a kept hand's screen).
          window.addEventListener("online", function () {
            var now = handForm();
            var key = (draft.values.submission || [""])[0];
            if (now && field(now, "submission") === key) restore(now, draft);
          }, { once: true });
        }
      );
  }

  function start() {
    if (window.saveAnswered) return; // static/js/connection.js

    var form = handForm();
    var draft = read(place);
    if (!form || !draft) return;
    // A save with no answer is sent again even so: its key tells the server whether it is
    // the one that moved the page on (then it is answered as done).
    var moved = draft.number !== field(form, "number") || draft.version !== field(form, "version");
    if (moved && !draft.pending) {
      localStorage.removeItem(place);
      return;
    }
    if (draft.pending) {
      fill(form, draft.values);
      tell();
      sendAgain(form, draft);
    } else {
      restore(form, draft);
    }
  }
  // Back to a page kept whole by the browser while its save got no answer.
  window.addEventListener("pageshow", function (event) {
    var draft = read(place);
    var save = draft && handForm() && saveButton(handForm(), draft);
    if (event.persisted && draft && draft.pending && save) {
      document.dispatchEvent(new CustomEvent("save:resend", { detail: save }));
    }
  });
  // After htmx has wired up the page (its script comes first, and waits for this too).
  document.addEventListener("DOMContentLoaded", start);
})();
