// The hands kept on this phone (static/js/queue.js keeps them), sent by themselves. Here:
// where they are kept, how one is sent, and when the sending is tried again.
//
// Kept under the page's owner (<body data-owner>, games/offline.py owner_context): one
// queue per game and owner, "queue:<owner>:<board>". Another account on the phone (logged
// out or not) never sees, counts or sends them; their drafts, less worth keeping than a
// hand, are dropped (static/js/drafts.js).
//
// No answer is no signal: a request with no answer within NO_ANSWER_MS, a failed one, or a
// proxy's 502/503/504 (the server restarting, gunicorn stopped) is answered "unanswered",
// and the hands stay kept. They are tried again at once, then after 2, 4, 8 ... 60 s, and
// at once on the browser's online event, when the page comes back to the front (focus,
// visibilitychange) and when any page of the app opens (static/js/connection.js loads this
// file on every page of an owner with hands kept). Each hand goes with its one-time key
// (games/play/once.py): one whose answer was lost is answered as stored.
//
// One sender per phone, whatever the tabs: the Web Locks API (navigator.locks), because a
// lock is held by one tab at a time and let go by itself when that tab closes or crashes,
// where BroadcastChannel or the storage event would only tell the other tabs, and each
// would have to agree on who sends. What the sender changes reaches the other tabs by the
// storage event, which every tab of the origin gets (queue.js redraws its list and form).
(function () {
  var owner = document.body.dataset.owner || "";
  var PREFIX = "queue:" + owner + ":";
  var NO_ANSWER_MS = 4000; // a save's answer comes in well under a second; 4 s is no answer
  var BACKOFF_MS = [2000, 4000, 8000, 16000, 32000, 60000]; // then every 60 s
  var SETTLE_MS = 1000; // the signal back for a moment: one that flickers back would fail it
  var UNANSWERED = [502, 503, 504]; // a proxy's word that the server did not answer
  var AGAIN = /\/again\/\d+\/$/; // a next game's page (games/urls.py game_again)
  var login = document.querySelector("script[data-login]");
  var LOGIN = login ? login.dataset.login : "/accounts/login/";

  function place(board) {
    return owner ? PREFIX + board : null;
  }
  function read(board) {
    try {
      return (owner && JSON.parse(localStorage.getItem(place(board)))) || [];
    } catch (error) {
      return [];
    }
  }
  function write(board, queue) {
    if (!owner) return;
    if (queue.length) localStorage.setItem(place(board), JSON.stringify(queue));
    else localStorage.removeItem(place(board));
  }
  // Where static/js/drafts.js keeps a page's draft (the same name there).
  function draft(path) {
    return "draft:" + owner + ":" + path;
  }
  // The boards of this owner's games with hands kept.
  function boards() {
    return Object.keys(localStorage).filter(function (key) {
      return owner && key.indexOf(PREFIX) === 0;
    }).map(function (key) {
      return key.slice(PREFIX.length);
    });
  }

  // fetch(), given up (and refused as "unanswered") after NO_ANSWER_MS.
  function timed(url, options) {
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, NO_ANSWER_MS);
    return fetch(url, Object.assign({ credentials: "same-origin", signal: controller.signal }, options))
      .then(function (response) {
        clearTimeout(timer);
        if (UNANSWERED.indexOf(response.status) >= 0) throw "unanswered";
        return response;
      }, function () {
        clearTimeout(timer);
        throw "unanswered";
      });
  }
  function loggedOut(response) {
    return response.status === 401 || (response.redirected && new URL(response.url).pathname === LOGIN);
  }
  // One kept hand sent, as its form would send it, to the new hand's page of `board`, the
  // page fetched first for its CSRF token. Answered {kind, html}: "stored" (now or before:
  // its key), "screen" (the hand's own screen: what the table must see), "login",
  // "refused" (any other answer: nothing stored), "unanswered".
  function sendOne(board, hand, renewed) {
    var entry = hand.at || board + "hands/new/"; // where it was entered (a kept one: the page's)
    return timed(entry)
      .then(function (page) {
        if (loggedOut(page)) throw "login";
        return page.text();
      })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var token = page.querySelector("input[name=csrfmiddlewaretoken]");
        var body = new URLSearchParams();
        Object.keys(hand.values).forEach(function (name) {
          hand.values[name].forEach(function (value) { body.append(name, value); });
        });
        body.set("csrfmiddlewaretoken", token ? token.value : "");
        body.set("number", hand.number);
        body.set("submission", hand.key);
        body.set(hand.button[0], hand.button[1]);
        return timed(entry, { method: "POST", body: body, headers: { "HX-Request": "true" } });
      })
      .then(function (answer) {
        if (answer.headers.get("HX-Redirect")) return { kind: "stored" };
        if (loggedOut(answer)) return { kind: "login" };
        if (answer.status === 403 && !renewed) return sendOne(board, hand, true); // a CSRF token renewed
        if (answer.status !== 200) return { kind: "refused" };
        return answer.text().then(function (html) { return { kind: "screen", html: html }; });
      })
      .catch(function (problem) {
        return { kind: problem === "login" ? "login" : "unanswered" };
      });
  }

  // `work` run by one tab of the phone at a time; `busy` if another tab runs it now.
  function exclusive(work, busy) {
    if (!navigator.locks) return Promise.resolve(work());
    return navigator.locks.request(PREFIX + "sending", { ifAvailable: true }, function (lock) {
      return lock ? work() : busy && busy();
    });
  }

  var loops = [];
  // Waiting for a later try, none on its way (for tests that run the page's clock).
  function idle() {
    return loops.every(function (loop) { return !loop.running(); }) &&
      loops.some(function (loop) { return loop.waiting(); });
  }
  // `attempt` run now and again, backing off, until it says it is done (returns true).
  // `attempt` returns false (no answer: tried again later) or a promise of it.
  function retrying(attempt) {
    var tries = 0;
    var timer = null;
    var running = false;
    function run() {
      clearTimeout(timer);
      timer = null;
      if (running) return;
      running = true;
      Promise.resolve(attempt()).then(function (done) {
        running = false;
        if (done) {
          tries = 0;
          return;
        }
        timer = setTimeout(run, BACKOFF_MS[Math.min(tries, BACKOFF_MS.length - 1)]);
        tries += 1;
      });
    }
    function now() {
      tries = 0;
      run();
    }
    window.addEventListener("online", function () { setTimeout(now, SETTLE_MS); });
    window.addEventListener("focus", now);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") now();
    });
    var loop = {
      now: now,
      waiting: function () { return timer !== null; },
      running: function () { return running; },
    };
    loops.push(loop);
    return loop;
  }

  window.Kept = {
    owner: owner, NO_ANSWER_MS: NO_ANSWER_MS, UNANSWERED: UNANSWERED, LOGIN: LOGIN,
    place: place, draft: draft, read: read, write: write, boards: boards,
    sendOne: sendOne, exclusive: exclusive, retrying: retrying, idle: idle,
  };

  // A board opened with hands kept lists them (they are sent meanwhile, below) and leads to
  // the new hand's page; a game that has ended shows each with its values and "Delete this
  // kept hand".
  if (document.getElementById("live") && !document.getElementById("entry")) onBoard();

  function onBoard() {
    var board = location.pathname;
    var kept = read(board);
    var next = board + "hands/new/";
    if (!kept.length) return;
    var over = document.querySelector("#live .status.done"); // the game has ended
    var section = document.createElement("section");
    section.className = "queue card";
    var heading = document.createElement("h2");
    heading.textContent = over ? "Kept on this phone after the game ended"
      : "Kept on this phone: scored when the signal returns";
    var items = document.createElement("ol");
    kept.forEach(function (hand) {
      var item = document.createElement("li");
      var word = hand.word.charAt(0).toUpperCase() + hand.word.slice(1);
      if (!over) {
        item.textContent = word + " " + hand.number + " · waiting to be sent";
        return items.append(item);
      }
      // Its values as kept, and one tap to delete it ("kept:after-end": a new game's hook).
      item.textContent = word + " " + hand.number + ": ";
      var values = document.createElement("span");
      values.className = "kept-values";
      values.textContent = Object.keys(hand.values).filter(function (name) {
        return name !== "shape";
      }).map(function (name) { return name + " " + hand.values[name].join(", "); }).join(" · ");
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "button danger";
      remove.textContent = "Delete this kept " + hand.word;
      remove.addEventListener("click", function () {
        write(board, read(board).filter(function (h) { return h.key !== hand.key; }));
        item.remove();
        if (!items.children.length) section.remove();
      });
      item.dataset.afterEnd = hand.key;
      item.append(values, " ", remove);
      items.append(item);
      document.dispatchEvent(new CustomEvent("kept:after-end", { detail: { hand: hand, card: item } }));
    });
    section.append(heading, items);
    if (!over) {
      var link = document.createElement("a");
      link.href = next;
      link.className = "button";
      // The new hand's page sends them (then comes back here), or enters the next one.
      link.textContent = navigator.onLine === false ? "Enter the next " + kept[0].word : "Send them now";
      section.append(link);
    }
    document.querySelector("h1").after(section);
  }

  // Any page but a new hand's (queue.js sends there, where a hand's screen can be shown):
  // each game's kept hands, in order, until one needs the table (its screen, a refusal, a
  // login); that game's board then says so and leads to its new hand's page.
  if (document.getElementById("queue") || !window.fetch) return;
  var needsTable = {};
  function sendAll() {
    // A next game begun with no signal (games/views/again.py) waits for its last game's
    // hands: those go first.
    var all = boards().filter(function (board) { return !needsTable[board]; }).sort(function (a, b) {
      return AGAIN.test(a) - AGAIN.test(b);
    });
    if (!all.length || navigator.onLine === false) return all.length === 0;
    return exclusive(function () {
      return all.reduce(function (previous, board) {
        return previous.then(function (done) { return sendBoard(board).then(function (d) { return done && d; }); });
      }, Promise.resolve(true));
    }, function () { return false; });
  }
  function sendBoard(board) {
    var queue = read(board);
    if (!queue.length) return Promise.resolve(true);
    var hand = queue[0];
    return sendOne(board, hand).then(function (answer) {
      if (answer.kind === "stored") {
        write(board, read(board).filter(function (h) { return h.key !== hand.key; }));
        if (read(board).length) return sendBoard(board);
        if (location.pathname === board) window.location.reload(); // the real scores
        return true;
      }
      if (answer.kind === "unanswered") return false;
      needsTable[board] = answer.kind;
      document.dispatchEvent(new CustomEvent("kept:stopped", { detail: { board: board, kind: answer.kind } }));
      return true;
    });
  }
  retrying(sendAll).now();
})();
