// A live update that never arrived must not look like one that did. When the phone
// loses its connection (or the server refuses an update), a line at the top says so
// and what still holds; the next update that arrives takes it away. Without
// JavaScript there are no live updates, and nothing here runs.
(function () {
  var LOGIN = document.currentScript.dataset.login; // {% url 'login' %}, from base.html
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
    if (link) {
      var a = document.createElement("a");
      a.href = link.href;
      a.textContent = link.text;
      line.appendChild(a);
    }
    line.hidden = false;
  }
  function lost(event) {
    say(NO_CONNECTION[kind(event)]);
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
      say(NOT_SENT);
    }
  });
  window.addEventListener("online", function () {
    var line = banner();
    if (line && line.textContent === NOT_SENT) line.hidden = true;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var line = banner();
    if (line && event.detail.successful) line.hidden = true;
  });
})();
