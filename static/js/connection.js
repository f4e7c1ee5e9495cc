// A live update that never arrived must not look like one that did. When the phone
// loses its connection (or the server refuses an update), a line at the top says so
// and what still holds; the next update that arrives takes it away. Without
// JavaScript there are no live updates, and nothing here runs.
(function () {
  var LOGIN = document.currentScript.dataset.login; // {% url 'login' %}, from base.html
  var SENDING = document.currentScript.dataset.sending; // static/js/sending.js
  // This page's owner's hands and drafts (games/offline.py owner_context): another's are
  // never shown nor sent (their drafts are dropped by drafts.js; their kept hands wait for
  // them: logging out empties the phone, games/views/offline.py).
  var OWNER = document.body.dataset.owner || "";
  function mine() {
    return OWNER && Object.keys(localStorage).some(function (key) { return key.indexOf("queue:" + OWNER + ":") === 0; });
  }
  // Hands kept: sent from any page of the app (a new hand's page loads it itself, first).
  if (mine() && !document.querySelector('script[src="' + SENDING + '"]')) {
    var script = document.createElement("script");
    script.async = false; // before the page's own scripts injected after it (queue.js)
    document.head.appendChild(script).src = SENDING;
  }
  var NO_CONNECTION = {
    entry: "No connection: the figures here are out of date. What you entered is kept and catches up at your next tap.",
    board: "No connection: these scores may be out of date. Trying again every few seconds.",
  };
  var REFUSED = {
    entry: "The server did not take this update. Everything you entered is kept: save it, or reload the page.",
    board: "These scores stopped updating: reload the page.",
  };
  var GONE = {
    entry: "This game can no longer be changed from here: nothing more is saved.",
    board: "This link no longer works: the scores shown stopped updating.",
  };
  var LOGGED_OUT = "You are logged out on this phone. ";
  var NOT_SENT = "No connection: nothing was sent. Everything you entered is still here; try again once the phone is back online.";
  var UNSENT = "Hands not sent yet are deleted by logging out. Log out?";

  function banner() {
    return document.getElementById("connection");
  }
  function kind(event) {
    var elt = event.detail.elt;
    return elt && elt.closest && elt.closest("form") ? "entry" : "board";
  }
  function say(text, link) {
    var line = banner();
    if (!line) return;
    line.textContent = text;
    line.classList.remove("restored");
    delete line.dataset.save;
    if (link) {
      var a = document.createElement("a");
      a.href = link.href;
      a.textContent = link.text;
      line.appendChild(a);
    }
    line.hidden = false;
  }
  // What a save says (static/js/saving.js marks its line) stays: a live update sent by
  // the same tap (a figure still in its field when Save is tapped) fails after it, and
  // would put other words in its place than in a game whose last tap was a chip.
  function saving() {
    var line = banner();
    return line && !line.hidden && "save" in line.dataset;
  }
  var KEPT = document.body.dataset.kept; // a page kept, given back with no signal: templates/sw.js
  if (KEPT) say(KEPT);
  function lost(event) {
    if (kind(event) === "entry" && saving()) return;
    say(KEPT || NO_CONNECTION[kind(event)]);
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status === 401) {
      var back = encodeURIComponent(window.location.pathname);
      say(LOGGED_OUT, { href: LOGIN + "?next=" + back, text: "Log in again" });
    } else if (status === 404) {
      say(GONE[kind(event)]);
    } else {
      say(REFUSED[kind(event)]);
    }
  });
  // A form sent with no connection would leave the page for the browser's error page;
  // when the phone knows it is offline, the page stays, with all that was entered. A hand
  // form's save is held and sent once the connection returns (static/js/saving.js).
  document.addEventListener("submit", function (event) {
    if (navigator.onLine === false && !event.target.elements.submission) {
      event.preventDefault();
      // A form with a page kept for no signal: Play again's question (static/js/evening.js).
      if (event.target.dataset.offline) return window.location.assign(event.target.dataset.offline);
      say(NOT_SENT);
    } else if (event.target.id === "logout" && mine() && !confirm(UNSENT)) {
      event.preventDefault(); // logging out empties the phone (games/views/offline.py)
    }
  });
  window.addEventListener("online", function () {
    var line = banner();
    if (line && line.textContent === NOT_SENT) line.hidden = true;
  });
  // The page a save's answer brought (static/js/drafts.js marks a hand form's save): the
  // scores end its draft; any other page drawn from what was sent (the same form with what
  // the server had to say, the login, the page out of date) keeps it, no longer pending.
  // Back, a reload or a later visit is not an answer. Here, on every page, so that the
  // scores, the login and the page out of date need not load drafts.js.
  window.saveAnswered = (function () {
    var from = sessionStorage.getItem("saved-from");
    if (from && OWNER && from.indexOf("draft:" + OWNER) !== 0) from = null; // another's
    var arrival = performance.getEntriesByType("navigation")[0];
    if (!from || !arrival || arrival.type !== "navigate") return false;
    var posted = "posted" in document.body.dataset;
    if (!posted && !arrival.redirectCount) return false;
    sessionStorage.removeItem("saved-from");
    try {
      var draft = JSON.parse(localStorage.getItem(from));
      if (document.getElementById("live")) localStorage.removeItem(from); // the scores
      else if (draft) localStorage.setItem(from, JSON.stringify(Object.assign(draft, { pending: false })));
    } catch (error) {
      // Storage refused (private browsing): there was no draft to end.
    }
    return posted; // this form drawn from what was sent, or a page with no form
  })();
  // What opens with no signal (templates/sw.js): https or localhost alone.
  if (navigator.serviceWorker) navigator.serviceWorker.register(document.currentScript.dataset.worker);
  document.addEventListener("htmx:afterRequest", function (event) {
    var line = banner();
    if (line && event.detail.successful && !saving()) line.hidden = true;
  });
})();
