// Play again with no signal (games/views/again.py). The Play again buttons post to the
// server, which cannot answer: with no signal, they open instead the next game's page the
// worker keeps (games/offline.py), the one with the seat that deals first as the phone's
// scores say. Its hands are kept under its own path (static/js/queue.js) and sent when the
// signal returns: the first starts the game, once, the others follow in order.
(function () {
  var REMATCH = /^\/games\/(\d+)\/rematch\/$/;

  // Who deals the next game first, as a seat of the last game: what its board last drawn
  // said (the scores the server had: this page, or the board the worker keeps, for the
  // pages that ask to play again and do not say it), moved on by the hands kept since, the
  // deal passing to the left after each but a redeal (GameKind.next_game's rule, in most).
  async function seat(game) {
    var board = "/games/" + game + "/";
    var form = document.querySelector("form#rematch[data-first]");
    var kept = !form && window.caches && (await caches.match(board, { ignoreVary: true }));
    if (kept) {
      var page = new DOMParser().parseFromString(await kept.text(), "text/html");
      form = page.querySelector("form#rematch[data-first]");
    }
    var said = form ? [Number(form.dataset.first), Number(form.dataset.seats)] : [0, 1];
    var hands = window.keptHands ? window.keptHands(board) : [];
    var dealt = hands.filter(function (hand) { return !hand.button || hand.button[1] !== "redeal"; });
    return (said[0] + dealt.length) % said[1];
  }

  document.addEventListener("submit", function (event) {
    var path = new URL(event.target.action, location.href).pathname.match(REMATCH);
    if (!path || navigator.onLine !== false) return;
    event.preventDefault();
    // "End it here, then play again": said to the server with the next game's first hand.
    var end = event.submitter && event.submitter.name === "then" && event.submitter.value === "end";
    seat(path[1]).then(function (at) {
      window.location.assign("/games/" + path[1] + "/again/" + at + "/" + (end ? "?then=end" : ""));
    });
  });

  // The next game's page. `after`: the hands the last game has on this phone, stored and
  // kept, which the server stores before it starts the next game (their order is the
  // table's). Written into the forms as they are drawn, before queue.js reads them.
  var again = document.getElementById("again");
  if (!again) return;
  var last = again.dataset.last;
  var after = Number(again.dataset.hands) + (window.keptHands ? window.keptHands(last).length : 0);
  var forms = [document.getElementById("entry")];
  document.querySelectorAll("template.hand-ahead").forEach(function (t) { forms.push(t.content); });
  var then = new URLSearchParams(location.search).get("then") === "end" ? "end" : "";
  forms.forEach(function (part) {
    var field = part && part.querySelector("input[name=after]");
    if (field) field.setAttribute("value", String(after));
    field = part && part.querySelector("input[name=then]");
    if (field) field.setAttribute("value", then);
  });
  var started = again.dataset.started;
  var list = document.getElementById("queue");
  // The last game's kept hands go first (the server waits for them): its new-hand page sends
  // them, then its board sends the browser back here. This page's queue does not start.
  function lastFirst() {
    return !started && window.keptHands && window.keptHands(last).length > 0;
  }
  if (lastFirst() && navigator.onLine !== false) {
    list.removeAttribute("id"); // static/js/queue.js, which runs next, finds no queue
    return window.location.replace(last + "hands/new/");
  }
  // The signal back while this page is open: the same, before queue.js's own wait is over.
  window.addEventListener("online", function () {
    if (lastFirst()) window.location.replace(last + "hands/new/");
  });
  // Started, and nothing kept here for it: its own scores, the way any game is played.
  if (started && navigator.onLine !== false && window.keptHands && !window.keptHands(list.dataset.board).length) {
    window.location.replace(started);
  }
})();
